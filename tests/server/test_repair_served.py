"""A repair made while the tables are served reaches every table's page at its next poll, and
the round timer follows the movement as repaired; the room reads the event once per change."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from director.server.app import create_app
from director.server.clock import RoundClock
from director.server.links import table_url
from director.server.room import Room
from director.store.services import EventStore, ResultEntry, StoreError
from schedules.catalog import Request, build
from schedules.repair import ArrowSwitch, CutRounds, LatePair, RepairRequest, Withdraw, WrongMove


def _enter(store: EventStore, round_no: int, tables: tuple[int, ...] = (1, 2, 3)) -> None:
    for s in store.movement().seatings:
        if s.round == round_no and s.table in tables:
            for tray in s.trays:
                store.record_result(ResultEntry(1, round_no, s.table, tray, 7))


def _states(client: TestClient, links: dict[int, str]) -> dict[int, dict[str, object]]:
    return {table: client.get(f"{link}/state").json() for table, link in links.items()}


def test_a_withdrawal_reaches_the_tables_page_and_moves_the_timer_on(
    client: TestClient, links: dict[int, str], store: EventStore, clock: RoundClock
) -> None:
    """Round 2: tables 1 and 2 have finished, table 3 waits for EW2, who withdraws. Table 3's
    page stops asking for its round-2 trays and says why; the room has finished round 2, so
    the timer goes on to round 3."""
    _enter(store, 1)
    clock.start(round=2, minutes=20)
    _enter(store, 2, tables=(1, 2))
    before = client.get(f"{links[3]}/state").json()
    assert (before["round"], before["clock"]["round"], before["changed"]) == (2, 2, None)
    store.repair(Withdraw("EW2", 2))
    after = client.get(f"{links[3]}/state").json()
    assert after["round"] == 3
    assert [t["tray"] for t in after["trays"]] == list(
        next(s.trays for s in store.movement().seatings if (s.round, s.table) == (3, 3))
    )
    assert after["changed"] == (
        "The director has changed the movement: no play at this table in round 2; the rounds"
        " below are as changed."
    )
    assert after["clock"]["round"] == 3
    late = {"round": 2, "tray": before["trays"][0]["tray"], "ns": 7}
    assert client.post(f"{links[3]}/results", json=late).status_code == 409
    # EW2 would have played at table 1 in round 3, and nobody sits out to take their place
    assert client.get(f"{links[1]}/state").json()["changed"] == (
        "The director has changed the movement: no more play at this table after round 2."
    )
    assert client.get(f"{links[2]}/state").json()["changed"] is None


def test_a_cut_ends_the_evening_on_every_page_and_stops_the_timer(
    client: TestClient, links: dict[int, str], store: EventStore, clock: RoundClock
) -> None:
    _enter(store, 1)
    clock.start(round=2, minutes=20)
    assert client.get(f"{links[2]}/state").json()["rounds"] == 3
    store.repair(CutRounds(1))
    for state in _states(client, links).values():
        assert (state["round"], state["rounds"], state["clock"]) == (None, 1, None)
        assert state["changed"] == (
            "The director has changed the movement: no more play at this table after round 1."
        )


def test_the_notice_stays_until_the_table_enters_again_and_an_undo_is_followed_back(
    client: TestClient, links: dict[int, str], store: EventStore
) -> None:
    _enter(store, 1)
    client.get(f"{links[1]}/state")
    store.repair(ArrowSwitch(round=2, table=1))
    switched = client.get(f"{links[1]}/state").json()
    assert switched["changed"] is not None
    assert "from round 2" in str(switched["changed"])
    store.undo()
    undone = client.get(f"{links[1]}/state").json()
    assert undone["trays"] == _states(client, links)[1]["trays"]
    assert undone["changed"] is not None  # the undo changed the table's play back
    tray = undone["trays"][0]["tray"]
    assert client.post(f"{links[1]}/results", json={"round": 2, "tray": tray, "ns": 7}).is_success
    assert client.get(f"{links[1]}/state").json()["changed"] is None


REPAIRS: dict[str, RepairRequest] = {
    "late pair": LatePair(from_round=2),
    "withdrawal": Withdraw("NS2", 2),
    "cut": CutRounds(2),
    "wrong move": WrongMove(round=2, table=1, places=("NS1", "EW2")),
    "arrow switch": ArrowSwitch(round=2),
}


@pytest.mark.parametrize("repair", REPAIRS.values(), ids=REPAIRS.keys())
def test_after_any_repair_a_served_page_shows_what_a_fresh_server_would(
    repair: RepairRequest, client: TestClient, links: dict[int, str], store: EventStore
) -> None:
    """The server running all evening against one started after the repair: every table's
    page reads the same (but for the running one's notice of the change), and the tables whose
    seats or trays changed say so."""
    _enter(store, 1)
    _states(client, links)  # every page has read the movement once
    before = store.movement()
    repaired = store.repair(repair)
    served = _states(client, links)
    with TestClient(create_app(store, RoundClock())) as fresh:
        started = _states(fresh, links)
    changed = {c.table for c in repaired.changed}
    assert changed
    for table in links:
        assert {**served[table], "changed": None} == started[table]
        assert (served[table]["changed"] is not None) == (table in changed), table
    assert store.movement() != before


def test_a_late_pairs_new_table_gets_its_link_while_served(tmp_path: Path) -> None:
    with EventStore.create(tmp_path / "seven.whist", name="Seven pairs") as store:
        store.choose_movement(build(Request("howell", pairs=7)))
        store.issue_table_links()
        with TestClient(create_app(store, RoundClock())) as client:
            first = store.table_links()[0]
            client.get(f"{table_url('', first.table, first.token)}/state")
            store.repair(LatePair(from_round=2))
            assert client.get(f"{table_url('', first.table, first.token)}/state").is_success
            new = next(link for link in store.table_links() if link.table == 4)
            state = client.get(f"{table_url('', new.table, new.token)}/state").json()
    assert state["round"] == 2
    assert state["changed"] == (
        "The director has changed the movement: this table is new: play here from round 2,"
        " as below."
    )


def test_the_room_reads_the_event_once_per_change(
    store: EventStore, links: dict[int, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Thirty polls with nothing changed read the results once; a new result has only its
    tray's results read, and not the movement: a poll's cost does not grow with the evening."""
    table_2 = next(s for s in store.movement().seatings if (s.round, s.table) == (1, 2))
    reads = {"results": 0, "movement": 0, "results_of_trays": 0}
    for name in reads:
        original = getattr(store, name)

        def counted(*args: object, _name: str = name, _original: object = original, **kw: object):
            reads[_name] += 1
            return _original(*args, **kw)  # type: ignore[operator]

        monkeypatch.setattr(store, name, counted)
    room = Room(store)
    token = store.table_links()[0]
    states = [room.state(token) for _ in range(30)]
    assert reads == {"results": 1, "movement": 1, "results_of_trays": 0}
    assert all(s is states[0] for s in states)
    store.record_result(ResultEntry(1, 1, 2, table_2.trays[0], 7))
    room.state(token)
    room.state(token)
    assert reads == {"results": 1, "movement": 1, "results_of_trays": 1}
    assert Room(store).state(token) == room.state(token)  # as read afresh


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_room_kept_between_changes_reads_as_a_fresh_one(
    seed: int, store: EventStore, links: dict[int, str]
) -> None:
    """Entries, corrections, deletions, new deals, undo and redo in a random order: after each,
    every table's state from the room that has followed the evening equals a fresh reading."""
    rng = random.Random(seed)
    room = Room(store)
    tokens = store.table_links()
    movement = store.movement()
    plays = [(s.round, s.table, t) for s in movement.seatings for t in s.trays]
    for _ in range(40):
        entered = store.results()
        action = rng.choice(
            ["enter", "enter", "enter", "correct", "delete", "deal", "undo", "redo"]
        )
        try:
            if action == "enter" or not entered:
                free = [p for p in plays if p not in {(r.round, r.table, r.tray) for r in entered}]
                r, table, tray = rng.choice(free)
                store.record_result(ResultEntry(1, r, table, tray, rng.randrange(14)))
            elif action == "correct":
                chosen = rng.choice(entered)
                store.correct_result(chosen.id, chosen.version, ns_tricks=rng.randrange(14))
            elif action == "delete":
                chosen = rng.choice(entered)
                store.delete_result(chosen.id, chosen.version)
            elif action == "deal":
                store.order_new_deal(rng.choice(entered).tray, "cards exposed in the deal")
            else:
                getattr(store, action)()
        except StoreError:
            continue  # a step the store refuses (nothing to redo...) changes nothing
        for token in tokens:
            assert room.state(token) == Room(store).state(token), (action, token.table)
