"""Printing from an event file: the movement documents of a session's section, and its results,
with the event's name, date and session in every header. Reads through the store's services."""

from __future__ import annotations

from pathlib import Path

from director.errors import DirectorError
from director.printing import results
from director.printing.base import Header, Progress
from director.printing.documents import MOVEMENT_DOCUMENTS
from director.printing.result_views import results_document
from director.store.services import EventStore
from director.store.values import EventInfo, SessionInfo

EVENT_DOCUMENTS = (*MOVEMENT_DOCUMENTS, results.identifier)
"""Everything printable from an event."""


def event_subtitle(info: EventInfo, session: SessionInfo, section: str) -> str:
    """ "Club night — 23 November 2026 — Session 1" (and the section when there are several)."""
    parts = [info.name]
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
) -> bytes:
    """The PDF of `document` (see `EVENT_DOCUMENTS`) for one section of an event file."""
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
            scored = store.standings(session=session, section=section)
            view = results_document(scoring, scored)
            return results.render(view, Header("Results", subtitle), paper, progress, parts)
        movement = store.movement(session=session, section=section)
        names = store.scoring_input(session=session, section=section).names
    chosen = MOVEMENT_DOCUMENTS[document]
    return chosen.make(movement, Header(chosen.verbose_name, subtitle), paper, progress, names)
