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
from typing import Any

from schedules.designs.whist import SearchExhaustedError
from schedules.package_data import data_file, stored_entries

BORDERED = data_file("schedules", "howell", "bordered.json")

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
        except SearchExhaustedError:
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
            raise SearchExhaustedError
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


def bordered_from_entry(entry: dict[str, Any]) -> Bordered:
    """A bordered design as stored in JSON (schedules/data/howell/bordered.json and the
    bordered searches of schedules/data/howell/searches.json): points as [x, side]."""
    (a, sa), (b, sb) = entry["q0"]
    return Bordered(
        entry["m"],
        entry["fixed"],
        entry["p0"],
        ((a, sa), (b, sb)),
        tuple(((x, side), c) for (x, side), c in entry["singles"]),
        tuple(((x, sx), (y, sy), c) for (x, sx), (y, sy), c in entry["pairs"]),
    )


STORED_BORDERED: dict[tuple[int, bool], Bordered] = {
    (design.m, design.fixed): design
    for design in map(bordered_from_entry, stored_entries(BORDERED).values())
}
"""Bordered designs for 18 to 30 tables, beyond the sizes the run-time search reaches quickly:
found by tools/bordered_search.py TABLES (the seed and time of each are in the file)."""
