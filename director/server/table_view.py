"""What one table sees now: its round, who sits where, its trays, and where pairs go next.

A table's *current round* is the lowest round in which the movement gives it a tray that has
no counting result yet: the table moves on by itself once every tray of its round is entered
(by the table, or by the director at the grid), and a tray dealt again (a new deal) brings the
table back to the round that plays it. A table may enter only the trays of its current round.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass

from director.printing.contents import competitor_name, seat_name
from director.server.clock import WARNING_SECONDS, ClockReading
from director.store.services import ConflictError, EventStore, Result
from director.store.table_values import TableCall, TableToken
from schedules.routes import next_stop
from schedules.types import Competitors, Label, Movement, Seat, Seating

Play = tuple[int, int]
"""(round, tray) at one table."""


class NotTheTablesTurnError(ConflictError):
    """A round or tray the table may not enter now (HTTP 409); the message says why."""


class Movements:
    """The sections' movements, read again only when they may have changed.

    Reading a large movement costs more than the rest of a page's state together, and every
    table asks for its state every few seconds. Once a section has a result its movement is
    fixed (the store refuses to change it, and undo reaches the movement only after taking
    back every result), so it is kept; before that it is kept until the event changes.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: dict[tuple[int, str], tuple[int | None, Movement]] = {}

    def get(self, store: EventStore, session: int, section: str, frozen: bool) -> Movement:
        """The section's movement; `frozen`: the section has results, so it cannot change."""
        key = (session, section)
        with self._lock:
            kept = self._kept.get(key)
        if frozen and kept is not None and kept[0] is None:
            return kept[1]
        step = None if frozen else store.newest_step()
        if kept is not None and kept[0] == step:
            return kept[1]
        movement = store.movement(session=session, section=section)
        with self._lock:
            self._kept[key] = (step, movement)
        return movement


def open_round(store: EventStore, session: int, movements: Movements) -> int | None:
    """The room's open round in `session`: the lowest round in which a table of any section
    still has a tray to enter (None: every result is in)."""
    waiting: list[int] = []
    for info, section in store.scored_sections():
        if info.number != session:
            continue
        results = store.results(session=session, section=section)
        movement = movements.get(store, session, section, frozen=bool(results))
        entered = {(r.round, r.table, r.tray) for r in results}
        waiting += (
            s.round
            for s in movement.seatings
            for tray in s.trays
            if (s.round, s.table, tray) not in entered
        )
    return min(waiting, default=None)


