"""Rulings at the table: the irregularities recorded and the calls a table makes to the director."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session as Db

from director.store.audit import aware, now
from director.store.repository.deals import locate
from director.store.repository.rows import Columns
from director.store.schema import DealRow, IrregularityRow, TableCallRow, TableRow, TrayRow
from director.store.table_values import CallKind, TableCall
from director.store.values import ConflictError, Irregularity, IrregularityKind, StoreError, Suit
from schedules.types import Direction

# -- irregularities ----------------------------------------------------------------------------


def insert_irregularity(db: Db, value: Irregularity) -> Irregularity:
    """Insert an irregularity on the tray's counting deal."""
    deal, table_id = locate(db, value.session, value.section, value.round, value.table, value.tray)
    row = IrregularityRow(
        deal_id=deal.id,
        table_id=table_id,
        round_no=value.round,
        kind=value.kind.name,
        side=value.side.value if value.side else None,
        table_trump=value.table_trump.value if value.table_trump else None,
        detail=value.detail,
        entered_by=value.entered_by,
        entered_at=now(),
        row_version=1,
    )
    db.add(row)
    db.flush()
    return _irregularity(row, value.session, value.section, value.table, value.tray, deal.version)


def _irregularity(
    row: IrregularityRow | Columns, session: int, section: str, table: int, tray: int, version: int
) -> Irregularity:
    return Irregularity(
        id=row.id,
        session=session,
        section=section,
        round=row.round_no,
        table=table,
        tray=tray,
        deal_version=version,
        kind=IrregularityKind[row.kind],
        table_trump=Suit(row.table_trump) if row.table_trump else None,
        side=Direction(row.side) if row.side else None,
        detail=row.detail,
        entered_by=row.entered_by,
        entered_at=aware(row.entered_at),
    )


def irregularities(db: Db, sid: int, session: int, section: str) -> tuple[Irregularity, ...]:
    """The section's irregularities in the order entered."""
    found, deals_, trays, tables = (
        IrregularityRow.__table__,
        DealRow.__table__,
        TrayRow.__table__,
        TableRow.__table__,
    )
    rows = db.execute(
        select(found)
        .add_columns(
            tables.c.number.label("table_number"),
            trays.c.number.label("tray_number"),
            deals_.c.version,
        )
        .join(deals_, deals_.c.id == found.c.deal_id)
        .join(trays, trays.c.id == deals_.c.tray_id)
        .join(tables, tables.c.id == found.c.table_id)
        .where(trays.c.section_id == sid)
        .order_by(found.c.id)
    ).all()
    return tuple(
        _irregularity(r, session, section, r.table_number, r.tray_number, r.version) for r in rows
    )


def insert_table_call(
    db: Db,
    session: int,
    section: str,
    play: tuple[int, int, int],
    kind: CallKind,
    note: str,
    who: str,
) -> TableCall:
    """A table's call to the director about one tray it plays (round, table, tray)."""
    round_no, table, tray = play
    deal, table_id = locate(db, session, section, round_no, table, tray)
    row = TableCallRow(
        deal_id=deal.id,
        table_id=table_id,
        round_no=round_no,
        kind=kind.value,
        note=note.strip()[:500],
        settled=False,
        entered_by=who,
        entered_at=now(),
        row_version=1,
    )
    db.add(row)
    db.flush()
    return _table_call(row, session, section, table, tray)


def _table_call(row: TableCallRow, session: int, section: str, table: int, tray: int) -> TableCall:
    return TableCall(
        id=row.id,
        session=session,
        section=section,
        round=row.round_no,
        table=table,
        tray=tray,
        kind=CallKind(row.kind),
        note=row.note,
        settled=row.settled,
        entered_by=row.entered_by,
        entered_at=aware(row.entered_at),
        version=row.row_version,
    )


def table_calls(db: Db, sid: int, session: int, section: str) -> tuple[TableCall, ...]:
    """The section's calls to the director, in the order made."""
    rows = db.execute(
        select(TableCallRow, TableRow.number, TrayRow.number)
        .join(DealRow, DealRow.id == TableCallRow.deal_id)
        .join(TrayRow, TrayRow.id == DealRow.tray_id)
        .join(TableRow, TableRow.id == TableCallRow.table_id)
        .where(TrayRow.section_id == sid)
        .order_by(TableCallRow.id)
    ).all()
    return tuple(_table_call(r, session, section, t, k) for r, t, k in rows)


def settle_table_call(db: Db, call_id: int) -> str:
    """Mark a call settled; returns it in words (for the audit trail)."""
    row = db.get(TableCallRow, call_id)
    if row is None:
        raise StoreError(f"no call {call_id} from a table (undone, or the movement changed)")
    if row.settled:
        raise ConflictError(f"call {call_id} from a table is already settled")
    row.settled = True
    row.row_version += 1
    db.flush()
    return f"{row.kind} called by {row.entered_by}, round {row.round_no}"
