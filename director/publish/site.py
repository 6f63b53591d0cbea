"""Write the results site into a folder: `publish_site(store, folder)` for the GUI's action,
`publish_event(path, folder)` for `director publish`.

Every page is written beside itself first and then moved into place, so a web server copying
the folder mid-way never serves half a page. Pages of an earlier run are replaced; other files
in the folder are left alone.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from director.errors import DirectorError
from director.exchange.export import sections_of
from director.publish.html import STYLESHEET
from director.publish.pages import INDEX, ScoredSection, site_pages
from director.store.files import is_sqlite_file
from director.store.services import EventStore
from schedules.package_data import data_file


def publish_site(store: EventStore, folder: str | Path, now: datetime | None = None) -> list[Path]:
    """Write the event's results site into `folder` (made if missing); return the files
    written, the front page (index.html) first."""
    sections = [
        ScoredSection(s.session, s.section, s.scoring, s.result) for s in sections_of(store)
    ]
    if not sections:
        raise DirectorError(
            "nothing to publish yet: choose a movement for a session, enter some results,"
            " then publish"
        )
    pages = site_pages(store.info(), sections, now or datetime.now())
    return write_site(Path(folder), pages)


def publish_event(path: str | Path, folder: str | Path) -> list[Path]:
    """Open an event file read-only and publish its results site into `folder`."""
    with EventStore.open(path, read_only=True) as store:
        return publish_site(store, folder)


def write_site(folder: Path, pages: dict[str, str]) -> list[Path]:
    """Write the pages and the stylesheet under `folder`; return the paths, index first."""
    _check_folder(folder)
    style = data_file("director", "publish", STYLESHEET).read_text(encoding="utf-8")
    files = {INDEX: pages[INDEX], **pages, STYLESHEET: style}
    written = []
    for name, text in files.items():
        target = folder / name
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            _replace(target, text)
        except OSError as exc:
            raise DirectorError(
                f"cannot write {target}: {exc.strerror}; choose a folder you can write to"
            ) from None
        written.append(target)
    return written


def _check_folder(folder: Path) -> None:
    if folder.exists() and not folder.is_dir():
        what = "an event file" if is_sqlite_file(folder) else "a file"
        raise DirectorError(f"{folder} is {what}, not a folder; give a folder for the site")


def _replace(target: Path, text: str) -> None:
    partial = target.with_name(f".{target.name}.part")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, target)
