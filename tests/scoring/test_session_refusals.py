"""Session files that used to crash `director score` or were accepted though impossible: each
is refused with one line naming the place in the file."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from director.cli import main
from director.scoring.errors import InputFormatError
from director.scoring.session_json import load_play
from tests.reader_cases import EXAMPLES

SOURCE = EXAMPLES / "mitchell-plusminus.json"


def _with(change: Callable[[dict[str, Any]], object]) -> bytes:
    doc = json.loads(SOURCE.read_text(encoding="utf-8"))
    change(doc)
    return json.dumps(doc).encode()


def _revokes(count: int) -> Callable[[dict[str, Any]], object]:
    def change(doc: dict[str, Any]) -> None:
        doc["results"][0]["revokes"] = [{"side": "NS", "count": count, "tricks_after": 1}]

    return change


REFUSED = [
    ("latin-1", SOURCE.read_text(encoding="utf-8").replace("Cavendish", "Cavéndish")
     .encode("latin-1"), "is not UTF-8 text"),
    ("deep nesting", b'{"movement": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "recursion"),
    ("top-level list", b"[]", "the document: must be an object"),
    ("winners a number", _with(lambda d: d["movement"].update(winners=5)),
     "movement.winners: must be a list"),
    ("attributes a number", _with(lambda d: d["movement"].update(attributes=5)),
     "movement.attributes: must be an object"),
    ("tray 1e308", _with(lambda d: d["results"][0].update(tray=1e308)),
     "results[0].tray: must be a whole number, not 1e+308"),
    ("5,000 digits", SOURCE.read_bytes().replace(b'"ns": 4', b'"ns": ' + b"9" * 5000, 1),
     "is not JSON: number out of range"),
    ("promise -1", _with(lambda d: d["movement"].update(promise=-1)), "movement.promise: must be"),
    ("a billion revokes", _with(_revokes(10**9)), "results[0].revokes[0].count: must be at most"),
    ("names a list", _with(lambda d: d.update(competitors=["NS1"])), "competitors: must be an obj"),
    ("unknown setting", _with(lambda d: d["settings"].update(colour="red")),
     "settings.colour: is not a field the program knows"),
]  # fmt: skip


@pytest.mark.parametrize(("data", "message"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_bad_session_is_refused_with_one_line(tmp_path: Path, data: bytes, message: str) -> None:
    path = tmp_path / "session.json"
    path.write_bytes(data)
    with pytest.raises(InputFormatError) as refused:
        load_play(path)
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)


def test_a_movement_that_breaks_the_universal_rules_is_not_scored(tmp_path: Path) -> None:
    path = tmp_path / "session.json"
    path.write_bytes(_with(lambda d: d["movement"]["trays"].pop(0)))
    with pytest.raises(InputFormatError, match=r"movement: .*\[tray-unknown\].*tray 1 is not"):
        load_play(path)


def test_cli_refuses_with_exit_2_and_the_place(tmp_path: Path, capsys) -> None:
    path = tmp_path / "session.json"
    path.write_bytes(_with(_revokes(10**9)))
    assert main(["score", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "results[0].revokes[0].count: must be at most 26, not 1000000000" in err


def test_utf16_with_a_mark_is_read(tmp_path: Path) -> None:
    text = SOURCE.read_text(encoding="utf-8").replace("Cavendish", "Cavéndish")
    path = tmp_path / "session.json"
    path.write_bytes(text.encode("utf-16"))
    assert load_play(path).names["NS1"] == "Mr & Mrs Cavéndish"
