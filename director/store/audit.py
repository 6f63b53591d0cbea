"""The audit trail, and undo/redo built on it.

Every change a service makes to an event is one *step*: the service runs inside `recording`,
which collects, in the order they reach the database, every row inserted, updated or deleted in
the audited tables (the entity, its key, old and new column values), and `record` writes them as
one audit row. ORM flushes are caught by mapper events; bulk deletes go through `delete_rows`,
which follows the schema's cascades so that every row they take is recorded too. Undo applies a
step's changes backwards (old values back), redo forwards; both refuse with `ConflictError` if a
row no longer holds what the step left there (another station changed it), and both are
themselves recorded. A new step drops what could be redone.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    Date,
    DateTime,
    ForeignKey,
    Table,
    and_,
    delete,
    event,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapper, object_session
from sqlalchemy.orm import Session as Db
from sqlalchemy.orm.attributes import instance_state

from director.store.schema import AUDITED, AuditRow, Base, ChangeJson, Key, Snapshot
from director.store.values import AuditEntry, Change, ConflictError

_RECORDING = "audit.changes"
"""Where a session being recorded keeps its changes (in `Db.info`)."""

_ENTITY: dict[str, str] = {model.__table__.name: name for name, model in AUDITED.items()}
"""Audited table name -> entity name."""


def now() -> datetime:
    """The time stamps the store writes: aware, UTC."""
    return datetime.now(UTC)


def snapshot(row: Base) -> Snapshot:
    """The row's column values, JSON-friendly."""
    return values_json({column.key: getattr(row, column.key) for column in row.__table__.columns})


def change(
    entity: str, op: str, key: Key, old: Snapshot | None, new: Snapshot | None
) -> ChangeJson:
    """One change of a step, as stored in the audit row."""
    return {"entity": entity, "op": op, "key": key, "old": old, "new": new}


# -- recording a step ------------------------------------------------------------------------


@contextmanager
def recording(db: Db) -> Iterator[list[ChangeJson]]:
    """Collect every change made through `db` inside the block, in the order made."""
    changes: list[ChangeJson] = []
    db.info[_RECORDING] = changes
    try:
        yield changes
        db.flush()
    finally:
        db.info.pop(_RECORDING, None)


def _sink(db: Db | None) -> list[ChangeJson] | None:
    return None if db is None else db.info.get(_RECORDING)


def _key_of(table: Table, values: Snapshot) -> Key:
    columns = list(table.primary_key.columns)
    if len(columns) == 1:
        return int(values[columns[0].key])
    return [int(values[c.key]) for c in columns]


def _capture(
    sink: list[ChangeJson], table: Table, op: str, old: Snapshot | None, new: Snapshot | None
) -> None:
    entity = _ENTITY.get(table.name)
    if entity is not None:
        sink.append(change(entity, op, _key_of(table, old or new or {}), old, new))


def _old_values(row: Base) -> Snapshot:
    """The row as the database holds it before the pending update."""
    state = inspect(row)
    old = {
        attr.key: attr.history.deleted[0]
        for attr in state.attrs
        if attr.key in row.__table__.columns and attr.history.deleted
    }
    return snapshot(row) | values_json(old)


@event.listens_for(Base, "after_insert", propagate=True)
def _inserted(_mapper: Mapper[Any], _connection: Connection, row: Base) -> None:
    sink = _sink(object_session(row))
    if sink is not None:
        _capture(sink, row.__table__, "insert", None, snapshot(row))


@event.listens_for(Base, "before_update", propagate=True)
def _updating(_mapper: Mapper[Any], _connection: Connection, row: Base) -> None:
    db = object_session(row)
    if _sink(db) is not None:
        instance_state(row).info[_RECORDING] = _old_values(row)


@event.listens_for(Base, "after_update", propagate=True)
def _updated(_mapper: Mapper[Any], _connection: Connection, row: Base) -> None:
    sink = _sink(object_session(row))
    old = instance_state(row).info.pop(_RECORDING, None)
    new = snapshot(row)
    if sink is not None and old is not None and old != new:
        _capture(sink, row.__table__, "update", old, new)


@event.listens_for(Base, "before_delete", propagate=True)
def _deleting(_mapper: Mapper[Any], _connection: Connection, row: Base) -> None:
    sink = _sink(object_session(row))
    if sink is not None:
        _capture(sink, row.__table__, "delete", _old_values(row), None)


