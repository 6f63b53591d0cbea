"""An event's results in one of the exchange formats, read through the store's services."""

from __future__ import annotations

from director.errors import DirectorError
from director.exchange.results import SectionResults, results_csv, results_json
from director.exchange.usebio import results_usebio
from director.store.services import EventStore

FORMATS = ("json", "csv", "usebio")
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


def export_event(store: EventStore, fmt: str) -> str:
    """The event's results as text in format `fmt` (one of `FORMATS`)."""
    if fmt not in FORMATS:
        raise DirectorError(f"unknown format {fmt!r}; use one of: {', '.join(FORMATS)}")
    sections = sections_of(store)
    if not sections:
        raise DirectorError("nothing to export yet: choose a movement for a session first")
    if fmt == "json":
        return results_json(store.info(), sections)
    if fmt == "usebio":
        return results_usebio(store.info(), sections, players_by_label(store))
    return results_csv(sections)
