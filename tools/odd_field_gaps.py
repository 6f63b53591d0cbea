"""How far each odd field of pairs trails the even field one pair larger, at the best balance
the engine builds (docs/movements.md#odd-fields).

    .venv/bin/python tools/odd_field_gaps.py [--pairs 5-59] [--worst 25]

For every odd number of pairs P in the range and every number of rounds R that either field
builds, `director movement howell --pairs P --rounds R --balance best` beside the same for P+1:
prints how many sizes trail by more than 2 and by more than 10 points, the sizes built for P+1
but not for P, and the worst gaps, largest first.
"""

from __future__ import annotations

import argparse

from schedules.balance import balance
from schedules.catalog import Request, build
from schedules.findings import ScheduleError


def index(pairs: int, rounds: int) -> float | None:
    """The balance index of the best movement for the size, verified (None: not built)."""
    try:
        return balance(build(Request("howell", pairs=pairs, rounds=rounds, balance="best"))).index
    except ScheduleError:
        return None


def main() -> None:
    """Print the counts and the worst gaps."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", default="5-59", help="odd pair counts, LOW-HIGH")
    parser.add_argument("--worst", type=int, default=25, help="how many of the worst to list")
    args = parser.parse_args()
    low, high = map(int, args.pairs.split("-"))
    gaps: list[tuple[float, int, int, float, float]] = []
    missing: list[tuple[int, int]] = []
    for pairs in range(low | 1, high + 1, 2):
        for rounds in range(1, pairs + 1):
            even, odd = index(pairs + 1, rounds), index(pairs, rounds)
            if even is None:
                continue
            if odd is None:
                missing.append((pairs, rounds))
                continue
            gaps.append((even - odd, pairs, rounds, odd, even))
    gaps.sort(reverse=True)
    print(f"sizes compared: {len(gaps)}")
    print(f"trailing by more than 2 points: {sum(g[0] > 2 for g in gaps)}")
    print(f"trailing by more than 10 points: {sum(g[0] > 10 for g in gaps)}")
    print(f"built for one pair more only: {missing}")
    print(f"{'pairs':>5} {'rounds':>6} {'odd':>7} {'even':>7} {'gap':>7}")
    for gap, pairs, rounds, odd, even in gaps[: args.worst]:
        print(f"{pairs:>5} {rounds:>6} {odd:>7.2f} {even:>7.2f} {gap:>7.2f}")


if __name__ == "__main__":
    main()
