"""`director import`: an exported JSON file read back as an event file.

The export carries the event's history (`director.store.history`); the event is made again
from it in a new file, row for row and step for step, so every result, ruling, new deal,
repair and step of the audit trail comes back, undo and redo included, and exporting the new
event gives the same file again. The file is written beside the target under another name and
renamed only when the whole event is in and its results are those the export lists: a file
refused, or changed after it was exported, leaves nothing behind.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from director.errors import DirectorError
from director.exchange.drive_results import drive_document
from director.exchange.results import load_results_json, sections_of
from director.scoring.model import SectionPlay
from director.store.outputs import written_whole
from director.store.services import EventStore
from director.store.values import StoreError
from schedules.findings import ScheduleError


@dataclass(frozen=True)
class Imported:
    """What an import made: the event file, its name, its steps and sections."""

    path: Path
    name: str
    steps: int
    sections: int
    drive: bool = False
    """Whether the event holds a whist drive."""


def import_event(source: str | Path, target: str | Path) -> Imported:
    """Make the event an exported JSON file holds as a new event file at `target` (never
    over an existing file)."""
    target = Path(target)
    if target.exists():
        raise DirectorError(f"{target} exists; an import makes a new event file: choose another")
    text, document = load_results_json(source)
    sections = sections_of(text, document, source)
    history = document.get("history")
    if history is None:
        raise DirectorError(
            f"{source} holds the results but not the event's history (an older version's"
            " export, or an event changed outside the program): score it with director"
            " score; it cannot be read back as an event"
        )
    try:
        # made beside the target and renamed in once whole (`director.store.outputs`)
        with (
            written_whole(target, replace=False) as scratch,
            EventStore.from_history(scratch, history) as store,
        ):
            _check(store, sections, source)
            _check_drive(store, document.get("drive"), source)
            name = store.info().name
            steps = len(store.audit_log())
            drive = store.holds_drive()
    except FileExistsError:
        raise DirectorError(f"{target} exists; an import makes a new event file") from None
    except StoreError as exc:
        raise DirectorError(f"{source}: {exc}; nothing was imported") from None
    except ScheduleError as exc:  # a movement in the history the engine refuses
        raise DirectorError(
            f"{source}: its history's movement: {exc}; nothing was imported"
        ) from None
    except OSError as exc:
        raise DirectorError(f"cannot write {target}: {exc.strerror}") from None
    return Imported(target, name, steps, len(sections), drive)


def _check(
    store: EventStore, sections: list[tuple[int, str, SectionPlay]], source: str | Path
) -> None:
    """The event made holds the sections the file lists, each as listed."""
    made = [(s.number, letter) for s, letter in store.scored_sections()]
    if made != [(number, letter) for number, letter, _ in sections]:
        raise DirectorError(
            f"{source}: its sections are not those its history makes: the file was changed"
            " after it was exported; nothing was imported"
        )
    for number, letter, play in sections:
        entered = store.scoring_input(session=number, section=letter)
        if entered != play or entered.names != play.names:
            raise DirectorError(
                f"{source}: session {number} section {letter} lists other results than its"
                " history makes: the file was changed after it was exported; nothing was"
                " imported"
            )


def _check_drive(store: EventStore, listed: object, source: str | Path) -> None:
    """The event made holds the drive the file lists (or none when it lists none), with the
    same seatings, entries, standings and prizes."""
    made = drive_document(store) if store.holds_drive() else None
    if made != listed:
        raise DirectorError(
            f"{source}: its whist drive is not the one its history makes: the file was"
            " changed after it was exported; nothing was imported"
        )
