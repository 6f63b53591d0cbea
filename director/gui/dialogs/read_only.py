"""Opening an event that cannot be changed where it is (a read-only file, folder or disk):
the director chooses to open it read-only (standings and printing work, nothing can be
changed) or to save a copy in a folder that can be written and work on the copy."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from PySide6.QtWidgets import QAbstractButton, QFileDialog, QMessageBox, QWidget

from director.gui.dialogs.new_event import EVENT_SUFFIX
from director.gui.errors import show_error
from director.store.backup import copy_sqlite
from director.store.paths import beside_event
from director.store.services import EventStore
from director.store.values import ReadOnlyEventError

OPEN_READ_ONLY = "Open &read-only"
SAVE_A_COPY = "&Save a copy elsewhere…"
"""The two ways to open an event that cannot be changed where it is."""


def open_event(path: Path, parent: QWidget | None = None) -> EventStore | None:
    """Open the event at `path`. One that cannot be changed where it is (a read-only file,
    folder or disk) is opened read-only, or copied elsewhere and the copy opened, as the
    director chooses; None if the director chose neither. Other refusals are raised."""
    try:
        return EventStore.open(path)
    except ReadOnlyEventError as exc:
        reason = str(exc)
    while True:
        choice = ask_how_to_open(reason, parent)
        if choice == OPEN_READ_ONLY:
            return EventStore.open(path, read_only=True)
        if choice != SAVE_A_COPY:
            return None
        copy = save_copy(path, parent)
        if copy is not None:
            return EventStore.open(copy)


def ask_how_to_open(reason: str, parent: QWidget | None) -> str | None:
    """Ask whether to open a read-only event read-only or to save a copy; the text of the
    button chosen (None: Cancel)."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("The event cannot be changed")
    box.setText(reason)
    box.setInformativeText(
        "Read-only, the standings and printing work and nothing can be changed. A copy in a "
        "folder you can write to can be changed as usual; the original stays as it is."
    )
    read_only = box.addButton(OPEN_READ_ONLY, QMessageBox.ButtonRole.AcceptRole)
    box.addButton(SAVE_A_COPY, QMessageBox.ButtonRole.ActionRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    cancel.setText("&Cancel")  # Qt names it without an Alt letter
    box.setDefaultButton(read_only)
    box.exec()
    # Qt answers no button (None) when none was clicked, whatever PySide's stubs say
    chosen: QAbstractButton | None = box.clickedButton()
    return None if chosen is None or chosen is cancel else chosen.text()


def save_copy(path: Path, parent: QWidget | None) -> Path | None:
    """Copy the event at `path` to a new file the director names; its path (None if the
    director cancelled, or the copy could not be written, which the director is told)."""
    chosen, _ = QFileDialog.getSaveFileName(
        parent,
        "Save a copy of the event",
        str(beside_event(path, f"{path.stem}-copy{EVENT_SUFFIX}")),
        f"Events (*{EVENT_SUFFIX})",
        options=QFileDialog.Option.DontConfirmOverwrite,  # an event file is never overwritten
    )
    if not chosen:
        return None
    target = Path(chosen) if Path(chosen).suffix else Path(chosen).with_suffix(EVENT_SUFFIX)
    if target.exists():
        show_error(parent, "Cannot save the copy", f"{target} exists already: choose a new name.")
        return None
    try:
        return copy_sqlite(path, target)
    except (OSError, sqlite3.Error) as exc:
        target.unlink(missing_ok=True)  # a part-written copy is of no use
        show_error(
            parent,
            "Cannot save the copy",
            f"The copy could not be written to {target.parent} ({exc}): choose a folder you "
            "can write to, on a disk with free space.",
        )
        return None
