"""The values of entry at the table: each table's link token, where the tables are served, and
a table's call to the director. Frozen, like every value the store hands out."""

from __future__ import annotations

import enum
import math
import secrets
from dataclasses import dataclass
from datetime import datetime

TOKEN_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ"
"""The characters of a table link's token: none that looks like another when a player types
the link from the card (no l, 1, I, i, 0, O, o), nor any a link must escape."""
TOKEN_BITS = 128
"""Random bits per table link: not to be guessed, short enough for a QR code."""


def new_token() -> str:
    """A table link's secret: `TOKEN_BITS` random bits in `TOKEN_ALPHABET`."""
    length = math.ceil(TOKEN_BITS / math.log2(len(TOKEN_ALPHABET)))
    return "".join(secrets.choice(TOKEN_ALPHABET) for _ in range(length))


def table_url(base: str, table: int, token: str) -> str:
    """The link of one table's page: `{base}/table/{table}/{token}` (what its QR code holds).

    `base` is the server's address as the phones reach it, e.g. "http://192.168.1.20:8765".
    The table number is in the link for the players' sake; the token alone opens the page.

    >>> table_url("http://192.168.1.20:8765/", 3, "Xy_9")
    'http://192.168.1.20:8765/table/3/Xy_9'
    """
    return f"{base.rstrip('/')}/table/{table}/{token}"


@dataclass(frozen=True, slots=True)
class TableToken:
    """The secret in one table's link, and the table it opens."""

    session: int
    section: str
    table: int
    token: str
    issued_at: datetime

    def url(self, base: str) -> str:
        """The link of this table's page under `base` (see `table_url`)."""
        return table_url(base, self.table, self.token)


@dataclass(frozen=True, slots=True)
class ServingAddress:
    """Where the director chose to serve the tables: the address (or name) and the port the
    table cards' links are made for."""

    host: str
    port: int
    chosen_at: datetime


class CallKind(enum.Enum):
    """Why a table calls the director about a tray."""

    REVOKE = "revoke"
    IRREGULARITY = "irregularity"
    OTHER = "other"


@dataclass(frozen=True, slots=True)
class TableCall:
    """A table's call to the director about one tray; the director rules and settles it."""

    id: int
    session: int
    section: str
    round: int
    table: int
    tray: int
    kind: CallKind
    note: str
    settled: bool
    entered_by: str
    entered_at: datetime
    version: int
