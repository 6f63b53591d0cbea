"""A whist drive's tables entering from their phones through the table server: one link a
table for the whole drive, what each table's page reads as the hands are entered (the seats,
the moves replayed by hand for each moving rule, the tables still to enter), the hand timer,
and the entries refused in one plain line."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from director.server.app import create_app
from director.server.clock import RoundClock
from director.server.links import table_url
from director.store.services import EventStore, Gender
from schedules.progressive import DriveSettings, MovingRule, Place, Seat, Side, move_words
from tests.drive_recount import replay

LADIES = [f"Mrs {n}" for n in ("Ames", "Bell", "Cole", "Dunn", "Eyre", "Fox", "Gale")]
GENTLEMEN = [f"Mr {n}" for n in ("Gray", "Hale", "Ince", "Judd", "Kerr", "Lamb", "Moss")]
SEAT_WORDS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}


def small_drive(path: Path, rule: MovingRule, players: int = 6) -> EventStore:
    store = EventStore.create(path, name="Spring drive")
    for name in LADIES[:players]:
        store.add_player(name, gender=Gender.LADY)
    for name in GENTLEMEN[:players]:
        store.add_player(name, gender=Gender.GENTLEMAN)
    store.start_drive(DriveSettings(tables=(2 * players + 3) // 4, rule=rule, hands=4), seed=7)
    store.issue_drive_table_links()
    return store


@pytest.fixture
def drive(tmp_path: Path) -> Iterator[EventStore]:
    """A progressive drive of 3 full tables (6 ladies, 6 gentlemen), 4 hands."""
    with small_drive(tmp_path / "drive.whist", MovingRule.PROGRESSIVE) as store:
        yield store


@pytest.fixture
def phones(drive: EventStore, clock: RoundClock) -> Iterator[TestClient]:
    with TestClient(create_app(drive, clock), base_url="http://testserver") as client:
        yield client


def _links(store: EventStore) -> dict[int, str]:
    return {t.table: table_url("", t.table, t.token) for t in store.table_links()}


def _state(client: TestClient, link: str) -> dict[str, Any]:
    answer = client.get(f"{link}/state")
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def _enter(
    client: TestClient, link: str, hand: int, winners: str, tricks: object, **more: object
) -> Any:
    return client.post(
        f"{link}/hand", json={"hand": hand, "winners": winners, "tricks": tricks, **more}
    )


def test_each_table_of_the_drive_has_one_link_for_the_whole_drive(
    drive: EventStore, phones: TestClient
) -> None:
    links = drive.table_links()
    assert [t.table for t in links] == [1, 2, 3]
    assert drive.issue_drive_table_links() == links  # kept: the table cards stay good
    renewed = drive.issue_drive_table_links(renew=True)
    assert {t.token for t in renewed}.isdisjoint({t.token for t in links})
    old = table_url("", 1, links[0].token)
    assert phones.get(f"{old}/state").status_code == 403
    page = phones.get(table_url("", 1, renewed[0].token))
    assert page.status_code == 200
    state = phones.get(table_url("", 1, renewed[0].token) + "/state")
    entry = _enter(phones, table_url("", 1, renewed[0].token), 1, "NS", 9)
    for answer in (page, state, entry):
        assert answer.headers["cache-control"] == "no-store"
        assert answer.headers["referrer-policy"] == "no-referrer"


@pytest.mark.parametrize("rule", list(MovingRule), ids=lambda r: r.value)
def test_a_hand_entered_from_the_phones_moves_each_tables_players_as_the_rule_says(
    rule: MovingRule, tmp_path: Path, clock: RoundClock
) -> None:
    with (
        small_drive(tmp_path / "rule.whist", rule) as drive,
        TestClient(create_app(drive, clock), base_url="http://testserver") as phones,
    ):
        _check_one_hand(drive, phones)


def _check_one_hand(drive: EventStore, phones: TestClient) -> None:
    links = _links(drive)
    settings = drive.drive().settings
    first = drive.drive_seating(1)
    state = _state(phones, links[2])
    assert (state["hand"], state["hands"], state["suit"]) == (1, 4, "Hearts are trumps")
    north, east, south, west = first.tables[1]
    assert state["seats"] == [
        {"seat": "North", "name": north},
        {"seat": "East", "name": east},
        {"seat": "South", "name": south},
        {"seat": "West", "name": west},
    ]
    assert state["sides"] == {"NS": f"{north} and {south}", "EW": f"{east} and {west}"}
    assert (state["entered"], state["waiting"], state["moves"]) == (None, [1, 3], [])

    entries = {1: (Side.NS, 9), 2: (Side.EW, 7), 3: (Side.EW, 13)}
    for table, (winners, tricks) in entries.items():
        answer = _enter(phones, links[table], 1, winners.name, tricks)
        assert answer.status_code == 200, answer.text
        if table == 1:
            state = _state(phones, links[1])
            assert state["entered"]["words"] == "North-South won with 9 tricks; East-West took 4"
            assert state["waiting"] == [2, 3]
            assert (state["hand"], state["moves"]) == (1, [])

    after = replay(settings.rule, first, entries)
    assert drive.drive_seating(2) == after
    for table, link in links.items():
        state = _state(phones, link)
        assert (state["hand"], state["suit"], state["moves_after"]) == (2, "Clubs are trumps", 1)
        assert [s["name"] for s in state["seats"]] == list(after.tables[table - 1])
        told = {m["player"]: m["words"] for m in state["moves"]}
        assert set(told) == set(first.tables[table - 1])
        for player, words in told.items():
            before, to = first.place_of(player), after.place_of(player)
            assert before is not None
            assert to is not None
            assert words == move_words(settings, before, to)
    assert [e.method for e in drive.drive().entries] == ["phone"] * 3
    assert [e.who for e in drive.drive().entries] == ["table 1", "table 2", "table 3"]


def test_the_words_a_player_reads_for_a_move(drive: EventStore, phones: TestClient) -> None:
    settings = drive.drive().settings
    assert move_words(settings, Place(1, Seat.N), Place(2, Seat.E)) == "Go to table 2, East seat."
    links = _links(drive)
    for table in (1, 2, 3):
        _enter(phones, links[table], 1, "NS", 8)
    moves = _state(phones, links[1])["moves"]
    assert all(m["words"].startswith(("Go to table", "Stay")) for m in moves)


def test_the_page_follows_the_hosts_entries_and_corrections_at_the_keyboard(
    drive: EventStore, phones: TestClient
) -> None:
    link = _links(drive)[3]
    drive.enter_drive_hand(1, 3, Side.NS, 8)
    assert _state(phones, link)["entered"]["tricks"] == 8
    drive.enter_drive_hand(1, 3, Side.EW, 10)
    state = _state(phones, link)
    assert (state["entered"]["winners"], state["entered"]["tricks"]) == ("EW", 10)
    assert state["correct"] == state["entered"] | {"winners_fixed": False}


def test_a_table_corrects_its_hand_as_the_store_allows(
    drive: EventStore, phones: TestClient
) -> None:
    links = _links(drive)
    assert _enter(phones, links[1], 1, "NS", 9).status_code == 200
    twice = _enter(phones, links[1], 1, "NS", 10)
    assert twice.status_code == 409
    assert twice.json()["error"] == (
        "table 1 has already entered hand 1 (North-South won with 9 tricks; East-West took"
        " 4); choose Correct to change it"
    )
    assert _enter(phones, links[1], 1, "EW", 7, correct=True).status_code == 200
    for table in (2, 3):
        _enter(phones, links[table], 1, "NS", 8)
    # While its players move, the table may still correct hand 1; once another table has
    # entered hand 2 its players have moved by who won, so only the tricks can change.
    state = _state(phones, links[1])
    assert (state["correct"]["hand"], state["correct"]["winners_fixed"]) == (1, False)
    _enter(phones, links[2], 2, "NS", 8)
    assert _state(phones, links[1])["correct"]["winners_fixed"] is True
    moved = _enter(phones, links[1], 1, "NS", 9, correct=True)
    assert moved.status_code == 422
    assert "only the tricks can change" in moved.json()["error"]
    assert _enter(phones, links[1], 1, "EW", 12, correct=True).status_code == 200
    assert drive.drive().entries_of(1)[0].tricks == 12
    _enter(phones, links[1], 2, "EW", 9)
    over = _enter(phones, links[1], 1, "EW", 11, correct=True)
    assert over.status_code == 409
    assert over.json()["error"] == "hand 1 is over at table 1; ask the host to correct it"


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({"hand": 2, "winners": "NS", "tricks": 9}, 409, "hand 2 is not seated yet"),
        ({"hand": 1, "winners": "NS", "tricks": 6}, 422, "the winners take 7 to 13 tricks"),
        ({"hand": 1, "winners": "EW", "tricks": 14}, 422, "the winners take 7 to 13 tricks"),
        ({"hand": 1, "winners": "N", "tricks": 9}, 400, '"winners" must be "NS" or "EW"'),
        ({"hand": 1, "winners": "NS", "tricks": "9"}, 400, '"tricks" must be a whole number'),
        ({"hand": 9, "winners": "NS", "tricks": 9}, 422, "the drive has hands 1 to 4, not 9"),
    ],
)
def test_an_entry_the_table_cannot_make_is_refused_in_one_line(
    drive: EventStore, phones: TestClient, body: dict[str, object], status: int, error: str
) -> None:
    link = _links(drive)[1]
    answer = phones.post(f"{link}/hand", json=body)
    assert answer.status_code == status
    assert answer.json()["error"].startswith(error)
    assert "\n" not in answer.json()["error"]
    assert drive.drive().entries == ()


def test_another_tables_token_is_refused(drive: EventStore, phones: TestClient) -> None:
    token = next(t.token for t in drive.table_links() if t.table == 1)
    for answer in (
        phones.get(f"/table/2/{token}/state"),
        phones.post(f"/table/2/{token}/hand", json={"hand": 1, "winners": "NS", "tricks": 9}),
    ):
        assert answer.status_code == 403
        assert answer.json()["error"].startswith("this table link is not valid")
    assert drive.drive().entries == ()


def test_a_hand_fully_entered_starts_the_next_hands_timer_whoever_entered_it(
    drive: EventStore, phones: TestClient, clock: RoundClock
) -> None:
    links = _links(drive)
    clock.start(1, 8)
    for table in (1, 2):
        _enter(phones, links[table], 1, "NS", 9)
    drive.enter_drive_hand(1, 3, Side.NS, 9)  # the last at the keyboard: nobody has asked yet
    _enter(phones, links[1], 2, "NS", 9)  # the next phone's entry moves the timer on
    reading = clock.reading()
    assert reading is not None
    assert reading.round == 2
    for table in (2, 3):
        drive.enter_drive_hand(2, table, Side.EW, 7)
    assert _state(phones, links[3])["clock"]["round"] == 3
    for hand in (3, 4):
        for table in (1, 2, 3):
            drive.enter_drive_hand(hand, table, Side.NS, 7)
    state = _state(phones, links[1])
    assert (state["finished"], state["clock"], state["waiting"]) == (True, None, [])


def test_a_table_sitting_out_says_so_and_has_nothing_to_enter(
    tmp_path: Path, clock: RoundClock
) -> None:
    with (
        small_drive(tmp_path / "short.whist", MovingRule.PROGRESSIVE, players=7) as store,
        TestClient(create_app(store, clock), base_url="http://testserver") as client,
    ):
        links = _links(store)
        assert sorted(links) == [1, 2, 3, 4]
        state = _state(client, links[4])
        assert state["sits_out"] == (
            "Table 4 sits out hand 1: only 2 players are here. Each player here scores the"
            " hand's average for it."
        )
        assert [s["name"] is None for s in state["seats"]].count(True) == 2
        assert state["waiting"] == [1, 2, 3]
        refused = _enter(client, links[4], 1, "NS", 9)
        assert refused.status_code == 409
        assert refused.json()["error"] == "table 4 sits out hand 1: nothing to enter"


def test_a_pairs_tables_entry_or_call_is_refused_on_a_drive(
    drive: EventStore, phones: TestClient
) -> None:
    link = _links(drive)[1]
    for path, body in (
        ("results", {"round": 1, "tray": 1, "ns": 7}),
        ("calls", {"round": 1, "tray": 1, "kind": "revoke"}),
    ):
        answer = phones.post(f"{link}/{path}", json=body)
        assert answer.status_code == 409
        assert answer.json()["error"].startswith("this event is a whist drive: enter each hand")


def test_an_entry_and_a_refused_link_are_logged_without_the_secret(
    drive: EventStore, phones: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    token = next(t.token for t in drive.table_links() if t.table == 1)
    with caplog.at_level(logging.INFO, logger="director.server"):
        assert _enter(phones, f"/table/1/{token}", 1, "NS", 9).status_code == 200
        assert _enter(phones, f"/table/2/{token}", 1, "NS", 9).status_code == 403
    said = [r.getMessage() for r in caplog.records]
    assert "table 1 entered hand 1: NS 9" in said
    assert any(s.startswith("refused a link for table 2") for s in said)
    assert not any(token in s for s in said)
