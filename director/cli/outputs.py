"""What every command that writes a file checks first: an event file is never overwritten,
and any other existing file only with --force; and how it writes it, whole or not at all
(`director.store.outputs`)."""

from __future__ import annotations

from pathlib import Path

from director.errors import DirectorError
from director.store.files import holds_an_event, is_url
from director.store.outputs import write_whole


def check_out(out: Path, force: bool, event: str | None) -> None:
    """Refuse to write over an event file (ever), or any existing file without --force."""
    target = out.resolve()  # through symbolic links: the file that would be written
    if event is not None and not is_url(event) and target == Path(event).resolve():
        raise DirectorError(f"--out {out} is the event file itself; choose another name")
    if target.is_dir():
        raise DirectorError(f"--out {out} is a folder; give a file name, e.g. {out / 'out.pdf'}")
    if holds_an_event(target):
        raise DirectorError(
            f"--out {out} is an event file (or part of one) and is never overwritten;"
            " choose another name"
        )
    if target.exists() and not force:
        raise exists(out)


def write_out(out: Path, content: str | bytes, force: bool) -> None:
    """Write an --out file whole or not at all: an older file is replaced only with --force
    (and stays as it was if the writing fails), never one that appeared since the check."""
    try:
        write_whole(out, content, replace=force)
    except FileExistsError:
        raise exists(out) from None
    except OSError as exc:
        raise DirectorError(f"cannot write {out}: {exc.strerror}") from None


def exists(out: Path) -> DirectorError:
    """The refusal for an --out file that exists (no --force)."""
    return DirectorError(f"{out} exists; choose another name, or add --force to replace it")
