"""Small movements and sessions for the scoring tests, built from schedules types."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

from director.scoring.model import Revoke, SectionPlay, Settings, TableResult
from schedules.jsonio import movement_from_json
from schedules.types import Competitors, Direction, Movement, Seating, infer_trays
from tests.conftest import MOVEMENTS


def one_deal(tables: int) -> Movement:
    """Every table plays tray 1 in round 1; N/S pair t and E/W pair T+t at table t."""
    seats = tuple(Seating.pair(1, t, (1,), str(t), str(tables + t)) for t in range(1, tables + 1))
    field = tuple(str(i) for i in range(1, 2 * tables + 1))
    return Movement("test", Competitors.PAIRS, tables, 1, infer_trays(seats), seats, field)


def mitchell(tables: int, per_round: int, labels: Sequence[str] | None = None) -> Movement:
    """An odd-table Mitchell: N/S sit still at their table, E/W move up, trays move down."""
    names = list(labels or [str(i) for i in range(1, 2 * tables + 1)])
    seats = []
    for r in range(1, tables + 1):
        for t in range(1, tables + 1):
            ew = (t - 1 + r - 1) % tables
            tray_set = (t - 1 - (r - 1)) % tables
            trays = range(tray_set * per_round + 1, (tray_set + 1) * per_round + 1)
            seats.append(Seating.pair(r, t, trays, names[t - 1], names[tables + ew]))
    return Movement(
        "mitchell",
        Competitors.PAIRS,
        tables,
        tables,
        infer_trays(seats),
        tuple(seats),
        tuple(names),
        winners=("overall", "N-S", "E-W"),
    )


def published(name: str) -> Movement:
    """A published movement from tests/data/movements."""
    return movement_from_json(json.loads((MOVEMENTS / f"{name}.json").read_text()))


def plays(movement: Movement) -> list[tuple[int, int, int]]:
    """Every (round, table, tray) the movement has played."""
    return [(s.round, s.table, tray) for s in movement.seatings for tray in s.trays]


def session(
    movement: Movement, results: Iterable[TableResult], settings: Settings | None = None, **kw
) -> SectionPlay:
    """A session with default settings unless given."""
    return SectionPlay(movement, tuple(results), settings=settings or Settings(), **kw)


def one_deal_results(ns: Sequence[int], **extra: dict) -> list[TableResult]:
    """Results of tray 1 at tables 1..n with N/S tricks `ns`; `extra[table]` overrides fields."""
    out = []
    for t, tricks in enumerate(ns, start=1):
        fields = {"round": 1, "table": t, "tray": 1, "ns_tricks": tricks} | extra.get(str(t), {})
        out.append(TableResult(**fields))
    return out


def revoke(side: str, count: int, after: int, failed: int = 0) -> Revoke:
    """A revoke by "ns" or "ew"."""
    return Revoke(Direction(side), count, after, failed)


def ladies_gentlemen(tables: int, per_round: int) -> Movement:
    """Ladies sit North and East and never move; gentlemen sit South and West and move one
    table East each round; trays pass West (docs/movement-rules.md#fosters-ladies-and-gentlemen)."""
    ladies_n = [f"n{t}" for t in range(1, tables + 1)]
    ladies_e = [f"e{t}" for t in range(1, tables + 1)]
    gents_s = [f"s{t}" for t in range(1, tables + 1)]
    gents_w = [f"w{t}" for t in range(1, tables + 1)]
    seats = []
    for r in range(tables):
        for t in range(tables):
            g = (t - r) % tables
            tray_set = (t + r) % tables
            trays = range(tray_set * per_round + 1, (tray_set + 1) * per_round + 1)
            seats.append(
                Seating.individual(
                    r + 1, t + 1, trays, ladies_n[t], ladies_e[t], gents_s[g], gents_w[g]
                )
            )
    field = (*ladies_n, *ladies_e, *gents_s, *gents_w)
    attributes = dict.fromkeys(ladies_n + ladies_e, "lady") | dict.fromkeys(
        gents_s + gents_w, "gentleman"
    )
    return Movement(
        "ladies_gentlemen",
        Competitors.INDIVIDUALS,
        tables,
        tables,
        infer_trays(seats),
        tuple(seats),
        field,
        attributes=attributes,
        winners=("North", "East", "South", "West", "lady and gentleman"),
    )


def random_results(movement: Movement, seed: int) -> list[TableResult]:
    """A plausible result for every play of the movement."""
    import random

    rnd = random.Random(seed)
    return [TableResult(r, t, tray, rnd.randint(2, 11)) for r, t, tray in plays(movement)]