def delete_rows(db: Db, model: type[Base], *criteria: ColumnElement[bool]) -> None:
    """Delete the rows of `model` that meet `criteria`, recording each of them and every row
    the schema's ON DELETE rules take or change with them."""
    _delete_where(db, model.__table__, and_(*criteria))


def _delete_where(db: Db, table: Table, criterion: ColumnElement[bool]) -> None:
    rows = [values_json(dict(r)) for r in db.execute(select(table).where(criterion)).mappings()]
    if not rows:
        return
    for fk in _references_to(table):
        parents = [r[fk.column.key] for r in rows]
        child = fk.parent.table
        assert isinstance(child, Table)
        if fk.ondelete == "CASCADE":
            _delete_where(db, child, fk.parent.in_(parents))
        elif fk.ondelete == "SET NULL":
            _set_null(db, child, fk, parents)
    db.execute(delete(table).where(criterion))
    sink = _sink(db)
    if sink is not None:
        for row in rows:
            _capture(sink, table, "delete", row, None)


def _set_null(db: Db, table: Table, fk: ForeignKey, parents: list[Any]) -> None:
    where = fk.parent.in_(parents)
    sink = _sink(db)
    for row in db.execute(select(table).where(where)).mappings():
        old = values_json(dict(row))
        if sink is not None:
            _capture(sink, table, "update", old, old | {fk.parent.key: None})
    db.execute(update(table).where(where).values({fk.parent.key: None}))


def _references_to(table: Table) -> list[ForeignKey]:
    """The foreign keys of other tables that point at `table`."""
    return [
        fk
        for other in Base.metadata.sorted_tables
        for fk in other.foreign_keys
        if fk.column.table is table and other is not table
    ]


def record(db: Db, who: str, action: str, summary: str, changes: list[ChangeJson]) -> None:
    """Write a step to the trail; what was undone can no longer be redone."""
    db.execute(update(AuditRow).where(AuditRow.state == "undone").values(state="final"))
    db.add(AuditRow(at=now(), who=who, action=action, summary=summary, changes=changes))


# -- reading the trail -----------------------------------------------------------------------


def entries(db: Db, limit: int | None = None) -> tuple[AuditEntry, ...]:
    """The trail, newest first."""
    query = select(AuditRow).order_by(AuditRow.id.desc()).limit(limit)
    return tuple(_entry(row) for row in db.scalars(query))


def latest(db: Db, state: str) -> AuditEntry | None:
    """The step that undo ("done") or redo ("undone") would take next, if any."""
    row = _next(db, state)
    return None if row is None else _entry(row)


def _entry(row: AuditRow) -> AuditEntry:
    changes = tuple(
        Change(c["entity"], c["op"], _key(c["key"]), c["old"], c["new"]) for c in row.changes
    )
    return AuditEntry(
        row.id,
        aware(row.at),
        row.who,
        row.action,
        row.summary,
        changes,
        row.state == "undone",
    )


def _key(stored: Key) -> int | tuple[int, ...]:
    return tuple(stored) if isinstance(stored, list) else int(stored)


