"""An event one competitor short of its movement, built and printed from the command line
alone: the empty place is a rest on every paper of the evening, never a competitor."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.printing.test_tonights_papers import PHANTOM, read_back
from tests.store.test_cli import director

PAPERS = ("indicators", "table-cards", "slips", "travellers", "sign-in", "personal-cards")
"""Tonight's papers (the window's set), the entry list and the personal cards."""


def names(count: int) -> list[str]:
    """Players whose names hold no number, so that a label read back is a label."""
    return [f"Mx {chr(65 + i // 26)}{chr(97 + i % 26)}" for i in range(count)]


def papers(event: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> str:
    """Every paper of the evening, printed from the command line and read back."""
    text = []
    for paper in PAPERS:
        out = tmp_path / f"{paper}.pdf"
        assert director(capsys, "print", paper, "--event", event, "--out", out)[0] == 0
        text += read_back(out.read_bytes())
    return "\n".join(text)


def new_event(tmp_path: Path, capsys: pytest.CaptureFixture[str], players: int) -> Path:
    event = tmp_path / "club.whist"
    roster = tmp_path / "roster.csv"
    roster.write_text("name\n" + "".join(f"{name}\n" for name in names(players)))
    assert director(capsys, "event", "new", event, "--name", "Club night")[0] == 0
    assert director(capsys, "event", "players", event, "--import", roster)[0] == 0
    return event


def seven_table_howell(event: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """The 7-table interwoven Howell (14 places, numbered 1-7 and 11-17) given to the event."""
    code, out, _ = director(
        capsys, "event", "movement", event, "--family", "howell", "--tables", "7",
        "--variant", "interwoven",
    )  # fmt: skip
    return code, out


def test_thirteen_pairs_given_a_seven_table_howell_read_a_rest_never_pair_17(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = new_event(tmp_path, capsys, 26)
    code, out = seven_table_howell(event, capsys)
    assert code == 0
    assert "7 tables" in out
    assert "13 pairs (whoever is due at an empty place rests that round)" in out
    assert director(capsys, "event", "pair", event, "--in-order")[0] == 0
    text = papers(event, capsys, tmp_path)
    # the 7-table interwoven Howell numbers its pairs 1-7 and 11-17: the 17th place rests
    field = {"1", "2", "3", "4", "5", "6", "7", "11", "12", "13", "14", "15", "16"}
    assert {m.group(1) for m in PHANTOM.finditer(text)} == field
    assert "Pair 17" not in text
    assert "WHILE YOU REST" in text  # the rest card
    assert "rest, then round" in text


def test_fifteen_players_given_a_sixteen_player_individual_read_a_rest_never_player_16(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = new_event(tmp_path, capsys, 15)
    code, out, _ = director(
        capsys, "event", "movement", event, "--family", "individual", "--players", "16"
    )
    assert code == 0
    assert "15 players (whoever is due at an empty place rests that round)" in out
    for label, name in enumerate(names(15), start=1):
        assert (
            director(capsys, "event", "pair", event, "--label", str(label), "--players", name)[0]
            == 0
        )
    text = papers(event, capsys, tmp_path)
    assert {m.group(1) for m in PHANTOM.finditer(text)} == {str(n) for n in range(1, 16)}
    assert "Player 16" not in text
    assert "WHILE YOU REST" in text
    assert "rest, then round" in text


def test_a_roster_still_being_entered_keeps_the_movement_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ten pairs on the roster of a 7-table event are not yet its field: nobody rests."""
    event = new_event(tmp_path, capsys, 20)
    code, out = seven_table_howell(event, capsys)
    assert code == 0
    assert "pairs (whoever" not in out


def test_a_movement_chosen_before_the_roster_rests_the_place_pairing_leaves_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The 7-table Howell is stored whole; importing 26 players and pairing them rests the
    17th place in the same step, so tonight's papers never seat Pair 17."""
    event = new_event(tmp_path, capsys, 0)
    code, out = seven_table_howell(event, capsys)
    assert (code, "pairs (whoever" in out) == (0, False)
    roster = tmp_path / "late.csv"
    roster.write_text("name\n" + "".join(f"{name}\n" for name in names(26)))
    assert director(capsys, "event", "players", event, "--import", roster)[0] == 0
    assert director(capsys, "event", "pair", event, "--in-order")[0] == 0
    text = papers(event, capsys, tmp_path)
    field = {"1", "2", "3", "4", "5", "6", "7", "11", "12", "13", "14", "15", "16"}
    assert {m.group(1) for m in PHANTOM.finditer(text)} == field
    assert "WHILE YOU REST" in text


def test_players_imported_after_the_movement_rest_the_sixteenth_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Fifteen players imported into an event whose 16-player individual is chosen: the 16th
    place rests in the import's step, and no paper prints Player 16."""
    event = new_event(tmp_path, capsys, 0)
    code = director(capsys, "event", "movement", event, "--family", "individual", "--players", "16")
    assert code[0] == 0
    roster = tmp_path / "late.csv"
    roster.write_text("name\n" + "".join(f"{name}\n" for name in names(15)))
    assert director(capsys, "event", "players", event, "--import", roster)[0] == 0
    for label, name in enumerate(names(15), start=1):
        assert (
            director(capsys, "event", "pair", event, "--label", str(label), "--players", name)[0]
            == 0
        )
    text = papers(event, capsys, tmp_path)
    assert {m.group(1) for m in PHANTOM.finditer(text)} == {str(n) for n in range(1, 16)}
    assert "Player 16" not in text


def test_players_named_one_at_a_time_rest_the_last_place_then_play_it_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Players named one at a time after the movement is chosen: the 15th rests the 16th
    place in the same step, so the papers print with nobody at it, and the 16th named plays
    it again."""
    event = new_event(tmp_path, capsys, 0)
    movement = ("event", "movement", event, "--family", "individual", "--players", "16")
    assert director(capsys, *movement)[0] == 0
    for label, name in enumerate(names(15), start=1):
        assert (
            director(capsys, "event", "pair", event, "--label", str(label), "--players", name)[0]
            == 0
        )
    text = papers(event, capsys, tmp_path)
    assert {m.group(1) for m in PHANTOM.finditer(text)} == {str(n) for n in range(1, 16)}
    pair = ("event", "pair", event, "--label", "16", "--players", "Late Comer")
    assert director(capsys, *pair)[0] == 0
    (tmp_path / "again").mkdir()
    text = papers(event, capsys, tmp_path / "again")
    assert {m.group(1) for m in PHANTOM.finditer(text)} == {str(n) for n in range(1, 17)}


def test_thirteen_players_in_a_sixteen_player_individual_are_sent_to_the_13_player_movement(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Three empty places would idle most of the field: the papers are refused with the
    advice to choose the movement for 13, which then prints with nobody at an empty place."""
    event = new_event(tmp_path, capsys, 13)
    assert (
        director(capsys, "event", "movement", event, "--family", "individual", "--players", "16")[0]
        == 0
    )
    for paper in ("indicators", "table-cards"):
        code, _, err = director(
            capsys, "print", paper, "--event", event, "--out", tmp_path / f"{paper}.pdf"
        )
        assert code != 0
        assert (
            "13 players are entered and the movement is for 16: choose the movement for 13"
            " players" in err
        )
        assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "indicators.pdf").exists()
    code, _, _ = director(
        capsys, "event", "movement", event, "--family", "individual", "--players", "13"
    )
    assert code == 0
    text = papers(event, capsys, tmp_path)
    assert {m.group(1) for m in PHANTOM.finditer(text)} == {str(n) for n in range(1, 14)}
