"""Printing: choose a document, render it in a worker thread with a progress bar (Cancel
stops it), look at the preview, save the PDF.

The PDFs are the printing package's (`director.printing`); the preview rasterises them with
poppler's `pdftoppm` (installed by `make system-deps`), in the same worker.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from director.errors import DirectorError
from director.gui.context import EventContext
from director.gui.ops import Op, Progress
from director.printing import base as _base
from director.printing import documents as _documents
from director.printing import event as _printing

PREVIEW_DPI = 60
PREVIEW_PAGES = 12
"""Pages rasterised for the preview (the saved PDF always has them all)."""


@dataclass(frozen=True)
class Rendered:
    """A rendered document and its preview pages (PNG bytes)."""

    pdf: bytes
    pages: tuple[bytes, ...]
    note: str = ""


def preview_pages(pdf: bytes, limit: int = PREVIEW_PAGES) -> tuple[tuple[bytes, ...], str]:
    """PNG images of the first `limit` pages, and a note when none can be made."""
    tool = shutil.which("pdftoppm")
    if tool is None:
        return (), "No preview: poppler's pdftoppm is not installed (make system-deps)."
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "doc.pdf"
        source.write_bytes(pdf)
        subprocess.run(
            [tool, "-png", "-r", str(PREVIEW_DPI), "-l", str(limit), str(source), f"{folder}/p"],
            check=True,
            capture_output=True,
        )
        return tuple(p.read_bytes() for p in sorted(Path(folder).glob("p*.png"))), ""


class PrintDialog(QDialog):
    """Document, paper, preview, save."""

    def __init__(self, context: EventContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Print")
        self.context = context
        self.rendered: Rendered | None = None
        self.document = QComboBox()
        for doc in _documents.MOVEMENT_DOCUMENTS.values():
            self.document.addItem(doc.verbose_name, doc.identifier)
        self.document.addItem("Results (standings, deals, personal sheets)", "results")
        self.paper = QComboBox()
        self.paper.addItems([p.upper() for p in _base.PAPERS])
        self.preview_button = QPushButton("&Preview")
        self.preview_button.setDefault(True)
        self.save_button = QPushButton("&Save PDF…")
        self.save_button.setEnabled(False)
        close = QPushButton("&Close")
        self.status = QLabel("Choose a document and press Preview.")
        self.status.setWordWrap(True)
        self.pages = QVBoxLayout()
        holder = QWidget()
        holder.setLayout(self.pages)
        scroll = QScrollArea()
        scroll.setWidget(holder)
        scroll.setWidgetResizable(True)
        scroll.setMinimumSize(520, 480)
        row = QHBoxLayout()
        label = QLabel("&Document:")
        label.setBuddy(self.document)
        row.addWidget(label)
        row.addWidget(self.document, 1)
        row.addWidget(QLabel("Paper:"))
        row.addWidget(self.paper)
        buttons = QHBoxLayout()
        buttons.addWidget(self.preview_button)
        buttons.addWidget(self.save_button)
        buttons.addStretch()
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.status)
        layout.addWidget(scroll)
        layout.addLayout(buttons)
        self.preview_button.clicked.connect(self.preview)
        self.save_button.clicked.connect(self.save)
        close.clicked.connect(self.reject)
        self.document.currentIndexChanged.connect(self._forget)
        self.paper.currentIndexChanged.connect(self._forget)
        self.op: Op[Rendered] | None = None

    def _forget(self) -> None:
        self.rendered = None
        self.save_button.setEnabled(False)

    def preview(self) -> Op[Rendered] | None:
        """Render the chosen document in the background, then show its pages."""
        path = self.context.store.path
        if path is None:
            self.status.setText("Printing needs an event file (not a server database).")
            return None
        document, paper = self.document.currentData(), self.paper.currentText().lower()
        session, section = self.context.session, self.context.section

        def work(progress: Progress) -> Rendered:
            pdf = _printing.print_event_document(
                path,
                document,
                session,
                section,
                paper,
                lambda done, total: progress.report(done, total),
            )
            progress.report(0, 0, "Preparing the preview")
            pages, note = preview_pages(pdf)
            return Rendered(pdf, pages, note)

        self.preview_button.setEnabled(False)
        self.status.setText("Rendering…")
        self.op = (
            Op(self, f"Rendering {self.document.currentText()}", work)
            .success(self._show)
            .failure(self._failed)
            .on_cancel(self._cancelled)
            .run_in_background()
        )
        return self.op

    def _cancelled(self) -> None:
        self.preview_button.setEnabled(True)
        self.status.setText("Cancelled.")

    def _failed(self, exc: BaseException) -> None:
        self.preview_button.setEnabled(True)
        if isinstance(exc, DirectorError):
            self.status.setText(f"Cannot print: {exc}")
            return
        from director.gui.errors import report_exception

        report_exception(exc, parent=self)

    def _show(self, rendered: Rendered) -> None:
        self.rendered = rendered
        self.preview_button.setEnabled(True)
        self.save_button.setEnabled(True)
        while self.pages.count():
            item = self.pages.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        for png in rendered.pages:
            image = QPixmap()
            image.loadFromData(png)
            page = QLabel()
            page.setPixmap(image)
            page.setAlignment(Qt.AlignmentFlag.AlignHCenter)
            self.pages.addWidget(page)
        self.status.setText(
            rendered.note
            or f"Preview of the first {len(rendered.pages)} page(s); "
            f"the PDF holds {len(rendered.pdf):,} bytes."
        )

    def save(self) -> None:
        """Save the rendered PDF where the director chooses."""
        if self.rendered is None:
            return
        path, _ = QFileDialog.getSaveFileName(
            self, "Save PDF", f"{self.document.currentData()}.pdf", "PDF (*.pdf)"
        )
        if path:
            Path(path).write_bytes(self.rendered.pdf)
            self.status.setText(f"Saved {path}")
