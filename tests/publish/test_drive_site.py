"""A whist drive's results site: the prizes, the standings after the last hand and at half
time, and each player's card hand by hand, equal to the drive's own figures; in a real
browser every link resolves and the pages are photographed (docs/drive.md#the-results-site).
"""

from __future__ import annotations

import html
from datetime import datetime
from fractions import Fraction
from pathlib import Path

import pytest

from director.publish.drive_pages import player_pages
from director.publish.site import publish_site
from director.scoring.text import figure
from schedules.progressive import Side
from tests.publish.browser import DESKTOP, PHONE, Document, dump_dom, screenshot
from tests.publish.drive_event import make_drive

WHEN = datetime(2026, 12, 2, 21, 30)


def _rows(page: Path) -> list[list[str]]:
    return Document(page.read_text(encoding="utf-8")).rows


def test_the_site_shows_the_drives_prizes_standings_and_each_card(tmp_path: Path) -> None:
    with make_drive(tmp_path / "drive.whist") as store:
        files = publish_site(store, tmp_path / "site", WHEN)
        final = store.drive_standings()
        half = store.drive_standings(after=2)
        won = store.drive_prizes()
        record = store.drive()
    index = files[0]
    text = html.unescape(index.read_text(encoding="utf-8"))
    assert "Final: every hand is in." in text
    for prize in won:
        assert prize.words in text
    assert "Hand 2, table 1: East-West gave 3 tricks to North-South (revoke in clubs)." in text
    rows = _rows(index)
    after_last = rows[1 : 1 + len(final)]
    assert [(r[1], r[3]) for r in after_last] == [
        (s.player, figure(Fraction(s.total))) for s in final
    ]
    at_half = rows[2 + len(final) :]
    assert sorted((r[1], r[3]) for r in at_half) == sorted(
        (s.player, figure(Fraction(s.total))) for s in half
    )
    pages = player_pages(final)
    assert {f.name for f in files if f.parent.name == "drive"} == set(pages.values())
    for standing in final:
        card = _rows(tmp_path / "site" / "drive" / pages[standing.player])
        assert card[0] == ["Hand", "Trumps", "Tricks", "Total", "Table", "Partner"]
        assert [r[2] for r in card[1:]] == [figure(Fraction(t or 0)) for t in standing.by_hand]
        assert card[-1][3] == figure(Fraction(standing.total))
        assert [r[1] for r in card[1:]] == ["Hearts", "Clubs", "Diamonds", "Spades"]
    # hand 1's seating, as the card says it: where each sat and with whom
    first = record.first
    north = first.tables[0][0]
    assert north is not None
    card = _rows(tmp_path / "site" / "drive" / pages[north])
    assert card[1][4:] == ["1, North", first.tables[0][2]]


def test_a_drive_half_played_is_provisional_without_half_time_standings_yet(
    tmp_path: Path,
) -> None:
    with make_drive(tmp_path / "drive.whist", hands=1) as store:
        files = publish_site(store, tmp_path / "site", WHEN)
    text = files[0].read_text(encoding="utf-8")
    assert "Provisional: 1 of 4 hands are in, so places and figures may change." in text
    assert "Half-time standings" not in text
    with make_drive(tmp_path / "new.whist", hands=0) as store:
        files = publish_site(store, tmp_path / "new", WHEN)
    text = files[0].read_text(encoding="utf-8")
    assert "Provisional: 0 of 4 hands are in" in text
    assert "No hand has been entered yet." in text
    assert [f.name for f in files] == ["index.html", "style.css"]


@pytest.mark.slow
def test_the_drive_site_in_a_browser_every_link_resolves_and_it_is_photographed(
    tmp_path: Path,
) -> None:
    with make_drive(tmp_path / "drive.whist") as store:
        files = publish_site(store, tmp_path / "site", WHEN)
    profile = tmp_path / "profile"
    pages = {f: Document(dump_dom(f, profile)) for f in files if f.suffix == ".html"}
    reached = {files[0]}
    for page, document in pages.items():
        assert document.scripts == 0
        for href in document.hrefs:
            target = (page.parent / href.split("#")[0]).resolve()
            assert target.is_file(), f"{page}: {href} leads nowhere"
            reached.add(target)
    assert set(pages) <= reached
    assert '<script>alert("x")</script> & Co' in " ".join(pages[files[0]].text)
    shots = Path(tmp_path / "shots")
    shots.mkdir()
    for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        assert screenshot(files[0], shots / f"index-{name}.png", size, profile).stat().st_size
    card = next(f for f in files if f.parent.name == "drive")
    assert screenshot(card, shots / "card-phone.png", PHONE, profile).stat().st_size


def test_a_card_shows_the_hands_sat_out_with_the_figure_scored(tmp_path: Path) -> None:
    with make_drive(tmp_path / "drive.whist", hands=0) as store:
        store.drive_leaver("Mr Lamb", 2)
        for hand in (1, 2):
            for table in store.drive_seating(hand).playing_tables(False):
                store.enter_drive_hand(hand, table, Side.NS, 8)
        short = store.drive_seating(2).sitting_out(False)
        files = publish_site(store, tmp_path / "site", WHEN)
        final = {s.player: s for s in store.drive_standings()}
    player = sorted(short)[0]
    assert final[player].sat_out == frozenset({2})
    page = tmp_path / "site" / "drive" / player_pages(tuple(final.values()))[player]
    assert page in files
    text = html.unescape(page.read_text(encoding="utf-8"))
    assert "Hand 2: sat out, scored 6.5." in text
    assert ", sat out" in _rows(page)[2][4]
