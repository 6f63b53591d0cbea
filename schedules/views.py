"""Derived views for printing and the GUI: where each competitor goes, where trays travel."""

from __future__ import annotations

from dataclasses import dataclass

from schedules.types import Label, Movement, RoundNo, Seat, TableNo, TrayNo


@dataclass(frozen=True, slots=True)
class Stop:
    """One round of a competitor's evening."""

    round: RoundNo
    table: TableNo | None
    """None when sitting out."""
    seat: Seat | None
    """Individuals: their seat. Pairs: N (sitting N-S) or E (sitting E-W)."""
    opponents: tuple[Label, ...]
    partners: tuple[Label, ...]
    trays: tuple[TrayNo, ...]
    switched: bool = False


def itinerary(movement: Movement, who: Label) -> tuple[Stop, ...]:
    """Every round of `who`, sit-outs included, in order."""
    mine = {s.round: s for s in movement.seatings if who in s.places}
    stops = []
    for r in range(1, movement.rounds + 1):
        s = mine.get(r)
        if s is None:
            stops.append(Stop(r, None, None, (), (), ()))
        else:
            stops.append(
                Stop(
                    r,
                    s.table,
                    s.seat_of(who),
                    s.opponents_of(who),
                    s.partners_of(who),
                    s.trays,
                    s.switched,
                )
            )
    return tuple(stops)


def itineraries(movement: Movement) -> dict[Label, tuple[Stop, ...]]:
    """Every competitor's itinerary, in one pass over the seatings."""
    by_who: dict[Label, dict[RoundNo, Stop]] = {c: {} for c in movement.field}
    for s in movement.seatings:
        for who in s.places:
            by_who.setdefault(who, {})[s.round] = Stop(
                s.round,
                s.table,
                s.seat_of(who),
                s.opponents_of(who),
                s.partners_of(who),
                s.trays,
                s.switched,
            )
    return {
        who: tuple(
            rounds.get(r, Stop(r, None, None, (), (), ())) for r in range(1, movement.rounds + 1)
        )
        for who, rounds in by_who.items()
    }


def next_stop(movement: Movement, who: Label, round: RoundNo) -> Stop | None:
    """Where `who` goes after `round` (None after the last round)."""
    if round >= movement.rounds:
        return None
    return itinerary(movement, who)[round]


@dataclass(frozen=True, slots=True)
class TrayFlow:
    """At one table in one round: the trays, where they came from and where they go next."""

    round: RoundNo
    table: TableNo
    trays: tuple[TrayNo, ...]
    received_from: tuple[TableNo, ...]
    """Tables that played these trays in the previous round (empty: dealt here or fresh)."""
    passed_to: tuple[TableNo, ...]
    """Tables that play them in the next round (empty: put aside)."""


def tray_flow(movement: Movement) -> dict[TableNo, tuple[TrayFlow, ...]]:
    """Per table, round by round, where its trays come from and go to."""
    at: dict[tuple[RoundNo, TrayNo], set[TableNo]] = {}
    for s in movement.seatings:
        for t in s.trays:
            at.setdefault((s.round, t), set()).add(s.table)
    flows: dict[TableNo, list[TrayFlow]] = {}
    for s in sorted(movement.seatings, key=lambda s: (s.table, s.round)):
        before = set().union(*(at.get((s.round - 1, t), set()) for t in s.trays))
        after = set().union(*(at.get((s.round + 1, t), set()) for t in s.trays))
        flows.setdefault(s.table, []).append(
            TrayFlow(s.round, s.table, s.trays, tuple(sorted(before)), tuple(sorted(after)))
        )
    return {t: tuple(f) for t, f in sorted(flows.items())}
