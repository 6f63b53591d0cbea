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

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from sqlalchemy import func, select
from sqlalchemy.exc import DBAPIError, IntegrityError, NoResultFound
from sqlalchemy.orm import Session as Db

from director.errors import DirectorError
from director.scoring.validate import validate
from director.store import audit, live, repository, scoring_bridge
from director.store.backup import BackupPolicy, Backups
from director.store.engine import (
    EventDatabase,
    create_database,
    explain_database_error,
    open_database,
)
from director.store.schema import AuditRow, EventRow
from director.store.table_values import CallKind, ServingAddress, TableCall, TableToken
from director.store.values import (
    AuditEntry,
    Award,
    Card,
    ConflictError,
    DamagedEventError,
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
from schedules.findings import ScheduleError
from schedules.types import Competitors, Direction, Movement

if TYPE_CHECKING:
    from director.scoring.model import Session as ScoringSession
    from director.scoring.model import SessionResult
    from director.store.roster import Layout
    from schedules.catalog import Request
    from schedules.repair import Repaired, RepairRequest

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
        path = database.path
        self._backups = (
            Backups(path, backups) if path is not None and not database.read_only else None
        )

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
        with store._unit() as db:
            db.add(repository.event.event_row(name.strip(), held_on, venue, settings))
            repository.event.add_session(db, 1, "Session 1", ("A",))
        return store

    @classmethod
    def open(
        cls, target: str | Path, *, read_only: bool = False, backups: BackupPolicy | None = None
    ) -> EventStore:
        """Open an existing event; an older file is upgraded after a backup copy is written.

        A file that is not an event, comes from a newer program or is damaged is refused with
        `NotAnEventError` / `DamagedEventError` and left untouched; one that cannot be written
        (read-only file, folder or disk) with `ReadOnlyEventError`. With `read_only`, the event
        is only read, nothing is created beside the file, and every change is refused with
        `ReadOnlyEventError`.
        """
        return cls(open_database(target, read_only), backups)

    def close(self) -> None:
        """Release the database (the SQLite file stays consistent at every moment anyway); the
        engine is closed with the last open of the file in this process."""
        self._db.close()

    @property
    def read_only(self) -> bool:
        """Opened for reading only: every change is refused."""
        return self._db.read_only

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
    def _unit(self, writes: bool = False) -> Iterator[Db]:
        """One transaction, committed at once; the database's refusals (a rule broken, a full
        disk, a read-only file, damage) become readable messages. A unit that `writes` is
        refused at once in a file the program has called damaged: nothing more is written
        into it, as nothing more is read from it."""
        if writes and self._db.damaged is not None:
            raise DamagedEventError(self._db.damaged)
        try:
            # The engine is asked each time: a file first opened read-only here moves to a
            # writable engine when it is opened for writing too (`director.store.held`).
            with Db(self._db.engine, expire_on_commit=False) as db, db.begin():
                yield db
        except IntegrityError as exc:
            raise repository.integrity.explain_integrity_error(exc) from exc
        except DBAPIError as exc:
            explained = explain_database_error(exc, self._where)
            if explained is None:
                raise
            raise self._noted(explained) from exc
        except (ValueError, LookupError, TypeError, NoResultFound) as exc:
            if isinstance(exc, DirectorError | ScheduleError):
                raise
            # Our own refusals (the engine's too) say what is wrong themselves; the rest come
            # from reading a stored value this program never writes (a flipped bit, another
            # program's edit).
            damaged = DamagedEventError(
                f"{self._where} holds a value this program cannot read"
                f" ({type(exc).__name__}: {str(exc)[:120]}); the file may be damaged. It was"
                " left as is: open the latest backup copy instead"
            )
            raise self._noted(damaged) from exc

    def _noted(self, error: StoreError) -> StoreError:
        """A file found damaged stays so for this process: its changes are refused from now on
        (`_unit`)."""
        if isinstance(error, DamagedEventError):
            self._db.mark_damaged(str(error))
        return error

    @property
    def _where(self) -> str:
        return str(self._db.path) if self._db.path else self.url

    @contextmanager
    def _step(self, action: str, who: str = "director") -> Iterator[Step]:
        """One undoable step: one transaction, every change of which goes into the audit
        trail as one entry named `action`, described by the `summary` the body sets."""
        with self._unit(writes=True) as db:
            step = Step(db, action)
            with audit.recording(db) as changes:
                yield step
            if changes:
                audit.record(db, who, action, step.summary or action, changes)
        self._after_entry()

    def _after_entry(self) -> None:
        """Write a rotating backup copy if one is due (see `Backups`)."""
        if self._backups is None:
            return
        with self._unit() as db:
            newest = live.audit_mark(db)
            # None while the trail is empty (a step that changed nothing records nothing)
            first_at = db.scalar(select(func.min(AuditRow.at)))
        first = audit.aware(first_at) if first_at is not None else None
        self._backups.entry_committed(newest, first)

    # -- the event -------------------------------------------------------------------------

    def info(self) -> EventInfo:
        """The event's name, date, venue and settings."""
        with self._unit() as db:
            return repository.event.event_info(db, self._db.revision)

    def update_event(
        self,
        *,
        name: str | None = None,
        held_on: date | None = None,
        venue: str | None = None,
        settings: EventSettings | None = None,
    ) -> EventInfo:
        """Change the event's name, date, venue or settings (None keeps a field)."""
        with self._step("change event") as step:
            row = step.db.scalars(select(EventRow)).one()
            repository.event.update_event_row(row, name, held_on, venue, settings)
            step.summary = f"name, date, venue or settings of {row.name}"
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
        with self._step("add player") as step:
            player = repository.players.add_player(
                step.db, Player(0, name, club, member_number, gender)
            )
            step.summary = player.name
        return player

    def edit_player(self, player: Player) -> Player:
        """Store a player's changed name, club, member number or gender (matched by id)."""
        with self._step("edit player") as step:
            edited = repository.players.edit_player(step.db, player)
            step.summary = edited.name
        return edited

    def remove_player(self, player_id: int) -> None:
        """Remove a player who is in no partnership."""
        self.remove_players((player_id,))

    def remove_players(self, player_ids: Sequence[int]) -> None:
        """Remove players who are in no partnership, all in one step (or none)."""
        with self._step("remove players" if len(player_ids) > 1 else "remove player") as step:
            removed = [repository.players.remove_player(step.db, p) for p in player_ids]
            step.summary = ", ".join(p.name for p in removed)

    def players(self) -> tuple[Player, ...]:
        """The roster, by name."""
        with self._unit() as db:
            return repository.players.players(db)

    def import_roster(self, path: str | Path, layout: Layout | None = None) -> tuple[Player, ...]:
        """Add every player of a roster CSV and form the pairs (or couples) and teams its
        columns name, as one step (see `director.store.roster`).

        `layout` says which field each column holds; without it the header row names them.
        Players whose member number is already on the roster are updated instead. Every row
        is checked first: if any is refused, nothing is imported and `RosterError` lists each
        refused line with its reason.
        """
        # Loaded here, as in the other steps forming the field: reading a roster (CSV, the
        # spellings of names) is no part of opening an event to enter or print results.
        from director.store.roster import read_roster, store_roster

        read = read_roster(Path(path), layout)
        read.check()
        with self._step("import roster") as step:
            imported = store_roster(step.db, read)
            formed = f" and {len(read.formed)} partnerships" if read.formed else ""
            step.summary = f"{len(imported)} players{formed} from {Path(path).name}"
        return imported

    def form_partnership(
        self, label: str, players: Sequence[int], kind: str = "pair"
    ) -> Partnership:
        """A pair (two players), or an individual entry (one player), under a movement label."""
        return self.form_partnerships((Partnership(label, tuple(players), kind),))[0]

    def form_partnerships(self, partnerships: Sequence[Partnership]) -> tuple[Partnership, ...]:
        """Form several partnerships (a whole field) as one step: all of them, or none."""
        with self._step(
            "form partnerships" if len(partnerships) > 1 else "form partnership"
        ) as step:
            formed = tuple(repository.players.form_partnership(step.db, p) for p in partnerships)
            step.summary = ", ".join(_named(step.db, p) for p in formed)
        return formed

    def form_couple(self, label: str, lady: int, gentleman: int) -> Partnership:
        """A married couple (Safford): lady and gentleman, who are never partners at the table."""
        return self.form_partnership(label, (lady, gentleman), kind="couple")

    def dissolve_partnership(self, label: str) -> None:
        """Remove a partnership (its players stay on the roster)."""
        with self._step("dissolve partnership") as step:
            step.summary = _named(step.db, repository.players.partnership(step.db, label))
            repository.players.dissolve_partnership(step.db, label)

    def relabel_partnerships(self, labels: Mapping[str, str]) -> tuple[Partnership, ...]:
        """Give partnerships new labels (old -> new: their starting places in the movement),
        all in one step; they keep their players and teams."""
        with self._step("seat partnerships") as step:
            repository.players.relabel_partnerships(step.db, labels)
            step.summary = f"{len(labels)} partnerships given their starting places"
            return repository.players.partnerships(step.db)

    def form_team(self, label: str, pairs: Iterable[str]) -> Team:
        """A team of partnerships (given by label)."""
        with self._step("form team") as step:
            team = repository.players.form_team(step.db, Team(label, tuple(pairs)))
            step.summary = f"team {team.label}: {', '.join(team.pairs)}"
        return team

    def partnerships(self) -> tuple[Partnership, ...]:
        """Every partnership, by label."""
        with self._unit() as db:
            return repository.players.partnerships(db)

    def teams(self) -> tuple[Team, ...]:
        """Every team, by label."""
        with self._unit() as db:
            return repository.players.teams(db)

    # -- sessions and movements ------------------------------------------------------------

    def add_session(self, name: str | None = None, sections: Sequence[str] = ("A",)) -> SessionInfo:
        """Add the next session with its sections."""
        with self._step("add session") as step:
            number = repository.event.next_session_number(step.db)
            added = repository.event.add_session(
                step.db, number, name or f"Session {number}", sections
            )
            step.summary = added.name
        return added

    def sessions(self) -> tuple[SessionInfo, ...]:
        """Every session in order, with its sections."""
        with self._unit() as db:
            return repository.event.sessions(db)

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
        with self._step("choose movement") as step:
            section_id = repository.event.section_id(step.db, session, section)
            repository.movement.store_movement(
                step.db, section_id, movement, size or movement.tables, size_unit
            )
            variant = f" ({movement.variant})" if movement.variant else ""
            step.summary = (
                f"{movement.family}{variant}, {movement.tables} tables,"
                f" {movement.rounds} rounds: session {session} section {section}"
            )
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
            return repository.movement.load_movement(
                db, repository.event.section_id(db, session, section)
            )

    def repair(
        self,
        request: RepairRequest,
        *,
        reason: str = "",
        who: str = "director",
        session: int = 1,
        section: str = "A",
        dry_run: bool = False,
    ) -> Repaired:
        """Repair the section's movement in play (a late pair, a withdrawal, a wrong move,
        rounds cut, an arrow switch) as one undoable step, keeping every result entered.

        Refused if the repair would change the places, trays or arrow of a table in a round
        that already has results or irregularities (a wrong move may: it records who really
        played them). A late pair with `request.names` is entered on the roster and paired
        under its label. With `dry_run` the repair is worked out and returned, and nothing
        is written."""
        # Loaded here: the repairs bring the verifier and the balance report, which opening
        # an event for entry does not need.
        from director.store import roster
        from schedules.repair import LatePair

        if dry_run:
            with self._unit() as db:
                return _repaired(db, request, session, section)
        with self._step("repair movement", who) as step:
            repaired = _repaired(step.db, request, session, section)
            sid = repository.event.section_id(step.db, session, section)
            repository.movement.replace_seatings(step.db, sid, repaired.previous, repaired.movement)
            step.summary = repaired.summary
            if isinstance(request, LatePair) and request.names:
                label = repaired.movement.field[-1]
                individual = repaired.movement.competitors is Competitors.INDIVIDUALS
                kind = "individual" if individual else "pair"
                formed, _ = roster.name_partnership(step.db, label, request.names, kind)
                step.summary += f"; {_named(step.db, formed)}"
            if reason.strip():
                step.summary += f" (reason: {reason.strip()})"
            # the results entered must still be results the movement plays
            validate(scoring_bridge.scoring_input(step.db, session, section))
        return repaired

    def movement_choice(self, *, session: int = 1, section: str = "A") -> MovementChoice:
        """The family, size and variant that generated the section's movement."""
        with self._unit() as db:
            return repository.movement.movement_choice(db, session, section)

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
        with self._step("record slip", who) as step:
            deal = repository.deals.current_deal(step.db, session, section, tray)
            if repository.event.declared_trump(step.db) is not None:
                raise StoreError(
                    "a trump suit is declared for every tray (event settings): no slips are"
                    " kept; clear the declared trump to record slips"
                )
            slip = repository.deals.put_slip(step.db, deal, card, who)
            step.summary = f"tray {tray}: trump {card}"
        return slip

    def slips(
        self, *, session: int = 1, section: str = "A", counting_only: bool = True
    ) -> tuple[TrumpSlip, ...]:
        """The recorded slips by tray (and version), only the current deals' by default."""
        with self._unit() as db:
            return repository.deals.slips(
                db, repository.event.section_id(db, session, section), counting_only
            )

    def record_result(
        self,
        entry: ResultEntry,
        *,
        irregularity: IrregularityKind | None = None,
        table_trump: Suit | str | None = None,
    ) -> Result:
        """Enter one table's result on one tray; committed before this returns.

        Refused, with the reason, if the movement does not put that tray at that table in that
        round, if the tricks are out of range, or if a result is already entered (correct it).
        With `irregularity` (and the trump the table turned, for a wrong trump) the ruling at
        that table is recorded in the same step: both are stored, or neither.
        """
        with self._step("record result", entry.entered_by) as step:
            result = repository.results.insert_result(step.db, entry)
            step.summary = repository.results.describe(result)
            if irregularity is not None:
                ruling = _ruling(
                    entry.session, entry.section, entry.round, entry.table, entry.tray,
                    irregularity, table_trump, None, "", entry.entered_by,
                )  # fmt: skip
                repository.rulings.insert_irregularity(step.db, ruling)
                step.summary += f", {irregularity.value}"
            if entry.revokes or entry.awards or irregularity is not None:
                _check_against_laws(step.db, entry.session, entry.section, entry.tray)
        return result

    def record_round(
        self, entries: Iterable[ResultEntry], who: str = "director"
    ) -> tuple[Result, ...]:
        """Enter several results (a round's travellers, an imported sheet) as one operation:
        all are committed or, if one is refused, none; one undo takes them all back."""
        entries = tuple(entries)
        with self._step("record results", who) as step:
            stored = repository.results.insert_results(step.db, entries)
            if stored:
                step.summary = (
                    f"{len(stored)} results, from {repository.results.describe(stored[0])}"
                )
            # as for one result: a revoke or award the laws do not give refuses them all
            ruled = {(e.session, e.section, e.tray) for e in entries if e.revokes or e.awards}
            for session, section, tray in sorted(ruled):
                _check_against_laws(step.db, session, section, tray)
        return tuple(stored)

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
        with self._step("correct result", who) as step:
            result = repository.results.update_result(
                step.db, result_id, expected_version, ns_tricks, revokes, awards, ew_record, who
            )
            if revokes or awards:
                _check_against_laws(step.db, result.session, result.section, result.tray)
            step.summary = repository.results.describe(result)
        return result

    def delete_result(self, result_id: int, expected_version: int, who: str = "director") -> None:
        """Remove a result entered by mistake (kept in the audit trail; undo restores it)."""
        with self._step("delete result", who) as step:
            old = repository.results.delete_result(step.db, result_id, expected_version)
            step.summary = repository.results.describe(old)

    def results(
        self, *, session: int = 1, section: str = "A", counting_only: bool = True
    ) -> tuple[Result, ...]:
        """Results by round, table and tray; with `counting_only=False` also replaced deals'."""
        with self._unit() as db:
            sid = repository.event.section_id(db, session, section)
            return repository.results.results(db, sid, session, section, counting_only)

    def results_of_trays(
        self, trays: Iterable[int], *, session: int = 1, section: str = "A"
    ) -> tuple[Result, ...]:
        """The counting results of some trays only (those `scoring_changes` names), for a
        reader that keeps the rest."""
        with self._unit() as db:
            sid = repository.event.section_id(db, session, section)
            return repository.results.counting_results_of_trays(db, sid, session, section, trays)

    def result(self, result_id: int) -> Result:
        """One result by id."""
        with self._unit() as db:
            return repository.results.result(db, result_id)

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
        """A new deal (docs/laws.md#new-deal): the tray is dealt again and replayed by every table.

        `law` is the irregularity that called for it. The current version's slip and results
        are kept but stop counting; the new version is returned and receives its own slip and
        results.
        """
        with self._step("new deal", who) as step:
            deal = _new_deal(step.db, session, section, tray, why, law)
            step.summary = f"tray {tray}: version {deal.version}, {why}"
        return deal

    def deals(self, *, session: int = 1, section: str = "A") -> tuple[DealVersion, ...]:
        """Every deal version of every tray."""
        with self._unit() as db:
            return repository.deals.deals(db, repository.event.section_id(db, session, section))

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
        new_deal: str | None = None,
    ) -> Irregularity:
        """Record an irregularity at one table on the tray's counting deal.

        Scoring applies what the laws give for it (`director.scoring.awards`): an average for
        the table, or nothing. Where the laws call for a new deal, also `order_new_deal`.
        `table_trump` is the trump the table itself turned (Law IV Sec.9/10), the only place
        a table's own trump is ever recorded. With `new_deal` (why the tray is dealt again) the
        new deal the laws call for is ordered in the same step.
        """
        value = _ruling(session, section, round, table, tray, kind, table_trump, side, detail, who)
        with self._step("record irregularity", who) as step:
            stored = repository.rulings.insert_irregularity(step.db, value)
            step.summary = f"{kind.value} at table {table}, round {round}, tray {tray}"
            if new_deal is not None:
                _new_deal(step.db, session, section, tray, new_deal, kind)
                step.summary += f", dealt again ({new_deal})"
            _check_against_laws(step.db, session, section, tray)
        return stored

    def irregularities(self, *, session: int = 1, section: str = "A") -> tuple[Irregularity, ...]:
        """Every irregularity recorded in the section."""
        with self._unit() as db:
            sid = repository.event.section_id(db, session, section)
            return repository.rulings.irregularities(db, sid, session, section)

    # -- standings ---------------------------------------------------------------------------

    def scoring_input(self, *, session: int = 1, section: str = "A") -> ScoringSession:
        """The section as `director.scoring` reads it: movement, counting results with their
        irregularities, slips, new deals, settings and printed names."""
        with self._unit() as db:
            return scoring_bridge.scoring_input(db, session, section)

    def standings(self, *, session: int = 1, section: str = "A") -> SessionResult:
        """Score the section's counting results with `director.scoring.score_session`."""
        return scoring_bridge.score(self.scoring_input(session=session, section=section))

    # -- audit, undo, redo ---------------------------------------------------------------------

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
        with self._unit(writes=True) as db:
            entry = audit.undo(db, who)
        self._after_entry()
        return entry

    def redo(self, who: str = "director") -> AuditEntry | None:
        """Redo the step `who` undid last; None if nothing was undone since `who`'s last
        step."""
        with self._unit(writes=True) as db:
            entry = audit.redo(db, who)
        self._after_entry()
        return entry

    def undo_step(self, step: int, who: str = "director") -> AuditEntry:
        """Undo step number `step` of the audit trail, whoever made it (a table's entry taken
        back from the History); `ConflictError` if it is not in effect or the rows it changed
        were changed since."""
        with self._unit(writes=True) as db:
            entry = audit.undo_step(db, step, who)
        self._after_entry()
        return entry

    def redo_step(self, step: int, who: str = "director") -> AuditEntry:
        """Redo step number `step`, which was undone."""
        with self._unit(writes=True) as db:
            entry = audit.redo_step(db, step, who)
        self._after_entry()
        return entry

    # -- publishing and exchange (results site, export formats) ------------------------------

    def scored_sections(self) -> tuple[tuple[SessionInfo, str], ...]:
        """Every (session, section) whose movement is chosen, in order: those with standings."""
        with self._unit() as db:
            return tuple(
                (s, section)
                for s in repository.event.sessions(db)
                for section in s.sections
                if repository.movement.has_movement(db, s.number, section)
            )

    def history(self) -> dict[str, object] | None:
        """The event's whole history (`director.store.history`): what the JSON export carries
        so that `from_history` makes the same event again. None when the audit trail does not
        lead back from the event as it stands."""
        from director.store import history

        with self._unit() as db:
            return history.event_history(db, self._db.revision)

    @classmethod
    def from_history(
        cls, target: str | Path, document: object, *, backups: BackupPolicy | None = None
    ) -> EventStore:
        """A new event at `target` (refused if it exists) made again from an exported history,
        row for row and step for step, in one transaction: the whole event, or nothing. A
        history this program would not have written is refused with `StoreError`."""
        from director.store import history

        store = cls(create_database(target), backups)
        try:
            with store._unit() as db:
                history.restore(db, document, store._db.revision)
        except BaseException:
            store.close()
            raise
        return store

    # -- players and pairs: forming the field in one step ------------------------------------

    def name_partnership(
        self, label: str, names: Sequence[str], kind: str = "pair"
    ) -> tuple[Partnership, tuple[Player, ...]]:
        """The players named form the partnership under `label`, in place of the one there, as
        one step; a name not on the roster adds that player. Returns the partnership and the
        players added."""
        from director.store import roster

        with self._step("name partnership") as step:
            formed, added = roster.name_partnership(step.db, label, names, kind)
            step.summary = _named(step.db, formed)
            if added:
                step.summary += f"; added {', '.join(p.name for p in added)} to the roster"
        return formed, added

    def pair_in_order(self, *, session: int = 1, section: str = "A") -> tuple[Partnership, ...]:
        """Pair the players in no partnership two by two in roster order, as one step, under
        the section's movement labels still free (1, 2, ... before a movement is chosen)."""
        from director.store import roster

        with self._step("pair in order") as step:
            if repository.movement.has_movement(step.db, session, section):
                sid = repository.event.section_id(step.db, session, section)
                labels: Iterable[str] = repository.movement.load_movement(step.db, sid).field
            else:
                labels = roster.numbers()
            plan = roster.pairs_in_order(
                repository.players.players(step.db),
                repository.players.partnerships(step.db),
                labels,
            )
            formed = tuple(repository.players.form_partnership(step.db, p) for p in plan)
            step.summary = ", ".join(_named(step.db, p) for p in formed)
        return formed

    def seat_players(
        self, order: Sequence[int] | None = None, *, session: int = 1, section: str = "A"
    ) -> tuple[tuple[Partnership, ...], tuple[Player, ...]]:
        """Every player takes a place of the section's individual movement, as one step: in
        roster order, or in `order` (player ids: a draw by lot); the partnerships formed
        before make way. Ladies and gentlemen take their own places where the movement says.
        Returns the entries formed and the players left without a place."""
        from director.store import roster

        with self._step("seat players") as step:
            sid = repository.event.section_id(step.db, session, section)
            movement = repository.movement.load_movement(step.db, sid)
            plan, left = roster.individuals_in_order(
                repository.players.players(step.db), movement.field, movement.attributes, order
            )
            for old in repository.players.partnerships(step.db):
                repository.players.dissolve_partnership(step.db, old.label)
            formed = tuple(repository.players.form_partnership(step.db, p) for p in plan)
            step.summary = f"{len(formed)} players given their places"
            if left:
                step.summary += f"; no place for {', '.join(p.name for p in left)}"
        return formed, tuple(left)

    # -- entry at the table (table links, calls to the director) -----------------------------

    def issue_table_links(
        self, *, session: int = 1, section: str = "A", renew: bool = False
    ) -> tuple[TableToken, ...]:
        """Give every table of the section the token of its link (kept if it has one), or
        with `renew` a new token in place of each, so every link printed before stops working.

        Not an undoable step: a link is a key to the event, not part of it, and undo must never
        bring a withdrawn key back.
        """
        with self._unit(writes=True) as db:
            repository.table_links.issue_table_tokens(db, session, section, renew)
        return tuple(t for t in self.table_links() if (t.session, t.section) == (session, section))

    def table_links(self) -> tuple[TableToken, ...]:
        """Every table's link token, by session, section and table."""
        with self._unit() as db:
            return repository.table_links.table_tokens(db)

    def table_of_token(self, token: str) -> TableToken | None:
        """The table a link's token opens; None for an unknown or renewed token."""
        with self._unit() as db:
            return repository.table_links.token_table(db, token)

    def serving_address(self) -> ServingAddress | None:
        """Where the tables were last served from this event (None: never), so that serving
        again uses the links printed on the table cards."""
        with self._unit() as db:
            return repository.table_links.serving_address(db)

    def keep_serving_address(self, host: str, port: int) -> None:
        """Keep where the tables are served. Not an undoable step, as links are not: undo
        must never move the server away from the address on the cards."""
        with self._unit() as db:
            repository.table_links.keep_serving_address(db, host, port)

    def call_director(
        self,
        *,
        round: int,
        table: int,
        tray: int,
        kind: CallKind,
        note: str = "",
        session: int = 1,
        section: str = "A",
        who: str = "director",
    ) -> TableCall:
        """A table calls the director about a tray it plays (a revoke, an irregularity, ...);
        one step, so the audit trail names the table and the director can undo it."""
        with self._step("call director", who) as step:
            call = repository.rulings.insert_table_call(
                step.db, session, section, (round, table, tray), kind, note, who
            )
            step.summary = f"{kind.value} at table {table}, round {round}, tray {tray}"
        return call

    def table_calls(self, *, session: int = 1, section: str = "A") -> tuple[TableCall, ...]:
        """The section's calls to the director, in the order made."""
        with self._unit() as db:
            sid = repository.event.section_id(db, session, section)
            return repository.rulings.table_calls(db, sid, session, section)

    def newest_step(self) -> int:
        """The number of the newest entry in the audit trail (0: none yet). Every change to the
        event, undo and redo included, raises it: a cheap test that nothing changed."""
        with self._unit() as db:
            return db.scalar(select(func.max(AuditRow.id))) or 0

    def settle_table_call(self, call_id: int, who: str = "director") -> None:
        """Mark a table's call settled (the director has ruled)."""
        with self._step("settle call", who) as step:
            step.summary = repository.rulings.settle_table_call(step.db, call_id)

    # -- live standings: the results screen follows each score -------------------------------

    def audit_mark(self) -> int:
        """The number of the latest step (0 before the first): read it before the scoring input
        so that `scoring_changes` since it misses nothing."""
        with self._unit() as db:
            return live.audit_mark(db)

    def scoring_changes(
        self, mark: int, *, session: int = 1, section: str = "A"
    ) -> live.ScoringChanges | None:
        """The section's changed trays and their counting results since step `mark`; None
        when a step since changed more than results (then read `scoring_input` again)."""
        with self._unit() as db:
            return live.scoring_changes(db, session, section, mark)

    # -- the history in words (audit trail rows named as the director knows them) -------------

    def row_names(self) -> dict[str, dict[int, str]]:
        """What the row ids in the audit trail's changes stand for, by the column holding
        them: {"deal_id": {4: "tray 4"}, "table_id": {2: "table 2"}, "player_id": ...}."""
        with self._unit() as db:
            return repository.audit.row_names(db)

    # -- papers for the room: names printed on cards, without scoring the section ------------

    def printed_names(self) -> dict[str, str]:
        """The names printed for each partnership label (its players' names joined): what the
        cards print, read without building the scoring input."""
        with self._unit() as db:
            return scoring_bridge._names(db)


