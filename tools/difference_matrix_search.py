"""Find a difference matrix (four rows by default) over an abelian group by randomised
backtracking, and print it in the form `schedules.individual.STORED_SPREADS` takes.

    .venv/bin/python tools/difference_matrix_search.py 2 2 3
    .venv/bin/python tools/difference_matrix_search.py 2 2 2 3
    .venv/bin/python tools/difference_matrix_search.py 15 --rows 5

Rows 0 and 1 are 0 and the identity (every matrix can be brought to that form); each further
row r is found so that r - a is a permutation for every row a above it (row 2 is an
orthomorphism, row 3 one orthogonal to it, ...). Each row gets `--nodes` steps before the
search starts again from row 2; the seed fixes the random order. Groups whose Sylow
2-subgroup is cyclic (Z_12, Z_24) have no orthomorphism at all (Hall and Paige), so the 2-part
must be Z_2 x Z_2 or larger.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from schedules.designs.whist import Group, group  # noqa: E402


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


def main(argv: list[str] | None = None) -> int:
    """Search and print the rows."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("moduli", type=int, nargs="+")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--nodes", type=int, default=20_000)
    parser.add_argument("--rows", type=int, default=4)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    rows = search(tuple(args.moduli), args.seed, args.nodes, args.rows)
    print(f"# {time.perf_counter() - start:.2f} s, seed {args.seed}")
    for row in rows:
        print(f"({', '.join(map(str, row))}),")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
