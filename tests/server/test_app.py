"""The table server's HTTP contract: every answer, and what each one leaves in the event."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from director.server.app import create_app
from director.server.clock import RoundClock
from director.server.links import table_url
from director.store.services import EventStore, ResultEntry
from director.store.table_values import CallKind
from schedules.routes import next_stop


def _trays(store: EventStore, round_no: int, table: int) -> tuple[int, ...]:
    return next(
        s.trays for s in store.movement().seatings if (s.round, s.table) == (round_no, table)
    )


def _enter_round(client: TestClient, link: str, store: EventStore, round_no: int) -> None:
    for tray in _trays(store, round_no, 1):
        answer = client.post(f"{link}/results", json={"round": round_no, "tray": tray, "ns": 6})
        assert answer.status_code == 200, answer.text


def test_state_gives_round_seats_with_names_and_trays_in_order(
    client: TestClient, links: dict[int, str], store: EventStore
) -> None:
    state = client.get(f"{links[1]}/state").json()
    assert (state["table"], state["round"]) == (1, 1)
    assert [t["tray"] for t in state["trays"]] == list(_trays(store, 1, 1))
    names = " ".join(seat["name"] for seat in state["seats"])
    assert "Mrs Ames & Mr Brown" in names
    assert "Miss Cole & Dr Dean" in names


def test_a_result_is_the_tables_own_undoable_step(
    client: TestClient, links: dict[int, str], store: EventStore
) -> None:
    tray = _trays(store, 1, 1)[0]
    answer = client.post(f"{links[1]}/results", json={"round": 1, "tray": tray, "ns": 8, "ew": 5})
    assert answer.status_code == 200
    (stored,) = store.results()
    assert (stored.round, stored.table, stored.tray, stored.ns_tricks) == (1, 1, tray, 8)
    assert stored.ew_record == 5
    assert stored.entered_by == "table 1"
    step = store.audit_log(1)[0]
    assert (step.who, step.action) == ("table 1", "record result")
    store.undo()  # the director's own last step is not the table's entry
    assert store.results() == (stored,)
    store.redo()
    store.undo_step(step.id)  # the table's entry, taken back by its number
    assert store.results() == ()


def test_east_west_disputing_keeps_their_own_record(
    client: TestClient, links: dict[int, str], store: EventStore
) -> None:
    tray = _trays(store, 1, 1)[0]
    client.post(f"{links[1]}/results", json={"round": 1, "tray": tray, "ns": 7, "ew": 8})
    shown = client.get(f"{links[1]}/state").json()["trays"][0]
    assert (shown["ns"], shown["ew"], shown["ew_record"]) == (7, 6, 8)
    assert store.results()[0].ew_record == 8


@pytest.mark.parametrize("which", ["unknown", "other table's", "renewed"])
def test_a_wrong_or_stale_link_gets_403_and_is_logged(
    which: str,
    client: TestClient,
    links: dict[int, str],
    store: EventStore,
    caplog: pytest.LogCaptureFixture,
) -> None:
    if which == "unknown":
        link = table_url("", 1, "not-a-token")
    elif which == "other table's":
        link = f"/table/1/{links[2].rsplit('/', 1)[1]}"
    else:
        store.issue_table_links(renew=True)
        link = links[1]
    with caplog.at_level(logging.WARNING, logger="director.server"):
        answers = [
            client.get(link),
            client.get(f"{link}/state"),
            client.post(f"{link}/results", json={"round": 1, "tray": 1, "ns": 7}),
            client.post(f"{link}/calls", json={"round": 1, "tray": 1, "kind": "revoke"}),
        ]
    assert [a.status_code for a in answers] == [403] * 4
    assert "not valid" in answers[1].json()["error"]
    assert sum("refused a link for table 1" in r.getMessage() for r in caplog.records) == 4
    assert store.results() == ()


def test_renewed_links_open_the_same_tables(client: TestClient, store: EventStore) -> None:
    for link in store.issue_table_links(renew=True):
        state = client.get(f"{table_url('', link.table, link.token)}/state")
        assert state.json()["table"] == link.table


def test_409_for_a_round_or_tray_not_the_tables_now(
    client: TestClient, links: dict[int, str], store: EventStore
) -> None:
    mine = _trays(store, 1, 1)
    elsewhere = next(t for t in _trays(store, 1, 2) if t not in mine)
    later = client.post(f"{links[1]}/results", json={"round": 2, "tray": mine[0], "ns": 7})
    other = client.post(f"{links[1]}/results", json={"round": 1, "tray": elsewhere, "ns": 7})
    assert (later.status_code, other.status_code) == (409, 409)
    assert "playing round 1" in later.json()["error"]
    assert f"tray {elsewhere} is not played at table 1" in other.json()["error"]
    first = client.post(f"{links[1]}/results", json={"round": 1, "tray": mine[0], "ns": 7})
    again = client.post(f"{links[1]}/results", json={"round": 1, "tray": mine[0], "ns": 9})
    assert (first.status_code, again.status_code) == (200, 409)
    assert "already entered" in again.json()["error"]
    assert [r.ns_tricks for r in store.results()] == [7]


def test_a_finished_round_is_closed_to_the_table(
    client: TestClient, links: dict[int, str], store: EventStore
) -> None:
    _enter_round(client, links[1], store, 1)
    late = client.post(
        f"{links[1]}/results", json={"round": 1, "tray": _trays(store, 1, 1)[0], "ns": 1}
    )
    assert late.status_code == 409


@pytest.mark.parametrize(
    ("entry", "reason"),
    [({"ns": 14}, "N/S tricks must be 0 to 13"), ({"ns": 7, "ew": 14}, "0 to 13")],
)
def test_422_for_a_value_the_laws_refuse_with_the_reason(
    entry: dict[str, int],
    reason: str,
    client: TestClient,
    links: dict[int, str],
    store: EventStore,
) -> None:
    tray = _trays(store, 1, 1)[0]
    answer = client.post(f"{links[1]}/results", json={"round": 1, "tray": tray} | entry)
    assert answer.status_code == 422
    assert reason in answer.json()["error"]
    assert store.results() == ()


@pytest.mark.parametrize(
    "body",
    [
        "seven",
        "[1, 2]",
        '{"round": 1, "tray": 1, "ns": "7"}',
        '{"round": 1, "tray": 1, "ns": true}',
    ],
)
def test_400_for_a_request_that_is_not_an_entry(
    body: str, client: TestClient, links: dict[int, str]
) -> None:
    headers = {"Content-Type": "application/json"}
    answer = client.post(f"{links[1]}/results", content=body, headers=headers)
    assert answer.status_code == 400
    assert answer.json()["error"]


def test_503_when_the_event_cannot_be_saved(store: EventStore, links: dict[int, str]) -> None:
    assert store.path is not None
    with (
        EventStore.open(store.path, read_only=True) as reading,
        TestClient(create_app(reading)) as client,
    ):
        tray = _trays(store, 1, 1)[0]
        answer = client.post(f"{links[1]}/results", json={"round": 1, "tray": tray, "ns": 7})
    assert answer.status_code == 503
    assert "read-only" in answer.json()["error"]


def test_after_its_round_the_page_shows_where_each_pair_goes(
    client: TestClient, links: dict[int, str], store: EventStore
) -> None:
    _enter_round(client, links[1], store, 1)
    state = client.get(f"{links[1]}/state").json()
    assert (state["round"], state["moves_after"]) == (2, 1)
    movement = store.movement()
    seated = next(s for s in movement.seatings if (s.round, s.table) == (1, 1))
    for label, move in zip(seated.places, state["moves"], strict=True):
        stop = next_stop(movement, label, 1)
        assert stop is not None
        assert move["to"].startswith(f"table {stop.table},")
    assert [t["tray"] for t in state["trays"]] == list(_trays(store, 2, 1))


def test_the_last_round_done_ends_the_evening(
    client: TestClient, links: dict[int, str], store: EventStore
) -> None:
    for round_no in range(1, store.movement().rounds + 1):
        _enter_round(client, links[1], store, round_no)
    state = client.get(f"{links[1]}/state").json()
    assert state["round"] is None
    assert {m["to"] for m in state["moves"]} == {"the last round is over"}


def test_a_call_to_the_director_is_stored_as_the_tables_step(
    client: TestClient, links: dict[int, str], store: EventStore
) -> None:
    tray = _trays(store, 1, 1)[1]
    answer = client.post(
        f"{links[1]}/calls", json={"round": 1, "tray": tray, "kind": "revoke", "note": "2nd trick"}
    )
    assert answer.status_code == 200
    (call,) = store.table_calls()
    assert (call.table, call.tray, call.kind, call.note) == (1, tray, CallKind.REVOKE, "2nd trick")
    assert store.audit_log(1)[0].who == "table 1"
    shown = client.get(f"{links[1]}/state").json()["trays"][1]
    assert shown["calls"] == [{"kind": "revoke", "settled": False}]
    store.settle_table_call(call.id)
    assert store.table_calls()[0].settled


def test_a_call_needs_a_known_kind_and_the_tables_round(
    client: TestClient, links: dict[int, str], store: EventStore
) -> None:
    tray = _trays(store, 1, 1)[0]
    unknown = client.post(f"{links[1]}/calls", json={"round": 1, "tray": tray, "kind": "trump"})
    later = client.post(f"{links[1]}/calls", json={"round": 2, "tray": tray, "kind": "revoke"})
    assert (unknown.status_code, later.status_code) == (400, 409)
    assert store.table_calls() == ()


def test_no_trump_is_shown_anywhere(
    client: TestClient, links: dict[int, str], store: EventStore
) -> None:
    tray = _trays(store, 1, 1)[0]
    store.record_slip(tray, "QH")
    client.post(f"{links[1]}/results", json={"round": 1, "tray": tray, "ns": 7})
    page = client.get(links[1]).text
    state = client.get(f"{links[1]}/state").text
    for text in (page, state):
        assert not re.search(r"trump|hearts|\bQH\b|♥", text, re.IGNORECASE)


def test_the_page_needs_nothing_from_elsewhere(client: TestClient, links: dict[int, str]) -> None:
    page = client.get(links[1])
    assert page.status_code == 200
    assert page.headers["cache-control"] == "no-store"
    assert "<script>" in page.text
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page.text)


def test_the_round_timer_reaches_every_page(
    client: TestClient, links: dict[int, str], clock: RoundClock
) -> None:
    assert client.get(f"{links[1]}/state").json()["clock"] is None
    clock.start(round=1, minutes=20)
    shown = client.get(f"{links[2]}/state").json()["clock"]
    assert shown["round"] == 1
    assert 20 * 60 - 5 <= shown["seconds_left"] <= 20 * 60
    assert shown["warning"] is False


def test_the_timer_moves_on_once_every_table_has_entered_its_round(
    client: TestClient, links: dict[int, str], store: EventStore, clock: RoundClock
) -> None:
    clock.start(round=1, minutes=20)
    last = max(links)
    for table, link in sorted(links.items()):
        for tray in _trays(store, 1, table):
            entry = {"round": 1, "tray": tray, "ns": 7}
            assert client.post(f"{link}/results", json=entry).status_code == 200
        shown = client.get(f"{links[1]}/state").json()["clock"]
        assert shown["round"] == (2 if table == last else 1)
    assert 20 * 60 - 5 <= shown["seconds_left"] <= 20 * 60


def test_results_entered_at_the_grid_move_the_timer_on_too(
    client: TestClient, links: dict[int, str], store: EventStore, clock: RoundClock
) -> None:
    """The director enters the round's results at the grid; the tables' pages, asking again,
    move the timer on."""
    clock.start(round=1, minutes=20)
    for s in store.movement().seatings:
        if s.round == 1:
            for tray in s.trays:
                store.record_result(ResultEntry(1, 1, s.table, tray, 6))
    assert client.get(f"{links[2]}/state").json()["clock"]["round"] == 2


def test_tables_of_another_event_file_are_not_opened(
    client: TestClient, tmp_path: Path, store: EventStore
) -> None:
    with EventStore.create(tmp_path / "other.whist", name="Other night") as other:
        other.choose_movement(store.movement())
        foreign = other.issue_table_links()[0]
    answer = client.get(f"{table_url('', foreign.table, foreign.token)}/state")
    assert answer.status_code == 403


def test_a_round_split_at_the_table_says_who_holds_which_cards_tray_by_tray(
    tmp_path: Path,
) -> None:
    """The half-round trick: the table's second half of each round is played with the cards
    swapped, so the page names each tray's card holders, not the round's."""
    from schedules.catalog import Request, build

    movement = build(Request("howell", tables=5, trays_per_round=2, variant="half-rounds"))
    first, second = (s for s in movement.seatings if s.round == 1 and s.table == 5)
    assert (first.switched, second.switched) == (False, True)
    with EventStore.create(tmp_path / "half.whist", name="Half rounds") as store:
        store.choose_movement(movement)
        store.issue_table_links()
        link = next(table_url("", k.table, k.token) for k in store.table_links() if k.table == 5)
        with TestClient(create_app(store, RoundClock()), base_url="http://testserver") as client:
            state = client.get(f"{link}/state").json()
    by_tray = {t["tray"]: t["holders"] for t in state["trays"]}
    ns, ew = first.places
    assert by_tray[first.trays[0]] == {"NS": f"Pair {ns}", "EW": f"Pair {ew}"}
    assert by_tray[second.trays[0]] == {"NS": f"Pair {ew}", "EW": f"Pair {ns}"}
    assert [s["name"] for s in state["seats"]] == [f"Pair {ns}", f"Pair {ew}"]
