"""Routes: where each competitor goes and where the trays travel, for printing and the GUI."""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from schedules.types import Label, Movement, RoundNo, Seat, Seating, TableNo, TrayNo


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
    switched_trays: tuple[TrayNo, ...] = ()
    """The trays played holding the other side's hands: all of them under an arrow switch,
    the second half under the half-round trick (a round split at one table)."""

    @property
    def switched(self) -> bool:
        """Every tray of the round played holding the other side's hands."""
        return bool(self.trays) and len(self.switched_trays) == len(self.trays)


def _stop(s: Seating, who: Label, before: Stop | None) -> Stop:
    """`who`'s round at seating `s`; the second half of a round split at a table adds its
    trays to the first half's stop."""
    switched = s.trays if s.switched else ()
    if before is not None:
        return replace(
            before, trays=before.trays + s.trays, switched_trays=before.switched_trays + switched
        )
    return Stop(
        s.round, s.table, s.seat_of(who), s.opponents_of(who), s.partners_of(who), s.trays, switched
    )


def _in_rounds(movement: Movement, stops: dict[RoundNo, Stop]) -> tuple[Stop, ...]:
    """A stop for every round, sitting out where none is played."""
    return tuple(
        stops.get(r, Stop(r, None, None, (), (), ())) for r in range(1, movement.rounds + 1)
    )


def itinerary(movement: Movement, who: Label) -> tuple[Stop, ...]:
    """Every round of `who`, sit-outs included, in order."""
    stops: dict[RoundNo, Stop] = {}
    for s in movement.seatings:
        if who in s.places:
            stops[s.round] = _stop(s, who, stops.get(s.round))
    return _in_rounds(movement, stops)


def itineraries(movement: Movement) -> dict[Label, tuple[Stop, ...]]:
    """Every competitor's itinerary, in one pass over the seatings."""
    by_who: dict[Label, dict[RoundNo, Stop]] = {c: {} for c in movement.field}
    for s in movement.seatings:
        for who in s.places:
            mine = by_who.setdefault(who, {})
            mine[s.round] = _stop(s, who, mine.get(s.round))
    return {who: _in_rounds(movement, stops) for who, stops in by_who.items()}


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


# --- Every tray's way ----------------------------------------------------------------------


class Hop(enum.Enum):
    """How trays reach a play, or leave it."""

    NEW = "new"
    """Before their first play: dealt at this table (the original play)."""
    TABLE = "table"
    """Straight to or from a table, at the change of round (maybe this same table)."""
    PASS = "pass"
    """To or from another table within the round, tray by tray (Safford, a stationary table)."""
    STAND = "stand"
    """Through a bye-stand: the trays wait there for rounds until their next table takes them."""
    DONE = "done"
    """After their last play: back to the director."""


@dataclass(frozen=True, slots=True)
class Leg:
    """One end of a tray's journey between two plays, seen from one of them."""

    hop: Hop
    tables: tuple[TableNo, ...] = ()
    """The tables at the other end (several when they share the trays); for NEW the tables that
    deal it at the same time, each from its own copy, when there are several; empty for DONE."""
    round: RoundNo | None = None
    """The round at the other end."""
    stand: TableNo | None = None
    """STAND: the trays wait on the stand beside this table (the first table to take them);
    NEW: the first of the tables that play them first, beside which they wait to be dealt."""


@dataclass(frozen=True, slots=True)
class TrayWay:
    """At one table in one round: the trays, who shares them, and each tray's way in and out."""

    round: RoundNo
    table: TableNo
    trays: tuple[TrayNo, ...]
    sharing: tuple[TableNo, ...]
    """Other tables playing some of these trays this round (at once, or passed in a relay)."""
    came: tuple[tuple[TrayNo, Leg], ...]
    goes: tuple[tuple[TrayNo, Leg], ...]


@dataclass(frozen=True, slots=True)
class _Visit:
    """Tables that play a tray together: same round, same place in their order of play."""

    round: RoundNo
    order: int
    tables: tuple[TableNo, ...]


def tray_ways(movement: Movement) -> dict[TableNo, tuple[TrayWay, ...]]:
    """Per table, round by round: every tray's way in and out, none left blank.

    A tray goes from one play to the next straight across the change of round, within the round
    (when tables play it one after another), or, when its next play is rounds away, onto the
    bye-stand beside the table that plays it next; after its last play it goes back to the
    director. Tables playing a tray at the same place in their order of play share it."""
    visits = _visits(movement)
    # Where each play sits in its tray's path, and who plays the tray in each round: looked up,
    # not searched, since a 30-table Howell has thousands of plays.
    step = {
        (tray, v.round, v.order): i for tray, path in visits.items() for i, v in enumerate(path)
    }
    in_round: dict[tuple[TrayNo, RoundNo], set[TableNo]] = {}
    for tray, path in visits.items():
        for v in path:
            in_round.setdefault((tray, v.round), set()).update(v.tables)
    ways: dict[TableNo, list[TrayWay]] = {}
    for s in sorted(movement.seatings, key=lambda s: (s.table, s.round)):
        came: list[tuple[TrayNo, Leg]] = []
        goes: list[tuple[TrayNo, Leg]] = []
        sharing: set[TableNo] = set()
        for order, tray in enumerate(s.trays):
            path = visits[tray]
            i = step[tray, s.round, order]
            # every other table playing the tray this round: at once, or in a relay
            sharing.update(in_round[tray, s.round])
            came.append((tray, _leg(path[i - 1], path[i], back=True) if i else _new(path[i])))
            last = i == len(path) - 1
            goes.append((tray, Leg(Hop.DONE) if last else _leg(path[i], path[i + 1], False)))
        sharing.discard(s.table)
        way = TrayWay(s.round, s.table, s.trays, tuple(sorted(sharing)), tuple(came), tuple(goes))
        ways.setdefault(s.table, []).append(way)
    return {t: tuple(w) for t, w in sorted(ways.items())}


def _visits(movement: Movement) -> dict[TrayNo, list[_Visit]]:
    """Every tray's plays in the order they happen."""
    plays: dict[TrayNo, dict[tuple[RoundNo, int], list[TableNo]]] = {}
    for s in movement.seatings:
        for order, tray in enumerate(s.trays):
            plays.setdefault(tray, {}).setdefault((s.round, order), []).append(s.table)
    return {
        tray: [_Visit(r, o, tuple(sorted(tables))) for (r, o), tables in sorted(at.items())]
        for tray, at in plays.items()
    }


def _new(first: _Visit) -> Leg:
    """A tray's way to its first play: dealt there, waiting beforehand on the stand beside the
    first of the tables that play it then; several tables playing it at once each need a copy
    dealt alike."""
    together = first.tables if len(first.tables) > 1 else ()
    return Leg(Hop.NEW, together, stand=first.tables[0])


def _leg(before: _Visit, after: _Visit, back: bool) -> Leg:
    """The hop between two plays, seen from `after` (back) or from `before`."""
    other = before if back else after
    if before.round == after.round:
        return Leg(Hop.PASS, other.tables, other.round)
    if after.round == before.round + 1:
        return Leg(Hop.TABLE, other.tables, other.round)
    return Leg(Hop.STAND, other.tables, other.round, stand=after.tables[0])
