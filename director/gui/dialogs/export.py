"""Export the results for other programs: JSON, CSV, the EBU's USEBIO XML, a Bridgewebs upload.

The same exporter as `director export` writes them (`director.exchange.export.export_event`,
one call through the store); the director picks the format here and the file in a save dialog.
A Bridgewebs file holds one competition: the session and section on view.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from director.errors import DirectorError
from director.exchange.export import FORMATS, export_event
from director.gui.context import EventContext
from director.gui.errors import report_exception
from director.gui.widgets.buttons import ok_cancel
from director.store.outputs import write_whole


@dataclass(frozen=True, slots=True)
class Format:
    """One export format as the director chooses it."""

    name: str
    """The exporter's name for it (`FORMATS`)."""
    title: str
    suffix: str
    files: str
    """The save dialog's filter."""
    about: str


CHOICES = (
    Format(
        "json",
        "Every result and figure (JSON)",
        "json",
        "JSON (*.json)",
        "What was entered and every figure scored, per section; it reads back as the same event.",
    ),
    Format(
        "csv",
        "Results and standings for a spreadsheet (CSV)",
        "csv",
        "CSV (*.csv)",
        "One row per standing and per table's result, safe to open in a spreadsheet.",
    ),
    Format(
        "usebio",
        "English Bridge Union results (USEBIO XML)",
        "xml",
        "USEBIO XML (*.xml)",
        "The EBU's results file (USEBIO 1.3), for programs and sites that read it.",
    ),
    Format(
        "bridgewebs",
        "Bridgewebs upload (CSV)",
        "csv",
        "CSV (*.csv)",
        "The results of the session and section on view, as a club uploads them to Bridgewebs.",
    ),
)
assert tuple(f.name for f in CHOICES) == FORMATS  # every exporter's format is offered


class ExportDialog(QDialog):
    """Choose the export's format."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export results")
        self.format = QComboBox()
        for choice in CHOICES:
            self.format.addItem(choice.title, choice)
        self.about = QLabel()
        self.about.setWordWrap(True)
        self.format.currentIndexChanged.connect(self._about)
        form = QFormLayout()
        form.addRow("&Format:", self.format)
        buttons = ok_cancel("&Export…")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.about)
        layout.addWidget(buttons)
        self._about()

    def chosen(self) -> Format:
        """The format chosen."""
        choice: Format = self.format.currentData()
        return choice

    def _about(self) -> None:
        self.about.setText(self.chosen().about)


def write_export(context: EventContext, choice: Format, path: Path) -> None:
    """Write the event's results in `choice`'s format to `path` (`DirectorError` if it cannot
    be made or written, in plain words)."""
    text = export_event(context.store, choice.name, context.session, context.section)
    try:
        write_whole(path, text, replace=True)  # the save dialog asked before replacing
    except OSError as exc:
        raise DirectorError(f"cannot write {path}: {exc.strerror}") from None


def export_results(context: EventContext, parent: QWidget | None = None) -> Path | None:
    """Ask for a format and a file, and write the export; the file written (None when the
    director cancelled or it could not be written, which the director is told)."""
    dialog = ExportDialog(parent)
    if not dialog.exec():
        return None
    choice = dialog.chosen()
    suggested = context.beside_event(f"{context.event_stem}-{choice.name}.{choice.suffix}")
    chosen, _ = QFileDialog.getSaveFileName(
        parent, "Export the results", str(suggested), f"{choice.files};;All files (*)"
    )
    if not chosen:
        return None
    path = Path(chosen)
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        write_export(context, choice, path)
    except Exception as exc:
        failure: Exception | None = exc
    else:
        failure = None
    finally:
        QApplication.restoreOverrideCursor()
    if failure is not None:  # shown once the cursor is back
        report_exception(failure, parent=parent)
        return None
    return path
