"""`director drive cards ...` end to end on a real file: cards typed from a CSV file and on the
command line, slips flagged, a ruling, and the short form (docs/drive.md#the-paper-route)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from director.cli import main
from director.scoring.drive import Hand, hand_scores
from director.store.services import EventStore, Gender
from schedules.progressive import DriveSettings, Side, TableResult, next_seating

LADIES = ("Mrs Ames", "Mrs Bell", "Mrs Cole", "Mrs Dunn")
GENTLEMEN = ("Mr Ames", "Mr Bell", "Mr Cole", "Mr Dunn")
DRIVE = DriveSettings(tables=2, hands=2, halves=1)


def director(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def event(tmp_path: Path) -> tuple[Path, list[Hand]]:
    """A two-table drive of two hands, and the hands as its tables played them."""
    path = tmp_path / "drive.whist"
    with EventStore.create(path, name="Paper drive") as store:
        for name in LADIES:
            store.add_player(name, gender=Gender.LADY)
        for name in GENTLEMEN:
            store.add_player(name, gender=Gender.GENTLEMAN)
        seating = store.start_drive(DRIVE, seed=3).first
    first = (TableResult(1, Side.NS, 8), TableResult(2, Side.EW, 10))
    second = next_seating(DRIVE, seating, first)
    hands = [
        Hand(1, seating, first),
        Hand(2, second, (TableResult(1, Side.EW, 7), TableResult(2, Side.NS, 9))),
    ]
    return path, hands


def _rows(hands: list[Hand]) -> dict[str, list[int]]:
    scored = [hand_scores(DRIVE, hand).tricks for hand in hands]
    return {p: [int(t[p]) for t in scored] for p in LADIES + GENTLEMEN}


def _write(path: Path, rows: dict[str, list[int]], totals: dict[str, int]) -> Path:
    lines = ["player,hand 1,hand 2,total"]
    lines += [f"{p},{a},{b},{totals.get(p, a + b)}" for p, (a, b) in rows.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_csv_of_cards_enters_the_drive_and_a_slip_is_named(
    capsys: pytest.CaptureFixture[str], event: tuple[Path, list[Hand]], tmp_path: Path
) -> None:
    path, hands = event
    rows = _rows(hands)
    cards = _write(tmp_path / "cards.csv", rows, {"Mrs Bell": sum(rows["Mrs Bell"]) + 1})
    code, out, err = director(capsys, "drive", "cards", path, "--csv", cards)
    assert (code, err) == (0, "")
    total = sum(rows["Mrs Bell"])
    assert out == (
        "Typed 8 cards from cards.csv.\n8 cards typed.\nHands the cards seat and check: 2.\n"
        f"To look at:\n  Mrs Bell's card: the hands add up to {total}, but the total"
        f" written is {total + 1}.\n"
    )
    code, out, _ = director(capsys, "drive", "standings", path, "--format", "json")
    assert {s["player"]: s["total"] for s in json.loads(out)} == {
        p: sum(r) for p, r in rows.items()
    }


def test_one_card_typed_wrong_then_ruled_and_shown_in_json(
    capsys: pytest.CaptureFixture[str], event: tuple[Path, list[Hand]], tmp_path: Path
) -> None:
    path, hands = event
    rows = _rows(hands)
    director(capsys, "drive", "cards", path, "--csv", _write(tmp_path / "c.csv", rows, {}))
    north, _, south, _ = hands[1].seating.tables[0]
    assert north is not None
    assert south is not None
    mine = rows[north]
    code, out, err = director(
        capsys, "drive", "cards", path, "--player", north,
        "--hands", f"{mine[0]} {mine[1] + 1}", "--total", str(sum(mine) + 1),
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert (
        f"  Hand 2, table 1: {north}'s card says {mine[1] + 1} but partner {south}'s says"
        f" {mine[1]}. The other side's {13 - mine[1]} fits {south}'s card.\n"
    ) in out
    code, out, err = director(
        capsys, "drive", "cards", path, "--rule", "--hand", "2", "--table", "1",
        "--right", south, "--format", "json",
    )  # fmt: skip
    assert (code, err) == (0, "")
    report = json.loads(out)
    assert report["ruled"] == [{"hand": 2, "table": 1, "player": south}]
    assert [f["slip"] for f in report["flags"]] == ["partners disagree"]
    code, _, err = director(capsys, "drive", "cards", path, "--player", "Mrs Ames")
    assert code != 0
    assert "give Mrs Ames's card" in err


def test_the_short_form_flags_a_total_unlike_the_entered_hands(
    capsys: pytest.CaptureFixture[str], event: tuple[Path, list[Hand]]
) -> None:
    path, hands = event
    for hand in hands:
        for r in hand.results:
            director(
                capsys, "drive", "enter", path, "--hand", str(hand.number),
                "--table", str(r.table), "--winners", r.winners.name.lower(),
                "--tricks", str(r.tricks),
            )  # fmt: skip
    total = sum(_rows(hands)["Mr Cole"])
    code, out, err = director(
        capsys,
        "drive",
        "cards",
        path,
        "--player",
        "Mr Cole",
        "--total",
        str(total + Fraction(1, 2)),
    )
    assert (code, err) == (0, "")
    assert out.endswith(
        f"  Mr Cole's card says {total}.5 tricks; the hands entered give {total} tricks after"
        " hand 2.\n"
    )


def test_a_bad_figure_in_the_csv_types_no_card_and_says_which_line(
    capsys: pytest.CaptureFixture[str], event: tuple[Path, list[Hand]], tmp_path: Path
) -> None:
    path, _ = event
    cards = tmp_path / "bad.csv"
    cards.write_text("Mrs Ames,8,5,13\nMrs Bell,eight,5,13\n", encoding="utf-8")
    code, _, err = director(capsys, "drive", "cards", path, "--csv", cards)
    assert code != 0
    assert "bad.csv line 2: 'eight' is not a number of tricks" in err
    code, out, _ = director(capsys, "drive", "cards", path)
    assert out == "0 cards typed.\n"
