"""Reading and writing rows inside a transaction the caller owns; values in, values out.

Nothing here commits: `services.EventStore` opens the unit of work. Every function that changes
an audited row returns the change (old and new values) for the audit trail.

The reads that scoring and printing make of a whole section select table columns
(`Row.__table__.c`), not ORM entities or attributes: Core rows are several times cheaper to
build than entities, and a Core statement compiles without the ORM's set-up, which counts in
a command's fresh process.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, NamedTuple

from sqlalchemy import CursorResult, Row, Select, Table, and_, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as Db
from sqlalchemy.orm import selectinload

from director.store.audit import aware, delete_rows, now
from director.store.schema import (
    DealRow,
    EventRow,
    IrregularityRow,
    MemberRow,
    MovementRow,
    PartnershipRow,
    PlaceRow,
    PlayerRow,
    ResultRow,
    SeatingRow,
    SeatingTrayRow,
    SectionRow,
    ServingRow,
    SessionRow,
    SharedJson,
    SlipRow,
    TableCallRow,
    TableRow,
    TableTokenRow,
    TeamRow,
    TrayRow,
)
from director.store.table_values import (
    CallKind,
    ServingAddress,
    TableCall,
    TableToken,
    new_token,
)
from director.store.values import (
    Award,
    Card,
    ConflictError,
    DealVersion,
    EventInfo,
    EventSettings,
    Gender,
    Irregularity,
    IrregularityKind,
    Method,
    MovementChoice,
    Partnership,
    Player,
    Result,
    ResultEntry,
    Revoke,
    Scale,
    SessionInfo,
    StoreError,
    Suit,
    Team,
    TrumpSlip,
)
from schedules.labels import natural_key
from schedules.types import Competitors, Direction, Movement, Seat, Seating, Share, Tray

_Columns = Row[*tuple[Any, ...]]
"""A row of table columns (a Core row: its values read by column name)."""

# -- the event ---------------------------------------------------------------------------------


def event_row(
    name: str, held_on: date | None, venue: str | None, settings: EventSettings
) -> EventRow:
    """A new event row."""
    row = EventRow(name=name, held_on=held_on, venue=venue)
    _put_settings(row, settings)
    return row


def _put_settings(row: EventRow, settings: EventSettings) -> None:
    row.method = settings.method.value
    row.scale = settings.scale.value
    row.rounding = settings.rounding
    row.trays_per_round = settings.trays_per_round
    row.minutes_available = settings.minutes_available
    row.declared_trump = settings.declared_trump


def update_event_row(
    row: EventRow,
    name: str | None,
    held_on: date | None,
    venue: str | None,
    settings: EventSettings | None,
) -> None:
    """Change the fields given (None keeps a field)."""
    if name is not None:
        if not name.strip():
            raise StoreError("the event needs a name")
        row.name = name.strip()
    if held_on is not None:
        row.held_on = held_on
    if venue is not None:
        row.venue = venue
    if settings is not None:
        _put_settings(row, settings)


def event_info(db: Db, revision: str) -> EventInfo:
    """The event as a value."""
    row = db.execute(select(EventRow.__table__)).one()
    settings = EventSettings(
        Method(row.method),
        Scale(row.scale),
        row.rounding,
        row.trays_per_round,
        row.minutes_available,
        row.declared_trump,
    )
    return EventInfo(row.name, row.held_on, row.venue, settings, revision)


def declared_trump(db: Db) -> str | None:
    """The suit declared for every tray, if the players agreed one."""
    return db.scalar(select(EventRow.declared_trump))


# -- players -----------------------------------------------------------------------------------


def _player(row: PlayerRow | _Columns) -> Player:
    return Player(
        row.id, row.name, row.club, row.member_number, Gender(row.gender) if row.gender else None
    )


def refuse_hidden(value: str, what: str) -> None:
    """Refuse text holding a character that is not seen: a control character, a direction
    override or isolate (which makes a name read otherwise than it is stored and sorted), or a
    zero-width space, joiner or mark (two names that look the same would differ)."""
    for character in value:
        kind = unicodedata.category(character)
        if kind in ("Cc", "Cf"):
            named = unicodedata.name(character, "a control character")
            raise StoreError(
                f"the {what} holds an invisible character (U+{ord(character):04X},"
                f" {named.lower()}) that changes how it reads or compares; type it again"
                " without it"
            )


def _fill_player(row: PlayerRow, player: Player) -> None:
    name = player.name.strip()
    if not name:
        raise StoreError("a player needs a name")
    refuse_hidden(name, f"name {name!r}")
    for text, what in ((player.club, "club"), (player.member_number, "member number")):
        if text:
            refuse_hidden(text, what)
    row.name = name
    row.club = (player.club or "").strip() or None
    row.member_number = (player.member_number or "").strip() or None
    row.gender = player.gender.value if player.gender else None


def add_player(db: Db, player: Player) -> Player:
    """Insert a player; the id of `player` is ignored."""
    _refuse_duplicate_member(db, player)
    row = PlayerRow()
    _fill_player(row, player)
    db.add(row)
    db.flush()
    return _player(row)


def _refuse_duplicate_member(db: Db, player: Player) -> None:
    if not player.member_number:
        return
    other = db.scalars(
        select(PlayerRow).where(
            PlayerRow.member_number == player.member_number.strip(), PlayerRow.id != player.id
        )
    ).first()
    if other is not None:
        raise StoreError(f"member number {player.member_number} already belongs to {other.name}")


def upsert_player(db: Db, player: Player) -> Player:
    """Update the player with the same member number, or add a new one."""
    if player.member_number:
        row = db.scalars(
            select(PlayerRow).where(PlayerRow.member_number == player.member_number.strip())
        ).first()
        if row is not None:
            _fill_player(row, player)
            db.flush()
            return _player(row)
    return add_player(db, player)


def _player_row(db: Db, player_id: int) -> PlayerRow:
    row = db.get(PlayerRow, player_id)
    if row is None:
        raise StoreError(f"no player with id {player_id}")
    return row


def edit_player(db: Db, player: Player) -> Player:
    """Store a player's changed fields."""
    row = _player_row(db, player.id)
    _refuse_duplicate_member(db, player)
    _fill_player(row, player)
    db.flush()
    return _player(row)


