"""A 12-table whist drive (48 players, two halves of 12 hands) entered wholly from the tables'
phone pages in a real headless browser, under each moving rule: some hands tapped through the
page as a table does, the rest sent by each table's page itself (its own HTTP call, from its
own link). The seating of every hand must be a hand-by-hand replay of the rule, and the
standings and prizes a recount from the entered hands (tests/drive_recount.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from director.server.running import TableServer
from director.store.services import EventStore, Gender
from schedules.progressive import DriveSettings, MovingRule, Side
from tests.drive_recount import Played, recount, recount_prizes, replay, total
from tests.server.phone import Phone, link, phones, press, says
from tests.server.test_drive_screen_browser import SURNAMES
from tests.server.test_drive_tables import small_drive

pytestmark = pytest.mark.slow

TABLES, HANDS, HALF = 12, 24, 12
TAPPED = (1, 2, 13)
"""The hands every table enters by tapping through its page; the others by the page's call."""
POST = """
const [hand, winners, tricks, done] = arguments;
fetch(link + "/hand", {
  method: "POST", headers: {"Content-Type": "application/json"},
  body: JSON.stringify({hand: hand, winners: winners, tricks: tricks}),
}).then(r => r.json().then(body => done([r.status, body]))).catch(e => done([0, String(e)]));
"""


@pytest.fixture
def served(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[EventStore, str]]:
    rule: MovingRule = request.param
    with EventStore.create(tmp_path / "hall.whist", name="Harvest drive") as store:
        for name in SURNAMES:
            store.add_player(f"Mrs {name}", gender=Gender.LADY)
            store.add_player(f"Mr {name}", gender=Gender.GENTLEMAN)
        settings = DriveSettings(tables=TABLES, rule=rule, hands=HANDS, halves=2)
        store.start_drive(settings, seed=48)
        store.issue_drive_table_links()
        server = TableServer(store, port=0)
        base = server.start()
        try:
            yield store, base
        finally:
            server.stop()


def _tap(phone: Phone, hand: int, winners: Side, tricks: int, shots: Path | None) -> None:
    """Enter the hand as a table does: the winning side, its tricks, then both sides agree."""
    phone.execute_script("load()")  # as the page's next poll would, without waiting for it
    says(phone, f"Hand {hand} of ")
    if shots is not None:
        phone.save_screenshot(str(shots / f"hand-{hand}-choose.png"))
    press(phone, f"[data-winners={winners.name}]")
    press(phone, f"[data-tricks='{tricks}']")
    says(phone, "Both sides: is that right?")
    if shots is not None:
        phone.save_screenshot(str(shots / f"hand-{hand}-confirm.png"))
    press(phone, "#agree")
    says(phone, f"Hand {hand} saved")


def _send(phone: Phone, hand: int, winners: Side, tricks: int) -> None:
    status, body = phone.execute_async_script(POST, hand, winners.name, tricks)
    assert status == 200, body


@pytest.mark.parametrize("served", list(MovingRule), ids=lambda r: r.value, indirect=True)
def test_every_table_enters_a_whole_drive_from_its_phone(
    served: tuple[EventStore, str], tmp_path: Path
) -> None:
    store, base = served
    rule = store.drive().settings.rule
    rnd = random.Random(rule.value)
    shots = tmp_path / "phone"
    shots.mkdir()
    played: list[Played] = []
    with phones() as open_phone:
        phone = open_phone()
        tabs: dict[int, str] = {}
        for table in range(1, TABLES + 1):
            if table > 1:
                phone.switch_to.new_window("tab")
            phone.get(link(store, base, table))
            tabs[table] = phone.current_window_handle
        seating = store.drive_seating(1)
        for hand in range(1, HANDS + 1):
            assert store.drive_seating(hand) == seating
            entries = {t: (rnd.choice(list(Side)), rnd.randint(7, 13)) for t in tabs}
            for table, (winners, tricks) in entries.items():
                phone.switch_to.window(tabs[table])
                if hand in TAPPED:
                    shot = shots if table == 1 and hand in (1, 2) else None
                    _tap(phone, hand, winners, tricks, shot)
                else:
                    _send(phone, hand, winners, tricks)
                if (hand, table) == (1, 1):
                    says(phone, f"Waiting for tables 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, {TABLES}")
                    phone.save_screenshot(str(shots / "hand-1-waiting.png"))
            played.append((seating, entries, {}))
            if hand == HANDS:
                break
            seating = replay(rule, seating, entries)
            if hand == 1:
                _moves_shown(phone, tabs, store, shots)
        standings = store.drive_standings()
        prizes = {p.title: p.player for p in store.drive_prizes()}
        phone.switch_to.window(tabs[1])
        phone.execute_script("load()")
        says(phone, "The drive is over. Thank you!")
        phone.save_screenshot(str(shots / "over.png"))

    assert {e.method for e in store.drive().entries} == {"phone"}
    cards = recount(played, HANDS)
    assert {s.player: s.total for s in standings} == {p: total(c) for p, c in cards.items()}
    expected = recount_prizes(cards, played, HALF)
    assert {title: prizes[title] for title in expected} == expected


def _moves_shown(phone: Phone, tabs: dict[int, str], store: EventStore, shots: Path) -> None:
    """After hand 1 each table's page tells its four players where to go, in words, and
    shows who sits where for hand 2."""
    moves = {m.player: m.words for m in store.drive_moves(1)}
    now = store.drive_seating(2)
    for table in (1, 7):
        phone.switch_to.window(tabs[table])
        phone.execute_script("load()")
        says(phone, "Move now: after hand 1")
        shown = phone.find_element(By.TAG_NAME, "body").text
        for place, player in store.drive_seating(1).places():
            if place.table == table:
                assert f"{player}: {moves[player]}" in shown
        for player in now.tables[table - 1]:
            assert player is not None
            assert player in shown
        if table == 1:
            phone.save_screenshot(str(shots / "hand-2-moves.png"))


def test_a_table_corrects_by_tapping_a_short_table_sits_out_and_the_host_is_followed(
    tmp_path: Path,
) -> None:
    shots = tmp_path / "phone"
    shots.mkdir()
    with small_drive(tmp_path / "short.whist", MovingRule.PROGRESSIVE, players=7) as store:
        server = TableServer(store, port=0)
        base = server.start()
        try:
            with phones() as open_phone:
                phone = open_phone()
                phone.get(link(store, base, 4))
                says(phone, "Table 4 sits out hand 1: only 2 players are here.")
                phone.save_screenshot(str(shots / "sits-out.png"))
                phone.get(link(store, base, 1))
                _tap(phone, 1, Side.NS, 9, None)
                press(phone, "#correct")
                press(phone, "[data-winners=EW]")
                press(phone, "[data-tricks='8']")
                phone.save_screenshot(str(shots / "correcting.png"))
                press(phone, "#agree")
                says(phone, "Hand 1: East-West won with 8 tricks; North-South took 5.")
                store.enter_drive_hand(1, 1, Side.EW, 11)  # the host, at the keyboard
                phone.execute_script("load()")
                says(phone, "Hand 1: East-West won with 11 tricks; North-South took 2.")
        finally:
            server.stop()
        (entry,) = store.drive().entries
        assert (entry.winners, entry.tricks, entry.method) == (Side.EW, 11, "keyboard")
