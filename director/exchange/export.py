"""An event's results in one of the exchange formats, read through the store's services."""

from __future__ import annotations

from director.errors import DirectorError
from director.exchange.bridgewebs import results_bridgewebs
from director.exchange.drive_results import drive_document
from director.exchange.results import SectionResults, results_csv, results_json
from director.exchange.usebio import results_usebio
from director.store.services import EventStore

FORMATS = ("json", "csv", "usebio", "bridgewebs")
"""The formats `export_event` writes."""


def sections_of(store: EventStore) -> list[SectionResults]:
    """Every section with a movement, as entered and as scored."""
    return [
        SectionResults(
            session,
            section,
            store.scoring_input(session=session.number, section=section),
            store.standings(session=session.number, section=section),
        )
        for session, section in store.scored_sections()
    ]


def players_by_label(store: EventStore) -> dict[str, tuple[str, ...]]:
    """Each partnership label's players' names, in seat order."""
    names = {p.id: p.name for p in store.players()}
    return {p.label: tuple(names[i] for i in p.players) for p in store.partnerships()}


def export_event(store: EventStore, fmt: str, session: int = 1, section: str = "A") -> str:
    """The event's results as text in format `fmt` (one of `FORMATS`). A Bridgewebs file
    holds one competition: the section `section` of session `session`."""
    if fmt not in FORMATS:
        raise DirectorError(f"unknown format {fmt!r}; use one of: {', '.join(FORMATS)}")
    sections = sections_of(store)
    drive = drive_document(store) if store.holds_drive() else None
    if fmt == "json" and (sections or drive):
        return results_json(store.info(), sections, store.history(), drive)
    if not sections:
        if drive:
            raise DirectorError("a whist drive exports as json only (--format json)")
        raise DirectorError("nothing to export yet: choose a movement for a session first")
    if fmt == "usebio":
        return results_usebio(store.info(), sections, players_by_label(store))
    if fmt == "bridgewebs":
        return results_bridgewebs(
            store.info(), _one(sections, session, section), players_by_label(store)
        )
    return results_csv(sections)


def _one(sections: list[SectionResults], session: int, section: str) -> SectionResults:
    for s in sections:
        if (s.session.number, s.section) == (session, section):
            return s
    scored = ", ".join(f"session {s.session.number} section {s.section}" for s in sections)
    raise DirectorError(
        f"session {session} section {section} has no movement; a Bridgewebs file holds one"
        f" section: choose one of {scored}"
    )