def player_name(db: Db, player_id: int) -> str:
    """A player's name."""
    return _player_row(db, player_id).name


def remove_player(db: Db, player_id: int) -> Player:
    """Delete a player who belongs to no partnership; returns them as they were."""
    row = _player_row(db, player_id)
    label = db.scalar(
        select(PartnershipRow.label)
        .join(MemberRow, MemberRow.partnership_id == PartnershipRow.id)
        .where(MemberRow.player_id == player_id)
    )
    if label is not None:
        raise StoreError(f"{row.name} plays in partnership {label}; dissolve it first")
    removed = _player(row)
    db.delete(row)
    return removed


def players(db: Db) -> tuple[Player, ...]:
    """The roster by name."""
    # Sorted here, not by the database, so that every back-end's collation gives one order.
    rows = db.execute(select(PlayerRow.__table__)).all()
    return tuple(sorted((_player(r) for r in rows), key=lambda p: (p.name.casefold(), p.id)))


# -- partnerships and teams --------------------------------------------------------------------

_SIZES = {"pair": 2, "couple": 2, "individual": 1}


def form_partnership(db: Db, value: Partnership) -> Partnership:
    """Insert a partnership under a new label."""
    label = value.label.strip()
    if not label:
        raise StoreError("a partnership needs a label (the number the movement gives it)")
    if value.kind not in _SIZES:
        raise StoreError(f"kind must be one of {', '.join(_SIZES)}, not {value.kind!r}")
    if len(value.players) != _SIZES[value.kind] or len(set(value.players)) != len(value.players):
        raise StoreError(f"a {value.kind} needs {_SIZES[value.kind]} different players")
    found = [_player_row(db, p) for p in value.players]
    if value.kind == "couple" and [p.gender for p in found] != ["lady", "gentleman"]:
        raise StoreError("a couple is a lady then a gentleman (set each player's gender)")
    if db.scalar(select(PartnershipRow.id).where(PartnershipRow.label == label)) is not None:
        raise StoreError(f"partnership {label} exists already; choose another label")
    row = PartnershipRow(label=label, kind=value.kind)
    row.members = [MemberRow(position=i, player_id=p) for i, p in enumerate(value.players)]
    db.add(row)
    db.flush()
    return Partnership(label, tuple(value.players), value.kind)


def _partnership_row(db: Db, label: str) -> PartnershipRow:
    row = db.scalars(
        select(PartnershipRow)
        .where(PartnershipRow.label == label)
        .options(selectinload(PartnershipRow.members))
    ).first()
    if row is None:
        raise StoreError(f"no partnership {label}")
    return row


