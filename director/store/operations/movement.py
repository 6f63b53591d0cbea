"""The movement's calls on an open event: sessions, sections and the movement each plays."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from sqlalchemy.orm import Session as Db

from director.scoring.validate import validate
from director.store import forming, repository, scoring_bridge
from director.store.values import MovementChoice, SessionInfo, StoreError
from schedules.rests import rest, seat_field
from schedules.types import Competitors, Movement

if TYPE_CHECKING:
    from schedules.catalog import Request
    from schedules.repair import Repaired, RepairRequest

from director.store.operations.unit import UnitOfWork


class MovementOperations(UnitOfWork):
    """Sessions, sections and their movements."""

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

        A movement that seats more than the roster's field has its spare places rest
        (`field_seated`): no place nobody fills is stored as a competitor. Refused once
        results have been entered for the section. Returns the movement as read back from
        the store.
        """
        with self._step("choose movement") as step:
            section_id = repository.event.section_id(step.db, session, section)
            chosen, movement = movement, field_seated(step.db, movement)
            repository.movement.store_movement(
                step.db, section_id, movement, size or movement.tables, size_unit, chosen
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
                label = next(c for c in repaired.movement.field if c not in repaired.previous.field)
                individual = repaired.movement.competitors is Competitors.INDIVIDUALS
                kind = "individual" if individual else "pair"
                formed, _ = forming.name_partnership(step.db, label, request.names, kind)
                step.summary += f"; {repository.players.named(step.db, formed)}"
            if reason.strip():
                step.summary += f" (reason: {reason.strip()})"
            # the results entered must still be results the movement plays
            validate(scoring_bridge.scoring_input(step.db, session, section))
        return repaired

    def places(self, *, session: int = 1, section: str = "A") -> tuple[str, ...]:
        """Every place of the section's movement as chosen, one that rests now included: the
        labels a partnership is entered under."""
        with self._unit() as db:
            sid = repository.event.section_id(db, session, section)
            return repository.movement.chosen_movement(db, sid).field

    def empty_places(self, *, session: int = 1, section: str = "A") -> int:
        """How many places of the section's movement the roster leaves empty before play
        (see `empty_places`): a movement for more competitors than came."""
        with self._unit() as db:
            return empty_places(db, repository.event.section_id(db, session, section))

    def movement_choice(self, *, session: int = 1, section: str = "A") -> MovementChoice:
        """The family, size and variant that generated the section's movement."""
        with self._unit() as db:
            return repository.movement.movement_choice(db, session, section)

    def scored_sections(self) -> tuple[tuple[SessionInfo, str], ...]:
        """Every (session, section) whose movement is chosen, in order: those with standings."""
        with self._unit() as db:
            return tuple(
                (s, section)
                for s in repository.event.sessions(db)
                for section in s.sections
                if repository.movement.has_movement(db, s.number, section)
            )


def field_seated(db: Db, movement: Movement) -> Movement:
    """`movement` seating the roster (pairs formed and the pairs the unpaired players make, or
    players for an individual) when the roster is one short of its field: the highest-numbered
    place nobody fills rests. Any other count is stored whole: more empty places mean the
    roster is still being entered, or the movement is the wrong size (three empty places of a
    16-player individual stop most of its tables every round), and printing refuses them
    (`empty_places`)."""
    seated = _roster_field(db, movement)
    if seated is None or len(movement.field) - seated[0] != 1:
        return movement
    return seat_field(movement, *seated)


def reseat_sections(db: Db) -> str:
    """Make the rests of every section's stored movement that nothing has been entered for
    follow the roster as it changed (`field_seated`): the one place the field leaves empty
    rests, and a place that rested is played again once its partnership is entered. A
    movement repaired before play, and every movement once results are in, is left as it is
    (a place left empty then is a withdrawal, which the director repairs). Returns a note for
    the step's summary ("" when no rest changed)."""
    notes = []
    for info in repository.event.sessions(db):
        for section in info.sections:
            if not repository.movement.has_movement(db, info.number, section):
                continue
            sid = repository.event.section_id(db, info.number, section)
            if repository.movement.has_entries(db, sid):
                continue
            stored = repository.movement.load_movement(db, sid)
            chosen = repository.movement.chosen_movement(db, sid)
            resting = [c for c in chosen.field if c not in set(stored.field)]
            if set(rest(chosen, resting).seatings) != set(stored.seatings):
                continue  # repaired since it was chosen
            seated = field_seated(db, chosen)
            if seated.field == stored.field:
                continue
            choice = repository.movement.movement_choice(db, info.number, section)
            repository.movement.store_movement(
                db, sid, seated, choice.size, choice.size_unit, chosen
            )
            where = f"(session {info.number} section {section})"
            rests = ", ".join(c for c in chosen.field if c not in set(seated.field))
            back = ", ".join(c for c in resting if c in set(seated.field))
            if rests:
                notes.append(f"place {rests} rests {where}")
            if back:
                notes.append(f"place {back} is played again {where}")
    return "; ".join(notes)


def empty_places(db: Db, sid: int) -> int:
    """How many places of the section's movement the roster leaves empty: 0 before anyone
    is entered, and once results are (a place left empty then is a withdrawal)."""
    if repository.movement.has_entries(db, sid):
        return 0
    movement = repository.movement.load_movement(db, sid)
    seated = _roster_field(db, movement)
    if seated is None or seated[0] == 0:
        return 0
    return max(len(movement.field) - seated[0], 0)


def _roster_field(db: Db, movement: Movement) -> tuple[int, tuple[str, ...]] | None:
    """How many competitors the roster seats in `movement` and the labels already filled
    (None for a movement of teams, whose field the roster does not count)."""
    players = repository.players.players(db)
    formed = repository.players.partnerships(db)
    if movement.competitors is Competitors.INDIVIDUALS:
        return len(players), tuple(p.label for p in formed if p.kind == "individual")
    if movement.competitors is Competitors.PAIRS:
        pairs = [p for p in formed if p.kind != "individual"]
        paired = {pid for p in pairs for pid in p.players}
        present = len(pairs) + sum(1 for p in players if p.id not in paired) // 2
        return present, tuple(p.label for p in pairs)
    return None


def _repaired(db: Db, request: RepairRequest, session: int, section: str) -> Repaired:
    """The repair of the stored movement, refused if it would move a result entered."""
    from schedules.repair import LatePair, WrongMove

    sid = repository.event.section_id(db, session, section)
    movement = repository.movement.load_movement(db, sid)
    if isinstance(request, LatePair):
        # a newcomer takes the place that rests, if one does
        repaired = request.apply(movement, repository.movement.chosen_movement(db, sid))
    else:
        repaired = request.apply(movement)
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
