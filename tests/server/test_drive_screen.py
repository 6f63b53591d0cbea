"""A whist drive's big screen from the table server: what it shows as the hands are entered
(the hand and its trump, who moves where, the top ten, the prizes), recounted here from the
entered hands, and who may open it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from director.server.app import create_app
from director.server.clock import RoundClock
from director.store.services import EventStore, Gender
from schedules.progressive import DriveSettings, Seat, Side

LADIES = [f"Mrs {n}" for n in ("Ames", "Bell", "Cole", "Dunn", "Eyre", "Fox")]
GENTLEMEN = [f"Mr {n}" for n in ("Gray", "Hale", "Ince", "Judd", "Kerr", "Lamb")]
TOKEN = "screen-token-for-tests"
NS_SEATS = (Seat.N, Seat.S)


@pytest.fixture
def drive(tmp_path: Path) -> Iterator[EventStore]:
    """A drive of 3 tables, 4 hands in two halves, drawn from a fixed number."""
    with EventStore.create(tmp_path / "drive.whist", name="Spring drive") as store:
        for name in LADIES:
            store.add_player(name, gender=Gender.LADY)
        for name in GENTLEMEN:
            store.add_player(name, gender=Gender.GENTLEMAN)
        store.start_drive(DriveSettings(tables=3, hands=4), seed=7)
        yield store


@pytest.fixture
def screen(drive: EventStore, clock: RoundClock) -> Iterator[TestClient]:
    app = create_app(drive, clock, screen_token=TOKEN)
    with TestClient(app, base_url="http://testserver") as client:
        yield client


def _state(client: TestClient) -> dict[str, Any]:
    answer = client.get(f"/screen/{TOKEN}/state")
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def _play(store: EventStore, hand: int, tricks: dict[int, int]) -> dict[str, int]:
    """Enter `hand` with North-South taking `tricks[table]`; each player's tricks, counted."""
    scored = {}
    for place, player in store.drive_seating(hand).places():
        ns = tricks[place.table]
        scored[player] = ns if place.seat in NS_SEATS else 13 - ns
    for table, ns in tricks.items():
        won = Side.NS if ns >= 7 else Side.EW
        store.enter_drive_hand(hand, table, won, max(ns, 13 - ns))
    return scored


def test_the_first_hand_shows_its_trump_and_the_tables_still_to_enter(
    screen: TestClient, drive: EventStore
) -> None:
    state = _state(screen)
    assert (state["hand"], state["hands"], state["half"]) == (1, 4, 1)
    assert state["trump"] == "Hearts"
    assert state["waiting"] == [1, 2, 3]
    assert (state["move_now"], state["moves"], state["standings"]) == (False, [], [])
    drive.enter_drive_hand(1, 2, Side.NS, 9)
    assert _state(screen)["waiting"] == [1, 3]


def test_after_a_hand_everyone_is_told_where_to_move_and_the_top_ten_is_the_recount(
    screen: TestClient, drive: EventStore
) -> None:
    scored = _play(drive, 1, {1: 9, 2: 4, 3: 7})
    state = _state(screen)
    assert (state["hand"], state["trump"], state["move_now"]) == (2, "Clubs", True)
    moves = {m.player: m.words for m in drive.drive_moves(1)}
    assert state["moves"] == [{"player": p, "words": moves[p]} for p in sorted(moves)]
    # The recount: highest first, then by name; equal totals share their place.
    order = sorted(scored, key=lambda p: (-scored[p], p))[:10]
    shown = state["standings"]
    assert [row["player"] for row in shown] == order
    assert [row["total"] for row in shown] == [f"{scored[p]} tricks" for p in order]
    first = [p for p in scored if scored[p] == 9]
    assert shown[0]["place"] == ("1=" if len(first) > 1 else "1")
    drive.enter_drive_hand(2, 1, Side.EW, 8)
    assert (_state(screen)["move_now"], _state(screen)["moves"]) == (False, [])


def test_half_time_and_final_prizes_appear_when_won(screen: TestClient, drive: EventStore) -> None:
    totals: dict[str, int] = {}
    for hand in (1, 2):
        for player, tricks in _play(drive, hand, {1: 10, 2: 8, 3: 7}).items():
            totals[player] = totals.get(player, 0) + tricks
    state = _state(screen)
    assert (state["hand"], state["half"]) == (3, 2)
    (half,) = state["half_time"]
    best = max(totals.values())
    assert half.startswith("half-time: ")
    assert f"{best} tricks" in half
    assert state["prizes"] == []
    for hand in (3, 4):
        _play(drive, hand, {1: 13, 2: 6, 3: 7})
    state = _state(screen)
    assert state["finished"] is True
    assert (state["waiting"], state["move_now"]) == ([], False)
    assert state["prizes"] == [p.words for p in drive.drive_prizes() if p.title != "half-time"]
    assert any(str(w).startswith("top lady: ") for w in state["prizes"])


def test_the_timer_is_the_servers_clock_and_starts_afresh_for_each_hand(
    screen: TestClient, drive: EventStore, clock: RoundClock
) -> None:
    assert _state(screen)["clock"] is None
    clock.start(1, 7)
    reading = _state(screen)["clock"]
    assert reading["round"] == 1
    assert 7 * 60 - 5 <= reading["seconds_left"] <= 7 * 60
    _play(drive, 1, {1: 9, 2: 9, 3: 9})
    assert _state(screen)["clock"]["round"] == 2
    for hand in (2, 3, 4):
        _play(drive, hand, {1: 9, 2: 9, 3: 9})
    assert _state(screen)["clock"] is None


def test_the_page_opens_only_with_the_servers_screen_link(
    screen: TestClient, drive: EventStore
) -> None:
    page = screen.get(f"/screen/{TOKEN}")
    assert page.status_code == 200
    assert "Whist Director: the drive" in page.text
    for path in ("/screen/wrong", "/screen/wrong/state"):
        refused = screen.get(path)
        assert refused.status_code == 403
        assert "big-screen link is not valid" in refused.text
    link = drive.table_links()
    assert link == ()  # a drive's screen needs no table links


def test_no_screen_is_served_without_a_screen_token(drive: EventStore) -> None:
    with TestClient(create_app(drive), base_url="http://testserver") as client:
        assert client.get(f"/screen/{TOKEN}/state").status_code == 403


def test_a_pairs_event_says_it_has_no_drive(tmp_path: Path) -> None:
    with (
        EventStore.create(tmp_path / "pairs.whist", name="Pairs") as store,
        TestClient(create_app(store, screen_token=TOKEN), base_url="http://testserver") as client,
    ):
        answer = client.get(f"/screen/{TOKEN}/state")
        assert answer.status_code == 422
        error = answer.json()["error"]
        assert error == "this event holds no whist drive, so there is nothing to show"