def partnership(db: Db, label: str) -> Partnership:
    """The partnership under `label`."""
    row = _partnership_row(db, label)
    return Partnership(row.label, tuple(m.player_id for m in row.members), row.kind)


def dissolve_partnership(db: Db, label: str) -> None:
    """Delete a partnership (its players stay)."""
    row = _partnership_row(db, label)
    delete_rows(db, PartnershipRow, PartnershipRow.id == row.id)


def relabel_partnerships(db: Db, labels: Mapping[str, str]) -> None:
    """Give partnerships new labels (old -> new), keeping their players and teams."""
    new = [label.strip() for label in labels.values()]
    if len(set(new)) != len(new) or not all(new):
        raise StoreError("each partnership needs its own label")
    rows = {old: _partnership_row(db, old) for old in labels}
    kept = set(db.scalars(select(PartnershipRow.label))) - set(labels)
    if taken := sorted(kept & set(new), key=natural_key):
        raise StoreError(f"label {taken[0]} belongs to another partnership; dissolve it first")
    # Two passes, so that swapping two labels never meets the one-label-each rule half way.
    for row in rows.values():
        row.label = f"relabel-{row.id}"
    db.flush()
    for old, row in rows.items():
        row.label = labels[old].strip()
    db.flush()


def partnerships(db: Db) -> tuple[Partnership, ...]:
    """Every partnership with its players in seat order."""
    partnerships_, members = PartnershipRow.__table__, MemberRow.__table__
    found: dict[str, tuple[str, list[int]]] = {}
    for label, kind, player in db.execute(
        select(partnerships_.c.label, partnerships_.c.kind, members.c.player_id)
        .outerjoin(members, members.c.partnership_id == partnerships_.c.id)
        .order_by(partnerships_.c.id, members.c.position)
    ).all():
        held = found.setdefault(label, (kind, []))[1]
        if player is not None:  # no member: the outer join's one empty row
            held.append(player)
    values = [Partnership(label, tuple(held), kind) for label, (kind, held) in found.items()]
    return tuple(sorted(values, key=lambda p: natural_key(p.label)))


def form_team(db: Db, value: Team) -> Team:
    """Insert a team and attach its partnerships."""
    label = value.label.strip()
    if not label or not value.pairs:
        raise StoreError("a team needs a name and at least one partnership")
    if db.scalar(select(TeamRow.id).where(TeamRow.label == label)) is not None:
        raise StoreError(f"team {label} exists already")
    team = TeamRow(label=label)
    db.add(team)
    db.flush()
    for pair in value.pairs:
        row = db.scalars(select(PartnershipRow).where(PartnershipRow.label == pair)).first()
        if row is None:
            raise StoreError(f"no partnership {pair}; form it before the team")
        if row.team_id is not None:
            raise StoreError(f"partnership {pair} is in another team already")
        row.team_id = team.id
    return Team(label, tuple(value.pairs))


def teams(db: Db) -> tuple[Team, ...]:
    """Every team with its partnerships."""
    rows = db.execute(
        select(TeamRow.label, PartnershipRow.label)
        .join(PartnershipRow, PartnershipRow.team_id == TeamRow.id)
        .order_by(TeamRow.label)
    ).all()
    grouped: dict[str, list[str]] = {}
    for team, pair in rows:
        grouped.setdefault(team, []).append(pair)
    return tuple(Team(t, tuple(sorted(p, key=natural_key))) for t, p in grouped.items())


# -- sessions and sections ---------------------------------------------------------------------


def add_session(db: Db, number: int, name: str, sections: Sequence[str]) -> SessionInfo:
    """Insert a session with its sections."""
    if not sections or len(set(sections)) != len(sections):
        raise StoreError("a session needs one or more sections with different names")
    row = SessionRow(number=number, name=name)
    db.add(row)
    db.flush()
    db.add_all(SectionRow(session_id=row.id, name=s) for s in sections)
    return SessionInfo(number, name, tuple(sections))


def next_session_number(db: Db) -> int:
    """One more than the last session's number."""
    return (db.scalar(select(func.max(SessionRow.number))) or 0) + 1


