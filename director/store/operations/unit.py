"""The unit of work every `EventStore` call runs in: one transaction, committed at once, its
database errors said in words; and the undoable step, which records its changes in the audit
trail."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from sqlalchemy import CheckConstraint, select, text
from sqlalchemy.exc import DBAPIError, IntegrityError, NoResultFound
from sqlalchemy.orm import Session as Db

from director.errors import DirectorError
from director.store import audit, live, repository
from director.store.backup import BackupPolicy, Backups
from director.store.engine import EventDatabase, explain_database_error
from director.store.schema import AuditRow, Base
from director.store.values import DamagedEventError, StoreError
from schedules.findings import ScheduleError


class UnitOfWork:
    """An open event's database, and the transactions its calls run in."""

    def __init__(self, database: EventDatabase, backups: BackupPolicy | None = None) -> None:
        self._db = database
        path = database.path
        self._backups = (
            Backups(path, backups) if path is not None and not database.read_only else None
        )
        self._later: Callable[[Callable[[], object]], None] | None = None
        self._pending: tuple[int, datetime | None] | None = None
        """(newest step, first step's time) of the latest step not yet looked at for a copy."""
        self._scheduled = False

    @property
    def path(self) -> Path | None:
        """The event file, or None for a server database."""
        return self._db.path

    @property
    def url(self) -> str:
        """The database URL (without password)."""
        return self._db.engine.url.render_as_string(hide_password=True)

    @contextmanager
    def _unit(self, writes: bool = False) -> Iterator[Db]:
        """One transaction, committed at once; the database's refusals (a rule broken, a full
        disk, a read-only file, damage) become readable messages. A unit that `writes` is
        refused at once in a file the program has called damaged: nothing more is written
        into it, as nothing more is read from it."""
        if writes and self._db.damaged is not None:
            raise DamagedEventError(self._db.damaged)
        try:
            # The engine is asked each time: a file first opened read-only here moves to a
            # writable engine when it is opened for writing too (`director.store.held`).
            with Db(self._db.engine, expire_on_commit=False) as db, db.begin():
                yield db
        except IntegrityError as exc:
            raise repository.integrity.explain_integrity_error(exc) from exc
        except DBAPIError as exc:
            explained = explain_database_error(exc, self._where)
            if explained is None:
                raise
            raise self._noted(explained) from exc
        except (ValueError, LookupError, TypeError, NoResultFound) as exc:
            if isinstance(exc, DirectorError | ScheduleError):
                raise
            # Our own refusals (the engine's too) say what is wrong themselves. The rest are
            # damage only if a stored value fails to read back (a flipped bit, another
            # program's edit); otherwise they are the program's own fault (a number passed
            # for a name), raised as they are, which every front end logs as unexpected.
            if self._reads_back():
                raise
            damaged = DamagedEventError(
                f"{self._where} holds a value this program cannot read"
                f" ({type(exc).__name__}: {str(exc)[:120]}); the file may be damaged. It was"
                " left as is: open the latest backup copy instead"
            )
            raise self._noted(damaged) from exc

    def _reads_back(self) -> bool:
        """Whether every stored row reads back as its column's type and keeps the schema's
        checks (a stored value of another type, or a word this program never writes, fails)."""
        try:
            with Db(self._db.engine) as db, db.begin():
                for table in Base.metadata.sorted_tables:
                    db.execute(select(table)).all()
                    for check in table.constraints:
                        if isinstance(check, CheckConstraint):
                            broken = select(table).where(text(f"NOT ({check.sqltext})")).limit(1)
                            if db.execute(broken).first() is not None:
                                return False
        except (ValueError, LookupError, TypeError, DBAPIError):
            return False
        return True

    def _noted(self, error: StoreError) -> StoreError:
        """A file found damaged stays so for this process: its changes are refused from now on
        (`_unit`)."""
        if isinstance(error, DamagedEventError):
            self._db.mark_damaged(str(error))
        return error

    @property
    def _where(self) -> str:
        return str(self._db.path) if self._db.path else self.url

    @contextmanager
    def _writing(self) -> Iterator[Db]:
        """One transaction that changes the event (a step, an undo, a redo): the backup copy
        it makes due is noted inside it and written after its commit (`_after_entry`)."""
        with self._unit(writes=True) as db:
            yield db
            self._note_backup(db)
        self._after_entry()

    @contextmanager
    def _step(self, action: str, who: str = "director") -> Iterator[Step]:
        """One undoable step: one transaction, every change of which goes into the audit
        trail as one entry named `action`, described by the `summary` the body sets."""
        with self._writing() as db:
            step = Step(db, action)
            with audit.recording(db) as changes:
                yield step
            if changes:
                audit.record(db, who, action, step.summary or action, changes)

    def _note_backup(self, db: Db) -> None:
        """Read, inside the step's own transaction, what decides whether a rotating backup
        copy is due (`Backups`): the newest step, and when the first was made."""
        if self._backups is None:
            return
        # the trail's first step is its oldest: read by its key, not by scanning for min(at)
        first_at = db.scalar(select(AuditRow.at).order_by(AuditRow.id).limit(1))
        self._pending = (live.audit_mark(db), audit.aware(first_at) if first_at else None)

    def _after_entry(self) -> None:
        """Write the backup copy a committed step made due: at once, or, once `backups_later`
        was called, when the caller's schedule runs it (never inside the entry's call)."""
        if self._later is None:
            self.write_due_backup()
        elif self._pending is not None and not self._scheduled:
            self._scheduled = True
            self._later(self.write_due_backup)

    def backups_later(self, schedule: Callable[[Callable[[], object]], None]) -> None:
        """Have the backup copy that a step makes due written through `schedule` (a window's
        idle timer) instead of right after the step: an entry's call returns as soon as it is
        committed. `write_due_backup` (which `close` calls too) writes it."""
        self._later = schedule

    def write_due_backup(self) -> Path | None:
        """Write the rotating backup copy the latest steps made due, if any (its path)."""
        pending, self._pending, self._scheduled = self._pending, None, False
        if pending is None or self._backups is None:
            return None
        return self._backups.entry_committed(*pending)


@dataclass
class Step:
    """The transaction of one undoable step, and the summary the audit trail will show."""

    db: Db
    action: str
    summary: str = ""
