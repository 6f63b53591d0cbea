"""A stored whist drive as values, and the seating for each hand replayed from them.

The store keeps only what happened: the first seating, each table's entry for each hand, the
penalties, and who arrived or left from which hand. The seating for any hand is computed again
by the engine (`schedules.progressive`) from those, never stored twice (docs/drive.md).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from director.scoring.drive import Hand, Penalty
from director.scoring.drive_cards import Card, CardCheck, check_cards
from director.scoring.drive_prizes import PrizeSettings
from schedules.progressive import (
    DriveSettings,
    Player,
    Role,
    Seating,
    Side,
    TableResult,
    arrive,
    leave,
    next_seating,
)

METHODS = ("keyboard", "phone", "card")
"""How an entry reached the program: typed by the host, from a table's phone, or from the
players' score cards."""


@dataclass(frozen=True, slots=True)
class DriveEntry:
    """What one table made of one hand, and how and by whom it was entered."""

    hand: int
    table: int
    winners: Side
    tricks: int
    method: str = "keyboard"
    who: str = "director"

    @property
    def result(self) -> TableResult:
        """The entry as the engine reads it."""
        return TableResult(self.table, self.winners, self.tricks)


@dataclass(frozen=True, slots=True)
class DriveChange:
    """A player arriving late (taking the part `role`) or leaving, from hand `from_hand` on."""

    player: Player
    arrives: bool
    from_hand: int
    role: Role | None = None


@dataclass(frozen=True, slots=True)
class DriveRecord:
    """Everything the store holds about a drive."""

    settings: DriveSettings
    prizes: PrizeSettings
    draw_seed: int | None
    """The number the first seating was drawn from; None when it came from the cards."""
    first: Seating
    roles: Mapping[Player, Role]
    """Each player's part: a lady's or a gentleman's (by seat, the part they started in)."""
    entries: tuple[DriveEntry, ...] = ()
    penalties: tuple[tuple[int, Penalty], ...] = ()
    """Each penalty with its hand."""
    changes: tuple[DriveChange, ...] = ()

    def entries_of(self, hand: int) -> tuple[DriveEntry, ...]:
        """The entries made for `hand`, by table."""
        return tuple(sorted((e for e in self.entries if e.hand == hand), key=lambda e: e.table))


def seatings(record: DriveRecord) -> tuple[Seating, ...]:
    """The seating of every hand that can be known: hand 1's, then each next one while the
    hand before it has an entry from every table that played."""
    settings = record.settings
    seating = record.first
    known = [seating]
    for hand in range(1, settings.hands):
        if not complete(record, seating, hand):
            break
        seating = next_seating(settings, seating, tuple(e.result for e in record.entries_of(hand)))
        seating = _changed(record, seating, hand + 1)
        known.append(seating)
    return tuple(known)


def complete(record: DriveRecord, seating: Seating, hand: int) -> bool:
    """Whether every table that plays `hand` at `seating` has its entry."""
    entered = {e.table for e in record.entries_of(hand)}
    return entered == set(seating.playing_tables(record.settings.dummy))


def played(record: DriveRecord) -> tuple[Hand, ...]:
    """The hands with every table's entry, as the scoring reads them."""
    hands = []
    for number, seating in enumerate(seatings(record), 1):
        if not complete(record, seating, number):
            break
        penalties = tuple(p for h, p in record.penalties if h == number)
        results = tuple(e.result for e in record.entries_of(number))
        hands.append(Hand(number, seating, results, penalties))
    return tuple(hands)


def card_check(
    record: DriveRecord, cards: Collection[Card], rulings: Mapping[tuple[int, int], Player]
) -> CardCheck:
    """The drive rebuilt from the players' `cards` and the host's `rulings`, hand by hand
    from the first seating; entries made some other way stand and seat the next hand."""
    settings = record.settings

    def advance(hand: int, seating: Seating, results: tuple[TableResult, ...]) -> Seating:
        return _changed(record, next_seating(settings, seating, results), hand + 1)

    held = {(e.hand, e.table): e.result for e in record.entries if e.method != "card"}
    return check_cards(
        record.first, settings.hands, settings.dummy, cards, advance, held=held, rulings=rulings
    )


def _changed(record: DriveRecord, seating: Seating, hand: int) -> Seating:
    """`seating` after the leavers from `hand` go and the late arrivals sit down (leavers
    first, so an arrival may take a seat just left)."""
    for change in record.changes:
        if change.from_hand == hand and not change.arrives:
            seating = leave(seating, change.player, record.settings.field)
    for change in record.changes:
        if change.from_hand == hand and change.arrives:
            seating = arrive(seating, change.player, change.role or record.roles[change.player])
    return seating
