"""What one table sees now: its round, who sits where, its trays, and where pairs go next.

A table's *current round* is the lowest round in which the movement gives it a tray that has
no counting result yet: the table moves on by itself once every tray of its round is entered
(by the table, or by the director at the grid), and a tray dealt again (a new deal) brings the
table back to the round that plays it. A table may enter only the trays of its current round.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from director.printing.contents import competitor_name, rest_text, seat_name
from director.store.services import ConflictError, Result
from director.store.table_values import TableCall, TableToken
from schedules.routes import itinerary, next_stop
from schedules.types import Competitors, Label, Movement, Seat, Seating

Play = tuple[int, int]
"""(round, tray) at one table."""


class NotTheTablesTurnError(ConflictError):
    """A round or tray the table may not enter now (HTTP 409); the message says why."""


@dataclass(frozen=True, slots=True)
class PlanChange:
    """The director changed a table's play while the tables were served (a repair, or the
    undo of one): its page says so until the table enters its next result."""

    step: int
    """The audit step at which the change was seen."""
    from_round: int
    """The first round whose seats or trays at the table changed."""
    entered: int
    """The table's results when it changed."""
    words: str
    """What the page says."""


def plan_changes(
    before: Movement, after: Movement, step: int, entered: Mapping[int, int]
) -> dict[int, PlanChange]:
    """The tables whose seats or trays differ between two movements of a section, each with
    what its page says; `entered`: each table's results now."""
    old, new = _plans(before), _plans(after)
    changes = {}
    for table in sorted(set(old) | set(new)):
        was, now = old.get(table, {}), new.get(table, {})
        differ = sorted(r for r in set(was) | set(now) if was.get(r) != now.get(r))
        if not differ:
            continue
        first = differ[0]
        if not was:
            words = f"this table is new: play here from round {first}, as below"
        elif not any(r >= first for r in now):
            words = "no more play at this table"
            words += f" after round {first - 1}" if first > 1 else ""
        elif first not in now:
            words = f"no play at this table in round {first}; the rounds below are as changed"
        else:
            words = f"this table's play changes from round {first}; the seats and trays below are"
            words += " as changed"
        said = f"The director has changed the movement: {words}."
        changes[table] = PlanChange(step, first, entered.get(table, 0), said)
    return changes


def _plans(movement: Movement) -> dict[int, dict[int, list[tuple[object, ...]]]]:
    """Each table's seatings by round, as comparable values."""
    plans: dict[int, dict[int, list[tuple[object, ...]]]] = {}
    for s in movement.seatings:
        seated = (s.places, s.trays, s.switched)
        plans.setdefault(s.table, {}).setdefault(s.round, []).append(seated)
    return plans


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
    change: PlanChange | None = None
    """The latest change of the table's play while served."""
    room_round: int | None = None
    """The section's open round: the lowest with a tray still to enter at some table."""

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
            elif stop.table is None or stop.seat is None:  # and where they play after it
                where = rest_text(self.movement, itinerary(self.movement, label), stop.round)
            else:
                where = f"table {stop.table}, {seat_name(self.movement, stop.seat)}"
            moves.append({"who": self.who(label), "to": where})
        return moves

    def state(self) -> dict[str, object]:
        """The JSON the table's page (and any script) reads at `GET {link}/state`, but for the
        round timer, which the server adds as it reads then."""
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
            "changed": self._changed(),
            "resting": self._resting(now, plays),
        }

    def _changed(self) -> str | None:
        """What the page says of the director's latest change to the table's play, until the
        table enters its next result."""
        change = self.change
        return change.words if change is not None and len(self.results) <= change.entered else None

    def _resting(self, now: int | None, plays: Mapping[int, tuple[int, ...]]) -> str | None:
        """What the page says while the room plays a round the table has no play in, before
        one it does (a withdrawal left nobody to play there, or the movement rests it)."""
        room = self.room_round
        if room is None or now is None or room >= now or room in plays:
            return None
        return f"No play at this table in round {room}: whoever comes here sits out the round."

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
