"""Reading and writing rows inside a transaction the caller owns; values in, values out, one
module an aggregate.

Nothing here commits: `services.EventStore` opens the unit of work. Every function that changes
an audited row returns the change (old and new values) for the audit trail.
"""

from director.store.repository import (
    audit,
    deals,
    drive,
    event,
    integrity,
    movement,
    players,
    results,
    rulings,
    table_links,
)

__all__ = [
    "audit",
    "deals",
    "drive",
    "event",
    "integrity",
    "movement",
    "players",
    "results",
    "rulings",
    "table_links",
]
