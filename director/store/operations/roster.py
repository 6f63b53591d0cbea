"""The roster's calls on an open event: players, partnerships and teams."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from director.store import forming, repository
from director.store.values import Gender, Partnership, Player, StoreError, Team
from schedules.types import Competitors

if TYPE_CHECKING:
    from director.store.roster import Layout

from director.store.operations.movement import reseat_sections
from director.store.operations.unit import Step, UnitOfWork


class RosterOperations(UnitOfWork):
    """The players, their partnerships and teams."""

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
            _note_rests(step)
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
            _note_rests(step)

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
        # Loaded here: reading a roster (CSV, the spellings of names) is no part of opening an
        # event to enter or print results.
        from director.store.roster import read_roster

        read = read_roster(Path(path), layout)
        read.check()
        with self._step("import roster") as step:
            imported = forming.store_roster(step.db, read)
            formed = f" and {len(read.formed)} partnerships" if read.formed else ""
            step.summary = f"{len(imported)} players{formed} from {Path(path).name}"
            _note_rests(step)
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
            step.summary = ", ".join(repository.players.named(step.db, p) for p in formed)
            _note_rests(step)
        return formed

    def form_couple(self, label: str, lady: int, gentleman: int) -> Partnership:
        """A married couple (Safford): lady and gentleman, who are never partners at the table."""
        return self.form_partnership(label, (lady, gentleman), kind="couple")

    def dissolve_partnership(self, label: str) -> None:
        """Remove a partnership (its players stay on the roster)."""
        with self._step("dissolve partnership") as step:
            step.summary = repository.players.named(
                step.db, repository.players.partnership(step.db, label)
            )
            repository.players.dissolve_partnership(step.db, label)
            _note_rests(step)

    def relabel_partnerships(self, labels: Mapping[str, str]) -> tuple[Partnership, ...]:
        """Give partnerships new labels (old -> new: their starting places in the movement),
        all in one step; they keep their players and teams."""
        with self._step("seat partnerships") as step:
            repository.players.relabel_partnerships(step.db, labels)
            step.summary = f"{len(labels)} partnerships given their starting places"
            _note_rests(step)
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

    def name_partnership(
        self, label: str, names: Sequence[str], kind: str = "pair"
    ) -> tuple[Partnership, tuple[Player, ...]]:
        """The players named form the partnership under `label`, in place of the one there, as
        one step; a name not on the roster adds that player. Returns the partnership and the
        players added."""
        with self._step("name partnership") as step:
            formed, added = forming.name_partnership(step.db, label, names, kind)
            step.summary = repository.players.named(step.db, formed)
            if added:
                step.summary += f"; added {', '.join(p.name for p in added)} to the roster"
            _note_rests(step)
        return formed, added

    def pair_in_order(self, *, session: int = 1, section: str = "A") -> tuple[Partnership, ...]:
        """Pair the players in no partnership two by two in roster order, as one step, under
        the section's movement labels still free (1, 2, ... before a movement is chosen).
        An individual movement's places are each one player's: refused (`seat_players`)."""
        with self._step("pair in order") as step:
            if repository.movement.has_movement(step.db, session, section):
                sid = repository.event.section_id(step.db, session, section)
                movement = repository.movement.load_movement(step.db, sid)
                if movement.competitors is Competitors.INDIVIDUALS:
                    raise StoreError(
                        "this movement seats players one by one, not in pairs: give the"
                        " players their places in roster order instead"
                    )
                labels: Iterable[str] = movement.field
            else:
                labels = forming.numbers()
            plan = forming.pairs_in_order(
                repository.players.players(step.db),
                repository.players.partnerships(step.db),
                labels,
            )
            formed = tuple(repository.players.form_partnership(step.db, p) for p in plan)
            step.summary = ", ".join(repository.players.named(step.db, p) for p in formed)
            _note_rests(step)
        return formed

    def seat_players(
        self, order: Sequence[int] | None = None, *, session: int = 1, section: str = "A"
    ) -> tuple[tuple[Partnership, ...], tuple[Player, ...]]:
        """Every player takes a place of the section's individual movement, as one step: in
        roster order, or in `order` (player ids: a draw by lot); the partnerships formed
        before make way. Ladies and gentlemen take their own places where the movement says.
        Returns the entries formed and the players left without a place."""
        with self._step("seat players") as step:
            sid = repository.event.section_id(step.db, session, section)
            movement = repository.movement.load_movement(step.db, sid)
            plan, left = forming.individuals_in_order(
                repository.players.players(step.db), movement.field, movement.attributes, order
            )
            for old in repository.players.partnerships(step.db):
                repository.players.dissolve_partnership(step.db, old.label)
            formed = tuple(repository.players.form_partnership(step.db, p) for p in plan)
            step.summary = f"{len(formed)} players given their places"
            if left:
                step.summary += f"; no place for {', '.join(p.name for p in left)}"
            _note_rests(step)
        return formed, tuple(left)


def _note_rests(step: Step) -> None:
    """Make the rests follow the roster's change (`reseat_sections`), in the same step, and
    say so in its summary.

    Every step that changes who is in the field does it, one partnership formed at a time
    as much as a roster imported: the place left empty once the field is one short rests,
    and plays again when the last partnership comes in, so the papers print whenever the
    field is whole or one short."""
    rests = reseat_sections(step.db)
    if rests:
        step.summary += f"; {rests}"
