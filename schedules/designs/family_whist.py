"""Z-cyclic whist first rounds found in two steps, a seated difference family and then its
resolution: the search behind schedules/data/whist/family.json (tools/family_search.py runs it
with a C kernel), which the engine reruns in Python, the kernel's steps from the same seed,
for the sizes whose stored entry is missing.

Over Z_n (n = v - 1 with infinity when v = 0 mod 4, n = v with 0 sitting out when v = 1
mod 4) a first round works exactly when its games' partner differences meet every class
{d, -d} once and the opponent differences twice; which elements the games seat matters only
for seating everyone once. So the search splits the two:

1. a seated difference family: games (0, b, c, d), and (infinity, a, 0, c) when
   1-rotational, found by annealing on the differences alone (the cost is how far each
   class's partner and opponent counts are from 1 and 2, a move changes one seat of one
   game, and a try not at cost 0 after `steps` moves starts afresh);
2. a resolution: translating a game keeps its differences and so does negating it, so an
   exact cover (`schedules.designs.dancing_links`) picks one of the 2n translates of each
   game or of its negation, within `cover_nodes` nodes. When it fails, step 1 starts again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from schedules.designs.dancing_links import DancingLinks
from schedules.designs.whist import Game, as_game
from schedules.designs.xorshift import XorShift
from schedules.package_data import changed_options


@dataclass(frozen=True)
class Limits:
    """How long a two-step search anneals a try and explores its cover, and how hot."""

    steps: int
    cover_nodes: int
    temperature: float

    def options(self, defaults: Limits) -> str:
        """The command-line options of the limits that differ from `defaults`."""
        return changed_options(
            ("--steps", self.steps, defaults.steps),
            ("--cover-nodes", self.cover_nodes, defaults.cover_nodes),
            ("--temperature", self.temperature, defaults.temperature),
        )


LIMITS = Limits(steps=2_000_000, cover_nodes=20_000_000, temperature=0.15)
"""The defaults; a run that changes one names it in its command."""


@dataclass(frozen=True)
class Run:
    """One search as tools/family_search.py runs it: its size, seed and limits."""

    players: int
    seed: int
    limits: Limits = LIMITS

    @property
    def command(self) -> str:
        """The tools/ command of the run, as the stored file records it."""
        options = self.limits.options(LIMITS)
        return f"tools/family_search.py {self.players} --seed {self.seed}{options}"


def group_order(players: int) -> tuple[int, bool]:
    """n, the order of Z_n, and whether the round is 1-rotational (ValueError for a size with
    no whist tournament)."""
    if players % 4 not in (0, 1) or players < 8:
        raise ValueError(f"{players} players: a whist tournament needs v = 0 or 1 (mod 4), v >= 8")
    rotational = players % 4 == 0
    return (players - 1 if rotational else players), rotational


class _Family:
    """Step 1 over Z_n: the free seats of each game and the class counts they make."""

    def __init__(self, n: int, rotational: bool, rng: XorShift) -> None:
        self.n, self.rng = n, rng
        self.classes = (n - 1) // 2
        games = (n + 1) // 4 if rotational else (n - 1) // 4
        # game 0 of a 1-rotational round is (infinity, a, 0, c): two free seats
        self.free = [2 if rotational and g == 0 else 3 for g in range(games)]
        self.values = [[0, 0, 0] for _ in range(games)]
        self.partners = [0] * (self.classes + 1)
        self.opponents = [0] * (self.classes + 1)

    def cls(self, x: int) -> int:
        x %= self.n
        return x if x <= self.n // 2 else self.n - x

    def change(self, g: int, s: int) -> int:
        """Add (s = 1) or remove (s = -1) game g: the change of the cost."""
        cls, v = self.cls, self.values[g]
        if self.free[g] == 2:
            a, c = v[0], v[1]
            partners, opponents = [cls(a - c)], [cls(a), cls(c)]
        else:
            b, c, w = v
            partners = [cls(c), cls(b - w)]
            opponents = [cls(b), cls(w), cls(c - b), cls(c - w)]
        d = 0
        for counts, target, keys in (
            (self.partners, 1, partners),
            (self.opponents, 2, opponents),
        ):
            for key in keys:
                d -= abs(counts[key] - target)
                counts[key] += s
                d += abs(counts[key] - target)
        return d

    def distinct(self, g: int) -> bool:
        v = self.values[g]
        return v[0] != v[1] and (self.free[g] == 2 or v[2] not in (v[0], v[1]))

    def anneal(self, steps: int, temperature: float) -> bool:
        """A fresh try: True when the family reaches cost 0 within `steps` moves."""
        rng, n, values = self.rng, self.n, self.values
        self.partners = [0] * (self.classes + 1)
        self.opponents = [0] * (self.classes + 1)
        cost = 3 * self.classes
        for g, free in enumerate(self.free):
            while True:
                for i in range(free):
                    values[g][i] = 1 + rng.next() % (n - 1)
                if self.distinct(g):
                    break
            cost += self.change(g, 1)
        games = len(self.free)
        step = 0
        while step < steps and cost:
            step += 1
            g = rng.next() % games
            i = rng.next() % self.free[g]
            old = values[g][i]
            now = values[g][i] = 1 + rng.next() % (n - 1)
            if now == old or not self.distinct(g):
                values[g][i] = old
                continue
            values[g][i] = old
            d = self.change(g, -1)
            values[g][i] = now
            d += self.change(g, 1)
            if d <= 0 or rng.uniform() < math.exp(-d / temperature):
                cost += d
                continue
            self.change(g, -1)
            values[g][i] = old
            self.change(g, 1)
        return cost == 0

    def blocks(self, infinity: int) -> list[tuple[int, int, int, int]]:
        """Each game's seats: (infinity, a, 0, c) or (0, b, c, d)."""
        return [
            (infinity, v[0], 0, v[1]) if free == 2 else (0, v[0], v[1], v[2])
            for free, v in zip(self.free, self.values, strict=True)
        ]


def search(run: Run) -> tuple[int, tuple[Game, ...]]:
    """The families tried and the first round found, as the C kernel of tools/family_search.py
    finds them (ValueError for a size with no whist tournament)."""
    players = run.players
    n, rotational = group_order(players)
    infinity = n
    rng = XorShift(run.seed)
    family = _Family(n, rotational, rng)
    games = len(family.free)
    tries = 0
    while True:
        tries += 1
        if not family.anneal(run.limits.steps, run.limits.temperature):
            continue
        cover = DancingLinks(games + (n if rotational else n - 1))
        placed: list[tuple[int, ...]] = []
        blocks = family.blocks(infinity)
        for g, block in enumerate(blocks):
            for sign in (1, -1):
                for shift in range(n):
                    seats = [x if x == infinity else (sign * x + shift) % n for x in block]
                    if not rotational and 0 in seats:
                        continue
                    columns = [g + 1] + [
                        games + (x + 1 if rotational else x) for x in seats if x != infinity
                    ]
                    cover.add_option(g, columns)
                    placed.append(tuple(seats))
        picks = cover.search(rng, run.limits.cover_nodes)
        if picks is not None:
            return tries, tuple(as_game(placed[picks[g]]) for g in range(games))
