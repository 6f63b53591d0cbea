"""Results: one table's tricks (or awards) on one deal, entered, corrected and read.

The reads that scoring and printing make of a whole section select table columns
(`Row.__table__.c`), not ORM entities or attributes: Core rows are several times cheaper to
build than entities, and a Core statement compiles without the ORM's set-up, which counts in
a command's fresh process.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session as Db
from sqlalchemy.orm.exc import StaleDataError

from director.store.audit import aware, now
from director.store.repository.deals import locate
from director.store.repository.event import section_id
from director.store.repository.rows import Columns
from director.store.schema import (
    DealRow,
    ResultRow,
    SeatingRow,
    SeatingTrayRow,
    SectionRow,
    SessionRow,
    TableRow,
    TrayRow,
)
from director.store.values import Award, ConflictError, Result, ResultEntry, Revoke, StoreError
from schedules.types import Direction

# -- results -----------------------------------------------------------------------------------


def _check_tricks(
    ns_tricks: int | None,
    revokes: Sequence[Revoke],
    awards: tuple[Award, Award] | None,
    ew_record: int | None,
) -> None:
    if ns_tricks is None and awards is None:
        raise StoreError("enter the tricks N/S made (0 to 13), or awards for a deal not played")
    if ns_tricks is not None and awards is not None:
        raise StoreError("a result has either tricks or awards (not played), not both")
    if ns_tricks is not None and not 0 <= ns_tricks <= 13:
        raise StoreError(f"N/S tricks must be 0 to 13, not {ns_tricks}")
    if ew_record is not None and not 0 <= ew_record <= 13:
        raise StoreError(f"E/W's record must be 0 to 13 tricks, not {ew_record}")
    sides = [r.side for r in revokes]
    if len(set(sides)) != len(sides):
        raise StoreError("give each side's revokes once (count them with --revoke ns:2)")
    for r in revokes:
        if r.count < 1 or not 0 <= r.tricks_after <= 13 or not 0 <= r.failed_calls <= r.count:
            raise StoreError(
                f"a revoke needs a count of 1 or more, 0 to 13 tricks after it and no more"
                f" failed calls than its count, not {r}"
            )


def _put_revokes(row: ResultRow, revokes: Sequence[Revoke]) -> None:
    by_side = {r.side: r for r in revokes}
    ns, ew = by_side.get(Direction.NS), by_side.get(Direction.EW)
    row.ns_revokes = ns.count if ns else 0
    row.ns_failed_calls = ns.failed_calls if ns else 0
    row.ns_tricks_after_revoke = ns.tricks_after if ns else 0
    row.ew_revokes = ew.count if ew else 0
    row.ew_failed_calls = ew.failed_calls if ew else 0
    row.ew_tricks_after_revoke = ew.tricks_after if ew else 0


def _revokes(row: ResultRow | Columns) -> tuple[Revoke, ...]:
    found = []
    if row.ns_revokes:
        found.append(
            Revoke(Direction.NS, row.ns_revokes, row.ns_tricks_after_revoke, row.ns_failed_calls)
        )
    if row.ew_revokes:
        found.append(
            Revoke(Direction.EW, row.ew_revokes, row.ew_tricks_after_revoke, row.ew_failed_calls)
        )
    return tuple(found)


def insert_result(db: Db, entry: ResultEntry) -> Result:
    """Insert one table's result on a tray's counting deal."""
    _check_tricks(entry.ns_tricks, entry.revokes, entry.awards, entry.ew_record)
    deal, table_id = locate(db, entry.session, entry.section, entry.round, entry.table, entry.tray)
    existing = db.scalars(
        select(ResultRow).where(
            ResultRow.deal_id == deal.id,
            ResultRow.table_id == table_id,
            ResultRow.round_no == entry.round,
        )
    ).first()
    if existing is not None:
        raise ConflictError(
            f"table {entry.table}, round {entry.round}, tray {entry.tray} already has a result"
            f" ({_tricks_text(existing)}, entered by {existing.entered_by}); correct it instead"
        )
    row = _new_result(entry, deal, table_id)
    db.add(row)
    db.flush()
    return _result(row, entry.session, entry.section, entry.table, entry.tray, deal)


def _new_result(entry: ResultEntry, deal: DealRow, table_id: int) -> ResultRow:
    row = ResultRow(
        deal_id=deal.id,
        table_id=table_id,
        round_no=entry.round,
        entered_by=entry.entered_by,
        entered_at=now(),
        row_version=1,
    )
    _fill_result(row, entry.ns_tricks, entry.revokes, entry.awards, entry.ew_record)
    return row


@dataclass(frozen=True)
class _SectionPlan:
    """A section's counting deals, tables and plays, read once for many entries."""

    deals: dict[int, DealRow]
    tables: dict[int, int]
    plays: frozenset[tuple[int, int, int]]

    @classmethod
    def load(cls, db: Db, session: int, section: str) -> _SectionPlan:
        sid = section_id(db, session, section)
        deals = db.execute(
            select(TrayRow.number, DealRow)
            .join(DealRow, DealRow.tray_id == TrayRow.id)
            .where(TrayRow.section_id == sid, DealRow.counting)
        )
        tables = db.execute(select(TableRow.number, TableRow.id).where(TableRow.section_id == sid))
        plays = db.execute(
            select(SeatingRow.round_no, SeatingRow.table_no, SeatingTrayRow.tray_no)
            .join(SeatingTrayRow, SeatingTrayRow.seating_id == SeatingRow.id)
            .where(SeatingRow.section_id == sid)
        )
        return cls(
            dict(deals.all()),
            dict(tables.all()),
            # plain tuples (not rows), as `entry_play` makes them
            frozenset((round_no, table, tray) for round_no, table, tray in plays),
        )