def sessions(db: Db) -> tuple[SessionInfo, ...]:
    """Every session with its sections."""
    sessions_, sections = SessionRow.__table__.c, SectionRow.__table__.c
    rows = db.execute(
        select(sessions_.number, sessions_.name, sections.name)
        .join_from(SessionRow.__table__, SectionRow.__table__, sections.session_id == sessions_.id)
        .order_by(sessions_.number, sections.name)
    ).all()
    grouped: dict[tuple[int, str], list[str]] = {}
    for number, name, section in rows:
        grouped.setdefault((number, name), []).append(section)
    return tuple(SessionInfo(n, name, tuple(s)) for (n, name), s in grouped.items())


def section_id(db: Db, session: int, section: str) -> int:
    """The id of a session's section; refused with the sections there are."""
    sections, sessions_ = SectionRow.__table__.c, SessionRow.__table__
    found: int | None = db.scalar(
        select(sections.id)
        .join(sessions_, sessions_.c.id == sections.session_id)
        .where(sessions_.c.number == session, sections.name == section)
    )
    if found is None:
        known = ", ".join(
            f"session {s.number} section {'/'.join(s.sections)}" for s in sessions(db)
        )
        raise StoreError(f"no session {session} section {section} (the event has {known})")
    return found


# -- movements ---------------------------------------------------------------------------------


def store_movement(db: Db, sid: int, movement: Movement, size: int, size_unit: str) -> None:
    """Replace the section's movement, seating, tables, trays and deals."""
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
    if entered:
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
        )
    )
    tables = sorted({s.table for s in movement.seatings} | set(range(1, movement.tables + 1)))
    db.add_all(TableRow(section_id=sid, number=t) for t in tables)
    db.add_all(_seating_row(sid, seating) for seating in movement.seatings)
    trays = [
        TrayRow(
            section_id=sid,
            number=t.number,
            dealer=t.dealer.name,
            original_round=t.original_round,
            original_table=t.original_table,
        )
        for t in movement.trays
    ]
    db.add_all(trays)
    db.flush()
    db.add_all(DealRow(tray_id=t.id, version=1, counting=True) for t in trays)
    db.flush()


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


# -- deals and slips ---------------------------------------------------------------------------


def current_deal(db: Db, session: int, section: str, tray: int) -> DealRow:
    """The counting deal of a tray."""
    sid = section_id(db, session, section)
    row = db.scalars(
        select(DealRow)
        .join(TrayRow, TrayRow.id == DealRow.tray_id)
        .where(TrayRow.section_id == sid, TrayRow.number == tray, DealRow.counting)
    ).first()
    if row is None:
        if db.get(MovementRow, sid) is None:
            raise StoreError("no movement is chosen for this section yet (director event movement)")
        raise StoreError(f"the movement has no tray {tray}")
    return row


def _deal(row: DealRow | _Columns, tray: int) -> DealVersion:
    replaced = aware(row.replaced_at) if row.replaced_at else None
    law = IrregularityKind[row.replaced_law] if row.replaced_law else None
    return DealVersion(tray, row.version, row.counting, row.replaced_reason, law, replaced)


def deals(db: Db, sid: int) -> tuple[DealVersion, ...]:
    """Every version of every tray."""
    deals_, trays = DealRow.__table__, TrayRow.__table__
    rows = db.execute(
        select(deals_, trays.c.number.label("tray_number"))
        .join(trays, trays.c.id == deals_.c.tray_id)
        .where(trays.c.section_id == sid)
        .order_by(trays.c.number, deals_.c.version)
    ).all()
    return tuple(_deal(d, d.tray_number) for d in rows)


def new_deal(
    db: Db, session: int, section: str, tray: int, why: str, law: IrregularityKind
) -> DealVersion:
    """Retire the tray's counting deal and add the next version."""
    old = current_deal(db, session, section, tray)
    old.counting = False
    old.replaced_reason = why
    old.replaced_law = law.name
    old.replaced_at = now()
    db.flush()
    fresh = DealRow(tray_id=old.tray_id, version=old.version + 1, counting=True)
    db.add(fresh)
    db.flush()
    return _deal(fresh, tray)


def _slip(row: SlipRow | _Columns, tray: int, version: int) -> TrumpSlip:
    return TrumpSlip(tray, version, Card(row.rank, row.suit), row.entered_by, aware(row.entered_at))


