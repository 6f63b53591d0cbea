"""A whist drive's tables as their phones read them: the hand, its trump, who sits where, what
the table entered, the tables still to enter, and where this table's players go next.

The drive is read again only when the audit trail has moved (`EventStore.newest_step`), as the
pairs tables' room does: a dozen phones asking every few seconds cost one replay of the drive
per change, not one per question. The seating of each hand is never stored; it is replayed
from the entries (docs/drive.md), so the host's entries and corrections at the keyboard reach
every phone at its next question.

A table may enter the hand being played, correct what it entered for it, or correct the hand
before while its players are moving (the store says what a correction may change). Every
other hand is the host's to correct.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from director.server.clock import RoundClock
from director.server.table_view import NotTheTablesTurnError
from director.store import drive_play
from director.store.drive_play import DriveEntry, DriveRecord
from director.store.operations.drive import Move
from director.store.services import EventStore, StoreError
from schedules.progressive import Seat, Seating, Side, SitOut

SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}


@dataclass
class DriveReading:
    """The drive at one step of the audit trail, and each table's state worked out from it."""

    step: int
    record: DriveRecord | None
    """None: the event holds no drive."""
    known: tuple[Seating, ...] = ()
    """The seating of every hand seated so far."""
    moves: tuple[Move, ...] | None = None
    """Where everyone goes after the hand before the one being played, once asked for."""
    states: dict[int, dict[str, object]] = field(default_factory=dict)

    @property
    def hand(self) -> int:
        """The hand being played (the last, once the drive is over)."""
        return len(self.known)

    @property
    def finished(self) -> bool:
        """Whether every table has entered the drive's last hand."""
        assert self.record is not None
        last = self.record.settings.hands
        return self.hand == last and drive_play.complete(self.record, self.known[-1], last)


