"""Facts about event files, read without opening them as databases: is it SQLite, can it be
written, how to read it without leaving anything beside it. Cheap to import (no SQLAlchemy),
so that the command line can check a file it is about to write.

A file this process holds open as an event (`director.store.held`) is never opened here: its
header is known, and reading it would drop the process's locks on it."""

from __future__ import annotations

import os
from pathlib import Path

from director.store import held

SQLITE_HEADER = b"SQLite format 3\x00"


def is_url(target: str | Path) -> bool:
    """A database URL ("postgresql+psycopg://...") rather than a file path."""
    return isinstance(target, str) and "://" in target


def read_header(path: Path) -> bytes:
    """The bytes where an SQLite database has its header (raises OSError if unreadable).

    A file this process holds open as an event is an SQLite database, and is not opened."""
    with held.registry():
        # inside the registry, so that no thread opens the file as an event meanwhile
        if held.is_held(path):
            return SQLITE_HEADER
        with path.open("rb") as fh:
            return fh.read(len(SQLITE_HEADER))


def is_sqlite_file(path: Path) -> bool:
    """Whether the file at `path` is an SQLite database (False if it cannot be read)."""
    try:
        return read_header(path) == SQLITE_HEADER
    except OSError:
        return False


def holds_an_event(path: Path) -> bool:
    """An SQLite database, or the -wal, -shm or -journal file beside one: never overwritten."""
    if is_sqlite_file(path):
        return True
    for companion in ("-wal", "-shm", "-journal"):
        if path.name.endswith(companion):
            return is_sqlite_file(path.with_name(path.name.removesuffix(companion)))
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


def read_input(path: str | Path, limit: int, what: str) -> bytes:
    """The bytes of a file the director gave to read (a roster, a movement, results, deals):
    a regular file of at most `limit` bytes (`schedules.json_input.read_bytes`), and never the
    event file this process holds open, which reading would unlock (`director.store.held`).

    Raises `UnreadableFileError` with the reason, or `OSError` when it cannot be read."""
    from schedules.json_input import UnreadableFileError, read_bytes

    with held.registry():
        if held.is_held(Path(path)):
            raise UnreadableFileError(f"{path} is the event file itself, not {what}")
        return read_bytes(path, limit, what)


def read_input_text(path: str | Path, what: str = "a movement or session") -> str:
    """The text of a file the director gave to read (see `read_input`): UTF-8, or UTF-16 with
    a byte-order mark (`schedules.json_input.decode`)."""
    from schedules.json_input import MAX_FILE_BYTES, decode

    return decode(read_input(path, MAX_FILE_BYTES, what), str(path))
