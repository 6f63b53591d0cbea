"""Every file the program writes is written whole or not at all.

What is written (a PDF, an export, a page of the results site, a backup copy) goes first into
a temporary file beside its target, hidden by a leading dot and ending `.partial`; once it is
complete and on disk, one rename puts it in the target's place. A kill, a full disk or a
refusal half way leaves the older file as it was (a failed `--force` never destroys it), and a
reader (a web server copying the folder, a viewer) sees the old file or the new, never half of
one. A temporary file left by a process killed mid-write is removed by the next write beside
it, once it is old enough that no process can still be writing it.

Never over an event file: the target is checked again here, at the moment of writing, so
that no writer can replace an event (or its -wal, -shm or -journal file), whatever it checked
before.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from director.errors import DirectorError
from director.store.files import holds_an_event

PARTIAL = ".partial"
"""The end of a temporary file's name."""
SQLITE_COMPANIONS = ("-journal", "-wal", "-shm")
"""What SQLite leaves beside a database it writes (a backup copy, an imported event)."""
ABANDONED_AFTER = 60.0
"""Seconds after which a temporary file is taken as left by a killed process."""


def write_whole(target: str | Path, data: str | bytes, *, replace: bool) -> Path:
    """Write `data` (text as UTF-8) to `target` whole or not at all; return the file written.

    An existing file is replaced only with `replace` (otherwise `FileExistsError`, even for a
    file that appeared while writing); an event file never is (`DirectorError`). Raises
    `OSError` when the folder cannot be written."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    with written_whole(target, replace=replace) as partial:
        descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        with os.fdopen(descriptor, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
    return final_path(target)


@contextmanager
def written_whole(target: str | Path, *, replace: bool) -> Iterator[Path]:
    """A temporary path beside `target` (nothing there yet) for the block to write; when the
    block ends, that file takes `target`'s place in one rename, or is removed if the block
    failed. The rules of `write_whole` apply."""
    final = final_path(target)
    _refuse_event(target, final)
    if final.is_dir():
        raise IsADirectoryError(21, "it is a folder", str(target))
    if not replace and final.exists():
        raise FileExistsError(17, "it exists", str(target))
    remove_abandoned(final.parent, final.name)
    partial = final.with_name(f".{final.name}.{secrets.token_hex(4)}{PARTIAL}")
    try:
        yield partial
        _refuse_event(target, final)  # it may have become one meanwhile
        if replace:
            os.replace(partial, final)
        else:
            _rename_new(partial, final)
        _sync_folder(final.parent)
    finally:
        for companion in ("", *SQLITE_COMPANIONS):
            partial.with_name(partial.name + companion).unlink(missing_ok=True)


@contextmanager
def folder_written_whole(target: str | Path) -> Iterator[Path]:
    """A new, empty folder beside the folder `target` for the block to fill; when the block
    ends, it takes `target`'s place, the older folder (if any) moved aside and removed; if the
    block failed, it is removed and `target` stays as it was. Whoever calls has checked that
    the older folder holds nothing it may not remove."""
    final = final_path(target)
    if final.exists() and not final.is_dir():
        raise NotADirectoryError(20, "it is not a folder", str(target))
    remove_abandoned(final.parent, final.name)
    token = secrets.token_hex(4)
    partial = final.with_name(f".{final.name}.{token}{PARTIAL}")
    partial.mkdir()
    try:
        yield partial
        if final.exists():
            # Two renames, a moment apart: a kill between them leaves no folder (the older
            # one is beside it, hidden), never a mixture of the two.
            aside = final.with_name(f".{final.name}.{token}.older{PARTIAL}")
            os.rename(final, aside)
            os.rename(partial, final)
            shutil.rmtree(aside, ignore_errors=True)
        else:
            os.rename(partial, final)
        _sync_folder(final.parent)
    finally:
        if partial.exists():
            shutil.rmtree(partial, ignore_errors=True)


def final_path(target: str | Path) -> Path:
    """The file a write to `target` replaces: through a symbolic link, the file it names (a
    rename would replace the link itself)."""
    return Path(target).resolve()


def remove_abandoned(folder: Path, prefix: str) -> None:
    """Remove the temporary files and folders of targets named `prefix...` in `folder` (and
    SQLite's journals beside them) that are old enough to have been left by a killed process."""
    limit = time.time() - ABANDONED_AFTER
    try:
        names = [entry.name for entry in os.scandir(folder)]
    except OSError:
        return
    for name in names:
        bare = name.removeprefix(".")
        ends = (PARTIAL, *(PARTIAL + companion for companion in SQLITE_COMPANIONS))
        if bare.startswith(prefix) and bare.endswith(ends):
            left = folder / name
            with contextlib.suppress(OSError):
                status = left.lstat()
                if status.st_mtime >= limit:
                    continue
                if left.is_dir() and not left.is_symlink():
                    shutil.rmtree(left)
                else:
                    left.unlink()


def _refuse_event(target: str | Path, final: Path) -> None:
    if holds_an_event(final):
        raise DirectorError(
            f"{target} is an event file (or part of one) and is never overwritten;"
            " choose another name"
        )


def _rename_new(partial: Path, final: Path) -> None:
    """`partial` becomes `final`, which must not exist, even if it appeared a moment ago: a
    hard link fails on an existing name. A disk that has no hard links (a FAT memory stick)
    gets the check and the rename, a moment apart."""
    try:
        os.link(partial, final)
    except FileExistsError:
        raise
    except OSError:
        if final.exists():
            raise FileExistsError(17, "it exists", str(final)) from None
        os.replace(partial, final)


def _sync_folder(folder: Path) -> None:
    """The rename itself on disk, where the system allows a folder to be synced."""
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
