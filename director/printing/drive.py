"""Printing a whist drive's papers: the players' numbered score cards, the table cards, the
caller's sheet, the standings and the prizes (docs/drive.md#the-papers).

Printing takes plain values (`DrivePapers`): `read_drive_papers` reads them from the event the
caller has open, once, through the few reads `DriveReader` names; `blank_papers` makes the
numbered cards drawn at the door before the drive is started. `print_drive_papers` then prints
any of the papers, in one PDF.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Protocol

import pypdfium2 as pdfium  # type: ignore[import-untyped]  # ships no types and no stubs

from director.errors import DirectorError
from director.printing import drive_cards, drive_sheets
from director.printing.base import Header, Progress
from director.printing.drive_contents import DrivePapers, blank_cards, named_cards
from director.scoring.drive import penalty_notes, standings
from director.scoring.drive_prizes import prizes
from director.store import drive_play

if TYPE_CHECKING:
    from director.store.drive_play import DriveRecord
    from director.store.table_values import TableToken
    from director.store.values import EventInfo
    from schedules.progressive import DriveSettings

Render = Callable[[DrivePapers, Header, str, "Progress | None"], bytes]

DRIVE_PAPERS: dict[str, tuple[str, Render]] = {
    drive_cards.SCORE_CARDS: ("Score cards", drive_cards.render_score_cards),
    drive_cards.TABLE_CARDS: ("Table cards", drive_cards.render_table_cards),
    drive_sheets.CALLER: ("The caller's sheet", drive_sheets.render_caller),
    drive_sheets.STANDINGS: ("Standings", drive_sheets.render_standings),
    drive_sheets.PRIZES: ("Prizes", drive_sheets.render_prizes),
}
"""Each of a drive's papers by the name the CLI and the GUI use: its title and how it is drawn."""

_PDFIUM = threading.Lock()
"""PDFium is not safe to call from two threads at once."""


class DriveReader(Protocol):
    """The reads `read_drive_papers` makes of an open event (the store's services)."""

    def info(self) -> EventInfo: ...

    def drive(self) -> DriveRecord: ...

    def table_links(self) -> tuple[TableToken, ...]: ...


def check_kinds(kinds: Collection[str]) -> None:
    """Refuse a paper a drive does not have, naming those it has."""
    unknown = [kind for kind in kinds if kind not in DRIVE_PAPERS]
    if unknown or not kinds:
        raise DirectorError(
            f"unknown paper {unknown[0]!r}; "
            if unknown
            else f"say which papers; a drive prints: {', '.join(DRIVE_PAPERS)}"
        )


def drive_subtitle(info: EventInfo) -> str:
    """ "Harvest drive — Village Hall — 5 December 2026": the event, its venue and date."""
    parts = [info.name]
    if info.venue:
        parts.append(info.venue)
    if info.held_on is not None:
        parts.append(f"{info.held_on.day} {info.held_on:%B %Y}")
    return " — ".join(parts)


def read_drive_papers(event: DriveReader, links_base: str | None = None) -> DrivePapers:
    """Everything the drive's papers print, read once from the open event; with `links_base`
    (the table server's address as the phones reach it) each table card carries its table's
    link. Refused when the tables have no links yet: issuing them changes the event, which
    printing never does."""
    record = event.drive()
    settings = record.settings
    hands = drive_play.played(record)
    final = standings(settings, hands)
    half = settings.hands_per_half
    arrivals = [(c.player, c.from_hand) for c in record.changes if c.arrives]
    links = {} if links_base is None else _links(event.table_links(), settings, links_base)
    return DrivePapers(
        subtitle=drive_subtitle(event.info()),
        settings=settings,
        cards=named_cards(record.first, arrivals),
        first=record.first,
        links=links,
        played=len(hands),
        half_time=standings(settings, hands[:half]) if len(hands) >= half else (),
        final=final,
        roles=record.roles,
        prizes=prizes(settings, record.prizes, hands, record.roles) if hands else (),
        penalties=penalty_notes(settings, hands),
    )


def blank_papers(subtitle: str, settings: DriveSettings) -> DrivePapers:
    """The papers of a drive not started yet: a numbered card for every seat, drawn at the
    door (the number says the first table and seat), the table cards and the caller's sheet."""
    return DrivePapers(subtitle=subtitle, settings=settings, cards=blank_cards(settings))


def print_drive_papers(
    papers: DrivePapers,
    kinds: Sequence[str],
    paper: str = "a4",
    progress: Progress | None = None,
) -> bytes:
    """The PDF of the drive's papers `kinds` (see `DRIVE_PAPERS`), one after the other."""
    check_kinds(kinds)
    pdfs = []
    for kind in kinds:
        title, render = DRIVE_PAPERS[kind]
        pdfs.append(render(papers, Header(title, papers.subtitle), paper, progress))
    return _joined(pdfs)


def _joined(pdfs: Sequence[bytes]) -> bytes:
    """The pages of every PDF, in order, as one PDF."""
    if len(pdfs) == 1:
        return pdfs[0]
    with _PDFIUM:
        whole = pdfium.PdfDocument.new()
        for pdf in pdfs:
            part = pdfium.PdfDocument(pdf)
            whole.import_pages(part)
            part.close()
        out = io.BytesIO()
        whole.save(out)
        whole.close()
    return out.getvalue()


def _links(tokens: Sequence[TableToken], settings: DriveSettings, base: str) -> dict[int, str]:
    """Each drive table's link under `base` (the tokens of the event's first section: a drive
    event has no other)."""
    first: dict[int, str] = {}
    for token in tokens:  # in session, section and table order: the first section's first
        if token.table <= settings.tables:
            first.setdefault(token.table, token.url(base))
    if not first:
        raise DirectorError(
            "the tables have no links yet: serve the tables first (Serve the tables, or"
            " director serve), then print the table cards again"
        )
    return first
