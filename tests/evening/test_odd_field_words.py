"""The movement chooser names who sits out in an odd field's line, and offers what clubs play
by the size of the field, not by the tables the movement fills."""

from __future__ import annotations

from fractions import Fraction

from director.evening.movement_words import NAMED_RUNS, balance_words, sitting_out
from director.evening.proposals import Ask, FieldKind, Proposal, best_first, candidates, propose
from schedules.catalog import Request, build
from schedules.render import number_ranges

MINUTES_PER_TRAY = Fraction(7)


def _first(pairs: int, minutes: int) -> Proposal:
    ask = Ask(FieldKind.PAIRS, pairs, Fraction(minutes), MINUTES_PER_TRAY)
    rows = [propose(ask, fam, variant) for fam, variant in candidates(FieldKind.PAIRS)]
    return best_first(rows)[0]


def test_the_proposal_for_25_pairs_says_who_sits_out() -> None:
    first = _first(25, 90)
    m = first.movement
    assert m is not None
    assert len(m.field) == 25
    out = sorted(int(p) for who in m.sitouts.values() for p in who)
    assert len(out) == m.rounds == len(set(out))  # one pair a round, each once
    # named in a few runs of numbers, else counted (the grid names them round by round)
    runs = number_ranges(out)
    who = f"pairs {runs}" if runs.count(",") < NAMED_RUNS else f"{len(out)} of the 25 pairs"
    assert f"one pair sits out each round: {who}, each once" in first.summary()


def test_too_many_runs_to_name_are_counted() -> None:
    m = build(Request("howell", pairs=59, rounds=16, balance="best"))
    assert sitting_out(m) == "one pair sits out each round: 16 of the 59 pairs, each once"


def test_thirteen_pairs_get_the_best_balanced_club_howell_first() -> None:
    # the three-quarter Howell of 13 pairs fills 6 tables (the 7th would hold the empty
    # place): still a club Howell, and better balanced than the interwoven one
    first = _first(13, 150)
    assert (first.family, first.variant) == ("howell", "three-quarter")
    assert first.movement is not None
    assert first.movement.tables == 6


def test_a_movement_that_compares_nobody_is_not_called_balanced() -> None:
    assert balance_words(0.0) == "nobody is compared: each tray is played at one table only"
    assert balance_words(50.0) == "unevenly balanced"
