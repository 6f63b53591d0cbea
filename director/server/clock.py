"""The round timer every table's page shows: started by the director, counted by the server.

The pages get the seconds left, never a time of day, so a phone whose clock is wrong still
counts down correctly. Once every table has entered the timer's round, the timer moves on to
the next round by itself, with the same minutes (`follow`).
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

WARNING_SECONDS = 120
"""The page warns when this much of the round is left."""


@dataclass(frozen=True, slots=True)
class ClockReading:
    """The round timer as a page shows it."""

    round: int
    seconds_left: int
    """Negative once time is up: how far over the round is."""
    warning: bool


class RoundClock:
    """The director's round timer (one per server); safe to use from several threads."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self._now = now
        self._lock = threading.Lock()
        self._running: tuple[int, float, float] | None = None
        """(round, when it ends, its minutes)."""

    def start(self, round: int, minutes: float) -> None:
        """Start (or restart) the timer for `round`, ending `minutes` from now."""
        if minutes <= 0:
            raise ValueError(f"a round lasts some minutes, not {minutes}")
        with self._lock:
            self._running = (round, self._now() + minutes * 60, minutes)

    def follow(self, open_round: int | None) -> None:
        """The room's open round (the lowest with a result still to come; None: all are in)
        is now `open_round`: a timer whose round is finished moves on to it, afresh with the
        same minutes, or stops after the last round. Never back: a result undone does not
        restart a round."""
        with self._lock:
            if self._running is None:
                return
            round_no, _ends, minutes = self._running
            if open_round is None:
                self._running = None
            elif open_round > round_no:
                self._running = (open_round, self._now() + minutes * 60, minutes)

    def move_on(self, last_round: int) -> None:
        """The director moves the room on by hand: the next round starts afresh with the same
        minutes, or the timer stops after `last_round`. Nothing happens when it is not running."""
        with self._lock:
            if self._running is None:
                return
            round_no, _ends, minutes = self._running
            if round_no >= last_round:
                self._running = None
            else:
                self._running = (round_no + 1, self._now() + minutes * 60, minutes)

    def stop(self) -> None:
        """Stop the timer: the pages show none."""
        with self._lock:
            self._running = None

    def next_change(self) -> float | None:
        """Seconds until the reading changes: the clock's next whole second of the round
        left, in (0, 1] (None when the timer is not running). A window that shows the timer
        reads it then, so it changes when the phones' does, not up to a second after."""
        with self._lock:
            running = self._running
        if running is None:
            return None
        left = running[1] - self._now()
        return left - math.ceil(left) + 1

    def reading(self) -> ClockReading | None:
        """What the pages show now (None when the timer is not running)."""
        with self._lock:
            running = self._running
        if running is None:
            return None
        round_no, ends, _minutes = running
        left = math.ceil(ends - self._now())
        return ClockReading(round_no, left, left <= WARNING_SECONDS)
