"""The keys to the tables: each table's link token, and where the tables are served."""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import Select, select
from sqlalchemy.orm import Session as Db

from director.store.audit import aware, now
from director.store.repository.event import section_id
from director.store.schema import SectionRow, ServingRow, SessionRow, TableRow, TableTokenRow
from director.store.table_values import ServingAddress, TableToken, new_token
from director.store.values import StoreError

# -- entry at the table (table links and calls to the director) ------------------------------


def _table_token(row: TableTokenRow, session: int, section: str) -> TableToken:
    return TableToken(session, section, row.table_no, row.token, aware(row.issued_at))


def _token_query() -> Select[TableTokenRow, int, str]:
    return (
        select(TableTokenRow, SessionRow.number, SectionRow.name)
        .join(SectionRow, SectionRow.id == TableTokenRow.section_id)
        .join(SessionRow, SessionRow.id == SectionRow.session_id)
    )


def table_tokens(db: Db) -> tuple[TableToken, ...]:
    """Every table's link token, by session, section and table."""
    rows = db.execute(_token_query()).all()
    found = [_table_token(row, session, section) for row, session, section in rows]
    return tuple(sorted(found, key=lambda t: (t.session, t.section, t.table)))


def token_table(db: Db, token: str) -> TableToken | None:
    """The table a token opens (None: no such token, or one since renewed)."""
    found = db.execute(_token_query().where(TableTokenRow.token == token)).first()
    return None if found is None else _table_token(*found)


def issue_table_tokens(db: Db, session: int, section: str, renew: bool) -> None:
    """Give every table of the section a token; with `renew`, a new one in place of each."""
    sid = section_id(db, session, section)
    tables = db.scalars(select(TableRow.number).where(TableRow.section_id == sid)).all()
    if not tables:
        raise StoreError(
            f"session {session} section {section} has no movement yet, so no tables to link;"
            " choose its movement first"
        )
    _issue(db, sid, tables, renew)


def issue_tokens_for_tables(
    db: Db, session: int, section: str, tables: Collection[int], renew: bool
) -> None:
    """Give each of `tables` in the section a token (kept if it has one; with `renew`, a new
    one): for tables the section's movement does not list, a whist drive's."""
    _issue(db, section_id(db, session, section), tables, renew)


def _issue(db: Db, sid: int, tables: Collection[int], renew: bool) -> None:
    held = {
        row.table_no: row
        for row in db.scalars(select(TableTokenRow).where(TableTokenRow.section_id == sid))
    }
    for table in tables:
        row = held.get(table)
        if row is None:
            token = new_token()
            db.add(TableTokenRow(section_id=sid, table_no=table, token=token, issued_at=now()))
        elif renew:
            row.token, row.issued_at = new_token(), now()
    db.flush()


def serving_address(db: Db) -> ServingAddress | None:
    """Where the tables were last served (None: never)."""
    row = db.scalars(select(ServingRow).order_by(ServingRow.id)).first()
    return None if row is None else ServingAddress(row.host, row.port, aware(row.chosen_at))


def keep_serving_address(db: Db, host: str, port: int) -> None:
    """Keep `host` and `port` as where the tables are served (in place of any kept before)."""
    if not 0 <= port <= 65535:
        raise StoreError(f"a port is a number from 0 to 65535, not {port}")
    row = db.scalars(select(ServingRow).order_by(ServingRow.id)).first()
    if row is None:
        db.add(ServingRow(host=host, port=port, chosen_at=now()))
    elif (row.host, row.port) != (host, port):
        row.host, row.port, row.chosen_at = host, port, now()
    db.flush()
