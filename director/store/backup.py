"""Backup copies of an event file: before an upgrade, and rotating copies during play.

Copies use SQLite's online backup API, so a copy is consistent even while the event is open
and in WAL mode (copying the file alone would miss what is still in the -wal file).
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path


@dataclass(frozen=True)
class BackupPolicy:
    """When to write a rotating copy, and how many to keep."""

    every_entries: int = 20
    """A copy after this many committed entries..."""
    every_seconds: float = 300.0
    """...or after the first entry once this much time has passed since the last copy."""
    keep: int = 10
    """Older copies beyond this number are deleted."""
    folder: Path | None = None
    """Where copies go; by default a folder `<event file>.backups` beside the file."""


def copy_sqlite(source: Path, target: Path) -> Path:
    """A consistent copy of an SQLite database at `target` (which must not exist)."""
    if target.exists():
        raise FileExistsError(target)
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()
    return target


class Backups:
    """Rotating backups of one event file, written as entries are committed."""

    def __init__(self, path: Path, policy: BackupPolicy | None = None) -> None:
        self.path = path
        self.policy = policy or BackupPolicy()
        self.folder = self.policy.folder or path.with_name(path.name + ".backups")
        self._entries = 0
        self._last = time.monotonic()

    def entry_committed(self) -> Path | None:
        """Count an entry; write a copy when the policy says so (returns its path)."""
        self._entries += 1
        due_by_count = self._entries >= self.policy.every_entries
        due_by_time = time.monotonic() - self._last >= self.policy.every_seconds
        return self.write() if due_by_count or due_by_time else None

    def write(self) -> Path:
        """Write a copy now and delete the oldest beyond `keep`."""
        self.folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
        final = self.folder / f"{self.path.stem}.{stamp}{self.path.suffix}"
        # Written under another name and renamed, so that a crash mid-copy never leaves a
        # half copy among the backups.
        partial = final.with_name(final.name + ".partial")
        partial.unlink(missing_ok=True)
        copy = copy_sqlite(self.path, partial).replace(final)
        self._entries = 0
        self._last = time.monotonic()
        for old in self.copies()[: -self.policy.keep]:
            old.unlink()
        return copy

    def copies(self) -> list[Path]:
        """The copies, oldest first (the time stamp in the name sorts them)."""
        if not self.folder.is_dir():
            return []
        return sorted(self.folder.glob(f"{self.path.stem}.*{self.path.suffix}"))
