"""Scoring figures: a 60-table, 3-session event (180 deals, every deal at every table), a
250-table whist drive (individuals), and the recompute after one changed result."""

from __future__ import annotations

import random
from dataclasses import replace

from benchmarks.common import timed
from director.scoring import LiveScorer, rescore, score_section
from director.scoring.model import Method, SectionPlay, Settings, TableResult
from schedules.types import Competitors, Movement, Seating, infer_trays

TABLES = 60
SESSIONS = 3
DRIVE_TABLES = 250
DRIVE_ROUNDS = 12
DRIVE_TRAYS_PER_ROUND = 2


def mitchell_event(tables: int = TABLES, sessions: int = SESSIONS) -> Movement:
    """A Mitchell-shaped schedule: N/S pairs sit still, E/W pairs move up, one tray a round
    moving down, so in each session every table plays every one of the session's trays."""
    seats = []
    for s in range(sessions):
        for r in range(tables):
            for t in range(tables):
                tray = s * tables + (t - r) % tables + 1
                ew = (t + r) % tables
                seats.append(
                    Seating.pair(s * tables + r + 1, t + 1, (tray,), f"N{t + 1}", f"E{ew + 1}")
                )
    field = tuple(f"N{i}" for i in range(1, tables + 1)) + tuple(
        f"E{i}" for i in range(1, tables + 1)
    )
    return Movement(
        "mitchell", Competitors.PAIRS, tables, tables * sessions, infer_trays(seats),
        tuple(seats), field, winners=("N-S", "E-W"),
    )  # fmt: skip


def whist_drive(tables: int = DRIVE_TABLES) -> Movement:
    """Individuals at `tables` tables: North sits still, East, South and West move 1, 2 and 3
    tables on each round; every table plays the round's trays (duplicated sets)."""
    seats = []
    for r in range(DRIVE_ROUNDS):
        trays = range(r * DRIVE_TRAYS_PER_ROUND + 1, (r + 1) * DRIVE_TRAYS_PER_ROUND + 1)
        for t in range(tables):
            north, east, south, west = (
                f"{seat}{(t - step * r) % tables + 1}"
                for seat, step in (("n", 0), ("e", 1), ("s", 2), ("w", 3))
            )
            seats.append(Seating.individual(r + 1, t + 1, trays, north, east, south, west))
    field = tuple(f"{seat}{i}" for seat in "nesw" for i in range(1, tables + 1))
    return Movement(
        "individual", Competitors.INDIVIDUALS, tables, DRIVE_ROUNDS, infer_trays(seats),
        tuple(seats), field,
    )  # fmt: skip


def results_for(movement: Movement, seed: int = 1) -> tuple[TableResult, ...]:
    """A result for every play."""
    rnd = random.Random(seed)
    return tuple(
        TableResult(s.round, s.table, tray, rnd.randint(3, 10))
        for s in movement.seatings
        for tray in s.trays
    )


def _recompute(label: str, play: SectionPlay) -> None:
    before = score_section(play)
    changed = list(play.results)
    changed[len(changed) // 2] = replace(changed[len(changed) // 2], ns_tricks=13)
    after = replace(play, results=tuple(changed))
    tray = changed[len(changed) // 2].tray
    timed(f"{label}: full recompute after one changed result", lambda: score_section(after))
    timed(f"{label}: rescore(), the changed deal only", lambda: rescore(after, before, [tray]))
    live = LiveScorer(play)
    timed(
        f"{label}: LiveScorer.update x2 (change, then undo)",
        lambda: (live.update(after, [tray]), live.update(play, [tray])),
    )


def run() -> None:
    """Print the figures."""
    event = mitchell_event()
    play = SectionPlay(event, results_for(event))
    print(f"60-table event: {len(event.trays)} deals, {len(play.results)} results")
    timed("60 tables x 3 sessions, plus/minus", lambda: score_section(play))
    mp = replace(play, settings=Settings(method=Method.MATCHPOINTS))
    timed("60 tables x 3 sessions, matchpoints", lambda: score_section(mp))
    _recompute("60 tables", play)
    drive = whist_drive()
    drive_play = SectionPlay(drive, results_for(drive, 2))
    print(f"whist drive: {len(drive.field)} players, {len(drive_play.results)} results")
    timed("250-table whist drive (individuals), plus/minus", lambda: score_section(drive_play))
    _recompute("whist drive", drive_play)
