"""Movements of any size for printing tests and benchmarks, built from schedules types alone.

`round_robin` seats 2T pairs at T tables by the circle method: every two pairs meet exactly
once over 2T-1 rounds (a complete Howell's meetings); every table plays round r's tray set
(a relay), so nobody plays a tray twice.
"""

from __future__ import annotations

from dataclasses import replace

from schedules.types import Competitors, Movement, Seating, find_shares, infer_trays, tray_block


def round_robin(tables: int, trays_per_round: int = 2) -> Movement:
    """A complete-Howell-like movement for `tables` tables (2T pairs, 2T-1 rounds)."""
    pairs = 2 * tables
    rounds = pairs - 1
    seatings = []
    for r in range(1, rounds + 1):
        ring = [pairs] + [(r - 1 + k) % (pairs - 1) + 1 for k in range(pairs - 1)]
        for t in range(1, tables + 1):
            a, b = ring[t - 1], ring[pairs - t]
            ns, ew = (a, b) if (r + t) % 2 else (b, a)
            seatings.append(Seating.pair(r, t, tray_block(r, trays_per_round), str(ns), str(ew)))
    return Movement(
        family="howell",
        competitors=Competitors.PAIRS,
        tables=tables,
        rounds=rounds,
        trays=infer_trays(seatings),
        seatings=tuple(seatings),
        field=tuple(str(p) for p in range(1, pairs + 1)),
        shared=find_shares(seatings),
    )


def with_long_names(movement: Movement) -> Movement:
    """The same movement with every competitor renamed to a long label (overflow tests)."""
    names = {who: f"{who}-Featherstonehaugh-Cholmondeley" for who in movement.field}
    seatings = tuple(
        replace(s, places=tuple(names.get(p, p) for p in s.places)) for s in movement.seatings
    )
    return replace(
        movement,
        seatings=seatings,
        field=tuple(names[w] for w in movement.field),
        attributes={names[w]: a for w, a in movement.attributes.items()},
    )
