"""Find small Howell designs H(s, 2n) that no developed construction gives, by randomised
backtracking, and print each as the line schedules/data/howell/designs.json stores.

    .venv/bin/python tools/howell_design_search.py 4 6
    .venv/bin/python tools/howell_design_search.py 5 8

A design is s rounds by s tray sets; each round seats all 2n pairs at n tables, each tray set
is played by all 2n pairs at n tables, and no two pairs meet twice. The search fills round
after round, always pairing the lowest pair not yet seated, with partners and tray sets in a
random order fixed by the seed; a seed gives up after `--nodes` steps and the next is tried.
"""

from __future__ import annotations

import argparse
import json
import random
import time

Cell = tuple[int, int, int]


class _GaveUpError(Exception):
    pass


def search(tables: int, rounds: int, seed: int, nodes: int) -> list[list[Cell]] | None:
    """The design's rounds of (ns, ew, tray set), or None when the space is exhausted
    (_GaveUpError when the seed runs out of `nodes`)."""
    points = 2 * tables
    rng = random.Random(seed)
    met: set[frozenset[int]] = set()
    in_set: list[set[int]] = [set() for _ in range(rounds)]
    grid: list[list[Cell]] = [[] for _ in range(rounds)]
    budget = [nodes]

    def feasible(next_round: int) -> bool:
        # every tray set must still be able to reach n tables in the rounds left
        left = rounds - next_round
        return all(len(in_set[c]) // 2 + left >= tables for c in range(rounds))

    def fill(r: int, free: list[int], sets_free: set[int]) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            raise _GaveUpError
        if not free:
            if not feasible(r + 1):
                return False
            return r + 1 == rounds or fill(r + 1, list(range(points)), set(range(rounds)))
        a, rest = free[0], free[1:]
        options = [
            (b, c)
            for b in rest
            for c in sets_free
            if frozenset((a, b)) not in met and not {a, b} & in_set[c] and len(in_set[c]) < points
        ]
        rng.shuffle(options)
        for b, c in options:
            met.add(frozenset((a, b)))
            in_set[c] |= {a, b}
            grid[r].append((a, b, c))
            if fill(r, [x for x in rest if x != b], sets_free - {c}):
                return True
            grid[r].pop()
            in_set[c] -= {a, b}
            met.discard(frozenset((a, b)))
        return False

    return grid if fill(0, list(range(points)), set(range(rounds))) else None


def main() -> None:
    """Try seeds 0, 1, ... until one finds the design, and print it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tables", type=int)
    parser.add_argument("rounds", type=int)
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--nodes", type=int, default=200_000)
    args = parser.parse_args()
    start = time.perf_counter()
    for seed in range(args.seeds):
        try:
            grid = search(args.tables, args.rounds, seed, args.nodes)
        except _GaveUpError:
            continue
        if grid is None:
            print(f"# H({args.rounds},{2 * args.tables}): none exists (exhaustive)")
            return
        took = time.perf_counter() - start
        print(f"# H({args.rounds},{2 * args.tables}): seed {seed}, {took:.1f} s")
        entry = {"tables": args.tables, "rounds": args.rounds, "seed": seed, "rows": grid}
        entry["command"] = f"tools/howell_design_search.py {args.tables} {args.rounds}"
        print(f' "{args.tables}": {json.dumps(entry)}')
        return
    print(f"# H({args.rounds},{2 * args.tables}): none in {args.seeds} seeds")


if __name__ == "__main__":
    main()
