"""`director drive ...` end to end on a real file, through the dispatcher."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from director.cli import main
from director.store.services import EventStore, Gender

LADIES = ("Mrs Ames", "Mrs Bell", "Mrs Cole", "Mrs Dunn", "Mrs Eyre")
GENTLEMEN = ("Mr Ames", "Mr Bell", "Mr Cole", "Mr Dunn", "Mr Eyre")


def director(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """An event whose roster is five ladies, five gentlemen and a late lady: three tables,
    the third short (its East-West seats empty) until she comes."""
    path = tmp_path / "drive.whist"
    with EventStore.create(path, name="Spring drive") as store:
        for name in (*LADIES, "Mrs Wren"):
            store.add_player(name, gender=Gender.LADY)
        for name in GENTLEMEN:
            store.add_player(name, gender=Gender.GENTLEMAN)
    return path


def _new(capsys: pytest.CaptureFixture[str], event: Path, *more: str) -> str:
    code, out, err = director(capsys, "drive", "new", event, "--tables", "3", "--hands", "4", *more)
    assert (code, err) == (0, "")
    return out


def _enter_hand(capsys: pytest.CaptureFixture[str], event: Path, hand: int) -> None:
    for table in (1, 2):
        code, _, err = director(
            capsys, "drive", "enter", event, "--hand", str(hand), "--table", str(table),
            "--winners", "ns", "--tricks", "9",
        )  # fmt: skip
        assert (code, err) == (0, "")


def test_new_shows_the_number_drawn_and_the_same_number_draws_the_same_seating(
    capsys: pytest.CaptureFixture[str], event: Path, tmp_path: Path
) -> None:
    out = _new(capsys, event, "--draw", "77", "--late", "Mrs Wren")
    assert out.startswith("Seating for hand 1, drawn from number 77 (the same number")
    assert "Table 3: N Mrs " in out
    assert out.endswith(", W (empty)  (sits out)\n")
    assert ", E (empty), S Mr " in out.splitlines()[-1]
    other = tmp_path / "again.whist"
    other.write_bytes(event.read_bytes())
    with EventStore.open(other) as store:
        store.undo()
    assert _new(capsys, other, "--draw", "77", "--late", "Mrs Wren") == out


def test_new_reads_the_players_cards_and_names_a_bad_line(
    capsys: pytest.CaptureFixture[str], event: Path, tmp_path: Path
) -> None:
    cards = tmp_path / "cards.csv"
    cards.write_text("Mrs Ames,1,N\nMr Ames,1,Q\n")
    code, out, err = director(capsys, "drive", "new", event, "--tables", "3", "--cards", cards)
    assert (code, out) == (2, "")
    assert err == (
        "director drive: cards.csv line 2: give a name, a table number and a seat (N, E, S or W)\n"
    )
    cards.write_text("Mrs Ames,1,N\nMr Ames,1,S\n")
    out = _new(capsys, event, "--cards", str(cards), "--by-seat")
    assert out.splitlines()[:2] == [
        "Seating for hand 1, from the players' cards:",
        "Table 1: N Mrs Ames, E (empty), S Mr Ames, W (empty)  (sits out)",
    ]


def test_seat_enter_moves_standings_and_prizes(
    capsys: pytest.CaptureFixture[str], event: Path
) -> None:
    _new(capsys, event, "--draw", "5", "--late", "Mrs Wren")
    code, out, _ = director(capsys, "drive", "seat", event, "--format", "json")
    seating = json.loads(out)
    assert (code, seating["hand"], seating["trump"]) == (0, 1, "hearts")
    north = seating["tables"][0]["seats"][0]
    _enter_hand(capsys, event, 1)
    code, out, _ = director(
        capsys, "drive", "enter", event, "--hand", "1", "--table", "1", "--winners", "ns",
        "--tricks", "9", "--revoke", "ns", "--reason", "revoke in spades",
    )  # fmt: skip
    assert out.splitlines()[-1] == "North-South gave the revoke penalty (revoke in spades)."
    code, out, _ = director(capsys, "drive", "moves", event, "--hand", "1", "--format", "json")
    moves = json.loads(out)
    assert {m["player"] for m in moves} == set(LADIES + GENTLEMEN)
    assert next(m for m in moves if m["player"] == north)["words"] == "Stay where you are."
    code, out, _ = director(capsys, "drive", "standings", event, "--format", "json")
    totals = {s["player"]: s["total"] for s in json.loads(out)}
    assert totals[north] == 6
    # tables 1 and 2 played (table 1's North-South gave 3 of their 9 tricks); table 3's two
    # sat out and score the average of the eight who played, 52 / 8
    assert sorted(map(str, totals.values())) == sorted(
        ["4", "4", "6", "6", "7", "7", "9", "9", "13/2", "13/2"]
    )
    code, out, _ = director(capsys, "drive", "prizes", event)
    assert out.splitlines()[0].startswith("top lady: ")
    assert "\nbooby: " in out
    assert "most hands of 10 or more tricks" not in out  # nobody took 10


def test_a_late_arrival_and_a_leaver_from_the_command_line(
    capsys: pytest.CaptureFixture[str], event: Path
) -> None:
    _new(capsys, event, "--draw", "5", "--late", "Mrs Wren")
    code, out, _ = director(
        capsys, "drive", "seat", event, "--arrive", "Mrs Wren", "--from-hand", "2"
    )
    assert (code, out) == (0, "Mrs Wren plays from hand 2.\n")
    code, out, _ = director(
        capsys, "drive", "seat", event, "--leave", "Mr Ames", "--from-hand", "3"
    )
    assert (code, out) == (0, "Mr Ames leaves before hand 3.\n")
    _enter_hand(capsys, event, 1)
    code, out, _ = director(capsys, "drive", "moves", event, "--hand", "1")
    assert "Mrs Wren: Join at table 3, East seat." in out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("seat",), "this event holds no whist drive yet: start one with `director drive new`"),
        (
            ("new", "--tables", "3", "--hands", "5"),
            "5 hands do not split into 2 equal halves.",
        ),
        (("seat", "--arrive", "Mrs Wren"), "say from which hand, with --from-hand N"),
    ],
)
def test_bad_input_is_one_plain_line(
    capsys: pytest.CaptureFixture[str], event: Path, argv: tuple[str, ...], said: str
) -> None:
    code, out, err = director(capsys, "drive", argv[0], event, *argv[1:])
    assert (code, out, err) == (2, "", f"director drive: {said}\n")


def test_a_wrong_entry_is_refused_in_words(capsys: pytest.CaptureFixture[str], event: Path) -> None:
    _new(capsys, event, "--draw", "5")
    code, _, err = director(
        capsys, "drive", "enter", event, "--hand", "1", "--table", "1", "--winners", "ew",
        "--tricks", "6",
    )  # fmt: skip
    assert (code, err) == (2, "director drive: Table 1: the winners take 7 to 13 tricks, not 6.\n")
    code, _, err = director(
        capsys, "drive", "enter", event, "--hand", "2", "--table", "1", "--winners", "ew",
        "--tricks", "7",
    )  # fmt: skip
    assert err == "director drive: hand 2 is not seated yet: hand 1 waits for table 1, 2\n"
