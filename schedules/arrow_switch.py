"""Arrow switches: which rounds (or half rounds) of a two-winner movement to switch so that
one ranking is as fair as possible (issue 16, target 6;
docs/movement-rules.md#arrow-switches-and-the-half-round-trick).

Switching a round makes the N-S pairs play the E-W hands there, so they are compared with the
E-W field. The balance report (`schedules.balance`) counts, for every two pairs, the tray sets
on which they hold the same hands at different tables; its index is 100 (sum c)^2 / (N sum c^2).
Each play of a tray set puts one pair on each side whatever is switched, so sum c is fixed and
the best plan is the one with the smallest sum of squares: that is what the search minimises.

A *half round* splits one table's round into two seatings with the same pairs, the second half
of the trays switched (the verifier allows a round split at one table).

The published rule of thumb (about one round in eight; 1 up to 5 rounds, 2 for 6-9, 3 for
10-13) is `published_switch_count`. Our index agrees up to 8 rounds and then prefers more
switched rounds (3 of 9, 4 of 11 or 13, about 2 in 5 for large fields): `best_round_switches`
never does worse than the rule's count, and `best_round_switches(m, count=k)` gives the best
plan of the rule's size. On a 5-table Mitchell half rounds cannot give perfect balance under
this index: the 45 pair counts can only be equal with exactly 9 tray sets (each set adds 20
comparisons), and an exhaustive search over every round plan and every split of 4 of the 5
sets into switched halves finds none; half rounds at one table raise the best index from 85.5
to 90.4. The EBU's "5-table half-round trick"
(docs/movement-rules.md#arrow-switches-and-the-half-round-trick) is for the 5-table
complete Howell: `half_round_trick` switches the second half of every round at table 5 and
reaches 100 (schedules.howell, --variant half-rounds).

>>> from schedules.mitchell import pair_mitchell
>>> m = pair_mitchell(5, None, 2)
>>> sorted(best_round_switches(m).rounds)
[1]
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from itertools import combinations
from math import comb
from operator import add, mul

from schedules.balance import balance
from schedules.findings import ImpossibleMovementError
from schedules.render import number_ranges
from schedules.tally import pair_key, tray_sets
from schedules.types import Competitors, Label, Movement, RoundNo, Seating, TableNo

EXHAUSTIVE_WORK = 1_000_000
"""Plans x evaluation cost above which the search is greedy plus local improvement."""

HALF_ROUND_LIMIT = 5
"""Half rounds (at one table per round) are searched exhaustively up to this many rounds."""


@dataclass(frozen=True)
class SwitchPlan:
    """Rounds switched at every table, and (round, table) places whose second half of trays
    is switched (on top of the round's switch)."""

    rounds: frozenset[RoundNo] = frozenset()
    halves: frozenset[tuple[RoundNo, TableNo]] = field(default_factory=frozenset)

    def describe(self) -> str:
        """As the note on the round sheet says it."""
        parts = []
        if self.rounds:
            parts.append(f"rounds {', '.join(map(str, sorted(self.rounds)))} arrow-switched")
        places: dict[tuple[TableNo, str], list[RoundNo]] = defaultdict(list)
        for r, t in sorted(self.halves):
            places[t, "first" if r in self.rounds else "second"].append(r)
        for (t, half), rounds in places.items():
            which = f"round{'s' if len(rounds) > 1 else ''} {number_ranges(rounds)}"
            parts.append(f"{which} table {t}: only the {half} half of the trays switched")
        return "; ".join(parts)


def apply_switches(movement: Movement, plan: SwitchPlan) -> Movement:
    """The movement with `plan` applied (the same object when the plan is empty); a round or
    place the movement does not have raises `ImpossibleMovementError`."""
    if not plan.rounds and not plan.halves:
        return movement
    bad = sorted(r for r in plan.rounds if not 1 <= r <= movement.rounds)
    if bad:
        raise ImpossibleMovementError(
            f"arrow switch: round(s) {', '.join(map(str, bad))} not in 1..{movement.rounds}"
        )
    places = {(s.round, s.table): s for s in movement.seatings}
    for where in sorted(plan.halves):
        if where not in places or len(places[where].trays) < 2:
            raise ImpossibleMovementError(
                f"arrow switch: no seating with 2+ trays at round {where[0]} table {where[1]}"
            )
    seatings: list[Seating] = []
    for s in movement.seatings:
        on = s.round in plan.rounds
        if (s.round, s.table) in plan.halves:
            k = len(s.trays) // 2
            seatings.append(replace(s, trays=s.trays[:k], switched=on))
            seatings.append(replace(s, trays=s.trays[k:], switched=not on))
        else:
            seatings.append(replace(s, switched=on))
    if movement.competitors is Competitors.INDIVIDUALS:
        why = (
            "the N-S players play the E-W hands and vice versa, so that those trays compare "
            "players the whole set did not"
        )
    else:
        why = "the N-S pair plays the E-W hands and vice versa, so one ranking covers every pair"
    note = f"Arrow switch: {plan.describe()}; there {why}."
    return replace(movement, seatings=tuple(seatings), notes=(*movement.notes, note))


_Play = tuple[int, Label, Label]
"""One play of a tray set: its switch unit, the N-S pair, the E-W pair."""


class _Objective:
    """Sum of squared comparison counts as a function of which units (bits) are switched.

    Pairs of pairs whose comparisons depend on the same terms are evaluated once and weighted,
    which collapses a Mitchell's cyclic symmetry (about 3T classes instead of 2T^2 pairs).
    """

    def __init__(self, plays: list[list[_Play]], shift: _Shift | None = None) -> None:
        per_pair: dict[tuple[str, str], Counter[tuple[int, int, bool] | bool]] = defaultdict(
            Counter
        )
        # With a shift (a regular Mitchell), one tray set stands for all: counting every set
        # costs tables^3 (7 s at 101 tables), one set tables^2.
        for group in plays if shift is None else [plays[k] for k in shift.representatives]:
            for i, (ui, ns_i, ew_i) in enumerate(group):
                for uj, ns_j, ew_j in group[i + 1 :]:
                    for a, da, b, db in (
                        (ns_i, True, ns_j, True),
                        (ew_i, False, ew_j, False),
                        (ns_i, True, ew_j, False),
                        (ew_i, False, ns_j, True),
                    ):
                        if a == b:
                            continue
                        # Same hands when side(a) xor switch(i) == side(b) xor switch(j).
                        key: tuple[int, int, bool] | bool
                        if ui == uj:
                            key = da == db
                        else:
                            lo, hi = min(ui, uj), max(ui, uj)
                            key = (lo, hi, da == db)
                        per_pair[pair_key(a, b)][key] += 1
        classes: Counter[tuple[tuple[tuple[int, int, bool] | bool, int], ...]]
        if shift is None:
            classes = Counter(tuple(sorted(c.items(), key=repr)) for c in per_pair.values())
        else:
            classes = shift.classes(per_pair)
        self.classes: list[tuple[int, int, list[tuple[int, int, bool, int]]]] = []
        for signature, weight in classes.items():
            fixed = sum(n for key, n in signature if key is True)
            terms = [(k[0], k[1], k[2], n) for k, n in signature if isinstance(k, tuple)]
            self.classes.append((weight, fixed, terms))

        by_unit: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
        for index, (_, _, terms) in enumerate(self.classes):
            for unit, other, same, n in terms:
                by_unit[unit].append((index, other, n if same else -n))
                by_unit[other].append((index, unit, n if same else -n))
        weights = [weight for weight, _, _ in self.classes]
        self.rows = {unit: _Row.of(links, weights) for unit, links in by_unit.items()}
        """Per unit, what flipping it changes (units in no term change nothing)."""
        self.cost = sum(len(terms) + 1 for _, _, terms in self.classes)
        """Work of one full evaluation, to budget the search."""

    def counts(self, mask: int) -> list[int]:
        """Comparison count of each class under the switches `mask`."""
        counts = []
        for _, fixed, terms in self.classes:
            c = fixed
            for a, b, same, n in terms:
                if (((mask >> a) ^ (mask >> b)) & 1) != same:
                    c += n
            counts.append(c)
        return counts

    def __call__(self, mask: int) -> int:
        """Sum of squared comparison counts over every two pairs."""
        return sum(w * c * c for (w, _, _), c in zip(self.classes, self.counts(mask), strict=True))


@dataclass(frozen=True)
class _Row:
    """The classes whose counts one unit's switch changes, as columns over those classes.

    With y = +1 for a unit played as drawn and -1 for a switched one, a term (unit, other,
    same, n) adds n to its class when it compares and flipping the unit moves it by
    -y(unit) * link, link = +-n * y(other) (+ when `same`). So a flip changes class k by
    -y(unit) * L(k), L(k) the sum of its links, and the objective by
    sum w(k) * (L(k)^2 - 2 y(unit) c(k) L(k)). Slot s holds each class's s-th link (other
    unit -1, whose y is 0, where a class has fewer), so the sums run as maps over whole
    columns: the per-term Python loop they replace was most of the search's time (issue 45).
    """

    classes: tuple[int, ...]
    weights: tuple[int, ...]
    slots: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    """Per slot, the other unit of each class's link and its +-n."""

    @classmethod
    def of(cls, links: list[tuple[int, int, int]], weights: list[int]) -> _Row:
        """The row of one unit's links (class index, other unit, +-n)."""
        grouped: dict[int, list[tuple[int, int]]] = defaultdict(list)
        for index, other, signed in links:
            grouped[index].append((other, signed))
        classes = tuple(sorted(grouped))
        depth = max(len(grouped[k]) for k in classes)
        padded = [grouped[k] + [(-1, 0)] * (depth - len(grouped[k])) for k in classes]
        slots = tuple(
            (tuple(row[s][0] for row in padded), tuple(row[s][1] for row in padded))
            for s in range(depth)
        )
        return cls(classes, tuple(weights[k] for k in classes), slots)


_NO_ROW = _Row((), (), ())


class _Search:
    """The state of the local search: the switches, as a mask and as signs y (+1 played as
    drawn, -1 switched, a last 0 for padding, see `_Row`), and each class's count."""

    def __init__(self, objective: _Objective, units: int) -> None:
        self.rows = objective.rows
        self.mask = 0
        self.signs = [1] * units + [0]
        self.counts = objective.counts(0)

    def _links(self, row: _Row) -> list[int]:
        """L(k) of each class of the row (see `_Row`) under the present switches."""
        read = self.signs.__getitem__
        sums: Iterator[int] | None = None
        for others, signed in row.slots:
            part = map(mul, signed, map(read, others))
            sums = part if sums is None else map(add, sums, part)
        return list(sums or ())

    def delta(self, unit: int) -> int:
        """The change of the objective if `unit` is flipped."""
        row = self.rows.get(unit, _NO_ROW)
        links = self._links(row)
        here = map(self.counts.__getitem__, row.classes)
        cross: int = sum(map(mul, row.weights, map(mul, links, here)))
        square: int = sum(map(mul, row.weights, map(mul, links, links)))
        return square - 2 * self.signs[unit] * cross

    def flip(self, unit: int) -> None:
        """Flip `unit`: its sign, and the counts of the classes it changes."""
        row = self.rows.get(unit, _NO_ROW)
        sign = self.signs[unit]
        counts = self.counts
        for k, link in zip(row.classes, self._links(row), strict=True):
            counts[k] -= sign * link
        self.signs[unit] = -sign
        self.mask ^= 1 << unit


_Key = tuple[int, int, bool] | bool
"""What a comparison of two pairs depends on: the units (rounds) of the two plays, or none."""


@dataclass(frozen=True)
class _Shift:
    """A symmetry of the movement: every pair moved to the place its neighbour one table on
    has in round 1 maps each round's seatings onto themselves and each tray set onto another,
    the rounds kept (a regular Mitchell). Every tray set's orbit then has `order` sets."""

    order: int
    position: dict[Label, tuple[Label, int]]
    """Per pair, the first pair of its orbit and how many steps on it is."""
    representatives: tuple[int, ...]
    """One tray set (an index into the sets) of each orbit of sets."""

    def classes(
        self, counted: dict[tuple[str, str], Counter[_Key]]
    ) -> Counter[tuple[tuple[_Key, int], ...]]:
        """The classes of pairs, by the counts each pair's comparisons depend on, from the
        counts of the representative sets only: the counts of a pair over every set are the
        counts over the representatives of every pair of its orbit (twice, when the orbit is
        half as long: a shift by half the tables that swaps the two pairs)."""
        n = self.order
        orbits: dict[tuple[Label, Label, int], Counter[_Key]] = defaultdict(Counter)
        sizes: dict[tuple[Label, Label, int], int] = {}
        for (a, b), counts in counted.items():
            (a0, i), (b0, j) = self.position[a], self.position[b]
            d = (j - i) % n
            key = min((a0, b0, d), (b0, a0, -d % n))
            half = a0 == b0 and 2 * d % n == 0
            sizes[key] = n // 2 if half else n
            factor = 2 if half else 1
            for k, c in counts.items():
                orbits[key][k] += factor * c
        classes: Counter[tuple[tuple[_Key, int], ...]] = Counter()
        for key, counts in orbits.items():
            classes[tuple(sorted(counts.items(), key=repr))] += sizes[key]
        return classes


def _table_shift(movement: Movement, sets: list[list[Seating]]) -> _Shift | None:
    """The shift by one table of a movement that has it (see `_Shift`), else None."""
    tables = movement.table_numbers
    n = len(tables)
    at = {(s.round, s.table): s for s in movement.seatings}
    first = [at[1, t] for t in tables if (1, t) in at]
    if n < 3 or len(at) != len(movement.seatings) or len(first) != n:
        return None
    sigma: dict[Label, Label] = {}
    for i, s in enumerate(first):
        after = first[(i + 1) % n]
        sigma[s.ns], sigma[s.ew] = after.ns, after.ew
    if not set(sigma) == set(sigma.values()) == set(movement.field) or len(sigma) != 2 * n:
        return None
    set_of: dict[tuple[RoundNo, TableNo], int] = {}
    for k, group in enumerate(sets):
        for s in group:
            if set_of.setdefault((s.round, s.table), k) != k:
                return None
    following = {t: tables[(i + 1) % n] for i, t in enumerate(tables)}
    image: dict[int, int] = {}
    for s in movement.seatings:
        img = at.get((s.round, following[s.table]))
        if img is None or (img.ns, img.ew, img.switched) != (sigma[s.ns], sigma[s.ew], s.switched):
            return None
        k, k2 = set_of[(s.round, s.table)], set_of[(img.round, img.table)]
        if image.setdefault(k, k2) != k2:
            return None
    position: dict[Label, tuple[Label, int]] = {}
    for x in sigma:
        if x in position:
            continue
        y, steps = x, 0
        while y not in position:
            position[y] = (x, steps)
            y, steps = sigma[y], steps + 1
        if steps != n:
            return None
    representatives = []
    seen: set[int] = set()
    for k in range(len(sets)):
        if k in seen:
            continue
        representatives.append(k)
        j, length = k, 0
        while j not in seen:
            seen.add(j)
            j, length = image[j], length + 1
        if length != n:
            return None
    return _Shift(n, position, tuple(representatives))


def _plays(movement: Movement, unit_of: Callable[[Seating], int]) -> list[list[_Play]]:
    """Per tray set, its plays: the switch unit of the seating and its two pairs."""
    return [[(unit_of(s), s.ns, s.ew) for s in plays] for plays in _set_plays(movement)]


def best_round_switches(movement: Movement, count: int | None = None) -> SwitchPlan:
    """The whole-round switches with the best balance index (of exactly `count` rounds if
    given): exhaustive while the work is small, else greedy then local improvement."""
    rounds = movement.rounds
    if rounds < 2:
        raise ImpossibleMovementError("an arrow switch needs at least 2 rounds to compare")
    if count is not None and not 1 <= count < rounds:
        raise ImpossibleMovementError(f"switch 1 to {rounds - 1} of {rounds} rounds, not {count}")
    objective = _Objective(
        _plays(movement, lambda s: s.round - 1), _table_shift(movement, _set_plays(movement))
    )
    # Switching every round changes nothing, so a plan equals its complement: plans of at
    # most half the rounds cover them all.
    sizes = [count] if count is not None else list(range(1, rounds // 2 + 1))
    plans = sum(comb(rounds, k) for k in sizes)
    if plans * objective.cost <= EXHAUSTIVE_WORK:
        masks = (sum(1 << r for r in c) for k in sizes for c in combinations(range(rounds), k))
        best = min(masks, key=lambda m: (objective(m), m.bit_count(), m))
    else:
        best = _local_search(objective, rounds, count)
    return SwitchPlan(rounds=frozenset(r + 1 for r in range(rounds) if best >> r & 1))


def _local_search(objective: _Objective, units: int, count: int | None) -> int:
    """Greedy switching (one round at a time, while it helps or until `count`), then moving
    one switch to another round while that helps."""
    state = _Search(objective, units)
    while count is None or state.mask.bit_count() < count:
        options = [(state.delta(u), u) for u in range(units) if not state.mask >> u & 1]
        if not options:
            break
        delta, unit = min(options)
        if count is None and delta >= 0:
            break
        state.flip(unit)
    improved = True
    while improved:
        improved = False
        for i in [u for u in range(units) if state.mask >> u & 1]:
            out_delta = state.delta(i)
            state.flip(i)
            moves = [
                (state.delta(j), j) for j in range(units) if j != i and not state.mask >> j & 1
            ]
            in_delta, j = min(moves)
            if out_delta + in_delta < 0:
                state.flip(j)
                improved = True
            else:
                state.flip(i)
    return state.mask


def best_half_round_switches(movement: Movement, table: TableNo) -> SwitchPlan:
    """Whole rounds plus the second half of the trays at `table` in chosen rounds, exhaustive
    over both choices (2^(2R) plans), for R up to `HALF_ROUND_LIMIT` rounds."""
    rounds = movement.rounds
    if rounds > HALF_ROUND_LIMIT:
        raise ImpossibleMovementError(
            f"half-round switches are searched up to {HALF_ROUND_LIMIT} rounds, not {rounds}"
        )
    if any(len(s.trays) < 2 for s in movement.seatings if s.table == table):
        raise ImpossibleMovementError("half-round switches need at least 2 trays a round")
    sets = _set_plays(movement)
    n = len(movement.field)
    # Best index first; among equals the fewest switches, then the earliest rounds.
    best = max(
        (_index(sets, w, h, table, n), -(w.bit_count() + h.bit_count()), -w, -h)
        for w in range(1 << rounds)
        for h in range(1 << rounds)
    )
    whole, halves = -best[2], -best[3]
    return SwitchPlan(
        rounds=frozenset(r + 1 for r in range(rounds) if whole >> r & 1),
        halves=frozenset((r + 1, table) for r in range(rounds) if halves >> r & 1),
    )


def half_round_trick(movement: Movement) -> SwitchPlan:
    """The second half of the trays switched at one table in every round, at the table that
    balances best (the EBU's 5-table half-round trick,
    docs/movement-rules.md#arrow-switches-and-the-half-round-trick); an empty plan
    when no table beats the movement as it is, or when one plays fewer than 2 trays a round."""
    sets = _set_plays(movement)
    n = len(movement.field)
    unsplit = _counts(sets)
    best_index, best_table = _index_of(unsplit, n), None
    for table in movement.table_numbers:
        if any(len(s.trays) < 2 for s in movement.seatings if s.table == table):
            continue
        index = _index_of(_split_counts(sets, unsplit, table), n)
        if index > best_index + 1e-9:
            best_index, best_table = index, table
    if best_table is None:
        return SwitchPlan()
    return SwitchPlan(halves=frozenset((r, best_table) for r in range(1, movement.rounds + 1)))


def _set_plays(movement: Movement) -> list[list[Seating]]:
    """Per tray set, the seatings that play it."""
    by_tray: dict[int, list[Seating]] = defaultdict(list)
    for s in movement.seatings:
        for t in s.trays:
            by_tray[t].append(s)
    return [by_tray[trays[0]] for trays in tray_sets(movement)]


def _counts(sets: list[list[Seating]]) -> Counter[tuple[str, str]]:
    """The comparison counts of the sets as they are played (no switch)."""
    counts: Counter[tuple[str, str]] = Counter()
    for plays in sets:
        for group in ([s.ns for s in plays], [s.ew for s in plays]):
            for i, a in enumerate(group):
                for b in group[i + 1 :]:
                    counts[pair_key(a, b)] += 1
    return counts


def _split_counts(
    sets: list[list[Seating]], unsplit: Counter[tuple[str, str]], table: TableNo
) -> Counter[tuple[str, str]]:
    """The counts of `_index(sets, 0, every round, table, n)`, from the unsplit counts: a set
    split at `table` counts once as played and once more with that table's pairs changing
    sides, which changes only the comparisons of those pairs (the whole recount for every
    table took seconds at 29 tables)."""
    at_table = [any(s.table == table for s in plays) for plays in sets]
    counts = Counter({key: 2 * c for key, c in unsplit.items()})
    counts.subtract(
        _counts([plays for plays, split in zip(sets, at_table, strict=True) if not split])
    )
    for plays, split in zip(sets, at_table, strict=True):
        if not split:
            continue
        moved = {who for s in plays if s.table == table for who in s.places}
        ns_hands = {s.ns for s in plays}
        for who in (who for s in plays for who in s.places if who not in moved):
            for mover in moved:
                # compared before iff on the same side; the mover has changed sides
                same = (who in ns_hands) == (mover in ns_hands)
                counts[pair_key(who, mover)] += -1 if same else 1
    return counts


def _index_of(counts: Counter[tuple[str, str]], n: int) -> float:
    """The balance index of comparison counts among `n` competitors."""
    total = sum(counts.values())
    squares = sum(c * c for c in counts.values())
    pairs = n * (n - 1) // 2
    return 100.0 * total * total / (pairs * squares) if squares else 0.0


def _index(sets: list[list[Seating]], whole: int, halves: int, table: TableNo, n: int) -> float:
    """The balance index of the plan, counted exactly as `schedules.balance` counts it: a set
    split at `table` into two halves counts as two sets."""
    counts: Counter[tuple[str, str]] = Counter()
    for plays in sets:
        states = [bool(whole >> (s.round - 1) & 1) for s in plays]
        atoms = [states]
        split = [i for i, s in enumerate(plays) if s.table == table and halves >> (s.round - 1) & 1]
        if split:
            atoms.append([on != (i in split) for i, on in enumerate(states)])
        for atom in atoms:
            holders: dict[bool, list[str]] = {True: [], False: []}
            for s, on in zip(plays, atom, strict=True):
                holders[not on].append(s.ns)  # True: holds the N-S hands
                holders[on].append(s.ew)
            for group in holders.values():
                for i, a in enumerate(group):
                    for b in group[i + 1 :]:
                        counts[pair_key(a, b)] += 1
    total = sum(counts.values())
    squares = sum(c * c for c in counts.values())
    pairs = n * (n - 1) // 2
    return 100.0 * total * total / (pairs * squares) if squares else 0.0


def published_switch_count(rounds: int) -> int:
    """The published rule of thumb for how many rounds to switch (EBU TD forum: 1 up to 5
    rounds, 2 for 6-9, 3 for 10-13; beyond, about one round in eight)."""
    if rounds <= 5:
        return 1
    if rounds <= 13:
        return 2 if rounds <= 9 else 3
    return max(3, (rounds + 4) // 8)


def best_switches(movement: Movement) -> SwitchPlan:
    """The plan with the best balance index (`schedules.balance`): the best whole-round plan,
    and for short movements with 2+ trays a round also the best half-round plan at table 1."""
    whole = best_round_switches(movement)
    trays = min(len(s.trays) for s in movement.seatings)
    if movement.rounds > HALF_ROUND_LIMIT or trays < 2:
        return whole  # nothing to compare it with: its balance count took 0.1 s at 101 tables
    candidates = [whole, best_half_round_switches(movement, movement.table_numbers[0])]
    scored = [(balance(apply_switches(movement, p)).index, -len(p.halves), p) for p in candidates]
    return max(scored, key=lambda x: (x[0], x[1]))[2]
