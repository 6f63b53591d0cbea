"""The audit trail as a table: every entry, correction, new deal and undo, newest first."""

from __future__ import annotations

import json

from PySide6.QtCore import QObject

from director.gui.tablemodel import Column, RowsModel
from director.store.values import AuditEntry


def changes_text(entry: AuditEntry) -> str:
    """Each changed row's old and new values, one line each."""
    lines = []
    for c in entry.changes:
        old = json.dumps(c.old, default=str, sort_keys=True) if c.old else "-"
        new = json.dumps(c.new, default=str, sort_keys=True) if c.new else "-"
        lines.append(f"{c.op} {c.entity} #{c.key}: {old} -> {new}")
    return "\n".join(lines)


COLUMNS: tuple[Column[AuditEntry], ...] = (
    Column("When", lambda e: f"{e.at:%H:%M:%S}"),
    Column("Who", lambda e: e.who),
    Column("What", lambda e: e.action),
    Column("Details", lambda e: e.summary, changes_text),
    Column("Undone", lambda e: "undone" if e.undone else ""),
)


def audit_model(parent: QObject | None = None) -> RowsModel[AuditEntry]:
    """An empty audit-trail model."""
    return RowsModel(COLUMNS, parent)
