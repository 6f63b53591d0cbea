"""The audit trail, and undo/redo built on it.

Each operation on a score, slip, deal or irregularity writes one audit row listing its changes:
for every row inserted, updated or deleted, the entity, its id, and its old and new column
values. Undo applies the changes backwards (old values back), redo forwards; both refuse with
`ConflictError` if the row no longer holds what the operation left there (another station
changed it), and both are themselves recorded. A new operation drops what could be redone.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import DateTime, delete, insert, select, update
from sqlalchemy.orm import Session

from director.store.schema import AUDITED, AuditRow, Base
from director.store.values import AuditEntry, Change, ConflictError

Snapshot = dict[str, Any]
"""A row's column values as JSON-friendly values (times as ISO strings)."""


def now() -> datetime:
    """The time stamps the store writes: aware, UTC."""
    return datetime.now(UTC)


def snapshot(row: Base) -> Snapshot:
    """The row's column values, JSON-friendly."""
    return values_json({column.key: getattr(row, column.key) for column in row.__table__.columns})


def change(entity: str, op: str, key: int, old: Snapshot | None, new: Snapshot | None) -> Snapshot:
    """One change of an operation, as stored in the audit row."""
    return {"entity": entity, "op": op, "key": key, "old": old, "new": new}


def record(db: Session, who: str, action: str, summary: str, changes: list[Snapshot]) -> None:
    """Write an operation to the trail; what was undone can no longer be redone."""
    db.execute(update(AuditRow).where(AuditRow.state == "undone").values(state="final"))
    db.add(AuditRow(at=now(), who=who, action=action, summary=summary, changes=changes))


def entries(db: Session, limit: int | None = None) -> tuple[AuditEntry, ...]:
    """The trail, newest first."""
    query = select(AuditRow).order_by(AuditRow.id.desc()).limit(limit)
    return tuple(_entry(row) for row in db.scalars(query))


def _entry(row: AuditRow) -> AuditEntry:
    changes = tuple(
        Change(c["entity"], c["op"], int(c["key"]), c["old"], c["new"]) for c in row.changes
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


def aware(moment: datetime) -> datetime:
    """SQLite hands back naive times; the store writes UTC only."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def undo(db: Session, who: str) -> AuditEntry | None:
    """Undo the latest operation that is done; None when there is none."""
    row = db.scalars(
        select(AuditRow).where(AuditRow.state == "done").order_by(AuditRow.id.desc()).limit(1)
    ).first()
    if row is None:
        return None
    applied = [_apply(db, c, backwards=True) for c in reversed(row.changes)]
    row.state = "undone"
    db.add(
        AuditRow(
            at=now(),
            who=who,
            action="undo",
            summary=f"undo #{row.id} {row.action}: {row.summary}",
            changes=applied,
            state="final",
        )
    )
    db.flush()
    return _entry(row)


def redo(db: Session, who: str) -> AuditEntry | None:
    """Redo the operation undone last (the earliest still undone); None when there is none."""
    row = db.scalars(
        select(AuditRow).where(AuditRow.state == "undone").order_by(AuditRow.id).limit(1)
    ).first()
    if row is None:
        return None
    applied = [_apply(db, c, backwards=False) for c in row.changes]
    row.state = "done"
    db.add(
        AuditRow(
            at=now(),
            who=who,
            action="redo",
            summary=f"redo #{row.id} {row.action}: {row.summary}",
            changes=applied,
            state="final",
        )
    )
    db.flush()
    return _entry(row)


def _apply(db: Session, step: Snapshot, backwards: bool) -> Snapshot:
    """Put a row back to one side of a change; returns the change actually made."""
    model = AUDITED[step["entity"]]
    table = model.__table__
    key = step["key"]
    have, want = (step["new"], step["old"]) if backwards else (step["old"], step["new"])
    current_row = db.get(model, key)
    current = snapshot(current_row) if current_row is not None else None
    if not _same(current, have):
        raise ConflictError(
            f"cannot {'undo' if backwards else 'redo'}: {step['entity']} {key} was changed"
            " since (by another station or a later entry)"
        )
    if current_row is not None:
        db.expunge(current_row)
    version = (current or have or want or {}).get("row_version")
    if want is None:
        db.execute(delete(table).where(table.c.id == key))
        return change(step["entity"], "delete", key, current, None)
    values = _typed(model, want)
    if "row_version" in values and version is not None:
        values["row_version"] = int(version) + 1
    if current is None:
        db.execute(insert(table).values(**values))
        return change(step["entity"], "insert", key, None, values_json(values))
    db.execute(update(table).where(table.c.id == key).values(**values))
    return change(step["entity"], "update", key, current, values_json(values))


def _same(current: Snapshot | None, expected: Snapshot | None) -> bool:
    """Equal apart from the version counter (undo and redo raise it)."""
    if current is None or expected is None:
        return current is expected
    strip = {"row_version"}
    return {k: v for k, v in current.items() if k not in strip} == {
        k: v for k, v in expected.items() if k not in strip
    }


def _typed(model: type[Base], values: Snapshot) -> Snapshot:
    """JSON values back to column types (ISO strings to times)."""
    typed = dict(values)
    for column in model.__table__.columns:
        value = typed.get(column.key)
        if isinstance(column.type, DateTime) and isinstance(value, str):
            typed[column.key] = datetime.fromisoformat(value)
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
