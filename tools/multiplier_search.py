"""Find whist first rounds invariant under a multiplier and store them in
schedules/data/whist/multiplier.json, which `schedules.designs.whist_sizes` reads.

    .venv/bin/python tools/multiplier_search.py 88 --moduli 3,29 --multiplier 1,16
    .venv/bin/python tools/multiplier_search.py 52 --moduli 4,4,3 --multiplier w,1

The form of the first round and the annealing over its orbits are
`schedules.designs.multiplier_whist`, which the engine reruns in Python where the stored file is
missing; this tool runs the same annealing move for move in the C kernel below (a seed gives
the same round in both), restarting after `--stall` moves without a new best.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # run as tools/NAME.py: the `tools` package is not on the path
    sys.path.insert(0, str(ROOT))

from schedules.designs.holed_whist import HoledStarter  # noqa: E402
from schedules.designs.multiplier_whist import (  # noqa: E402
    STALL,
    TEMPERATURE,
    Problem,
    Run,
    defects,
)
from schedules.designs.whist import Starter  # noqa: E402
from tools.c_kernel import RANDOM, run_c  # noqa: E402
from tools.stored_sizes import store  # noqa: E402

PATH = ROOT / "schedules" / "data" / "whist" / "multiplier.json"


def kernel_input(problem: Problem) -> str:
    """The problem as the kernel reads it."""
    v = problem.players
    diff = [problem.difference(a, b) for a in range(v) for b in range(v)]
    lines = [
        f"{v} {len(problem.powers)}",
        " ".join(str(x) for p in problem.powers for x in p),
        str(len(problem.slots)),
        " ".join(map(str, problem.slots)),
        " ".join(map(str, problem.kinds)),
        " ".join(map(str, problem.images)),
        " ".join(map(str, diff)),
        " ".join(map(str, problem.targets)),
    ]
    return "\n".join(lines) + "\n"


def anneal(
    problem: Problem, seed: int, temperature: float, stall: int, seconds: float | None
) -> list[int]:
    """The slots of an alpha-invariant first round (runs until it finds one, or for at most
    `seconds`: subprocess.TimeoutExpired)."""
    args = [str(seed), repr(temperature), str(stall)]
    out = run_c(C_KERNEL, args, kernel_input(problem), seconds)
    return [int(x) for x in out.split()]


C_KERNEL = (
    RANDOM
    + r"""
