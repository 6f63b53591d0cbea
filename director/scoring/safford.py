"""Safford married couples (docs/movement-rules.md#saffords-married-couples): tricks lost per
player with a subtotal after each four hands, and husband against wife on the hands both held.

>>> default_couples(("a", "b", "1", "2", "x"), {})
(('a', '1'), ('b', '2'))
>>> default_couples(("a", "1"), {"a": "lady:a-1", "1": "gentleman:a-1"})
(('a', '1'),)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from string import ascii_lowercase

from director.scoring.model import TRICKS, CoupleComparison, DealScore, Subtotal
from schedules.types import Direction, Label, Seat, TrayNo

HANDS_PER_SUBTOTAL = 4
"""The personal score card has a subtotal after each four hands (a round)."""

Hand = tuple[TrayNo, Seat]
"""The cards of one seat of one tray."""


def default_couples(
    field: Sequence[Label], attributes: Mapping[Label, str]
) -> tuple[tuple[Label, Label], ...]:
    """Couples from the movement's attributes ("lady:a-1", "gentleman:a-1"), else a-1, b-2,
    ... (docs/movement-rules.md#saffords-married-couples) among the field's labels."""
    by_couple: dict[str, dict[str, Label]] = {}
    for label in field:
        kind, _, couple = attributes.get(label, "").partition(":")
        if couple:
            by_couple.setdefault(couple, {})[kind.lower()] = label
    found = tuple(
        (c["lady"], c["gentleman"]) for c in by_couple.values() if {"lady", "gentleman"} <= set(c)
    )
    if found:
        return found
    present = set(field)
    return tuple(
        (lady, str(i + 1))
        for i, lady in enumerate(ascii_lowercase)
        if lady in present and str(i + 1) in present
    )


def _lost_by_hand(
    deals: Sequence[DealScore],
) -> dict[Label, list[tuple[tuple[int, int], Hand, Fraction]]]:
    """Per player, in playing order, (order, hand held, tricks lost) on each play."""
    out: dict[Label, list[tuple[tuple[int, int], Hand, Fraction]]] = {}
    for deal in deals:
        for t in deal.tables:
            order = (t.round, t.tray)
            for hands, who, won in (
                (Direction.NS, t.ns, t.final_ns),
                (Direction.EW, t.ew, t.final_ew),
            ):
                seats = (Seat.N, Seat.S) if hands is Direction.NS else (Seat.E, Seat.W)
                for i, label in enumerate(who):
                    out.setdefault(label, []).append((order, (t.tray, seats[i % 2]), TRICKS - won))
    for plays in out.values():
        plays.sort()
    return out


def subtotals(deals: Sequence[DealScore], field: Sequence[Label]) -> tuple[Subtotal, ...]:
    """Each player's running tricks lost after every four hands played."""
    lost = _lost_by_hand(deals)
    out = []
    for label in field:
        running, marks = Fraction(0), []
        for i, (_, _, value) in enumerate(lost.get(label, ()), start=1):
            running += value
            if i % HANDS_PER_SUBTOTAL == 0:
                marks.append(running)
        out.append(Subtotal(label, tuple(marks)))
    return tuple(out)


def couples(
    deals: Sequence[DealScore], pairs: Sequence[tuple[Label, Label]]
) -> tuple[CoupleComparison, ...]:
    """Husband against wife on the hands (tray and seat) both of them held."""
    lost = _lost_by_hand(deals)
    out = []
    for wife, husband in pairs:
        hers = {hand: v for _, hand, v in lost.get(wife, ())}
        his = {hand: v for _, hand, v in lost.get(husband, ())}
        both = sorted(set(hers) & set(his))
        out.append(
            CoupleComparison(
                f"{wife}-{husband}",
                wife,
                husband,
                len(both),
                sum((hers[h] for h in both), Fraction(0)),
                sum((his[h] for h in both), Fraction(0)),
            )
        )
    return tuple(out)
