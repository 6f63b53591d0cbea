"""The paper route's rows: the players' cards as typed and the host's rulings, read and
written as values (`director.scoring.drive_cards.Card`)."""

from __future__ import annotations

from fractions import Fraction

from sqlalchemy import select
from sqlalchemy.orm import Session as Db

from director.scoring.drive_cards import Card
from director.store.audit import delete_rows, now
from director.store.schema import DriveCardRow, DriveEntryRow, DriveRulingRow, PlayerRow
from schedules.progressive import Player


def _figure(value: Fraction | None) -> str:
    return "" if value is None else str(value)


def _read(text: str) -> Fraction | None:
    return Fraction(text) if text else None


def put_card(db: Db, player_id: int, card: Card, who: str) -> None:
    """Store `card` for the player, replacing the one typed before."""
    row = db.scalars(select(DriveCardRow).where(DriveCardRow.player_id == player_id)).first()
    if row is None:
        row = DriveCardRow(player_id=player_id)
        db.add(row)
    row.hands = ",".join(_figure(f) for f in card.hands)
    row.total = None if card.total is None else str(card.total)
    row.entered_by = who
    row.entered_at = now()
    db.flush()


def cards(db: Db) -> tuple[Card, ...]:
    """Every card typed, by player's name."""
    query = select(PlayerRow.name, DriveCardRow.hands, DriveCardRow.total).join(
        PlayerRow, PlayerRow.id == DriveCardRow.player_id
    )
    return tuple(
        Card(name, tuple(_read(f) for f in hands.split(",")) if hands else (), _read(total or ""))
        for name, hands, total in db.execute(query.order_by(PlayerRow.name))
    )


def put_ruling(db: Db, hand: int, table: int, player_id: int, who: str) -> None:
    """Record (or change) whose card the host took for a table's hand."""
    row = db.scalars(
        select(DriveRulingRow).where(
            DriveRulingRow.hand_no == hand, DriveRulingRow.table_no == table
        )
    ).first()
    if row is None:
        row = DriveRulingRow(hand_no=hand, table_no=table)
        db.add(row)
    row.player_id = player_id
    row.entered_by = who
    row.entered_at = now()
    db.flush()


def rulings(db: Db) -> dict[tuple[int, int], Player]:
    """Each ruling: (hand, table) to the player whose card was taken."""
    query = select(DriveRulingRow.hand_no, DriveRulingRow.table_no, PlayerRow.name).join(
        PlayerRow, PlayerRow.id == DriveRulingRow.player_id
    )
    return {(hand, table): name for hand, table, name in db.execute(query)}


def drop_card_entries(db: Db, keep: set[tuple[int, int]]) -> None:
    """Remove the entries made from cards for every (hand, table) not in `keep`: the cards
    no longer agree on them."""
    stale = [
        row.id
        for row in db.scalars(select(DriveEntryRow).where(DriveEntryRow.method == "card"))
        if (row.hand_no, row.table_no) not in keep
    ]
    if stale:
        delete_rows(db, DriveEntryRow, DriveEntryRow.id.in_(stale))
