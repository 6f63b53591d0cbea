"""The unit of work every `EventStore` call runs in: one transaction, committed at once, its
database errors said in words; and the undoable step, which records its changes in the audit
trail."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import func, select
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
            # A value of the wrong type is most often the caller's (a number passed for a
            # name): the file is called damaged only if reading it back fails too.
            if isinstance(exc, TypeError) and self._reads_back():
                raise
            # Our own refusals (the engine's too) say what is wrong themselves; the rest come
            # from reading a stored value this program never writes (a flipped bit, another
            # program's edit).
            damaged = DamagedEventError(
                f"{self._where} holds a value this program cannot read"
                f" ({type(exc).__name__}: {str(exc)[:120]}); the file may be damaged. It was"
                " left as is: open the latest backup copy instead"
            )
            raise self._noted(damaged) from exc

    def _reads_back(self) -> bool:
        """Whether every stored row reads back as its column's type (a stored value of another
        type, which this program never writes, fails to)."""
        try:
            with Db(self._db.engine) as db, db.begin():
                for table in Base.metadata.sorted_tables:
                    db.execute(select(table)).all()
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
    def _step(self, action: str, who: str = "director") -> Iterator[Step]:
        """One undoable step: one transaction, every change of which goes into the audit
        trail as one entry named `action`, described by the `summary` the body sets."""
        with self._unit(writes=True) as db:
            step = Step(db, action)
            with audit.recording(db) as changes:
                yield step
            if changes:
                audit.record(db, who, action, step.summary or action, changes)
        self._after_entry()

    def _after_entry(self) -> None:
        """Write a rotating backup copy if one is due (see `Backups`)."""
        if self._backups is None:
            return
        with self._unit() as db:
            newest = live.audit_mark(db)
            # None while the trail is empty (a step that changed nothing records nothing)
            first_at = db.scalar(select(func.min(AuditRow.at)))
        first = audit.aware(first_at) if first_at is not None else None
        self._backups.entry_committed(newest, first)


@dataclass
class Step:
    """The transaction of one undoable step, and the summary the audit trail will show."""

    db: Db
    action: str
    summary: str = ""
