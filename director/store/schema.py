"""The event file's tables: SQLAlchemy 2 typed models with stable constraint names.

Every constraint is named by `NAMING` (so Alembic batch migrations on SQLite can find it) and
the rules that protect a score are in the schema as well as in the code: tricks 0..13, N/S plus
E/W equal to 13, one result per table, tray, round and deal version. Relationships are
`lazy="raise"`: nothing outside the store ever sees a row, and nothing loads behind its back.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, ClassVar, TypedDict

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    SmallInteger,
    String,
    Table,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base sharing one metadata with the naming convention."""

    metadata = MetaData(naming_convention=NAMING)
    # SQLAlchemy types `__table__` as any FromClause (a class may be mapped to a query); every
    # model here is declared with `__tablename__`, so it is a Table.
    __table__: ClassVar[Table]


class EventRow(Base):
    """The one event a file holds (one row), with its settings."""

    __tablename__ = "event"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    held_on: Mapped[date | None] = mapped_column(Date)
    venue: Mapped[str | None] = mapped_column(String(200))
    method: Mapped[str] = mapped_column(String(20), default="plusminus")
    scale: Mapped[str] = mapped_column(String(8), default="2-1")
    rounding: Mapped[str] = mapped_column(String(20), default="exact")
    trays_per_round: Mapped[int | None] = mapped_column(SmallInteger)
    minutes_available: Mapped[int | None] = mapped_column(Integer)
    declared_trump: Mapped[str | None] = mapped_column(String(1))
    __table_args__ = (
        CheckConstraint("declared_trump IN ('S', 'H', 'D', 'C')", name="declared_trump_suit"),
    )


class PlayerRow(Base):
    """A player on the roster."""

    __tablename__ = "players"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    club: Mapped[str | None] = mapped_column(String(200))
    member_number: Mapped[str | None] = mapped_column(String(40), unique=True)
    gender: Mapped[str | None] = mapped_column(String(10))
    __table_args__ = (
        CheckConstraint("gender IN ('lady', 'gentleman')", name="gender_known"),
        CheckConstraint("length(name) > 0", name="name_given"),
    )


class PartnershipRow(Base):
    """A pair, couple or individual entry under the label a movement uses."""

    __tablename__ = "partnerships"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    label: Mapped[str] = mapped_column(String(20), unique=True)
    kind: Mapped[str] = mapped_column(String(12), default="pair")
    team_id: Mapped[int | None] = mapped_column(ForeignKey("teams.id", ondelete="SET NULL"))
    members: Mapped[list[MemberRow]] = relationship(
        lazy="raise", order_by="MemberRow.position", cascade="all, delete-orphan"
    )
    __table_args__ = (
        CheckConstraint("kind IN ('pair', 'couple', 'individual')", name="kind_known"),
    )


