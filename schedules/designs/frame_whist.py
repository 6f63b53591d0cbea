"""Whist frames over Z_m x Z_m, found by the family search's two steps on a round invariant
under mu(x, y) = (-y, -x): the search behind schedules/data/whist/frame.json
(tools/frame_search.py runs it with a C kernel), which the engine reruns in Python, the
kernel's steps from the same seed, for the sizes whose stored entry is missing.

The frame's groups are the cosets of H = {(x, y) : x + y = 0 (mod groups)}; its first round
seats every element outside H once, and its games' partner differences meet every class
{d, -d} outside H once and the opponent differences twice. mu fixes only elements of H, so
games come in pairs {T, mu T}, and a few games {a, mu a, b, mu b} (partners a, mu a and b,
mu b) are fixed by mu; these give the classes that mu fixes their one partner meeting. Step 1
anneals the differences of half the games, step 2 is an exact cover
(`schedules.designs.dancing_links`) of the pairs {x, mu x} by translates of each game or of
its negation; when it fails, step 1 starts again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from schedules.designs.dancing_links import DancingLinks
from schedules.designs.family_whist import Limits
from schedules.designs.whist import Game, as_game
from schedules.designs.xorshift import XorShift

LIMITS = Limits(steps=2_000_000, cover_nodes=5_000_000, temperature=0.3)
"""The defaults; a run that changes one names it in its command."""


@dataclass(frozen=True)
class Run:
    """One search as tools/frame_search.py runs it: its sizes, seed and limits."""

    players: int
    side: int
    groups: int
    seed: int
    limits: Limits = LIMITS

    @property
    def command(self) -> str:
        """The tools/ command of the run, as the stored file records it."""
        return (
            f"tools/frame_search.py {self.players} --side {self.side} --groups {self.groups} "
            f"--seed {self.seed}{self.limits.options(LIMITS)}"
        )


def hole_size(players: int, side: int, groups: int) -> int:
    """The players the frame's hole adds (ValueError when the sizes do not fit)."""
    order = side * side
    hole = players - order
    if side % groups or groups < 5 or order != 3 * hole * groups or hole % 4:
        raise ValueError(
            f"{players} players: Z_{side} x Z_{side} with {groups} groups leaves a hole of "
            f"{hole}; it must be a multiple of 4 and a third of a group, with 5 groups or more"
        )
    return hole