@dataclass
class Step:
    """The transaction of one undoable step, and the summary the audit trail will show."""

    db: Db
    action: str
    summary: str = ""


def _named(db: Db, partnership: Partnership) -> str:
    """A partnership in words: its label and its players' names."""
    names = " & ".join(repository.players.player_name(db, p) for p in partnership.players)
    return f"{partnership.label} ({names})"


def _ruling(
    session: int,
    section: str,
    round: int,
    table: int,
    tray: int,
    kind: IrregularityKind,
    table_trump: Suit | str | None,
    side: Direction | None,
    detail: str,
    who: str,
) -> Irregularity:
    """An irregularity to record at one table (its id and deal version are the store's)."""
    trump = Suit.parse(table_trump) if isinstance(table_trump, str) else table_trump
    return Irregularity(0, session, section, round, table, tray, 0, kind, trump, side, detail, who)


def _repaired(db: Db, request: RepairRequest, session: int, section: str) -> Repaired:
    """The repair of the stored movement, refused if it would move a result entered."""
    from schedules.repair import WrongMove

    sid = repository.event.section_id(db, session, section)
    repaired = request.apply(repository.movement.load_movement(db, sid))
    played = repository.movement.played_places(db, sid)
    for change in repaired.changed:
        recorded = isinstance(request, WrongMove) and change.round == request.round
        if (change.round, change.table) in played and not recorded:
            raise StoreError(
                f"round {change.round} table {change.table} already has results, and this"
                " repair would change who played them or what; repair from a round not yet"
                " played (a table that played other than planned is a wrong move)"
            )
    return repaired


def _new_deal(
    db: Db, session: int, section: str, tray: int, why: str, law: IrregularityKind
) -> DealVersion:
    if not why.strip():
        raise StoreError("say why the tray is dealt again (--why), for the audit trail")
    return repository.deals.new_deal(db, session, section, tray, why.strip(), law)


def _check_against_laws(db: Db, session: int, section: str, tray: int) -> None:
    """Refuse, inside the entry's own transaction, a ruling the laws do not give (a revoke at a
    table awarded the average, an overplay law at the original play, ...): the scoring's checks
    run on the changed tray before anything is committed."""
    validate(scoring_bridge.scoring_input(db, session, section), trays=(tray,))
