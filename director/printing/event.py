"""Printing from an event file: the movement documents of a session's section, and its results,
with the event's name, date and session in every header. Reads through the store's services."""

from __future__ import annotations

from pathlib import Path

from director.errors import DirectorError
from director.printing import results
from director.printing.base import Header, Progress
from director.printing.documents import MOVEMENT_DOCUMENTS
from director.printing.result_views import results_document
from director.printing.views import Printed
from director.scoring import score_session
from director.store.services import EventStore
from director.store.values import EventInfo, SessionInfo

EVENT_DOCUMENTS = (*MOVEMENT_DOCUMENTS, results.identifier)
"""Everything printable from an event."""


def event_subtitle(info: EventInfo, session: SessionInfo, section: str) -> str:
    """ "Club night — The Assembly Rooms — 23 November 2026 — Session 1" (the venue when
    known, the section when there are several)."""
    parts = [info.name]
    if info.venue:
        parts.append(info.venue)
    if info.held_on is not None:
        parts.append(f"{info.held_on.day} {info.held_on:%B %Y}")
    parts.append(session.name + (f", section {section}" if len(session.sections) > 1 else ""))
    return " — ".join(parts)


def print_event_document(
    path: str | Path,
    document: str,
    session: int = 1,
    section: str = "A",
    paper: str = "a4",
    progress: Progress | None = None,
    parts: tuple[str, ...] = results.PARTS,
    links_base: str | None = None,
) -> bytes:
    """The PDF of `document` (see `EVENT_DOCUMENTS`) for one section of an event file; with
    `links_base` (the table server's address as the phones reach it) each table card carries
    its table's link for entering results at the table."""
    if document not in EVENT_DOCUMENTS:
        raise DirectorError(
            f"unknown document {document!r}; use one of: {', '.join(EVENT_DOCUMENTS)}"
        )
    with EventStore.open(path, read_only=True) as store:
        info = store.info()
        sessions = {s.number: s for s in store.sessions()}
        if session not in sessions:
            raise DirectorError(
                f"the event has no session {session}; it has {', '.join(map(str, sessions))}"
            )
        subtitle = event_subtitle(info, sessions[session], section)
        if document == results.identifier:
            scoring = store.scoring_input(session=session, section=section)
        else:
            movement = store.movement(session=session, section=section)
            printed = Printed(store.printed_names(), _links(store, session, section, links_base))
    if document == results.identifier:
        view = results_document(scoring, score_session(scoring))
        title = "Results (provisional)" if view.provisional else "Results"
        return results.render(view, Header(title, subtitle), paper, progress, parts)
    chosen = MOVEMENT_DOCUMENTS[document]
    return chosen.make(movement, Header(chosen.verbose_name, subtitle), paper, progress, printed)


def _links(store: EventStore, session: int, section: str, base: str | None) -> dict[int, str]:
    """Each table's link under `base`; none without a base. Refused when the tables have no
    links yet (issuing them changes the event, which printing never does)."""
    if base is None:
        return {}
    tokens = [t for t in store.table_links() if (t.session, t.section) == (session, section)]
    if not tokens:
        raise DirectorError(
            "the tables have no links yet: give them links first (Serve the tables, or"
            " director event table-links), then print the table cards again"
        )
    return {t.table: t.url(base) for t in tokens}
