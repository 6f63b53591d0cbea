"""The values the store hands out: frozen dataclasses, never ORM rows.

The GUI, the CLI and the printing read these; they stay valid after the database session that
made them is closed.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime

from director.errors import DirectorError
from director.scoring.model import Award, IrregularityKind, Method, Revoke, Scale, Suit
from schedules.types import Direction, Seat


class StoreError(DirectorError):
    """The store refuses a request; the message says what is wrong and how to fix it."""


class NotAnEventError(StoreError):
    """The file exists but is not an event file (or is from a newer program)."""


class DamagedEventError(StoreError):
    """The event's data cannot be read as this program wrote it (it fails `PRAGMA
    integrity_check`, lacks a table, or holds a value that cannot be read); it is left untouched."""


class ReadOnlyEventError(StoreError):
    """The event cannot be changed: its file, folder or disk is read-only, or it was opened
    read-only. Reading it (standings, printing) still works."""


class DiskFullError(StoreError):
    """The disk holding the event is full: the change being saved was not saved; everything
    saved before it is kept."""


class ConflictError(StoreError):
    """Another scoring station changed the same entry first (optimistic version check)."""


class Gender(enum.Enum):
    """Where a movement seats ladies and gentlemen apart (Mitchell for ladies and gentlemen)."""

    LADY = "lady"
    GENTLEMAN = "gentleman"

    @classmethod
    def parse(cls, text: str) -> Gender | None:
        """Read "lady", "L", "gentleman", "g", "" (none) and the like."""
        key = text.strip().lower()
        if not key:
            return None
        for member in cls:
            if member.value.startswith(key) or key in _GENDER_WORDS.get(member, ()):
                return member
        raise StoreError(f"not lady or gentleman: {text!r} (use L, G or leave it empty)")


_GENDER_WORDS = {
    Gender.LADY: ("f", "w", "woman", "female", "mrs", "miss"),
    Gender.GENTLEMAN: ("m", "man", "male", "mr", "gent"),
}


SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")


def rank_text(rank: str) -> str:
    """A rank as players write it: "10" for the ten (kept as "T")."""
    return "10" if rank == "T" else rank


@dataclass(frozen=True, slots=True)
class Card:
    """A trump card as written on a slip: rank and suit, e.g. "QH", "10S"; a ten is kept as
    "T" and always shown as "10"."""

    rank: str
    """One of 2-9, T, J, Q, K, A."""
    suit: str
    """One of S, H, D, C."""

    def __post_init__(self) -> None:
        if self.rank not in RANKS or self.suit not in SUITS:
            raise StoreError(f"not a card: {self.rank}{self.suit} (write rank then suit: QH, 10S)")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read "QH", "qh", "10S", "T s".

        >>> Card.parse("10s")
        Card(rank='T', suit='S')
        """
        key = "".join(text.split()).upper()
        if len(key) < 2:
            raise StoreError(f"not a card: {text!r} (write rank then suit: QH, 10S)")
        rank, suit = key[:-1], key[-1]
        return cls("T" if rank == "10" else rank, suit)

    def __str__(self) -> str:
        """The card as a player writes it: "10D", never "TD"."""
        return f"{rank_text(self.rank)}{self.suit}"

    @property
    def trump(self) -> Suit:
        """The trump suit the card makes."""
        return Suit(self.suit)


@dataclass(frozen=True, slots=True)
class EventSettings:
    """How the event is run and scored."""

    method: Method = Method.PLUS_MINUS
    """Plus/minus (the laws) or matchpoints (the modern layer)."""
    scale: Scale = Scale.TWO_ONE
    """Matchpoint scale, when scored by matchpoints."""
    rounding: str = "exact"
    """"exact", "tenths", "halves" or "whole" (display only; averages stay exact)."""
    trays_per_round: int | None = None
    minutes_available: int | None = None
    declared_trump: str | None = None
    """A suit (S, H, D, C) declared for every tray by unanimous consent; then no slips."""

    def __post_init__(self) -> None:
        if self.declared_trump is not None and self.declared_trump not in SUITS:
            raise StoreError(f"declared trump must be one of S, H, D, C, not {self.declared_trump}")


@dataclass(frozen=True, slots=True)
class EventInfo:
    """The event itself."""

    name: str
    held_on: date | None
    venue: str | None
    settings: EventSettings
    schema_revision: str


@dataclass(frozen=True, slots=True)
class Player:
    """A player on the roster."""

    id: int
    name: str
    club: str | None = None
    member_number: str | None = None
    gender: Gender | None = None


@dataclass(frozen=True, slots=True)
class Partnership:
    """A pair (or a couple, or an individual entry) under the label the movement uses."""

    label: str
    players: tuple[int, ...]
    """Player ids in seat order."""
    kind: str = "pair"
    """"pair", "couple" (a married couple: lady then gentleman) or "individual"."""


def joined_names(names: Iterable[str]) -> str:
    """Players' names as one partnership's printed name ("Mrs Ames & Mr Brown")."""
    return " & ".join(names)


def names_by_label(
    players: Iterable[Player], partnerships: Iterable[Partnership]
) -> dict[str, str]:
    """The printed name of each partnership label: its players' names joined, in seat order."""
    name_of = {p.id: p.name for p in players}
    return {p.label: joined_names(name_of[i] for i in p.players) for p in partnerships}


@dataclass(frozen=True, slots=True)
class Team:
    """A team: its name and the partnership labels that belong to it."""

    label: str
    pairs: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """A session and its sections."""

    number: int
    name: str
    sections: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MovementChoice:
    """What generated a section's movement (the movement itself is a schedules.Movement)."""

    session: int
    section: str
    family: str
    size: int
    size_unit: str
    variant: str | None


@dataclass(frozen=True, slots=True)
class TrumpSlip:
    """The trump card on a tray's slip for one deal version."""

    tray: int
    version: int
    card: Card
    entered_by: str
    entered_at: datetime


@dataclass(frozen=True, slots=True)
class DealVersion:
    """One deal of a tray; a new deal makes version 2, 3, ... and the earlier stop counting."""

    tray: int
    version: int
    counting: bool
    reason: str | None = None
    """Why this deal was replaced (None while it counts)."""
    law: IrregularityKind | None = None
    """The irregularity that called for the new deal."""
    replaced_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class ResultEntry:
    """What a scoring station enters for one table on one tray."""

    session: int
    round: int
    table: int
    tray: int
    ns_tricks: int | None
    """Tricks N/S made (E/W made the rest); None: not played, scored by `awards`."""
    revokes: tuple[Revoke, ...] = ()
    awards: tuple[Award, Award] | None = None
    """(N/S, E/W) when the deal was not played: the average (A) under the laws, A+/A-
    under matchpoints. Required exactly when `ns_tricks` is None."""
    ew_record: int | None = None
    """Tricks E/W say they took, when their record was entered too (compared by scoring)."""
    section: str = "A"
    entered_by: str = "director"


@dataclass(frozen=True, slots=True)
class Result:
    """A stored result; `version` is what a correction must quote (optimistic check)."""

    id: int
    session: int
    section: str
    round: int
    table: int
    tray: int
    deal_version: int
    counting: bool
    ns_tricks: int | None
    ew_tricks: int | None
    revokes: tuple[Revoke, ...]
    awards: tuple[Award, Award] | None
    ew_record: int | None
    entered_by: str
    entered_at: datetime
    version: int


@dataclass(frozen=True, slots=True)
class Irregularity:
    """An irregularity reported at a table, with the director's award."""

    id: int
    session: int
    section: str
    round: int
    table: int
    tray: int
    deal_version: int
    kind: IrregularityKind
    """The irregularity, naming its law; what it does to the score is scoring's table."""
    table_trump: Suit | None = None
    """The trump the table itself turned (only ever recorded here, docs/laws.md#the-trump-slip)."""
    side: Direction | None = None
    """The side at fault, where one is."""
    detail: str = ""
    entered_by: str = "director"
    entered_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """One recorded operation: what changed, from what to what, when, by whom."""

    id: int
    at: datetime
    who: str
    action: str
    """"record result", "correct result", "new deal", "undo", ..."""
    summary: str
    changes: tuple[Change, ...] = field(default=())
    undone: bool = False
    final: bool = False
    """An undo or a redo itself, or a step undone that can no longer be redone: neither taken
    back nor put back."""

    def in_words(self) -> str:
        """The step as undo names it: what, by whom, and its summary."""
        return f"{self.action} by {self.who}: {self.summary}"


@dataclass(frozen=True, slots=True)
class Change:
    """One row inserted, updated or deleted by an operation, with old and new values."""

    entity: str
    op: str
    """"insert", "update" or "delete"."""
    key: int | tuple[int, ...]
    """The row's id, or its composite key's values."""
    old: dict[str, object] | None
    new: dict[str, object] | None


__all__ = [
    "AuditEntry",
    "Award",
    "Card",
    "Change",
    "ConflictError",
    "DamagedEventError",
    "DealVersion",
    "Direction",
    "DiskFullError",
    "EventInfo",
    "EventSettings",
    "Gender",
    "Irregularity",
    "IrregularityKind",
    "Method",
    "MovementChoice",
    "NotAnEventError",
    "Partnership",
    "Player",
    "ReadOnlyEventError",
    "Result",
    "ResultEntry",
    "Revoke",
    "Scale",
    "Seat",
    "SessionInfo",
    "StoreError",
    "Suit",
    "Team",
    "TrumpSlip",
]
