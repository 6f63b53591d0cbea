"""`director event repair FILE ...` end to end on a real file, through the dispatcher."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from director.cli import main
from director.store.services import EventStore, ResultEntry
from schedules.catalog import Request, build
from schedules.render import number_ranges
from tests.printing.pdf import pages


def director(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """A 6-table Mitchell with round 1 played."""
    path = tmp_path / "club.whist"
    with EventStore.create(path, name="Club night") as store:
        movement = store.choose_movement(build(Request("mitchell", tables=6)))
        store.record_round(
            ResultEntry(1, 1, s.table, tray, 7) for s in movement.seatings if s.round == 1
            for tray in s.trays
        )  # fmt: skip
    return path


def test_a_dry_run_shows_the_change_and_stores_nothing(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = event.read_bytes()
    code, out, err = director(
        capsys, "event", "repair", event, "late-pair", "--from-round", "2", "--dry-run"
    )
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("Pair NS7 joins from round 2: ")
    assert lines[1] == "Dry run: nothing was stored."
    assert lines[2].split() == ["round", "table", "before", "after"]
    assert any(line.startswith("2 ") and "NS7 v " in line for line in lines)
    assert any(line.startswith("Balance index before 45.5, after ") for line in lines)
    assert any(line.startswith("Sitting out: round 2: ") for line in lines)
    assert "Repeats: none" in lines
    # worked out from what each paper prints: the newcomer's card, the cards of the tables
    # they sit at, and the travellers of the trays they play
    (again,) = [line for line in lines if line.startswith("Print again: ")]
    assert again.startswith("Print again: table cards for tables ")
    assert "indicators at table " in again
    assert "travellers for trays " in again
    assert again.endswith(", NS7")
    assert again == lines[-1]  # the commands to print them come once the repair is stored
    assert event.read_bytes() == before


def test_the_papers_a_repair_changed_print_again_with_the_commands_it_gives(
    event: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Each command the repair prints runs, and prints exactly the papers it named."""
    code, out, _ = director(capsys, "event", "repair", event, "withdraw", "--competitor", "EW3",
                            "--from-round", "3")  # fmt: skip
    assert code == 0
    commands = [line.split() for line in out.splitlines() if line.startswith("  director print")]
    assert [c[2] for c in commands] == ["table-cards", "indicators", "travellers", "scorecards"]
    for command in commands:
        pdf = tmp_path / command[-1]
        code, _, err = director(capsys, *command[1:-1], pdf)
        assert (code, err) == (0, "")
        text = "\n".join(pages(pdf.read_bytes()))
        named = command[-3]
        if command[2] == "scorecards":
            cards = re.findall(r"^Pair (\w+)\nName:", text, re.M)
            assert sorted(cards) == sorted(named.split(","))
        else:
            heading = "Tray" if command[2] == "travellers" else "TABLE|Table"
            printed = {int(n) for n in re.findall(rf"^\s*(?:{heading})\s+(\d+)", text, re.M)}
            said = number_ranges(sorted(printed)).replace(", ", ",")
            if command[2] == "indicators":  # whoever pair EW3 would have met now rests
                assert "WHILE YOU REST" in text
                said += ",rest"
            assert said == named


def test_a_late_pair_with_names_then_undo(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = director(
        capsys,
        "event", "repair", event, "late-pair", "--from-round", "2", "--names",
        "Mrs Ames & Mr Brown", "--reason", "arrived late", "--format", "json",
    )  # fmt: skip
    assert (code, err) == (0, "")
    shown = json.loads(out)
    assert shown["dry_run"] is False
    assert {c["round"] for c in shown["changes"]} == {2, 3, 4, 5}
    assert shown["reprint"]["scorecards"][-1] == "NS7"
    changed = {c["table"] for c in shown["changes"]}
    assert changed <= set(shown["reprint"]["table-cards"])
    assert changed <= {table for table, _place in shown["reprint"]["indicators"]}
    with EventStore.open(event, read_only=True) as store:
        assert store.movement().field[-1] == "NS7"
        assert store.printed_names()["NS7"] == "Mrs Ames & Mr Brown"
    code, out, _ = director(capsys, "event", "log", event, "--limit", "1")
    assert "repair movement" in out
    assert "(reason: arrived late)" in out
    assert director(capsys, "event", "undo", event)[0] == 0
    with EventStore.open(event, read_only=True) as store:
        assert "NS7" not in store.movement().field
        assert store.partnerships() == ()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["cut-rounds", "--after", "0"], "cut after round 0: give a round from 1 to 4"),
        (["withdraw", "--competitor", "NS9", "--from-round", "2"], "pair NS9 is not in this"),
        (["wrong-move", "--round", "2", "--table", "1", "--ns", "NS1"], "--ns LABEL --ew LABEL"),
        (["arrow-switch", "--round", "1"], "round 1 table 1 already has results"),
        (["late-pair", "--from-round", "7"], "round 7: the movement has rounds 1 to 5"),
    ],
)
def test_a_refused_repair_says_why_in_one_line(
    event: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    before = event.read_bytes()
    code, out, err = director(capsys, "event", "repair", event, *argv)
    assert (code, out) == (2, "")
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err
    assert event.read_bytes() == before


def test_a_wrong_move_and_an_arrow_switch_from_the_command_line(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = director(
        capsys, "event", "repair", event, "wrong-move", "--round", "2", "--table", "1",
        "--ns", "NS1", "--ew", "EW1",
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert out.startswith("Wrong move in round 2 at table 1: pair EW1 sat at table 1 in place of")
    code, out, err = director(
        capsys, "event", "repair", event, "arrow-switch", "--round", "3", "--table", "2"
    )
    assert (code, err) == (0, "")
    assert "arrow switched" in out
    with EventStore.open(event, read_only=True) as store:
        m = store.movement()
        assert next(s for s in m.seatings if (s.round, s.table) == (2, 1)).places == ("NS1", "EW1")
        assert next(s for s in m.seatings if (s.round, s.table) == (3, 2)).switched
