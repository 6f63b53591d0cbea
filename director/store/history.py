"""An event's whole history as plain data, and the event made again from it.

The audit trail (`director.store.audit`) records every change made to an event, step by step,
with the rows' values before and after. Walked back from the event as it stands, it leads to
the rows it started from (the *origin*: the event as created, one session with one section).
The origin and the steps are the event's history: the JSON export carries it
(`director.exchange.results`), and `director import` makes the event again from it, row for
row and step for step, so the event read back has the same results, rulings, repairs, trail,
undo and redo as the one exported, and exports again to the same bytes.

Reading a history trusts nothing in it: every row is checked against the schema's columns
and types before it is written, every change must find its row as the history says it was,
and the database's own rules (tricks 0..13, one result per table, ...) hold for every row.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, Date, DateTime, Integer, String, Table, select
from sqlalchemy.orm import Session as Db

from director.store import audit
from director.store.schema import AUDITED, AuditRow, Base, ChangeJson, Key, Snapshot
from director.store.values import ConflictError, StoreError

STATES = ("done", "undone", "final")
OPS = ("insert", "update", "delete")
_LIMIT = 2**63
"""No whole number the database stores reaches it."""
_TABLES = {model.__table__.name: entity for entity, model in AUDITED.items()}
ORDER = tuple(_TABLES[t.name] for t in Base.metadata.sorted_tables if t.name in _TABLES)
"""The audited entities, each after those its rows refer to (the order the origin is written)."""


def event_history(db: Db, revision: str) -> dict[str, Any] | None:
    """The event's history: the schema revision, the origin's rows by entity and every step
    of the trail, oldest first. None when the trail does not lead back from the event as it
    stands (a file changed outside the program): then it cannot be read back."""
    state = {entity: _rows(db, model.__table__) for entity, model in AUDITED.items()}
    steps = list(db.scalars(select(AuditRow).order_by(AuditRow.id)))
    for step in reversed(steps):
        for change in reversed(step.changes):
            rows = state[change["entity"]]
            key = _hashable(change["key"])
            if change["new"] is not None:
                if rows.get(key) != change["new"]:
                    return None
                del rows[key]
            if change["old"] is not None:
                rows[key] = change["old"]
    return {
        "schema": revision,
        "origin": {e: [rows[k] for k in sorted(rows)] for e in ORDER if (rows := state[e])},
        "steps": [
            {
                "at": audit.values_json({"at": s.at})["at"],
                "who": s.who,
                "action": s.action,
                "summary": s.summary,
                "state": s.state,
                "changes": s.changes,
            }
            for s in steps
        ],
    }


def _rows(db: Db, table: Table) -> dict[tuple[int, ...], Snapshot]:
    return {
        _key(table, row): row
        for row in (audit.values_json(dict(r)) for r in db.execute(select(table)).mappings())
    }


def _key(table: Table, row: Mapping[str, Any]) -> tuple[int, ...]:
    return tuple(int(row[c.key]) for c in table.primary_key.columns)


def _hashable(key: Key) -> tuple[int, ...]:
    return tuple(key) if isinstance(key, list) else (key,)


def restore(db: Db, history: object, revision: str) -> int:
    """Write the event a history describes into an empty database: the origin's rows, then
    every step's changes in order, each step also written to the trail as it was. Returns the
    number of steps. Anything the history holds that this program would not have written is
    refused with a `StoreError` saying where."""
    document = _mapping(history, "history")
    if document.get("schema") != revision:
        raise StoreError(
            f"the history is of event files of revision {document.get('schema')!r}; this"
            f" version of the program reads revision {revision!r} (export it again with"
            " the program that wrote it, or update this one)"
        )
    origin = _mapping(document.get("origin"), "history, origin")
    for entity in origin:
        if entity not in AUDITED:
            raise StoreError(f"history, origin: no such part of an event: {entity!r}")
    for entity in ORDER:
        table = AUDITED[entity].__table__
        for i, row in enumerate(_list(origin.get(entity, []), f"history, origin, {entity}")):
            checked = _row(table, row, f"history, origin, {entity} {i + 1}")
            key = _key(table, checked)
            change: ChangeJson = {
                "entity": entity,
                "op": "insert",
                "key": key[0] if len(key) == 1 else list(key),
                "old": None,
                "new": checked,
            }
            try:
                audit.replay(db, change)
            except ConflictError:
                raise StoreError(f"history, origin, {entity}: {key} twice") from None
    steps = _list(document.get("steps"), "history, steps")
    for number, raw in enumerate(steps, start=1):
        _replay(db, raw, f"history, step {number}")
    db.flush()
    return len(steps)


def _replay(db: Db, raw: object, where: str) -> None:
    step = _mapping(raw, where)
    texts = {name: _text(step.get(name), f"{where}, {name}") for name in ("who", "action")}
    summary = _text(step.get("summary"), f"{where}, summary")
    state = step.get("state")
    if state not in STATES:
        raise StoreError(f"{where}: state must be one of {', '.join(STATES)}, not {state!r}")
    try:
        at = datetime.fromisoformat(_text(step.get("at"), f"{where}, at"))
    except ValueError:
        raise StoreError(f"{where}: at must be a date and time, not {step.get('at')!r}") from None
    changes = [
        _change(c, f"{where}, change {i + 1}")
        for i, c in enumerate(_list(step.get("changes"), where))
    ]
    for i, change in enumerate(changes):
        try:
            audit.replay(db, change)
        except ConflictError as exc:
            raise StoreError(f"{where}, change {i + 1}: {exc}") from None
    db.add(AuditRow(at=at, summary=summary, changes=changes, state=state, **texts))


def _change(raw: object, where: str) -> ChangeJson:
    change = _mapping(raw, where)
    entity, op = change.get("entity"), change.get("op")
    if not isinstance(entity, str) or entity not in AUDITED:
        raise StoreError(f"{where}: no such part of an event: {entity!r}")
    if op not in OPS:
        raise StoreError(f"{where}: op must be one of {', '.join(OPS)}, not {op!r}")
    table = AUDITED[entity].__table__
    old, new = change.get("old"), change.get("new")
    old = None if old is None else _row(table, old, f"{where}, old")
    new = None if new is None else _row(table, new, f"{where}, new")
    if (old is None, new is None) != (op == "insert", op == "delete"):
        raise StoreError(f"{where}: an {op} with the values before and after it wrong")
    key = change.get("key")
    if _key_of(key) != _key(table, old or new or {}):
        raise StoreError(f"{where}: key {key!r} is not the row's")
    return {"entity": entity, "op": op, "key": key, "old": old, "new": new}  # type: ignore[typeddict-item]  # key checked by _key_of


def _key_of(key: object) -> tuple[int, ...] | None:
    keys = key if isinstance(key, list) else [key]
    if all(isinstance(k, int) and not isinstance(k, bool) and abs(k) < _LIMIT for k in keys):
        return tuple(keys)
    return None


def _row(table: Table, raw: object, where: str) -> Snapshot:
    """A row's values, each checked against its column: known, of the column's type."""
    row = _mapping(raw, where)
    for name, value in row.items():
        column = table.columns.get(name)
        if column is None:
            raise StoreError(
                f"{where}: {table.name} has no column {name!r} (written by a newer version?)"
            )
        if value is not None and not _fits(column.type, value):
            raise StoreError(f"{where}: {name} cannot be {value!r}")
    missing = [c.key for c in table.primary_key.columns if not isinstance(row.get(c.key), int)]
    if missing:
        raise StoreError(f"{where}: {', '.join(missing)} missing")
    return dict(row)


def _fits(kind: object, value: object) -> bool:
    """Whether a JSON value is one the column holds (dates and times as ISO text)."""
    if isinstance(kind, Boolean):
        return isinstance(value, bool)
    if isinstance(kind, Integer):
        return isinstance(value, int) and not isinstance(value, bool) and abs(value) < _LIMIT
    if isinstance(kind, String):  # Text too
        return isinstance(value, str) and (kind.length is None or len(value) <= kind.length)
    if isinstance(kind, DateTime | Date):
        parse = datetime.fromisoformat if isinstance(kind, DateTime) else date.fromisoformat
        try:
            parse(value) if isinstance(value, str) else None
        except ValueError:
            return False
        return isinstance(value, str)
    return isinstance(kind, JSON)


def _mapping(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise StoreError(f"{where}: expected an object")
    return value


def _list(value: object, where: str) -> Sequence[object]:
    if not isinstance(value, list):
        raise StoreError(f"{where}: expected a list")
    return value


def _text(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise StoreError(f"{where}: expected text")
    return value
