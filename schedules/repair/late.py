"""A late pair (or late player) seated from a round on, by a small search.

In each round from the one they join, the newcomer either
- plays the competitor who would sit out (an odd field), at a table not used that round, on
  trays idle that round that none of them has played or is still due to play; or
- takes the place of one competitor, who sits out that round instead.

The search is depth first, round by round, the cheapest choice first, within a budget of
steps: the newcomer never plays a tray twice (a plan is dropped as soon as some later round has
no table left whose trays are new to them); nobody sits out twice if it can be helped; the
newcomer meets someone new each round if it can; a Mitchell pair keeps one side. Of the
cheapest complete plans found it keeps the one with the best balance after
(docs/movement-rules.md#balance).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from schedules.findings import ScheduleError
from schedules.repair.result import (
    Repaired,
    balance_index,
    check_round,
    finish,
    noun,
    trays_played,
    usual_side,
)
from schedules.tally import tray_sets
from schedules.types import (
    Competitors,
    Direction,
    Label,
    Movement,
    RoundNo,
    Seating,
    TableNo,
    TrayNo,
)

WORK = 2_000_000
"""The search's budget, in tables looked at ahead (each step looks at every table of every
later round): 44,000 steps for a 5-table Howell from round 1, enough to find its best plans
(20,000 are needed), and about 1,000 at 30 tables, whose first plan is already cheap; a few
seconds at most."""

SAT_OUT_AGAIN = 10
"""Cost of making a competitor sit out a second (third, ...) time."""
MET_AGAIN = 6
"""Cost of the newcomer meeting an opponent again."""
SIDE_CHANGED = 3
"""Cost of a pair leaving its side where every pair keeps one (a Mitchell's N-S and E-W)."""
DISPLACES = 1
"""Cost of taking someone's place rather than playing the sit-out."""
BALANCE_TRIES = 6
"""At most this many of the cheapest plans have their balance worked out to choose between
them; fewer in a large field, where each costs more (0.4 s at 60 pairs): two at 60 pairs."""


@dataclass(frozen=True, slots=True)
class _Choice:
    """Where the newcomer plays in one round."""

    round: RoundNo
    seatings: tuple[Seating, ...]
    """The newcomer's table in that round (a round split at a table has several parts)."""
    replaces: tuple[Seating, ...]
    """The planned seatings it replaces (empty: a table added for the newcomer)."""
    displaced: Label | None
    """Who sits out in the newcomer's place (None: the newcomer plays the sit-out)."""
    opponents: frozenset[Label]
    side: Direction


@dataclass(frozen=True, slots=True)
class _Plan:
    cost: int
    choices: tuple[_Choice, ...]
    played: frozenset[TrayNo]
    met: frozenset[Label]
    displaced: tuple[Label, ...]
    """Who sits out in the newcomer's place, in label order (hashable, and small)."""


def next_label(field: tuple[Label, ...], prefix: str = "") -> Label:
    """The first free label `prefix` + a number: after the field's size without a prefix,
    after the numbers the prefix already has with one ("NS7" after NS1-NS6).

    >>> next_label(("1", "2", "3")), next_label(("NS1", "NS2", "EW1", "EW2"), "NS")
    ('4', 'NS3')
    """
    mine = [label[len(prefix) :] for label in field if label.startswith(prefix)]
    n = max((int(x) for x in mine if x.isdigit()), default=0) + 1 if prefix else len(field) + 1
    while f"{prefix}{n}" in field:
        n += 1
    return f"{prefix}{n}"


SIDE_PREFIXES = {Direction.NS: "NS", Direction.EW: "EW"}
"""How Mitchell labels name a pair's side."""


def late_pair(
    movement: Movement,
    from_round: RoundNo,
    label: Label | None = None,
    chosen: Movement | None = None,
) -> Repaired:
    """Seat a newcomer (a pair, or a player in an individual movement) in every round from
    `from_round` on; `label` defaults to the next free number.

    `chosen` is the movement as chosen when a place of it rests (`schedules.rests`): the
    newcomer then takes that place, under its label, from `from_round` on, wherever the
    movement as played still leaves its seats free (else they are seated by the search)."""
    check_round(movement, from_round)
    word = noun(movement)
    given = (label or "").strip()
    if given in movement.field:
        raise ScheduleError(
            f"{word} {given} is already in the field; give the newcomer a new label"
        )
    rested = _rest_taken(movement, chosen, from_round, given) if chosen is not None else None
    if rested is not None:
        return rested
    if movement.competitors is Competitors.TEAMS or movement.mnemonic:
        what = "a team movement" if movement.competitors is Competitors.TEAMS else "mnemonic play"
        raise ScheduleError(
            f"a late {word} cannot be seated in {what}: its pairs must play every tray as the"
            " movement plans; start the newcomer in the next session"
        )
    label = given or next_label(movement.field)
    best = _search(movement, from_round, label)
    if not given and _side_labels(movement) and _keeps_sides(movement):
        # a Mitchell newcomer who keeps one side is named like the pairs of that side
        named = next_label(movement.field, SIDE_PREFIXES[best.choices[0].side])
        best = replace(best, choices=tuple(_renamed(c, label, named) for c in best.choices))
        label = named
    seatings = _apply(movement, best.choices)
    said = [_said(word, label, c) for c in best.choices]
    return finish(
        movement,
        seatings,
        field=(*movement.field, label),
        summary=f"{word.capitalize()} {label} joins from round {from_round}: " + "; ".join(said),
        note=f"{word} {label} joined before round {from_round} (late {word})",
    )


def _rest_taken(
    movement: Movement, chosen: Movement, from_round: RoundNo, given: Label
) -> Repaired | None:
    """The newcomer in the resting place of `chosen` (`given`, or the first resting), playing
    its seats from `from_round` on; None when no place rests, `given` is not one, or a seat is
    no longer free (the movement was repaired since: another table plays there, or a
    competitor the place meets there is not sitting out)."""
    resting = [c for c in chosen.field if c not in set(movement.field)]
    label = given or next(iter(resting), "")
    if label not in resting:
        return None
    rounds = range(from_round, movement.rounds + 1)  # a cut may have ended play sooner
    taken = [s for s in chosen.seatings if s.round in rounds and label in s.places]
    for seat in taken:
        here = [s for s in movement.seatings if s.round == seat.round]
        busy = {p for s in here for p in s.places}
        if any(s.table == seat.table for s in here) or busy & set(seat.places):
            return None
    known = {t.number for t in movement.trays}
    word = noun(movement)
    said = "; ".join(
        f"round {s.round} table {s.table} against "
        + " and ".join(p for p in s.places if p != label)
        for s in taken
    )
    field = set(movement.field) | {label}
    # the relays of the rounds it plays come back whole (`finish` keeps the tables playing)
    back = {(sh.round, sh.trays): sh for sh in chosen.shared if sh.round >= from_round}
    return finish(
        movement,
        (*movement.seatings, *taken),
        field=[c for c in chosen.field if c in field]
        + [c for c in movement.field if c not in set(chosen.field)],
        trays=(*movement.trays, *(t for t in chosen.trays if t.number not in known)),
        shared=(
            *(sh for sh in movement.shared if (sh.round, sh.trays) not in back),
            *back.values(),
        ),
        summary=(
            f"{word.capitalize()} {label} joins from round {from_round} in the place that"
            f" rested: {said}"
        ),
        note=f"{word} {label} joined before round {from_round} in the place that rested"
        f" (late {word})",
    )


def _side_labels(movement: Movement) -> bool:
    """Every label names its side, as a Mitchell's do: NS1, EW1, ..."""
    return all(label[:2] in SIDE_PREFIXES.values() for label in movement.field)


def _renamed(choice: _Choice, old: Label, new: Label) -> _Choice:
    seatings = tuple(
        replace(s, places=tuple(new if p == old else p for p in s.places)) for s in choice.seatings
    )
    return replace(choice, seatings=seatings)


def _said(word: str, label: Label, c: _Choice) -> str:
    table = c.seatings[0].table
    if c.displaced is None:
        others = " and ".join(p for p in c.seatings[0].places if p != label)
        return f"round {c.round} table {table} against {others}, who would sit out"
    return f"round {c.round} table {table} in place of {word} {c.displaced}, who sits out"


def _search(movement: Movement, from_round: RoundNo, label: Label) -> _Plan:
    """The plan with the least cost, and of the cheapest few the best balance after."""
    fixed_sides = _keeps_sides(movement)
    already = _sit_outs(movement)
    played = trays_played(movement)
    sets = tray_sets(movement)
    rounds = range(from_round, movement.rounds + 1)
    places = [_places(movement, r, label) for r in rounds]
    tables = [_sit_out_table(movement, r, label, played) for r in rounds]
    # per round, the trays of each table: a plan is dead once a later round has none left
    # whose trays are all new to the newcomer
    ahead = [
        [trays for _, trays in p] + ([t[1]] if t is not None else [])
        for p, t in zip(places, tables, strict=True)
    ]
    found: list[_Plan] = []
    tries = max(1, min(BALANCE_TRIES, 120 // len(movement.field)))
    steps = WORK // max(1, sum(len(later) for later in ahead))

    def alive(depth: int, mine: frozenset[TrayNo]) -> bool:
        return all(any(mine.isdisjoint(trays) for trays in later) for later in ahead[depth:])

    def search(depth: int, plan: _Plan) -> None:
        nonlocal found, steps
        if depth == len(places):
            if not found or plan.cost < found[0].cost:
                found = [plan]
            elif len(found) < tries:
                found.append(plan)
            return
        options = sorted(
            (_extend(plan, c, fixed_sides, already) for c in
             _choices(plan.played, places[depth], tables[depth], sets)),
            key=lambda p: p.cost,
        )  # fmt: skip
        for option in options:
            # costs only grow down the tree: stop at one dearer than the best found, or as
            # dear once enough of those are found
            enough = found and (option.cost, len(found)) >= (found[0].cost, tries)
            if steps <= 0 or enough:
                return
            steps -= 1
            if alive(depth + 1, option.played):
                search(depth + 1, option)

    search(0, _Plan(0, (), frozenset(), frozenset(), ()))
    if not found:
        raise ScheduleError(
            f"no seat for {noun(movement)} {label} in every round from {from_round}: each"
            " way of seating them has them play a tray twice; let them join in a later round"
        )
    if len(found) == 1:
        return found[0]
    return max(found, key=lambda p: _balance_after(movement, label, p))


def _apply(movement: Movement, choices: Iterable[_Choice]) -> list[Seating]:
    """The movement's seatings with the newcomer seated as `choices` say."""
    replaced = {s for c in choices for s in c.replaces}
    kept = [s for s in movement.seatings if s not in replaced]
    return kept + [s for c in choices for s in c.seatings]


def _balance_after(movement: Movement, label: Label, plan: _Plan) -> float:
    after = replace(
        movement, seatings=tuple(_apply(movement, plan.choices)), field=(*movement.field, label)
    )
    return balance_index(after) or 0.0


def _sit_outs(movement: Movement) -> Counter[Label]:
    return Counter(who for out in movement.sitouts.values() for who in out)


def _keeps_sides(movement: Movement) -> bool:
    """Every pair sits at one side all session (a Mitchell): the newcomer should too."""
    if movement.competitors is Competitors.INDIVIDUALS:
        return False
    sides: dict[Label, set[Direction]] = {}
    for s in movement.seatings:
        for who in s.places:
            sides.setdefault(who, set()).add(s.direction_of(who))
    return all(len(d) == 1 for d in sides.values())


def _extend(plan: _Plan, choice: _Choice, fixed_sides: bool, already: Counter[Label]) -> _Plan:
    """The plan with one more round's choice, and its cost."""
    cost, displaced, who = plan.cost, plan.displaced, choice.displaced
    if who is not None:
        cost += DISPLACES + SAT_OUT_AGAIN * (already[who] + displaced.count(who))
        displaced = tuple(sorted((*displaced, who)))
    cost += MET_AGAIN * len(choice.opponents & plan.met)
    if fixed_sides and plan.choices and plan.choices[0].side is not choice.side:
        cost += SIDE_CHANGED
    return _Plan(
        cost,
        (*plan.choices, choice),
        plan.played | {t for s in choice.seatings for t in s.trays},
        plan.met | choice.opponents,
        displaced,
    )


Place = tuple[_Choice, frozenset[TrayNo]]
"""A place the newcomer could take, with the trays played there."""


def _places(movement: Movement, r: RoundNo, label: Label) -> list[Place]:
    """Every place the newcomer could take in round `r`, with the trays played there."""
    tables: dict[TableNo, list[Seating]] = {}
    for s in movement.seatings:
        if s.round == r:
            tables.setdefault(s.table, []).append(s)
    out = []
    for parts in tables.values():
        trays = frozenset(t for s in parts for t in s.trays)
        for i, who in enumerate(parts[0].places):
            seats = tuple(
                replace(s, places=(*s.places[:i], label, *s.places[i + 1 :])) for s in parts
            )
            first = seats[0]
            choice = _Choice(
                r, seats, tuple(parts), who, frozenset(first.opponents_of(label)),
                first.direction_of(label),
            )  # fmt: skip
            out.append((choice, trays))
    return out


def _choices(
    mine: frozenset[TrayNo],
    places: list[Place],
    table: tuple[_Choice, frozenset[TrayNo], int] | None,
    sets: list[tuple[TrayNo, ...]],
) -> Iterator[_Choice]:
    """The places of the round the newcomer can take without playing a tray again: first the
    table with the sit-outs, on trays they have not played, then each place of the round."""
    if table is not None:
        proto, free, wanted = table
        fits = free - mine
        if fits:
            seating = replace(proto.seatings[0], trays=_pick(fits, wanted, sets))
            yield replace(proto, seatings=(seating,))
    for choice, trays in places:
        if not mine & trays:
            yield choice


def _sit_out_table(
    movement: Movement, r: RoundNo, label: Label, played: dict[Label, set[TrayNo]]
) -> tuple[_Choice, frozenset[TrayNo], int] | None:
    """A table for the newcomer and the round's sit-outs, when they fill one: the choice (its
    trays still to pick), the idle trays none of the sit-outs plays anywhere, and how many
    trays a table plays that round. None when the sit-outs do not fill a table."""
    outs = movement.sitouts.get(r, ())
    width = movement.competitors.places_per_table
    if len(outs) != width - 1:
        return None
    here = [s for s in movement.seatings if s.round == r]
    busy = {t for s in here for t in s.trays}
    theirs = set().union(*(played.get(o, set()) for o in outs))
    free = frozenset(t for t in movement.tray_numbers if t not in busy and t not in theirs)
    counts = Counter(len(s.trays) for s in here)
    wanted = counts.most_common(1)[0][0] if counts else 1
    used = {s.table for s in here}
    table = next((t for t in range(1, movement.tables + 1) if t not in used), movement.tables + 1)
    places: tuple[Label, ...] = (*outs, label)
    if width == 2 and usual_side(movement).get(outs[0], Direction.NS) is Direction.EW:
        places = (label, outs[0])
    seating = Seating(r, table, (), places)
    choice = _Choice(
        r, (seating,), (), None, frozenset(seating.opponents_of(label)),
        seating.direction_of(label),
    )  # fmt: skip
    return choice, free, wanted


def _pick(
    free: frozenset[TrayNo], wanted: int, sets: list[tuple[TrayNo, ...]]
) -> tuple[TrayNo, ...]:
    """`wanted` trays of `free` (fewer if there are fewer), whole sets that travel together
    first: a set that fits exactly, then the fullest."""
    usable = [tuple(t for t in s if t in free) for s in sets]
    usable.sort(key=lambda s: (len(s) != wanted, -len(s), s[:1]))
    picked: list[TrayNo] = []
    for group in usable:
        picked += group[: wanted - len(picked)]
        if len(picked) == wanted:
            break
    return tuple(sorted(picked))
