"""The progressive whist drive, pure: its settings, a seating, a hand's results, and the moving
rules that turn one seating into the next (docs/drive.md).

No trays and no schedule fixed in advance: each hand is dealt afresh at the table and who moves
where depends on who won it, so the seating after a hand is a function of the seating before it
and the hand's results (`next_seating`).
"""

from __future__ import annotations

from schedules.progressive.first import (
    arrive,
    card_number,
    card_place,
    draw_seating,
    leave,
    seating_from_cards,
)
from schedules.progressive.moves import move_words, next_seating
from schedules.progressive.seating import (
    DriveError,
    Place,
    Player,
    Role,
    Seat,
    Seating,
    Side,
    TableResult,
)
from schedules.progressive.settings import (
    DriveSettings,
    Field,
    Layout,
    Mover,
    MovingRule,
    SitOut,
    Trumps,
)

__all__ = [
    "DriveError",
    "DriveSettings",
    "Field",
    "Layout",
    "Mover",
    "MovingRule",
    "Place",
    "Player",
    "Role",
    "Seat",
    "Seating",
    "Side",
    "SitOut",
    "TableResult",
    "Trumps",
    "arrive",
    "card_number",
    "card_place",
    "draw_seating",
    "leave",
    "move_words",
    "next_seating",
    "seating_from_cards",
]
