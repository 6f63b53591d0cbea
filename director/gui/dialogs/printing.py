"""Printing: tick the papers (tonight's set ticked to begin with), render them in a worker
thread with a progress bar (Cancel stops it), look at every page in the preview, then print
them on a printer in one go or save them as one PDF.

The PDFs are the printing package's (`director.printing`); `pdf_pages` turns their pages into
the images the preview takes, and `print_job` sends them to the printer as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrintPreviewWidget
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from director.errors import DirectorError
from director.gui.context import Changed, EventContext
from director.gui.ops import Op, Progress
from director.gui.pdf_pages import PdfPages, page_count, paint
from director.gui.print_job import chosen_pages, send
from director.printing import base as _base
from director.printing import documents as _documents
from director.printing import event as _printing
from director.printing import results as _results
from director.printing.base import Progress as Report
from director.printing.event import EventPapers
from director.printing.pdf_join import merged
from director.printing.printed import PaperKey
from director.printing.reprints import reprints
from director.server.links import base_url
from director.store.outputs import write_whole
from schedules.repair import Repaired

TONIGHT = ("indicators", "table-cards", "slips", "travellers")
"""Tonight's papers: what goes on the tables before play (the director may swap the
travellers for personal score cards)."""

PREVIEW_DPI = 72
"""The preview's pages are drawn at this resolution (it zooms them)."""

PREFERRED_WIDTH, PREFERRED_HEIGHT = 1100, 850
"""The printing dialog's size where the screen has room: a page of the preview readable."""

P = TypeVar("P")


@dataclass(frozen=True)
class Rendered:
    """The papers rendered: one PDF of them all, and how many pages each has."""

    pdf: bytes
    counts: tuple[tuple[str, int], ...]
    """(document name, pages) in the order printed."""

    @property
    def pages(self) -> int:
        """Pages in all."""
        return sum(n for _name, n in self.counts)


def document_names() -> dict[str, str]:
    """Every printable document by identifier, with its name."""
    names = {d.identifier: d.verbose_name for d in _documents.MOVEMENT_DOCUMENTS.values()}
    names[_results.identifier] = "Results (standings, deals, personal sheets)"
    return names


def render_each(
    chosen: tuple[str, ...],
    names: Mapping[str, str],
    read: Callable[[], P],
    draw: Callable[[P, str, Report], bytes],
    progress: Progress,
) -> Rendered:
    """The `chosen` documents rendered one after the other into one PDF, in a worker thread:
    what they print `read` once from the event, then each `draw`n (`progress` hears how far
    each is, and Cancel stops between steps)."""
    progress.report(0, 0, "Reading the event")
    papers = read()
    pdfs, counts = [], []
    for number, document in enumerate(chosen, start=1):
        progress.report(0, 0, f"Rendering {names[document].lower()} ({number} of {len(chosen)})")
        pdf = draw(papers, document, lambda done, total: progress.report(done, total))
        pdfs.append(pdf)
        counts.append((names[document], page_count(pdf)))
    return Rendered(merged(pdfs), tuple(counts))


def _only(papers: EventPapers, keys: frozenset[PaperKey] | None) -> EventPapers:
    """The papers restricted to those with `keys` (None: all of them)."""
    if keys is None:
        return papers
    return replace(papers, printed=replace(papers.printed, only=keys))


def links_base(context: EventContext) -> str | None:
    """Where the tables' links start: the server's address while the tables are served, else
    the address they were last served on (kept with the event), so that table cards printed
    between two servings carry the links the phones will reach; None when never served."""
    if context.links_base is not None:
        return context.links_base
    kept = context.store.serving_address()
    return None if kept is None else base_url(kept.host, kept.port)


def offer_reprints(context: EventContext, repaired: Repaired, parent: QWidget) -> None:
    """After a repair, open printing for the papers whose printed content it changed: each
    document restricted to its changed papers, those on the tables tonight ticked."""
    again = reprints(repaired.previous, repaired.movement)
    if not again:
        return
    ticked = tuple(document for document in again.papers if document in TONIGHT)
    PrintDialog(context, parent, ticked, again.only()).exec()


