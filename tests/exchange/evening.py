"""A scored evening for the exchange formats' readers: every kind of entry a file must carry.

A five-table Mitchell, entered through the store's services as a director would: players
with names that are hostile to one format or another (a spreadsheet formula holding the
Bridgewebs separator, web markup, PBN's quote and backslash, letters outside ASCII), a trump
slip per tray, a revoke, a deal not played (the average), a wrong trump found on the
overplay (the table takes the average), a new deal, a correction, a wrong move in round 3
repaired afterwards (so a pair later plays a tray again), and a step undone and redone.
"""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import date
from pathlib import Path

from director.scoring.model import Award, IrregularityKind, Revoke
from director.store.services import EventStore
from director.store.values import EventSettings, Gender, Method, Partnership, ResultEntry
from schedules.catalog import Request, build
from schedules.repair import WrongMove
from schedules.types import Direction, Movement, Seating

EVENT_NAME = 'Club night: "Zoë" =HYPERLINK("x")'
VENUE = "Ångström Hall; Riverside"
FORMULA = "=1+2; Smith"
"""A name a spreadsheet would run, holding the Bridgewebs file's separator."""
MARKUP = '<script>alert("x")</script> & Co'
QUOTED = 'O"Brien \\ Zoë'
"""PBN escapes a quote and a backslash in a tag's value."""
ACCENTED = "Zoë Ångström"
"""Garbled by a reader that takes the file for the Windows ANSI code page."""
HOSTILE = (FORMULA, MARKUP, QUOTED, ACCENTED, "-R", "+44 1234", "@home", "Ann Żurawska")
TABLES = 5
WRONG_ROUND = 3


def rich_evening(path: Path, method: Method = Method.PLUS_MINUS, seed: int = 46) -> EventStore:
    """The evening in a new event file at `path`, every result entered."""
    rng = random.Random(seed)
    store = EventStore.create(
        path,
        EVENT_NAME,
        held_on=date(2026, 3, 4),
        venue=VENUE,
        settings=EventSettings(method=method),
    )
    for n in range(TABLES * 4):
        name = HOSTILE[n] if n < len(HOSTILE) else f"Player {n + 1}"
        store.add_player(name, club="Riverside", member_number=f"M{n + 1:03d}",
                         gender=(Gender.LADY, Gender.GENTLEMAN)[n % 2])  # fmt: skip
    movement = build(Request("mitchell", tables=TABLES, trays_per_round=2))
    players = sorted(store.players(), key=lambda p: p.id)
    store.form_partnerships(
        [
            Partnership(label, (players[2 * i].id, players[2 * i + 1].id))
            for i, label in enumerate(movement.field)
        ]
    )
    store.choose_movement(movement, size=TABLES, size_unit="tables")
    for tray in movement.tray_numbers:
        store.record_slip(tray, rng.choice("23456789TJQKA") + rng.choice("SHDC"))
    first = _first_plays(movement)
    truth = _wrong_move(movement)
    for r in range(1, movement.rounds + 1):
        if r == WRONG_ROUND + 1:
            store.repair(WrongMove(WRONG_ROUND, *truth), reason="E-W pair 1 sat at table 2")
        for s in sorted(movement.seatings, key=lambda s: s.table):
            if s.round != r:
                continue
            for tray in s.trays:
                _enter(store, rng, s, tray, first)
    _corrections(store)
    return store


def _first_plays(movement: Movement) -> dict[int, Seating]:
    plays: dict[int, Seating] = {}
    for s in sorted(movement.seatings, key=lambda s: (s.round, s.table)):
        for tray in s.trays:
            plays.setdefault(tray, s)
    return plays


def _wrong_move(movement: Movement) -> tuple[int, tuple[str, str]]:
    """In round 3 the E-W pair of table 4 sat at table 2 (and table 2's at table 4)."""
    third = {s.table: s for s in movement.seatings if s.round == WRONG_ROUND}
    return 2, (third[2].ns, third[4].ew)


def _enter(
    store: EventStore, rng: random.Random, s: Seating, tray: int, first: dict[int, Seating]
) -> None:
    entry = ResultEntry(1, s.round, s.table, tray, rng.randint(3, 10))
    if first[1] == s and tray == 1:  # a revoke by E-W
        store.record_result(replace(entry, ns_tricks=8, revokes=(Revoke(Direction.EW, 1, 3),)))
    elif first[2] == s and tray == 2:  # not played: the average
        store.record_result(replace(entry, ns_tricks=None, awards=(Award.AVERAGE, Award.AVERAGE)))
    elif first[3] == s and tray == 3:  # the wrong trump turned on the overplay... at the first
        store.record_result(entry)
    elif s.round == 2 and tray == 3:  # ...the overplay: this table takes the average
        store.record_result(
            entry, irregularity=IrregularityKind.WRONG_TRUMP_OVERPLAY, table_trump="S"
        )
    elif first[5] == s and tray == 5:  # a card faced in the tray: dealt again
        store.order_new_deal(5, "a card faced in the tray", law=IrregularityKind.MISDEAL)
        store.record_slip(5, "QH")
        store.record_result(entry)
    else:
        store.record_result(entry)


def _corrections(store: EventStore) -> None:
    """A result corrected; a mistaken entry deleted, undone and redone."""
    last = store.results()[-1]
    store.correct_result(last.id, last.version, ns_tricks=(last.ns_tricks or 0) % 13 + 1)
    store.update_event(venue=VENUE + " (upstairs)")
    store.undo()
    store.redo()
