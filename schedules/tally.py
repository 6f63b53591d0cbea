"""Counts over a movement that the verifier and the balance report share.

All are linear in seats x rounds: one pass over the seatings. The checks that concern every
play of every tray read the trays in blocks played together (`tray_blocks`).
"""

from __future__ import annotations

import weakref
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import chain, count
from operator import attrgetter, itemgetter
from typing import TypeVar, cast

from schedules.types import Direction, Label, Movement, RoundNo, Seating, TableNo, TrayNo

T = TypeVar("T")

PairKey = tuple[Label, Label]

_ROUND, _TABLE = attrgetter("round"), attrgetter("table")
_ROUND_TABLE = attrgetter("round", "table")


def pair_key(a: Label, b: Label) -> PairKey:
    """An unordered pair of competitors as a dictionary key."""
    return (a, b) if a <= b else (b, a)


_LAST: dict[str, tuple[weakref.ref[Movement], object]] = {}
"""Per kind of count, the last movement counted (weakly) and its counts."""


def _remembered(kind: str, movement: Movement, count: Callable[[Movement], T]) -> T:
    """`count(movement)`, kept for the last movement asked: the verifier and then the balance
    report count the same movement's meetings (a third of a second for 200 players) and cut
    its trays into the same blocks, and a movement never changes once made (it is frozen).

    Kept only while the movement lives: holding it to the end of the program would leave a
    large movement for the collector's last pass at exit, which walks every object alive (a
    quarter of a second for 58 teams); freed with the movement, it costs a tenth of that."""
    cache = _LAST  # held by the callback below, which may run as the program ends
    last = cache.get(kind)
    if last is None or last[0]() is not movement:

        def forget(ref: weakref.ref[Movement]) -> None:
            if cache.get(kind, (None,))[0] is ref:
                del cache[kind]

        last = cache[kind] = (weakref.ref(movement, forget), count(movement))
    return cast(T, last[1])


def opponent_counts(movement: Movement) -> Counter[PairKey]:
    """How many rounds each two competitors sit on opposite sides of one table."""
    return _remembered("opponents", movement, _count_opponents).copy()


_ACROSS_FOUR = ((0, 1), (0, 3), (2, 1), (2, 3))
"""Places of four individuals (N E S W) on opposite sides: N-E, N-W, S-E, S-W."""
_ACROSS_TWO = ((0, 1),)
"""Places of two pairs: N-S against E-W."""
_BESIDE = ((0, 2), (1, 3))
"""Places of four individuals on one side: N-S, E-W."""


def _count_opponents(movement: Movement) -> Counter[PairKey]:
    # A set per round: a round split into several seatings at one table is one meeting.
    # Places by index and the pair ordered in line: a call per pair (Seating.side, pair_key)
    # costs more than the counting for a field of 200.
    met = {
        (s.round, (p[i], p[j]) if p[i] <= p[j] else (p[j], p[i]))
        for s in movement.seatings
        for p in (s.places,)
        for i, j in (_ACROSS_FOUR if len(p) == 4 else _ACROSS_TWO)
    }
    return Counter(map(itemgetter(1), met))


def partner_counts(movement: Movement) -> Counter[PairKey]:
    """How many rounds each two individuals are partners."""
    return _remembered("partners", movement, _count_partners).copy()


def _count_partners(movement: Movement) -> Counter[PairKey]:
    together = {
        (s.round, (p[i], p[j]) if p[i] <= p[j] else (p[j], p[i]))
        for s in movement.seatings
        for p in (s.places,)
        if len(p) == 4
        for i, j in _BESIDE
    }
    return Counter(map(itemgetter(1), together))


@dataclass(frozen=True, slots=True)
class Play:
    """One competitor's play of one tray."""

    round: RoundNo
    table: TableNo
    hands: Direction


def plays_by_competitor(movement: Movement) -> dict[tuple[Label, TrayNo], list[Play]]:
    """Every play of every tray, per competitor and tray, in the order played (round, then
    table): a document may list its seatings table by table, and "first" must mean first."""
    plays: dict[tuple[Label, TrayNo], list[Play]] = defaultdict(list)
    # sorted once (a linear pass when the seatings are in order already, as built ones are)
    for s in sorted(movement.seatings, key=_ROUND_TABLE):
        for who, hands in zip(s.places, s.hands_in_place_order(), strict=True):
            for t in s.trays:
                plays[(who, t)].append(Play(s.round, s.table, hands))
    return plays


_PlayedAt = tuple[RoundNo, TableNo, tuple[Label, ...], bool]
"""Where a tray is played: round, table, who sits there, and whether arrow-switched."""
_PLAY: Callable[[Seating], _PlayedAt] = attrgetter("round", "table", "places", "switched")


