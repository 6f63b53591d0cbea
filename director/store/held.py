"""The event files this process holds open: one owner of each file per process.

On Linux, as on every POSIX system, the locks a process holds on a file belong to the process,
not to a descriptor: closing *any* descriptor of the file drops every lock the process holds on
it, SQLite's included. SQLite keeps its own connections in one process from doing that to each
other (it defers closing a descriptor while a lock is held on the file), but it cannot know of a
descriptor opened by anything else: a header read with `open()`, a second copy of SQLite. Once
its locks are gone, another program closing its own connection believes it is the last one,
checkpoints and deletes the -wal file this process still writes into, and what is entered
afterwards is seen by no other program and lost at the next crash.

So an event file is opened once per process. The first open makes the file's engine and
registers it here under the file's identity (device and inode: a second path to the file, a
symbolic link or a rename keeps it); every further open in the process, read-only or not,
shares that engine, counted, and the last close releases it. Whatever else would open a held
file (the header check, a backup copy, the check that an output is not an event file) asks
here first and goes through the held engine, or does not open it at all.

Cheap to import (no SQLAlchemy): `director.store.files` asks it before reading a header.
"""

from __future__ import annotations

import os
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlalchemy import Engine

FileId = tuple[int, int]
"""A file's identity: (device, inode)."""


@dataclass
class Holding:
    """An event database this process holds open, and how many opens share it.

    Mutable on purpose: a file first opened read-only gets a writable engine when it is then
    opened for writing, and every open sharing it goes on through the new one.
    """

    path: Path | None
    """The event file (None for a server database, which is never shared)."""
    engine: Engine
    """The engine every open of the file works through."""
    view: Engine
    """What a read-only open works through: `engine` itself when that can only read, a view of
    it that refuses every change when it can write."""
    revision: str
    writable: bool
    users: int = 1
    damaged: str | None = None
    """Why the program called the file damaged, once it has: every change is refused then."""


_lock = threading.RLock()
_held: weakref.WeakValueDictionary[FileId, Holding] = weakref.WeakValueDictionary()
"""Weak: an open never closed leaves the registry when nothing uses it any more, as its
engine is then collected."""
_inherited: list[Holding] = []
"""What a parent process held when this one was forked from it: kept, never used nor closed
(its connections are the parent's; closing them here would run SQLite's close in the child)."""


def identity(path: Path) -> FileId | None:
    """The file's (device, inode); None when there is no file at `path`."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return (status.st_dev, status.st_ino)


@contextmanager
def registry() -> Iterator[None]:
    """Hold the registry while a file is looked up, opened and registered (or released), so
    that no other thread of the process opens it meanwhile."""
    with _lock:
        yield


def find(path: Path) -> Holding | None:
    """The holding of the file at `path`, if this process holds it open."""
    key = identity(path)
    with _lock:
        return None if key is None else _held.get(key)


def is_held(path: Path) -> bool:
    """Whether this process holds the file at `path` open as an event database."""
    return find(path) is not None


def register(path: Path, holding: Holding) -> None:
    """Record a file just opened (call inside `registry()`)."""
    key = identity(path)
    if key is None:
        raise FileNotFoundError(path)
    _held[key] = holding


def release(holding: Holding) -> None:
    """One open of `holding` is closed; the last one disposes of its engine."""
    with _lock:
        holding.users -= 1
        if holding.users > 0:
            return
        for key, held in list(_held.items()):
            if held is holding:
                del _held[key]
        holding.engine.dispose()


def _forget_in_child() -> None:
    global _lock
    _lock = threading.RLock()
    _inherited.extend(_held.values())
    _held.clear()


os.register_at_fork(after_in_child=_forget_in_child)
