"""Counts over a movement that the verifier and the balance report share.

All are linear in seats x rounds: one pass over the seatings.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from schedules.types import Direction, Label, Movement, RoundNo, TableNo, TrayNo

PairKey = tuple[Label, Label]


def pair_key(a: Label, b: Label) -> PairKey:
    """An unordered pair of competitors as a dictionary key."""
    return (a, b) if a <= b else (b, a)


def opponent_counts(movement: Movement) -> Counter[PairKey]:
    """How many rounds each two competitors sit on opposite sides of one table."""
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
    signature: dict[TrayNo, list[_PlayedAt]] = defaultdict(list)
    for s in movement.seatings:
        for t in s.trays:
            signature[t].append((s.round, s.table, s.places, s.switched))
    groups: dict[tuple[_PlayedAt, ...], list[TrayNo]] = defaultdict(list)
    for t in movement.tray_numbers:
        if t in signature:
            groups[tuple(sorted(signature[t]))].append(t)
    return [tuple(g) for g in groups.values()]


def all_pairs(labels: Iterable[Label]) -> list[PairKey]:
    """Every unordered pair of distinct labels."""
    items = list(labels)
    return [pair_key(a, b) for i, a in enumerate(items) for b in items[i + 1 :]]
