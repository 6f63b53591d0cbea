"""The whist drive's calls on an open event: start it, enter each table's hand, revokes,
arrivals and leavers (each one undoable step), and the seating, moves, standings and prizes
replayed from what was entered (docs/drive.md)."""

from __future__ import annotations

import secrets
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session as Db

from director.scoring.drive import Penalty, Standing, standings
from director.scoring.drive_prizes import Prize, PrizeSettings, prizes
from director.store import drive_play, repository
from director.store.drive_play import DriveChange, DriveEntry, DriveRecord
from director.store.operations.unit import UnitOfWork
from director.store.repository import drive as rows
from director.store.schema import PlayerRow
from director.store.table_values import TableToken
from director.store.values import StoreError
from schedules.progressive import (
    DriveSettings,
    Field,
    Place,
    Player,
    Role,
    Seating,
    Side,
    TableResult,
    draw_seating,
    move_words,
    seating_from_cards,
)

DRIVE_SECTION = (1, "A")
"""The session and section a drive's table links belong to: the event's first, which every
event has (a drive has no movement of its own)."""

_SEED_RANGE = 1_000_000
"""Drawn seeds are below this: a number short enough to show and type again."""


@dataclass(frozen=True, slots=True)
class Move:
    """Where one player goes after a hand: `before` None for a late arrival, `after` None for
    a player leaving; `words` is what they are told."""

    player: Player
    before: Place | None
    after: Place | None
    words: str


class DriveOperations(UnitOfWork):
    """The event's whist drive."""

    def start_drive(
        self,
        settings: DriveSettings,
        prize_settings: PrizeSettings | None = None,
        *,
        seed: int | None = None,
        cards: Mapping[Player, Place] | None = None,
        absent: Collection[Player] = (),
        who: str = "director",
    ) -> DriveRecord:
        """Start the event's drive with the roster as its field: the first seating from the
        players' numbered `cards`, or drawn from `seed` (a new number, kept and shown, when
        None). Players in `absent` are not seated yet (they may arrive later)."""
        prize_settings = prize_settings or PrizeSettings(
            by_role=settings.field is Field.LADIES_GENTLEMEN
        )
        with self._step("start drive", who) as step:
            ids = roster_ids(step.db)
            unknown = sorted(set(absent) - ids.keys())
            if unknown:
                raise StoreError(f"not on the roster: {', '.join(unknown)}")
            if cards is not None:
                strangers = sorted(set(cards) - ids.keys())
                if strangers:
                    raise StoreError(f"not on the roster: {', '.join(strangers)}")
                first = seating_from_cards(settings, cards)
                draw = None
            else:
                draw = secrets.randbelow(_SEED_RANGE) if seed is None else seed
                field = [p for p in ids if p not in absent]
                first = draw_seating(settings, field, draw, _ladies(step.db, settings, field))
            rows.add_drive(step.db, settings, prize_settings, draw, first, ids)
            how = "from the cards" if draw is None else f"drawn from number {draw}"
            step.summary = f"{settings.tables} tables, {settings.rule.value}; seating {how}"
            step.db.flush()
            return rows.record(step.db)

    def holds_drive(self) -> bool:
        """Whether the event holds a whist drive."""
        with self._unit() as db:
            return rows.holds_drive(db)

    def drive(self) -> DriveRecord:
        """Everything the drive holds."""
        with self._unit() as db:
            return rows.record(db)

    def issue_drive_table_links(self, *, renew: bool = False) -> tuple[TableToken, ...]:
        """Give every table of the drive the token of its link, as a pairs event's tables
        get theirs (kept if it has one; with `renew`, a new one in place of each): one link a
        table for the whole drive. Not an undoable step, as links are not."""
        with self._unit(writes=True) as db:
            tables = range(1, rows.record(db).settings.tables + 1)
            repository.table_links.issue_tokens_for_tables(db, *DRIVE_SECTION, tables, renew)
            found = repository.table_links.table_tokens(db)
        return tuple(t for t in found if (t.session, t.section) == DRIVE_SECTION)

    def enter_drive_hand(
        self,
        hand: int,
        table: int,
        winners: Side,
        tricks: int,
        *,
        method: str = "keyboard",
        who: str = "director",
    ) -> TableResult:
        """Enter (or correct) what `table` made of `hand`: the winning side and its tricks.
        Once the next hand has entries, the players have moved by this one, so a correction
        may change the tricks but not the winners."""
        result = TableResult(table, winners, tricks)
        if method not in drive_play.METHODS:
            raise StoreError(f"an entry comes from {', '.join(drive_play.METHODS)}")
        with self._step("drive entry", who) as step:
            record = rows.record(step.db)
            seating = _seating(record, hand)
            if not seating.plays(table, record.settings.dummy):
                raise StoreError(f"hand {hand}: table {table} sits out and has no result")
            entry = DriveEntry(hand, table, winners, tricks, method, who)
            before = rows.put_entry(step.db, entry)
            if before is not None and before.winners != winners and record.entries_of(hand + 1):
                raise StoreError(
                    f"hand {hand}, table {table}: the players have already moved by who won it;"
                    " only the tricks can change"
                )
            step.summary = f"hand {hand}, table {table}: {winners.words} {tricks} tricks"
        return result

    def record_drive_penalty(
        self, hand: int, table: int, offenders: Side, reason: str, *, who: str = "director"
    ) -> Penalty:
        """Record a revoke (or other irregularity) by `offenders` at `table` in `hand`: they
        give the drive's penalty to the other side, for `reason`."""
        if not reason.strip():
            raise StoreError("say why the penalty is given (for example: revoke in spades)")
        penalty = Penalty(table, offenders, reason.strip())
        with self._step("drive penalty", who) as step:
            record = rows.record(step.db)
            if table not in {e.table for e in record.entries_of(hand)}:
                raise StoreError(f"hand {hand}, table {table} has no result to penalise yet")
            rows.add_penalty(step.db, hand, penalty, who)
            step.summary = (
                f"hand {hand}, table {table}: {offenders.words} gave"
                f" {record.settings.revoke_penalty} tricks ({penalty.reason})"
            )
        return penalty

    def drive_arrival(
        self, player: Player, from_hand: int, role: Role | None = None, *, who: str = "director"
    ) -> Seating:
        """`player` (on the roster) arrives late and plays from `from_hand` on, in a lady's or
        gentleman's part (`role`; by default the roster's); returns that hand's seating."""
        return self._change(player, DriveChange(player, True, from_hand, role), who)

    def drive_leaver(self, player: Player, from_hand: int, *, who: str = "director") -> Seating:
        """`player` leaves the drive: their seat is empty from `from_hand` on."""
        return self._change(player, DriveChange(player, False, from_hand), who)

    def _change(self, player: Player, change: DriveChange, who: str) -> Seating:
        with self._step("drive arrival" if change.arrives else "drive leaver", who) as step:
            record = rows.record(step.db)
            if not 2 <= change.from_hand <= record.settings.hands:
                raise StoreError(
                    f"a player can arrive or leave from hand 2 to hand {record.settings.hands}"
                )
            if any(e.hand >= change.from_hand for e in record.entries):
                raise StoreError(
                    f"hand {change.from_hand} is already under way: a change can start from"
                    " the next hand without entries"
                )
            if change.arrives and record.settings.field is Field.LADIES_GENTLEMEN:
                role = change.role or _gender_role(step.db, player)
                change = DriveChange(player, True, change.from_hand, role)
            elif change.arrives and change.role is None:
                raise StoreError(f"say whether {player} takes a lady's or a gentleman's part")
            if change.arrives and (player in record.roles or player in record.first.players()):
                raise StoreError(f"{player} is already in the drive")
            rows.add_change(step.db, roster_ids(step.db)[player], change)
            step.summary = (
                f"{player} {'arrives' if change.arrives else 'leaves'} from hand {change.from_hand}"
            )
            known = drive_play.seatings(rows.record(step.db))
        return known[change.from_hand - 1] if change.from_hand <= len(known) else known[-1]

    def drive_seating(self, hand: int) -> Seating:
        """Who sits where for `hand`, replayed from the first seating and the entries."""
        return _seating(self.drive(), hand)

    def drive_moves(self, hand: int) -> tuple[Move, ...]:
        """Where everyone goes after `hand`, in words, by table and seat before the move."""
        record = self.drive()
        before, after = _seating(record, hand), _seating(record, hand + 1)
        moves = []
        for place, player in before.places():
            to = after.place_of(player)
            words = "Leave the drive." if to is None else move_words(record.settings, place, to)
            moves.append(Move(player, place, to, words))
        for place, player in after.places():
            if before.place_of(player) is None:
                words = f"Join at table {place.table}, {_SEAT_WORDS[place.seat.name]} seat."
                moves.append(Move(player, None, place, words))
        return tuple(moves)

    def drive_standings(self, after: int | None = None) -> tuple[Standing, ...]:
        """The standings after hand `after` (by default after every hand played)."""
        record = self.drive()
        hands = drive_play.played(record)
        return standings(record.settings, hands if after is None else hands[:after])

    def drive_prizes(self) -> tuple[Prize, ...]:
        """The prizes on the hands played so far, each with how a tie was broken."""
        record = self.drive()
        return prizes(record.settings, record.prizes, drive_play.played(record), record.roles)


_SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def _seating(record: DriveRecord, hand: int) -> Seating:
    if not 1 <= hand <= record.settings.hands:
        raise StoreError(f"the drive has hands 1 to {record.settings.hands}, not {hand}")
    known = drive_play.seatings(record)
    if hand > len(known):
        waiting = sorted(
            set(known[-1].playing_tables(record.settings.dummy))
            - {e.table for e in record.entries_of(len(known))}
        )
        tables = ", ".join(map(str, waiting))
        raise StoreError(
            f"hand {hand} is not seated yet: hand {len(known)} waits for table {tables}"
        )
    return known[hand - 1]


def roster_ids(db: Db) -> dict[Player, int]:
    """The roster's players by name; a name twice would make a drive's card ambiguous."""
    ids: dict[Player, int] = {}
    for player_id, name in db.execute(select(PlayerRow.id, PlayerRow.name)):
        if name in ids:
            raise StoreError(f"two players on the roster are called {name}: tell them apart")
        ids[name] = player_id
    return ids


def _ladies(db: Db, settings: DriveSettings, field: list[Player]) -> set[Player]:
    if settings.field is Field.BY_SEAT:
        return set()
    return {p for p in field if _gender_role(db, p, ", or run the drive by seat") is Role.LADY}


def _gender_role(db: Db, player: Player, otherwise: str = "") -> Role:
    """`player`'s part from the roster; refused, with what else may be done (`otherwise`:
    only before the drive begins may its field change), when the roster does not say."""
    gender = db.scalar(select(PlayerRow.gender).where(PlayerRow.name == player))
    if gender is None:
        raise StoreError(f"say on the roster whether {player} is a lady or a gentleman{otherwise}")
    return Role(gender)
