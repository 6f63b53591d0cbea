"""Printing a whist drive's papers from the window: the printing dialog of a pairs evening (the
list of papers, the preview, Print, Save PDF beside the event file, progress and Cancel) over
the drive's papers, the ones `director drive print` writes (docs/drive.md#the-papers)."""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType

from PySide6.QtWidgets import QWidget

from director.gui.context import EventContext
from director.gui.dialogs.printing import PrintDialog, Rendered, links_base, render_each
from director.gui.ops import Progress
from director.printing.base import Progress as Report
from director.printing.drive import (
    DRIVE_PAPERS,
    blank_papers,
    print_drive_papers,
    read_drive_papers,
)
from director.printing.drive_cards import SCORE_CARDS, TABLE_CARDS
from director.printing.drive_contents import DrivePapers
from director.printing.drive_sheets import CALLER, PRIZES, STANDINGS
from director.printing.event import event_words
from schedules.progressive import DriveSettings


class DrivePrintDialog(PrintDialog):
    """The drive's papers: score cards, table cards, the caller's sheet, the standings and
    the prizes; those the tables need before play ticked to begin with."""

    names = MappingProxyType({kind: title for kind, (title, _draw) in DRIVE_PAPERS.items()})
    tonight: tuple[str, ...] = (SCORE_CARDS, TABLE_CARDS, CALLER)
    at_the_end = (STANDINGS, PRIZES)
    """The papers ticked once every hand is in."""

    def __init__(
        self,
        context: EventContext,
        parent: QWidget | None = None,
        chosen: tuple[str, ...] | None = None,
    ) -> None:
        super().__init__(context, parent, chosen)
        self.setWindowTitle("Print the drive's papers")

    def work(self, chosen: tuple[str, ...], paper: str) -> Callable[[Progress], Rendered]:
        """The job rendering the drive's `chosen` papers on `paper`: the drive read once,
        each paper drawn by the function `director drive print` calls."""
        read = self.reader()

        def draw(papers: DrivePapers, kind: str, report: Report) -> bytes:
            return print_drive_papers(papers, (kind,), paper, report)

        return lambda progress: render_each(chosen, self.names, read, draw, progress)

    def reader(self) -> Callable[[], DrivePapers]:
        """How the worker reads what the papers print (made on the GUI thread)."""
        store = self.context.store
        # the table cards carry the tables' links once the tables have them (served now or
        # before); never issued here: printing changes nothing in the event
        links = links_base(self.context) if store.table_links() else None
        return lambda: read_drive_papers(store, links)

    def papers_out(self) -> None:
        """The drive's path has no step for its papers: nothing to tell."""


class BlankCardsPrintDialog(DrivePrintDialog):
    """Before the drive is started: its numbered score cards with no names, to be drawn at
    the door (each number says a table and seat), the table cards and the caller's sheet,
    for the settings chosen (`director drive print --blank`)."""

    names = MappingProxyType(
        {
            SCORE_CARDS: "Numbered score cards, no names",
            TABLE_CARDS: DRIVE_PAPERS[TABLE_CARDS][0],
            CALLER: DRIVE_PAPERS[CALLER][0],
        }
    )
    tonight = tuple(names)

    def __init__(
        self, context: EventContext, settings: DriveSettings, parent: QWidget | None = None
    ) -> None:
        super().__init__(context, parent)
        self.drive_settings = settings
        self.setWindowTitle("Print the numbered cards")

    def reader(self) -> Callable[[], DrivePapers]:
        """The blank papers of the drive about to start."""
        store, settings = self.context.store, self.drive_settings
        return lambda: blank_papers(event_words(store.info()), settings)
