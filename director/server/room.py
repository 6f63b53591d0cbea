"""The event as the table server reads it: once per change, for every table at once.

Every table's page asks for its state every few seconds, from the first result of the evening
to the six hundredth. The audit trail numbers every change to the event, undo and redo included
(`EventStore.newest_step`): the room reads the event again only when that number has moved, and
each table's state is worked out once per change, so that a poll costs the same at the end of
the evening as at its start.

The movement is read per change too, never once for the evening: a repair made while the tables
are served (a late pair, a withdrawal, a cut, a wrong move, an arrow switch, or the undo of one)
reaches every page at its next poll. A change that touched only results and irregularities keeps
the movement (reading a large one costs more than the rest together); any other reads it again
and compares it with the one before, table by table, so that the page of each table whose plan
changed says so.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field

from director.server.clock import RoundClock
from director.server.table_view import PlanChange, Play, TableView, plan_changes
from director.store.services import EventStore, Result, StoreError
from director.store.table_values import TableCall, TableToken
from schedules.types import Label, Movement

Section = tuple[int, str]
"""(session, section)."""


@dataclass(frozen=True)
class SectionReading:
    """One section as it stood at a step of the audit trail."""

    movement: Movement
    results: Mapping[int, Mapping[Play, Result]]
    """Counting results by table, then by (round, tray)."""
    calls: Mapping[int, tuple[TableCall, ...]]
    """Calls to the director by table."""
    open_round: int | None
    """The lowest round in which a table still has a tray to enter (None: every one is in)."""


@dataclass
class Reading:
    """The event at one step: what every table's state is made of, read as it is asked for."""

    step: int
    names: Mapping[Label, str]
    """Printed names by partnership label."""
    scored: tuple[Section, ...] | None = None
    """The sections with a movement, once asked for."""
    sections: dict[Section, SectionReading] = field(default_factory=dict)
    states: dict[tuple[Section, int], dict[str, object]] = field(default_factory=dict)
    """Each table's state (without the clock), worked out once."""


