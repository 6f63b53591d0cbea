"""The movement chooser tells an odd field who sits out, in its one-line summary, and offers
what clubs play by the size of the field, not by the tables the movement fills."""

from __future__ import annotations

from fractions import Fraction

from director.gui.screens.movement.model import (
    Ask,
    FieldKind,
    Proposal,
    best_first,
    candidates,
    propose,
)
from director.gui.screens.movement.words import sitting_out
from schedules.catalog import Request, build
from schedules.render import number_ranges

MINUTES_PER_TRAY = Fraction(7)


def _first(pairs: int, minutes: int) -> Proposal:
    ask = Ask(FieldKind.PAIRS, pairs, Fraction(minutes), MINUTES_PER_TRAY)
    rows = [propose(ask, fam, variant) for fam, variant in candidates(FieldKind.PAIRS)]
    return best_first(rows)[0]


def test_the_proposal_for_25_pairs_names_who_sits_out() -> None:
    first = _first(25, 90)
    m = first.movement
    assert len(m.field) == 25
    out = sorted({p for who in m.sitouts.values() for p in who}, key=int)
    assert len(out) == m.rounds  # one pair a round, each once
    assert f"pairs {number_ranges(list(map(int, out)))} sit out one round each" in first.summary()


def test_thirteen_pairs_get_the_best_balanced_club_howell_first() -> None:
    # the three-quarter Howell of 13 pairs fills 6 tables (the 7th would hold the empty
    # place): still a club Howell, and better balanced than the interwoven one
    first = _first(13, 150)
    assert (first.family, first.variant) == ("howell", "three-quarter")
    assert first.movement.tables == 6


def test_sitting_out_in_words() -> None:
    complete = build(Request("howell", pairs=9))
    assert sitting_out(complete) == "every pair sits out one round"
    short = build(Request("howell", pairs=59, rounds=16, balance="best"))
    # sixteen pairs in more runs than a line names: counted, the grid names them
    assert sitting_out(short) == "16 pairs sit out one round each"
    few = build(Request("howell", pairs=41, rounds=8, balance="best"))
    out = sorted(int(p) for who in few.sitouts.values() for p in who)
    assert sitting_out(few) == f"pairs {number_ranges(out)} sit out one round each"
