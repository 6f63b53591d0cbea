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
from schedules.designs.xorshift import XorShift
from schedules.package_data import changed_options

SEED = 0
"""The seed a command runs with unless it names one."""
NODES = 20_000
"""The steps a row gets unless the command names another number."""


def command(moduli: tuple[int, ...], seed: int, nodes: int, fewest_first: bool = False) -> str:
    """The tools/ command that runs the search (`search`, or with `--cc` the C kernel that
    `search_fewest_first` follows), as the stored files record it (the seed and steps only
    where they are not the defaults)."""
    options = changed_options(("--seed", seed, SEED), ("--nodes", nodes, NODES))
    kernel = " --cc" if fewest_first else ""
    return f"tools/difference_matrix_search.py {' '.join(map(str, moduli))}{kernel}{options}"


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


def search_fewest_first(n: int, seed: int, nodes: int, rows: int = 4) -> list[list[int]]:
    """`rows` rows over Z_n as the C kernel of tools/difference_matrix_search.py --cc finds
    them, step for step from the same seed: each row fills the column with the fewest values
    left first, trying them in a shuffled order, and after `nodes` steps on one row the search
    starts again from row 2. The values each column may take are kept as bit masks."""
    rng = XorShift(seed)
    while True:
        found = [[0] * n, list(range(n))]
        while len(found) < rows:
            row = _fewest_first_row(n, found, rng, nodes)
            if row is None:
                break
            found.append(row)
        else:
            return found


def _fewest_first_row(
    n: int,
    against: list[list[int]],
    rng: XorShift,
    nodes: int,
) -> list[int] | None:
    """A row r with r(0) = 0 and r - a a permutation for every row a in `against`, or None
    after `nodes` steps."""
    full = (1 << n) - 1
    row = [0] * n
    used = [1] * len(against)  # per row a, the values of r - a taken (r(0) - a(0) = 0)
    done = [True] + [False] * (n - 1)
    steps = 0

    def fill(left: int) -> int:  # 1 found, 0 dead end, -1 out of steps
        nonlocal steps
        if not left:
            return 1
        steps += 1
        if steps > nodes:
            return -1
        best, fewest, allowed = -1, 1 << 30, 0
        for t in range(n):
            if done[t]:
                continue
            taken = 0
            for a, mask in zip(against, used, strict=True):
                taken |= _turned(mask, a[t], n)
            free = full & ~taken
            if free.bit_count() < fewest:
                best, fewest, allowed = t, free.bit_count(), free
        if not fewest:
            return 0
        values = [v for v in range(n) if allowed >> v & 1]
        for i in range(len(values) - 1, 0, -1):
            j = rng.below(i + 1)
            values[i], values[j] = values[j], values[i]
        done[best] = True
        result = 0
        for v in values:
            row[best] = v
            bits = [1 << (v - a[best]) % n for a in against]
            used[:] = [mask | bit for mask, bit in zip(used, bits, strict=True)]
            result = fill(left - 1)
            used[:] = [mask & ~bit for mask, bit in zip(used, bits, strict=True)]
            if result:
                break
        done[best] = False
        return result

    return row if fill(n - 1) == 1 else None


def _turned(mask: int, r: int, n: int) -> int:
    """The set `mask` of elements of Z_n (bit x for x), translated by r."""
    return ((mask << r) | (mask >> (n - r))) & ((1 << n) - 1) if r else mask