def put_slip(db: Db, deal: DealRow, card: Card, who: str) -> TrumpSlip:
    """Insert or replace the slip of a deal."""
    tray = db.scalar(select(TrayRow.number).where(TrayRow.id == deal.tray_id))
    row = db.scalars(select(SlipRow).where(SlipRow.deal_id == deal.id)).first()
    if row is None:
        row = SlipRow(deal_id=deal.id, rank=card.rank, suit=card.suit, entered_by=who)
        row.entered_at = now()
        row.row_version = 1
        db.add(row)
        db.flush()
        return _slip(row, tray or 0, deal.version)
    row.rank, row.suit, row.entered_by, row.entered_at = card.rank, card.suit, who, now()
    row.row_version += 1
    db.flush()
    return _slip(row, tray or 0, deal.version)


def slips(db: Db, sid: int, counting_only: bool) -> tuple[TrumpSlip, ...]:
    """The slips by tray and version."""
    slips_, deals_, trays = SlipRow.__table__.c, DealRow.__table__, TrayRow.__table__
    query = (
        select(slips_.rank, slips_.suit, slips_.entered_by, slips_.entered_at)
        .add_columns(trays.c.number, deals_.c.version)
        .join(deals_, deals_.c.id == slips_.deal_id)
        .join(trays, trays.c.id == deals_.c.tray_id)
        .where(trays.c.section_id == sid)
        .order_by(trays.c.number, deals_.c.version)
    )
    if counting_only:
        query = query.where(deals_.c.counting)
    return tuple(_slip(s, s.number, s.version) for s in db.execute(query).all())


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


def _revokes(row: ResultRow | _Columns) -> tuple[Revoke, ...]:
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


def _locate(
    db: Db, session: int, section: str, round_no: int, table: int, tray: int
) -> tuple[DealRow, int]:
    """The counting deal and the table id for an entry the movement allows.

    One query in the common case (entries are the hot path); only a refused entry pays for
    the lookups that say what is wrong.
    """
    found = db.execute(
        select(DealRow, TableRow.id)
        .join(TrayRow, TrayRow.id == DealRow.tray_id)
        .join(SectionRow, SectionRow.id == TrayRow.section_id)
        .join(SessionRow, SessionRow.id == SectionRow.session_id)
        .join(
            SeatingRow,
            and_(
                SeatingRow.section_id == SectionRow.id,
                SeatingRow.round_no == round_no,
                SeatingRow.table_no == table,
            ),
        )
        .join(
            SeatingTrayRow,
            and_(SeatingTrayRow.seating_id == SeatingRow.id, SeatingTrayRow.tray_no == tray),
        )
        .join(TableRow, and_(TableRow.section_id == SectionRow.id, TableRow.number == table))
        .where(
            SessionRow.number == session,
            SectionRow.name == section,
            TrayRow.number == tray,
            DealRow.counting,
        )
        .limit(1)
    ).first()
    if found is None:
        current_deal(db, session, section, tray)  # says which of section, movement, tray
        raise StoreError(
            f"the movement does not play tray {tray} at table {table} in round {round_no};"
            " check the traveller's round, table and tray"
        )
    deal, table_id = found
    return deal, table_id


def insert_result(db: Db, entry: ResultEntry) -> Result:
    """Insert one table's result on a tray's counting deal."""
    _check_tricks(entry.ns_tricks, entry.revokes, entry.awards, entry.ew_record)
    deal, table_id = _locate(db, entry.session, entry.section, entry.round, entry.table, entry.tray)
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
            _locate(db, entry.session, entry.section, entry.round, entry.table, entry.tray)
            raise StoreError(f"cannot enter {entry}")  # _locate has said why already
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


def _awards(row: ResultRow | _Columns) -> tuple[Award, Award] | None:
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


def _bump_version(db: Db, row: ResultRow, expected_version: int) -> None:
    """Raise the version only if nobody else did in the meantime (the row may have been read
    before another station's commit)."""
    done = db.execute(
        update(ResultRow)
        .where(ResultRow.id == row.id, ResultRow.row_version == expected_version)
        .values(row_version=expected_version + 1)
        .execution_options(synchronize_session=False)
    )
    # Session.execute promises only a Result; an UPDATE without RETURNING gives a CursorResult,
    # the kind that counts the rows it changed.
    assert isinstance(done, CursorResult)
    if done.rowcount != 1:
        raise ConflictError(f"result {row.id} was changed by another station just now; look again")
    row.row_version = expected_version + 1


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
    _bump_version(db, row, expected_version)
    _fill_result(row, ns_tricks, revokes, awards, ew_record)
    row.entered_by, row.entered_at = who, now()
    db.flush()
    return result(db, result_id)


