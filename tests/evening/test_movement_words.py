"""The movement chooser's words, without a display: no mathematics in a proposal's line or its
tooltip, every proposal's line tells it apart from the others, and an odd field's line says who
sits out and how many of the others each meets."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from director.evening.movement_words import kind_of, summary
from director.evening.proposals import Ask, FieldKind, Proposal, candidates, propose
from schedules.balance import balance
from schedules.catalog import Request, build
from schedules.rests import seat_field
from schedules.types import Movement

PER_TRAY = Fraction(7)
MATHS = re.compile(
    r"GF\(|Z_|Room square|Howell design|H\(\d|quadratic|residue|\bSS\b|\bCV\b|\bxc\b|"
    r"plane|Construction|starter|adder|search over|--"
)
"""What a main line must not hold: the designs behind a movement and the balance figures."""

FIELDS = [
    (FieldKind.PAIRS, 10),
    (FieldKind.PAIRS, 13),
    (FieldKind.PAIRS, 16),
    (FieldKind.PLAYERS, 8),
    (FieldKind.PLAYERS, 12),
    (FieldKind.PLAYERS, 13),
    (FieldKind.COUPLES, 8),
    (FieldKind.TEAMS, 4),
]


def usable(kind: FieldKind, size: int, minutes: int | None = None) -> list[Proposal]:
    ask = Ask(kind, size, Fraction(minutes) if minutes else None, PER_TRAY)
    return [p for p in (propose(ask, f, v) for f, v in candidates(kind)) if p.usable]


@pytest.mark.parametrize(("kind", "size"), FIELDS, ids=lambda v: getattr(v, "value", v))
def test_no_mathematics_in_a_proposals_line_or_its_tooltip(kind: FieldKind, size: int) -> None:
    proposals = usable(kind, size)
    assert proposals
    for p in proposals:
        assert not MATHS.search(p.summary()), p.summary()
        for warning in p.warnings():
            assert not MATHS.search(warning), warning


@pytest.mark.parametrize(("kind", "size"), FIELDS, ids=lambda v: getattr(v, "value", v))
def test_every_proposals_line_reads_apart_from_the_others(kind: FieldKind, size: int) -> None:
    lines = [p.summary() for p in usable(kind, size)]
    assert len(set(lines)) == len(lines), lines


def test_the_three_quarter_and_in_time_howells_say_how_they_differ() -> None:
    by_variant = {p.variant: p.summary() for p in usable(FieldKind.PAIRS, 10, 150)}
    assert by_variant["three-quarter"].startswith("three quarters of the complete Howell's")
    assert by_variant["in-time"].startswith("as many Howell rounds as the time allows")


def test_the_three_individual_variants_say_how_they_differ() -> None:
    by_variant = {p.variant: p.summary() for p in usable(FieldKind.PLAYERS, 13)}
    assert by_variant["whist"].startswith("whist tournament: partner each other player once")
    assert by_variant["phantom"].startswith("whist tournament for any number of players")
    assert by_variant["drive"].startswith("whist drive: partner anyone at most once")


def test_an_odd_field_says_who_sits_out_and_how_many_each_meets() -> None:
    by_variant = {(p.family, p.variant): p.summary() for p in usable(FieldKind.PAIRS, 13, 200)}
    three_quarter = by_variant[("howell", "three-quarter")]
    assert "each pair meets 9 to 10 of the other 12 pairs" in three_quarter
    assert "one pair sits out each round: pairs 1-10, each once" in three_quarter
    assert by_variant[("howell", "standard")].endswith(
        "one pair sits out each round, each pair once"
    )
    assert by_variant[("mitchell", "regular")].endswith(
        "one pair sits out each round: each E-W pair once"
    )
    interwoven = by_variant[("howell", "interwoven")]
    assert "each pair meets 6 to 7 of the other 12 pairs" in interwoven
    assert interwoven.endswith("one pair sits out each round: pairs 3, 11-16, each once")


def _seven_table_interwoven() -> Movement:
    return build(Request("howell", tables=7, variant="interwoven"))


def test_a_movement_for_more_pairs_than_there_are_reads_as_rests_not_an_empty_place() -> None:
    """Built for seven tables and played by 13 pairs: the pair due at the fourteenth place
    rests, each pair meets some of the twelve others, and the missing pair is never named."""
    movement = seat_field(_seven_table_interwoven(), 13)
    assert len(movement.field) == 13
    line = summary(movement, balance(movement), Fraction(150))
    assert "of the other 12 pairs" in line
    assert "one pair sits out each round" in line
    assert "17" not in line
    assert "empty" not in line


def test_a_family_without_words_of_ours_reads_its_summary_without_options() -> None:
    said = kind_of(
        "team", "club", "club against club: one pair of each at every table (--tables P)"
    )
    assert said == "club against club: one pair of each at every table"
    assert "four winners" in kind_of("ladies-gentlemen", "skip")
    assert "gentlemen move" in kind_of("ladies-gentlemen", "skip")


def test_thirteen_pairs_are_proposed_the_seven_table_howell_with_a_rest() -> None:
    """The 7-table interwoven Howell is proposed for 13 pairs with its 14th place a rest:
    13 pairs in the field, one resting each round, no place left for a pair nobody is."""
    interwoven = next(p for p in usable(FieldKind.PAIRS, 13, 200) if p.variant == "interwoven")
    assert interwoven.movement is not None
    assert len(interwoven.movement.field) == 13
    assert all(len(out) == 1 for out in interwoven.movement.sitouts.values())
