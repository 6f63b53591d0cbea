"""The server as the room's network meets it: sockets that idle or dribble are closed, the
tables get in past a crowd of them, and an address that is not this machine's is named."""

from __future__ import annotations

import http.client
import socket
import time
from collections.abc import Iterator

import pytest

from director.server.limits import Limits
from director.server.links import EVERY_ADDRESS, LOOPBACK, machine_addresses
from director.server.running import TableServer
from director.store.services import EventStore, StoreError

QUICK = Limits(max_connections=20, request_seconds=0.5)


@pytest.fixture
def quick(store: EventStore) -> Iterator[TableServer]:
    """A server on loopback that closes a connection without a whole request after half a
    second, and keeps at most 20 open."""
    server = TableServer(store, port=0, limits=QUICK)
    server.start()
    yield server
    server.stop()


def _closed_within(connection: socket.socket, seconds: float) -> bool:
    """Whether the server closes `connection` within `seconds`."""
    connection.settimeout(seconds)
    try:
        return connection.recv(1024) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def _state(server: TableServer, store: EventStore) -> tuple[int, float]:
    """Table 1's state as a phone asks for it: the status and the seconds it took."""
    link = store.table_links()[0]
    began = time.perf_counter()
    connection = http.client.HTTPConnection(LOOPBACK, server.port, timeout=10)
    connection.request("GET", f"/table/{link.table}/{link.token}/state")
    status = connection.getresponse().status
    connection.close()
    return status, time.perf_counter() - began


def test_a_socket_that_sends_nothing_or_half_a_request_is_closed(
    quick: TableServer, store: EventStore
) -> None:
    idle = socket.create_connection((LOOPBACK, quick.port))
    half = socket.create_connection((LOOPBACK, quick.port))
    half.sendall(b"GET /table/1/x/state HTTP/1.1\r\nHost: 127.0.0.1")
    assert _closed_within(idle, 5)
    assert _closed_within(half, 5)
    idle.close()
    half.close()


def test_a_phone_keeps_its_connection_between_polls(quick: TableServer, store: EventStore) -> None:
    link = store.table_links()[0]
    connection = http.client.HTTPConnection(LOOPBACK, quick.port, timeout=10)
    for _ in range(3):
        connection.request("GET", f"/table/{link.table}/{link.token}/state")
        assert connection.getresponse().read()
        time.sleep(0.3)  # less than the deadline each time, more than it in all
    connection.close()


def test_the_tables_get_in_past_a_crowd_of_idle_sockets(
    quick: TableServer, store: EventStore
) -> None:
    crowd = [socket.create_connection((LOOPBACK, quick.port)) for _ in range(100)]
    status, took = _state(quick, store)
    assert status == 200
    assert took < 1.0
    closed = sum(_closed_within(s, 0.2) for s in crowd[:50])
    assert closed == 50  # the longest waiting made room
    for s in crowd:
        s.close()


def test_an_address_not_of_this_machine_is_named(store: EventStore) -> None:
    with pytest.raises(StoreError, match=r"^192\.0\.2\.77 is not an address of this computer"):
        TableServer(store, host="192.0.2.77", port=0).start()
    with pytest.raises(StoreError, match="not an address of this computer, nor a name"):
        TableServer(store, host="no-such-host.invalid", port=0).start()


def test_a_port_in_use_is_named(quick: TableServer, store: EventStore) -> None:
    with pytest.raises(StoreError, match=f"port {quick.port}: another program"):
        TableServer(store, port=quick.port).start()


def test_every_address_serves_with_links_naming_the_rooms(store: EventStore) -> None:
    server = TableServer(store, host=EVERY_ADDRESS, port=0)
    base = server.start()
    try:
        assert base == f"http://{machine_addresses()[0]}:{server.port}"
        assert EVERY_ADDRESS not in base
        assert _state(server, store)[0] == 200  # loopback too
    finally:
        server.stop()


def test_stop_then_start_serves_on_the_same_port(store: EventStore) -> None:
    server = TableServer(store, port=0)
    first = server.start()
    server.stop()
    try:
        assert server.start() == first
    finally:
        server.stop()
