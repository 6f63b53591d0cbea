"""The Mitchell for ladies and gentlemen, built on the pair Mitchell."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.cli import main
from schedules import ladies_gentlemen as lg
from schedules.catalog import Request
from schedules.findings import ImpossibleMovementError, Law
from schedules.mitchell import pair_mitchell
from schedules.mnemonic import make_mnemonic
from schedules.types import Movement, Seat
from schedules.verify import verify

VARIANTS = (None, "skip", "skip-revenge", "stationary", "dummy", "halves", "sections", "relay")


def build(tables: int, variant: str | None = None, per: int = 2) -> Movement:
    return lg.build(
        Request("ladies-gentlemen", tables=tables, variant=variant, trays_per_round=per)
    )


def _sizes() -> st.SearchStrategy[tuple[int, str | None]]:
    def accepted(pair: tuple[int, str | None]) -> bool:
        try:
            build(*pair)
        except ImpossibleMovementError:
            return False
        return True

    return st.tuples(st.integers(3, 16), st.sampled_from(VARIANTS)).filter(accepted)


@pytest.mark.slow
@given(size=_sizes(), per=st.integers(2, 3))
def test_every_size_keeps_the_promise(size: tuple[int, str | None], per: int) -> None:
    tables, variant = size
    m = build(tables, variant, per)
    assert verify(m) == []
    assert verify(make_mnemonic(m)) == []
    for s in m.seatings:
        for seat, who in zip(Seat, s.places, strict=True):
            expected = "lady" if seat in (Seat.N, Seat.E) else "gentleman"
            assert m.attributes[who] == expected


@given(tables=st.integers(3, 15))
def test_the_mitchell_arithmetic_is_the_pair_mitchells(tables: int) -> None:
    pairs = pair_mitchell(tables, None, 2)
    m = build(tables)
    assert m.trays == pairs.trays
    assert [(s.round, s.table, s.trays) for s in m.seatings] == [
        (s.round, s.table, s.trays) for s in pairs.seatings
    ]
    assert len(m.field) == 2 * len(pairs.field)


def test_ladies_sit_still_and_gentlemen_move_east() -> None:
    m = build(5)
    assert {s.places[Seat.N] for s in m.seatings if s.table == 2} == {"N2"}
    assert [s.table for s in m.seatings if "S1" in s.places] == [1, 2, 3, 4, 5]
    assert m.winners == ("North", "East", "South", "West")


def _swap(m: Movement, r: int, table: int, a: Seat, b: Seat) -> Movement:
    def fix(s):
        if (s.round, s.table) != (r, table):
            return s
        places = list(s.places)
        places[a], places[b] = places[b], places[a]
        return replace(s, places=tuple(places))

    return replace(m, seatings=tuple(fix(s) for s in m.seatings))


def laws(m: Movement) -> set[Law]:
    return {f.law for f in verify(m)}


def test_a_gentleman_who_changes_compass_point_is_rejected() -> None:
    found = laws(_swap(build(5), 3, 2, Seat.S, Seat.W))
    assert found == {Law.GENTLEMAN_CHANGED_SEAT}


def test_a_lady_who_moves_is_rejected() -> None:
    found = laws(_swap(build(5), 2, 1, Seat.N, Seat.E))
    assert found == {Law.LADY_MOVED}


def test_a_lady_in_a_gentlemans_seat_is_rejected() -> None:
    found = laws(_swap(build(5), 2, 1, Seat.N, Seat.S))
    assert {Law.WRONG_SEX_AT_SEAT, Law.LADY_MOVED, Law.GENTLEMAN_CHANGED_SEAT} <= found


@given(ladies=st.integers(0, 30), gentlemen=st.integers(0, 30))
def test_fill_tables_seats_as_many_as_possible(ladies: int, gentlemen: int) -> None:
    women = [f"Mrs {i}" for i in range(ladies)]
    men = [f"Mr {i}" for i in range(gentlemen)]
    fill = lg.fill_tables(women, men)
    assert fill.tables == min(ladies, gentlemen) // 2
    assert len(fill.seats) == 4 * fill.tables
    assert sorted([*fill.seats.values(), *fill.left_over]) == sorted(women + men)
    leftover_ladies = sum(1 for p in fill.left_over if p.startswith("Mrs"))
    leftover_men = len(fill.left_over) - leftover_ladies
    assert min(leftover_ladies, leftover_men) < 2


def test_sections_have_four_winners_each() -> None:
    assert build(6, "sections").winners[:4] == ("A North", "A East", "A South", "A West")


def test_cli_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "ladies-gentlemen", "--tables", "6", "--variant", "skip"]) == 0
    assert "Verified: yes" in capsys.readouterr().out
    assert main(["movement", "ladies-gentlemen", "--tables", "5", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["attributes"]["N1"] == "lady"
    assert doc["attributes"]["W5"] == "gentleman"
    assert doc["winners"] == ["North", "East", "South", "West"]


@pytest.mark.parametrize(
    "args",
    [
        ["--tables", "8", "--variant", "halves"],
        ["--tables", "5", "--arrow-switch", "2"],
        ["--tables", "2"],
        [],
    ],
)
def test_cli_refusals_exit_2(args: list[str]) -> None:
    assert main(["movement", "ladies-gentlemen", *args]) == 2


def test_gentlemen_who_jump_two_tables_are_rejected() -> None:
    m = build(5)
    # Gentlemen S1/W1 and S3/W3 exchange tables in round 2: both jump, neither moves one East.
    moved = []
    for s in m.seatings:
        if s.round == 2 and s.table in (2, 4):
            other = next(x for x in m.seatings if x.round == 2 and x.table == 6 - s.table)
            s = replace(s, places=s.places[:2] + other.places[2:])
        moved.append(s)
    found = {f.who for f in verify(replace(m, seatings=tuple(moved)))}
    assert {("S1",), ("W1",), ("S3",), ("W3",)} <= found
