"""The round timer: counts down from the director's start, warns near the end, runs over."""

from __future__ import annotations

import pytest

from director.server.clock import WARNING_SECONDS, ClockReading, RoundClock


def test_the_timer_counts_down_warns_and_runs_over() -> None:
    moment = [1000.0]
    clock = RoundClock(now=lambda: moment[0])
    assert clock.reading() is None
    clock.start(round=3, minutes=10)
    first = clock.reading()
    assert first is not None
    assert (first.round, first.seconds_left, first.warning) == (3, 600, False)
    moment[0] += 600 - WARNING_SECONDS
    near = clock.reading()
    assert near is not None
    assert near.warning
    moment[0] += WARNING_SECONDS + 30
    over = clock.reading()
    assert over is not None
    assert over.seconds_left == -30
    clock.stop()
    assert clock.reading() is None


def test_a_round_lasts_some_minutes() -> None:
    with pytest.raises(ValueError, match="some minutes"):
        RoundClock().start(round=1, minutes=0)


def test_the_timer_follows_the_room_forward_only() -> None:
    moment = [0.0]
    clock = RoundClock(now=lambda: moment[0])
    clock.follow(2)
    assert clock.reading() is None  # a timer nobody started stays off
    clock.start(round=1, minutes=10)
    moment[0] += 300
    clock.follow(1)  # the room is still on round 1: the timer runs on
    assert clock.reading() == ClockReading(1, 300, False)
    clock.follow(2)
    assert clock.reading() == ClockReading(2, 600, False)  # afresh, the same minutes
    clock.follow(1)  # a result undone: no going back
    assert clock.reading() == ClockReading(2, 600, False)
    clock.follow(None)  # every result is in
    assert clock.reading() is None


def test_the_director_moves_the_round_on_by_hand() -> None:
    moment = [0.0]
    clock = RoundClock(now=lambda: moment[0])
    clock.move_on(last_round=3)
    assert clock.reading() is None  # nothing to move on
    clock.start(round=2, minutes=10)
    moment[0] += 400
    clock.move_on(last_round=3)
    assert clock.reading() == ClockReading(3, 600, False)  # afresh, the same minutes
    clock.move_on(last_round=3)
    assert clock.reading() is None  # after the last round the timer stops


def test_the_next_change_is_the_clocks_next_whole_second() -> None:
    moment = [1000.0]
    clock = RoundClock(now=lambda: moment[0])
    assert clock.next_change() is None  # no timer, no change to wait for
    clock.start(round=1, minutes=10)
    assert clock.next_change() == pytest.approx(1.0)  # 10:00 until a whole second has gone
    moment[0] += 0.25
    assert clock.reading() == ClockReading(1, 600, False)
    change = clock.next_change()
    assert change == pytest.approx(0.75)
    moment[0] += change - 1e-6
    assert clock.reading() == ClockReading(1, 600, False)  # not yet
    moment[0] += 2e-6
    assert clock.reading() == ClockReading(1, 599, False)  # the reading changes then
    moment[0] += 600.5  # over time: the seconds over change on the second too
    assert clock.next_change() == pytest.approx(0.5, abs=1e-5)
