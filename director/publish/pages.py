"""The results site's pages, from scored sections: the standings (winners, every ranking,
links to each deal and each competitor), a page per deal and a page per competitor.

Pure: no files, no database. The tables are the printed results' own (`results_document`),
so the site and the PDF show the same figures, rounded the same way; this module only adds
the links between pages and the "provisional" warning.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import TypeVar

from director.exchange.results import SectionResults
from director.printing.result_contents import ResultsDocument, Table, results_document
from director.publish.html import Cell, Fragment, Link, bullets, escape, page, paragraphs, table
from director.scoring.text import figure, labelled
from director.scoring.validate import index_plays
from director.store.values import EventInfo
from schedules.types import Label

INDEX = "index.html"
T = TypeVar("T")


@dataclass(frozen=True)
class ScoredSection(SectionResults):
    """A section's results as the site shows them: titles, page names, completeness."""

    @property
    def folder(self) -> str:
        """The folder of its deal and competitor pages: "session-1" or "session-1-b"."""
        own = f"-{_slug(self.section)}" if self.several else ""
        return f"session-{self.session.number}{own}"

    @cached_property
    def expected(self) -> int:
        """Results the movement calls for: one per table per tray it plays."""
        return sum(len(places) for places in index_plays(self.scoring).plays.values())

    @cached_property
    def entered(self) -> int:
        """Results entered (played, or scored as not played) on the counting deals."""
        return sum(len(deal.tables) for deal in self.result.deals)

    @property
    def provisional(self) -> str:
        """What to say while results are missing ("" once every result is in)."""
        missing = self.expected - self.entered
        if missing <= 0:
            return ""
        return (
            f"Provisional: {missing} of {self.expected} results are still to come,"
            " so places and figures may change."
        )

    @cached_property
    def document(self) -> ResultsDocument:
        """The printed results' tables."""
        return results_document(self.scoring, self.result)

    @cached_property
    def pages(self) -> dict[Label, str]:
        """Each competitor's page name, in the movement's order."""
        field = self.scoring.movement.field
        slugs = [_slug(label) for label in field]
        if len(set(slugs)) < len(slugs):  # labels differing only in case or punctuation
            slugs = [str(i) for i in range(1, len(field) + 1)]
        return {label: f"competitor-{slug}.html" for label, slug in zip(field, slugs, strict=True)}


def tray_page(tray: int) -> str:
    """A deal's page name."""
    return f"tray-{tray}.html"


def site_pages(
    info: EventInfo, sections: Sequence[ScoredSection], published: datetime
) -> dict[str, str]:
    """Every page of the site, by its path inside the site."""
    footer = f"Published {published:%d %B %Y at %H:%M} by Whist Director."
    subtitle = event_subtitle(info)
    out = {INDEX: _index(info, subtitle, sections, footer)}
    for s in sections:
        out.update(_deal_pages(info, s, footer))
        out.update(_competitor_pages(info, s, footer))
    return out


def event_subtitle(info: EventInfo) -> str:
    """The line under the event's name: when and where it was held."""
    parts = []
    if info.held_on is not None:
        parts.append(f"{info.held_on.day} {info.held_on:%B %Y}")
    if info.venue:
        parts.append(info.venue)
    return " — ".join(parts)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


# ---------------------------------------------------------------- standings


def _index(info: EventInfo, subtitle: str, sections: Sequence[ScoredSection], footer: str) -> str:
    body = "\n".join(_standings(s) for s in sections)
    return page(f"{info.name}: results", info.name, subtitle, body, "", footer=footer)


def _status(s: ScoredSection) -> str:
    if s.provisional:
        return f'<p class="provisional">{escape(s.provisional)}</p>'
    return '<p class="final">Final: every result is in.</p>'


def _standings(s: ScoredSection) -> str:
    folder = s.folder + "/"
    parts = [f'<section id="{escape(s.folder)}">', f"<h2>{escape(s.title)}</h2>", _status(s)]
    if s.document.winners:
        parts.append(f"<h3>{s.document.winners_title}</h3>")
        # One line per winner, as printed, leading to the (first) winner's own page.
        lines = (
            Link(text, folder + s.pages[w.labels[0]]) if w.labels[0] in s.pages else text
            for text, w in zip(s.document.winners, s.result.winners, strict=True)
        )
        parts.append(bullets(lines, "winners"))
    for ranking in s.document.rankings:
        parts.append(table(ranking.title, ranking.headings, _ranking_rows(ranking, s, folder)))
    if s.result.teams:
        teams = (
            (t.place, t.team, figure(t.tricks), figure(t.margin, signed=True),
             figure(t.matches_won))
            for t in s.result.teams
        )  # fmt: skip
        parts.append(table("Teams", ("Place", "Team", "Tricks", "Margin", "Matches won"), teams))
    if s.document.couples is not None:
        couples = s.document.couples
        parts.append(table(couples.title, couples.headings, couples.rows))
    parts.append("<h3>Deals</h3>")
    trays = (Link(str(d.tray), folder + tray_page(d.tray)) for d in s.result.deals)
    parts += [bullets(trays, "trays"), "</section>"]
    return "\n".join(parts)


