"""The audit trail's calls on an open event: the steps, undo and redo, the whole history."""

from __future__ import annotations

from sqlalchemy import func, select

from director.store import audit, live, repository
from director.store.operations.unit import UnitOfWork
from director.store.schema import AuditRow
from director.store.values import AuditEntry


class TrailOperations(UnitOfWork):
    """The audit trail: its steps, undo and redo, and the event's history."""

    def audit_log(self, limit: int | None = None) -> tuple[AuditEntry, ...]:
        """The audit trail, newest first."""
        with self._unit() as db:
            return audit.entries(db, limit)

    def next_undo(self, who: str = "director") -> AuditEntry | None:
        """The step of `who`'s that Undo would take back now (None when there is none)."""
        with self._unit() as db:
            return audit.latest(db, "done", who)

    def next_redo(self, who: str = "director") -> AuditEntry | None:
        """The step of `who`'s that Redo would put back now (None when there is none)."""
        with self._unit() as db:
            return audit.latest(db, "undone", who)

    def undo(self, who: str = "director") -> AuditEntry | None:
        """Undo `who`'s latest step not yet undone (never another author's, such as a table's
        entry made since); None if there is nothing to undo."""
        with self._writing() as db:
            return audit.undo(db, who)

    def redo(self, who: str = "director") -> AuditEntry | None:
        """Redo the step `who` undid last; None if nothing was undone since `who`'s last
        step."""
        with self._writing() as db:
            return audit.redo(db, who)

    def undo_step(self, step: int, who: str = "director") -> AuditEntry:
        """Undo step number `step` of the audit trail, whoever made it (a table's entry taken
        back from the History); `ConflictError` if it is not in effect or the rows it changed
        were changed since."""
        with self._writing() as db:
            return audit.undo_step(db, step, who)

    def redo_step(self, step: int, who: str = "director") -> AuditEntry:
        """Redo step number `step`, which was undone."""
        with self._writing() as db:
            return audit.redo_step(db, step, who)

    def history(self) -> dict[str, object] | None:
        """The event's whole history (`director.store.history`): what the JSON export carries
        so that `from_history` makes the same event again. None when the audit trail does not
        lead back from the event as it stands."""
        from director.store import history

        with self._unit() as db:
            return history.event_history(db, self._db.revision)

    def newest_step(self) -> int:
        """The number of the newest entry in the audit trail (0: none yet). Every change to the
        event, undo and redo included, raises it: a cheap test that nothing changed."""
        with self._unit() as db:
            return db.scalar(select(func.max(AuditRow.id))) or 0

    def audit_mark(self) -> int:
        """The number of the latest step (0 before the first): read it before the scoring input
        so that `scoring_changes` since it misses nothing."""
        with self._unit() as db:
            return live.audit_mark(db)

    def row_names(self) -> dict[str, dict[int, str]]:
        """What the row ids in the audit trail's changes stand for, by the column holding
        them: {"deal_id": {4: "tray 4"}, "table_id": {2: "table 2"}, "player_id": ...}."""
        with self._unit() as db:
            return repository.audit.row_names(db)
