"""The interwoven Howell (schedules.interwoven): two lines, each a Howell among itself, on the
same trays in the same rounds; the spare pairs of an odd number of tables meet across; which
pair of each table sits North-South as the stored balance search
(schedules/data/howell/interwoven.json) found."""

from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from director.cli import main
from schedules import interwoven
from schedules.balance import balance
from schedules.catalog import Request, build
from schedules.findings import ImpossibleMovementError
from schedules.howell import layout_for, reachable
from schedules.howell_layouts import turn
from schedules.interwoven import line_labels, line_tables
from schedules.tally import opponent_counts
from schedules.types import Movement
from schedules.verify import verify

STORED = json.loads(interwoven.TURNED.read_text(encoding="utf-8"))["sizes"]
SIZES = sorted(tuple(map(int, key.split())) for key in STORED)
MOST_PLAYED = [(t, r) for t, r in SIZES if t <= 14]


def _interwoven(tables: int, rounds: int | None = None) -> Movement:
    return build(Request("howell", tables=tables, rounds=rounds, variant="interwoven"))


def _check(movement: Movement, tables: int) -> None:
    """Every property the interwoven Howell promises, checked from the seatings."""
    assert verify(movement) == []
    first, second = (set(line) for line in line_labels(tables))
    assert set(movement.field) == first | second
    assert len(first) == len(second) == tables
    # every pair plays every round, at one of the T tables
    for r, seatings in movement.by_round():
        seated = [p for s in seatings for p in s.places]
        assert sorted(seated) == sorted(movement.field), r
        assert {s.table for s in seatings} == set(range(1, tables + 1))
    # pairs meet only their own line; an odd T's spares meet across, once a round at table T
    across = [
        s for s in movement.seatings if (s.ns in first) != (s.ew in first)
    ]  # fmt: skip
    if tables % 2:
        assert sorted(s.round for s in across) == list(range(1, movement.rounds + 1))
        assert {s.table for s in across} == {tables}
    else:
        assert across == []
    assert max(opponent_counts(movement).values()) == 1
    # each tray set is played by both lines, at one table of each in the same round
    lines_at: dict[tuple[int, int], list[bool]] = defaultdict(list)
    for s in movement.seatings:
        if s not in across:
            lines_at[s.round, min(s.trays)].append(s.ns in first)  # a set, whatever its turn
    line_of_set = {tray: sorted(lines) for (_, tray), lines in lines_at.items()}
    assert all(lines == [False, True] for lines in line_of_set.values()) or line_tables(tables) <= 3
    for tray in movement.tray_numbers:
        played_by = {p in first for s in movement.seatings if tray in s.trays for p in s.places}
        assert played_by == {True, False}, tray


@pytest.mark.parametrize("tables", range(6, 31))
def test_complete_interwoven_howell_keeps_every_property(tables: int) -> None:
    movement = _interwoven(tables)
    assert movement.rounds == 2 * line_tables(tables) - 1
    assert movement.variant == "interwoven"
    _check(movement, tables)
    # a complete line: every pair meets every other pair of its line
    first, _ = line_labels(tables)
    met = {frozenset(k) for k in opponent_counts(movement)}
    assert all(frozenset((a, b)) in met for a in first for b in first if a < b)


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_shortened_interwoven_howell_keeps_every_property(data: st.DataObject) -> None:
    tables = data.draw(st.integers(4, 30), label="tables")
    line = line_tables(tables)
    rounds = data.draw(
        st.sampled_from([r for r in range(1, 2 * line) if reachable(line, r)]), label="rounds"
    )
    movement = _interwoven(tables, rounds)
    assert movement.rounds == rounds
    _check(movement, tables)


def test_every_size_the_variant_takes_is_stored() -> None:
    wanted = {
        (t, r)
        for t in range(interwoven.MIN_TABLES, 31)
        for r in range(1, 2 * line_tables(t))
        if reachable(line_tables(t), r)
    }
    assert wanted == set(SIZES)


