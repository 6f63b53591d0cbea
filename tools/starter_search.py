"""Find whist first rounds by the shuffled depth-first search and store them in
schedules/data/whist/starters.json, which `schedules.designs.whist_sizes` reads.

    .venv/bin/python tools/starter_search.py 12 20 21 24 --seed 1
    .venv/bin/python tools/starter_search.py 28 --moduli 3 3 3 --seed 1
    .venv/bin/python tools/starter_search.py 13 17 --best

For N players the search (`schedules.designs.whist.all_starters`, its choices shuffled by
`random.Random(seed)`) runs over Z_(N-1) with a fixed infinity when N = 0 mod 4, over Z_N when
N = 1 mod 4, or over the group `--moduli` names (Z_3^3 for 28: the rotational products of
`schedules.designs.whist` need its multiplier levels). The first round it finds first is
stored, with the command that finds it again: the same seed gives the same round. With
`--best` (13 and 17 players) every first round is tried, in the search's own order, each game
also turned one seat round, and the first perfectly balanced one is kept.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace
from itertools import product
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # run as tools/NAME.py: the `tools` package is not on the path
    sys.path.insert(0, str(ROOT))

from schedules.balance import balance  # noqa: E402
from schedules.designs.whist import Starter, all_starters, starter_defects  # noqa: E402
from schedules.individual import starter_movement  # noqa: E402
from tools.stored_sizes import store  # noqa: E402

PERFECT = 100.0
"""The balance index of a first round whose every two players are compared equally often."""

PATH = ROOT / "schedules" / "data" / "whist" / "starters.json"


def command(players: int, seed: int, moduli: tuple[int, ...] | None) -> str:
    """The command line that finds this size's first round again."""
    group = f" --moduli {' '.join(map(str, moduli))}" if moduli else ""
    return f"tools/starter_search.py {players}{group} --seed {seed}"


def find(players: int, seed: int, moduli: tuple[int, ...] | None = None) -> Starter:
    """The first first round the search seeded with `seed` finds for `players`."""
    rotational = players % 4 == 0
    if players % 4 not in (0, 1):
        raise SystemExit(f"{players}: a whist tournament needs 0 or 1 more than a multiple of 4")
    group = moduli or ((players - 1,) if rotational else (players,))
    starter = next(all_starters(group, rotational, random.Random(seed)))
    assert starter_defects(starter) == 0
    return starter


def best_balanced(players: int) -> Starter:
    """The best-balanced first round over Z_players (1 mod 4): every first round the search
    finds, unshuffled, each game as found or turned one seat round (the other partnership
    North-South), in that order, the first that balances perfectly or else the best."""
    if players % 4 != 1:
        raise SystemExit(f"{players}: --best searches over Z_n for n = 1 mod 4")
    best: tuple[float, Starter] | None = None
    for found in all_starters((players,), False):
        for turns in product((False, True), repeat=len(found.games)):
            games = tuple(
                g[1:] + g[:1] if turn else g for g, turn in zip(found.games, turns, strict=True)
            )
            starter = replace(found, games=games)
            index = balance(starter_movement(starter)).index
            if best is None or index > best[0]:
                best = (index, starter)
            if index == PERFECT:
                return starter
    assert best is not None  # a Wh(players) exists for every 1 mod 4 count searched
    return best[1]


def entry(
    players: int, seed: int, moduli: tuple[int, ...] | None = None, best: bool = False
) -> dict[str, object]:
    """The stored form of the first round `find` (or `best_balanced`) gives."""
    if best:
        starter = best_balanced(players)
        return {
            "moduli": list(starter.moduli),
            "games": [list(game) for game in starter.games],
            "command": f"tools/starter_search.py {players} --best",
            "origin": "a perfectly balanced Z-cyclic first round (exhaustive search)"
            if balance(starter_movement(starter)).index == PERFECT
            else "the best-balanced Z-cyclic first round (exhaustive search)",
        }
    starter = find(players, seed, moduli)
    m = starter.moduli
    over = (
        f"Z_{m[0]}^{len(m)}" if len(m) > 1 and len(set(m)) == 1 else " x ".join(f"Z_{k}" for k in m)
    )
    infinity = " + infinity" if starter.rotational else ""
    return {
        "moduli": list(starter.moduli),
        "games": [list(game) for game in starter.games],
        "command": command(players, seed, moduli),
        "origin": f"search over {over}{infinity}",
    }


def main(argv: list[str] | None = None) -> int:
    """Search each size and merge what is found into the stored file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", type=int, nargs="+")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moduli", type=int, nargs="+")
    parser.add_argument(
        "--best", action="store_true", help="every first round, the best balanced (13, 17)"
    )
    args = parser.parse_args(argv)
    moduli = tuple(args.moduli) if args.moduli else None
    found: dict[int, dict[str, object]] = {}
    for players in args.sizes:
        start = time.perf_counter()
        found[players] = entry(players, args.seed, moduli, args.best)
        print(f"{players}: {time.perf_counter() - start:.2f} s ({found[players]['command']})")
    store(PATH, found)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
