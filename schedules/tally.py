"""Counts over a movement that the verifier and the balance report share.

All are linear in seats x rounds: one pass over the seatings.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from schedules.types import Direction, Label, Movement, RoundNo, TableNo, TrayNo

PairKey = tuple[Label, Label]


def pair_key(a: Label, b: Label) -> PairKey:
    """An unordered pair of competitors as a dictionary key."""
    return (a, b) if a <= b else (b, a)


_LAST: dict[str, tuple[Movement, Counter[PairKey]]] = {}
"""Per kind of count, the last movement counted and its counts."""


def _remembered(
    kind: str, movement: Movement, count: Callable[[Movement], Counter[PairKey]]
) -> Counter[PairKey]:
    """`count(movement)`, kept for the last movement asked: the verifier's promise and then the
    balance report count the same movement's meetings (a third of a second for 200 players),
    and a movement never changes once made (it is frozen)."""
    last = _LAST.get(kind)
    if last is None or last[0] is not movement:
        last = _LAST[kind] = (movement, count(movement))
    return last[1].copy()


def opponent_counts(movement: Movement) -> Counter[PairKey]:
    """How many rounds each two competitors sit on opposite sides of one table."""
    return _remembered("opponents", movement, _count_opponents)


def _count_opponents(movement: Movement) -> Counter[PairKey]:
    # A set per round: a round split into several seatings at one table is one meeting.
    met = {
        (s.round, pair_key(a, b))
        for s in movement.seatings
        for a in s.side(Direction.NS)
        for b in s.side(Direction.EW)
    }
    return Counter(key for _, key in met)


def partner_counts(movement: Movement) -> Counter[PairKey]:
    """How many rounds each two individuals are partners."""
    return _remembered("partners", movement, _count_partners)


def _count_partners(movement: Movement) -> Counter[PairKey]:
    together = {
        (s.round, pair_key(*s.side(d)))
        for s in movement.seatings
        if s.is_individual
        for d in Direction
    }
    return Counter(key for _, key in together)


@dataclass(frozen=True, slots=True)
class Play:
    """One competitor's play of one tray."""

    round: RoundNo
    table: TableNo
    hands: Direction


def plays_by_competitor(movement: Movement) -> dict[tuple[Label, TrayNo], list[Play]]:
    """Every play of every tray, per competitor and tray."""
    plays: dict[tuple[Label, TrayNo], list[Play]] = defaultdict(list)
    for s in movement.seatings:
        for who, hands in zip(s.places, s.hands_in_place_order(), strict=True):
            for t in s.trays:
                plays[(who, t)].append(Play(s.round, s.table, hands))
    return plays


_PlayedAt = tuple[RoundNo, TableNo, tuple[Label, ...], bool]
"""Where a tray is played: round, table, who sits there, and whether arrow-switched."""


def tray_sets(movement: Movement) -> list[tuple[TrayNo, ...]]:
    """Trays always played together (same rounds, tables, seatings and hands) form one set.

    Comparisons count once per set, so a movement's balance does not depend on how many
    trays a round holds.
    """
    # Each distinct play is numbered once, so a tray's signature is a tuple of small integers
    # (hashed and sorted far faster than the plays themselves: 40,000 trays for 58 teams).
    played_at: dict[_PlayedAt, int] = {}
    signature: dict[TrayNo, list[int]] = defaultdict(list)
    for s in movement.seatings:
        play = played_at.setdefault((s.round, s.table, s.places, s.switched), len(played_at))
        for t in s.trays:
            signature[t].append(play)
    groups: dict[tuple[int, ...], list[TrayNo]] = defaultdict(list)
    for t in movement.tray_numbers:
        if t in signature:
            groups[tuple(sorted(signature[t]))].append(t)
    return [tuple(g) for g in groups.values()]


def all_pairs(labels: Iterable[Label]) -> list[PairKey]:
    """Every unordered pair of distinct labels."""
    items = list(labels)
    return [pair_key(a, b) for i, a in enumerate(items) for b in items[i + 1 :]]
