"""A hostile client on the room's network against `director serve` run as a director runs it (a
real process on loopback): more idle sockets than the server keeps, sockets that send half a
request's headers, an oversize body, a 100,000-deep array, a cross-site form post and a flood
of wrong links. The tables are still served within a second, nothing is stored, and the log
stays a few lines long without a link whole in it."""

from __future__ import annotations

import contextlib
import http.client
import resource
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from director.store.services import EventStore

pytestmark = pytest.mark.slow

LOOPBACK = "127.0.0.1"
FILES = 1024
"""The serving process may open this many files, as on many laptops: more sockets than that,
kept open, would stop a server that never closes them."""
IDLE = FILES + 200
HALF = 50
WRONG_LINKS = 300
LOG_BYTES = 4096


def _laptops_limit() -> None:
    """In the serving process: at most `FILES` open files, and no raising it."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (FILES, FILES))


def _room_for_the_crowd() -> None:
    """This (the attacking) process must be able to hold its sockets."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = IDLE + HALF + 100
    if soft < wanted and (hard == resource.RLIM_INFINITY or hard >= wanted):
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def _raw(port: int, request: bytes) -> bytes:
    """Send `request` on a connection of its own; what comes back (empty if the server closed
    the connection while the request was still going out)."""
    with socket.create_connection((LOOPBACK, port), timeout=10) as connection:
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            connection.sendall(request)
        try:
            return connection.recv(4096)
        except ConnectionResetError:
            return b""


def _post(port: int, path: str, body: bytes, content_type: str, *extra: str) -> bytes:
    head = [
        f"POST {path} HTTP/1.1",
        f"Host: {LOOPBACK}:{port}",
        f"Content-Type: {content_type}",
        f"Content-Length: {len(body)}",
        *extra,
    ]
    return _raw(port, "\r\n".join(head).encode() + b"\r\n\r\n" + body)


def test_the_tables_are_served_through_a_hostile_clients_attack(
    store: EventStore, tmp_path: Path
) -> None:
    assert store.path is not None
    links = {link.table: f"/table/{link.table}/{link.token}" for link in store.table_links()}
    log = tmp_path / "serve.log"
    with log.open("w") as written:
        child = subprocess.Popen(
            [sys.executable, "-m", "director", "serve", str(store.path), "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=written,
            text=True,
            preexec_fn=_laptops_limit,
        )
    _room_for_the_crowd()
    crowd: list[socket.socket] = []
    try:
        assert child.stdout is not None
        first = child.stdout.readline()
        port = int(first.split(f"{LOOPBACK}:", 1)[1].split(";")[0])

        crowd += [socket.create_connection((LOOPBACK, port)) for _ in range(IDLE)]
        for _ in range(HALF):
            half = socket.create_connection((LOOPBACK, port))
            half.sendall(f"GET {links[1]}/state HTTP/1.1\r\nHost: {LOOPBACK}:".encode())
            crowd.append(half)
        answers = {
            "oversize body": _post(port, f"{links[1]}/results", b"x" * 100_000, "application/json"),
            "100,000-deep array": _post(
                port, f"{links[1]}/results", b"[" * 100_000 + b"]" * 100_000, "application/json"
            ),
            "2,000-deep array": _post(
                port, f"{links[1]}/results", b"[" * 2_000 + b"]" * 2_000, "application/json"
            ),
            "cross-site form": _post(
                port,
                f"{links[1]}/results",
                b'{"round": 1, "tray": 1, "ns": 7}',
                "text/plain",
                "Origin: http://evil.example",
            ),
        }
        for n in range(WRONG_LINKS):
            guess = f"GET /table/1/guess{n:06d}/state HTTP/1.1\r\nHost: {LOOPBACK}:{port}\r\n\r\n"
            _raw(port, guess.encode())

        took = {}
        for table, link in links.items():
            began = time.perf_counter()
            connection = http.client.HTTPConnection(LOOPBACK, port, timeout=10)
            connection.request("GET", f"{link}/state")
            answer = connection.getresponse()
            body = answer.read()
            took[table] = time.perf_counter() - began
            assert answer.status == 200, body
            connection.close()
    finally:
        for held in crowd:
            held.close()
        child.send_signal(signal.SIGINT)
        child.wait(30)
    written_log = log.read_text()
    print(
        f"\nhostile client: {IDLE} idle and {HALF} half-sent sockets, {WRONG_LINKS} wrong links;"
        f" each table's state then in {max(took.values()) * 1000:.0f} ms at most;"
        f" the log {len(written_log.encode())} bytes, {len(written_log.splitlines())} lines"
    )
    assert max(took.values()) < 1.0
    # the oversize bodies are refused before they are read (413, or the connection closed
    # while they were still being sent); the deep array that fits is refused as JSON
    for name in ("oversize body", "100,000-deep array"):
        assert answers[name][:12] in (b"HTTP/1.1 413", b""), name
    assert answers["2,000-deep array"].startswith(b"HTTP/1.1 422")
    assert answers["cross-site form"].startswith(b"HTTP/1.1 403")
    assert store.results() == ()
    assert len(written_log.encode()) < LOG_BYTES, written_log
    for link in links.values():
        assert link.rsplit("/", 1)[1] not in written_log