def insert_results(db: Db, entries: Iterable[ResultEntry]) -> list[Result]:
    """Insert many results at once (a second result for a play fails the whole batch)."""
    plans: dict[tuple[int, str], _SectionPlan] = {}
    staged = []
    for entry in entries:
        _check_tricks(entry.ns_tricks, entry.revokes, entry.awards, entry.ew_record)
        key = (entry.session, entry.section)
        if key not in plans:
            plans[key] = _SectionPlan.load(db, *key)
        plan = plans[key]
        deal = plan.deals.get(entry.tray)
        table_id = plan.tables.get(entry.table)
        if deal is None or table_id is None or entry_play(entry) not in plan.plays:
            locate(db, entry.session, entry.section, entry.round, entry.table, entry.tray)
            raise StoreError(f"cannot enter {entry}")  # locate has said why already
        staged.append((entry, deal, _new_result(entry, deal, table_id)))
    db.add_all(row for _, _, row in staged)
    db.flush()
    return [_result(row, e.session, e.section, e.table, e.tray, deal) for e, deal, row in staged]


def entry_play(entry: ResultEntry) -> tuple[int, int, int]:
    """(round, table, tray) of an entry."""
    return (entry.round, entry.table, entry.tray)


def _fill_result(
    row: ResultRow,
    ns_tricks: int | None,
    revokes: Sequence[Revoke],
    awards: tuple[Award, Award] | None,
    ew_record: int | None,
) -> None:
    row.ns_tricks = ns_tricks
    row.ew_tricks = None if ns_tricks is None else 13 - ns_tricks
    row.ns_award, row.ew_award = (awards[0].value, awards[1].value) if awards else (None, None)
    row.ew_record = ew_record
    _put_revokes(row, revokes)


def _tricks_text(row: ResultRow) -> str:
    if row.ns_tricks is not None:
        return f"N/S {row.ns_tricks}"
    return f"not played, {row.ns_award}/{row.ew_award}"