def delete_result(db: Db, result_id: int, expected_version: int) -> Result:
    """Delete a result the caller saw at `expected_version`; returns it as it was."""
    value = result(db, result_id)
    row = _locked_result(db, result_id, expected_version)
    _bump_version(db, row, expected_version)
    db.delete(row)
    db.flush()
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


# -- irregularities ----------------------------------------------------------------------------


def insert_irregularity(db: Db, value: Irregularity) -> Irregularity:
    """Insert an irregularity on the tray's counting deal."""
    deal, table_id = _locate(db, value.session, value.section, value.round, value.table, value.tray)
    row = IrregularityRow(
        deal_id=deal.id,
        table_id=table_id,
        round_no=value.round,
        kind=value.kind.name,
        side=value.side.value if value.side else None,
        table_trump=value.table_trump.value if value.table_trump else None,
        detail=value.detail,
        entered_by=value.entered_by,
        entered_at=now(),
        row_version=1,
    )
    db.add(row)
    db.flush()
    return _irregularity(row, value.session, value.section, value.table, value.tray, deal.version)


def _irregularity(
    row: IrregularityRow | _Columns, session: int, section: str, table: int, tray: int, version: int
) -> Irregularity:
    return Irregularity(
        id=row.id,
        session=session,
        section=section,
        round=row.round_no,
        table=table,
        tray=tray,
        deal_version=version,
        kind=IrregularityKind[row.kind],
        table_trump=Suit(row.table_trump) if row.table_trump else None,
        side=Direction(row.side) if row.side else None,
        detail=row.detail,
        entered_by=row.entered_by,
        entered_at=aware(row.entered_at),
    )


def irregularities(db: Db, sid: int, session: int, section: str) -> tuple[Irregularity, ...]:
    """The section's irregularities in the order entered."""
    found, deals_, trays, tables = (
        IrregularityRow.__table__,
        DealRow.__table__,
        TrayRow.__table__,
        TableRow.__table__,
    )
    rows = db.execute(
        select(found)
        .add_columns(
            tables.c.number.label("table_number"),
            trays.c.number.label("tray_number"),
            deals_.c.version,
        )
        .join(deals_, deals_.c.id == found.c.deal_id)
        .join(trays, trays.c.id == deals_.c.tray_id)
        .join(tables, tables.c.id == found.c.table_id)
        .where(trays.c.section_id == sid)
        .order_by(found.c.id)
    ).all()
    return tuple(
        _irregularity(r, session, section, r.table_number, r.tray_number, r.version) for r in rows
    )


# -- integrity errors --------------------------------------------------------------------------

_CONSTRAINT_MESSAGES = {
    "ck_results_ns_tricks_range": "N/S tricks must be 0 to 13",
    "ck_results_ew_tricks_range": "E/W tricks must be 0 to 13",
    "ck_results_tricks_total_13": "N/S and E/W tricks must add up to 13",
    "ck_results_ew_record_range": "E/W's record must be 0 to 13 tricks",
    "ck_results_tricks_or_awards": "a result has either tricks or awards (not played)",
    "ck_results_awards_known": "an award is A+, A or A-",
    "ck_results_revokes_range": "revoke counts and tricks after a revoke are out of range",
    "uq_results_one_per_table": (
        "this table already has a result on this tray in this round (entered at another"
        " station?); look again and correct it instead"
    ),
    "ck_trump_slips_suit_known": "a trump suit is S, H, D or C",
    "ck_trump_slips_rank": "a trump rank is 2-9, T, J, Q, K or A",
    "uq_trump_slips_deal_id": "this deal already has a slip (entered at another station?)",
    "ck_players_gender_known": "gender is lady or gentleman",
    "ck_players_name_given": "a player needs a name",
    "uq_players_member_number": "that member number is already on the roster",
    "ck_trays_dealer_seat": "a dealer is N, E, S or W",
}


_SQLITE_UNIQUE = {
    "results.": "uq_results_one_per_table",
    "trump_slips.": "uq_trump_slips_deal_id",
    "players.member_number": "uq_players_member_number",
}
"""SQLite names the columns of a failed unique constraint, not the constraint."""


