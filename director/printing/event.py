"""Printing an event's papers: the movement documents of a session's section, and its results,
with the event's name, date and session in every header.

Printing takes plain values (`EventPapers`); the caller reads them from the store it has open
(`read_papers`, through the few reads `EventReader` names), so an event on a server database
prints as a file does, and the GUI prints from the event it has open.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from director.errors import DirectorError
from director.printing import results
from director.printing.base import Header, Progress
from director.printing.documents import MOVEMENT_DOCUMENTS, TABLE_CARDS
from director.printing.printed import Printed
from director.printing.result_contents import results_document
from director.scoring import score_section
from schedules.types import Competitors

if TYPE_CHECKING:
    from director.scoring.model import SectionPlay, SectionResult
    from director.store.table_values import TableToken
    from director.store.values import EventInfo, SessionInfo
    from schedules.types import Movement

EVENT_DOCUMENTS = (*MOVEMENT_DOCUMENTS, results.identifier)
"""Everything printable from an event."""


@dataclass(frozen=True, slots=True)
class ScoredSection:
    """A section's results as scoring read and scored them."""

    scoring: SectionPlay
    """The scoring input: the movement, the results, the names."""
    result: SectionResult


@dataclass(frozen=True, slots=True)
class EventPapers:
    """Everything the papers of one section of an event print, read from the store."""

    subtitle: str
    """Event, venue, date and session: the second line of every header."""
    movement: Movement
    printed: Printed = field(default_factory=Printed)
    """The players' names and the tables' links (the movement documents)."""
    scored: ScoredSection | None = None
    """The results, scored (None when they are not asked for)."""


class EventReader(Protocol):
    """The reads `read_papers` makes of an open event (the store's services)."""

    def info(self) -> EventInfo: ...

    def sessions(self) -> tuple[SessionInfo, ...]: ...

    def movement(self, *, session: int = 1, section: str = "A") -> Movement: ...

    def scoring_input(self, *, session: int = 1, section: str = "A") -> SectionPlay: ...

    def empty_places(self, *, session: int = 1, section: str = "A") -> int: ...

    def printed_names(self) -> dict[str, str]: ...

    def table_links(self) -> tuple[TableToken, ...]: ...


def event_subtitle(info: EventInfo, session: SessionInfo, section: str) -> str:
    """ "Club night — The Assembly Rooms — 23 November 2026 — Session 1" (the venue when
    known, the section when there are several)."""
    words = session.name + (f", section {section}" if len(session.sections) > 1 else "")
    return f"{event_words(info)} — {words}"


def event_words(info: EventInfo) -> str:
    """ "Club night — The Assembly Rooms — 23 November 2026": the event, its venue and date
    (each when known)."""
    parts = [info.name]
    if info.venue:
        parts.append(info.venue)
    if info.held_on is not None:
        parts.append(f"{info.held_on.day} {info.held_on:%B %Y}")
    return " — ".join(parts)


def check_documents(documents: Collection[str]) -> None:
    """Refuse a document that cannot be printed from an event, naming those that can."""
    for document in documents:
        if document not in EVENT_DOCUMENTS:
            raise DirectorError(
                f"unknown document {document!r}; use one of: {', '.join(EVENT_DOCUMENTS)}"
            )


def read_papers(
    event: EventReader,
    documents: Collection[str],
    session: int = 1,
    section: str = "A",
    links_base: str | None = None,
) -> EventPapers:
    """What `documents` need of one section of an open event, read once and scored once
    whatever their number; with `links_base` (the table server's address as the phones reach
    it) the tables' links for their table cards."""
    check_documents(documents)
    sessions = {s.number: s for s in event.sessions()}
    if session not in sessions:
        raise DirectorError(
            f"the event has no session {session}; it has {', '.join(map(str, sessions))}"
        )
    subtitle = event_subtitle(event.info(), sessions[session], section)
    scored = None
    if results.identifier in documents:
        # The scoring input holds the movement: the store rebuilds it only once.
        scoring = event.scoring_input(session=session, section=section)
        scored = ScoredSection(scoring, score_section(scoring))
        movement = scoring.movement
    else:
        movement = event.movement(session=session, section=section)
    printed = Printed()
    if set(documents) & set(MOVEMENT_DOCUMENTS):
        _refuse_empty_places(event.empty_places(session=session, section=section), movement)
        links: dict[int, str] = {}
        if links_base is not None and TABLE_CARDS in documents:
            links = _links(event.table_links(), session, section, links_base)
        printed = Printed(event.printed_names(), links)
    return EventPapers(subtitle, movement, printed, scored)


def print_event_document(
    papers: EventPapers,
    document: str,
    paper: str = "a4",
    progress: Progress | None = None,
    parts: Sequence[str] = results.PARTS,
) -> bytes:
    """The PDF of `document` (see `EVENT_DOCUMENTS`) from the values `read_papers` read; of
    the results, only the `parts` asked for."""
    check_documents((document,))
    if document == results.identifier:
        if papers.scored is None:
            raise ValueError("the results were not read: ask read_papers for them")
        sheet = results_document(papers.scored.scoring, papers.scored.result)
        title = "Results (provisional)" if sheet.provisional else "Results"
        return results.render(sheet, Header(title, papers.subtitle), paper, progress, parts)
    chosen = MOVEMENT_DOCUMENTS[document]
    header = Header(chosen.verbose_name, papers.subtitle)
    return chosen.make(papers.movement, header, paper, progress, papers.printed)


def _refuse_empty_places(empty: int, movement: Movement) -> None:
    """Refuse papers that would seat a competitor who is not there. One empty place rests
    when the movement is chosen or the field paired; one left by players named one at a
    time rests when the movement is chosen again. More are a movement of the wrong size:
    resting them would idle the field (13 players in the 16-player individual each rest 7 to
    9 of its 15 rounds), where the movement for the field plays them."""
    if not empty:
        return
    individual = movement.competitors is Competitors.INDIVIDUALS
    unit = "players" if individual else "pairs"
    came = len(movement.field) - empty
    raise DirectorError(
        f"{came} {unit} are entered and the movement is for {len(movement.field)}: choose the"
        f" movement for {came} {unit} (or enter the {unit} still missing), so that no paper"
        " seats a competitor who is not there"
    )


def _links(tokens: Sequence[TableToken], session: int, section: str, base: str) -> dict[int, str]:
    """Each table's link under `base`. Refused when the tables have no links yet (issuing them
    changes the event, which printing never does)."""
    mine = [t for t in tokens if (t.session, t.section) == (session, section)]
    if not mine:
        raise DirectorError(
            "the tables have no links yet: give them links first (Serve the tables, or"
            " director event table-links), then print the table cards again"
        )
    return {t.table: t.url(base) for t in mine}
