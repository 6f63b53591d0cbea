"""Write the results site into a folder: `publish_site(store, folder)` for the GUI's action,
`publish_event(path, folder)` for `director publish`.

The whole site is built in a new folder beside the one named and then takes its place
(`director.store.outputs`): a web server copying the folder, or a kill half way, sees the
earlier site or the new one, never a front page linking to pages not yet written nor two
events mixed. The folder is the site's own: one holding anything the program did not write
there is refused, untouched (a file `.whist-director-site` lists what it wrote).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from director.errors import DirectorError
from director.exchange.export import sections_of
from director.publish.drive_pages import drive_site_pages
from director.publish.html import STYLESHEET
from director.publish.pages import INDEX, ScoredSection, site_pages
from director.store.files import is_sqlite_file, read_input
from director.store.outputs import folder_written_whole
from director.store.services import EventStore
from schedules.json_input import MAX_FILE_BYTES, UnreadableFileError
from schedules.package_data import data_file

SITE_MARK = ".whist-director-site"
"""The list of what a publish wrote into its folder, one path a line."""
SIGNED = "by Whist Director."
"""What every page's footer says (a site written before the list is known by it)."""


def publish_site(store: EventStore, folder: str | Path, now: datetime | None = None) -> list[Path]:
    """Write the event's results site into `folder` (made if missing); return the files
    written, the front page (index.html) first. An event holding a whist drive publishes the
    drive's results."""
    if store.holds_drive():
        pages = drive_site_pages(store.info(), store.drive(), now or datetime.now())
        return write_site(Path(folder), pages)
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
    """Write the pages and the stylesheet as the folder `folder`; return the paths, index
    first.

    The site is built in a new folder beside `folder` and then takes its place, so a kill
    never leaves a front page linking to missing pages nor two events' pages mixed. A folder
    holding anything this program did not write (an event file, the club's own pages) is
    refused, untouched."""
    _check_folder(folder)
    style = data_file("director", "publish", STYLESHEET).read_text(encoding="utf-8")
    files = {INDEX: pages[INDEX], **pages, STYLESHEET: style}
    try:
        # a folder given anew is made, with the folders it is in
        folder.parent.mkdir(parents=True, exist_ok=True)
        with folder_written_whole(folder) as building:
            for name, text in files.items():
                target = building / name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
            (building / SITE_MARK).write_text("\n".join(files) + "\n", encoding="utf-8")
    except OSError as exc:
        raise DirectorError(
            f"cannot write the site into {folder}: {exc.strerror}; choose a folder you can"
            " write to, on a disk with free space"
        ) from None
    return [folder / name for name in files]


def _check_folder(folder: Path) -> None:
    """Refuse a file given as the folder, and a folder holding what this program did not
    write there: publishing replaces the whole folder."""
    if folder.exists() and not folder.is_dir():
        what = "an event file" if is_sqlite_file(folder) else "a file"
        raise DirectorError(f"{folder} is {what}, not a folder; give a folder for the site")
    if not folder.is_dir():
        return
    foreign = sorted(p.name for p in folder.iterdir() if p.name not in _ours(folder))
    if foreign:
        first = folder / foreign[0]
        what = "the event file " if is_sqlite_file(first) else ""
        more = f" and {len(foreign) - 1} more" if len(foreign) > 1 else ""
        raise DirectorError(
            f"{folder} holds {what}{foreign[0]}{more}, which Whist Director did not write, and"
            " publishing replaces the whole folder; publish into a new or empty folder (or"
            " the folder of an earlier publish)"
        )


def _ours(folder: Path) -> set[str]:
    """The names in `folder` an earlier publish wrote: those its list names (`SITE_MARK`);
    in a site from before the list, the front page signed by the program, the stylesheet and
    folders of pages."""
    mark = folder / SITE_MARK
    if mark.is_file():
        written = mark.read_text(encoding="utf-8").splitlines()
        return {SITE_MARK, *(Path(name).parts[0] for name in written if name)}
    index = folder / INDEX
    try:
        front = read_input(index, MAX_FILE_BYTES, "a front page").decode("utf-8", "replace")
    except (OSError, UnreadableFileError):
        return set()
    if SIGNED not in front:
        return set()
    pages = {
        p.name
        for p in folder.iterdir()
        if p.is_dir() and all(f.suffix == ".html" for f in p.rglob("*") if f.is_file())
    }
    return {INDEX, STYLESHEET, *pages}
