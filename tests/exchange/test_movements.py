"""Movements from and to other programs: bridgescorer's YAML and the plain CSV read back as
the same play (who holds which hands of which trays, at which table, in which round), pass
the verifier when the original does, serve an event, and malformed files are refused in one
line naming the line at fault."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.errors import DirectorError
from director.exchange.bridgescorer import read_bridgescorer, write_bridgescorer
from director.exchange.movement_csv import read_movement_csv, write_movement_csv
from director.exchange.movement_files import load_movement_file, movement_text
from director.exchange.movement_rows import held_rows
from director.store.services import EventStore
from schedules import catalog
from schedules.catalog import Request
from schedules.jsonio import load_movement
from schedules.types import Movement, Seat
from schedules.verify import verify
from tests.conftest import MOVEMENTS

PUBLISHED = sorted(MOVEMENTS.glob("*.json"))

SMALL_YAML = """\
---
name: "Three pairs"
short: "A two-round test"
description: "written for this test"
numberTeams: 4
hands:
- table: 1
  round: 1
  ns: 1
  ew: 2
  boards: [1, 2]
- table: 2
  round: 1
  ns: 3
  ew: 4
  boards: [3, 4]
- table: 1
  round: 2
  ns: 1
  ew: 3
  boards: [5, 6]
- table: 2
  round: 2
  ns: 2
  ew: 4
  boards: [7, 8]
