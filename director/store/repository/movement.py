"""A section's movement: its seating, tables, trays and original deals, stored and read back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Table, func, select
from sqlalchemy.orm import Session as Db

from director.store.audit import delete_rows
from director.store.repository.event import section_id
from director.store.schema import (
    DealRow,
    IrregularityRow,
    MovementRow,
    PlaceRow,
    ResultRow,
    SeatingRow,
    SeatingTrayRow,
    SharedJson,
    SlipRow,
    TableRow,
    TrayRow,
)
from director.store.values import MovementChoice, StoreError
from schedules.types import Competitors, Movement, Seat, Seating, Share, Tray

# -- movements ---------------------------------------------------------------------------------


def store_movement(
    db: Db, sid: int, movement: Movement, size: int, size_unit: str, chosen: Movement | None = None
) -> None:
    """Replace the section's movement, seating, tables, trays and deals; `chosen` is the
    movement as chosen when places of `movement` rest (`schedules.rests`), kept to give
    those places back."""
    if has_entries(db, sid):
        raise StoreError(
            "slips, results or irregularities are already entered for this section; the"
            " movement can no longer"
            " be changed (start another session instead)"
        )
    for held in (MovementRow, SeatingRow, TableRow, TrayRow):
        delete_rows(db, held, held.section_id == sid)
    db.add(
        MovementRow(
            section_id=sid,
            family=movement.family,
            size=size,
            size_unit=size_unit,
            variant=movement.variant,
            competitors=movement.competitors.value,
            tables=movement.tables,
            rounds=movement.rounds,
            mnemonic=movement.mnemonic,
            promise=movement.promise,
            field=list(movement.field),
            winners=list(movement.winners),
            notes=list(movement.notes),
            teams={k: list(v) for k, v in movement.teams.items()},
            attributes=dict(movement.attributes),
            shared=_shared_json(movement.shared),
            chosen=None if chosen is None or chosen == movement else _movement_json(chosen),
        )
    )
    tables = sorted({s.table for s in movement.seatings} | set(range(1, movement.tables + 1)))
    db.add_all(TableRow(section_id=sid, number=t) for t in tables)
    db.add_all(_seating_row(sid, seating) for seating in movement.seatings)
    _add_trays(db, sid, movement.trays)


def _add_trays(db: Db, sid: int, trays: Sequence[Tray]) -> None:
    """Store `trays` for the section, each with its first deal."""
    rows = [
        TrayRow(
            section_id=sid,
            number=t.number,
            dealer=t.dealer.name,
            original_round=t.original_round,
            original_table=t.original_table,
        )
        for t in trays
    ]
    db.add_all(rows)
    db.flush()
    db.add_all(DealRow(tray_id=t.id, version=1, counting=True) for t in rows)
    db.flush()


def has_entries(db: Db, sid: int) -> bool:
    """Whether the section has a slip, a result or an irregularity entered."""
    entered = db.scalar(
        select(func.count(SlipRow.id))
        .join(DealRow, DealRow.id == SlipRow.deal_id)
        .join(TrayRow, TrayRow.id == DealRow.tray_id)
        .where(TrayRow.section_id == sid)
    )
    for model in (ResultRow, IrregularityRow):
        entered = entered or db.scalar(
            select(func.count(model.id))
            .join(TableRow, TableRow.id == model.table_id)
            .where(TableRow.section_id == sid)
        )
    return bool(entered)


def _seating_row(sid: int, seating: Seating) -> SeatingRow:
    row = SeatingRow(
        section_id=sid,
        round_no=seating.round,
        table_no=seating.table,
        switched=seating.switched,
    )
    row.places = [PlaceRow(position=i, label=p) for i, p in enumerate(seating.places)]
    row.trays = [SeatingTrayRow(position=i, tray_no=t) for i, t in enumerate(seating.trays)]
    return row


def _shared_json(shared: Sequence[Share]) -> list[SharedJson]:
    return [{"round": s.round, "trays": list(s.trays), "tables": list(s.tables)} for s in shared]


def played_places(db: Db, sid: int) -> set[tuple[int, int]]:
    """The (round, table) places of the section with a result or an irregularity entered."""
    found: set[tuple[int, int]] = set()
    for model in (ResultRow, IrregularityRow):
        query = (
            select(model.round_no, TableRow.number)
            .join(TableRow, TableRow.id == model.table_id)
            .where(TableRow.section_id == sid)
        )
        found.update((r, t) for r, t in db.execute(query))
    return found


def replace_seatings(db: Db, sid: int, old: Movement, new: Movement) -> None:
    """Write a repaired movement over the stored one, `old`: only the seatings of the tables
    and rounds that changed are deleted and inserted (results, keyed by round and table, are
    not touched), new table numbers are added, trays whose original play moved are updated,
    and the movement's rounds, tables, field, winners, promise, relays and notes follow."""
    before, after = _by_place(old), _by_place(new)
    for r, t in sorted(set(before) | set(after)):
        if before.get((r, t)) == after.get((r, t)):
            continue
        if (r, t) in before:
            criteria = (SeatingRow.round_no == r, SeatingRow.table_no == t)
            delete_rows(db, SeatingRow, SeatingRow.section_id == sid, *criteria)
        db.add_all(_seating_row(sid, s) for s in after.get((r, t), ()))
    have = set(db.scalars(select(TableRow.number).where(TableRow.section_id == sid)))
    db.add_all(
        TableRow(section_id=sid, number=t) for t in sorted({s.table for s in new.seatings} - have)
    )
    originals = {t.number: t for t in new.trays}
    stored = set(db.scalars(select(TrayRow.number).where(TrayRow.section_id == sid)))
    _add_trays(db, sid, [t for t in new.trays if t.number not in stored])
    for row in db.scalars(select(TrayRow).where(TrayRow.section_id == sid)):
        tray = originals.get(row.number)
        if tray is not None and (row.original_round, row.original_table) != (
            tray.original_round,
            tray.original_table,
        ):
            row.original_round, row.original_table = tray.original_round, tray.original_table
    head = db.get(MovementRow, sid)
    if head is None:
        raise StoreError("no movement is chosen for this section yet (director event movement)")
    head.tables, head.rounds, head.promise = new.tables, new.rounds, new.promise
    head.field, head.notes, head.winners = list(new.field), list(new.notes), list(new.winners)
    head.shared = _shared_json(new.shared)
    db.flush()


