"""The movement chooser offers what clubs play from seven tables: shortened and interwoven
Howells first."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from director.evening.proposals import Ask, FieldKind, best_first, candidates, propose
from schedules import howell
from schedules.balance import balance
from schedules.catalog import Request, build

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


def test_the_club_howells_offered_are_the_best_balanced_the_engine_builds() -> None:
    for pairs in (24, 28):
        offered = {p.variant: p for p in _offered(pairs, 150) if p.family == "howell"}
        for variant in howell.CLUB:
            assert offered[variant].movement == build(
                replace(_asked(pairs, variant), balance="best")
            )
        # the command line builds the same without being asked for the best balance
        in_time = offered[howell.IN_TIME].movement
        assert in_time == build(_asked(pairs, howell.IN_TIME))
        # 10 rounds in the evening: a stored reseating beats the plain shortened Howell
        plain = build(Request("howell", pairs=pairs, rounds=in_time.rounds, trays_per_round=2))
        assert offered[howell.IN_TIME].report.index > balance(plain).index + 0.3


def _asked(pairs: int, variant: str) -> Request:
    return Request(
        "howell", pairs=pairs, variant=variant, minutes=Fraction(150),
        minutes_per_tray=MINUTES_PER_TRAY,
    )  # fmt: skip