class PrintDialog(QDialog):
    """Papers, paper size, preview of every page, print, save."""

    names: Mapping[str, str] = MappingProxyType(document_names())
    """The papers offered, by identifier, with their names (in the list's order)."""
    tonight: tuple[str, ...] = TONIGHT
    """The papers ticked to begin with, and by the Tonight's papers button."""

    def __init__(
        self,
        context: EventContext,
        parent: QWidget | None = None,
        chosen: tuple[str, ...] | None = None,
        only: Mapping[str, frozenset[PaperKey]] | None = None,
    ) -> None:
        super().__init__(parent)
        self.only = dict(only or {})
        """Documents printed for some of their papers only (after a repair: those it changed)."""
        self.setWindowTitle("Print the changed papers" if self.only else "Print")
        self.context = context
        self.rendered: Rendered | None = None
        self.pages: PdfPages | None = None
        self.printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        """The printer the director chooses; the preview draws on a printer of its own (a
        preview takes over the painting of the printer it is given)."""
        self.documents = QListWidget()
        self.documents.setAccessibleName("Papers to print")
        for identifier, name in self.names.items():
            item = QListWidgetItem(name)
            item.setData(Qt.ItemDataRole.UserRole, identifier)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            self.documents.addItem(item)
        # every paper's name shows whole, at any scale: the list is as wide as the longest
        # (with its check box, the frame, a scroll bar and a little room)
        self.documents.setMinimumWidth(
            self.documents.sizeHintForColumn(0)
            + 2 * self.documents.frameWidth()
            + self.documents.verticalScrollBar().sizeHint().width()
            + 2 * self.documents.fontMetrics().averageCharWidth()
        )
        self.choose(self.tonight if chosen is None else chosen)
        tonight = QPushButton("&Tonight's papers")
        tonight.setToolTip("Tick " + ", ".join(self.names[d].lower() for d in self.tonight))
        tonight.clicked.connect(lambda: self.choose(self.tonight))
        self.paper = QComboBox()
        self.paper.addItems([p.upper() for p in _base.PAPERS])
        self.preview_button = QPushButton("&Preview")
        self.preview_button.setDefault(True)
        self.print_button = QPushButton("P&rint…")
        self.save_button = QPushButton("&Save PDF…")
        close = QPushButton("&Close")
        self.status = QLabel("Tick the papers and press Preview, Print or Save PDF.")
        self.status.setWordWrap(True)
        self.preview_printer = QPrinter()  # kept: the preview holds no reference of its own
        self.preview_widget = QPrintPreviewWidget(self.preview_printer, self)
        self.preview_widget.setViewMode(QPrintPreviewWidget.ViewMode.AllPagesView)
        # a page across the preview's width, whatever the dialog's size: read without scrolling
        # sideways
        self.preview_widget.setZoomMode(QPrintPreviewWidget.ZoomMode.FitToWidth)
        self.preview_widget.setMinimumSize(520, 480)
        self.preview_widget.paintRequested.connect(self._paint_preview)
        papers_label = QLabel("P&apers:")
        papers_label.setBuddy(self.documents)
        paper_label = QLabel("Paper si&ze:")
        paper_label.setBuddy(self.paper)
        left = QVBoxLayout()
        left.addWidget(papers_label)
        left.addWidget(self.documents, 1)
        left.addWidget(tonight)
        left.addWidget(paper_label)
        left.addWidget(self.paper)
        row = QHBoxLayout()
        row.addLayout(left)
        row.addWidget(self.preview_widget, 1)
        buttons = QHBoxLayout()
        for button in (self.preview_button, self.print_button, self.save_button):
            buttons.addWidget(button)
        buttons.addStretch()
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(row, 1)
        layout.addWidget(self.status)
        layout.addLayout(buttons)
        # room for a page to read in the preview, never more than the screen has
        room = self.screen().availableGeometry().size()
        self.resize(
            min(PREFERRED_WIDTH, room.width() * 9 // 10),
            min(PREFERRED_HEIGHT, room.height() * 9 // 10),
        )
        self.preview_button.clicked.connect(lambda: self.render_papers(lambda: None))
        self.print_button.clicked.connect(lambda: self.render_papers(self.print_papers))
        self.save_button.clicked.connect(lambda: self.render_papers(self.save))
        close.clicked.connect(self.reject)
        self.documents.itemChanged.connect(self._forget)
        self.paper.currentIndexChanged.connect(self._forget)
        self.op: Op[Rendered] | None = None
        self.print_op: Op[None] | None = None

    # -- the choice ---------------------------------------------------------------------------

    def choose(self, identifiers: tuple[str, ...]) -> None:
        """Tick exactly the documents named."""
        for row in range(self.documents.count()):
            item = self.documents.item(row)
            ticked = item.data(Qt.ItemDataRole.UserRole) in identifiers
            item.setCheckState(Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked)

    def chosen(self) -> tuple[str, ...]:
        """The documents ticked, in the list's order."""
        items = (self.documents.item(row) for row in range(self.documents.count()))
        return tuple(
            item.data(Qt.ItemDataRole.UserRole)
            for item in items
            if item.checkState() == Qt.CheckState.Checked
        )

    def _forget(self) -> None:
        # dropped, not closed: a print still running keeps its own reference
        self.rendered = None
        self.pages = None

    # -- rendering ----------------------------------------------------------------------------

    def render_papers(self, then: Callable[[], None]) -> Op[Rendered] | None:
        """Render the ticked papers in the background (once for the same choice), show every
        page in the preview, then call `then`."""
        if self.rendered is not None:
            then()
            return None
        chosen = self.chosen()
        if not chosen:
            self.status.setText("Tick at least one of the papers.")
            return None
        work = self.work(chosen, self.paper.currentText().lower())
        self._busy(True)
        self.status.setText("Rendering…")
        self.op = (
            Op(self, "Rendering the papers", work)
            .success(lambda rendered: self._show(rendered, then))
            .failure(self._failed)
            .on_cancel(self._cancelled)
            .run_in_background()
        )
        return self.op

    def work(self, chosen: tuple[str, ...], paper: str) -> Callable[[Progress], Rendered]:
        """The job rendering the `chosen` documents on `paper` in a worker thread (made here,
        on the GUI thread, from what the dialog shows now)."""
        session, section = self.context.session, self.context.section
        store, links, only = self.context.store, links_base(self.context), dict(self.only)

        def draw(papers: EventPapers, document: str, report: Report) -> bytes:
            return _printing.print_event_document(
                _only(papers, only.get(document)), document, paper, report
            )

        return lambda progress: render_each(
            chosen,
            self.names,
            lambda: _printing.read_papers(store, chosen, session, section, links),
            draw,
            progress,
        )

    def _busy(self, busy: bool) -> None:
        for button in (self.preview_button, self.print_button, self.save_button):
            button.setEnabled(not busy)

    def _cancelled(self) -> None:
        self._busy(False)
        self.status.setText("Cancelled.")

    def _failed(self, exc: BaseException) -> None:
        self._busy(False)
        if isinstance(exc, DirectorError):
            self.status.setText(f"Cannot print: {exc}")
            return
        from director.gui.errors import report_exception

        report_exception(exc, parent=self)

    def _show(self, rendered: Rendered, then: Callable[[], None]) -> None:
        self._busy(False)
        self._forget()
        self.rendered = rendered
        self.pages = PdfPages(rendered.pdf)
        self.preview_widget.updatePreview()
        parts = ", ".join(f"{name.lower()} {n}" for name, n in rendered.counts)
        self.status.setText(f"{rendered.pages} pages: {parts}.")
        then()

    def _paint_preview(self, printer: QPrinter) -> None:
        pages = self.pages
        if pages is not None:
            paint(printer, pages, lambda index: pages.image(index, PREVIEW_DPI))

    # -- out ------------------------------------------------------------------------------

    def print_papers(self) -> None:
        """Ask which printer, then print every page of the rendered papers in one job."""
        if self.pages is None:
            return
        dialog = QPrintDialog(self.printer, self)
        dialog.setWindowTitle("Print the papers")
        if not dialog.exec():
            return
        self.print_to(self.printer)

    def print_to(self, printer: QPrinter) -> Op[None] | None:
        """Print the rendered papers on `printer` as one job, in the background; Cancel
        leaves nothing of it in the printer's queue."""
        if self.pages is None or self.rendered is None:
            return None
        pages, rendered = self.pages, self.rendered
        title = f"{self.context.store.info().name}: papers"
        sent = len(chosen_pages(printer, rendered.pages))

        def work(progress: Progress) -> None:
            send(printer, rendered.pdf, pages, title, progress.report)

        self._busy(True)
        self.status.setText("Printing…")
        self.print_op = (
            Op[None](self, "Printing the papers", work)
            .success(
                lambda _none: self._finished(
                    f"Sent {sent} pages to {printer.printerName() or 'the printer'}."
                )
            )
            .failure(self._failed)
            .on_cancel(self._cancelled)
            .run_in_background()
        )
        return self.print_op

    def save(self) -> None:
        """Save the rendered papers as one PDF where the director chooses."""
        if self.rendered is None:
            return
        name = self.chosen()[0] if len(self.chosen()) == 1 else "papers"
        path, _ = QFileDialog.getSaveFileName(
            self, "Save PDF", str(self.context.beside_event(f"{name}.pdf")), "PDF (*.pdf)"
        )
        if not path:
            return
        try:
            write_whole(path, self.rendered.pdf, replace=True)  # the dialog asked first
        except DirectorError as exc:  # an event file is never replaced
            self.status.setText(f"Cannot save: {exc}.")
            return
        except OSError as exc:
            self.status.setText(
                f"Cannot save {path}: {exc.strerror or exc}. Choose another folder."
            )
            return
        self._finished(f"Saved {path}")

    def _finished(self, message: str) -> None:
        """The papers are out: say so, and tell the evening's path once tonight's are."""
        self._busy(False)
        self.status.setText(message)
        self.papers_out()

    def papers_out(self) -> None:
        """Tell the evening's path once tonight's papers are out (printed or saved)."""
        if set(self.chosen()) & set(_documents.MOVEMENT_DOCUMENTS):
            self.context.papers_printed.add((self.context.session, self.context.section))
            self.context.notify(Changed.PAPERS)