class Room:
    """The tables of one event as the server shows them; safe to share between threads."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._reading: Reading | None = None
        self._kept: dict[Section, tuple[int, SectionReading]] = {}
        """Each section as last read, and the step it was read at."""
        self._changes: dict[Section, dict[int, PlanChange]] = {}
        """The latest change of each table's plan while served, by section and table."""

    def view(self, link: TableToken) -> TableView:
        """The table's evening as it stands now."""
        step = self.store.newest_step()
        with self._lock:
            return self._view(self._at(step), link)

    def state(self, link: TableToken, step: int | None = None) -> dict[str, object]:
        """The table's state as its page reads it (without the round timer), as of now (or of
        `step`, the audit trail's newest just read)."""
        step = self.store.newest_step() if step is None else step
        with self._lock:
            reading = self._at(step)
            key = ((link.session, link.section), link.table)
            state = reading.states.get(key)
            if state is None:
                state = reading.states[key] = self._view(reading, link).state()
            return state

    def open_round(self, session: int, step: int | None = None) -> int | None:
        """The room's open round in `session`: the lowest round in which a table of any section
        still has a tray to enter (None: every result is in); as of now, or of `step`."""
        step = self.store.newest_step() if step is None else step
        with self._lock:
            reading = self._at(step)
            if reading.scored is None:
                reading.scored = tuple((i.number, s) for i, s in self.store.scored_sections())
            rounds = [
                self._section(reading, section).open_round
                for section in reading.scored
                if section[0] == session
            ]
        return min((r for r in rounds if r is not None), default=None)

    def follow(self, clock: RoundClock, session: int, step: int | None = None) -> None:
        """Bring the room up to date with the event and move the round timer on to its open
        round, if the room has moved on (or stop it after the last round): the movement as it
        stands now decides which round that is."""
        clock.follow(self.open_round(session, step))

    # -- read once per change (under the lock) ------------------------------------------------

    def _at(self, step: int) -> Reading:
        """The reading at `step` (or a newer one, read meanwhile by another request)."""
        if self._reading is None or self._reading.step < step:
            self._reading = Reading(step, self.store.printed_names())
        return self._reading

    def _section(self, reading: Reading, section: Section) -> SectionReading:
        found = reading.sections.get(section)
        if found is None:
            found = reading.sections[section] = self._read_section(reading.step, section)
        return found

    def _read_section(self, step: int, section: Section) -> SectionReading:
        """The section at `step`, from the one read before where only results and
        irregularities changed since (their trays read again); else read whole, noting the
        tables whose play a new movement changed."""
        session, name = section
        kept = self._kept.get(section)
        changes = None
        if kept is not None:
            changes = self.store.scoring_changes(kept[0], session=session, section=name)
        if kept is not None and changes is not None:
            movement = kept[1].movement
            fresh = (
                self.store.results_of_trays(changes.trays, session=session, section=name)
                if changes.trays
                else ()
            )
            results = _replaced(kept[1].results, changes.trays, fresh)
        else:
            movement = self.store.movement(session=session, section=name)
            results = _by_table(self.store.results(session=session, section=name))
            if kept is not None and kept[1].movement != movement:
                self._note_changes(section, kept[1].movement, movement, step, results)
        calls: dict[int, list[TableCall]] = {}
        for c in self.store.table_calls(session=session, section=name):
            calls.setdefault(c.table, []).append(c)
        read = SectionReading(
            movement,
            results,
            {table: tuple(made) for table, made in calls.items()},
            _open_round(movement, results),
        )
        self._kept[section] = (step, read)
        return read

    def _note_changes(
        self,
        section: Section,
        before: Movement,
        after: Movement,
        step: int,
        results: Mapping[int, Mapping[Play, Result]],
    ) -> None:
        """Note each table whose play the director changed (a repair or its undo), for its
        page; give a table new to the section its link."""
        entered = {table: len(played) for table, played in results.items()}
        self._changes.setdefault(section, {}).update(plan_changes(before, after, step, entered))
        if {s.table for s in after.seatings} - {s.table for s in before.seatings}:
            self._link_new_tables(section)

    def _link_new_tables(self, section: Section) -> None:
        """A late pair's new table gets its link (the others keep theirs), so that its table
        card can carry it; not possible on an event opened for reading only."""
        session, name = section
        with contextlib.suppress(StoreError):
            self.store.issue_table_links(session=session, section=name)

    def _view(self, reading: Reading, link: TableToken) -> TableView:
        section = (link.session, link.section)
        read = self._section(reading, section)
        return TableView(
            link,
            read.movement,
            read.results.get(link.table, {}),
            reading.names,
            read.calls.get(link.table, ()),
            self._changes.get(section, {}).get(link.table),
            read.open_round,
        )


def _by_table(results: Iterable[Result]) -> dict[int, dict[Play, Result]]:
    """Results by table, then by (round, tray)."""
    tables: dict[int, dict[Play, Result]] = {}
    for r in results:
        tables.setdefault(r.table, {})[(r.round, r.tray)] = r
    return tables


def _replaced(
    before: Mapping[int, Mapping[Play, Result]], trays: Collection[int], now: Iterable[Result]
) -> dict[int, dict[Play, Result]]:
    """`before` with the results of `trays` replaced by those `now` holds."""
    kept = {
        table: {play: r for play, r in played.items() if r.tray not in trays}
        for table, played in before.items()
    }
    for r in now:
        kept.setdefault(r.table, {})[(r.round, r.tray)] = r
    return kept


def _open_round(movement: Movement, results: Mapping[int, Mapping[Play, Result]]) -> int | None:
    """The lowest round in which a table still has a tray to enter (None: every one is in)."""
    return min(
        (
            s.round
            for s in movement.seatings
            for tray in s.trays
            if (s.round, tray) not in results.get(s.table, {})
        ),
        default=None,
    )
