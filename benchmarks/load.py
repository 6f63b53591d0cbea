"""Load harness: every table enters a whole round at once through a running table server.

Each table is a thread with its own connection, doing what its page does: read the state,
post a tray's result, read the state again. A "director's grid" thread can read the results
and standings all the while. Shared by the load test (`tests/server/test_load.py`) and the
server benchmark.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from director.store.services import EventStore
from schedules.types import Movement

DEADLINE_SECONDS = 120.0
"""A load run stops by itself after this long, whatever is left."""


@dataclass(frozen=True)
class LoadReport:
    """What a load run saw, and what the event holds afterwards."""

    latencies: tuple[float, ...]
    """Seconds per result posted, as the table saw it."""
    statuses: Counter[int]
    expected: dict[tuple[int, int], int]
    """(table, tray) -> N/S tricks posted."""
    stored: dict[tuple[int, int], int]
    """(table, tray) -> N/S tricks in the event for the round."""
    stored_count: int
    """Results in the event for the round (a tray stored twice would count twice)."""
    grid_reads: int

    def percentile(self, share: float) -> float:
        """The latency below which `share` of the posts were answered (seconds)."""
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def tricks(table: int, tray: int) -> int:
    """The N/S tricks a table posts on a tray (varied, always 0-13)."""
    return (table * 5 + tray) % 14


def enter_round(
    base: str,
    tokens: dict[int, str],
    movement: Movement,
    open_store: Callable[[], EventStore],
    round_no: int = 1,
    with_grid: bool = False,
) -> LoadReport:
    """Every table of `tokens` (table -> token) enters every tray of `round_no` at once."""
    plays = {s.table: s.trays for s in movement.seatings if s.round == round_no}
    start = threading.Barrier(len(tokens) + (1 if with_grid else 0))
    latencies: list[float] = []
    statuses: Counter[int] = Counter()
    lock = threading.Lock()
    finished = threading.Event()
    deadline = time.monotonic() + DEADLINE_SECONDS
    grid_reads = [0]

    def table(number: int) -> None:
        connection = _connect(base)
        link = f"/table/{number}/{tokens[number]}"
        start.wait()
        for tray in plays[number]:
            if time.monotonic() > deadline:
                break
            _get(connection, f"{link}/state")
            body = {"round": round_no, "tray": tray, "ns": tricks(number, tray)}
            began = time.perf_counter()
            status = _post(connection, f"{link}/results", body)
            took = time.perf_counter() - began
            _get(connection, f"{link}/state")
            with lock:
                latencies.append(took)
                statuses[status] += 1
        connection.close()

    def grid() -> None:
        with open_store() as station:
            start.wait()
            while not finished.is_set() and time.monotonic() < deadline:
                station.results()
                station.standings()
                grid_reads[0] += 1

    threads = [threading.Thread(target=table, args=(t,)) for t in tokens]
    if with_grid:
        threads.append(threading.Thread(target=grid))
    for thread in threads:
        thread.start()
    for thread in threads[: len(tokens)]:
        thread.join(DEADLINE_SECONDS)
    finished.set()
    for thread in threads[len(tokens) :]:
        thread.join(DEADLINE_SECONDS)
    with open_store() as check:
        results = [r for r in check.results() if r.round == round_no]
    return LoadReport(
        tuple(latencies),
        statuses,
        {(t, tray): tricks(t, tray) for t in tokens for tray in plays[t]},
        {(r.table, r.tray): r.ns_tricks or 0 for r in results},
        len(results),
        grid_reads[0],
    )


def race(base: str, tokens: dict[int, str], trays: dict[int, int], phones: int = 2) -> list[int]:
    """Every table's `phones` phones post the same tray (table -> tray) at the same moment, all
    tables at once; the answers' statuses."""
    start = threading.Barrier(len(tokens) * phones)
    statuses: list[int] = []
    lock = threading.Lock()

    def phone(number: int, ns: int) -> None:
        connection = _connect(base)
        body = {"round": 1, "tray": trays[number], "ns": ns}
        start.wait()
        status = _post(connection, f"/table/{number}/{tokens[number]}/results", body)
        connection.close()
        with lock:
            statuses.append(status)

    threads = [threading.Thread(target=phone, args=(t, n)) for t in tokens for n in range(phones)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(DEADLINE_SECONDS)
    return statuses


def _connect(base: str) -> http.client.HTTPConnection:
    """A connection of its own to the server at `base` (http://host:port)."""
    address = urlsplit(base)
    if address.hostname is None:
        raise ValueError(f"no host in the server's address {base!r}")
    return http.client.HTTPConnection(address.hostname, address.port, timeout=60)


def _get(connection: http.client.HTTPConnection, path: str) -> int:
    connection.request("GET", path)
    answer = connection.getresponse()
    answer.read()
    return answer.status


def _post(connection: http.client.HTTPConnection, path: str, body: dict[str, int]) -> int:
    headers = {"Content-Type": "application/json"}
    connection.request("POST", path, body=json.dumps(body), headers=headers)
    answer = connection.getresponse()
    answer.read()
    return answer.status
