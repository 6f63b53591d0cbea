"""Find whist first rounds by simulated annealing, for the sizes `schedules.individual.STORED`
holds beyond the reach of `schedules.designs.whist.all_starters`.

    .venv/bin/python tools/whist_search.py 44 48 60 [--seed 1] [--moves 20000000]

A first round over Z_m (m = v - 1 plus a fixed infinity when v = 0 mod 4, m = v with 0
sitting out when v = 1 mod 4) is a sequence of seats, four to a game. Its cost is the sum,
over the classes {d, -d} of non-zero differences, of |partners - 1| + |opponents - 2|; a
move swaps two seats and is scored by updating only the six pairs each seat is in. The
search anneals from a random seating, restarting when it stalls, and prints each first round
it brings to cost 0 (checked again with `starter_defects`) in the form STORED takes. The same
seed always gives the same round.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from schedules.designs.whist import Starter, starter_defects  # noqa: E402

# seat offsets within a game: (other seat, 0 partner / 1 opponent)
NEIGHBOURS = (
    ((2, 0), (1, 1), (3, 1)),
    ((3, 0), (0, 1), (2, 1)),
    ((0, 0), (1, 1), (3, 1)),
    ((1, 0), (0, 1), (2, 1)),
)
TARGET = (1, 2)


def anneal(players: int, rng: random.Random, moves: int) -> Starter | None:
    """One annealing run of at most `moves` moves; the first round found, or None."""
    rotational = players % 4 == 0
    m = players - 1 if rotational else players
    infinity = m
    points = list(range(m + 1)) if rotational else list(range(1, m))
    rng.shuffle(points)
    if rotational:
        points.remove(infinity)
        points.insert(0, infinity)
    seats = points
    size = len(seats)
    cls = [min(d, m - d) for d in range(m)]
    counts = ([0] * (m // 2 + 1), [0] * (m // 2 + 1))

    def pair_class(a: int, b: int) -> int:
        if a == infinity or b == infinity:
            return -1 if rotational else cls[(a - b) % m]
        return cls[(a - b) % m]

    for base in range(0, size, 4):
        for i in range(4):
            for off, kind in NEIGHBOURS[i]:
                if off > i:
                    c = pair_class(seats[base + i], seats[base + off])
                    if c >= 0:
                        counts[kind][c] += 1
    cost = sum(abs(counts[0][c] - 1) + abs(counts[1][c] - 2) for c in range(1, m // 2 + 1))
    first = 1 if rotational else 0
    temperature = 2.0
    best = cost
    stall = 0
    for _ in range(moves):
        if cost == 0:
            break
        i = rng.randrange(first, size)
        j = rng.randrange(first, size)
        if i // 4 == j // 4 and (i == j or (i - j) % 2 == 0):
            continue  # same seat, or swapping partners: changes nothing
        # the pairs touching seat i or seat j (a pair of both counted once)
        touched = []
        for s in (i, j):
            base = s - s % 4
            for off, kind in NEIGHBOURS[s % 4]:
                t = base + off
                if s == j and t == i:
                    continue
                touched.append((s, t, kind))
        delta = 0
        changes = []
        for s, t, kind in touched:
            c = pair_class(seats[s], seats[t])
            if c >= 0:
                row = counts[kind]
                old = row[c]
                row[c] = old - 1
                delta += abs(old - 1 - TARGET[kind]) - abs(old - TARGET[kind])
                changes.append((kind, c, 1))
        seats[i], seats[j] = seats[j], seats[i]
        for s, t, kind in touched:
            c = pair_class(seats[s], seats[t])
            if c >= 0:
                row = counts[kind]
                old = row[c]
                row[c] = old + 1
                delta += abs(old + 1 - TARGET[kind]) - abs(old - TARGET[kind])
                changes.append((kind, c, -1))
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            cost += delta
            if cost < best:
                best, stall = cost, 0
            else:
                stall += 1
        else:
            seats[i], seats[j] = seats[j], seats[i]
            for kind, c, undo in changes:
                counts[kind][c] += undo
            stall += 1
        temperature = max(0.3, temperature * 0.99999)
        if stall > 200_000:
            return None
    if cost:
        return None
    games = tuple(tuple(seats[k : k + 4]) for k in range(0, size, 4))
    origin = f"annealing over Z_{m}" + (" + infinity" if rotational else "")
    return Starter((m,), games, rotational, origin)  # type: ignore[arg-type]


def search(players: int, seed: int, moves: int) -> Starter:
    """Anneal with restarts until a first round works."""
    rng = random.Random(seed)
    while True:
        found = anneal(players, rng, moves)
        if found is not None and starter_defects(found) == 0:
            return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", type=int, nargs="+")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moves", type=int, default=20_000_000)
    args = parser.parse_args()
    for v in args.sizes:
        if v % 4 not in (0, 1):
            raise SystemExit(f"{v} players: a whist tournament needs 0 or 1 mod 4")
        start = time.perf_counter()
        found = search(v, args.seed, args.moves)
        seconds = time.perf_counter() - start
        print(f"# {v} players, seed {args.seed}: {seconds:.1f} s")
        print(f"{v}: ({found.moduli}, {found.games}, {found.origin!r}),", flush=True)


if __name__ == "__main__":
    main()
