"""The playing order of shared trays: tables that play the same trays in one round start with
different trays and pass each on when done, so that one copy of a tray serves them all.

Two tables playing trays 9 and 10 in the same order would need two copies of each, dealt
alike; staggered, one starts with 9 and the other with 10, and each passes its tray to the
other when done. With more tables than trays (four tables of an individual playing two trays)
each table plays its own copy, dealt alike: `copies` counts the tables that play a tray at
the same time, wherever in the evening that happens, so the set-up sheet deals exactly the
copies that are played.

>>> from schedules.types import Competitors, Seating, infer_trays
>>> seats = (Seating.pair(1, 1, (9, 10), "1", "2"), Seating.pair(1, 2, (9, 10), "3", "4"))
>>> m = Movement("any", Competitors.PAIRS, 2, 1, infer_trays(seats), seats, ("1", "2", "3", "4"))
>>> [s.trays for s in staggered(m).seatings], copies(m)[9], copies(staggered(m))[9]
([(9, 10), (10, 9)], 2, 1)
"""

from __future__ import annotations

from dataclasses import replace

from schedules.types import Movement, RoundNo, Seating, TableNo, Tray, TrayNo


def staggered(movement: Movement) -> Movement:
    """`movement` with every group of tables that play the same trays in the same order in
    one round, no more tables than trays, given turns: the k-th table of the group (in table
    order) starts k trays later, so no two tables hold a tray at once and each passes a tray,
    when done, to the one table that plays it next."""
    groups: dict[tuple[RoundNo, tuple[TrayNo, ...]], list[int]] = {}
    for i, s in enumerate(movement.seatings):
        groups.setdefault((s.round, s.trays), []).append(i)
    seatings = list(movement.seatings)
    for (_, trays), members in groups.items():
        # with more tables than trays some tables would hold a tray at once and pass it to
        # one of several tables: each keeps its own copy instead, and plays it in the same order
        if not 2 <= len(members) <= len(trays):
            continue
        for k, i in enumerate(sorted(members, key=lambda i: seatings[i].table)):
            turn = k % len(trays)
            seatings[i] = replace(seatings[i], trays=trays[turn:] + trays[:turn])
    if seatings == list(movement.seatings):
        return movement
    return replace(movement, seatings=tuple(seatings), trays=_dealt_first(movement, seatings))


def _dealt_first(movement: Movement, seatings: list[Seating]) -> tuple[Tray, ...]:
    """The trays with each original play at the table that plays the tray first in its
    original round (the table that starts with it deals it, law (e)); where several start
    with it at once (each with its own copy) the original table stays as it was."""
    first: dict[tuple[TrayNo, RoundNo], tuple[int, list[TableNo]]] = {}
    for s in seatings:
        for order, tray in enumerate(s.trays):
            best = first.get((tray, s.round))
            if best is None or order < best[0]:
                first[tray, s.round] = (order, [s.table])
            elif order == best[0]:
                best[1].append(s.table)
    trays = []
    for dealt in movement.trays:
        key = (dealt.number, dealt.original_round)
        _, starters = first.get(key, (0, [dealt.original_table]))
        if dealt.original_table not in starters:
            dealt = replace(dealt, original_table=min(starters))
        trays.append(dealt)
    return tuple(trays)


def copies(movement: Movement) -> dict[TrayNo, int]:
    """Per tray, the copies dealt alike that its play needs: the most tables that play it at
    the same place in their order in the same round, anywhere in the evening."""
    at: dict[tuple[TrayNo, RoundNo, int], int] = {}
    for s in movement.seatings:
        for order, tray in enumerate(s.trays):
            key = (tray, s.round, order)
            at[key] = at.get(key, 0) + 1
    out: dict[TrayNo, int] = dict.fromkeys(movement.tray_numbers, 1)
    for (tray, _, _), tables in at.items():
        out[tray] = max(out.get(tray, 1), tables)
    return out
