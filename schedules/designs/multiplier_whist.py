"""Whist first rounds invariant under a multiplier, found by annealing over its orbits: the
search behind schedules/data/whist/multiplier.json (tools/multiplier_search.py runs it with a C
kernel), which the engine reruns in Python for the sizes whose stored entry is missing.

G = Z_m1 x Z_m2 x ... has order v - 1 (one fixed player; for v = 1 mod 4 also a hole
H = <t> of order 4) or v - 4 (four fixed players and a hole H, the elements of order 2; see
schedules.designs.holed_whist). The multiplier alpha acts on the coordinates: an integer u
multiplies one, `w` takes the next two (of one modulus) as a + b w and multiplies by w, a
root of w^2 + w + 1. The first round is made alpha-invariant: the fixed players' games and
further games hold only elements alpha fixes, the other games come in orbits of alpha. With
fewer than 12 fixed elements, alpha (of order 3) keeps the first of four fixed players at a
game of fixed elements and takes the second's game to the third's and the fourth's. The
search anneals over the orbit games' representatives, seeded by a xorshift generator that the
C kernel shares, so a seed gives the same round in either; it restarts after `stall` moves
without a new best.

Why this helps: alpha fixes a subgroup K and moves the rest of G in orbits of size h, so the
fixed elements form a small whist first round of their own and the rest is a problem h times
smaller than the first round. What cannot work is refused (ValueError): alpha of even order (it
would repeat a partner difference), an element of order 2 outside the hole (developing counts
its pairs twice), fixed elements or orbits that do not fill whole games. So sizes where v - 1
is prime get nothing here: G = Z_(v-1) has no alpha fixing three elements besides 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from schedules.designs.holed_whist import HoledStarter, hole_counts, holed_defects
from schedules.designs.whist import Game, Group, Starter, as_game, group, starter_defects
from schedules.designs.xorshift import XorShift
from schedules.package_data import changed_options

TEMPERATURE = 0.7
STALL = 200_000
"""Defaults; a run that changes either names it in its command."""

Token = int | str


def parse_multiplier(text: str) -> list[Token]:
    """'1,16' or 'w,1' as tokens: integers, and 'w'."""
    return [part if part == "w" else int(part) for part in text.split(",")]


def alpha_table(moduli: tuple[int, ...], tokens: list[Token]) -> list[int]:
    """alpha on the elements of G (mixed radix, lowest modulus first)."""
    g = group(moduli)
    table = []
    for x in range(g.order):
        digits, rest = [], x
        for m in moduli:
            digits.append(rest % m)
            rest //= m
        image, i = [], 0
        for token in tokens:
            if isinstance(token, int):
                image.append(token * digits[i] % moduli[i])
                i += 1
                continue
            if token == "w":  # a + b w -> w (a + b w), with w^2 = -1 - w
                a, b, m = digits[i], digits[i + 1], moduli[i]
                image += [-b % m, (a - b) % m]
                i += 2
                continue
            raise ValueError(f"unknown multiplier part {token!r}")
        if i != len(moduli):
            raise ValueError("the multiplier does not cover every coordinate")
        code, place = 0, 1
        for d, m in zip(image, moduli, strict=True):
            code, place = code + d * place, place * m
        table.append(code)
    if sorted(table) != list(range(g.order)) or table[0] != 0:
        raise ValueError("the multiplier is not an automorphism of G")
    return table


def _order(g: Group, x: int) -> int:
    k, y = 1, x
    while y:
        y, k = g.add_table[y][x], k + 1
    return k


def _hole(g: Group, fixed: list[int], points: int) -> tuple[int, int, int, int]:
    """H: (0, e1, e2, e1 + e2), the elements of order 2, with four fixed players when G has
    three; otherwise (0, t, 2t, 3t) with t of order 4 fixed by the multiplier (so 2t is the
    one element of order 2 when G has one)."""
    add = g.add_table
    involutions = [x for x in range(1, g.order) if add[x][x] == 0]
    if points == 4 and len(involutions) == 3:
        first, second, third = involutions
        return (0, first, second, third)
    if points == 4 and len(involutions) != 1:
        raise ValueError("every element of order 2 must lie in the hole: G needs one or three")
    t = next((x for x in fixed if _order(g, x) == 4), None)
    if t is None:
        raise ValueError("the multiplier must fix an element of order 4")
    return (0, t, add[t][t], add[add[t][t]][t])


def _powers(alpha: list[int]) -> list[list[int]]:
    """alpha^0, alpha^1, ... up to its order."""
    powers = [list(range(len(alpha)))]
    while (step := [alpha[x] for x in powers[-1]]) != powers[0]:
        powers.append(step)
    return powers


def _representatives(powers: list[list[int]], n: int) -> list[int]:
    """The smallest element of each orbit of alpha on G that alpha moves (all orbits must
    have alpha's order)."""
    seen: set[int] = set()
    reps = []
    for x in range(n):
        if x not in seen and powers[1 % len(powers)][x] != x:
            orbit = {p[x] for p in powers}
            if len(orbit) != len(powers):
                raise ValueError(
                    "alpha must move every element it does not fix in orbits of one size"
                )
            seen |= orbit
            reps.append(x)
    return reps


class Problem:
    """The layout the kernel anneals: slots of games (pinned fixed players, fixed elements,
    orbit representatives), alpha's powers and the per-element targets."""

    def __init__(self, players: int, moduli: tuple[int, ...], tokens: list[Token]) -> None:
        self.players, self.moduli = players, moduli
        g = self.g = group(moduli)
        n = g.order
        self.points = players - n
        if (self.points, players % 4) not in ((1, 0), (1, 1), (4, 0)):
            raise ValueError(
                f"{players} players: G must have order v - 1, or v - 4 when v = 0 mod 4"
            )
        alpha = alpha_table(moduli, tokens)
        fixed = [x for x in range(n) if alpha[x] == x]
        # Four fixed players sit at games of fixed elements, unless there are too few: then
        # an alpha of order 3 keeps the first at a fixed game and turns the other three.
        self.turned = self.points == 4 and (len(fixed) < 12 or len(fixed) % 4 != 0)
        alpha += [n, n + 2, n + 3, n + 1] if self.turned else list(range(n, players))
        self.powers = _powers(alpha)
        h = len(self.powers)
        if h % 2 == 0:
            # alpha^(h/2) would send a partner pair {x, x + (0, l)} to one with difference
            # (0, -l): the same class twice
            raise ValueError("the multiplier must have odd order")
        if self.turned and h != 3:
            raise ValueError("with fewer than 12 fixed elements the multiplier must have order 3")
        self.hole = None if (self.points, players % 4) == (1, 0) else _hole(g, fixed, self.points)
        involutions = {x for x in range(1, n) if g.add_table[x][x] == 0}
        if not involutions <= set(self.hole or ()):
            # a pair {x, x + e} with 2e = 0 counts twice as the first round develops, so
            # only the hole rounds can seat it
            raise ValueError("every element of order 2 must lie in the hole")
        if players % 4 == 1:
            fixed.remove(0)  # 0 sits out the first round
        reps = _representatives(self.powers, n)
        at_fixed = 1 if self.turned else self.points  # fixed players at games of fixed elements
        turned = self.points - at_fixed
        if (
            len(fixed) < 3 * at_fixed
            or (len(fixed) - 3 * at_fixed) % 4
            or (len(reps) - 3 * bool(turned)) % 4
        ):
            raise ValueError("the fixed elements and the orbits do not fill whole games")
        self.slots: list[int] = []
        self.kinds: list[int] = []  # 0 pinned, 1 a fixed element, 2 an orbit representative
        for i in range(at_fixed):
            self.slots += [n + i, *fixed[3 * i : 3 * i + 3]]
            self.kinds += [0, 1, 1, 1]
        rest = fixed[3 * at_fixed :]
        self.slots += rest
        self.kinds += [1] * len(rest)
        if turned:  # the second fixed player's game; alpha takes it to the third's and fourth's
            self.slots += [n + 1, *reps[:3]]
            self.kinds += [0, 2, 2, 2]
            reps = reps[3:]
        self.slots += reps
        self.kinds += [2] * len(reps)
        self.images = (
            [1] * (at_fixed + len(rest) // 4) + [h] * bool(turned) + [h] * (len(reps) // 4)
        )
        partners, opponents = [1] * n, [2] * n
        partners[0] = opponents[0] = 0
        if self.hole is not None:
            hole_partners, hole_opponents = hole_counts(g, self.hole, self.points)
            for d in self.hole:
                partners[d] -= hole_partners[d] // 4
                opponents[d] -= hole_opponents[d] // 4
        self.targets = partners + [0] * self.points + opponents + [0] * self.points

    def first_round(self, slots: list[int]) -> tuple[Game, ...]:
        """Every game: each base game and, for orbit games, its images under alpha."""
        games: list[Game] = []
        for t, images in enumerate(self.images):
            base = slots[4 * t : 4 * t + 4]
            games += [as_game(p[x] for x in base) for p in self.powers[:images]]
        return tuple(games)

    def starter(self, games: tuple[Game, ...], origin: str) -> Starter | HoledStarter:
        """The first round as the schedule engine takes it."""
        if self.hole is None:
            return Starter(self.moduli, games, True, origin)
        return HoledStarter(self.moduli, games, self.hole, self.points, origin)

    def difference(self, a: int, b: int) -> int:
        """a - b in G, or -1 when a fixed player is one of them or a is b (no count)."""
        n = self.g.order
        return self.g.sub(a, b) if a < n and b < n and a != b else -1


def defects(starter: Starter | HoledStarter) -> int:
    """0 when the first round makes a Wh."""
    return starter_defects(starter) if isinstance(starter, Starter) else holed_defects(starter)


@dataclass(frozen=True)
class Run:
    """One search as tools/multiplier_search.py runs it: its options and seed."""

    players: int
    moduli: tuple[int, ...]
    multiplier: str
    seed: int
    temperature: float = TEMPERATURE
    stall: int = STALL

    @property
    def command(self) -> str:
        """The tools/ command of the run, as the stored file records it."""
        options = changed_options(
            ("--temperature", self.temperature, TEMPERATURE), ("--stall", self.stall, STALL)
        )
        return (
            f"tools/multiplier_search.py {self.players} --moduli "
            f"{','.join(map(str, self.moduli))} --multiplier {self.multiplier} "
            f"--seed {self.seed}{options}"
        )

    def problem(self) -> Problem:
        """The layout the search anneals."""
        return Problem(self.players, self.moduli, parse_multiplier(self.multiplier))


PAIRS = ((0, 2, 0), (1, 3, 0), (0, 1, 1), (0, 3, 1), (2, 1, 1), (2, 3, 1))
"""The seats of a game as (seat, seat, 0 partners or 1 opponents)."""
TOUCHING = tuple(tuple(i for i, pair in enumerate(PAIRS) if seat in pair[:2]) for seat in range(4))
"""The pairs each seat is in."""


def anneal(problem: Problem, seed: int, temperature: float, stall: int) -> list[int]:
    """The slots of an alpha-invariant first round, by the C kernel's annealing move for move
    (the same seed gives the same round): a move swaps two slots of one kind, or one time in
    four turns an orbit representative into another element of its orbit."""
    rng = XorShift(seed)
    v, powers, images = problem.players, problem.powers, problem.images
    h = len(powers)
    keys = _pair_keys(problem)
    pools = {k: [i for i, kind in enumerate(problem.kinds) if kind == k] for k in (1, 2)}
    target = problem.targets

    def pairs_keys(seat: list[int], t: int, which: tuple[int, ...]) -> list[int]:
        table = keys[images[t]]
        found: list[int] = []
        for p in which:
            a, b, k = PAIRS[p]
            found += table[k][seat[4 * t + a] * v + seat[4 * t + b]]
        return found

    while True:
        seat = list(problem.slots)
        for k in (1, 2):
            pool = pools[k]
            for z in range(len(pool) - 1, 0, -1):
                a, b = pool[z], pool[rng.below(z + 1)]
                seat[a], seat[b] = seat[b], seat[a]
        for a in pools[2]:
            seat[a] = powers[rng.below(h)][seat[a]]
        count = [0] * len(target)
        for t in range(len(images)):
            for key in pairs_keys(seat, t, tuple(range(6))):
                count[key] += 1
        cost = sum(abs(c - x) for c, x in zip(count, target, strict=True))
        best, stalled = cost, 0
        while cost > 0 and stalled < stall:
            k = 2 if (rng.below(3) and len(pools[2]) >= 2) or len(pools[1]) < 2 else 1
            pool = pools[k]
            i, j, turn = pool[rng.below(len(pool))], -1, 0
            if k == 2 and h > 1 and rng.below(4) == 0:
                turn = 1 + rng.below(h - 1)
            else:
                j = pool[rng.below(len(pool))]
                if j == i or (i // 4 == j // 4 and (i - j) % 2 == 0):
                    stalled += 1
                    continue
            # only the pairs of the moved seats change
            if j >= 0 and i // 4 == j // 4:
                touched = [(i // 4, tuple(sorted({*TOUCHING[i % 4], *TOUCHING[j % 4]})))]
            else:
                touched = [(i // 4, TOUCHING[i % 4])] + [(j // 4, TOUCHING[j % 4])] * (j >= 0)
            change: dict[int, int] = {}
            for t, which in touched:
                for key in pairs_keys(seat, t, which):
                    change[key] = change.get(key, 0) - 1
            old_i, old_j = seat[i], seat[j] if j >= 0 else -1
            if turn:
                seat[i] = powers[turn][old_i]
            else:
                seat[i], seat[j] = old_j, old_i
            for t, which in touched:
                for key in pairs_keys(seat, t, which):
                    change[key] = change.get(key, 0) + 1
            delta = 0
            for key, c in change.items():
                x = count[key] - target[key]
                delta += abs(x + c) - abs(x)
            if delta > 0 and rng.uniform() >= math.exp(-delta / temperature):
                seat[i] = old_i
                if j >= 0:
                    seat[j] = old_j
                stalled += 1
                continue
            for key, c in change.items():
                count[key] += c
            cost += delta
            best, stalled = (cost, 0) if cost < best else (best, stalled + 1)
        if cost == 0:
            return seat


def _pair_keys(problem: Problem) -> dict[int, list[list[tuple[int, ...]]]]:
    """By the images a game has (1 or alpha's order), by partners (0) or opponents (1), by
    a v + b: the counts the seats a and b add to, both differences under each image."""
    v, powers = problem.players, problem.powers
    tables: dict[int, list[list[tuple[int, ...]]]] = {}
    for images in set(problem.images):
        tables[images] = [
            [
                ()
                if (d := problem.difference(a, b)) < 0
                else tuple(
                    k * v + p[x] for p in powers[:images] for x in (d, problem.difference(b, a))
                )
                for a in range(v)
                for b in range(v)
            ]
            for k in (0, 1)
        ]
    return tables


def search(run: Run) -> Starter | HoledStarter:
    """The first round `run` finds, its origin naming the run."""
    problem = run.problem()
    games = problem.first_round(anneal(problem, run.seed, run.temperature, run.stall))
    return problem.starter(games, run.command)
