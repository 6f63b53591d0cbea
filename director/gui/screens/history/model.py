"""The audit trail as a table (every entry, correction, new deal and undo, newest first), and
each entry's changes in words: "result round 1 table 2 tray 3: N/S 7 → 8"."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from PySide6.QtCore import QObject

from director.gui.tablemodel import Column, RowsModel
from director.store.values import AuditEntry, Change, rank_text

Names = Mapping[str, Mapping[int, str]]
"""What row ids stand for, by the column holding them (`EventStore.row_names`)."""

LINES_SHOWN = 12
"""Changes listed one by one; a step that made more (choosing a movement) is counted."""

ENTITIES = {
    "slip": "trump slip",
    "member": "partner",
    "seating tray": "tray at a table",
    "place": "place at a table",
}
"""The audit trail's entity names where the director says it otherwise."""

IDENTITY: dict[str, tuple[str, ...]] = {
    "event": ("name",),
    "player": ("name",),
    "partnership": ("label",),
    "member": ("partnership_id", "player_id"),
    "team": ("label",),
    "session": ("name",),
    "section": ("name",),
    "movement": ("family",),
    "table": ("number",),
    "tray": ("number",),
    "seating": ("round_no", "table_no"),
    "place": ("seating_id", "position"),
    "seating tray": ("seating_id", "position"),
    "deal": ("tray_id", "version"),
    "slip": ("deal_id",),
    "result": ("round_no", "table_id", "deal_id"),
    "irregularity": ("round_no", "table_id", "deal_id"),
}
"""The columns that say which row of an entity changed, in the order they are read out."""

LABELS = {
    "ns_tricks": "N/S",
    "ew_tricks": "E/W",
    "ew_record": "E/W's own record",
    "ns_award": "N/S award",
    "ew_award": "E/W award",
    "ns_revokes": "N/S revokes",
    "ew_revokes": "E/W revokes",
    "ns_failed_calls": "N/S failed calls",
    "ew_failed_calls": "E/W failed calls",
    "ns_tricks_after_revoke": "N/S tricks after the revoke",
    "ew_tricks_after_revoke": "E/W tricks after the revoke",
    "held_on": "date",
    "round_no": "round",
    "table_no": "table",
    "tray_no": "tray",
    "member_number": "member number",
    "declared_trump": "declared trump",
    "trays_per_round": "trays a round",
    "minutes_available": "minutes",
    "replaced_reason": "replaced because",
    "replaced_law": "law",
    "table_trump": "trump at the table",
    "size_unit": "counted in",
}
"""Column names in words (the others read with their underscores as spaces)."""

HIDDEN = frozenset({"id", "entered_by", "entered_at", "row_version", "replaced_at"})
"""Bookkeeping columns: who typed a value and when shows in the trail's own columns."""

BARE = frozenset({"name", "label", "number", "family"})
"""Columns whose value is read out without the column's name ("table 2", not "number 2")."""

COUNTS_ALWAYS_READ = frozenset({"ns_tricks", "ew_tricks"})
"""Of a new row, these are read out even as 0 (the others only when they hold something)."""

LONGEST_VALUE = 40
"""Longer values (a movement's notes, its seating data) are not read out."""


def _value(column: str, value: object, names: Names) -> str | None:
    """A column's value in words; None for one not worth reading out."""
    if column in names and isinstance(value, int):
        return names[column].get(value, f"no. {value}")
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if column == "rank" and isinstance(value, str):
        return rank_text(value)
    if isinstance(value, list | dict) or len(str(value)) > LONGEST_VALUE:
        return None
    return str(value)


def _identity(change: Change, names: Names) -> str:
    """Which row changed: "round 1 table 2 tray 3"."""
    row = change.new or change.old or {}
    parts = []
    for column in IDENTITY.get(change.entity, ()):
        if column not in row:
            continue
        value = _value(column, row[column], names)
        label = LABELS.get(column, column.replace("_", " "))
        parts.append(value if column in names or column in BARE else f"{label} {value}")
    return " ".join(p for p in parts if p)


def _fields(row: Mapping[str, object], skip: set[str]) -> list[str]:
    return [c for c in row if c not in HIDDEN and c not in skip]


def change_in_words(change: Change, names: Names) -> str:
    """One change: "result round 1 table 2 tray 3: N/S 7 → 8, E/W 6 → 5"."""
    what = f"{ENTITIES.get(change.entity, change.entity)} {_identity(change, names)}".strip()
    skip = set(IDENTITY.get(change.entity, ()))
    said: list[str] = []
    if change.op == "update" and change.old is not None and change.new is not None:
        for column in _fields(change.new, skip):
            old, new = change.old.get(column), change.new[column]
            if old == new:
                continue
            before, after = _value(column, old, names), _value(column, new, names)
            label = LABELS.get(column, column.replace("_", " "))
            said.append(
                f"{label} changed" if None in (before, after) else f"{label} {before} → {after}"
            )
        return f"{what}: {', '.join(said)}" if said else f"{what}: unchanged"
    if change.op == "delete":
        return f"{what} removed"
    row = change.new or {}
    for column in _fields(row, skip):
        value = _value(column, row[column], names)
        if value in {None, "none", "no"} or (value == "0" and column not in COUNTS_ALWAYS_READ):
            continue
        label = LABELS.get(column, column.replace("_", " "))
        said.append(value if column in names else f"{label} {value}")
    return f"{what} added" + (f": {', '.join(said)}" if said else "")


def changes_in_words(entry: AuditEntry, names: Names) -> str:
    """Each change of an entry on a line of its own; beyond `LINES_SHOWN`, a count by kind."""
    lines = [change_in_words(c, names) for c in entry.changes[:LINES_SHOWN]]
    rest = Counter(ENTITIES.get(c.entity, c.entity) for c in entry.changes[LINES_SHOWN:])
    if rest:
        counted = ", ".join(f"{n} × {entity}" for entity, n in rest.most_common())
        lines.append(f"… and {sum(rest.values())} more changes ({counted})")
    return "\n".join(lines)


COLUMNS: tuple[Column[AuditEntry], ...] = (
    Column("When", lambda e: f"{e.at:%H:%M:%S}"),
    Column("Who", lambda e: e.who),
    Column("What", lambda e: e.action),
    Column("Details", lambda e: e.summary),
    Column("Undone", lambda e: "undone" if e.undone else ""),
)


def audit_model(parent: QObject | None = None) -> RowsModel[AuditEntry]:
    """An empty audit-trail model."""
    return RowsModel(COLUMNS, parent)