def _by_place(movement: Movement) -> dict[tuple[int, int], list[Seating]]:
    out: dict[tuple[int, int], list[Seating]] = {}
    for s in movement.seatings:
        out.setdefault((s.round, s.table), []).append(s)
    return out


def load_movement(db: Db, sid: int) -> Movement:
    """The section's movement rebuilt from its rows (read as plain columns, like
    `_seatings`: every scoring and printing of a section rebuilds it)."""
    movements, trays_ = MovementRow.__table__, TrayRow.__table__.c
    head = db.execute(select(movements).where(movements.c.section_id == sid)).first()
    if head is None:
        raise StoreError("no movement is chosen for this section yet (director event movement)")
    trays = db.execute(
        select(trays_.number, trays_.dealer, trays_.original_round, trays_.original_table)
        .where(trays_.section_id == sid)
        .order_by(trays_.id)
    ).all()
    return Movement(
        family=head.family,
        competitors=Competitors(head.competitors),
        tables=head.tables,
        rounds=head.rounds,
        trays=tuple(
            Tray(t.number, Seat[t.dealer], t.original_round, t.original_table) for t in trays
        ),
        seatings=_seatings(db, sid),
        field=tuple(head.field),
        shared=tuple(Share(s["round"], tuple(s["trays"]), tuple(s["tables"])) for s in head.shared),
        mnemonic=head.mnemonic,
        variant=head.variant,
        promise=head.promise,
        teams={k: tuple(v) for k, v in head.teams.items()},
        attributes=dict(head.attributes),
        winners=tuple(head.winners),
        notes=tuple(head.notes),
    )


def chosen_movement(db: Db, sid: int) -> Movement:
    """The section's movement as chosen, with the places resting now still in it: the
    stored movement when none rests."""
    head = db.get(MovementRow, sid)
    if head is None or head.chosen is None:
        return load_movement(db, sid)
    # Loaded here: the movement reader (pydantic) is no part of opening an event for entry.
    from schedules.jsonio import movement_from_json

    return movement_from_json(head.chosen)


def _movement_json(movement: Movement) -> dict[str, Any]:
    from schedules.jsonio import movement_to_json

    return movement_to_json(movement)


def _per_seating(db: Db, sid: int, children: Table, value: str) -> dict[int, list[Any]]:
    """One column of a seating's child rows (places, trays), per seating of the section, in
    stored position order."""
    seatings = SeatingRow.__table__
    found: dict[int, list[Any]] = {}
    for seating_id, item in db.execute(
        select(children.c.seating_id, children.c[value])
        .join(seatings, seatings.c.id == children.c.seating_id)
        .where(seatings.c.section_id == sid)
        .order_by(children.c.seating_id, children.c.position)
    ).all():
        found.setdefault(seating_id, []).append(item)
    return found


def _seatings(db: Db, sid: int) -> tuple[Seating, ...]:
    """The section's seatings in stored order. Plain column queries rather than ORM objects:
    every entry's check against the laws reads the whole seating (0.2 s as objects for a
    30-table Howell)."""
    places = _per_seating(db, sid, PlaceRow.__table__, "label")
    trays = _per_seating(db, sid, SeatingTrayRow.__table__, "tray_no")
    seatings = SeatingRow.__table__.c
    return tuple(
        Seating(round_no, table_no, tuple(trays.get(i, ())), tuple(places.get(i, ())), switched)
        for i, round_no, table_no, switched in db.execute(
            select(seatings.id, seatings.round_no, seatings.table_no, seatings.switched)
            .where(seatings.section_id == sid)
            .order_by(seatings.id)
        ).all()
    )


def movement_choice(db: Db, session: int, section: str) -> MovementChoice:
    """What generated the section's movement."""
    head = db.get(MovementRow, section_id(db, session, section))
    if head is None:
        raise StoreError(f"no movement is chosen for session {session} section {section} yet")
    return MovementChoice(session, section, head.family, head.size, head.size_unit, head.variant)


# -- publishing and exchange -----------------------------------------------------------------


def has_movement(db: Db, session: int, section: str) -> bool:
    """Whether a movement is chosen for the section."""
    return db.get(MovementRow, section_id(db, session, section)) is not None
