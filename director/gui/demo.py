"""A sample event for screenshots, benchmarks and tests, made through the store's services.

Nothing here computes a score: it enters a roster, a Mitchell and results (seeded random
tricks) exactly as a director would, so every screen has something to show.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from director.store.services import EventStore
from director.store.values import Partnership, ResultEntry
from schedules.catalog import Request, build

SURNAMES = (
    "Ames", "Brown", "Clay", "Dunn", "Ellis", "Foster", "Grant", "Hale", "Irwin", "Jones",
    "Keane", "Lowe", "Marsh", "Nash", "Oakes", "Pryce", "Quinn", "Reed", "Shaw", "Tate",
)  # fmt: skip
SUITS = "SHDC"
RANKS = "23456789TJQKA"


def player_name(number: int) -> str:
    """A distinct printable name for player `number` (from 0)."""
    title = ("Mrs", "Mr")[number % 2]
    return f"{title} {SURNAMES[number // 2 % len(SURNAMES)]} {number // (2 * len(SURNAMES)) or ''}"


def roster_csv(path: Path, players: int) -> Path:
    """Write a roster CSV (name, club, member, gender) of `players` players."""
    lines = ["name,club,member,gender"]
    for n in range(players):
        lines.append(f"{player_name(n).strip()},Riverside,M{n + 1:03d},{'LG'[n % 2]}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def pair_up(store: EventStore, labels: Sequence[str]) -> None:
    """Pair the roster in order (first two players as the first label, ...)."""
    players = sorted(store.players(), key=lambda p: p.id)
    store.form_partnerships(
        [
            Partnership(label, (players[at].id, players[at + 1].id))
            for label, at in zip(labels, range(0, len(players) - 1, 2), strict=False)
        ]
    )


def enter_everything(store: EventStore, seed: int = 1, session: int = 1) -> int:
    """Every slip and every result of the session's movement (seeded); return the count."""
    rng = random.Random(seed)
    movement = store.movement(session=session)
    for tray in movement.tray_numbers:
        store.record_slip(tray, rng.choice(RANKS) + rng.choice(SUITS), session=session)
    count = 0
    for s in movement.seatings:
        for tray in s.trays:
            store.record_result(ResultEntry(session, s.round, s.table, tray, rng.randint(3, 10)))
            count += 1
    return count


def demo_event(
    path: Path, tables: int = 5, trays_per_round: int = 3, played: bool = True
) -> EventStore:
    """A Mitchell evening of `tables` tables in a new file at `path`, all results entered."""
    store = EventStore.create(path, name=f"Club night ({tables} tables)", venue="Riverside")
    store.import_roster(roster_csv(path.with_suffix(".csv"), tables * 4))
    movement = build(Request("mitchell", tables=tables, trays_per_round=trays_per_round))
    pair_up(store, movement.field)
    store.choose_movement(movement, size=tables, size_unit="tables")
    if played:
        enter_everything(store)
    return store