def aware(moment: datetime) -> datetime:
    """SQLite hands back naive times; the store writes UTC only."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


# -- undo and redo ---------------------------------------------------------------------------


def _next(db: Db, state: str) -> AuditRow | None:
    """The latest step done (for undo), or the step undone last (for redo: the earliest of
    those still undone, since undo walks back)."""
    order = AuditRow.id.desc() if state == "done" else AuditRow.id
    query = select(AuditRow).where(AuditRow.state == state).order_by(order).limit(1)
    return db.scalars(query).first()


def undo(db: Db, who: str) -> AuditEntry | None:
    """Undo the latest step that is done; None when there is none."""
    return _walk(db, who, backwards=True)


def redo(db: Db, who: str) -> AuditEntry | None:
    """Redo the step undone last; None when there is none."""
    return _walk(db, who, backwards=False)


def _walk(db: Db, who: str, backwards: bool) -> AuditEntry | None:
    row = _next(db, "done" if backwards else "undone")
    if row is None:
        return None
    steps = reversed(row.changes) if backwards else row.changes
    word = "undo" if backwards else "redo"
    try:
        applied = [_apply(db, c, backwards) for c in steps]
    except IntegrityError as exc:
        raise ConflictError(
            f"cannot {word} {row.action} ({row.summary}): the event changed since"
            " (another station entered something that depends on it)"
        ) from exc
    row.state = "undone" if backwards else "done"
    db.add(
        AuditRow(
            at=now(),
            who=who,
            action=word,
            summary=f"{word} #{row.id} {row.action}: {row.summary}",
            changes=applied,
            state="final",
        )
    )
    db.flush()
    return _entry(row)


def _apply(db: Db, step: ChangeJson, backwards: bool) -> ChangeJson:
    """Put a row back to one side of a change; returns the change actually made."""
    table = AUDITED[step["entity"]].__table__
    where = _where_key(table, step["key"])
    have, want = (step["new"], step["old"]) if backwards else (step["old"], step["new"])
    found = db.execute(select(table).where(where)).mappings().first()
    current = values_json(dict(found)) if found is not None else None
    if not _same(current, have):
        raise ConflictError(
            f"cannot {'undo' if backwards else 'redo'}: {step['entity']} {step['key']} was"
            " changed since (by another station or a later entry)"
        )
    version = (current or have or want or {}).get("row_version")
    if want is None:
        db.execute(delete(table).where(where))
        return change(step["entity"], "delete", step["key"], current, None)
    values = _typed(table, want)
    if "row_version" in values and version is not None:
        values["row_version"] = int(version) + 1
    if current is None:
        db.execute(insert(table).values(**values))
        return change(step["entity"], "insert", step["key"], None, values_json(values))
    db.execute(update(table).where(where).values(**values))
    return change(step["entity"], "update", step["key"], current, values_json(values))


def _where_key(table: Table, key: Key) -> ColumnElement[bool]:
    columns = list(table.primary_key.columns)
    values = key if isinstance(key, list) else [key]
    return and_(*(column == value for column, value in zip(columns, values, strict=True)))


def _same(current: Snapshot | None, expected: Snapshot | None) -> bool:
    """Equal apart from the version counter (undo and redo raise it)."""
    if current is None or expected is None:
        return current is expected
    strip = {"row_version"}
    return {k: v for k, v in current.items() if k not in strip} == {
        k: v for k, v in expected.items() if k not in strip
    }


def _typed(table: Table, values: Snapshot) -> Snapshot:
    """JSON values back to column types (ISO strings to times and dates)."""
    typed = dict(values)
    for column in table.columns:
        value = typed.get(column.key)
        if isinstance(column.type, DateTime) and isinstance(value, str):
            typed[column.key] = datetime.fromisoformat(value)
        elif isinstance(column.type, Date) and isinstance(value, str):
            typed[column.key] = date.fromisoformat(value)
    return typed


def values_json(values: Snapshot) -> Snapshot:
    """Column values made JSON-friendly: times in UTC as ISO strings, so that a time read back
    from SQLite (naive) or PostgreSQL (in the server's zone) compares equal to the one written."""
    return {k: _json_value(v) for k, v in values.items()}


def _json_value(value: object) -> object:
    if isinstance(value, datetime):
        return aware(value).astimezone(UTC).isoformat()
    if isinstance(value, date):
        return value.isoformat()
    return value


# -- an event made again from its history ----------------------------------------------------


def replay(db: Db, step: ChangeJson) -> None:
    """Make a recorded change again exactly as it was recorded (an event read back from its
    history, `director.store.history`): unlike redo, nothing is renumbered. Refused with
    `ConflictError` where the row does not hold what the change found there."""
    table = AUDITED[step["entity"]].__table__
    where = _where_key(table, step["key"])
    found = db.execute(select(table).where(where)).mappings().first()
    current = values_json(dict(found)) if found is not None else None
    if current != step["old"]:
        raise ConflictError(
            f"{step['entity']} {step['key']} does not hold what the history says it held"
            f" before this {step['op']}"
        )
    if step["new"] is None:
        db.execute(delete(table).where(where))
    elif current is None:
        db.execute(insert(table).values(**_typed(table, step["new"])))
    else:
        db.execute(update(table).where(where).values(**_typed(table, step["new"])))
