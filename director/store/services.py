"""The services the GUI, the CLI and the printing call: one `EventStore` per open event.

Every public method is one unit of work: it opens a transaction, does its work through the
repository helpers and commits before returning, so an entry whose call has returned is on
disk. Methods return the frozen values of `director.store.values` (and `schedules` movements),
never ORM rows.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> with EventStore.create(folder / "club.whist", name="Club night") as store:
...     store.add_player("Mrs Ames", gender=Gender.LADY).name
'Mrs Ames'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from director.scoring.validate import validate
from director.store import audit, repository, scoring_bridge
from director.store.backup import BackupPolicy, Backups
from director.store.engine import EventDatabase, create_database, open_database
from director.store.roster import read_roster
from director.store.schema import EventRow
from director.store.values import (
    AuditEntry,
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
from schedules.types import Direction, Movement

if TYPE_CHECKING:
    from director.scoring.model import Session as ScoringSession
    from director.scoring.model import SessionResult
    from schedules.catalog import Request

__all__ = [
    "AuditEntry",
    "Award",
    "Card",
    "ConflictError",
    "DealVersion",
    "EventInfo",
    "EventSettings",
    "EventStore",
    "Gender",
    "Irregularity",
    "IrregularityKind",
    "Method",
    "MovementChoice",
    "Partnership",
    "Player",
    "Result",
    "ResultEntry",
    "Revoke",
    "Scale",
    "SessionInfo",
    "StoreError",
    "Suit",
    "Team",
    "TrumpSlip",
]


class EventStore:
    """An open event: a file (SQLite) or a database URL (PostgreSQL, several stations).

    Use `EventStore.create(...)` or `EventStore.open(...)`, and `close()` (or a `with` block).
    Sessions and sections are addressed by number and name (session 1, section "A" by default).
    """

    def __init__(self, database: EventDatabase, backups: BackupPolicy | None = None) -> None:
        self._db = database
        self._sessions: sessionmaker[Session] = sessionmaker(
            database.engine, expire_on_commit=False
        )
        self._backups = Backups(database.path, backups) if database.path else None

    # -- opening and closing --------------------------------------------------------------

    @classmethod
    def create(
        cls,
        target: str | Path,
        name: str,
        *,
        held_on: date | None = None,
        venue: str | None = None,
        settings: EventSettings | None = None,
        backups: BackupPolicy | None = None,
    ) -> EventStore:
        """Create a new event file (refused if it exists) or a new event in an empty database."""
        if not name.strip():
            raise StoreError("the event needs a name (--name)")
        store = cls(create_database(target), backups)
        settings = settings or EventSettings()
        with store._unit() as session:
            session.add(repository.event_row(name.strip(), held_on, venue, settings))
            repository.add_session(session, 1, "Session 1", ("A",))
        return store

    @classmethod
    def open(cls, target: str | Path, *, backups: BackupPolicy | None = None) -> EventStore:
        """Open an existing event; an older file is upgraded after a backup copy is written.

        A file that is not an event, comes from a newer program or is damaged is refused with
        `NotAnEventError` / `DamagedEventError` and left untouched.
        """
        return cls(open_database(target), backups)

    def close(self) -> None:
        """Release the database (the SQLite file stays consistent at every moment anyway)."""
        self._db.engine.dispose()

    def __enter__(self) -> EventStore:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    @property
    def path(self) -> Path | None:
        """The event file, or None for a server database."""
        return self._db.path

    @property
    def url(self) -> str:
        """The database URL (without password)."""
        return self._db.engine.url.render_as_string(hide_password=True)

    @contextmanager
    def _unit(self) -> Iterator[Session]:
        """One transaction, committed at once; integrity errors become readable messages."""
        try:
            with self._sessions.begin() as session:
                yield session
        except IntegrityError as exc:
            raise repository.explain_integrity_error(exc) from exc

    def _after_entry(self) -> None:
        if self._backups is not None:
            self._backups.entry_committed()

    # -- the event -------------------------------------------------------------------------

    def info(self) -> EventInfo:
        """The event's name, date, venue and settings."""
        with self._unit() as session:
            return repository.event_info(session, self._db.revision)

    def update_event(
        self,
        *,
        name: str | None = None,
        held_on: date | None = None,
        venue: str | None = None,
        settings: EventSettings | None = None,
    ) -> EventInfo:
        """Change the event's name, date, venue or settings (None keeps a field)."""
        with self._unit() as session:
            row = session.scalars(select(EventRow)).one()
            repository.update_event_row(row, name, held_on, venue, settings)
        return self.info()

    # -- players, partnerships, teams ------------------------------------------------------

    def add_player(
        self,
        name: str,
        club: str | None = None,
        member_number: str | None = None,
        gender: Gender | None = None,
    ) -> Player:
        """Add a player to the roster."""
        with self._unit() as session:
            return repository.add_player(session, Player(0, name, club, member_number, gender))

    def edit_player(self, player: Player) -> Player:
        """Store a player's changed name, club, member number or gender (matched by id)."""
        with self._unit() as session:
            return repository.edit_player(session, player)

    def remove_player(self, player_id: int) -> None:
        """Remove a player who is in no partnership."""
        with self._unit() as session:
            repository.remove_player(session, player_id)

    def players(self) -> tuple[Player, ...]:
        """The roster, by name."""
        with self._unit() as session:
            return repository.players(session)

    def import_roster(self, path: str | Path) -> tuple[Player, ...]:
        """Add every player of a roster CSV (name, club, member, gender columns) at once.

        Players whose member number is already on the roster are updated instead.
        """
        entries = read_roster(Path(path))
        with self._unit() as session:
            return tuple(repository.upsert_player(session, p) for p in entries)

    def form_partnership(
        self, label: str, players: Sequence[int], kind: str = "pair"
    ) -> Partnership:
        """A pair (two players), or an individual entry (one player), under a movement label."""
        with self._unit() as session:
            return repository.form_partnership(session, Partnership(label, tuple(players), kind))

    def form_couple(self, label: str, lady: int, gentleman: int) -> Partnership:
        """A married couple (Safford): lady and gentleman, who are never partners at the table."""
        return self.form_partnership(label, (lady, gentleman), kind="couple")

    def dissolve_partnership(self, label: str) -> None:
        """Remove a partnership (its players stay on the roster)."""
        with self._unit() as session:
            repository.dissolve_partnership(session, label)

    def form_team(self, label: str, pairs: Iterable[str]) -> Team:
        """A team of partnerships (given by label)."""
        with self._unit() as session:
            return repository.form_team(session, Team(label, tuple(pairs)))

    def partnerships(self) -> tuple[Partnership, ...]:
        """Every partnership, by label."""
        with self._unit() as session:
            return repository.partnerships(session)

    def teams(self) -> tuple[Team, ...]:
        """Every team, by label."""
        with self._unit() as session:
            return repository.teams(session)

    # -- sessions and movements ------------------------------------------------------------

    def add_session(self, name: str | None = None, sections: Sequence[str] = ("A",)) -> SessionInfo:
        """Add the next session with its sections."""
        with self._unit() as session:
            number = repository.next_session_number(session)
            return repository.add_session(session, number, name or f"Session {number}", sections)

    def sessions(self) -> tuple[SessionInfo, ...]:
        """Every session in order, with its sections."""
        with self._unit() as session:
            return repository.sessions(session)

    def choose_movement(
        self,
        movement: Movement,
        *,
        session: int = 1,
        section: str = "A",
        size: int | None = None,
        size_unit: str = "tables",
    ) -> Movement:
        """Store a section's movement, its full seating, trays, dealers and original plays.

        Refused once results have been entered for the section. Returns the movement as read
        back from the store (equal to `movement`).
        """
        with self._unit() as db:
            section_id = repository.section_id(db, session, section)
            repository.store_movement(db, section_id, movement, size or movement.tables, size_unit)
        return self.movement(session=session, section=section)

    def build_movement(self, request: Request, *, session: int = 1, section: str = "A") -> Movement:
        """Build a movement with `schedules.catalog.build` and store it for the section."""
        from schedules.catalog import build, family

        movement = build(request)
        unit = family(request.family).size_unit
        size = getattr(request, unit, None) or movement.tables
        return self.choose_movement(
            movement, session=session, section=section, size=size, size_unit=unit
        )

    def movement(self, *, session: int = 1, section: str = "A") -> Movement:
        """The section's movement, rebuilt from the stored seating."""
        with self._unit() as db:
            return repository.load_movement(db, repository.section_id(db, session, section))

    def movement_choice(self, *, session: int = 1, section: str = "A") -> MovementChoice:
        """The family, size and variant that generated the section's movement."""
        with self._unit() as db:
            return repository.movement_choice(db, session, section)

    # -- slips, deals, results, irregularities ---------------------------------------------

    def record_slip(
        self,
        tray: int,
        card: Card | str,
        *,
        session: int = 1,
        section: str = "A",
        who: str = "director",
    ) -> TrumpSlip:
        """Enter (or change) the trump card of a tray's current deal, from its returned slip."""
        card = card if isinstance(card, Card) else Card.parse(card)
        with self._unit() as db:
            deal = repository.current_deal(db, session, section, tray)
            if repository.declared_trump(db) is not None:
                raise StoreError(
                    "a trump suit is declared for every tray (event settings): no slips are"
                    " kept; clear the declared trump to record slips"
                )
            slip, change = repository.put_slip(db, deal, card, who)
            audit.record(db, who, "record slip", f"tray {tray}: trump {card}", [change])
        self._after_entry()
        return slip

    def slips(
        self, *, session: int = 1, section: str = "A", counting_only: bool = True
    ) -> tuple[TrumpSlip, ...]:
        """The recorded slips by tray (and version), only the current deals' by default."""
        with self._unit() as db:
            return repository.slips(db, repository.section_id(db, session, section), counting_only)

    def record_result(self, entry: ResultEntry) -> Result:
        """Enter one table's result on one tray; committed before this returns.

        Refused, with the reason, if the movement does not put that tray at that table in that
        round, if the tricks are out of range, or if a result is already entered (correct it).
        """
        with self._unit() as db:
            result, change = repository.insert_result(db, entry)
            if entry.revokes or entry.awards:
                _check_against_laws(db, entry.session, entry.section, entry.tray)
            audit.record(
                db, entry.entered_by, "record result", repository.describe(result), [change]
            )
        self._after_entry()
        return result

    def record_round(
        self, entries: Iterable[ResultEntry], who: str = "director"
    ) -> tuple[Result, ...]:
        """Enter several results (a round's travellers, an imported sheet) as one operation:
        all are committed or, if one is refused, none; one undo takes them all back."""
        with self._unit() as db:
            stored = repository.insert_results(db, entries)
            if stored:
                audit.record(
                    db,
                    who,
                    "record results",
                    f"{len(stored)} results, from {repository.describe(stored[0][0])}",
                    [change for _, change in stored],
                )
        self._after_entry()
        return tuple(result for result, _ in stored)

    def correct_result(
        self,
        result_id: int,
        expected_version: int,
        *,
        ns_tricks: int | None,
        revokes: tuple[Revoke, ...] = (),
        awards: tuple[Award, Award] | None = None,
        ew_record: int | None = None,
        who: str = "director",
    ) -> Result:
        """Change a stored result; `expected_version` is the version the caller last saw.

        If another station changed it since, `ConflictError` says who and when.
        """
        with self._unit() as db:
            result, change = repository.update_result(
                db, result_id, expected_version, ns_tricks, revokes, awards, ew_record, who
            )
            if revokes or awards:
                _check_against_laws(db, result.session, result.section, result.tray)
            audit.record(db, who, "correct result", repository.describe(result), [change])
        self._after_entry()
        return result

    def delete_result(self, result_id: int, expected_version: int, who: str = "director") -> None:
        """Remove a result entered by mistake (kept in the audit trail; undo restores it)."""
        with self._unit() as db:
            old, change = repository.delete_result(db, result_id, expected_version)
            audit.record(db, who, "delete result", repository.describe(old), [change])
        self._after_entry()

    def results(
        self, *, session: int = 1, section: str = "A", counting_only: bool = True
    ) -> tuple[Result, ...]:
        """Results by round, table and tray; with `counting_only=False` also replaced deals'."""
        with self._unit() as db:
            sid = repository.section_id(db, session, section)
            return repository.results(db, sid, session, section, counting_only)

    def result(self, result_id: int) -> Result:
        """One result by id."""
        with self._unit() as db:
            return repository.result(db, result_id)

    def order_new_deal(
        self,
        tray: int,
        why: str,
        *,
        law: IrregularityKind = IrregularityKind.MISDEAL,
        session: int = 1,
        section: str = "A",
        who: str = "director",
    ) -> DealVersion:
        """A new deal (decisions.md): the tray is dealt again and replayed by every table.

        `law` is the irregularity that called for it. The current version's slip and results
        are kept but stop counting; the new version is returned and receives its own slip and
        results.
        """
        if not why.strip():
            raise StoreError("say why the tray is dealt again (--why), for the audit trail")
        with self._unit() as db:
            deal, changes = repository.new_deal(db, session, section, tray, why.strip(), law)
            audit.record(
                db, who, "new deal", f"tray {tray}: version {deal.version}, {why}", changes
            )
        self._after_entry()
        return deal

    def deals(self, *, session: int = 1, section: str = "A") -> tuple[DealVersion, ...]:
        """Every deal version of every tray."""
        with self._unit() as db:
            return repository.deals(db, repository.section_id(db, session, section))

    def record_irregularity(
        self,
        *,
        round: int,
        table: int,
        tray: int,
        kind: IrregularityKind,
        table_trump: Suit | str | None = None,
        side: Direction | None = None,
        detail: str = "",
        session: int = 1,
        section: str = "A",
        who: str = "director",
    ) -> Irregularity:
        """Record an irregularity at one table on the tray's counting deal.

        Scoring applies what the laws give for it (`director.scoring.awards`): an average for
        the table, or nothing. Where the laws call for a new deal, also `order_new_deal`.
        `table_trump` is the trump the table itself turned (Law IV Sec.9/10), the only place
        a table's own trump is ever recorded.
        """
        trump = Suit.parse(table_trump) if isinstance(table_trump, str) else table_trump
        value = Irregularity(
            0, session, section, round, table, tray, 0, kind, trump, side, detail, who
        )
        with self._unit() as db:
            stored, change = repository.insert_irregularity(db, value)
            _check_against_laws(db, session, section, tray)
            summary = f"{kind.value} at table {table}, round {round}, tray {tray}"
            audit.record(db, who, "record irregularity", summary, [change])
        self._after_entry()
        return stored

    def irregularities(self, *, session: int = 1, section: str = "A") -> tuple[Irregularity, ...]:
        """Every irregularity recorded in the section."""
        with self._unit() as db:
            sid = repository.section_id(db, session, section)
            return repository.irregularities(db, sid, session, section)

    # -- standings ---------------------------------------------------------------------------

    def scoring_input(self, *, session: int = 1, section: str = "A") -> ScoringSession:
        """The section as `director.scoring` reads it: movement, counting results with their
        irregularities, slips, new deals, settings and printed names."""
        with self._unit() as db:
            return scoring_bridge.session_of(db, session, section)

    def standings(self, *, session: int = 1, section: str = "A") -> SessionResult:
        """Score the section's counting results with `director.scoring.score_session`."""
        return scoring_bridge.score(self.scoring_input(session=session, section=section))

    # -- audit, undo, redo ---------------------------------------------------------------------

    def audit_log(self, limit: int | None = None) -> tuple[AuditEntry, ...]:
        """The audit trail, newest first."""
        with self._unit() as db:
            return audit.entries(db, limit)

    def undo(self, who: str = "director") -> AuditEntry | None:
        """Undo the latest operation not yet undone; None if there is nothing to undo."""
        with self._unit() as db:
            entry = audit.undo(db, who)
        self._after_entry()
        return entry

    def redo(self, who: str = "director") -> AuditEntry | None:
        """Redo the operation undone last; None if nothing was undone since the last entry."""
        with self._unit() as db:
            entry = audit.redo(db, who)
        self._after_entry()
        return entry

    # -- backups -----------------------------------------------------------------------------

    def backup_now(self) -> Path | None:
        """Write a rotating backup copy now (None for a server database)."""
        return self._backups.write() if self._backups else None


def _check_against_laws(db: Session, session: int, section: str, tray: int) -> None:
    """Refuse, inside the entry's own transaction, a ruling the laws do not give (a revoke at a
    table awarded the average, an overplay law at the original play, ...): the scoring's checks
    run on the changed tray before anything is committed."""
    validate(scoring_bridge.session_of(db, session, section), trays=(tray,))
