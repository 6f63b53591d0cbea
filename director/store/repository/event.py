"""The event's own row (name, date, venue, settings), its sessions and their sections."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from sqlalchemy import func, select
from sqlalchemy.orm import Session as Db

from director.store.schema import EventRow, SectionRow, SessionRow
from director.store.values import EventInfo, EventSettings, Method, Scale, SessionInfo, StoreError

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
