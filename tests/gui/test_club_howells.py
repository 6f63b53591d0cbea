"""The movement chooser offers what clubs play from seven tables: shortened and interwoven
Howells first."""

from __future__ import annotations

from fractions import Fraction

from director.gui.screens.movement.model import Ask, FieldKind, best_first, candidates, propose
from schedules import howell

MINUTES_PER_TRAY = Fraction(7)


def _offered(pairs: int, minutes: int) -> list:
    ask = Ask(FieldKind.PAIRS, pairs, Fraction(minutes), MINUTES_PER_TRAY)
    rows = [propose(ask, fam, variant) for fam, variant in candidates(FieldKind.PAIRS)]
    return [p for p in best_first(rows) if p.usable]


def test_seven_tables_get_a_shortened_howell_first() -> None:
    usable = _offered(14, 150)
    first = usable[0]
    assert (first.family, first.variant) in {("howell", v) for v in howell.CLUB}
    assert first.movement.rounds < 13
    assert first.minutes <= 150
    # the three club kinds are offered and fit the evening
    assert {p.variant for p in usable if p.family == "howell"} >= set(howell.CLUB)


def test_five_tables_are_ranked_by_balance_alone() -> None:
    usable = _offered(10, 150)
    indices = [round(p.fairness, 1) for p in usable]
    assert indices == sorted(indices, reverse=True)
