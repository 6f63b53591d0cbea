"""Individual fields no whist tournament holds, seated by a search longer than a director can
wait for, stored (docs/movements.md#odd-individual-fields).

A field of 2 or 3 more than a multiple of 4 players is seated in the next whist tournament
with phantoms, whose tables do not play (`schedules.individual.phantom_movement`). Where that
balances well below the whist tournament, tools/individual_search.py seats the field afresh
(every round as many tables as the players fill, the others resting in turn) and stores the
seating; for the larger fields it chooses instead which places of the tournament the phantoms
take. Without the file every field is still seated, with the phantoms in the last places.
"""

from __future__ import annotations

import json
from functools import cache
from typing import NotRequired, TypedDict

from schedules.package_data import data_file

STORED = data_file("schedules", "whist", "odd_players.json")
"""Per player count, the seating or the phantoms' places the search found."""


class Entry(TypedDict):
    """One field the search bettered: its seating or its phantoms, the index before and
    after, and the command that found it."""

    rounds: NotRequired[list[list[list[int]]]]
    """Per round, each table's players (North, East, South, West), numbered from 1; the
    players at no table rest that round."""
    halves: NotRequired[list[list[int]]]
    """[round, table] where the second half of the table's trays is arrow-switched (its North
    and South play the East-West hands), so that those halves compare players the whole set
    did not; with one tray a round there is no half, and the whole-set seating is played."""
    phantoms: NotRequired[list[int]]
    """The places (from 1) of the next whist tournament left empty."""
    index: float
    before_index: float
    command: str


@cache
def stored_sizes() -> dict[int, Entry]:
    """Every field stored, by player count."""
    if not STORED.is_file():
        return {}
    sizes: dict[str, Entry] = json.loads(STORED.read_text(encoding="utf-8"))["sizes"]
    return {int(players): entry for players, entry in sizes.items()}


def stored(players: int) -> Entry | None:
    """The stored entry for `players`, if the search bettered the phantom seating there."""
    return stored_sizes().get(players)