class DriveRoom:
    """The drive's tables as the server shows them; safe to share between threads."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._reading: DriveReading | None = None

    def holds(self, step: int | None = None) -> bool:
        """Whether the event is a whist drive now, or at `step` of the audit trail, just read
        (a pairs event's pages are the room's)."""
        return self._now(step).record is not None

    def state(self, table: int, step: int | None = None) -> dict[str, object]:
        """Table `table`'s state as its phone reads it (without the hand timer), as of now or
        of `step`."""
        reading = self._now(step)
        with self._lock:
            state = reading.states.get(table)
            if state is None:
                state = reading.states[table] = self._state(reading, table)
            return state

    def check_entry(self, table: int, hand: int, correct: bool) -> None:
        """Refuse (409, in words) an entry by `table` for `hand` that is not the table's to
        make now: a hand not seated yet or already over, a hand it sits out, or a second entry
        of a hand already entered that does not say it corrects it."""
        reading = self._now()
        record = _drive(reading)
        now = reading.hand
        if hand > now or hand < 1:
            if hand > record.settings.hands or hand < 1:
                raise StoreError(f"the drive has hands 1 to {record.settings.hands}, not {hand}")
            waiting = ", ".join(map(str, _waiting(reading)))
            raise NotTheTablesTurnError(
                f"hand {hand} is not seated yet: hand {now} waits for table {waiting}"
            )
        entered = _entry(record, hand, table)
        if hand < now and (hand < now - 1 or entered is None or _entry(record, now, table)):
            raise NotTheTablesTurnError(
                f"hand {hand} is over at table {table}; ask the host to correct it"
            )
        if not reading.known[hand - 1].plays(table, record.settings.dummy):
            raise NotTheTablesTurnError(f"table {table} sits out hand {hand}: nothing to enter")
        if entered is not None and not correct:
            raise NotTheTablesTurnError(
                f"table {table} has already entered hand {hand} ({_result_words(entered)});"
                " choose Correct to change it"
            )

    def open_hand(self, step: int | None = None) -> int | None:
        """The hand being played (None: the drive is over, or the event holds none), as of
        now or of `step`."""
        reading = self._now(step)
        return None if reading.record is None or reading.finished else reading.hand

    def follow(self, clock: RoundClock, step: int | None = None) -> None:
        """Move the hand timer on as the drive stands (now, or at `step`): a hand fully
        entered starts the next hand's time afresh, and the last one stops it."""
        step = self.store.newest_step() if step is None else step
        if self.holds(step):
            clock.follow(self.open_hand(step))

    def _now(self, step: int | None = None) -> DriveReading:
        """The drive as of the newest step, or of `step` (read again only if the trail has
        moved)."""
        step = self.store.newest_step() if step is None else step
        with self._lock:
            if self._reading is None or self._reading.step < step:
                self._reading = _read(self.store, step)
            return self._reading

    def _state(self, reading: DriveReading, table: int) -> dict[str, object]:
        record = _drive(reading)
        settings = record.settings
        if not 1 <= table <= settings.tables:
            raise StoreError(f"the drive has tables 1 to {settings.tables}, not table {table}")
        hand = reading.hand
        seating = reading.known[-1]
        seats = seating.tables[table - 1]
        entered = _entry(record, hand, table)
        moving = hand > 1 and entered is None and not reading.finished
        trump = settings.trump(hand)
        return {
            "drive": True,
            "table": table,
            "hand": hand,
            "hands": settings.hands,
            "half": min(settings.halves, (hand - 1) // settings.hands_per_half + 1),
            "halves": settings.halves,
            "suit": f"{trump.capitalize()} are trumps" if trump else "The dealer turns trumps",
            "finished": reading.finished,
            "seats": [
                {"seat": SEAT_WORDS[seat.name], "name": name}
                for seat, name in zip(tuple(Seat), seats, strict=True)
            ],
            "sides": {side.name: _pair(seats, side) for side in Side},
            "sits_out": None
            if seating.plays(table, settings.dummy)
            else _sitting_out(record, table, hand, sum(n is not None for n in seats)),
            "entered": None if entered is None else _entry_json(entered),
            "waiting": [t for t in _waiting(reading) if t != table],
            "moves_after": hand - 1 if moving else None,
            "moves": _moves(self.store, reading, table) if moving else [],
            "correct": _correction(record, hand, table, entered, moving),
        }


def _read(store: EventStore, step: int) -> DriveReading:
    if not store.holds_drive():
        return DriveReading(step, None)
    record = store.drive()
    return DriveReading(step, record, drive_play.seatings(record))


def _drive(reading: DriveReading) -> DriveRecord:
    if reading.record is None:
        raise StoreError("this event holds no whist drive: ask the director")
    return reading.record


def _entry(record: DriveRecord, hand: int, table: int) -> DriveEntry | None:
    return next((e for e in record.entries_of(hand) if e.table == table), None)


def _waiting(reading: DriveReading) -> list[int]:
    """The tables still to enter the hand being played."""
    record = _drive(reading)
    if reading.finished:
        return []
    entered = {e.table for e in record.entries_of(reading.hand)}
    return sorted(set(reading.known[-1].playing_tables(record.settings.dummy)) - entered)


def _pair(seats: tuple[str | None, ...], side: Side) -> str:
    """The side's players in words: "Mrs Hale and Mr Dunn" (an empty seat is not named)."""
    names = [seats[side.lady], seats[side.gentleman]]
    return " and ".join(n for n in names if n is not None) or "nobody"


def _sitting_out(record: DriveRecord, table: int, hand: int, players: int) -> str:
    """Why the table does not play the hand, and what its players score."""
    if players == 0:
        return f"Nobody sits at table {table} for hand {hand}."
    here = "one player is" if players == 1 else f"{players} players are"
    score = (
        "the hand's average"
        if record.settings.sit_out is SitOut.AVERAGE
        else f"{record.settings.set_figure} tricks"
    )
    return (
        f"Table {table} sits out hand {hand}: only {here} here. Each player here scores"
        f" {score} for it."
    )


def _moves(store: EventStore, reading: DriveReading, table: int) -> list[dict[str, str]]:
    """Where the players of `table` at the hand before go, and who joins it."""
    if reading.moves is None:
        reading.moves = store.drive_moves(reading.hand - 1)
    return [
        {"player": m.player, "words": m.words}
        for m in reading.moves
        if (m.before is not None and m.before.table == table)
        or (m.before is None and m.after is not None and m.after.table == table)
    ]


def _result_words(entry: DriveEntry) -> str:
    """ "North-South won with 9 tricks; East-West took 4"."""
    return (
        f"{entry.winners.words} won with {entry.tricks} tricks;"
        f" {entry.winners.other.words} took {13 - entry.tricks}"
    )


def _correction(
    record: DriveRecord, hand: int, table: int, entered: DriveEntry | None, moving: bool
) -> dict[str, object] | None:
    """What the table may correct now: the hand being played once entered, else (while its
    players move) the hand before, whose winners are fixed once another table has entered
    the next hand, the players having moved by them."""
    if entered is not None:
        return _entry_json(entered) | {"winners_fixed": False}
    before = _entry(record, hand - 1, table) if moving else None
    if before is None:
        return None
    return _entry_json(before) | {"winners_fixed": bool(record.entries_of(hand))}


def _entry_json(entry: DriveEntry) -> dict[str, object]:
    return {
        "hand": entry.hand,
        "winners": entry.winners.name,
        "tricks": entry.tricks,
        "words": _result_words(entry),
    }
