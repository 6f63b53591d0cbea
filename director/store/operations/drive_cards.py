"""The whist drive's paper route on an open event: type each player's card (one undoable
step each), rule on a hand whose cards disagree, and read what the cards say
(docs/drive.md#the-paper-route)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy.orm import Session as Db

from director.scoring.drive import standings
from director.scoring.drive_cards import Card, CardCheck, Flag, card_line, check_totals
from director.store import drive_play
from director.store.drive_play import DriveEntry, DriveRecord
from director.store.operations.drive import roster_ids
from director.store.operations.unit import UnitOfWork
from director.store.repository import drive as rows
from director.store.repository import drive_cards as card_rows
from director.store.values import StoreError
from schedules.progressive import Player


@dataclass(frozen=True, slots=True)
class CardReport:
    """What the typed cards say: the rebuild from the full cards, and the short form's totals
    against the program's."""

    check: CardCheck
    totals: tuple[Flag, ...]
    cards: tuple[Card, ...]

    @property
    def flags(self) -> tuple[Flag, ...]:
        """Every slip, the full cards' first."""
        return self.check.flags + self.totals


class DriveCardOperations(UnitOfWork):
    """The drive's players' cards."""

    def type_drive_cards(self, cards: Sequence[Card], *, who: str = "director") -> CardReport:
        """Type each of `cards`, one undoable step each, after checking every one can be
        typed (so a bad card in a pile types none of them)."""
        with self._unit() as db:
            record = rows.record(db)
            for card in cards:
                _check_typable(record, card)
        for card in cards:
            self.type_drive_card(card, who=who)
        return self.drive_cards()

    def type_drive_card(self, card: Card, *, who: str = "director") -> CardCheck:
        """Type (or retype) one player's card: the full card's hands become the entries of
        every table's hand its cards now agree on (method "card")."""
        with self._step("drive card", who) as step:
            record = rows.record(step.db)
            _check_typable(record, card)
            card_rows.put_card(step.db, roster_ids(step.db)[card.player], card, who)
            step.summary = card_line(card)
            return _sync(step.db, record, who)

    def rule_drive_card(
        self, hand: int, table: int, player: Player, *, who: str = "director"
    ) -> CardCheck:
        """Settle a table's hand whose cards disagree: `player`'s card is right."""
        with self._step("drive ruling", who) as step:
            record = rows.record(step.db)
            ids = roster_ids(step.db)
            if player not in ids:
                raise StoreError(f"not on the roster: {player}")
            card_rows.put_ruling(step.db, hand, table, ids[player], who)
            check = _sync(step.db, record, who)
            taken = {(r.hand, r.result.table, r.ruled) for r in check.results}
            if (hand, table, player) not in taken:
                raise StoreError(
                    f"hand {hand}, table {table}: there is no dispute there that {player}'s"
                    " card can settle (the card must be typed, with a figure for that hand)"
                )
            step.summary = f"hand {hand}, table {table}: {player}'s card taken"
            return check

    def drive_cards(self) -> CardReport:
        """What the typed cards say now."""
        with self._unit() as db:
            record = rows.record(db)
            typed = card_rows.cards(db)
            check = drive_play.card_check(record, typed, card_rows.rulings(db))
            played = drive_play.played(record)
            held = {s.player: s.total for s in standings(record.settings, played)}
            totals = check_totals([c for c in typed if c.short], held, len(played))
            return CardReport(check, totals, typed)


def _check_typable(record: DriveRecord, card: Card) -> None:
    """Refuse a card of a player not in the drive, or with the wrong number of hands."""
    if card.player not in record.roles and card.player not in record.first.players():
        raise StoreError(f"{card.player} is not in the drive")
    if card.hands and len(card.hands) != record.settings.hands:
        raise StoreError(
            f"{card.player}'s card has {len(card.hands)} hands; the drive has"
            f" {record.settings.hands} (leave a blank for a hand not played)"
        )


def _sync(db: Db, record: DriveRecord, who: str) -> CardCheck:
    """Make the card entries what the cards now agree on (and the rulings settle)."""
    check = drive_play.card_check(record, card_rows.cards(db), card_rows.rulings(db))
    keep = {(r.hand, r.result.table) for r in check.results}
    card_rows.drop_card_entries(db, keep)
    held = {(e.hand, e.table): e for e in record.entries}
    for found in check.results:
        result = found.result
        before = held.get((found.hand, result.table))
        if before is None or before.result != result:
            entry = DriveEntry(found.hand, result.table, result.winners, result.tricks, "card", who)
            rows.put_entry(db, entry)
    return check
