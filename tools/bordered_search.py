"""Find bordered Howell designs beyond the sizes `schedules.howell_layouts.bordered` searches at
run time, and print them as lines of schedules/data/howell/bordered.json.

    .venv/bin/python tools/bordered_search.py 18 22 --attempts 4000 --budget 5000

For each even number of tables n it looks for the two gaps no developed design fills: H(n+1, 2n)
over Z_n (no fixed points) and, when n = 2 mod 4, H(n, 2n) over Z_(n-1) with two fixed points.
The search is `find_bordered` itself (randomised backtracking, restarted `--attempts` times with
`--budget` nodes each), so a printed seed reproduces its design.
"""

from __future__ import annotations

import argparse
import json
import time

from schedules.designs.bordered import find_bordered


def gaps(tables: int) -> list[tuple[int, bool]]:
    """(m, fixed) of the bordered designs `tables` needs."""
    wanted = [(tables, False)]
    if tables % 4 == 2:
        wanted.append((tables - 1, True))
    return wanted


def main() -> None:
    """Search each size in turn and print what it finds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tables", type=int, nargs="+")
    parser.add_argument("--seeds", type=int, default=20, help="seeds 0.. to try per size")
    parser.add_argument("--attempts", type=int, default=2000)
    parser.add_argument("--budget", type=int, default=5000)
    args = parser.parse_args()
    for tables in args.tables:
        for m, fixed in gaps(tables):
            start = time.perf_counter()
            for seed in range(args.seeds):
                design = find_bordered(m, fixed, seed, args.attempts, args.budget)
                if design is not None:
                    took = time.perf_counter() - start
                    print(f"# {tables} tables, m={m}, fixed={fixed}: seed {seed}, {took:.1f} s")
                    entry = {
                        "m": m,
                        "fixed": fixed,
                        "p0": design.p0,
                        "q0": design.q0,
                        "singles": design.singles,
                        "pairs": design.pairs,
                        "seed": seed,
                        "seconds": round(took, 1),
                        "command": f"tools/bordered_search.py {tables}",
                    }
                    print(f" {json.dumps(str(m))}: {json.dumps(entry)},", flush=True)
                    break
            else:
                print(f"# {tables} tables, m={m}, fixed={fixed}: none in {args.seeds} seeds")


if __name__ == "__main__":
    main()