def explain_integrity_error(exc: IntegrityError) -> StoreError:
    """A readable refusal for a constraint the database enforced."""
    text = str(exc.orig)
    for name, message in _CONSTRAINT_MESSAGES.items():
        if name in text:
            kind = ConflictError if name.startswith("uq_") else StoreError
            return kind(f"refused: {message}")
    for columns, name in _SQLITE_UNIQUE.items():
        if f"UNIQUE constraint failed: {columns}" in text:
            return ConflictError(f"refused: {_CONSTRAINT_MESSAGES[name]}")
    if "FOREIGN KEY" in text.upper():
        return StoreError(f"refused: the entry refers to something that does not exist ({text})")
    return StoreError(f"refused by the event file's rules: {text}")


# -- publishing and exchange -----------------------------------------------------------------


def has_movement(db: Db, session: int, section: str) -> bool:
    """Whether a movement is chosen for the section."""
    return db.get(MovementRow, section_id(db, session, section)) is not None


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


def insert_table_call(
    db: Db,
    session: int,
    section: str,
    play: tuple[int, int, int],
    kind: CallKind,
    note: str,
    who: str,
) -> TableCall:
    """A table's call to the director about one tray it plays (round, table, tray)."""
    round_no, table, tray = play
    deal, table_id = _locate(db, session, section, round_no, table, tray)
    row = TableCallRow(
        deal_id=deal.id,
        table_id=table_id,
        round_no=round_no,
        kind=kind.value,
        note=note.strip()[:500],
        settled=False,
        entered_by=who,
        entered_at=now(),
        row_version=1,
    )
    db.add(row)
    db.flush()
    return _table_call(row, session, section, table, tray)


def _table_call(row: TableCallRow, session: int, section: str, table: int, tray: int) -> TableCall:
    return TableCall(
        id=row.id,
        session=session,
        section=section,
        round=row.round_no,
        table=table,
        tray=tray,
        kind=CallKind(row.kind),
        note=row.note,
        settled=row.settled,
        entered_by=row.entered_by,
        entered_at=aware(row.entered_at),
        version=row.row_version,
    )


def table_calls(db: Db, sid: int, session: int, section: str) -> tuple[TableCall, ...]:
    """The section's calls to the director, in the order made."""
    rows = db.execute(
        select(TableCallRow, TableRow.number, TrayRow.number)
        .join(DealRow, DealRow.id == TableCallRow.deal_id)
        .join(TrayRow, TrayRow.id == DealRow.tray_id)
        .join(TableRow, TableRow.id == TableCallRow.table_id)
        .where(TrayRow.section_id == sid)
        .order_by(TableCallRow.id)
    ).all()
    return tuple(_table_call(r, session, section, t, k) for r, t, k in rows)


def settle_table_call(db: Db, call_id: int) -> str:
    """Mark a call settled; returns it in words (for the audit trail)."""
    row = db.get(TableCallRow, call_id)
    if row is None:
        raise StoreError(f"no call {call_id} from a table (undone, or the movement changed)")
    if row.settled:
        raise ConflictError(f"call {call_id} from a table is already settled")
    row.settled = True
    row.row_version += 1
    db.flush()
    return f"{row.kind} called by {row.entered_by}, round {row.round_no}"


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


# -- the history in words ----------------------------------------------------------------------


def row_names(db: Db) -> dict[str, dict[int, str]]:
    """The words for each row a foreign key of an audited row can point at, by column name."""

    def named(query: Select[int, *tuple[Any, ...]], say: Callable[..., str]) -> dict[int, str]:
        return {row[0]: say(*row[1:]) for row in db.execute(query)}

    deals = select(DealRow.id, TrayRow.number, DealRow.version).join(
        TrayRow, TrayRow.id == DealRow.tray_id
    )
    return {
        "deal_id": named(deals, lambda n, v: f"tray {n}" + (f" (deal {v})" if v > 1 else "")),
        "table_id": named(select(TableRow.id, TableRow.number), "table {}".format),
        "tray_id": named(select(TrayRow.id, TrayRow.number), "tray {}".format),
        "seating_id": named(
            select(SeatingRow.id, SeatingRow.round_no, SeatingRow.table_no),
            "round {} table {}".format,
        ),
        "player_id": named(select(PlayerRow.id, PlayerRow.name), str),
        "partnership_id": named(select(PartnershipRow.id, PartnershipRow.label), "pair {}".format),
        "team_id": named(select(TeamRow.id, TeamRow.label), "team {}".format),
        "section_id": named(select(SectionRow.id, SectionRow.name), "section {}".format),
        "session_id": named(select(SessionRow.id, SessionRow.name), str),
    }
