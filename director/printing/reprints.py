"""Which papers a repair of the movement makes out of date, worked out rather than guessed.

Every paper on the tables is a value (`director.printing.contents`) with a key that says which
paper it is: a table card its table, an indicator its table and place, a trump slip or a
traveller its tray, a score card its competitor. A paper is out of date exactly when what it
prints differs before and after the repair, or when it is new (a late pair's score card). A
paper the repair leaves without a key is not printed again: there is nobody to give it to. A
withdrawn pair's card changes, and is offered, since it is still the
record of what the pair played.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from director.printing import contents
from director.printing.documents import TABLE_CARDS
from director.printing.printed import Paper, PaperKey, Printed
from director.printing.tray_words import numbers_text
from schedules.types import Movement

Papers = Callable[[Movement, Printed], Sequence[Paper]]
"""What one document prints: its papers, for a movement and what the event adds."""

TABLE_PAPERS: dict[str, Papers] = {
    TABLE_CARDS: lambda m, p: contents.table_cards(m, p.names, p.links),
    "indicators": lambda m, p: contents.indicator_cards(m, p.names),
    "slips": lambda m, _p: contents.slips(m),
    "travellers": lambda m, p: contents.travellers(m, p.names),
    "scorecards": lambda m, p: contents.score_cards(m, p.names),
    "personal-cards": lambda m, p: contents.score_cards(m, p.names),
}
"""The documents whose papers lie on the tables or go with the players, by identifier, in the
printing menu's order: those a repair makes out of date one paper at a time."""

COMPETITOR_PAPERS = {
    "scorecards": "personal score cards (or personal cards)",
    "personal-cards": "personal cards",
}
"""The documents with a paper per competitor, as the director calls them."""
NUMBERED_PAPERS = {
    TABLE_CARDS: "table cards for tables",
    "slips": "trump slips for trays",
    "travellers": "travellers for trays",
}
"""The documents with a paper per table or per tray, as the director calls them."""


@dataclass(frozen=True)
class Reprints:
    """The papers to print again after a repair: per document, the keys of its changed
    papers in the order the document prints them."""

    papers: Mapping[str, tuple[PaperKey, ...]]
    """Only documents with a changed paper appear, in the printing menu's order."""

    def __bool__(self) -> bool:
        return bool(self.papers)

    def only(self) -> dict[str, frozenset[PaperKey]]:
        """Per document, the papers to print (for `Printed.only`)."""
        return {document: frozenset(keys) for document, keys in self.papers.items()}

    def lines(self) -> tuple[str, ...]:
        """Each document's changed papers in words: "table cards for tables 2, 5 and 6"; the
        two kinds of personal card (a club uses one or the other) in one line."""
        return tuple(
            papers_text(document, keys)
            for document, keys in self.papers.items()
            if document != "personal-cards"
        )


def reprints(before: Movement, after: Movement) -> Reprints:
    """The papers whose printed content differs between the movement `before` and `after` a
    repair. The event's names and the tables' links are left out: they are the same on both
    sides, and every paper prints the label beside a name, so they change nothing compared."""
    printed = Printed()
    papers: dict[str, tuple[PaperKey, ...]] = {}
    for document, make in TABLE_PAPERS.items():
        old = {paper.key: paper for paper in make(before, printed)}
        changed = tuple(paper.key for paper in make(after, printed) if old.get(paper.key) != paper)
        if changed:
            papers[document] = changed
    return Reprints(papers)


def papers_text(document: str, keys: Sequence[PaperKey]) -> str:
    """One document's papers in words, e.g. "indicators at table 2 (N-S, E-W); table 5 (E-W)"."""
    if document in COMPETITOR_PAPERS:
        return f"{COMPETITOR_PAPERS[document]} for {', '.join(map(str, keys))}"
    if document in NUMBERED_PAPERS:
        numbers = [key for key in keys if isinstance(key, int)]
        return f"{NUMBERED_PAPERS[document]} {numbers_text(numbers)}"
    places: dict[int, list[str]] = {}
    rest_card = False
    for key in keys:
        if isinstance(key, tuple):
            table, place = key
            if table is None:
                rest_card = True
            else:
                places.setdefault(table, []).append(place)
    parts = [f"table {t} ({', '.join(s)})" for t, s in places.items()]
    text = "indicators at " + "; ".join(parts) if parts else ""
    if not rest_card:
        return text
    return f"{text}, and the rest card" if text else "the rest card"
