"""The services the GUI, the CLI and the printing call: one `EventStore` per open event.

Every public method is one unit of work: it opens a transaction, does its work through the
repository helpers and commits before returning, so an entry whose call has returned is on
disk. Methods return the frozen values of `director.store.values` (and `schedules` movements),
never ORM rows.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> with EventStore.create(folder / "club.whist", name="Club night") as store:
...     store.add_player("Mrs Ames", gender=Gender.LADY).name
'Mrs Ames'
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from types import TracebackType

from sqlalchemy import select

from director.store import repository, scoring_bridge
from director.store.backup import BackupPolicy
from director.store.engine import create_database, open_database
from director.store.operations.drive import DriveOperations
from director.store.operations.drive_cards import DriveCardOperations
from director.store.operations.movement import MovementOperations
from director.store.operations.roster import RosterOperations
from director.store.operations.scores import ScoreOperations
from director.store.operations.tables import TableOperations
from director.store.operations.trail import TrailOperations
from director.store.schema import EventRow
from director.store.values import (
    AuditEntry,
    Award,
    Card,
    ConflictError,
    DealVersion,
    EventInfo,
    EventSettings,
    Gender,
    Irregularity,
    IrregularityKind,
    Method,
    MovementChoice,
    Partnership,
    Player,
    Result,
    ResultEntry,
    Revoke,
    Scale,
    SessionInfo,
    StoreError,
    Suit,
    Team,
    TrumpSlip,
)

__all__ = [
    "AuditEntry",
    "Award",
    "Card",
    "ConflictError",
    "DealVersion",
    "EventInfo",
    "EventSettings",
    "EventStore",
    "Gender",
    "Irregularity",
    "IrregularityKind",
    "Method",
    "MovementChoice",
    "Partnership",
    "Player",
    "Result",
    "ResultEntry",
    "Revoke",
    "Scale",
    "SessionInfo",
    "StoreError",
    "Suit",
    "Team",
    "TrumpSlip",
]


class EventStore(
    RosterOperations,
    MovementOperations,
    ScoreOperations,
    TrailOperations,
    TableOperations,
    DriveOperations,
    DriveCardOperations,
):
    """An open event: a file (SQLite) or a database URL (PostgreSQL, several stations).

    Use `EventStore.create(...)` or `EventStore.open(...)`, and `close()` (or a `with` block).
    Sessions and sections are addressed by number and name (session 1, section "A" by default).
    """

    @classmethod
    def create(
        cls,
        target: str | Path,
        name: str,
        *,
        held_on: date | None = None,
        venue: str | None = None,
        settings: EventSettings | None = None,
        backups: BackupPolicy | None = None,
    ) -> EventStore:
        """Create a new event file (refused if it exists) or a new event in an empty database."""
        if not name.strip():
            raise StoreError("the event needs a name (--name)")
        store = cls(create_database(target), backups)
        settings = settings or EventSettings()
        with store._unit() as db:
            db.add(repository.event.event_row(name.strip(), held_on, venue, settings))
            repository.event.add_session(db, 1, "Session 1", ("A",))
        return store

    @classmethod
    def open(
        cls, target: str | Path, *, read_only: bool = False, backups: BackupPolicy | None = None
    ) -> EventStore:
        """Open an existing event; an older file is upgraded after a backup copy is written.

        A file that is not an event, comes from a newer program or is damaged is refused with
        `NotAnEventError` / `DamagedEventError` and left untouched; one that cannot be written
        (read-only file, folder or disk) with `ReadOnlyEventError`. With `read_only`, the event
        is only read, nothing is created beside the file, and every change is refused with
        `ReadOnlyEventError`.
        """
        return cls(open_database(target, read_only), backups)

    def close(self) -> None:
        """Release the database (the SQLite file stays consistent at every moment anyway); the
        engine is closed with the last open of the file in this process. A backup copy made due
        and left for later (`backups_later`) is written first."""
        self.write_due_backup()
        self._db.close()

    @property
    def read_only(self) -> bool:
        """Opened for reading only: every change is refused."""
        return self._db.read_only

    def __enter__(self) -> EventStore:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def info(self) -> EventInfo:
        """The event's name, date, venue and settings."""
        with self._unit() as db:
            return repository.event.event_info(db, self._db.revision)

    def update_event(
        self,
        *,
        name: str | None = None,
        held_on: date | None = None,
        venue: str | None = None,
        settings: EventSettings | None = None,
    ) -> EventInfo:
        """Change the event's name, date, venue or settings (None keeps a field)."""
        with self._step("change event") as step:
            row = step.db.scalars(select(EventRow)).one()
            repository.event.update_event_row(row, name, held_on, venue, settings)
            step.summary = f"name, date, venue or settings of {row.name}"
        return self.info()

    @classmethod
    def from_history(
        cls, target: str | Path, document: object, *, backups: BackupPolicy | None = None
    ) -> EventStore:
        """A new event at `target` (refused if it exists) made again from an exported history,
        row for row and step for step, in one transaction: the whole event, or nothing. A
        history this program would not have written is refused with `StoreError`."""
        from director.store import history

        store = cls(create_database(target), backups)
        try:
            with store._unit() as db:
                history.restore(db, document, store._db.revision)
        except BaseException:
            store.close()
            raise
        return store

    def printed_names(self) -> dict[str, str]:
        """The names printed for each partnership label (its players' names joined): what the
        cards print, read without building the scoring input."""
        with self._unit() as db:
            return scoring_bridge.printed_names(db)
