"""Find patterned whist first rounds (schedules.designs.patterned_whist) and store them in
schedules/data/whist/patterned.json, which `schedules.designs.whist_sizes` reads.

    .venv/bin/python tools/patterned_search.py 76 77 133 161

Each size is searched with seeds 0, 1, 2, ... (an exact cover, `--nodes` steps per seed) until
a pairing is found; sizes that the sum of squares rules out are reported and skipped. The
seed, the nodes and the time are stored with each pairing, so a run with the same arguments
writes the same file.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # run as tools/NAME.py: the `tools` package is not on the path
    sys.path.insert(0, str(ROOT))

from schedules.designs.patterned_whist import (  # noqa: E402
    obstructed,
    patterned_starter,
    search_pairing,
)
from schedules.designs.whist import starter_defects  # noqa: E402
from tools.stored_sizes import store  # noqa: E402

PATH = ROOT / "schedules" / "data" / "whist" / "patterned.json"


def find(players: int, nodes: int, seeds: int) -> dict[str, object] | None:
    """The stored form of the first pairing found for `players`, or None."""
    start = time.perf_counter()
    searched = 0
    for seed in range(seeds):
        pairing, used = search_pairing(players, seed, nodes)
        searched += used
        if pairing is not None:
            assert starter_defects(patterned_starter(pairing, "check")) == 0
            return {
                "seed": seed,
                "nodes": searched,
                "seconds": round(time.perf_counter() - start, 2),
                "special": pairing.special,
                "pairs": [list(p) for p in pairing.pairs],
            }
    return None


def main(argv: list[str] | None = None) -> int:
    """Search each size and merge what is found into the stored file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", type=int, nargs="+")
    parser.add_argument("--nodes", type=int, default=1_000_000)
    parser.add_argument("--seeds", type=int, default=50)
    args = parser.parse_args(argv)
    stored: dict[int, dict[str, object]] = {}
    for players in args.sizes:
        if obstructed(players):
            print(f"{players}: ruled out by the sum of squares")
            continue
        found = find(players, args.nodes, args.seeds)
        if found is None:
            print(f"{players}: none in {args.seeds} seeds of {args.nodes} nodes")
            continue
        found["command"] = f"tools/patterned_search.py {players} --nodes {args.nodes}"
        stored[players] = found
        print(f"{players}: seed {found['seed']}, {found['nodes']} nodes, {found['seconds']} s")
    store(PATH, stored)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