@dataclass(frozen=True, slots=True)
class TrayBlocks:
    """The trays cut into blocks, each block's trays played at the same seatings and declared
    in the same relays.

    A check that would look at every play of every tray looks at every play of a block and
    answers for each of its trays: a team match's trays travel as one set, a whist
    tournament's round is one set at every table, so a seating plays one block of several
    trays. Where the seatings' and relays' trays do not fall into blocks like that (a set
    overlapping another without being it, or a seating listing a tray twice) every tray is a
    block of its own and the checks read tray by tray.
    """

    trays: tuple[tuple[TrayNo, ...], ...]
    """Each block's trays."""
    block_of: dict[TrayNo, int]
    """Tray -> its block, for every tray played or declared in a relay."""
    of_seating: tuple[tuple[int, ...], ...]
    """Per seating, in the movement's order, the blocks it plays (one per tray, tray by tray)."""
    of_share: tuple[tuple[int, ...], ...]
    """Per relay declared, in the movement's order, the blocks it declares."""


def tray_blocks(movement: Movement) -> TrayBlocks:
    """The movement's trays in blocks played together (see `TrayBlocks`)."""
    return _remembered("blocks", movement, _cut_blocks)


_Cut = tuple[tuple[tuple[TrayNo, ...], ...], dict[TrayNo, int], list[tuple[int, ...]]]
"""Blocks' trays, the block of each tray, and the blocks of each listing of trays."""


def _cut_blocks(movement: Movement) -> TrayBlocks:
    listed = [s.trays for s in movement.seatings] + [sh.trays for sh in movement.shared]
    trays, block_of, blocks = _by_set(listed) or _one_by_one(listed)
    seatings = len(movement.seatings)
    return TrayBlocks(trays, block_of, tuple(blocks[:seatings]), tuple(blocks[seatings:]))


def _by_set(listed: Sequence[tuple[TrayNo, ...]]) -> _Cut | None:
    """A block per set of trays listed, if every two sets are the same or have no tray in
    common and no listing names a tray twice; None otherwise."""
    # mapped, not loops of ours: 30,000 listings for 58 teams
    sets = list(map(frozenset, listed))
    distinct = tuple(dict.fromkeys(filter(None, sets)))
    block_of = {t: b for b, trays in enumerate(distinct) for t in trays}
    # distinct sets are disjoint when they hold as many trays as their sizes add up to, and
    # no listing repeats a tray when the sets are as long as the listings
    if len(block_of) != sum(map(len, distinct)) or sum(map(len, sets)) != sum(map(len, listed)):
        return None
    index: dict[frozenset[TrayNo], tuple[int, ...]] = {k: (b,) for b, k in enumerate(distinct)}
    index[frozenset()] = ()
    return tuple(map(tuple, distinct)), block_of, list(map(index.__getitem__, sets))


def _one_by_one(listed: Sequence[tuple[TrayNo, ...]]) -> _Cut:
    """A block per tray."""
    block_of = {t: b for b, t in enumerate(dict.fromkeys(chain.from_iterable(listed)))}
    blocks = [tuple(map(block_of.__getitem__, trays)) for trays in listed]
    return tuple((t,) for t in block_of), block_of, blocks


def tray_sets(movement: Movement) -> list[tuple[TrayNo, ...]]:
    """Trays always played together (same rounds, tables, seatings and hands) form one set.

    Comparisons count once per set, so a movement's balance does not depend on how many
    trays a round holds.
    """
    blocks = tray_blocks(movement)
    seatings = movement.seatings
    # A set's key: its blocks' signature, the plays of a block, so that blocks played the same
    # way (a round split at one table into parts) are one set. Each distinct play is numbered
    # once, so a signature is a tuple of small integers (hashed and sorted far faster than the
    # plays themselves: 40,000 trays for 58 teams).
    key: dict[int, Hashable]
    tables = set(zip(map(_ROUND, seatings), map(_TABLE, seatings), strict=True))
    if len(tables) == len(seatings) and max(map(len, blocks.of_seating), default=0) <= 1:
        # Every seating at a table of its own in its round, so a play of its own, playing one
        # block: no two blocks are played the same way, and each block is a set (a team
        # match, a whist tournament's round). Told by round and table: two numbers a seating
        # hash faster than the plays.
        played = list(chain.from_iterable(blocks.of_seating))
        key = dict(zip(played, played, strict=True))
    else:
        played_at: dict[_PlayedAt, int] = {}
        numbered = list(map(played_at.setdefault, map(_PLAY, seatings), count()))
        plays: dict[int, list[int]] = defaultdict(list)
        for play, blocks_played in zip(numbered, blocks.of_seating, strict=True):
            for b in blocks_played:
                plays[b].append(play)
        key = {b: tuple(sorted(ids)) for b, ids in plays.items()}
    groups: dict[Hashable, list[TrayNo]] = defaultdict(list)
    block_of = blocks.block_of
    for t in movement.tray_numbers:
        played_as = key.get(block_of.get(t, -1))
        if played_as is not None:
            groups[played_as].append(t)
    return [tuple(g) for g in groups.values()]


def all_pairs(labels: Iterable[Label]) -> list[PairKey]:
    """Every unordered pair of distinct labels."""
    items = list(labels)
    # `pair_key` in line: 60,000 pairs for the 348 partnerships of 58 teams
    return [(a, b) if a <= b else (b, a) for i, a in enumerate(items) for b in items[i + 1 :]]
