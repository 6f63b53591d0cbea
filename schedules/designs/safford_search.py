"""The search for a Safford married-couples seating
(docs/movement-rules.md#saffords-married-couples).

The book's seating diagram is lost, so the places of the indicator letters and numbers are
found here. A *seating* says, for round 1, at which place (table and compass point) each lady
and each gentleman sits; the indicator at that place carries her letter or his number. Lady a
and gentleman 1 never move; every other lady goes to the next letter's place each round (the
last to b's), every other gentleman to the next number's place (the last to 2's).

Because lady i and her husband advance through their cycles in step, couple k of round 1's
places is replaced by couple k-1 the next round: "husband and wife never in the same set" is a
property of the places alone, and the search keeps it at every step (a move swaps two players of
one set, or a wife with her husband). With 6, 10, ... couples the second set has one table more
and two couples' places lie both in it. What the search improves is, in order:

1. husband and wife partners (possible only in those two couples' places);
2. pairs of players who never hold the same cards (same seat, same round, other table);
3. partnerships repeated (two players partners more than once);
4. partnerships of two ladies or two gentlemen (a lady and a gentleman make the social pair);
5. the spread of the same-cards counts (sum of squares).

The search is a seeded hill-climb with random restarts, so a seed and a step budget reproduce
the same seating. `search()` is a generator of `Progress` reports so that a GUI can show
progress and cancel by no longer asking; `find()` runs it to the end.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from schedules.findings import ImpossibleMovementError
from schedules.types import Seat

Place = int
"""(table - 1) * 4 + seat: table 1 North is 0, table 1 East 1, ..., table 2 North 4."""

_PARTNERED = 10**12
_UNCOVERED = 10**9
_REPEATED = 10**6
_UNMIXED = 10**4


def place_table(place: Place) -> int:
    """The table (from 1) of a place."""
    return place // 4 + 1


def place_seat(place: Place) -> Seat:
    """The compass point of a place."""
    return Seat(place % 4)


def check_couples(couples: int) -> None:
    """Refuse couple counts that do not fill whole tables (an even number, 4 or more).

    Husband and wife apart in every round needs each set to seat one member of every couple,
    `couples / 4` tables a set: a multiple of 4. With 2 couples over (6, 10, 14, ...) the
    second set has one table more, so two couples a round sit in it together; the movement
    names them (`schedules.promises.couples`).
    """
    if couples < 4 or couples % 2:
        nearest = sorted({max(4, couples - 1), couples + 1} - {couples})
        raise ImpossibleMovementError(
            f"a Safford movement needs an even number of couples, 4 or more (two couples to a "
            f"table), and a multiple of 4 to keep every husband and wife apart; {couples} "
            f"couples will not do: try {' or '.join(map(str, nearest))}"
        )


@dataclass(frozen=True)
class Seating:
    """Round 1's places: `ladies[i]` is the place of letter i, `gentlemen[i]` of number i+1."""

    couples: int
    ladies: tuple[Place, ...]
    gentlemen: tuple[Place, ...]

    @property
    def tables(self) -> int:
        """Two couples to a table."""
        return self.couples // 2

    @property
    def rounds(self) -> int:
        """Every moving player visits every place of their cycle once."""
        return self.couples - 1

    def places(self, round_index: int) -> tuple[tuple[Place, ...], tuple[Place, ...]]:
        """The places of every lady and every gentleman in round `round_index` (from 0)."""
        return _advance(self.ladies, round_index), _advance(self.gentlemen, round_index)

    def to_json(self) -> dict[str, object]:
        """The data stored in schedules/data/safford/: the round-1 place of every player."""
        return {
            "couples": self.couples,
            "ladies": [_place_name(p) for p in self.ladies],
            "gentlemen": [_place_name(p) for p in self.gentlemen],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seating:
        """Read `to_json`'s form back (as `json.load` gives it)."""
        ladies = tuple(_parse_place(str(p)) for p in data["ladies"])
        gents = tuple(_parse_place(str(p)) for p in data["gentlemen"])
        return cls(int(data["couples"]), ladies, gents)


def _advance(cycle: tuple[Place, ...], r: int) -> tuple[Place, ...]:
    """Player 0 stays; player i (>= 1) takes the place of player 1 + (i - 1 + r) mod (n - 1)."""
    m = len(cycle) - 1
    return (cycle[0], *(cycle[1 + (i - 1 + r) % m] for i in range(1, len(cycle))))


def _place_name(place: Place) -> str:
    return f"{place_table(place)}{place_seat(place).name}"


def _parse_place(text: str) -> Place:
    return (int(text[:-1]) - 1) * 4 + Seat.parse(text[-1])


@dataclass(frozen=True)
class Score:
    """How far a seating is from every property holding (zeros and the spread at best)."""

    partnered: int
    """Rounds in which a husband and wife are partners (never allowed)."""
    uncovered: int
    """Pairs of players who never hold the same cards."""
    repeated: int
    """Partnerships beyond the first between the same two players."""
    unmixed: int
    """Partnerships (per round) of two ladies or two gentlemen."""
    spread: int
    """Sum of squares of the same-cards counts (lower is more even)."""

    @property
    def value(self) -> int:
        """One number ordering scores lexicographically."""
        return (
            self.partnered * _PARTNERED
            + self.uncovered * _UNCOVERED
            + self.repeated * _REPEATED
            + self.unmixed * _UNMIXED
            + self.spread
        )


@dataclass(frozen=True)
class Progress:
    """One report of the search: steps so far, the best seating and its score."""

    step: int
    steps: int
    best: Seating
    score: Score
    done: bool


def score(seating: Seating) -> Score:
    """Count the shortfalls of `seating` by playing its rounds through."""
    n = seating.couples
    players = 2 * n
    same = [0] * (players * players)
    partners = [0] * (players * players)
    unmixed = partnered = 0
    for r in range(seating.rounds):
        ladies, gents = seating.places(r)
        at: dict[Place, int] = {p: i for i, p in enumerate(ladies)}
        at.update({p: n + i for i, p in enumerate(gents)})
        for seat in range(4):
            column = [at[t * 4 + seat] for t in range(seating.tables)]
            for a, b in combinations(column, 2):
                same[a * players + b] += 1
        for t in range(seating.tables):
            for s in (0, 1):
                a, b = at[t * 4 + s], at[t * 4 + s + 2]
                partners[min(a, b) * players + max(a, b)] += 1
                unmixed += (a < n) == (b < n)
                partnered += abs(a - b) == n
    uncovered = spread = repeated = 0
    for a, b in combinations(range(players), 2):
        c = same[a * players + b] + same[b * players + a]
        uncovered += c == 0
        spread += c * c
        repeated += max(0, partners[a * players + b] - 1)
    return Score(partnered, uncovered, repeated, unmixed, spread)


def _start(couples: int, rng: random.Random) -> Seating:
    """A random seating with lady a at table 1 North, gentleman 1 North in the second set,
    and every couple split between the sets; with 2 couples over, two couples (chosen at
    random) both in the second set, the larger."""
    tables = couples // 2
    half = tables // 2
    first = [p for p in range(half * 4) if p != 0]
    second = [p for p in range(half * 4, tables * 4) if p != half * 4]
    rng.shuffle(first)
    rng.shuffle(second)
    both = (
        set(rng.sample(range(1, couples), (len(second) - len(first)) // 2))
        if half * 4 < couples
        else set()
    )
    ladies, gents = [0], [half * 4]
    for i in range(1, couples):
        pair = [second.pop() if i in both else first.pop(), second.pop()]
        rng.shuffle(pair)
        ladies.append(pair[0])
        gents.append(pair[1])
    return Seating(couples, tuple(ladies), tuple(gents))


def _neighbour(seating: Seating, rng: random.Random) -> Seating:
    """Swap two moving players of one set, or a wife with her husband (who is in which set
    stays as `_start` made it)."""
    n = seating.couples
    ladies, gents = list(seating.ladies), list(seating.gentlemen)
    if rng.random() < 0.2:
        i = rng.randrange(1, n)
        ladies[i], gents[i] = gents[i], ladies[i]
    else:
        half = seating.tables // 2 * 4
        movers = [(ladies, i) for i in range(1, n)] + [(gents, i) for i in range(1, n)]
        (la, i), (lb, j) = rng.sample(movers, 2)
        while (la[i] < half) != (lb[j] < half):
            (la, i), (lb, j) = rng.sample(movers, 2)
        la[i], lb[j] = lb[j], la[i]
    return Seating(n, tuple(ladies), tuple(gents))


def best_possible(couples: int) -> Score:
    """A lower bound on the score of any seating, from counting alone.

    Lady a and gentleman 1 never move, so they hold the same cards in every round or never:
    every round, then (`couples - 1` times). Each of the other `tables - 2` places in their
    column hosts every lady (or every gentleman) once over the rounds, so a and 1 meet the
    ladies and the gentlemen about `(tables - 2) / 2` times each at best, and one sex not at
    all when that is below 1. The movers share the rest of the meetings, at best as evenly as
    arithmetic allows.
    """
    n, tables = couples, couples // 2
    rounds, movers = n - 1, 2 * n - 2
    mover_pairs = movers * (movers - 1) // 2
    meetings = rounds * 4 * tables * (tables - 1) // 2
    ladies = (tables - 2) // 2
    gents = tables - 2 - ladies
    rest = meetings - rounds - 2 * rounds * (tables - 2)
    low, extra = divmod(rest, mover_pairs)
    uncovered = 2 * rounds * ((ladies == 0) + (gents == 0))
    uncovered += mover_pairs - rest if low == 0 else 0
    spread = (
        rounds * rounds
        + 2 * rounds * (ladies * ladies + gents * gents)
        + (mover_pairs - extra) * low * low
        + extra * (low + 1) ** 2
    )
    return Score(0, uncovered, 0, 0, spread)


def search(
    couples: int, seed: int = 1, steps: int = 200_000, report_every: int = 2_000
) -> Iterator[Progress]:
    """Hill-climb from random seatings; yield progress every `report_every` steps.

    Stops early on reaching `best_possible` (nobody misses anyone where counting allows,
    nobody partners anyone twice, every partnership a lady and a gentleman, the same-cards
    counts as even as they can be); the last report has `done=True`.
    """
    check_couples(couples)
    rng = random.Random(seed)
    target = best_possible(couples)
    current = _start(couples, rng)
    current_score = score(current)
    best, best_score = current, current_score
    stale = 0
    for step in range(1, steps + 1):
        candidate = _neighbour(current, rng)
        cand_score = score(candidate)
        if cand_score.value <= current_score.value:
            stale = 0 if cand_score.value < current_score.value else stale + 1
            current, current_score = candidate, cand_score
            if cand_score.value < best_score.value:
                best, best_score = candidate, cand_score
        else:
            stale += 1
        if best_score.value <= target.value:
            yield Progress(step, steps, best, best_score, True)
            return
        if stale > 2_000:  # stuck on a plateau: restart from a fresh random seating
            current = _start(couples, rng)
            current_score = score(current)
            stale = 0
        if step % report_every == 0 and step < steps:
            yield Progress(step, steps, best, best_score, False)
    yield Progress(steps, steps, best, best_score, True)


def find(couples: int, seed: int = 1, steps: int = 200_000) -> Progress:
    """Run the search to the end and return its last report."""
    return deque(search(couples, seed, steps), maxlen=1)[0]