def _awards(row: ResultRow | Columns) -> tuple[Award, Award] | None:
    if row.ns_award is None or row.ew_award is None:
        return None
    return (Award(row.ns_award), Award(row.ew_award))


def _result(
    row: ResultRow, session: int, section: str, table: int, tray: int, deal: DealRow
) -> Result:
    return Result(
        id=row.id,
        session=session,
        section=section,
        round=row.round_no,
        table=table,
        tray=tray,
        deal_version=deal.version,
        counting=deal.counting,
        ns_tricks=row.ns_tricks,
        ew_tricks=row.ew_tricks,
        revokes=_revokes(row),
        awards=_awards(row),
        ew_record=row.ew_record,
        entered_by=row.entered_by,
        entered_at=aware(row.entered_at),
        version=row.row_version,
    )


def _result_query() -> Select[ResultRow, DealRow, int, int, int, str]:
    """Results with what places them: deal, tray, table, session and section."""
    return (
        select(
            ResultRow, DealRow, TrayRow.number, TableRow.number, SessionRow.number, SectionRow.name
        )
        .join(DealRow, DealRow.id == ResultRow.deal_id)
        .join(TrayRow, TrayRow.id == DealRow.tray_id)
        .join(TableRow, TableRow.id == ResultRow.table_id)
        .join(SectionRow, SectionRow.id == TrayRow.section_id)
        .join(SessionRow, SessionRow.id == SectionRow.session_id)
    )


def result(db: Db, result_id: int) -> Result:
    """One result by id."""
    found = db.execute(_result_query().where(ResultRow.id == result_id)).first()
    if found is None:
        raise StoreError(f"no result {result_id} (deleted, or undone)")
    row, deal, tray, table, session, section = found
    return _result(row, session, section, table, tray, deal)


def results(
    db: Db, sid: int, session: int, section: str, counting_only: bool
) -> tuple[Result, ...]:
    """The section's results by round, table and tray."""
    query = _result_query().where(TrayRow.section_id == sid)
    if counting_only:
        query = query.where(DealRow.counting)
    rows = db.execute(query).all()
    values = [_result(r, session, section, table, tray, d) for r, d, tray, table, _, _ in rows]
    return tuple(sorted(values, key=lambda r: (r.round, r.table, r.tray, r.deal_version)))


def entered_per_round(db: Db, sid: int) -> dict[int, int]:
    """How many counting results each round of the section has: counted by the database, for
    a reader that needs no more (the evening's path, read as the window opens)."""
    rows = db.execute(
        select(ResultRow.round_no, func.count())
        .join(DealRow, DealRow.id == ResultRow.deal_id)
        .join(TrayRow, TrayRow.id == DealRow.tray_id)
        .where(TrayRow.section_id == sid, DealRow.counting)
        .group_by(ResultRow.round_no)
    )
    return dict(rows.all())


class ScoredResult(NamedTuple):
    """What scoring reads of a stored counting result (the names are `Result`'s). A tuple,
    not a dataclass: a section has thousands, read at every scoring."""

    round: int
    table: int
    tray: int
    deal_version: int
    ns_tricks: int | None
    ew_record: int | None
    revokes: tuple[Revoke, ...]
    awards: tuple[Award, Award] | None


