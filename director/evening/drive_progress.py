"""Where a whist drive stands, for the window: the hand under way and the tables it waits
for, the steps of the evening's path, and a table's hand as the director types it ("N 8")
(docs/drive.md)."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from director.errors import DirectorError

if TYPE_CHECKING:  # the store and the drive's rules load after the window's first paint
    from director.store.drive_play import DriveRecord
    from director.store.services import EventStore
    from schedules.progressive import Side


class DriveStep(enum.Enum):
    """The steps of a drive's evening, in order."""

    FIELD = "Field"
    DRIVE = "Drive"
    HANDS = "Hands"
    PRIZES = "Prizes"


@dataclass(frozen=True, slots=True)
class DriveStepState:
    """Where one step of a drive stands (as `progress.StepState` for a pairs evening)."""

    step: DriveStep
    done: bool
    status: str
    action: str
    hint: str = ""


@dataclass(frozen=True, slots=True)
class DriveProgress:
    """The hand being entered (the last hand once every hand is in) and its tables still to
    enter."""

    hand: int
    hands: int
    waiting: tuple[int, ...]

    @property
    def finished(self) -> bool:
        """Every table has entered every hand."""
        return not self.waiting and self.hand == self.hands

    @property
    def complete(self) -> int:
        """How many hands are wholly entered."""
        return self.hand if not self.waiting else self.hand - 1


def held_drive(store: EventStore) -> DriveRecord | None:
    """The event's drive, or None when the event holds none."""
    return store.drive() if store.holds_drive() else None


def drive_progress(record: DriveRecord) -> DriveProgress:
    """The hand under way: the seating is known up to the first hand not wholly entered
    (or the last hand)."""
    from director.store import drive_play

    known = drive_play.seatings(record)
    hand = len(known)
    entered = {e.table for e in record.entries_of(hand)}
    playing = known[-1].playing_tables(record.settings.dummy)
    return DriveProgress(hand, record.settings.hands, tuple(t for t in playing if t not in entered))


def drive_steps(store: EventStore, record: DriveRecord | None) -> tuple[DriveStepState, ...]:
    """Every step of the drive as it stands."""
    players = store.players()
    field = DriveStepState(
        DriveStep.FIELD,
        record is not None or len(players) >= 4,
        f"{len(players)} players" if players else "no players yet",
        "Enter the players",
        hint="Mark each player a lady or a gentleman, or run the drive by seat",
    )
    if record is None:
        return (
            field,
            DriveStepState(DriveStep.DRIVE, False, "not started", "Start the drive"),
            DriveStepState(DriveStep.HANDS, False, "after the start", "Enter the hands"),
            DriveStepState(DriveStep.PRIZES, False, "none yet", "Look at the standings"),
        )
    settings = record.settings
    now = drive_progress(record)
    started = DriveStepState(
        DriveStep.DRIVE, True, f"{settings.tables} tables, {settings.rule.value}", "Look at it"
    )
    hands = DriveStepState(
        DriveStep.HANDS,
        now.finished,
        "all in" if now.finished else f"hand {now.hand} of {now.hands}",
        "Look at the hands" if now.finished else f"Enter hand {now.hand}",
    )
    prizes = DriveStepState(
        DriveStep.PRIZES,
        now.finished,
        f"after hand {now.complete}" if now.complete else "none yet",
        "Look at the standings and prizes",
    )
    return field, started, hands, prizes


_TYPED = re.compile(r"^\s*(n|s|ns|n-s|n/s|e|w|ew|e-w|e/w)\s*[ ,:]?\s*(\d{1,2})\s*$", re.I)


def read_hand(text: str) -> tuple[Side, int]:
    """A table's hand as typed: the winning side and its tricks, "N 8" (North-South took 8)
    or "E 9"; "NS", "S", "EW" and "W" say the same sides."""
    match = _TYPED.match(text)
    if match is None:
        raise DirectorError(
            f"{text.strip()!r}: type the winners and their tricks, e.g. N 8 (North-South"
            " took 8) or E 9 (East-West took 9)"
        )
    from schedules.progressive import Side

    side = Side.NS if match.group(1)[0].lower() in "ns" else Side.EW
    tricks = int(match.group(2))
    if not 7 <= tricks <= 13:
        raise DirectorError(f"the winners take 7 to 13 tricks, not {tricks}")
    return side, tricks


def hand_words(winners: Side, tricks: int) -> str:
    """A table's hand as the grid shows it and the director types it: "N-S 8"."""
    return f"{'N-S' if winners.name == 'NS' else 'E-W'} {tricks}"
