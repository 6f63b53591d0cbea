"""The open event as the screens see it: the store, the session and section on view, and a
signal telling the screens what changed (anki's `OpChanges`), so each refreshes only if needed."""

from __future__ import annotations

import enum
from collections.abc import Callable
from pathlib import Path
from typing import TypedDict, TypeVar

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QWidget

from director.gui.errors import report_exception
from director.store.paths import beside_event
from director.store.services import EventStore
from director.store.values import DiskFullError, ReadOnlyEventError
from schedules.types import Movement

T = TypeVar("T")

BACKUP_DELAY_MS = 1000
"""A backup copy that an entry made due is written this long after it, between keystrokes,
never inside the entry (the entry itself is on disk when its call returns)."""


class Where(TypedDict):
    """A session's section, as the store's keyword arguments."""

    session: int
    section: str


class Changed(enum.Flag):
    """What an operation changed."""

    PLAYERS = enum.auto()
    MOVEMENT = enum.auto()
    SLIPS = enum.auto()
    RESULTS = enum.auto()
    EVENT = enum.auto()
    PAPERS = enum.auto()
    """Papers were printed (nothing in the store changed)."""
    EVERYTHING = PLAYERS | MOVEMENT | SLIPS | RESULTS | EVENT | PAPERS


class EventContext(QObject):
    """One open event; owned by the main window and handed to every screen."""

    changed = Signal(object, object)
    """Emitted with a `Changed` flag and the widget that made the change (or None), after
    every committed change; a screen that updated itself in place ignores its own changes."""

    def __init__(self, store: EventStore, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.session = 1
        self.section = "A"
        self._movements: dict[tuple[int, str], Movement] = {}
        self.papers_printed: set[tuple[int, str]] = set()
        """The (session, section)s whose papers were printed or saved since the event was
        opened: the store keeps no record of printing."""
        self.links_base: str | None = None
        """While the tables are served: the address their links start with, so that the table
        cards printed then carry each table's link."""
        store.backups_later(self._back_up_soon)

    def _back_up_soon(self, write: Callable[[], object]) -> None:
        QTimer.singleShot(BACKUP_DELAY_MS, self, write)

    @property
    def where(self) -> Where:
        """The session and section, as the store's keyword arguments."""
        return {"session": self.session, "section": self.section}

    def select(self, session: int, section: str) -> None:
        """Look at another session or section."""
        self.session, self.section = session, section
        self.changed.emit(Changed.EVERYTHING, None)

    def notify(self, what: Changed, source: QObject | None = None) -> None:
        """Tell the screens that `what` changed (`source`: the widget that changed it)."""
        if what & Changed.MOVEMENT:
            self._movements.clear()
        self.changed.emit(what, source)

    def beside_event(self, name: str) -> Path:
        """Where a file or folder called `name` the director is asked for starts: beside the
        event file (in the data folder for an event on a database server)."""
        return beside_event(self.store.path, name)

    @property
    def event_stem(self) -> str:
        """The event file's name without its suffix, to name what is written from it
        ("results" for an event on a database server)."""
        return self.store.path.stem if self.store.path is not None else "results"

    def movement(self) -> Movement:
        """The movement of the section on view, read once until a change of movement (the
        store rebuilds it from the seating rows, which takes a while for a large event)."""
        key = (self.session, self.section)
        if key not in self._movements:
            self._movements[key] = self.store.movement(**self.where)
        return self._movements[key]

    def apply(self, what: Changed, work: Callable[[], object], parent: QWidget | None) -> bool:
        """Run one store operation; on success tell the screens, on failure show why."""
        try:
            work()
        except Exception as exc:
            report_exception(exc, parent=parent)
            return False
        self.notify(what)
        return True

    def enter(self, what: Changed, work: Callable[[], T], source: QObject) -> T:
        """Run one store operation for a grid that shows the outcome in place.

        Errors meant for the director (`DirectorError`) propagate to the caller, which shows
        them in the cell; the other screens are told only on success. A full disk or a
        read-only event is no fault of the entry: it is also shown in a dialog, once the
        grid has closed its editor, so that the director cannot miss that nothing was saved.
        """
        try:
            result = work()
        except (DiskFullError, ReadOnlyEventError) as exc:
            QTimer.singleShot(0, lambda error=exc: report_exception(error))
            raise
        self.notify(what, source)
        return result