def _ranking_rows(ranking: Table, s: ScoredSection, folder: str) -> list[tuple[Cell, ...]]:
    """The printed rows, with number and name leading to the competitor's page."""
    label_at = ranking.headings.index("No.")
    rows: list[tuple[Cell, ...]] = []
    for row in ranking.rows:
        target = s.pages.get(row[label_at])
        cells: list[Cell] = list(row)
        if target is not None:
            for at in (label_at, label_at + 1):
                if row[at]:
                    cells[at] = Link(row[at], folder + target)
        rows.append(tuple(cells))
    return rows


# ---------------------------------------------------------------- deals


def _section_page(
    info: EventInfo, s: ScoredSection, heading: str, body: Sequence[str], footer: str
) -> str:
    """A page in the section's folder showing the sheet `heading` (its empty parts left out),
    with the way back to the section's standings."""
    return page(
        f"{heading}: {info.name}, {s.title}",
        heading,
        f"{info.name} — {s.title}",
        "\n".join(b for b in body if b),
        "../",
        (Link(f"Standings: {s.title}", f"../{INDEX}#{s.folder}"),),
        footer,
    )


def _players(
    labels: Sequence[Label], s: ScoredSection, *, named: bool = False
) -> tuple[Fragment, ...]:
    """Partners or pairs as links to their pages, joined as the printed sheet joins them;
    `named`: each with its names ("2 Mrs Brown & Mr Brown"), where a row has room."""
    parts: list[Fragment] = []
    for i, label in enumerate(labels):
        if i:
            parts.append(" - " if named else "-")
        text = labelled(label, s.scoring.names) if named else label
        parts.append(Link(text, s.pages[label]) if label in s.pages else text)
    return tuple(parts)


def _deal_pages(info: EventInfo, s: ScoredSection, footer: str) -> dict[str, str]:
    out = {}
    deals = s.result.deals
    for at, (deal, sheet) in enumerate(zip(deals, s.document.deals, strict=True)):
        rows: list[tuple[Cell, ...]] = []
        # The printed sheet has one row per table score, in the same order.
        for t, row in zip(deal.tables, sheet.rows, strict=True):
            rows.append((*row[:2], _players(t.ns, s), _players(t.ew, s), *row[4:]))
        body = [_status(s) if s.provisional else ""]
        body.append(table(sheet.title, sheet.headings, rows))
        body.append(paragraphs(sheet.notes))
        steps = [Link(f"Tray {d.tray}", tray_page(d.tray)) for d in _beside(deals, at)]
        body.append(f'<nav class="steps">{bullets(steps, "crumbs")}</nav>')
        out[f"{s.folder}/{tray_page(deal.tray)}"] = _section_page(
            info, s, sheet.title, body, footer
        )
    return out


def _beside(items: Sequence[T], at: int) -> list[T]:
    return [items[i] for i in (at - 1, at + 1) if 0 <= i < len(items)]


# ---------------------------------------------------------------- competitors


def _competitor_pages(info: EventInfo, s: ScoredSection, footer: str) -> dict[str, str]:
    out = {}
    joined = {
        "-".join(side): side
        for deal in s.result.deals
        for t in deal.tables
        for side in (t.ns, t.ew)
    }
    places = {
        label: [f"Place {row.place} ({field})" for field, rows in s.result.standings.items()
                for row in rows if row.label == label]
        for label in s.pages
    }  # fmt: skip
    # One printed sheet per competitor of the field, in its order (scoring refuses others).
    for label, sheet in zip(s.pages, s.document.personal, strict=True):
        tray_at, opponents_at = sheet.headings.index("Tray"), sheet.headings.index("Opponents")
        rows = []
        for row in sheet.rows:
            cells: list[Cell] = list(row)
            cells[tray_at] = Link(row[tray_at], tray_page(int(row[tray_at])))
            cells[opponents_at] = (
                _players(joined.get(row[opponents_at], ()), s, named=True) or row[opponents_at]
            )
            rows.append(tuple(cells))
        # The totals first: on a phone they are what a player looks for.
        body = [_status(s) if s.provisional else "", paragraphs(sheet.notes)]
        body.append(paragraphs(places[label], "place"))
        body.append(table("Deal by deal", sheet.headings, rows))
        out[f"{s.folder}/{s.pages[label]}"] = _section_page(info, s, sheet.title, body, footer)
    return out
