"""Requests a hostile page or client on the room's network may send, refused before they cost
anything, and the marks every answer carries so that no other page can use it."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from director.server.app import create_app
from director.server.clock import RoundClock
from director.server.limits import Limits, RateLimit, nesting_depth
from director.server.logs import LOGGERS
from director.server.room import Room
from director.store.services import EventStore

HOST = "testserver"
JSON = {"Content-Type": "application/json"}


def _trays(store: EventStore, table: int) -> tuple[int, ...]:
    return next(s.trays for s in store.movement().seatings if (s.round, s.table) == (1, table))


@pytest.fixture
def guarded(store: EventStore) -> Iterator[TestClient]:
    """A client of the app answering only to its own host name."""
    app = create_app(store, RoundClock(), hosts={HOST})
    with TestClient(app, base_url=f"http://{HOST}") as opened:
        yield opened


@pytest.mark.parametrize("path", ["", "/state", "/nowhere"])
def test_every_answer_forbids_framing_and_sniffing(
    path: str, guarded: TestClient, links: dict[int, str]
) -> None:
    answer = guarded.get(f"{links[1]}{path}")
    assert answer.headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    assert answer.headers["x-content-type-options"] == "nosniff"


def test_a_refusal_before_the_app_is_marked_too(guarded: TestClient, links: dict[int, str]) -> None:
    answer = guarded.post(f"{links[1]}/results", content="x" * 10_000, headers=JSON)
    assert answer.status_code == 413
    assert answer.headers["x-frame-options"] == "DENY"
    assert answer.json() == {"error": "an entry is at most 4096 bytes"}


def test_a_body_over_the_limit_is_refused_however_it_is_sent(
    guarded: TestClient, links: dict[int, str], store: EventStore
) -> None:
    """Declared too long, or sent in chunks with no length given: 413 either way."""

    def chunks() -> Iterator[bytes]:
        yield b'{"round": 1, "tray": 1, "ns": 7, "note": "'
        for _ in range(100):
            yield b"x" * 100

    declared = guarded.post(f"{links[1]}/results", content=b"[" * 100_000, headers=JSON)
    chunked = guarded.post(f"{links[1]}/calls", content=chunks(), headers=JSON)
    assert (declared.status_code, chunked.status_code) == (413, 413)
    assert store.results() == ()
    assert store.table_calls() == ()


@pytest.mark.parametrize("depth", [5, 2_000])
def test_json_nested_deeper_than_an_entry_is_422_not_500(
    depth: int, guarded: TestClient, links: dict[int, str]
) -> None:
    """2,000 brackets fit the body limit and pass Python's recursion limit when parsed."""
    body = "[" * depth + "]" * depth
    answer = guarded.post(f"{links[1]}/results", content=body, headers=JSON)
    assert answer.status_code == 422
    assert "flat JSON object" in answer.json()["error"]


def test_a_cross_site_form_post_is_refused(
    guarded: TestClient, links: dict[int, str], store: EventStore
) -> None:
    """A page elsewhere can post text/plain to the server without asking first: it is refused
    by its origin, and by its type even without one."""
    entry = json.dumps({"round": 1, "tray": _trays(store, 1)[0], "ns": 7})
    cross = {"Content-Type": "text/plain", "Origin": "http://evil.example"}
    sites = {"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}
    plain = {"Content-Type": "text/plain"}
    answers = [
        guarded.post(f"{links[1]}/results", content=entry, headers=h) for h in (cross, sites)
    ]
    assert [a.status_code for a in answers] == [403, 403]
    assert guarded.post(f"{links[1]}/results", content=entry, headers=plain).status_code == 415
    assert store.results() == ()
    own = {**JSON, "Origin": f"http://{HOST}", "Sec-Fetch-Site": "same-origin"}
    assert guarded.post(f"{links[1]}/results", content=entry, headers=own).status_code == 200


def test_a_request_for_another_host_is_refused(guarded: TestClient, links: dict[int, str]) -> None:
    """A name of another site pointed at the director's computer (DNS rebinding) gets
    nothing."""
    answer = guarded.get(f"{links[1]}/state", headers={"Host": "evil.example"})
    assert answer.status_code == 421
    assert "table" not in answer.json()


def test_calls_to_the_director_are_limited_per_tray_and_per_table(
    store: EventStore, links: dict[int, str]
) -> None:
    app = create_app(store, RoundClock(), limits=Limits(calls_per_table=1))
    first, second = _trays(store, 1)
    with TestClient(app) as client:

        def call(tray: int) -> int:
            entry = {"round": 1, "tray": tray, "kind": "revoke"}
            return client.post(f"{links[1]}/calls", json=entry).status_code

        assert [call(first), call(first), call(second)] == [200, 429, 429]
    assert len(store.table_calls()) == 1


def test_an_unexpected_error_never_writes_a_link_whole(
    store: EventStore,
    links: dict[int, str],
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    token = links[1].rsplit("/", 1)[1]

    def broken(_room: Room, link: object) -> None:
        raise RuntimeError(f"database said: no row for ('{token}',) at {links[1]}")

    monkeypatch.setattr(Room, "state", broken)
    with (
        caplog.at_level(logging.INFO),
        TestClient(create_app(store, RoundClock()), raise_server_exceptions=False) as client,
    ):
        answer = client.get(f"{links[1]}/state")
    assert answer.status_code == 500
    assert token not in answer.text
    # (the test's own HTTP client logs what it asked for: that is the phone's side)
    written = "\n".join(
        f"{r.getMessage()}\n{r.exc_text or ''}" for r in caplog.records if r.name in LOGGERS
    )
    assert "unexpected error" in written
    assert token not in written
    assert f"{token[:4]}…" in written


def test_rate_limit_counts_a_window_per_key() -> None:
    now = [0.0]
    limit = RateLimit(2, 60.0, now=lambda: now[0])
    assert [limit.allow("a"), limit.allow("a"), limit.allow("a"), limit.allow("b")] == [
        True,
        True,
        False,
        True,
    ]
    now[0] = 60.0
    assert limit.allow("a")


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab,:'),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=20,
)


def _depth(value: object) -> int:
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    return 0


@given(JSON_VALUES)
def test_nesting_depth_reads_json_as_a_parser_would(value: object) -> None:
    """Brackets inside strings, escaped quotes and all: the depth of the value written."""
    assert nesting_depth(json.dumps(value).encode()) == _depth(value)
