"""Facts about event files, read without opening them as databases: is it SQLite, can it be
written, how to read it without leaving anything beside it. Cheap to import (no SQLAlchemy),
so that the command line can check a file it is about to write."""

from __future__ import annotations

import os
from pathlib import Path

SQLITE_HEADER = b"SQLite format 3\x00"


def is_url(target: str | Path) -> bool:
    """A database URL ("postgresql+psycopg://...") rather than a file path."""
    return isinstance(target, str) and "://" in target


def read_header(path: Path) -> bytes:
    """The bytes where an SQLite database has its header (raises OSError if unreadable)."""
    with path.open("rb") as fh:
        return fh.read(len(SQLITE_HEADER))


def is_sqlite_file(path: Path) -> bool:
    """Whether the file at `path` is an SQLite database (False if it cannot be read)."""
    try:
        return read_header(path) == SQLITE_HEADER
    except OSError:
        return False


def read_only_uri(path: Path) -> str:
    """An SQLite URI that reads the file without creating anything beside it.

    SQLite creates -wal and -shm files beside a WAL database it opens, even read-only. Where
    they exist (the event is open elsewhere) or the -wal holds changes not yet in the file,
    the file must be read through them; otherwise nothing is writing it, so it is read as
    immutable, which creates nothing.
    """
    wal = path.with_name(path.name + "-wal")
    shm = path.with_name(path.name + "-shm")
    through_wal = wal.exists() and (shm.exists() or wal.stat().st_size > 0)
    return f"{path.resolve().as_uri()}?mode=ro" + ("" if through_wal else "&immutable=1")


def write_problem(path: Path) -> str | None:
    """Why the event file at `path` cannot be changed, or None when it can.

    SQLite writes beside the file (its -wal and -shm files), so the folder must be writable too.
    """
    folder = path.parent
    if hasattr(os, "statvfs") and os.statvfs(folder).f_flag & os.ST_RDONLY:
        return "it is on a read-only disk"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"its folder {folder} is read-only"
    companions = [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]
    for companion in companions:
        if companion.exists() and not os.access(companion, os.W_OK):
            return f"the file {companion.name} is read-only"
    return None
