"""Bordered Howell designs: H(m+1, 2n) developed over Z_m with one fixed round and tray set.

Where no design develops over a group of order s (even n with s = n + 1 or, for n = 2 mod 4,
s = n; see schedules.howell_layouts.partial), we let Z_m act on rounds G + {oo_R}, tray sets
G + {oo_C} and points G x {0, 1} (+ two fixed points when 2n = 2m + 2):

- round oo_R plays the orbit of P0 = {(0,0), (a,1)}, cell P0 + g on tray set g, plus (with fixed
  points) the corner cell {oo_1, oo_2} on tray set oo_C;
- tray set oo_C is played in round g by Q0 + g, Q0 = {(x,0), (x+b,1)} in the base round;
- the base round (round 0) holds Q0, the cells of the fixed points and further pairs, each on a
  distinct tray set c of G; round g adds g to every entry and column.

Every round and every tray set then covers all points once when the base round does and the
base cells minus their columns, with P0, cover the points once (the column condition); no two
points meet twice when the base pairs lie in distinct orbits: mixed pairs by y - x, pure pairs
by +-(y - x) on their side, never with y - x = -(y - x) (that orbit repeats every pair).
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

Point = tuple[int, int]
"""(x, side): x in Z_m, side 0 or 1."""


@dataclass(frozen=True)
class Bordered:
    """A base round with its columns; the fixed points are "a" and "b" when present."""

    m: int
    fixed: bool
    p0: int
    """a in P0 = {(0,0), (a,1)}."""
    q0: tuple[Point, Point]
    singles: tuple[tuple[Point, int], ...]
    """(point facing a fixed point, column)."""
    pairs: tuple[tuple[Point, Point, int], ...]
    """(north-south point, east-west point, column)."""


def _orbit(p: Point, q: Point, m: int) -> tuple[int, ...] | None:
    """The orbit of the pair {p, q} under Z_m, or None if it repeats a pair."""
    if p[1] != q[1]:
        first, second = (p, q) if p[1] == 0 else (q, p)
        return (2, (second[0] - first[0]) % m)
    d = (q[0] - p[0]) % m
    if d == 0 or (2 * d) % m == 0:
        return None
    return (p[1], min(d, m - d))


class _Search:
    def __init__(self, m: int, fixed: bool, rng: Random, budget: int) -> None:
        self.m, self.fixed, self.rng, self.budget = m, fixed, rng, budget
        self.row: set[Point] = set()
        self.col: set[Point] = set()
        self.orbits: set[tuple[int, ...]] = set()
        self.columns: set[int] = set()
        self.singles: list[tuple[Point, int]] = []
        self.pairs: list[tuple[Point, Point, int]] = []

    def run(self) -> Bordered | None:
        m, rng = self.m, self.rng
        a = rng.randrange(m)
        b = rng.choice([x for x in range(m) if x != a])
        x = rng.randrange(m)
        q0 = ((x, 0), ((x + b) % m, 1))
        self.col |= {(0, 0), (a, 1)}
        self.row |= set(q0)
        self.orbits |= {(2, a), (2, b)}
        self.order = [(x, side) for x in range(m) for side in (0, 1)]
        rng.shuffle(self.order)
        try:
            if not self._extend():
                return None
        except _OutOfBudgetError:
            return None
        return Bordered(m, self.fixed, a, q0, tuple(self.singles), tuple(self.pairs))

    def _shift(self, p: Point, c: int) -> Point:
        return ((p[0] - c) % self.m, p[1])

    def _free_columns(self, points: tuple[Point, ...]) -> list[int]:
        options = []
        for c in range(self.m):
            if c in self.columns:
                continue
            moved = {self._shift(p, c) for p in points}
            if len(moved) == len(points) and not moved & self.col:
                options.append(c)
        self.rng.shuffle(options)
        return options

    def _place(self, points: tuple[Point, ...], c: int, on: bool) -> None:
        moved = {self._shift(p, c) for p in points}
        if on:
            self.row |= set(points)
            self.col |= moved
            self.columns.add(c)
        else:
            self.row -= set(points)
            self.col -= moved
            self.columns.discard(c)

    def _extend(self) -> bool:
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfBudgetError
        u = next((p for p in self.order if p not in self.row), None)
        if u is None:
            return len(self.singles) == (2 if self.fixed else 0)
        if self.fixed and len(self.singles) < 2:
            for c in self._free_columns((u,)):
                self._place((u,), c, True)
                self.singles.append((u, c))
                if self._extend():
                    return True
                self.singles.pop()
                self._place((u,), c, False)
        partners = [p for p in self.order if p not in self.row and p != u]
        self.rng.shuffle(partners)
        for v in partners:
            orbit = _orbit(u, v, self.m)
            if orbit is None or orbit in self.orbits:
                continue
            for c in self._free_columns((u, v)):
                self._place((u, v), c, True)
                self.orbits.add(orbit)
                self.pairs.append((u, v, c))
                if self._extend():
                    return True
                self.pairs.pop()
                self.orbits.discard(orbit)
                self._place((u, v), c, False)
        return False


class _OutOfBudgetError(Exception):
    pass


def find_bordered(
    m: int, fixed: bool, seed: int = 0, attempts: int = 200, budget: int = 2000
) -> Bordered | None:
    """A bordered design over Z_m (with two fixed points if `fixed`), or None if the randomised
    search gives up."""
    if m < 3:
        return None
    rng = Random(seed)
    for _ in range(attempts):
        found = _Search(m, fixed, Random(rng.random()), budget).run()
        if found is not None:
            return found
    return None


Cell = tuple[int, int, int]


def develop_bordered(design: Bordered) -> list[list[Cell]]:
    """Rounds of cells (ns, ew, tray set): rounds 0..m-1 are g, round m is oo_R; tray sets
    0..m-1 are g, tray set m is oo_C; point (x, side) is side*m + x, fixed points 2m, 2m+1."""
    m = design.m

    def num(p: Point, g: int) -> int:
        return p[1] * m + (p[0] + g) % m

    rounds = []
    for g in range(m):
        row = [(num(design.q0[0], g), num(design.q0[1], g), m)]
        row += [(2 * m + i, num(p, g), (c + g) % m) for i, (p, c) in enumerate(design.singles)]
        row += [(num(p, g), num(q, g), (c + g) % m) for p, q, c in design.pairs]
        rounds.append(row)
    border = [(num((0, 0), g), num((design.p0, 1), g), g) for g in range(m)]
    if design.fixed:
        border.insert(0, (2 * m, 2 * m + 1, m))
    rounds.append(border)
    return rounds


STORED_BORDERED: dict[tuple[int, bool], Bordered] = {
    # (m, fixed): found by tools/bordered_search.py TABLES (the seed and time of each below),
    # beyond the sizes the run-time search reaches quickly.
    # seed 0, 10.6 s
    (17, True): Bordered(
        m=17,
        fixed=True,
        p0=9,
        q0=((8, 0), (10, 1)),
        singles=(((9, 1), 8), ((3, 0), 1)),
        pairs=(
            ((12, 1), (9, 0), 13),
            ((7, 1), (11, 1), 16),
            ((13, 1), (16, 0), 0),
            ((4, 1), (4, 0), 7),
            ((14, 0), (5, 1), 3),
            ((5, 0), (2, 0), 12),
            ((6, 0), (16, 1), 5),
            ((11, 0), (1, 0), 6),
            ((14, 1), (3, 1), 14),
            ((15, 1), (0, 1), 10),
            ((8, 1), (1, 1), 15),
            ((0, 0), (15, 0), 11),
            ((13, 0), (2, 1), 4),
            ((6, 1), (10, 0), 2),
            ((12, 0), (7, 0), 9),
        ),
    ),
    # seed 0, 1.7 s
    (18, False): Bordered(
        m=18,
        fixed=False,
        p0=8,
        q0=((7, 0), (17, 1)),
        singles=(),
        pairs=(
            ((12, 1), (6, 0), 0),
            ((14, 1), (12, 0), 10),
            ((17, 0), (0, 0), 2),
            ((5, 0), (8, 0), 9),
            ((5, 1), (4, 1), 3),
            ((1, 0), (11, 0), 6),
            ((13, 1), (4, 0), 14),
            ((16, 0), (9, 0), 5),
            ((15, 0), (0, 1), 12),
            ((2, 0), (14, 0), 13),
            ((1, 1), (15, 1), 1),
            ((3, 1), (6, 1), 8),
            ((10, 1), (16, 1), 7),
            ((11, 1), (13, 0), 4),
            ((7, 1), (2, 1), 15),
            ((9, 1), (10, 0), 16),
            ((8, 1), (3, 0), 11),
        ),
    ),
    # seed 0, 0.9 s
    (20, False): Bordered(
        m=20,
        fixed=False,
        p0=16,
        q0=((1, 0), (7, 1)),
        singles=(),
        pairs=(
            ((0, 0), (2, 0), 13),
            ((0, 1), (6, 0), 5),
            ((16, 1), (8, 0), 10),
            ((17, 1), (13, 0), 8),
            ((3, 0), (3, 1), 9),
            ((15, 0), (5, 1), 2),
            ((9, 0), (5, 0), 19),
            ((12, 0), (19, 0), 4),
            ((10, 1), (15, 1), 3),
            ((18, 1), (19, 1), 1),
            ((14, 1), (6, 1), 15),
            ((1, 1), (14, 0), 17),
            ((4, 0), (16, 0), 0),
            ((17, 0), (2, 1), 14),
            ((10, 0), (8, 1), 18),
            ((7, 0), (18, 0), 16),
            ((13, 1), (11, 0), 12),
            ((12, 1), (9, 1), 7),
            ((11, 1), (4, 1), 11),
        ),
    ),
    # seed 0, 3.5 s
    (21, True): Bordered(
        m=21,
        fixed=True,
        p0=1,
        q0=((20, 0), (18, 1)),
        singles=(((12, 0), 14), ((10, 0), 2)),
        pairs=(
            ((15, 1), (3, 0), 4),
            ((11, 0), (19, 0), 7),
            ((3, 1), (13, 0), 3),
            ((17, 1), (8, 1), 15),
            ((0, 0), (5, 0), 10),
            ((7, 1), (14, 0), 0),
            ((6, 0), (9, 0), 12),
            ((6, 1), (10, 1), 1),
            ((17, 0), (0, 1), 8),
            ((4, 1), (5, 1), 9),
            ((20, 1), (14, 1), 17),
            ((18, 0), (16, 0), 13),
            ((11, 1), (13, 1), 5),
            ((12, 1), (1, 1), 18),
            ((4, 0), (15, 0), 19),
            ((8, 0), (2, 0), 16),
            ((2, 1), (9, 1), 11),
            ((1, 0), (19, 1), 20),
            ((7, 0), (16, 1), 6),
        ),
    ),
    # seed 0, 38.1 s
    (22, False): Bordered(
        m=22,
        fixed=False,
        p0=19,
        q0=((0, 0), (13, 1)),
        singles=(),
        pairs=(
            ((18, 1), (15, 1), 16),
            ((9, 1), (1, 1), 9),
            ((14, 1), (21, 0), 13),
            ((10, 0), (10, 1), 5),
            ((12, 1), (9, 0), 18),
            ((2, 1), (3, 0), 15),
            ((4, 1), (14, 0), 20),
            ((7, 1), (11, 0), 0),
            ((18, 0), (5, 1), 12),
            ((2, 0), (8, 1), 10),
            ((20, 1), (4, 0), 17),
            ((8, 0), (6, 1), 11),
            ((0, 1), (15, 0), 14),
            ((21, 1), (16, 1), 3),
            ((1, 0), (19, 0), 2),
            ((6, 0), (7, 0), 4),
            ((5, 0), (19, 1), 7),
            ((17, 1), (13, 0), 6),
            ((11, 1), (16, 0), 1),
            ((17, 0), (3, 1), 21),
            ((20, 0), (12, 0), 8),
        ),
    ),
    # seed 0, 43.0 s
    (24, False): Bordered(
        m=24,
        fixed=False,
        p0=14,
        q0=((4, 0), (4, 1)),
        singles=(),
        pairs=(
            ((10, 1), (21, 1), 3),
            ((20, 0), (18, 1), 19),
            ((19, 1), (14, 1), 23),
            ((22, 0), (23, 0), 14),
            ((0, 1), (15, 0), 22),
            ((8, 0), (16, 0), 9),
            ((17, 1), (7, 1), 4),
            ((7, 0), (11, 0), 5),
            ((5, 1), (6, 1), 13),
            ((8, 1), (15, 1), 10),
            ((19, 0), (2, 1), 1),
            ((16, 1), (1, 1), 16),
            ((1, 0), (12, 1), 6),
            ((9, 1), (17, 0), 12),
            ((23, 1), (18, 0), 15),
            ((10, 0), (13, 1), 18),
            ((13, 0), (0, 0), 2),
            ((3, 1), (21, 0), 17),
            ((22, 1), (2, 0), 11),
            ((5, 0), (20, 1), 8),
            ((14, 0), (12, 0), 0),
            ((6, 0), (9, 0), 20),
            ((11, 1), (3, 0), 7),
        ),
    ),
    # seed 0, 56.2 s
    (25, True): Bordered(
        m=25,
        fixed=True,
        p0=22,
        q0=((14, 0), (0, 1)),
        singles=(((3, 0), 20), ((23, 1), 22)),
        pairs=(
            ((15, 0), (4, 1), 17),
            ((13, 0), (8, 0), 23),
            ((13, 1), (22, 1), 18),
            ((20, 1), (2, 0), 15),
            ((12, 0), (3, 1), 5),
            ((15, 1), (21, 0), 12),
            ((16, 0), (6, 1), 10),
            ((18, 0), (17, 0), 16),
            ((11, 1), (17, 1), 4),
            ((14, 1), (12, 1), 21),
            ((21, 1), (9, 0), 13),
            ((10, 0), (5, 1), 24),
            ((5, 0), (24, 0), 6),
            ((2, 1), (10, 1), 8),
            ((19, 0), (23, 0), 3),
            ((1, 1), (0, 0), 11),
            ((1, 0), (8, 1), 9),
            ((24, 1), (11, 0), 14),
            ((7, 0), (22, 0), 19),
            ((16, 1), (19, 1), 2),
            ((20, 0), (6, 0), 1),
            ((4, 0), (9, 1), 0),
            ((18, 1), (7, 1), 7),
        ),
    ),
    # seed 0, 49.4 s
    (26, False): Bordered(
        m=26,
        fixed=False,
        p0=17,
        q0=((15, 0), (14, 1)),
        singles=(),
        pairs=(
            ((20, 1), (8, 1), 10),
            ((11, 0), (13, 1), 14),
            ((10, 1), (1, 1), 25),
            ((16, 1), (22, 1), 2),
            ((23, 1), (23, 0), 16),
            ((4, 0), (1, 0), 22),
            ((18, 0), (16, 0), 7),
            ((20, 0), (12, 0), 17),
            ((10, 0), (5, 0), 18),
            ((0, 0), (12, 1), 11),
            ((19, 1), (24, 1), 24),
            ((21, 0), (11, 1), 15),
            ((22, 0), (6, 0), 12),
            ((2, 1), (19, 0), 5),
            ((5, 1), (3, 1), 0),
            ((13, 0), (9, 1), 1),
            ((3, 0), (2, 0), 4),
            ((15, 1), (14, 0), 23),
            ((4, 1), (17, 0), 21),
            ((7, 1), (0, 1), 20),
            ((7, 0), (18, 1), 3),
            ((8, 0), (25, 0), 6),
            ((21, 1), (25, 1), 9),
            ((6, 1), (17, 1), 13),
            ((24, 0), (9, 0), 8),
        ),
    ),
    # seed 0, 367.8 s
    (28, False): Bordered(
        m=28,
        fixed=False,
        p0=12,
        q0=((17, 0), (17, 1)),
        singles=(),
        pairs=(
            ((19, 1), (15, 0), 10),
            ((3, 1), (13, 1), 20),
            ((10, 0), (19, 0), 17),
            ((23, 1), (25, 0), 1),
            ((24, 1), (14, 0), 19),
            ((20, 1), (7, 0), 22),
            ((4, 0), (0, 0), 16),
            ((12, 0), (5, 1), 4),
            ((21, 1), (18, 0), 7),
            ((26, 1), (0, 1), 3),
            ((9, 1), (18, 1), 27),
            ((22, 0), (12, 1), 12),
            ((26, 0), (15, 1), 9),
            ((3, 0), (8, 1), 6),
            ((16, 1), (9, 0), 0),
            ((7, 1), (4, 1), 15),
            ((21, 0), (16, 0), 2),
            ((27, 1), (13, 0), 14),
            ((2, 0), (11, 1), 8),
            ((11, 0), (8, 0), 21),
            ((10, 1), (22, 1), 23),
            ((1, 0), (23, 0), 25),
            ((24, 0), (25, 1), 18),
            ((20, 0), (5, 0), 13),
            ((14, 1), (27, 0), 24),
            ((6, 0), (1, 1), 5),
            ((2, 1), (6, 1), 26),
        ),
    ),
    # seed 3, 2207.8 s
    (29, True): Bordered(
        m=29,
        fixed=True,
        p0=9,
        q0=((4, 0), (20, 1)),
        singles=(((16, 0), 4), ((18, 1), 11)),
        pairs=(
            ((25, 0), (8, 0), 2),
            ((27, 0), (27, 1), 12),
            ((10, 0), (7, 1), 17),
            ((1, 0), (25, 1), 23),
            ((24, 0), (6, 1), 6),
            ((2, 1), (10, 1), 7),
            ((9, 0), (5, 1), 21),
            ((3, 0), (26, 0), 13),
            ((1, 1), (0, 1), 25),
            ((12, 0), (11, 0), 10),
            ((4, 1), (8, 1), 16),
            ((6, 0), (24, 1), 1),
            ((28, 0), (21, 0), 0),
            ((23, 0), (20, 0), 9),
            ((13, 0), (19, 1), 22),
            ((13, 1), (5, 0), 26),
            ((17, 1), (15, 0), 5),
            ((22, 0), (14, 0), 18),
            ((3, 1), (17, 0), 14),
            ((18, 0), (11, 1), 20),
            ((23, 1), (19, 0), 24),
            ((26, 1), (9, 1), 28),
            ((22, 1), (16, 1), 8),
            ((21, 1), (2, 0), 15),
            ((14, 1), (0, 0), 3),
            ((7, 0), (28, 1), 27),
            ((12, 1), (15, 1), 19),
        ),
    ),
    # seed 0, 12.9 s
    (30, False): Bordered(
        m=30,
        fixed=False,
        p0=10,
        q0=((16, 0), (24, 1)),
        singles=(),
        pairs=(
            ((25, 1), (3, 0), 1),
            ((1, 0), (11, 0), 5),
            ((13, 0), (1, 1), 9),
            ((27, 0), (28, 0), 13),
            ((7, 1), (26, 0), 25),
            ((29, 0), (8, 0), 22),
            ((14, 1), (19, 0), 21),
            ((3, 1), (21, 1), 7),
            ((25, 0), (12, 1), 26),
            ((17, 0), (24, 0), 27),
            ((6, 1), (12, 0), 29),
            ((13, 1), (18, 1), 23),
            ((21, 0), (23, 0), 18),
            ((15, 1), (5, 1), 2),
            ((16, 1), (2, 0), 14),
            ((6, 0), (2, 1), 11),
            ((19, 1), (0, 0), 20),
            ((23, 1), (17, 1), 8),
            ((20, 0), (26, 1), 28),
            ((14, 0), (18, 0), 6),
            ((10, 1), (29, 1), 10),
            ((9, 0), (11, 1), 0),
            ((15, 0), (22, 1), 4),
            ((4, 1), (4, 0), 17),
            ((28, 1), (0, 1), 24),
            ((9, 1), (5, 0), 12),
            ((7, 0), (10, 0), 16),
            ((8, 1), (22, 0), 3),
            ((20, 1), (27, 1), 19),
        ),
    ),
}
"""Bordered designs kept as data, for 18 to 30 tables."""
