"""The results site in a real browser (Debian's headless chromium): every page opens, every
link leads to a page (and place) that exists, the figures shown are the scorer's, a name
written like markup shows as text, and the pages are photographed at phone and desktop width."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from director.printing.result_contents import revoke_marks
from director.publish import html
from director.publish.site import publish_site
from director.scoring.text import figure
from director.store.services import EventStore
from tests.publish.browser import DESKTOP, PHONE, Document, dump_dom, screenshot
from tests.publish.conftest import EVIL
from tests.server.phone import phones

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def site(
    evening: EventStore, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, dict[Path, Document]]:
    """The published site, every page as chromium built it (once for the module)."""
    folder = tmp_path_factory.mktemp("site")
    files = publish_site(evening, folder / "site")
    profile = folder / "profile"
    pages = {f: Document(dump_dom(f, profile)) for f in files if f.suffix == ".html"}
    return files[0], pages


def test_every_page_opens_and_every_link_resolves(site: tuple[Path, dict[Path, Document]]) -> None:
    index, pages = site
    assert len(pages) == 1 + 8 + 8  # standings, a page per tray, a page per pair
    reached = {index}
    for page, document in pages.items():
        assert document.shown, f"{page} shows nothing"
        assert document.scripts == 0, f"{page} runs a script"
        for href in document.hrefs:
            parts = urlsplit(href)
            assert not parts.scheme, f"{page} links outside: {href}"
            assert not parts.netloc, f"{page} links outside: {href}"
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            assert target.is_file(), f"{page}: {href} leads nowhere"
            if parts.fragment:
                assert parts.fragment in pages[target].ids, f"{page}: no #{parts.fragment}"
            reached.add(target)
    assert set(pages) <= reached, "a page no link leads to"


def test_the_standings_shown_are_the_scorers(
    evening: EventStore, site: tuple[Path, dict[Path, Document]]
) -> None:
    index, pages = site
    result, names = evening.standings(), evening.scoring_input().names
    heading = ["", "Place", "No.", "Name", "Deals", "Tricks", "+/-"]
    rows = pages[index].rows
    for field, standings in result.standings.items():
        start = next(i for i, r in enumerate(rows) if r[:7] == heading)
        shown = rows[start + 1 : start + 1 + len(standings)]
        rows = rows[start + 1 + len(standings) :]
        for row, st in zip(shown, standings, strict=True):
            expected = [st.place, st.label, names[st.label], str(st.deals), figure(st.raw)]
            assert row[1:7] == [*expected, figure(st.plus_minus, signed=True)], field


def test_each_deal_page_shows_the_scorers_tables_and_average(
    evening: EventStore, site: tuple[Path, dict[Path, Document]]
) -> None:
    index, pages = site
    for deal in evening.standings().deals:
        document = pages[index.parent / "session-1" / f"tray-{deal.tray}.html"]
        body = [r for r in document.rows if r and r[0] != "Round"]
        assert len(body) == len(deal.tables)
        for row, t in zip(body, deal.tables, strict=True):
            assert row[:4] == [str(t.round), str(t.table), *t.ns, *t.ew]
            assert row[7:9] == [figure(t.pm_ns, signed=True), figure(t.pm_ew, signed=True)]
            assert row[6] == revoke_marks(t.marks)
        average = f"Average: N-S {figure(deal.avg_ns)}, E-W {figure(deal.avg_ew)}"
        assert average in document.shown


def test_each_competitor_page_shows_the_scorers_card_and_places(
    evening: EventStore, site: tuple[Path, dict[Path, Document]]
) -> None:
    index, pages = site
    result = evening.standings()
    for label in evening.scoring_input().movement.field:
        document = pages[index.parent / "session-1" / f"competitor-{label.lower()}.html"]
        heading, *rows = [r for r in document.rows if r]
        assert heading[:5] == ["Tray", "Round", "Table", "Hands", "Opponents"]
        played = sorted(
            (
                (t, "N-S" if label in t.ns else "E-W")
                for deal in result.deals
                for t in deal.tables
                if label in (*t.ns, *t.ew)
            ),
            key=lambda played: (played[0].round, played[0].tray),  # the card's order
        )
        assert len(rows) == len(played)
        names = evening.scoring_input().names
        for row, (t, side) in zip(rows, played, strict=True):
            # each opponent named, as a player looks for whom they met
            opponents = " - ".join(f"{o} {names[o]}" for o in (t.ew if side == "N-S" else t.ns))
            final, pm = (t.final_ns, t.pm_ns) if side == "N-S" else (t.final_ew, t.pm_ew)
            assert row[:5] == [str(t.tray), str(t.round), str(t.table), side, opponents]
            assert row[5].split()[0] == figure(final)
            assert row[-1] == figure(pm, signed=True)
        for field, standings in result.standings.items():
            (st,) = [s for s in standings if s.label == label] or [None]
            if st is not None:
                assert f"Place {st.place} ({field})" in document.shown


def test_a_name_written_as_markup_shows_as_text(site: tuple[Path, dict[Path, Document]]) -> None:
    index, pages = site
    assert EVIL in pages[index].shown
    assert all(d.scripts == 0 for d in pages.values())


def test_pages_photographed_at_phone_and_desktop_width(
    site: tuple[Path, dict[Path, Document]], tmp_path: Path
) -> None:
    """The pictures are for a person to look at (kept in the test's folder); here: the
    browser drew each page at each width, and drew more than a blank page."""
    index, _ = site
    chosen = (index, index.parent / "session-1" / "tray-1.html")
    for page in chosen:
        for name, size in (("phone", PHONE), ("desktop", DESKTOP)):
            out = screenshot(page, tmp_path / f"{page.stem}-{name}.png", size, tmp_path / "p")
            assert out.stat().st_size > 5_000


def test_a_name_in_the_standings_keeps_two_words_a_line_on_a_phone(
    site: tuple[Path, dict[Path, Document]],
) -> None:
    """The figures scroll sideways on a phone; the names are not squeezed to a word a line.
    A one-ranking evening's standings (the winner's star, 18 pairs) beside the site's pages."""
    index, _ = site
    rows = [
        ("★" if n == 1 else "", str(n), html.Link(str(n), "#"),
         html.Link(f"Mrs {surname} & Mr {surname}", "#"), "34", "242", "+21.11", "242.11")
        for n, surname in enumerate(("Lloyd", "Hughes", "Foster"), start=1)
    ]  # fmt: skip
    headings = ("", "Place", "No.", "Name", "Deals", "Tricks", "+/-", "Equated")
    standings = index.parent / "howell.html"
    body = html.table("Standings: overall", headings, rows)
    standings.write_text(html.page("Howell", "Howell", "", body, ""), encoding="utf-8")
    with phones() as open_phone:
        phone = open_phone()
        phone.get(standings.as_uri())
        lines = phone.execute_script(
            "return [...document.querySelectorAll('td:not(.num) > a')]"
            ".map(a => [a.textContent, a.getClientRects().length]);"
        )
    assert len(lines) == len(rows)
    assert all(n <= 2 for _, n in lines), lines
