"""Where the evening stands: field, movement, papers, slips, scores, results, each done or
not, read from the store, and the one step to take next.

Papers count as done once tonight's papers are printed (remembered while the program runs), or
once slips or scores are coming in: the papers were on the tables by then.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from director.store.values import Gender
from schedules.types import Competitors, Movement

if TYPE_CHECKING:  # the window draws the steps before the store (SQLAlchemy) is loaded
    from director.store.services import EventStore


class Step(enum.Enum):
    """The steps of an evening, in order."""

    FIELD = "Field"
    MOVEMENT = "Movement"
    PAPERS = "Papers"
    SLIPS = "Slips"
    SCORES = "Scores"
    RESULTS = "Results"


@dataclass(frozen=True)
class StepState:
    """Where one step stands."""

    step: Step
    done: bool
    status: str
    """In a few words: "10 pairs", "round 3 of 5"."""
    action: str
    """What to do to go on with it: "Enter round 3's scores"."""
    round: int | None = None
    """The round to enter next (the scores step)."""
    hint: str = ""
    """More to know, in the step's tooltip: how to give the field's ladies and gentlemen."""


KINDS = {"pair": "pairs", "couple": "couples", "individual": "players", "team": "teams"}


GENDERS_HOW = (
    "For four winners (ladies North and East, gentlemen South and West), say who is a lady "
    "or a gentleman: edit each player, or import a roster with that column"
)
"""How the director gives the field's ladies and gentlemen, said where the field is."""


def _individuals(store: EventStore, movement: Movement) -> StepState:
    """An individual movement's field: every place taken by a player."""
    players = store.players()
    places = len(movement.field)
    field = set(movement.field)
    seated = sum(p.kind == "individual" and p.label in field for p in store.partnerships())
    hint = "" if any(p.gender is not None for p in players) else GENDERS_HOW
    if not players:
        return StepState(Step.FIELD, False, "no players yet", "Enter the players", hint=hint)
    if seated >= places:
        return StepState(Step.FIELD, True, f"{seated} players", "Look at the players", hint=hint)
    return StepState(
        Step.FIELD,
        False,
        f"{len(players)} players, {seated} of {places} places taken",
        "Seat the players",
        hint=hint,
    )


def _field(store: EventStore, movement: Movement | None) -> StepState:
    if movement is not None and movement.competitors is Competitors.INDIVIDUALS:
        return _individuals(store, movement)
    kinds = Counter(p.kind for p in store.partnerships())
    if kinds:
        said = ", ".join(f"{n} {KINDS.get(kind, kind)}" for kind, n in kinds.most_common())
        return StepState(Step.FIELD, True, said, "Look at the players and pairs")
    players = store.players()
    genders = Counter(p.gender for p in players if p.gender is not None)
    if len(genders) == len(Gender):
        # ladies and gentlemen with no pairs: the chooser proposes their game (four winners),
        # whose places are given to the players once it is chosen
        said = f"{genders[Gender.LADY]} ladies, {genders[Gender.GENTLEMAN]} gentlemen"
        return StepState(Step.FIELD, True, said, "Look at the players")
    if players:
        hint = "" if genders else GENDERS_HOW
        return StepState(
            Step.FIELD, False, f"{len(players)} players, no pairs", "Form the pairs", hint=hint
        )
    return StepState(Step.FIELD, False, "no players yet", "Enter the players")


def _slips(store: EventStore, movement: Movement, entered: set[int]) -> StepState:
    if store.info().settings.declared_trump is not None:
        return StepState(Step.SLIPS, True, "trump declared", "Look at the slips")
    trays = set(movement.tray_numbers)
    done = len(trays & entered)
    return StepState(
        Step.SLIPS, done == len(trays), f"{done} of {len(trays)} trays", "Enter the trump slips"
    )


def _scores(movement: Movement, entered: Mapping[int, int]) -> StepState:
    due = Counter[int]()
    for seating in movement.seatings:
        due[seating.round] += len(seating.trays)
    missing = [n for n in sorted(due) if entered.get(n, 0) < due[n]]
    if not missing:
        return StepState(Step.SCORES, True, f"all {len(due)} rounds in", "Look at the scores")
    now = missing[0]
    return StepState(
        Step.SCORES, False, f"round {now} of {len(due)}", f"Enter round {now}'s scores", now
    )


def evening(
    store: EventStore, movement: Movement | None, printed: bool, *, session: int, section: str
) -> tuple[StepState, ...]:
    """Every step of the evening of one session's section, as it stands (`printed`: tonight's
    papers were printed while the program runs)."""
    field = _field(store, movement)
    if movement is None:
        return (
            field,
            StepState(Step.MOVEMENT, False, "not chosen", "Choose the movement"),
            StepState(Step.PAPERS, False, "after the movement", "Print tonight's papers"),
            StepState(Step.SLIPS, False, "after the movement", "Enter the trump slips"),
            StepState(Step.SCORES, False, "after the movement", "Enter the scores"),
            StepState(Step.RESULTS, False, "none yet", "Look at the standings"),
        )
    chosen = f"{movement.family.replace('_', ' ').capitalize()}, {movement.rounds} rounds"
    slips_in = {s.tray for s in store.slips(session=session, section=section)}
    # counted by the database: the path is read as the window opens, and after changes
    entered = store.entered_per_round(session=session, section=section)
    slips, scores = _slips(store, movement, slips_in), _scores(movement, entered)
    started = bool(slips_in or entered)
    papers_done = printed or started
    papers = StepState(
        Step.PAPERS,
        papers_done,
        "printed" if printed else ("in use" if started else "not printed yet"),
        "Print tonight's papers",
    )
    results = StepState(
        Step.RESULTS,
        scores.done,
        "final" if scores.done else ("provisional" if started else "none yet"),
        "Look at the standings",
    )
    return (
        field,
        StepState(Step.MOVEMENT, True, chosen, "Look at the movement"),
        papers,
        slips,
        scores,
        results,
    )


def next_step(states: tuple[StepState, ...]) -> StepState:
    """The first step not done (the results once every step is)."""
    return next((s for s in states if not s.done), states[-1])
