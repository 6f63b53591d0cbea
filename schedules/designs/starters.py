"""Howell starters and adders: one round of a Howell design that develops over a group.

A Howell design H(s, 2n) is an s x s array (rows are rounds, columns are tray sets) whose
filled cells hold two of 2n pairs; every pair is once in every row and every column and no two
pairs share a cell twice (docs/movement-rules.md#room-squares-and-howell-designs). H(2n-1, 2n)
is a Room square.

We build them over an abelian group G of order s with k = 2n - s fixed points oo_1 .. oo_k
(stationary pairs). The base round holds k cells {oo_j, z_j} and s - n cells {x_i, y_i} that
together cover G once (a *starter*): the differences +-(x_i - y_i) are all distinct, so no two
pairs meet twice when the round is developed (round g adds g to every finite entry). Each cell
also gets an *adder*, the column offset: the cell goes to column g + adder in round g. The adders
are distinct (one cell per column in a round) and the entries minus their adders cover G once
(every pair once per column). A *strong* starter takes x + y and 2z as adders, which makes the
column condition automatic (x - (x + y) = -y), so only distinctness is left to search.

The search is randomised backtracking with a node budget and restarts. With strong adders the
North-South entries of tray set 0 are exactly -y over the base pairs, so fixing the East-West
side `ew` of every base pair imposes the North-South sets of all tray sets (their translates):
that is how a difference set chosen for balance is built in.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from random import Random

from schedules.designs.groups import Group
from schedules.designs.whist import SearchExhaustedError


@dataclass(frozen=True)
class Starter:
    """The base round of a developed Howell design, with its adders."""

    group: Group
    singles: tuple[int, ...]
    """z_j: the finite pair facing the fixed point oo_j (oo_j sits North-South)."""
    single_adders: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    """(x, y): x sits North-South, y East-West."""
    pair_adders: tuple[int, ...]

    @property
    def tables(self) -> int:
        """Cells in a round: n."""
        return len(self.singles) + len(self.pairs)


Cell = tuple[int, int, int]
"""(north-south point, east-west point, column); fixed point oo_j is the point s + j."""


def develop(starter: Starter) -> list[list[Cell]]:
    """Every round of the design: round g (in group order), cells in base order (= tables)."""
    g = starter.group
    s = g.order
    rounds = []
    for r in range(s):
        row = [
            (s + j, g.add(z, r), g.add(a, r))
            for j, (z, a) in enumerate(zip(starter.singles, starter.single_adders, strict=True))
        ]
        row += [
            (g.add(x, r), g.add(y, r), g.add(a, r))
            for (x, y), a in zip(starter.pairs, starter.pair_adders, strict=True)
        ]
        rounds.append(row)
    return rounds


class _Search:
    """One randomised depth-first search for a starter with adders."""

    def __init__(
        self,
        group: Group,
        singles: int,
        ew: frozenset[int] | None,
        rng: Random,
        budget: int,
        strong: bool,
    ) -> None:
        self.g = group
        self.k = singles
        self.ew = ew
        self.rng = rng
        self.budget = budget
        self.strong = strong
        self.order = list(range(group.order))
        rng.shuffle(self.order)
        self.covered = [False] * group.order
        self.column = [False] * group.order
        self.diffs = [False] * group.order
        self.adders = [False] * group.order
        self.singles: list[tuple[int, int]] = []
        self.pairs: list[tuple[int, int, int]] = []

    def run(self) -> Starter | None:
        try:
            found = self._extend()
        except SearchExhaustedError:
            return None
        if not found:
            return None
        return Starter(
            self.g,
            tuple(z for z, _ in self.singles),
            tuple(a for _, a in self.singles),
            tuple((x, y) for x, y, _ in self.pairs),
            tuple(a for _, _, a in self.pairs),
        )

    def _tick(self) -> None:
        self.budget -= 1
        if self.budget < 0:
            raise SearchExhaustedError

    def _next(self) -> int | None:
        # Balance mode pairs every East-West element first; singles come from the rest.
        if self.ew is not None:
            for u in self.order:
                if u in self.ew and not self.covered[u]:
                    return u
        for u in self.order:
            if not self.covered[u]:
                return u
        return None

    def _adders(self, entries: tuple[int, ...], strong_adder: int) -> Iterator[int]:
        g = self.g
        if self.strong:
            candidates = [strong_adder]
        else:
            candidates = list(range(g.order))
            self.rng.shuffle(candidates)
        for a in candidates:
            if self.adders[a]:
                continue
            cols = [g.sub(e, a) for e in entries]
            if any(self.column[c] for c in cols) or len(set(cols)) < len(cols):
                continue
            yield a

    def _mark(self, entries: tuple[int, ...], adder: int, value: bool) -> None:
        for e in entries:
            self.covered[e] = value
            self.column[self.g.sub(e, adder)] = value
        self.adders[adder] = value

    def _extend(self) -> bool:
        self._tick()
        u = self._next()
        if u is None:
            return len(self.singles) == self.k
        g = self.g
        in_ew = self.ew is not None and u in self.ew
        if len(self.singles) < self.k and not in_ew:
            for a in self._adders((u,), g.add(u, u)):
                self._mark((u,), a, True)
                self.singles.append((u, a))
                if self._extend():
                    return True
                self.singles.pop()
                self._mark((u,), a, False)
        partners = [v for v in self.order if not self.covered[v] and v != u]
        self.rng.shuffle(partners)
        for v in partners:
            if self.ew is not None and (v in self.ew) == in_ew:
                continue
            d = g.sub(u, v)
            if self.diffs[d] or g.add(d, d) == 0:
                continue
            x, y = (v, u) if in_ew else (u, v)
            for a in self._adders((x, y), g.add(x, y)):
                self._mark((x, y), a, True)
                self.diffs[d] = self.diffs[g.neg(d)] = True
                self.pairs.append((x, y, a))
                if self._extend():
                    return True
                self.pairs.pop()
                self.diffs[d] = self.diffs[g.neg(d)] = False
                self._mark((x, y), a, False)
        return False


def find_starter(
    group: Group,
    singles: int,
    ew: frozenset[int] | None = None,
    seed: int = 0,
    attempts: int = 40,
    budget: int = 1000,
) -> Starter | None:
    """A starter with adders over `group` with `singles` fixed points, or None if the
    randomised search gives up.

    `ew`: when given, every base pair puts one element of `ew` East-West and one outside it
    North-South, no single lies in `ew`, and the adders are strong; then tray set g is played
    North-South by the fixed points and by g - ew (used to impose a difference set).
    """
    if not 0 <= singles <= group.order or (group.order - singles) % 2:
        return None
    rng = Random(seed)
    # Strong adders win when few pairs face fixed points, free adders when many do (measured
    # over the whole 2-30 table grid); the other kind gets a quarter of the attempts after.
    prefer_strong = ew is not None or 2 * singles < group.order - 2
    plan = [prefer_strong] * attempts
    if ew is None:
        plan += [not prefer_strong] * (attempts // 4)
    for strong in plan:
        limit = budget * 3 if strong else budget
        found = _Search(group, singles, ew, Random(rng.random()), limit, strong).run()
        if found is not None:
            return found
    return None
