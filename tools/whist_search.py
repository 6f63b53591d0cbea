"""Find whist first rounds by simulated annealing, for sizes that
`schedules.designs.whist.all_starters` does not reach (schedules/data/whist/starters.json).

    .venv/bin/python tools/whist_search.py 44 --seed 2 --cc
    .venv/bin/python tools/whist_search.py 20 24 --seed 1

A first round over Z_m (m = v - 1 plus a fixed infinity at game 0, North, when v = 0 mod 4;
m = v with 0 sitting out when v = 1 mod 4) is a sequence of seats, four to a game. Its cost
is the sum over the classes {d, -d} of non-zero differences of |partners - 1| +
|opponents - 2|. A move swaps two random seats and is scored by updating only the pairs the
two seats are in; a worse move is taken with probability exp(-delta / T) at a constant T. A
run restarts from a fresh random seating after `--stall` moves without a new best. Each round
brought to cost 0 is checked with `starter_defects` and printed as a line of starters.json.

Both kernels share one xorshift64 generator and step for step the same arithmetic, so a seed
gives the same round either way; `--cc` compiles the C transcription (needs a C compiler) and
runs about a hundred times faster. Defaults T = 0.7, stall 2,000,000. Timings with --cc on
one core of the lead's machine (2026-11): 44 (seed 2) 110 s; the other stored rounds as
listed in their stored origin. Without --cc, 20 takes about 10 s and 24 about a minute.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # run as tools/NAME.py: the `tools` package is not on the path
    sys.path.insert(0, str(ROOT))

from schedules.designs.whist import Starter, as_game, starter_defects  # noqa: E402
from schedules.designs.xorshift import XorShift  # noqa: E402
from tools.c_kernel import RANDOM, run_c  # noqa: E402

# per seat of a game: (other seat, 0 partner / 1 opponent)
NEIGHBOURS = (
    ((2, 0), (1, 1), (3, 1)),
    ((3, 0), (0, 1), (2, 1)),
    ((0, 0), (1, 1), (3, 1)),
    ((1, 0), (0, 1), (2, 1)),
)
TARGET = (1, 2)


def anneal_seats(players: int, seed: int, temperature: float, stall_limit: int) -> list[int]:
    """The seats of the first round the annealing finds (runs until it finds one)."""
    rng = XorShift(seed)
    rotational = players % 4 == 0
    m = players - 1 if rotational else players
    infinity = m
    cls = [min(d, m - d) for d in range(m)]

    def pair_class(a: int, b: int) -> int:
        if rotational and infinity in (a, b):
            return -1
        return cls[(a - b) % m]

    first = 1 if rotational else 0
    while True:
        seats = [infinity, *range(m)] if rotational else list(range(1, m))
        size = len(seats)
        for k in range(size - 1, first, -1):
            r = first + rng.below(k - first + 1)
            seats[k], seats[r] = seats[r], seats[k]
        counts = ([0] * (m // 2 + 1), [0] * (m // 2 + 1))
        for base in range(0, size, 4):
            for i in range(4):
                for off, kind in NEIGHBOURS[i]:
                    if off > i:
                        c = pair_class(seats[base + i], seats[base + off])
                        if c >= 0:
                            counts[kind][c] += 1
        cost = sum(abs(counts[0][c] - 1) + abs(counts[1][c] - 2) for c in range(1, m // 2 + 1))
        best, stall = cost, 0
        while cost > 0 and stall < stall_limit:
            i = first + rng.below(size - first)
            j = first + rng.below(size - first)
            if i // 4 == j // 4 and (i == j or (i - j) % 2 == 0):
                continue  # the same seat, or two partners: nothing changes
            touched = []
            for s in (i, j):
                base = s - s % 4
                for off, kind in NEIGHBOURS[s % 4]:
                    t = base + off
                    if s == j and t == i:
                        continue  # the pair i-j is already counted from i
                    touched.append((s, t, kind))
            delta = 0
            changes = []
            for sign in (-1, 1):
                if sign == 1:
                    seats[i], seats[j] = seats[j], seats[i]
                for s, t, kind in touched:
                    c = pair_class(seats[s], seats[t])
                    if c >= 0:
                        row, target = counts[kind], TARGET[kind]
                        old = row[c]
                        row[c] = old + sign
                        delta += abs(old + sign - target) - abs(old - target)
                        changes.append((kind, c, -sign))
            if delta <= 0 or rng.uniform() < math.exp(-delta / temperature):
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
        if cost == 0:
            return seats


C_KERNEL = (
    RANDOM
    + r"""
static const int NB[4][3][2] = {{{2, 0}, {1, 1}, {3, 1}}, {{3, 0}, {0, 1}, {2, 1}},
                                {{0, 0}, {1, 1}, {3, 1}}, {{1, 0}, {0, 1}, {2, 1}}};
