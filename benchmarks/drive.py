"""Whist drive figures (issue #48 target: within 16 ms): one hand's moves and the standings
for a 100-table drive of 400 players, at the last hand of 24.

Times are CPU milliseconds of this process (time.process_time, mean of REPEAT runs), so other
work on a shared machine does not inflate them; the best wall time is printed beside."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import partial

from benchmarks.common import timed
from director.scoring.drive import Hand, Standing, standings
from director.scoring.drive_prizes import PrizeSettings, prizes
from schedules.progressive import (
    DriveSettings,
    MovingRule,
    Role,
    Seating,
    Side,
    TableResult,
    draw_seating,
    next_seating,
)

TABLES = 100
HANDS = 24
REPEAT = 20
TARGET_MS = 16.0


def played_drive(settings: DriveSettings, seed: int = 1) -> tuple[list[Hand], Seating]:
    """All the hands played with random results, and the seating they lead to."""
    rnd = random.Random(seed)
    ladies = [f"Mrs {i}" for i in range(2 * settings.tables)]
    gentlemen = [f"Mr {i}" for i in range(2 * settings.tables)]
    seating = draw_seating(settings, ladies + gentlemen, seed, ladies)
    hands: list[Hand] = []
    for number in range(1, settings.hands + 1):
        results = tuple(
            TableResult(t, rnd.choice(tuple(Side)), rnd.randint(7, 13))
            for t in range(1, settings.tables + 1)
        )
        hands.append(Hand(number, seating, results))
        seating = next_seating(settings, seating, results)
    return hands, seating


def one_hand(settings: DriveSettings, hands: list[Hand]) -> tuple[Seating, tuple[Standing, ...]]:
    """The work after the last hand's results are in: the moves, and the standings."""
    last = hands[-1]
    return next_seating(settings, last.seating, last.results), standings(settings, hands)


def cpu_ms(work: Callable[[], object]) -> float:
    """The mean CPU milliseconds of `work` over REPEAT runs."""
    start = time.process_time()
    for _ in range(REPEAT):
        work()
    return (time.process_time() - start) / REPEAT * 1000


def run() -> None:
    """Print the figures."""
    for rule in MovingRule:
        settings = DriveSettings(TABLES, rule=rule, hands=HANDS)
        hands = played_drive(settings)[0]
        hand = partial(one_hand, settings, hands)
        label = f"{TABLES} tables, {rule.value}: moves + standings at hand {HANDS}"
        timed(f"{label}, wall", hand, REPEAT)
        cpu = cpu_ms(hand)
        verdict = "within" if cpu <= TARGET_MS else "OVER"
        print(f"{label:<64} {cpu:10.1f} ms CPU ({verdict} the {TARGET_MS:g} ms target)")
    roles = {
        p: Role.LADY if p.startswith("Mrs") else Role.GENTLEMAN for p in hands[0].seating.players()
    }
    all_prizes = partial(prizes, settings, PrizeSettings(), hands, roles)
    print(f"{'the same, the prizes alone':<64} {cpu_ms(all_prizes):10.1f} ms CPU")