def scored_results(db: Db, sid: int) -> list[ScoredResult]:
    """The section's counting results as scoring reads them, by tray, deal version, round
    and table (the order of `director.scoring.model.TableResult.key`)."""
    results_, deals_, trays, tables = (
        ResultRow.__table__,
        DealRow.__table__,
        TrayRow.__table__,
        TableRow.__table__,
    )
    r = results_.c
    rows = db.execute(
        select(
            r.round_no,
            tables.c.number.label("table_number"),
            trays.c.number.label("tray_number"),
            deals_.c.version,
            r.ns_tricks,
            r.ew_record,
            r.ns_award,
            r.ew_award,
            r.ns_revokes,
            r.ns_tricks_after_revoke,
            r.ns_failed_calls,
            r.ew_revokes,
            r.ew_tricks_after_revoke,
            r.ew_failed_calls,
        )
        .join(deals_, deals_.c.id == r.deal_id)
        .join(trays, trays.c.id == deals_.c.tray_id)
        .join(tables, tables.c.id == r.table_id)
        .where(trays.c.section_id == sid, deals_.c.counting)
        .order_by(trays.c.number, deals_.c.version, r.round_no, tables.c.number)
    ).all()
    # By position: a row's values by name cost several times the reading itself.
    return [
        ScoredResult(
            *row[:6],  # round, table, tray, deal version, N/S tricks, E/W's record
            # Most results have neither revokes nor awards: these checks save two calls a row.
            _revokes(row) if row[8] or row[11] else (),  # N/S or E/W revoked
            _awards(row) if row[6] is not None else None,  # N/S's award
        )
        for row in rows
    ]


def _locked_result(db: Db, result_id: int, expected_version: int) -> ResultRow:
    row = db.get(ResultRow, result_id)
    if row is None:
        raise ConflictError(f"result {result_id} no longer exists (deleted or undone elsewhere)")
    if row.row_version != expected_version:
        raise ConflictError(
            f"result {result_id} was changed by {row.entered_by} at"
            f" {aware(row.entered_at):%H:%M:%S} (now {_tricks_text(row)}); look again and"
            " re-enter your correction if it still stands"
        )
    return row


def _flush_unless_changed(db: Db, result_id: int) -> None:
    """Write the change to the result, refused if another station changed it after it was
    read (the UPDATE or DELETE quotes the version read, so it then matches no row)."""
    try:
        db.flush()
    except StaleDataError:
        # the failed flush rolled the step back: the row's attributes can no longer be read
        raise ConflictError(
            f"result {result_id} was changed by another station just now; look again"
        ) from None


def update_result(
    db: Db,
    result_id: int,
    expected_version: int,
    ns_tricks: int | None,
    revokes: Sequence[Revoke],
    awards: tuple[Award, Award] | None,
    ew_record: int | None,
    who: str,
) -> Result:
    """Correct a result the caller saw at `expected_version`."""
    _check_tricks(ns_tricks, revokes, awards, ew_record)
    row = _locked_result(db, result_id, expected_version)
    row.row_version = expected_version + 1
    _fill_result(row, ns_tricks, revokes, awards, ew_record)
    row.entered_by, row.entered_at = who, now()
    _flush_unless_changed(db, result_id)
    return result(db, result_id)


def delete_result(db: Db, result_id: int, expected_version: int) -> Result:
    """Delete a result the caller saw at `expected_version`; returns it as it was."""
    value = result(db, result_id)
    row = _locked_result(db, result_id, expected_version)
    db.delete(row)
    _flush_unless_changed(db, result_id)
    return value


def describe(result: Result) -> str:
    """A result in one line, for the audit trail and the CLI."""
    if result.awards is None:
        what = f"N/S {result.ns_tricks}, E/W {result.ew_tricks}"
    else:
        what = f"not played, N/S {result.awards[0].value}, E/W {result.awards[1].value}"
    revokes = "".join(f", revoke {r.side.label} x{r.count}" for r in result.revokes)
    version = f" (deal v{result.deal_version})" if result.deal_version > 1 else ""
    return f"round {result.round} table {result.table} tray {result.tray}{version}: {what}{revokes}"


# -- live standings (results that follow each score) -------------------------------------------


def counting_results_of_trays(
    db: Db, sid: int, session: int, section: str, trays: Iterable[int]
) -> tuple[Result, ...]:
    """The counting results of some of the section's trays (the standings' changed part)."""
    query = _result_query().where(
        TrayRow.section_id == sid, TrayRow.number.in_(list(trays)), DealRow.counting
    )
    rows = db.execute(query).all()
    return tuple(_result(r, session, section, table, tray, d) for r, d, tray, table, _, _ in rows)