static int m, inf, rot, size, seats[512], cnt[2][512], cls[512];
static int pc(int a, int b) {
    if (rot && (a == inf || b == inf)) return -1;
    return cls[((a - b) % m + m) % m];
}
int main(int argc, char **argv) {
    int v = atoi(argv[1]);
    st = strtoull(argv[2], 0, 10) * 2654435761ULL + 1;
    double T = atof(argv[3]);
    long stallmax = atol(argv[4]);
    rot = v % 4 == 0; m = rot ? v - 1 : v; inf = m;
    for (int d = 0; d < m; d++) cls[d] = d < m - d ? d : m - d;
    int first = rot ? 1 : 0;
    for (;;) {
        size = 0;
        if (rot) { seats[size++] = inf; for (int x = 0; x < m; x++) seats[size++] = x; }
        else for (int x = 1; x < m; x++) seats[size++] = x;
        for (int k = size - 1; k > first; k--) {
            int r = first + rnd(k - first + 1);
            int t = seats[k]; seats[k] = seats[r]; seats[r] = t;
        }
        for (int c = 0; c <= m / 2; c++) cnt[0][c] = cnt[1][c] = 0;
        for (int b = 0; b < size; b += 4)
            for (int i = 0; i < 4; i++)
                for (int q = 0; q < 3; q++) {
                    int o = NB[i][q][0];
                    if (o > i) {
                        int c = pc(seats[b + i], seats[b + o]);
                        if (c >= 0) cnt[NB[i][q][1]][c]++;
                    }
                }
        int cost = 0;
        for (int c = 1; c <= m / 2; c++) cost += abs(cnt[0][c] - 1) + abs(cnt[1][c] - 2);
        int best = cost; long stall = 0;
        while (cost > 0 && stall < stallmax) {
            int i = first + rnd(size - first), j = first + rnd(size - first);
            if (i / 4 == j / 4 && (i == j || (i - j) % 2 == 0)) continue;
            int ts[6], tt[6], tk[6], n = 0;
            for (int w = 0; w < 2; w++) {
                int s = w ? j : i, b = s - s % 4;
                for (int q = 0; q < 3; q++) {
                    int t = b + NB[s % 4][q][0];
                    if (w && t == i) continue;
                    ts[n] = s; tt[n] = t; tk[n] = NB[s % 4][q][1]; n++;
                }
            }
            int delta = 0, ck[12], cc[12], cu[12], nc = 0;
            for (int sign = -1; sign <= 1; sign += 2) {
                if (sign == 1) { int t = seats[i]; seats[i] = seats[j]; seats[j] = t; }
                for (int z = 0; z < n; z++) {
                    int c = pc(seats[ts[z]], seats[tt[z]]);
                    if (c >= 0) {
                        int k = tk[z], tg = k ? 2 : 1, o = cnt[k][c];
                        cnt[k][c] = o + sign;
                        delta += abs(o + sign - tg) - abs(o - tg);
                        ck[nc] = k; cc[nc] = c; cu[nc] = -sign; nc++;
                    }
                }
            }
            if (delta <= 0 || unif() < exp(-delta / T)) {
                cost += delta;
                if (cost < best) { best = cost; stall = 0; } else stall++;
            } else {
                int t = seats[i]; seats[i] = seats[j]; seats[j] = t;
                for (int z = 0; z < nc; z++) cnt[ck[z]][cc[z]] += cu[z];
                stall++;
            }
        }
        if (cost == 0) {
            for (int k = 0; k < size; k++) printf("%d ", seats[k]);
            printf("\n");
            return 0;
        }
    }
}
"""
)


def anneal_seats_cc(players: int, seed: int, temperature: float, stall_limit: int) -> list[int]:
    """`anneal_seats`, compiled: the same seats, about a hundred times sooner."""
    out = run_c(C_KERNEL, [str(players), str(seed), repr(temperature), str(stall_limit)])
    return [int(x) for x in out.split()]


def starter_from_seats(players: int, seats: list[int]) -> Starter:
    """The Starter the seats make, four to a game."""
    rotational = players % 4 == 0
    m = players - 1 if rotational else players
    games = tuple(as_game(seats[k : k + 4]) for k in range(0, len(seats), 4))
    origin = f"annealing over Z_{m}" + (" + infinity" if rotational else "")
    return Starter((m,), games, rotational, origin)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", type=int, nargs="+")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--temperature", type=float, default=0.7)
    parser.add_argument("--stall", type=int, default=2_000_000)
    parser.add_argument("--cc", action="store_true", help="run the compiled kernel")
    args = parser.parse_args()
    kernel = anneal_seats_cc if args.cc else anneal_seats
    for v in args.sizes:
        if v < 8 or v % 4 not in (0, 1):
            raise SystemExit(f"{v} players: give 8 or more, 0 or 1 mod 4")
        start = time.perf_counter()
        starter = starter_from_seats(v, kernel(v, args.seed, args.temperature, args.stall))
        seconds = time.perf_counter() - start
        if starter_defects(starter):
            raise SystemExit(f"{v} players: the search returned a broken round")
        print(f"# {v} players, seed {args.seed}: {seconds:.1f} s")
        command = f"tools/whist_search.py {v} --seed {args.seed}{' --cc' if args.cc else ''}"
        entry = {
            "moduli": list(starter.moduli),
            "games": [list(game) for game in starter.games],
            "command": command,
            "origin": f"{starter.origin} ({command}, {seconds:.0f} s)",
        }
        print(f" {json.dumps(str(v))}: {json.dumps(entry)},", flush=True)


if __name__ == "__main__":
    main()