class MemberRow(Base):
    """A player's place in a partnership."""

    __tablename__ = "partnership_members"
    partnership_id: Mapped[int] = mapped_column(
        ForeignKey("partnerships.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(SmallInteger, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="RESTRICT"))


class TeamRow(Base):
    """A team of partnerships."""

    __tablename__ = "teams"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    label: Mapped[str] = mapped_column(String(40), unique=True)


class SessionRow(Base):
    """A session of play."""

    __tablename__ = "sessions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[int] = mapped_column(SmallInteger, unique=True)
    name: Mapped[str] = mapped_column(String(100))


class SectionRow(Base):
    """A section of a session: its own movement, tables and trays."""

    __tablename__ = "sections"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(20))
    __table_args__ = (UniqueConstraint("session_id", "name"),)


class SharedJson(TypedDict):
    """A relay as `MovementRow.shared` stores it: a `schedules.Share` in JSON."""

    round: int
    trays: list[int]
    tables: list[int]


class MovementRow(Base):
    """The movement chosen for a section, what generated it, and its whole-movement facts.

    The seatings and trays are rows of their own; the short lists (field, winners, notes,
    teams, attributes, relays) are JSON because nothing queries inside them.
    """

    __tablename__ = "movements"
    section_id: Mapped[int] = mapped_column(
        ForeignKey("sections.id", ondelete="CASCADE"), primary_key=True
    )
    family: Mapped[str] = mapped_column(String(40))
    size: Mapped[int] = mapped_column(SmallInteger)
    size_unit: Mapped[str] = mapped_column(String(12))
    variant: Mapped[str | None] = mapped_column(String(40))
    competitors: Mapped[str] = mapped_column(String(12))
    tables: Mapped[int] = mapped_column(SmallInteger)
    rounds: Mapped[int] = mapped_column(SmallInteger)
    mnemonic: Mapped[bool] = mapped_column(Boolean, default=False)
    promise: Mapped[str] = mapped_column(String(60))
    field: Mapped[list[str]] = mapped_column(JSON)
    winners: Mapped[list[str]] = mapped_column(JSON)
    notes: Mapped[list[str]] = mapped_column(JSON)
    teams: Mapped[dict[str, list[str]]] = mapped_column(JSON)
    attributes: Mapped[dict[str, str]] = mapped_column(JSON)
    shared: Mapped[list[SharedJson]] = mapped_column(JSON)


class TableRow(Base):
    """A table of a section."""

    __tablename__ = "event_tables"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(SmallInteger)
    __table_args__ = (UniqueConstraint("section_id", "number"),)


class TrayRow(Base):
    """A tray: its dealer seat and its original play (law (d) and (e))."""

    __tablename__ = "trays"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(SmallInteger)
    dealer: Mapped[str] = mapped_column(String(1))
    original_round: Mapped[int] = mapped_column(SmallInteger)
    original_table: Mapped[int] = mapped_column(SmallInteger)
    __table_args__ = (
        UniqueConstraint("section_id", "number"),
        CheckConstraint("dealer IN ('N', 'E', 'S', 'W')", name="dealer_seat"),
    )


class SeatingRow(Base):
    """Who sits at one table in one round; places and trays are in `places` and `trays`."""

    __tablename__ = "seatings"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id", ondelete="CASCADE"))
    round_no: Mapped[int] = mapped_column(SmallInteger)
    table_no: Mapped[int] = mapped_column(SmallInteger)
    switched: Mapped[bool] = mapped_column(Boolean, default=False)
    places: Mapped[list[PlaceRow]] = relationship(
        lazy="raise", order_by="PlaceRow.position", cascade="all, delete-orphan"
    )
    trays: Mapped[list[SeatingTrayRow]] = relationship(
        lazy="raise", order_by="SeatingTrayRow.position", cascade="all, delete-orphan"
    )
    # Checking a result against the movement looks a seating up by round and table; a split
    # round may put two seatings at one table, so this index is not unique.
    __table_args__ = (Index(None, "section_id", "round_no", "table_no"),)


class PlaceRow(Base):
    """One place of a seating: N-S / E-W pair, or N, E, S, W player."""

    __tablename__ = "seating_places"
    seating_id: Mapped[int] = mapped_column(
        ForeignKey("seatings.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(SmallInteger, primary_key=True)
    label: Mapped[str] = mapped_column(String(20))


class SeatingTrayRow(Base):
    """A tray played at a seating, in playing order."""

    __tablename__ = "seating_trays"
    seating_id: Mapped[int] = mapped_column(
        ForeignKey("seatings.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(SmallInteger, primary_key=True)
    tray_no: Mapped[int] = mapped_column(SmallInteger)


class DealRow(Base):
    """One deal of a tray. A new deal adds the next version; the earlier stops counting."""

    __tablename__ = "deals"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tray_id: Mapped[int] = mapped_column(ForeignKey("trays.id", ondelete="CASCADE"))
    version: Mapped[int] = mapped_column(SmallInteger)
    counting: Mapped[bool] = mapped_column(Boolean, default=True)
    replaced_reason: Mapped[str | None] = mapped_column(Text)
    replaced_law: Mapped[str | None] = mapped_column(String(40))
    """The irregularity (an `IrregularityKind` name) that called for the new deal."""
    replaced_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    __table_args__ = (
        UniqueConstraint("tray_id", "version"),
        CheckConstraint("version >= 1", name="version_positive"),
    )


class SlipRow(Base):
    """The trump card on a deal's slip: one per deal version, never per table."""

    __tablename__ = "trump_slips"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    deal_id: Mapped[int] = mapped_column(ForeignKey("deals.id", ondelete="CASCADE"), unique=True)
    rank: Mapped[str] = mapped_column(String(1))
    suit: Mapped[str] = mapped_column(String(1))
    entered_by: Mapped[str] = mapped_column(String(60))
    entered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    row_version: Mapped[int] = mapped_column(Integer, default=1)
    __table_args__ = (
        CheckConstraint("suit IN ('S', 'H', 'D', 'C')", name="suit_known"),
        CheckConstraint("rank IN ('2','3','4','5','6','7','8','9','T','J','Q','K','A')", "rank"),
    )


class ResultRow(Base):
    """What one table made on one deal in one round, with revokes and who entered it."""

    __tablename__ = "results"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    deal_id: Mapped[int] = mapped_column(ForeignKey("deals.id", ondelete="RESTRICT"))
    table_id: Mapped[int] = mapped_column(ForeignKey("event_tables.id", ondelete="RESTRICT"))
    round_no: Mapped[int] = mapped_column(SmallInteger)
    ns_tricks: Mapped[int | None] = mapped_column(SmallInteger)
    ew_tricks: Mapped[int | None] = mapped_column(SmallInteger)
    ew_record: Mapped[int | None] = mapped_column(SmallInteger)
    """E/W's own record of their tricks, when entered too."""
    ns_award: Mapped[str | None] = mapped_column(String(2))
    ew_award: Mapped[str | None] = mapped_column(String(2))
    ns_revokes: Mapped[int] = mapped_column(SmallInteger, default=0)
    ns_failed_calls: Mapped[int] = mapped_column(SmallInteger, default=0)
    ns_tricks_after_revoke: Mapped[int] = mapped_column(SmallInteger, default=0)
    ew_revokes: Mapped[int] = mapped_column(SmallInteger, default=0)
    ew_failed_calls: Mapped[int] = mapped_column(SmallInteger, default=0)
    ew_tricks_after_revoke: Mapped[int] = mapped_column(SmallInteger, default=0)
    entered_by: Mapped[str] = mapped_column(String(60))
    entered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    row_version: Mapped[int] = mapped_column(Integer, default=1)
    """Raised by every change; a correction quoting an older version is a conflict."""
    __table_args__ = (
        # One result per table, deal version and round: a second entry is a correction.
        UniqueConstraint("deal_id", "table_id", "round_no", name="uq_results_one_per_table"),
        CheckConstraint("ns_tricks BETWEEN 0 AND 13", name="ns_tricks_range"),
        CheckConstraint("ew_tricks BETWEEN 0 AND 13", name="ew_tricks_range"),
        CheckConstraint("ew_record BETWEEN 0 AND 13", name="ew_record_range"),
        CheckConstraint("ns_tricks + ew_tricks = 13", name="tricks_total_13"),
        # Tricks as made, or (not played) an award for each side: never both, never neither.
        CheckConstraint(
            "(ns_tricks IS NULL) = (ew_tricks IS NULL)"
            " AND (ns_award IS NULL) = (ew_award IS NULL)"
            " AND (ns_tricks IS NULL) = (ns_award IS NOT NULL)",
            name="tricks_or_awards",
        ),
        CheckConstraint(
            "ns_award IN ('A+', 'A', 'A-') AND ew_award IN ('A+', 'A', 'A-')",
            name="awards_known",
        ),
        CheckConstraint(
            "ns_revokes >= 0 AND ew_revokes >= 0"
            " AND ns_failed_calls BETWEEN 0 AND ns_revokes"
            " AND ew_failed_calls BETWEEN 0 AND ew_revokes"
            " AND ns_tricks_after_revoke BETWEEN 0 AND 13"
            " AND ew_tricks_after_revoke BETWEEN 0 AND 13",
            name="revokes_range",
        ),
        # Standings read every result of a section's deals.
        Index(None, "table_id", "round_no"),
    )
    __mapper_args__ = {  # noqa: RUF012  # the declarative hook SQLAlchemy reads once
        # A correction's UPDATE (and a deletion's DELETE) requires, in the same statement, the
        # version its author saw: another station's change in between makes it match no row.
        # The store sets each next version itself.
        "version_id_col": row_version,
        "version_id_generator": False,
    }


class IrregularityRow(Base):
    """An irregularity reported at a table and the director's award (added in revision 2)."""

    __tablename__ = "irregularities"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    deal_id: Mapped[int] = mapped_column(ForeignKey("deals.id", ondelete="RESTRICT"))
    table_id: Mapped[int] = mapped_column(ForeignKey("event_tables.id", ondelete="RESTRICT"))
    round_no: Mapped[int] = mapped_column(SmallInteger)
    kind: Mapped[str] = mapped_column(String(40))
    """The `director.scoring.model.IrregularityKind` member's name."""
    side: Mapped[str | None] = mapped_column(String(2))
    table_trump: Mapped[str | None] = mapped_column(String(1))
    detail: Mapped[str] = mapped_column(Text, default="")
    entered_by: Mapped[str] = mapped_column(String(60))
    entered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    row_version: Mapped[int] = mapped_column(Integer, default=1)
    __table_args__ = (
        CheckConstraint("side IN ('ns', 'ew')", name="side_known"),
        CheckConstraint("table_trump IN ('S', 'H', 'D', 'C')", name="table_trump_suit"),
    )


Snapshot = dict[str, Any]
"""A row's column values as JSON-friendly values (times as ISO strings)."""

Key = int | list[int]
"""A row's primary key as stored: its id, or the values of a composite key in column order."""


class ChangeJson(TypedDict):
    """One change of a step as `AuditRow.changes` stores it."""

    entity: str
    """The audited table's entity name (a key of `AUDITED`)."""
    op: str
    """"insert", "update" or "delete"."""
    key: Key
    old: Snapshot | None
    new: Snapshot | None


class AuditRow(Base):
    """One operation: what it changed (old and new values as JSON), when and by whom."""

    __tablename__ = "audit"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    who: Mapped[str] = mapped_column(String(60))
    action: Mapped[str] = mapped_column(String(40))
    summary: Mapped[str] = mapped_column(Text)
    changes: Mapped[list[ChangeJson]] = mapped_column(JSON)
    state: Mapped[str] = mapped_column(String(8), default="done")
    """"done" (may be undone), "undone" (may be redone), "final" (undo/redo records, dropped)."""
    __table_args__ = (
        CheckConstraint("state IN ('done', 'undone', 'final')", name="state_known"),
        # undo and redo look for the latest operation in a given state.
        Index(None, "state", "id"),
    )


AUDITED: dict[str, type[Base]] = {
    "event": EventRow,
    "player": PlayerRow,
    "partnership": PartnershipRow,
    "member": MemberRow,
    "team": TeamRow,
    "session": SessionRow,
    "section": SectionRow,
    "movement": MovementRow,
    "table": TableRow,
    "tray": TrayRow,
    "seating": SeatingRow,
    "place": PlaceRow,
    "seating tray": SeatingTrayRow,
    "deal": DealRow,
    "slip": SlipRow,
    "result": ResultRow,
    "irregularity": IrregularityRow,
}
"""Every table whose rows a step changes, by the name the audit trail gives it: every insert,
change and deletion in them goes into the trail, so undo can take any step back."""


# -- entry at the table (table links and calls to the director) ------------------------------


class TableTokenRow(Base):
    """The secret in one table's link: who holds it may enter that table's results.

    Tied to the section and the table's number (not to the table's row), so a link printed
    before the movement was chosen again still leads to the same table. Not in the audit
    trail: undo must never bring a withdrawn link back to life.
    """

    __tablename__ = "table_tokens"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id", ondelete="CASCADE"))
    table_no: Mapped[int] = mapped_column(SmallInteger)
    token: Mapped[str] = mapped_column(String(64), unique=True)
    issued_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    __table_args__ = (UniqueConstraint("section_id", "table_no"),)


class ServingRow(Base):
    """Where the director serves the tables (added in revision 4): the address and port the
    links on the table cards name, kept so that serving again uses the same links. One row.
    Not in the audit trail, like the links themselves: undo must never move the server."""

    __tablename__ = "serving"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    host: Mapped[str] = mapped_column(String(255))
    port: Mapped[int] = mapped_column(Integer)
    chosen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    __table_args__ = (CheckConstraint("port BETWEEN 0 AND 65535", name="port_range"),)


class TableCallRow(Base):
    """A table calling the director about one tray: a revoke, an irregularity, or anything
    else the players cannot settle (added in revision 3). It changes no score by itself: the
    director rules at the grid and marks the call settled."""

    __tablename__ = "table_calls"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    deal_id: Mapped[int] = mapped_column(ForeignKey("deals.id", ondelete="CASCADE"))
    table_id: Mapped[int] = mapped_column(ForeignKey("event_tables.id", ondelete="CASCADE"))
    round_no: Mapped[int] = mapped_column(SmallInteger)
    kind: Mapped[str] = mapped_column(String(20))
    note: Mapped[str] = mapped_column(Text, default="")
    settled: Mapped[bool] = mapped_column(Boolean, default=False)
    entered_by: Mapped[str] = mapped_column(String(60))
    entered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    row_version: Mapped[int] = mapped_column(Integer, default=1)
    __table_args__ = (
        CheckConstraint("kind IN ('revoke', 'irregularity', 'other')", name="kind_known"),
    )


AUDITED["table call"] = TableCallRow


# -- the whist drive (added in revision 5) ---------------------------------------------------


class DriveRow(Base):
    """The event's whist drive, when it holds one: its settings, its prizes, and the number its
    first seating was drawn from (None when the seating came from the players' cards). One
    row. The seating for each hand is never stored: it is replayed from the first seating,
    the entries and the arrivals and leavers (docs/drive.md)."""

    __tablename__ = "drives"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tables: Mapped[int] = mapped_column(SmallInteger)
    rule: Mapped[str] = mapped_column(String(20))
    field: Mapped[str] = mapped_column(String(30))
    layout: Mapped[str] = mapped_column(String(10))
    partner_mover: Mapped[str] = mapped_column(String(10))
    trumps: Mapped[str] = mapped_column(String(30))
    hands: Mapped[int] = mapped_column(SmallInteger)
    halves: Mapped[int] = mapped_column(SmallInteger)
    sit_out: Mapped[str] = mapped_column(String(30))
    set_figure: Mapped[int] = mapped_column(SmallInteger)
    dummy: Mapped[bool] = mapped_column(Boolean)
    revoke_penalty: Mapped[int] = mapped_column(SmallInteger)
    prizes_by_role: Mapped[bool] = mapped_column(Boolean)
    prize_places: Mapped[int] = mapped_column(SmallInteger)
    half_time_prize: Mapped[bool] = mapped_column(Boolean)
    booby_prize: Mapped[bool] = mapped_column(Boolean)
    big_hands_prize: Mapped[bool] = mapped_column(Boolean)
    tie_rule: Mapped[str] = mapped_column(String(40))
    lots_seed: Mapped[int] = mapped_column(Integer)
    draw_seed: Mapped[int | None] = mapped_column(Integer)
    __table_args__ = (
        CheckConstraint("tables >= 1", name="tables_range"),
        CheckConstraint("hands >= 1 AND halves >= 1", name="hands_range"),
        CheckConstraint("set_figure BETWEEN 0 AND 13", name="set_figure_range"),
        CheckConstraint("revoke_penalty BETWEEN 0 AND 13", name="penalty_range"),
    )


class DriveSeatRow(Base):
    """A player's seat in the drive's first seating."""

    __tablename__ = "drive_seats"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(
        ForeignKey("players.id", ondelete="RESTRICT"), unique=True
    )
    table_no: Mapped[int] = mapped_column(SmallInteger)
    seat: Mapped[str] = mapped_column(String(1))
    __table_args__ = (
        UniqueConstraint("table_no", "seat"),
        CheckConstraint("seat IN ('N', 'E', 'S', 'W')", name="seat_known"),
    )


class DriveEntryRow(Base):
    """What one table made of one hand: the winning side and its tricks, and who entered it
    (at the keyboard, from a table's phone, or from the players' cards)."""

    __tablename__ = "drive_entries"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    hand_no: Mapped[int] = mapped_column(SmallInteger)
    table_no: Mapped[int] = mapped_column(SmallInteger)
    winners: Mapped[str] = mapped_column(String(2))
    tricks: Mapped[int] = mapped_column(SmallInteger)
    method: Mapped[str] = mapped_column(String(10))
    entered_by: Mapped[str] = mapped_column(String(60))
    entered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    __table_args__ = (
        UniqueConstraint("hand_no", "table_no"),
        CheckConstraint("winners IN ('ns', 'ew')", name="winners_known"),
        CheckConstraint("tricks BETWEEN 7 AND 13", name="tricks_range"),
        CheckConstraint("method IN ('keyboard', 'phone', 'card')", name="method_known"),
    )


class DrivePenaltyRow(Base):
    """A revoke (or other irregularity) at one table in one hand: the side that gives the
    drive's penalty, and why."""

    __tablename__ = "drive_penalties"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    hand_no: Mapped[int] = mapped_column(SmallInteger)
    table_no: Mapped[int] = mapped_column(SmallInteger)
    offenders: Mapped[str] = mapped_column(String(2))
    reason: Mapped[str] = mapped_column(Text)
    entered_by: Mapped[str] = mapped_column(String(60))
    entered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    __table_args__ = (CheckConstraint("offenders IN ('ns', 'ew')", name="offenders_known"),)


class DriveChangeRow(Base):
    """A player arriving late or leaving, from the start of hand `from_hand` on. An arrival
    takes the part `role` (lady or gentleman; by seat, the part they play)."""

    __tablename__ = "drive_changes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="RESTRICT"))
    kind: Mapped[str] = mapped_column(String(6))
    from_hand: Mapped[int] = mapped_column(SmallInteger)
    role: Mapped[str | None] = mapped_column(String(10))
    __table_args__ = (
        CheckConstraint("kind IN ('arrive', 'leave')", name="kind_known"),
        CheckConstraint("from_hand >= 2", name="from_hand_range"),
        CheckConstraint("role IN ('lady', 'gentleman')", name="role_known"),
        UniqueConstraint("player_id", "kind"),
    )


class DriveCardRow(Base):
    """A player's score card as the host typed it (the paper route): their side's tricks on
    each hand, comma-separated, a blank where nothing is written and a fraction such as 13/2
    for a sitting-out average; empty for the short form, which holds only the total."""

    __tablename__ = "drive_cards"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(
        ForeignKey("players.id", ondelete="RESTRICT"), unique=True
    )
    hands: Mapped[str] = mapped_column(Text)
    total: Mapped[str | None] = mapped_column(String(20))
    entered_by: Mapped[str] = mapped_column(String(60))
    entered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class DriveRulingRow(Base):
    """The host's ruling on a table's hand whose cards disagree: the player whose card is
    right."""

    __tablename__ = "drive_rulings"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    hand_no: Mapped[int] = mapped_column(SmallInteger)
    table_no: Mapped[int] = mapped_column(SmallInteger)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="RESTRICT"))
    entered_by: Mapped[str] = mapped_column(String(60))
    entered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    __table_args__ = (UniqueConstraint("hand_no", "table_no"),)


AUDITED.update(
    {
        "drive": DriveRow,
        "drive seat": DriveSeatRow,
        "drive entry": DriveEntryRow,
        "drive penalty": DrivePenaltyRow,
        "drive change": DriveChangeRow,
        "drive card": DriveCardRow,
        "drive ruling": DriveRulingRow,
    }
)