"""


def _play(movement: Movement, numbers: dict[str, str] | None = None) -> set[tuple]:
    """Who holds which hands of which trays, where and when (labels renamed by `numbers`)."""
    rename = numbers or {}
    return {
        (r.round, r.table, tuple(rename.get(p, p) for p in r.places), r.trays)
        for r in held_rows(movement)
    }


@pytest.mark.parametrize("path", PUBLISHED, ids=lambda p: p.stem)
def test_every_published_movement_reads_back_the_same_from_yaml_and_csv(path: Path) -> None:
    movement = load_movement(path)
    numbers = {label: str(n) for n, label in enumerate(movement.field, start=1)}
    if all(label.isdigit() for label in movement.field):
        numbers = {}  # whole-number labels are kept as they are
    from_yaml = read_bridgescorer(write_bridgescorer(movement), "m.yaml")
    from_csv = read_movement_csv(write_movement_csv(movement), "m.csv")
    assert _play(from_yaml) == _play(movement, numbers)
    assert _play(from_csv) == _play(movement)
    assert len(from_yaml.field) == len(movement.field)
    assert {t.number for t in from_csv.trays} == {t.number for t in movement.trays}
    if not verify(movement, "any"):
        assert verify(from_yaml) == []
        assert verify(from_csv) == []


@pytest.mark.parametrize(
    "request_",
    [
        Request("howell", pairs=10),
        Request("mitchell", tables=5),
        Request("individual", players=8),
        Request("mitchell", tables=5, arrow_switch=(3,)),
    ],
    ids=lambda r: f"{r.family}-{r.tables or r.pairs or r.players}",
)
def test_our_movements_export_and_verify_again(request_: Request) -> None:
    movement = catalog.build(request_)
    for text, read in (
        (movement_text(movement, "yaml"), read_bridgescorer),
        (movement_text(movement, "csv"), read_movement_csv),
    ):
        back = read(text, "file")
        assert verify(back) == []
        assert len(back.seatings) == len(movement.seatings)


def test_a_mnemonic_movement_is_written_as_json_only() -> None:
    movement = catalog.build(Request("howell", pairs=6, mnemonic=True))
    assert '"mnemonic": true' in movement_text(movement, "json")
    for fmt in ("yaml", "csv"):
        with pytest.raises(DirectorError, match=r"mnemonic movement .* only be written as json"):
            movement_text(movement, fmt)


def test_an_arrow_switch_is_written_as_who_holds_which_hands() -> None:
    movement = catalog.build(Request("mitchell", tables=5, arrow_switch=(3,)))
    switched = [s for s in movement.seatings if s.switched]
    assert switched
    back = read_movement_csv(write_movement_csv(movement), "m.csv")
    for s in switched:
        [row] = [b for b in back.seatings if (b.round, b.table) == (s.round, s.table)]
        assert not row.switched
        for who in s.places:
            assert row.hands_of(who) is s.hands_of(who)


def test_a_bridgescorer_file_keeps_its_names_and_finds_its_relays() -> None:
    text = SMALL_YAML + "- table: 3\n  round: 2\n  ns: 5\n  ew: 6\n  boards: [5, 6]\n"
    text = text.replace("numberTeams: 4", "numberTeams: 6")
    movement = read_bridgescorer(text, "relay.yaml")
    assert movement.family == "Three pairs"
    assert movement.notes == ("A two-round test", "written for this test")
    assert movement.field == ("1", "2", "3", "4", "5", "6")
    assert [(s.round, s.trays, s.tables) for s in movement.shared] == [(2, (5, 6), (1, 3))]
    assert verify(movement) == []


def test_an_imported_movement_serves_a_new_event(tmp_path: Path) -> None:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL_YAML, encoding="utf-8")
    movement = load_movement_file(path)
    store = EventStore.create(tmp_path / "event.sqlite", "From bridgescorer")
    try:
        assert _play(store.choose_movement(movement)) == _play(movement)
        assert store.scoring_input().movement.field == ("1", "2", "3", "4")
    finally:
        store.close()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (SMALL_YAML.replace("round: 2\n  ns: 1", "round: two\n  ns: 1"), "line 18: round: must"),
        (SMALL_YAML.replace("boards: [3, 4]\n- table: 1", "boards: [3, x]\n- table: 1"),
         "line 16: boards[1]: must be a whole number"),
        (SMALL_YAML.replace("  ew: 3\n", ""), "line 17: a table needs ns and ew"),
        (SMALL_YAML.replace("numberTeams: 4", "numberTeams: lots"), "line 5: numberTeams must"),
        (SMALL_YAML.replace("[1, 2]\n- table: 2", "[1, 2\n- table: 2", 1), "line 12, column"),
        (SMALL_YAML.replace("hands:", "hand:"), "line 2: no hands: list"),
        ("- 1\n- 2\n", "line 1: not a bridgescorer movement"),
        ("a: &x [1]\nhands:\n- {table: 1, round: 1, ns: 1, ew: 2, boards: *x}\n"
         "- {table: 2, round: 1, ns: 3, ew: 4, boards: *x}\n", "YAML alias"),
    ],
)  # fmt: skip
def test_a_malformed_yaml_movement_is_refused_with_its_line(text: str, message: str) -> None:
    with pytest.raises(DirectorError, match=re.escape(message)):
        read_bridgescorer(text, "m.yaml")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("round,table,ns,ew,trays\n1,1,1,2,1 2\n1,x,3,4,3 4\n", "line 3: table: must be a whole"),
        ("round,table,ns,ew,trays\n1,1,1,2,1 2\n\n1,2,3\n", "line 4: only 3 cells"),
        ("round,table,ns,ew,trays\n1,1,1,2,1 z\n", "line 2: trays[1]: must be a whole number"),
        ("round,table,ns,ew\n1,1,1,2\n", "line 1: the first line must name the columns"),
        ('round,table,ns,ew,trays\n1,1,"1,2,1\n', "line 2: not readable CSV"),
        ("\n\n", "empty"),
    ],
)
def test_a_malformed_csv_movement_is_refused_with_its_line(text: str, message: str) -> None:
    with pytest.raises(DirectorError, match=re.escape(message)):
        read_movement_csv(text, "m.csv")


def test_csv_takes_semicolons_and_any_column_order() -> None:
    text = "trays;ew;ns;table;round\n1 2;2;1;1;1\n3 4;4;3;2;1\n"
    movement = read_movement_csv(text, "m.csv")
    assert [(s.places, s.trays) for s in movement.seatings] == [(("1", "2"), (1, 2)),
                                                                 (("3", "4"), (3, 4))]  # fmt: skip


@given(st.text(max_size=300))
def test_any_yaml_text_is_read_or_refused_in_one_line(text: str) -> None:
    _read_or_refuse(read_bridgescorer, text)


@given(st.text(alphabet='round,table;nsew 0123456789\n"x', max_size=300))
def test_any_csv_text_is_read_or_refused_in_one_line(text: str) -> None:
    _read_or_refuse(read_movement_csv, text)


@given(st.integers(0, len(SMALL_YAML) - 1), st.sampled_from(["", "x", ":", "-", "[", "\n", " "]))
def test_a_damaged_yaml_movement_is_read_or_refused_in_one_line(at: int, put: str) -> None:
    _read_or_refuse(read_bridgescorer, SMALL_YAML[:at] + put + SMALL_YAML[at + 1 :])


def _read_or_refuse(read: Callable[[str, str], Movement], text: str) -> None:
    try:
        read(text, "fuzz")
    except DirectorError as exc:
        message = str(exc)
    else:
        return
    assert "\n" not in message
    assert message.startswith("fuzz")


@pytest.mark.parametrize(
    "request_",
    [
        Request("mitchell", tables=5),
        Request("ladies-gentlemen", tables=5),
        Request("howell", pairs=10),
        Request("individual", players=8),
    ],
    ids=lambda r: r.family,
)
def test_the_winners_come_back_from_every_format(request_: Request) -> None:
    movement = catalog.build(request_)
    for fmt, read in (("yaml", read_bridgescorer), ("csv", read_movement_csv)):
        back = read(movement_text(movement, fmt), f"m.{fmt}")
        assert back.winners == movement.winners, fmt


def test_what_a_format_does_not_carry_is_named_when_it_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from director.cli import main
    from director.exchange.movement_files import not_carried

    movement = catalog.build(Request("mitchell", tables=5, arrow_switch=(3,)))
    dealt = replace(movement, trays=tuple(replace(t, dealer=Seat.S) for t in movement.trays))
    for fmt in ("yaml", "csv"):
        lost = " ".join(not_carried(dealt, fmt))
        assert "dealers" in lost
        assert "arrow switches" in lost
        assert "winners" not in lost
    assert not_carried(dealt, "json") == []
    assert "labels" in " ".join(not_carried(movement, "yaml"))  # NS3 becomes a number
    assert "labels (numbered" not in " ".join(not_carried(movement, "csv"))
    assert "order the competitors" in " ".join(not_carried(movement, "csv"))
    source = tmp_path / "m.json"
    source.write_text(movement_text(dealt, "json"), encoding="utf-8")
    assert main(["export", str(source), "--format", "csv", "--out", str(tmp_path / "m.csv")]) == 0
    assert "a csv file does not carry: the trays' dealers" in capsys.readouterr().out