static const int PAIRS[6][3] = {{0, 2, 0}, {1, 3, 0}, {0, 1, 1}, {0, 3, 1}, {2, 1, 1}, {2, 3, 1}};
static int N, h, ns, *apow, *seat, *kind, *images, *diff, *tg, *cnt, *stamp, epoch;
static int *pool[3], npool[3], touched[8192], nt;
static int pen(int key) { int x = cnt[key] - tg[key]; return x < 0 ? -x : x; }
/* add s to the counts of game t's differences and their images, or (s == 0) note them */
static void game(int t, int s) {
    int *q = seat + 4 * t;
    for (int p = 0; p < 6; p++) {
        int a = q[PAIRS[p][0]], b = q[PAIRS[p][1]], k = PAIRS[p][2];
        int d1 = diff[a * N + b], d2 = diff[b * N + a];
        if (d1 < 0) continue;
        for (int m = 0; m < images[t]; m++) {
            int k1 = k * N + apow[m * N + d1], k2 = k * N + apow[m * N + d2];
            if (s) { cnt[k1] += s; cnt[k2] += s; continue; }
            if (stamp[k1] != epoch) { stamp[k1] = epoch; touched[nt++] = k1; }
            if (stamp[k2] != epoch) { stamp[k2] = epoch; touched[nt++] = k2; }
        }
    }
}
static void both(int ti, int tj, int s) { game(ti, s); if (tj != ti) game(tj, s); }
static int readint(void) { int x; if (scanf("%d", &x) != 1) exit(2); return x; }
int main(int argc, char **argv) {
    st = strtoull(argv[1], 0, 10) * 2654435761ULL + 1;
    double T = atof(argv[2]);
    long stallmax = atol(argv[3]);
    N = readint(); h = readint();
    apow = malloc(sizeof(int) * h * N);
    for (int i = 0; i < h * N; i++) apow[i] = readint();
    ns = readint();
    seat = malloc(sizeof(int) * ns); kind = malloc(sizeof(int) * ns);
    images = malloc(sizeof(int) * ns);
    int *init = malloc(sizeof(int) * ns);
    for (int i = 0; i < ns; i++) init[i] = readint();
    for (int i = 0; i < ns; i++) kind[i] = readint();
    for (int i = 0; i < ns / 4; i++) images[i] = readint();
    diff = malloc(sizeof(int) * N * N);
    for (int i = 0; i < N * N; i++) diff[i] = readint();
    tg = malloc(sizeof(int) * 2 * N);
    cnt = calloc(2 * N, sizeof(int)); stamp = calloc(2 * N, sizeof(int));
    for (int i = 0; i < 2 * N; i++) tg[i] = readint();
    for (int k = 1; k < 3; k++) pool[k] = malloc(sizeof(int) * ns);
    for (int i = 0; i < ns; i++) if (kind[i]) pool[kind[i]][npool[kind[i]]++] = i;
    for (;;) {
        memcpy(seat, init, sizeof(int) * ns);
        for (int k = 1; k < 3; k++)
            for (int z = npool[k] - 1; z > 0; z--) {
                int r = rnd(z + 1), a = pool[k][z], b = pool[k][r], t = seat[a];
                seat[a] = seat[b]; seat[b] = t;
            }
        for (int z = 0; z < npool[2]; z++) {
            int a = pool[2][z];
            seat[a] = apow[rnd(h) * N + seat[a]];
        }
        memset(cnt, 0, sizeof(int) * 2 * N);
        for (int t = 0; t < ns / 4; t++) game(t, 1);
        int cost = 0;
        for (int key = 0; key < 2 * N; key++) cost += pen(key);
        int best = cost;
        long stall = 0;
        while (cost > 0 && stall < stallmax) {
            /* a move swaps two slots of one kind, or (one time in four) turns an orbit
               representative into another element of its orbit */
            int k = (rnd(3) && npool[2] >= 2) || npool[1] < 2 ? 2 : 1;
            int i = pool[k][rnd(npool[k])], j = -1, turn = 0;
            if (k == 2 && h > 1 && rnd(4) == 0) turn = 1 + rnd(h - 1);
            else {
                j = pool[k][rnd(npool[k])];
                if (j == i || (i / 4 == j / 4 && (i - j) % 2 == 0)) { stall++; continue; }
            }
            int ti = i / 4, tj = j < 0 ? ti : j / 4, oi = seat[i], oj = j < 0 ? 0 : seat[j];
            epoch++; nt = 0;
            both(ti, tj, 0);
            if (turn) seat[i] = apow[turn * N + oi]; else { seat[i] = oj; seat[j] = oi; }
            both(ti, tj, 0);
            seat[i] = oi; if (j >= 0) seat[j] = oj;
            int before = 0, after = 0;
            for (int z = 0; z < nt; z++) before += pen(touched[z]);
            both(ti, tj, -1);
            if (turn) seat[i] = apow[turn * N + oi]; else { seat[i] = oj; seat[j] = oi; }
            both(ti, tj, 1);
            for (int z = 0; z < nt; z++) after += pen(touched[z]);
            int delta = after - before;
            if (delta <= 0 || unif() < exp(-delta / T)) {
                cost += delta;
                if (cost < best) { best = cost; stall = 0; } else stall++;
            } else {
                both(ti, tj, -1);
                seat[i] = oi; if (j >= 0) seat[j] = oj;
                both(ti, tj, 1);
                stall++;
            }
        }
        if (cost == 0) {
            for (int z = 0; z < ns; z++) printf("%d ", seat[z]);
            printf("\n");
            return 0;
        }
    }
}
"""
)


def search(
    players: int,
    moduli: tuple[int, ...],
    multiplier: str,
    seed: int,
    temperature: float = TEMPERATURE,
    stall: int = STALL,
    seconds: float | None = None,
) -> tuple[Starter | HoledStarter, dict[str, object]]:
    """The first round the search finds and its stored form (ValueError for a form that
    cannot work)."""
    run = Run(players, moduli, multiplier, seed, temperature, stall)
    problem = run.problem()
    start = time.perf_counter()
    games = problem.first_round(anneal(problem, seed, temperature, stall, seconds))
    took = round(time.perf_counter() - start, 2)
    command = run.command
    origin = f"{command}, {took} s"
    starter = problem.starter(games, origin)
    if defects(starter):
        raise SystemExit(f"{players} players: the search returned a broken round")
    entry = {
        "moduli": list(moduli),
        "points": problem.points,
        "hole": list(problem.hole) if problem.hole else None,
        "multiplier": multiplier,
        "seed": seed,
        "seconds": took,
        "command": command,
        "games": [list(game) for game in games],
    }
    return starter, entry


def main(argv: list[str] | None = None) -> int:
    """Search one size and merge what is found into the stored file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", type=int)
    parser.add_argument("--moduli", required=True)
    parser.add_argument("--multiplier", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--temperature", type=float, default=TEMPERATURE)
    parser.add_argument("--stall", type=int, default=STALL)
    parser.add_argument("--seconds", type=float, help="give up after this long")
    args = parser.parse_args(argv)
    moduli = tuple(int(m) for m in args.moduli.split(","))
    try:
        _, entry = search(
            args.players,
            moduli,
            args.multiplier,
            args.seed,
            args.temperature,
            args.stall,
            args.seconds,
        )
    except ValueError as refused:
        raise SystemExit(str(refused)) from None
    except subprocess.TimeoutExpired:
        print(f"{args.players}: none in {args.seconds} s (seed {args.seed})")
        return 1
    store(PATH, {args.players: entry})
    print(f"{args.players}: {entry['seconds']} s ({entry['command']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
