"""Difference matrices found by randomised backtracking, for the product whist tournaments
whose group no ring of fields spreads (schedules.designs.whist_sizes.stored_spreads).

Rows 0 and 1 are 0 and the identity (every matrix can be brought to that form); each further
row r is found so that r - a is a permutation for every row a above it (row 2 is an
orthomorphism, row 3 one orthogonal to it, ...). Each row gets `nodes` steps before the search
starts again from row 2; the seed fixes the random order, so a seed and a step count give the
same matrix every time (tools/difference_matrix_search.py is the command line over it).
"""

from __future__ import annotations

import random

from schedules.designs.whist import Group, group
from schedules.package_data import changed_options

SEED = 0
"""The seed a command runs with unless it names one."""
NODES = 20_000
"""The steps a row gets unless the command names another number."""


def command(moduli: tuple[int, ...], seed: int, nodes: int) -> str:
    """The tools/ command that runs the search, as the stored files record it (the seed and
    steps only where they are not the defaults)."""
    options = changed_options(("--seed", seed, SEED), ("--nodes", nodes, NODES))
    return f"tools/difference_matrix_search.py {' '.join(map(str, moduli))}{options}"


class _GaveUpError(Exception):
    pass


def _extend(g: Group, rng: random.Random, against: list[list[int]], nodes: int) -> list[int]:
    """A row r with r(0) = 0 and r - a a permutation for every row a in `against`."""
    n = g.order
    row = [0] * n
    used = [{0} for _ in against]  # values of r - a taken, per row a (row 0 is all zeros)
    budget = [nodes]

    def place(x: int) -> bool:
        if x == n:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            raise _GaveUpError
        for value in rng.sample(range(n), n):
            diffs = [g.sub(value, a[x]) for a in against]
            if any(d in u for d, u in zip(diffs, used, strict=True)):
                continue
            row[x] = value
            for d, u in zip(diffs, used, strict=True):
                u.add(d)
            if place(x + 1):
                return True
            for d, u in zip(diffs, used, strict=True):
                u.discard(d)
        return False

    if not place(1):
        raise _GaveUpError
    return row


def search(moduli: tuple[int, ...], seed: int, nodes: int, rows: int = 4) -> list[list[int]]:
    """`rows` rows over Z_moduli whose pairwise differences are all permutations."""
    g = group(moduli)
    rng = random.Random(seed)
    while True:
        found = [[0] * g.order, list(range(g.order))]
        try:
            while len(found) < rows:
                found.append(_extend(g, rng, found, nodes))
        except _GaveUpError:
            continue
        return found
