"""`director event ...` end to end on a real file, through the dispatcher."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from director.cli import main
from director.store.services import EventStore
from tests.conftest import MOVEMENTS

MITCHELL = MOVEMENTS / "bridgescorer-Mitchell3Table.json"


def director(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_session_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "club.whist"
    roster = tmp_path / "roster.csv"
    roster.write_text("name,club,member,gender\nMrs Ames,Elm,101,L\nMr Bell,Elm,102,G\n")
    assert director(capsys, "event", "new", event, "--name", "Club night")[0] == 0
    code, out, _ = director(capsys, "event", "players", event, "--import", roster)
    assert code == 0
    assert "imported 2 players" in out
    assert "Mrs Ames  (Elm, 101, lady)" in out
    code, out, _ = director(capsys, "event", "movement", event, "--from-json", MITCHELL)
    assert (code, "3 tables, 3 rounds, 18 trays" in out) == (0, True)
    assert director(capsys, "event", "slip", event, "--tray", "1", "--trump", "QH")[0] == 0
    for table, round_no, tricks in ((1, 1, "8"), (3, 2, "6")):
        code, out, err = director(
            capsys,
            "event", "result", event, "--round", round_no, "--table", table, "--tray", "1",
            "--ns-tricks", tricks, "--by", f"table {table}",
        )  # fmt: skip
        assert code == 0, err
    code, out, err = director(
        capsys,
        "event", "result", event, "--round", "3", "--table", "2", "--tray", "1",
        "--ns-tricks", "7", "--revoke", "ew:1:3",
    )  # fmt: skip
    assert code == 0, err
    code, out, _ = director(
        capsys,
        "event", "result", event, "--round", "2", "--table", "3", "--tray", "2",
        "--ns-tricks", "5", "--irregularity", "wrong_trump_overplay:S",
    )  # fmt: skip
    assert code == 0
    assert "irregularity: wrong_trump_overplay" in out
    code, out, err = director(capsys, "event", "standings", event, "--format", "json")
    assert code == 0, err
    document = json.loads(out)
    assert document["standings"]
    with EventStore.open(event) as store:
        results = store.results()
        assert [(r.tray, r.table, r.ns_tricks) for r in results][:3] == [
            (1, 1, 8),
            (1, 3, 6),
            (2, 3, 5),
        ]
        assert results[3].revokes[0].tricks_after == 3
    code, out, _ = director(capsys, "event", "new-deal", event, "--tray", "1", "--why", "faced")
    assert (code, "new deal, version 2" in out) == (0, True)
    code, out, _ = director(capsys, "event", "log", event)
    assert code == 0
    assert out.index("record slip") < out.index("new deal")
    assert "faced" in out
    assert director(capsys, "event", "undo", event)[1].startswith("undid")
    code, out, _ = director(capsys, "event", "standings", event)
    assert code == 0
    assert "Standings" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["result", "--round", "1", "--table", "1", "--tray", "1", "--ns-tricks", "14"], "0 to 13"),
        (["slip", "--tray", "1", "--trump", "XX"], "not a card"),
        (["new-deal", "--tray", "1", "--why", "x", "--law", "nonsense"], "unknown irregularity"),
        (
            ["result", "--round", "1", "--table", "1", "--tray", "1", "--ns-tricks", "7",
             "--revoke", "up:1"],
            "write SIDE",
        ),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    event = tmp_path / "club.whist"
    director(capsys, "event", "new", event, "--name", "Club")
    director(capsys, "event", "movement", event, "--from-json", MITCHELL)
    code, _, err = director(capsys, "event", argv[0], event, *argv[1:])
    assert code == 2
    assert message in err
    assert err.count("\n") == 1


def test_a_foreign_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not an event")
    code, _, err = director(capsys, "event", "log", notes)
    assert code == 2
    assert "not an event file" in err
    assert notes.read_text() == "not an event"