@dataclass(frozen=True)
class TableView:
    """One table's evening as it stands, read from the store in one go."""

    link: TableToken
    movement: Movement
    results: Mapping[Play, Result]
    """This table's counting results."""
    names: Mapping[Label, str]
    """Printed names by partnership label (players' names joined)."""
    calls: tuple[TableCall, ...]
    """This table's calls to the director."""

    @classmethod
    def load(cls, store: EventStore, link: TableToken, movements: Movements) -> TableView:
        """Read what the table's page needs from the store."""
        session, section = link.session, link.section
        every = store.results(session=session, section=section)
        movement = movements.get(store, session, section, frozen=bool(every))
        results = {(r.round, r.tray): r for r in every if r.table == link.table}
        players = {p.id: p.name for p in store.players()}
        names = {
            p.label: " & ".join(players[i] for i in p.players if i in players)
            for p in store.partnerships()
        }
        section_calls = store.table_calls(session=session, section=section)
        calls = tuple(c for c in section_calls if c.table == link.table)
        return cls(link, movement, results, names, calls)

    @property
    def table(self) -> int:
        """The table's number."""
        return self.link.table

    def plays(self) -> dict[int, tuple[int, ...]]:
        """The trays of every round the table plays, in playing order (a round split at the
        table, as in the half-round trick, lists both halves)."""
        rounds: dict[int, tuple[int, ...]] = {}
        for s in sorted(self.movement.seatings, key=lambda s: s.round):
            if s.table == self.table:
                rounds[s.round] = rounds.get(s.round, ()) + s.trays
        return rounds

    def current_round(self) -> int | None:
        """The lowest round with a tray not yet entered (None: every round is done)."""
        for round_no, trays in sorted(self.plays().items()):
            if any((round_no, tray) not in self.results for tray in trays):
                return round_no
        return None

    def check_open(self, round_no: int, tray: int) -> None:
        """Refuse (`NotTheTablesTurnError`) unless `tray` of `round_no` is the table's to enter."""
        now = self.current_round()
        if now is None:
            raise NotTheTablesTurnError(
                f"every round at table {self.table} is entered; ask the director to change a result"
            )
        trays = self.plays()[now]
        if round_no != now:
            raise NotTheTablesTurnError(
                f"table {self.table} is playing round {now} now, not round {round_no}; ask the"
                " director to enter or change another round's result"
            )
        if tray not in trays:
            listed = ", ".join(str(t) for t in trays)
            raise NotTheTablesTurnError(
                f"tray {tray} is not played at table {self.table} in round {now} (its trays are"
                f" {listed})"
            )
        if (round_no, tray) in self.results:
            raise NotTheTablesTurnError(
                f"tray {tray} of round {now} is already entered; ask the director to change it"
            )

    def who(self, label: Label) -> str:
        """A competitor as the page names them: "Pair 3 (Ames & Brown)"."""
        named = competitor_name(self.movement, label)
        players = self.names.get(label)
        return f"{named} ({players})" if players else named

    def seats(self, round_no: int) -> list[dict[str, str]]:
        """Who holds which cards at the table in `round_no`: N, E, S, W."""
        seating = self._seating(round_no)
        if self.movement.competitors is Competitors.INDIVIDUALS:
            holders = dict(zip((Seat.N, Seat.E, Seat.S, Seat.W), seating.places, strict=False))
            return [{"seat": seat.name, "name": self.who(label)} for seat, label in holders.items()]
        return [{"seat": side, "name": name} for side, name in self._holders(seating).items()]

    def moves(self, after: int) -> list[dict[str, str]]:
        """Where each competitor at the table in round `after` goes next."""
        seating = next(
            (s for s in self.movement.seatings if s.round == after and s.table == self.table),
            None,
        )
        if seating is None:
            return []
        moves = []
        for label in seating.places:
            stop = next_stop(self.movement, label, after)
            if stop is None:
                where = "the last round is over"
            elif stop.table is None or stop.seat is None:
                where = f"sits out round {stop.round}"
            else:
                where = f"table {stop.table}, {seat_name(self.movement, stop.seat)}"
            moves.append({"who": self.who(label), "to": where})
        return moves

    def state(self, clock: ClockReading | None) -> dict[str, object]:
        """The JSON the table's page (and any script) reads: `GET {link}/state`."""
        now = self.current_round()
        plays = self.plays()
        shown = now if now is not None else max(plays, default=None)
        trays = plays.get(shown, ()) if shown is not None else ()
        entered_now = any((shown, t) in self.results for t in trays)
        before = [r for r in plays if shown is not None and r < shown]
        moves_after = max(before) if before and not entered_now else None
        if now is None and shown is not None:
            moves_after = shown
        return {
            "session": self.link.session,
            "section": self.link.section,
            "table": self.table,
            "round": now,
            "rounds": self.movement.rounds,
            "shown_round": shown,
            "seats": self.seats(shown) if shown is not None else [],
            "individuals": self.movement.competitors is Competitors.INDIVIDUALS,
            "trays": [self._tray(shown, t) for t in trays] if shown is not None else [],
            "moves_after": moves_after,
            "moves": self.moves(moves_after) if moves_after is not None else [],
            "clock": None
            if clock is None
            else {
                "round": clock.round,
                "seconds_left": clock.seconds_left,
                "warning": clock.warning,
                "warn_at": WARNING_SECONDS,
            },
        }

    def _seating(self, round_no: int, tray: int | None = None) -> Seating:
        """The table's seating in a round (the one playing `tray`: a round split at the table
        by the half-round trick has two, the second played the other way round)."""
        return next(
            s
            for s in self.movement.seatings
            if (s.round, s.table) == (round_no, self.table) and (tray is None or tray in s.trays)
        )

    def _holders(self, seating: Seating) -> dict[str, str]:
        """Who holds the N-S and the E-W cards of a tray (pairs; empty for individuals, whose
        seat is their hand): an arrow switch gives the pair sitting N-S the E-W cards."""
        if self.movement.competitors is Competitors.INDIVIDUALS:
            return {}
        ns, ew = reversed(seating.places) if seating.switched else seating.places
        return {"NS": self.who(ns), "EW": self.who(ew)}

    def _tray(self, round_no: int, tray: int) -> dict[str, object]:
        result = self.results.get((round_no, tray))
        calls = [c for c in self.calls if (c.round, c.tray) == (round_no, tray)]
        entry: dict[str, object] = {
            "tray": tray,
            "entered": result is not None,
            "calls": [{"kind": c.kind.value, "settled": c.settled} for c in calls],
            "holders": self._holders(self._seating(round_no, tray)),
        }
        if result is not None:
            entry |= {
                "ns": result.ns_tricks,
                "ew": result.ew_tricks,
                "ew_record": result.ew_record,
                "not_played": result.awards is not None,
                "by": result.entered_by,
            }
        return entry
