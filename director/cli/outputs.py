"""What every command that writes a file checks first: an event file is never overwritten,
and any other existing file only with --force."""

from __future__ import annotations

from pathlib import Path

from director.errors import DirectorError
from director.store.files import is_sqlite_file, is_url


def check_out(out: Path, force: bool, event: str | None) -> None:
    """Refuse to write over an event file (ever), or any existing file without --force."""
    target = out.resolve()  # through symbolic links: the file that would be written
    if event is not None and not is_url(event) and target == Path(event).resolve():
        raise DirectorError(f"--out {out} is the event file itself; choose another name")
    if target.is_dir():
        raise DirectorError(f"--out {out} is a folder; give a file name, e.g. {out / 'out.pdf'}")
    if _holds_an_event(target):
        raise DirectorError(
            f"--out {out} is an event file (or part of one) and is never overwritten;"
            " choose another name"
        )
    if target.exists() and not force:
        raise exists(out)


def exists(out: Path) -> DirectorError:
    """The refusal for an --out file that exists (no --force)."""
    return DirectorError(f"{out} exists; choose another name, or add --force to replace it")


def _holds_an_event(path: Path) -> bool:
    """An SQLite database, or the -wal, -shm or -journal file beside one."""
    if is_sqlite_file(path):
        return True
    for companion in ("-wal", "-shm", "-journal"):
        if path.name.endswith(companion):
            return is_sqlite_file(path.with_name(path.name.removesuffix(companion)))
    return False
