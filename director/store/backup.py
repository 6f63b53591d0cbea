"""Backup copies of an event file: before an upgrade, and rotating copies during play.

Copies use SQLite's online backup API, so a copy is consistent even while the event is open
and in WAL mode (copying the file alone would miss what is still in the -wal file). A file this
process holds open is copied through the connections it holds (`director.store.held`).
"""

from __future__ import annotations

import contextlib
import logging
import re
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from director.store import held
from director.store.files import read_only_uri
from director.store.outputs import remove_abandoned, written_whole
from director.store.schema import AuditRow

LOGGER = logging.getLogger(__name__)
STAMP = "%Y%m%dT%H%M%S%f"
"""The time (UTC) in a copy's name: `club.20261123T201502123456.whist`."""


@dataclass(frozen=True)
class BackupPolicy:
    """When to write a rotating copy, and how many to keep."""

    every_entries: int = 20
    """A copy after this many steps (entries, corrections, undos, ...) since the last copy..."""
    every_seconds: float = 300.0
    """...or at the first step once this much time has passed since the last copy (or, before
    the first copy, since the event's first step)."""
    keep: int = 10
    """Older copies beyond this number are deleted."""
    folder: Path | None = None
    """Where copies go; by default a folder `<event file>.backups` beside the file."""


def copy_sqlite(source: Path, target: Path) -> Path:
    """A consistent copy of an SQLite database at `target` (which must not exist), written
    whole or not at all (`director.store.outputs`): a copy cut short leaves nothing there."""
    with written_whole(target, replace=False) as partial, held.registry():
        holding = held.find(source)
        if holding is not None:
            pooled = holding.view.raw_connection()
            try:
                assert isinstance(pooled.driver_connection, sqlite3.Connection)
                _backup(pooled.driver_connection, partial)
            finally:
                pooled.close()  # back to the pool, not closed
        else:
            with contextlib.closing(sqlite3.connect(read_only_uri(source), uri=True)) as src:
                _backup(src, partial)
    return target


def _backup(source: sqlite3.Connection, target: Path) -> None:
    with contextlib.closing(sqlite3.connect(target)) as dst:
        source.backup(dst)


class Backups:
    """Rotating backups of one event file, written as steps are committed.

    When a copy is due is read from the event and its copies, never counted in one process:
    several processes writing the same event (each command line, another window) share the
    count. The steps since the newest copy are the audit trail's newest step number less the
    newest one the copy holds; the time since it is the time stamp in its name.
    """

    def __init__(self, path: Path, policy: BackupPolicy | None = None) -> None:
        self.path = path
        self.policy = policy or BackupPolicy()
        self.folder = self.policy.folder or path.with_name(path.name + ".backups")
        self._name = re.compile(
            rf"{re.escape(path.stem)}\.(\d{{8}}T\d{{12}}){re.escape(path.suffix)}"
        )

    def entry_committed(self, newest_step: int, first_step_at: datetime | None) -> Path | None:
        """Write a copy if one is due (returns its path). `newest_step` is the number of the
        event's newest audit entry, `first_step_at` when its first was made.

        A copy that cannot be written is reported as a warning: the step itself is saved.
        """
        try:
            return self.write() if self._due(newest_step, first_step_at) else None
        except (OSError, sqlite3.Error) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            LOGGER.warning(
                "could not write a backup copy of %s in %s (%s); the entry itself was saved",
                self.path,
                self.folder,
                reason,
            )
            return None

    def _due(self, newest_step: int, first_step_at: datetime | None) -> bool:
        copies = self.copies()
        since: datetime | None
        if copies:
            steps = newest_step - _newest_step_in(copies[-1])
            since = self._stamp(copies[-1])
        else:
            steps, since = newest_step, first_step_at
        if steps < 0:
            return True  # the newest copy is of another file that had this name
        interval = timedelta(seconds=self.policy.every_seconds)
        waited = since is not None and datetime.now(UTC) - since >= interval
        return steps >= self.policy.every_entries or (steps > 0 and waited)

    def write(self) -> Path:
        """Write a copy now, delete the oldest beyond `keep` and any half copy a killed
        process left behind."""
        self.folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime(STAMP)
        final = self.folder / f"{self.path.stem}.{stamp}{self.path.suffix}"
        copy = copy_sqlite(self.path, final)
        for old in self.copies()[: -self.policy.keep]:
            old.unlink()
        # half copies (and their journals) of earlier copies a killed process left
        remove_abandoned(self.folder, f"{self.path.stem}.")
        return copy

    def copies(self) -> list[Path]:
        """The copies, oldest first (the time stamp in the name sorts them)."""
        if not self.folder.is_dir():
            return []
        return sorted(p for p in self.folder.iterdir() if self._name.fullmatch(p.name))

    def _stamp(self, copy: Path) -> datetime:
        found = self._name.fullmatch(copy.name)
        assert found is not None, copy
        return datetime.strptime(found[1], STAMP).replace(tzinfo=UTC)


def _newest_step_in(copy: Path) -> int:
    """The newest audit entry a copy holds (-1 when it cannot be read: write a new one)."""
    try:
        with contextlib.closing(sqlite3.connect(read_only_uri(copy), uri=True)) as connection:
            row = connection.execute(f"SELECT max(id) FROM {AuditRow.__tablename__}").fetchone()
    except sqlite3.Error:
        return -1
    return int(row[0] or 0)
