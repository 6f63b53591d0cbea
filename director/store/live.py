"""What changed since the standings on view, as scoring reads it, so that they follow each
score without reading the whole section again.

The audit trail numbers every step. A screen that scored the section at step `mark` asks for
the changes since: when every step after it touched only results and irregularities (entering,
correcting, deleting a score, a ruling, the undo or redo of one), it gets those trays' counting
results, ready to replace the old ones in its `director.scoring` session. Anything else (players,
movement, slips, new deals, settings) calls for a full reading: the answer is then None.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace

from sqlalchemy import func, select
from sqlalchemy.orm import Session as Db

from director.scoring import model
from director.store import repository
from director.store.schema import AuditRow, DealRow, TrayRow
from director.store.scoring_bridge import _key, _table_result, _unplayed

LIVE_ENTITIES = frozenset({"result", "irregularity"})
"""What a step may change and still leave the standings to be worked out tray by tray."""


@dataclass(frozen=True)
class ScoringChanges:
    """The changes to a section's scoring input after a step of the audit trail."""

    mark: int
    """The latest step these changes include."""
    trays: frozenset[int]
    """The trays whose results or irregularities changed."""
    results: tuple[model.TableResult, ...]
    """Those trays' counting results now, as `scoring_bridge.scoring_input` gives them."""

    def apply(self, before: model.SectionPlay) -> model.SectionPlay:
        """The scoring input `before` with these trays' results replaced by the new ones."""
        kept = [r for r in before.results if r.tray not in self.trays]
        merged = sorted((*kept, *self.results), key=lambda r: r.key)
        return replace(before, results=tuple(merged))


def audit_mark(db: Db) -> int:
    """The number of the latest step in the audit trail (0 before the first)."""
    return db.scalar(select(func.max(AuditRow.id))) or 0


def trays_changed_since(db: Db, sid: int, mark: int) -> frozenset[int] | None:
    """The section's trays whose results or irregularities a step after `mark` changed; None
    when one of those steps changed anything else."""
    deal_ids: set[int] = set()
    for changes in db.scalars(select(AuditRow.changes).where(AuditRow.id > mark)):
        for change in changes:
            if change["entity"] not in LIVE_ENTITIES:
                return None
            sides = (change["old"], change["new"])
            deal_ids.update(int(side["deal_id"]) for side in sides if side)
    if not deal_ids:
        return frozenset()
    query = (
        select(TrayRow.number)
        .join(DealRow, DealRow.tray_id == TrayRow.id)
        .where(DealRow.id.in_(deal_ids), TrayRow.section_id == sid)
    )
    return frozenset(db.scalars(query))


def table_results(
    db: Db, sid: int, session: int, section: str, trays: Collection[int]
) -> tuple[model.TableResult, ...]:
    """The counting results of `trays`, each with the irregularity ruled at its table."""
    counting = {(d.tray, d.version) for d in repository.deals.deals(db, sid) if d.counting}
    irregular = {
        _key(i): i
        for i in repository.rulings.irregularities(db, sid, session, section)
        if i.tray in trays and (i.tray, i.deal_version) in counting
    }
    results = [
        _table_result(r, irregular.pop(_key(r), None))
        for r in repository.results.counting_results_of_trays(db, sid, session, section, trays)
    ]
    results += [_unplayed(i) for i in irregular.values()]
    return tuple(sorted(results, key=lambda r: r.key))


def scoring_changes(db: Db, session: int, section: str, mark: int) -> ScoringChanges | None:
    """The section's changes after step `mark`; None when only a full reading will do."""
    sid = repository.event.section_id(db, session, section)
    trays = trays_changed_since(db, sid, mark)
    if trays is None:
        return None
    results = table_results(db, sid, session, section, trays) if trays else ()
    return ScoringChanges(audit_mark(db), trays, results)
