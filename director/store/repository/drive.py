"""The whist drive's rows: its settings, first seating, entries, penalties, arrivals and
leavers, read as one `DriveRecord` and written from values."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session as Db

from director.scoring.drive import Penalty
from director.scoring.drive_prizes import PrizeSettings, TieRule
from director.store.audit import now
from director.store.drive_play import DriveChange, DriveEntry, DriveRecord
from director.store.schema import (
    DriveChangeRow,
    DriveEntryRow,
    DrivePenaltyRow,
    DriveRow,
    DriveSeatRow,
    PlayerRow,
)
from director.store.values import StoreError
from schedules.progressive import (
    DriveSettings,
    Field,
    Layout,
    Mover,
    MovingRule,
    Place,
    Player,
    Role,
    Seat,
    Seating,
    Side,
    SitOut,
    Trumps,
    seating_from_cards,
)
from schedules.progressive.seating import role_of

NO_DRIVE = "this event holds no whist drive yet: start one with `director drive new`"

_SIDES = {"ns": Side.NS, "ew": Side.EW}
_SIDE_CODES = {side: code for code, side in _SIDES.items()}


def side_code(side: Side) -> str:
    """A side as a row stores it."""
    return _SIDE_CODES[side]


def holds_drive(db: Db) -> bool:
    """Whether the event holds a drive."""
    return db.scalar(select(DriveRow.id).limit(1)) is not None


def drive_row(db: Db) -> DriveRow:
    """The drive's row; refused in words when the event holds no drive."""
    row = db.scalars(select(DriveRow)).first()
    if row is None:
        raise StoreError(NO_DRIVE)
    return row


def add_drive(
    db: Db,
    settings: DriveSettings,
    prizes: PrizeSettings,
    draw_seed: int | None,
    first: Seating,
    ids: dict[Player, int],
) -> None:
    """Insert the drive's settings and its first seating (`ids`: each player's roster id)."""
    if db.scalars(select(DriveRow)).first() is not None:
        raise StoreError("this event already holds a whist drive")
    db.add(
        DriveRow(
            tables=settings.tables,
            rule=settings.rule.value,
            field=settings.field.value,
            layout=settings.layout.value,
            partner_mover=settings.partner_mover.value,
            trumps=settings.trumps.value,
            hands=settings.hands,
            halves=settings.halves,
            sit_out=settings.sit_out.value,
            set_figure=settings.set_figure,
            dummy=settings.dummy,
            revoke_penalty=settings.revoke_penalty,
            prizes_by_role=prizes.by_role,
            prize_places=prizes.places,
            half_time_prize=prizes.half_time,
            booby_prize=prizes.booby,
            big_hands_prize=prizes.big_hands,
            tie_rule=prizes.tie_rule.name,
            lots_seed=prizes.seed,
            draw_seed=draw_seed,
        )
    )
    for place, player in first.places():
        db.add(DriveSeatRow(player_id=ids[player], table_no=place.table, seat=place.seat.name))


def put_entry(db: Db, entry: DriveEntry) -> DriveEntry | None:
    """Insert or correct a table's entry for a hand; returns the entry it replaced."""
    row = db.scalars(
        select(DriveEntryRow).where(
            DriveEntryRow.hand_no == entry.hand, DriveEntryRow.table_no == entry.table
        )
    ).first()
    before = None if row is None else _entry(row)
    if row is None:
        row = DriveEntryRow(hand_no=entry.hand, table_no=entry.table)
        db.add(row)
    row.winners = side_code(entry.winners)
    row.tricks = entry.tricks
    row.method = entry.method
    row.entered_by = entry.who
    row.entered_at = now()
    db.flush()
    return before


def add_penalty(db: Db, hand: int, penalty: Penalty, who: str) -> None:
    """Record a house penalty at a table in a hand."""
    db.add(
        DrivePenaltyRow(
            hand_no=hand,
            table_no=penalty.table,
            offenders=side_code(penalty.offenders),
            reason=penalty.reason,
            entered_by=who,
            entered_at=now(),
        )
    )
    db.flush()


def add_change(db: Db, player_id: int, change: DriveChange) -> None:
    """Record a late arrival or a leaver."""
    db.add(
        DriveChangeRow(
            player_id=player_id,
            kind="arrive" if change.arrives else "leave",
            from_hand=change.from_hand,
            role=None if change.role is None else change.role.value,
        )
    )
    db.flush()


def record(db: Db) -> DriveRecord:
    """The whole drive as values."""
    row = drive_row(db)
    settings = DriveSettings(
        tables=row.tables,
        rule=MovingRule(row.rule),
        field=Field(row.field),
        layout=Layout(row.layout),
        partner_mover=Mover(row.partner_mover),
        trumps=Trumps(row.trumps),
        hands=row.hands,
        halves=row.halves,
        sit_out=SitOut(row.sit_out),
        set_figure=row.set_figure,
        dummy=row.dummy,
        revoke_penalty=row.revoke_penalty,
    )
    prizes = PrizeSettings(
        by_role=row.prizes_by_role,
        places=row.prize_places,
        half_time=row.half_time_prize,
        booby=row.booby_prize,
        big_hands=row.big_hands_prize,
        tie_rule=TieRule[row.tie_rule],
        seed=row.lots_seed,
    )
    players = {r.id: r for r in db.scalars(select(PlayerRow))}
    cards = {
        players[s.player_id].name: Place(s.table_no, Seat[s.seat])
        for s in db.scalars(select(DriveSeatRow))
    }
    changes = tuple(
        DriveChange(
            players[c.player_id].name,
            c.kind == "arrive",
            c.from_hand,
            None if c.role is None else Role(c.role),
        )
        for c in db.scalars(select(DriveChangeRow).order_by(DriveChangeRow.id))
    )
    roles = _roles(settings, cards, changes, {r.name: r.gender for r in players.values()})
    return DriveRecord(
        settings,
        prizes,
        row.draw_seed,
        seating_from_cards(settings, cards),
        roles,
        tuple(_entry(e) for e in db.scalars(select(DriveEntryRow))),
        tuple(
            (p.hand_no, Penalty(p.table_no, _SIDES[p.offenders], p.reason))
            for p in db.scalars(select(DrivePenaltyRow).order_by(DrivePenaltyRow.id))
        ),
        changes,
    )


def _roles(
    settings: DriveSettings,
    cards: dict[Player, Place],
    changes: tuple[DriveChange, ...],
    genders: dict[str, str | None],
) -> dict[Player, Role]:
    """Each player's part: by the roster's lady or gentleman, or by seat the part they
    started in (a late arrival's as recorded)."""
    if settings.field is Field.LADIES_GENTLEMEN:
        drive = set(cards) | {c.player for c in changes}
        return {p: Role(genders[p]) for p in drive if genders.get(p)}
    roles = {player: role_of(place.seat) for player, place in cards.items()}
    roles.update({c.player: c.role for c in changes if c.role is not None})
    return roles


def _entry(row: DriveEntryRow) -> DriveEntry:
    return DriveEntry(
        row.hand_no, row.table_no, _SIDES[row.winners], row.tricks, row.method, row.entered_by
    )
