"""The deals of a section's trays (a tray dealt again has a new version), their trump slips,
and the counting deal a table's entry is made on."""

from __future__ import annotations

from sqlalchemy import and_, select
from sqlalchemy.orm import Session as Db

from director.store.audit import aware, now
from director.store.repository.event import section_id
from director.store.repository.rows import Columns
from director.store.schema import (
    DealRow,
    MovementRow,
    SeatingRow,
    SeatingTrayRow,
    SectionRow,
    SessionRow,
    SlipRow,
    TableRow,
    TrayRow,
)
from director.store.values import Card, DealVersion, IrregularityKind, StoreError, TrumpSlip

# -- deals and slips ---------------------------------------------------------------------------


def current_deal(db: Db, session: int, section: str, tray: int) -> DealRow:
    """The counting deal of a tray."""
    sid = section_id(db, session, section)
    row = db.scalars(
        select(DealRow)
        .join(TrayRow, TrayRow.id == DealRow.tray_id)
        .where(TrayRow.section_id == sid, TrayRow.number == tray, DealRow.counting)
    ).first()
    if row is None:
        if db.get(MovementRow, sid) is None:
            raise StoreError("no movement is chosen for this section yet (director event movement)")
        raise StoreError(f"the movement has no tray {tray}")
    return row


def _deal(row: DealRow | Columns, tray: int) -> DealVersion:
    replaced = aware(row.replaced_at) if row.replaced_at else None
    law = IrregularityKind[row.replaced_law] if row.replaced_law else None
    return DealVersion(tray, row.version, row.counting, row.replaced_reason, law, replaced)


def deals(db: Db, sid: int) -> tuple[DealVersion, ...]:
    """Every version of every tray."""
    deals_, trays = DealRow.__table__, TrayRow.__table__
    rows = db.execute(
        select(deals_, trays.c.number.label("tray_number"))
        .join(trays, trays.c.id == deals_.c.tray_id)
        .where(trays.c.section_id == sid)
        .order_by(trays.c.number, deals_.c.version)
    ).all()
    return tuple(_deal(d, d.tray_number) for d in rows)


def new_deal(
    db: Db, session: int, section: str, tray: int, why: str, law: IrregularityKind
) -> DealVersion:
    """Retire the tray's counting deal and add the next version."""
    old = current_deal(db, session, section, tray)
    old.counting = False
    old.replaced_reason = why
    old.replaced_law = law.name
    old.replaced_at = now()
    db.flush()
    fresh = DealRow(tray_id=old.tray_id, version=old.version + 1, counting=True)
    db.add(fresh)
    db.flush()
    return _deal(fresh, tray)


def _slip(row: SlipRow | Columns, tray: int, version: int) -> TrumpSlip:
    return TrumpSlip(tray, version, Card(row.rank, row.suit), row.entered_by, aware(row.entered_at))


def put_slip(db: Db, deal: DealRow, card: Card, who: str) -> TrumpSlip:
    """Insert or replace the slip of a deal."""
    tray = db.scalar(select(TrayRow.number).where(TrayRow.id == deal.tray_id))
    row = db.scalars(select(SlipRow).where(SlipRow.deal_id == deal.id)).first()
    if row is None:
        row = SlipRow(deal_id=deal.id, rank=card.rank, suit=card.suit, entered_by=who)
        row.entered_at = now()
        row.row_version = 1
        db.add(row)
        db.flush()
        return _slip(row, tray or 0, deal.version)
    row.rank, row.suit, row.entered_by, row.entered_at = card.rank, card.suit, who, now()
    row.row_version += 1
    db.flush()
    return _slip(row, tray or 0, deal.version)


def slips(db: Db, sid: int, counting_only: bool) -> tuple[TrumpSlip, ...]:
    """The slips by tray and version."""
    slips_, deals_, trays = SlipRow.__table__.c, DealRow.__table__, TrayRow.__table__
    query = (
        select(slips_.rank, slips_.suit, slips_.entered_by, slips_.entered_at)
        .add_columns(trays.c.number, deals_.c.version)
        .join(deals_, deals_.c.id == slips_.deal_id)
        .join(trays, trays.c.id == deals_.c.tray_id)
        .where(trays.c.section_id == sid)
        .order_by(trays.c.number, deals_.c.version)
    )
    if counting_only:
        query = query.where(deals_.c.counting)
    return tuple(_slip(s, s.number, s.version) for s in db.execute(query).all())


def locate(
    db: Db, session: int, section: str, round_no: int, table: int, tray: int
) -> tuple[DealRow, int]:
    """The counting deal and the table id for an entry the movement allows.

    One query in the common case (entries are the hot path); only a refused entry pays for
    the lookups that say what is wrong.
    """
    found = db.execute(
        select(DealRow, TableRow.id)
        .join(TrayRow, TrayRow.id == DealRow.tray_id)
        .join(SectionRow, SectionRow.id == TrayRow.section_id)
        .join(SessionRow, SessionRow.id == SectionRow.session_id)
        .join(
            SeatingRow,
            and_(
                SeatingRow.section_id == SectionRow.id,
                SeatingRow.round_no == round_no,
                SeatingRow.table_no == table,
            ),
        )
        .join(
            SeatingTrayRow,
            and_(SeatingTrayRow.seating_id == SeatingRow.id, SeatingTrayRow.tray_no == tray),
        )
        .join(TableRow, and_(TableRow.section_id == SectionRow.id, TableRow.number == table))
        .where(
            SessionRow.number == session,
            SectionRow.name == section,
            TrayRow.number == tray,
            DealRow.counting,
        )
        .limit(1)
    ).first()
    if found is None:
        current_deal(db, session, section, tray)  # says which of section, movement, tray
        raise StoreError(
            f"the movement does not play tray {tray} at table {table} in round {round_no};"
            " check the traveller's round, table and tray"
        )
    deal, table_id = found
    return deal, table_id