class _Frame:
    """Z_m x Z_m as x + m y, with H, mu, and the annealing of step 1."""

    def __init__(self, side: int, groups: int, rng: XorShift) -> None:
        self.m, self.hm, self.n, self.rng = side, groups, side * side, rng
        n = self.n
        self.partners = [0] * n
        self.opponents = [0] * n
        self.cost = 0
        self.classes = fixed_classes = 0
        for d in range(1, n):
            if self.outside(d) and self.cls(d) == d:
                self.classes += 1
                fixed_classes += self.cls(self.mu(d)) == d
        games = (n - n // groups) // 4
        self.fixed_games = fixed_classes // 2
        self.pairs = (games - self.fixed_games) // 2
        if fixed_classes % 2 or 2 * self.pairs + self.fixed_games != games:
            raise ValueError(f"Z_{side} x Z_{side} with {groups} groups has no such frame")
        self.pair_games = [[0, 0, 0] for _ in range(self.pairs)]
        self.fixed = [[0, 0] for _ in range(self.fixed_games)]

    def add(self, u: int, v: int) -> int:
        m = self.m
        return (u % m + v % m) % m + m * ((u // m + v // m) % m)

    def neg(self, u: int) -> int:
        m = self.m
        return (m - u % m) % m + m * ((m - u // m) % m)

    def sub(self, u: int, v: int) -> int:
        return self.add(u, self.neg(v))

    def mu(self, u: int) -> int:
        return self.neg(u // self.m + self.m * (u % self.m))

    def cls(self, u: int) -> int:
        return min(u, self.neg(u))

    def outside(self, u: int) -> bool:
        return (u % self.m + u // self.m) % self.hm != 0

    def orbit(self, u: int) -> int:
        return min(u, self.mu(u))

    def count(self, partners: bool, d: int, s: int) -> None:
        counts, target = (self.partners, 1) if partners else (self.opponents, 2)
        d = self.cls(d)
        self.cost -= abs(counts[d] - target)
        counts[d] += s
        self.cost += abs(counts[d] - target)

    def pair_game(self, g: int, s: int) -> None:
        """Add (s = 1) or remove (s = -1) the game (0, b, c, d) of pair g and its image."""
        b, c, d = self.pair_games[g]
        for partners, differences in (
            (True, (c, self.sub(b, d))),
            (False, self.opponents_of(b, c, d)),
        ):
            for x in differences:
                self.count(partners, x, s)
                self.count(partners, self.mu(x), s)

    def opponents_of(self, b: int, c: int, d: int) -> tuple[int, int, int, int]:
        return (b, d, self.sub(c, b), self.sub(c, d))

    def fixed_game(self, g: int, s: int) -> None:
        """Add or remove the fixed game {a, mu a, b, mu b} g."""
        a, b = self.fixed[g]
        ma, mb = self.mu(a), self.mu(b)
        self.count(True, self.sub(ma, a), s)
        self.count(True, self.sub(mb, b), s)
        for x, y in ((b, a), (mb, a), (b, ma), (mb, ma)):
            self.count(False, self.sub(x, y), s)

    def apart(self, e: list[int]) -> bool:
        """No two of the game's four in one group."""
        return all(self.outside(self.sub(e[i], e[j])) for i in range(4) for j in range(i + 1, 4))

    def pair_ok(self, g: int) -> bool:
        return self.apart([0, *self.pair_games[g]])

    def fixed_ok(self, g: int) -> bool:
        """No difference in H, its orbits apart from the other fixed games'."""
        a, b = self.fixed[g]
        if not self.apart([a, self.mu(a), b, self.mu(b)]):
            return False
        if not self.outside(a) or not self.outside(b) or self.orbit(a) == self.orbit(b):
            return False
        mine = {self.orbit(a), self.orbit(b)}
        return not any(
            self.orbit(x) in mine for h, other in enumerate(self.fixed) if h != g for x in other
        )

    def accepts(self, old: int, temperature: float) -> bool:
        return self.cost <= old or self.rng.uniform() < math.exp((old - self.cost) / temperature)

    def anneal(self, steps: int, temperature: float) -> bool:
        """A fresh try of step 1: True when the differences reach cost 0 within `steps`."""
        rng, n = self.rng, self.n
        self.partners = [0] * n
        self.opponents = [0] * n
        self.cost = 3 * self.classes
        for g, game in enumerate(self.pair_games):
            while True:
                game[:] = [rng.below(n) for _ in range(3)]
                if self.pair_ok(g):
                    break
            self.pair_game(g, 1)
        for pair in self.fixed:
            pair[:] = [0, 0]
        for g, pair in enumerate(self.fixed):
            while True:
                pair[0] = rng.below(n)
                pair[1] = rng.below(n)
                if self.fixed_ok(g):
                    break
            self.fixed_game(g, 1)
        step = 0
        while step < steps and self.cost:
            step += 1
            old = self.cost
            if rng.below(self.pairs + self.fixed_games) < self.pairs:
                g, i = rng.below(self.pairs), rng.below(3)
                values, ok, change = self.pair_games[g], self.pair_ok, self.pair_game
            else:
                g, i = rng.below(self.fixed_games), 1 if rng.below(2) else 0
                values, ok, change = self.fixed[g], self.fixed_ok, self.fixed_game
            was = values[i]
            change(g, -1)
            values[i] = rng.below(n)
            if not ok(g):
                values[i] = was
                change(g, 1)
                continue
            change(g, 1)
            if self.accepts(old, temperature):
                continue
            change(g, -1)
            values[i] = was
            change(g, 1)
        return self.cost == 0

    def resolution(self, cover_nodes: int) -> list[tuple[int, ...]] | None:
        """Step 2: the games of the round, or None when the cover fails."""
        used = {self.orbit(x) for pair in self.fixed for x in pair}
        column: dict[int, int] = {}
        for x in range(self.n):
            if self.outside(x) and self.orbit(x) == x and x not in used:
                column[x] = len(column) + 1
        cover = DancingLinks(self.pairs + len(column))
        placed: list[list[int]] = []
        for g, game in enumerate(self.pair_games):
            base = [0, *game]
            for negated in (False, True):
                for t in range(self.n):
                    seats = [self.add(self.neg(x) if negated else x, t) for x in base]
                    columns = [
                        column.get(self.orbit(x), 0) if self.outside(x) else 0 for x in seats
                    ]
                    if 0 in columns or len(set(columns)) < 4:
                        continue
                    cover.add_option(g, [g + 1] + [self.pairs + c for c in columns])
                    placed.append(seats)
        picks = cover.search(self.rng, cover_nodes)
        if picks is None:
            return None
        games: list[tuple[int, ...]] = []
        for g in range(self.pairs):
            seats = placed[picks[g]]
            games += [tuple(seats), tuple(self.mu(x) for x in seats)]
        for a, b in self.fixed:
            games.append((a, b, self.mu(a), self.mu(b)))
        return games


def search(run: Run) -> tuple[int, tuple[Game, ...]]:
    """The tries and the frame's first round, as the C kernel of tools/frame_search.py finds
    them (ValueError when the sizes do not fit)."""
    hole_size(run.players, run.side, run.groups)
    frame = _Frame(run.side, run.groups, XorShift(run.seed))
    tries = 0
    while True:
        tries += 1
        if not frame.anneal(run.limits.steps, run.limits.temperature):
            continue
        games = frame.resolution(run.limits.cover_nodes)
        if games is not None:
            return tries, tuple(as_game(game) for game in games)