def _check_stored(tables: int, rounds: int) -> None:
    """The size builds with the stored bits, keeps every property and balances as recorded,
    no worse than line 2 sitting as line 1 or all turned."""
    entry = STORED[f"{tables} {rounds}"]
    movement = _interwoven(tables, rounds)
    assert f"Each line: {entry['origin']}" in movement.notes  # the stored bits applied
    _check(movement, tables)
    report = balance(movement)
    assert report.ss == Fraction(entry["ss"])
    assert round(report.index, 2) == entry["index"] >= entry["before_index"]


@pytest.mark.parametrize(("tables", "rounds"), MOST_PLAYED)
def test_stored_size_verifies_and_meets_its_recorded_balance(tables: int, rounds: int) -> None:
    _check_stored(tables, rounds)


@pytest.mark.slow
@pytest.mark.parametrize(("tables", "rounds"), [s for s in SIZES if s not in MOST_PLAYED])
def test_large_stored_size_verifies_and_meets_its_recorded_balance(
    tables: int, rounds: int
) -> None:
    _check_stored(tables, rounds)


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_turning_any_tables_keeps_every_property(data: st.DataObject) -> None:
    # the search may turn any table of either line, the spares' table too: none of it may
    # break a rule, which is why it only has to look for balance
    tables = data.draw(st.integers(4, 14), label="tables")
    line = layout_for(line_tables(tables), 2 * line_tables(tables) - 1)
    cells = interwoven.whole_cells(line)
    bits = data.draw(st.lists(st.integers(0, 1), min_size=cells, max_size=cells), label="bits")
    whole = turn(interwoven.whole_field(line, tables % 2 == 1), bits)
    _check(interwoven.seat(whole, line, tables, 2, "howell"), tables)


def test_stored_bits_for_another_line_layout_are_not_applied() -> None:
    # --balance best builds the lines of 22 tables from another design: the stored bits were
    # found for the default one, so line 2 sits as line 1 or all turned, the better balanced
    line = layout_for(11, 21, best=True)
    assert STORED["22 21"]["origin"] != line.origin
    built = interwoven.interwoven(line, 22, 1, "howell")
    whole = interwoven.whole_field(line, False)
    plain = [
        interwoven.seat(turn(whole, bits), line, 22, 1, "howell")
        for bits in interwoven.plain_turns(line)
    ]
    assert built in plain
    assert balance(built).ss == min(balance(m).ss for m in plain)


def test_lines_are_numbered_like_a_mitchells() -> None:
    movement = _interwoven(16)
    assert movement.field[:16] == tuple(str(i) for i in range(1, 17))
    assert movement.field[16:] == tuple(str(i) for i in range(21, 37))
    assert movement.rounds == 15


def test_reduced_interwoven_howell_of_15_tables_has_three_stationary_pairs_a_line() -> None:
    movement = _interwoven(15, 12)
    first, _ = line_labels(15)
    tables_of: dict[str, set[int]] = defaultdict(set)
    for s in movement.seatings:
        for p in (s.ns, s.ew):
            tables_of[p].add(s.table)
    assert sum(1 for p in first if len(tables_of[p]) == 1) == 3


def test_interwoven_balances_better_than_the_shortened_howell_of_as_many_rounds() -> None:
    interwoven = balance(_interwoven(16)).index
    shortened = balance(build(Request("howell", tables=16, rounds=15))).index
    assert interwoven > 90
    assert interwoven >= shortened - 5


@pytest.mark.parametrize(
    ("request_", "says"),
    [
        (Request("howell", tables=3, variant="interwoven"), "4 tables or more"),
        (Request("howell", tables=16, rounds=16, variant="interwoven"), "plays"),
    ],
)
def test_refusals_say_what_works(request_: Request, says: str) -> None:
    with pytest.raises(ImpossibleMovementError, match=says):
        build(request_)


def test_cli_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "howell", "--tables", "16", "--variant", "interwoven"]) == 0
    assert "Interwoven Howell" in capsys.readouterr().out
    args = ["movement", "howell", "--tables", "15", "--variant", "interwoven", "--format", "json"]
    assert main(args) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["variant"] == "interwoven"
    assert doc["rounds"] == 15
    assert doc["shared"]
