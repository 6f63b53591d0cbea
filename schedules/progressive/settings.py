"""A drive's settings: how the tables are set out, who moves after each hand, how trumps are
chosen, how many hands in how many halves, and what a player sitting out scores
(docs/drive.md#settings-and-defaults)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from schedules.progressive.seating import DriveError

SUITS = ("hearts", "clubs", "diamonds", "spades")
"""The trump rotation most halls call, hand 1 first."""


class Layout(enum.Enum):
    """How the numbered tables stand in the hall. The moves are the same for all three (the
    last table's "up" is table 1); the layout only changes how a move is said to the player."""

    LINE = "line"
    CIRCLE = "circle"
    SNAKE = "snake"


class MovingRule(enum.Enum):
    """Who moves after a hand."""

    PROGRESSIVE = "progressive"
    """The losers split (lady up, gentleman down); the winning gentleman crosses to the other
    side of his table, so everyone has a new partner every hand."""
    SEMI_PARTNER = "semi-partner"
    """The losers split (lady up, gentleman down); the winners stay together."""
    PARTNER = "partner"
    """Partners stay together all drive; one pair of each table moves up a table."""


class Mover(enum.Enum):
    """Under the partner rule, which pair of each table moves up."""

    WINNERS = "winners"
    LOSERS = "losers"


class Field(enum.Enum):
    """Who takes the ladies' part (sits North or East, moves up when losing)."""

    LADIES_GENTLEMEN = "ladies and gentlemen"
    """Ladies sit North and East, gentlemen South and West; partners are a lady and a
    gentleman."""
    BY_SEAT = "by seat"
    """Anyone anywhere: whoever starts North or East keeps the ladies' part all drive."""


class Trumps(enum.Enum):
    """How each hand's trump suit is chosen."""

    ROTATION = "called in rotation"
    TURNED = "turned by the dealer"


class SitOut(enum.Enum):
    """What a player sitting out a hand scores."""

    AVERAGE = "the hand's average"
    SET_FIGURE = "a set figure"


@dataclass(frozen=True, slots=True)
class DriveSettings:
    """One drive's rules. The defaults are the common practice (docs/drive.md)."""

    tables: int
    rule: MovingRule = MovingRule.PROGRESSIVE
    field: Field = Field.LADIES_GENTLEMEN
    layout: Layout = Layout.CIRCLE
    partner_mover: Mover = Mover.WINNERS
    trumps: Trumps = Trumps.ROTATION
    hands: int = 24
    halves: int = 2
    sit_out: SitOut = SitOut.AVERAGE
    set_figure: int = 7
    dummy: bool = False
    """A table of three plays with the fourth hand open as a dummy instead of sitting out."""
    revoke_penalty: int = 3
    """Tricks a revoking side gives to the other side."""

    def __post_init__(self) -> None:
        if self.tables < 1:
            raise DriveError("A drive needs at least one table.")
        if self.hands < 1 or self.halves < 1 or self.hands % self.halves:
            raise DriveError(f"{self.hands} hands do not split into {self.halves} equal halves.")
        if not 0 <= self.set_figure <= 13:
            raise DriveError("The set figure for a player sitting out must be 0 to 13 tricks.")
        if not 0 <= self.revoke_penalty <= 13:
            raise DriveError("The revoke penalty must be 0 to 13 tricks.")

    @property
    def hands_per_half(self) -> int:
        """Hands in each half."""
        return self.hands // self.halves

    def trump(self, hand: int) -> str | None:
        """The suit called for hand `hand` (1-based), or None when the dealer turns it."""
        if self.trumps is Trumps.TURNED:
            return None
        return SUITS[(hand - 1) % len(SUITS)]
