"""Printing from an event file as the command line does: open it read-only, read what the
document needs, print."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from director.printing import results
from director.printing.event import print_event_document, read_papers
from director.store.services import EventStore


def print_event_file(
    path: Path,
    document: str,
    session: int = 1,
    section: str = "A",
    paper: str = "a4",
    parts: Sequence[str] = results.PARTS,
) -> bytes:
    """The PDF of `document` for one section of the event file at `path`."""
    with EventStore.open(path, read_only=True) as store:
        papers = read_papers(store, (document,), session, section)
    return print_event_document(papers, document, paper, parts=parts)
