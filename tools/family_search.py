"""Find Z-cyclic whist first rounds in two steps and store them in
schedules/data/whist/family.json, which `schedules.designs.whist_sizes` reads.

    .venv/bin/python tools/family_search.py 72 --seed 1

The search is `schedules.designs.family_whist` (a seated difference family by annealing, then
its resolution by exact cover), which the engine reruns in Python where the stored file is
missing; this tool runs the same steps in the C kernel below, so a seed and the limits give the
same round in both, a hundred times faster.

Why the split works where annealing the whole round did not (60 players: nothing in 600 s):
the differences alone anneal in well under a second even over Z_167, and a family has so
many translates that the exact cover often seats everyone. The negations matter: with
translates alone the first version of this tool needed 1,343 s for 60 players. v - 1 prime
admits no multiplier (tools/multiplier_search.py), so this is how such sizes are built.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # run as tools/NAME.py: the `tools` package is not on the path
    sys.path.insert(0, str(ROOT))

from schedules.designs.family_whist import (  # noqa: E402
    LIMITS,
    Limits,
    Run,
    group_order,
)
from schedules.designs.whist import SEATS, Starter, as_game, starter_defects  # noqa: E402
from tools.c_kernel import DANCING_LINKS, RANDOM, run_counted  # noqa: E402
from tools.stored_sizes import annealing_command_line, search_main  # noqa: E402

PATH = ROOT / "schedules" / "data" / "whist" / "family.json"


def search(
    players: int,
    seed: int,
    steps: int = LIMITS.steps,
    cover_nodes: int = LIMITS.cover_nodes,
    temperature: float = LIMITS.temperature,
    seconds: float | None = None,
) -> tuple[Starter, dict[str, object]]:
    """The first round the search finds and its stored form (subprocess.TimeoutExpired after
    `seconds`)."""
    try:
        n, rotational = group_order(players)
    except ValueError as refused:
        raise SystemExit(str(refused)) from None
    args = [n, int(rotational), seed, steps, cover_nodes, temperature]
    families, found, took = run_counted(C_KERNEL, args, SEATS, seconds)
    games = tuple(as_game(game) for game in found)
    run = Run(players, seed, Limits(steps, cover_nodes, temperature)).command
    starter = Starter((n,), games, rotational, f"{run}, {took} s")
    if starter_defects(starter):
        raise SystemExit(f"{players} players: the search returned a broken round")
    entry = {
        "moduli": [n],
        "seed": seed,
        "families": families,
        "seconds": took,
        "command": run,
        "games": [list(game) for game in games],
    }
    return starter, entry


C_KERNEL = (
    RANDOM
    + DANCING_LINKS
    + r"""

static int n, rot, classes, games, INF;
static int cls(int x) { x %= n; if (x < 0) x += n; return x <= n / 2 ? x : n - x; }

/* step 1: game g seats (0, b, c, d), or (INF, a, 0, c) for game 0 when 1-rotational; free[g]
   is how many of its seats the search may change (3, or 2) */
static int free_[512], val[512][3], P[1024], O[1024];

static int change(int g, int s) {  /* add (s = 1) or remove (s = -1) game g: the cost change */
    int p[2], o[4], np, no, d = 0;
    if (free_[g] == 2) {
        int a = val[g][0], c = val[g][1];
        p[0] = cls(a - c); np = 1; o[0] = cls(a); o[1] = cls(c); no = 2;
    } else {
        int b = val[g][0], c = val[g][1], w = val[g][2];
        p[0] = cls(c); p[1] = cls(b - w); np = 2;
        o[0] = cls(b); o[1] = cls(w); o[2] = cls(c - b); o[3] = cls(c - w); no = 4;
    }
    for (int i = 0; i < np; i++) { d -= abs(P[p[i]] - 1); P[p[i]] += s; d += abs(P[p[i]] - 1); }
    for (int i = 0; i < no; i++) { d -= abs(O[o[i]] - 2); O[o[i]] += s; d += abs(O[o[i]] - 2); }
    return d;
}

static int distinct(int g) {
    int *v = val[g];
    return v[0] != v[1] && (free_[g] == 2 || (v[2] != v[0] && v[2] != v[1]));
}

static int family(long steps, double temperature) {
    memset(P, 0, sizeof P); memset(O, 0, sizeof O);
    int cost = 3 * classes;
    for (int g = 0; g < games; g++) {
        do for (int i = 0; i < free_[g]; i++) val[g][i] = 1 + nxt() % (n - 1);
        while (!distinct(g));
        cost += change(g, 1);
    }
    for (long s = 0; s < steps && cost; s++) {
        int g = nxt() % games, i = nxt() % free_[g], old = val[g][i];
        val[g][i] = 1 + nxt() % (n - 1);
        if (val[g][i] == old || !distinct(g)) { val[g][i] = old; continue; }
        int now = val[g][i];
        val[g][i] = old;
        int d = change(g, -1);
        val[g][i] = now;
        d += change(g, 1);
        if (d <= 0 || unif() < exp(-d / temperature)) { cost += d; continue; }
        change(g, -1); val[g][i] = old; change(g, 1);
    }
    return cost == 0;
}

/* step 2: one translate of each game or of its negation, seating every element once: an
   exact cover (items: the games, then the elements to seat) */
static int shift[MAXN / 5], sign[MAXN / 5], block[512][4];

int main(int argc, char **argv) {
    n = atoi(argv[1]); rot = atoi(argv[2]);
    st = (uint64_t)atoll(argv[3]) * 2654435761ULL + 1;
    long steps = atol(argv[4]); cover_limit = atol(argv[5]);
    double temperature = atof(argv[6]);
    classes = (n - 1) / 2; INF = n; games = rot ? (n + 1) / 4 : (n - 1) / 4;
    for (int g = 0; g < games; g++) free_[g] = rot && g == 0 ? 2 : 3;
    for (int families = 1;; families++) {
        if (!family(steps, temperature)) continue;
        int seats = rot ? n : n - 1, options = 0;
        start_cover(games + seats);
        for (int g = 0; g < games; g++) {
            int *v = val[g], *b = block[g];
            if (free_[g] == 2) { b[0] = INF; b[1] = v[0]; b[2] = 0; b[3] = v[1]; }
            else { b[0] = 0; b[1] = v[0]; b[2] = v[1]; b[3] = v[2]; }
            for (int s = 1; s >= -1; s -= 2) for (int t = 0; t < n; t++) {
                int columns[5] = {g + 1}, k = 1, ok = 1;
                for (int i = 0; i < 4; i++) {
                    if (b[i] == INF) continue;
                    int x = ((s * b[i] + t) % n + n) % n;
                    if (!rot && x == 0) ok = 0;
                    columns[k++] = games + (rot ? x + 1 : x);
                }
                if (!ok) continue;
                owner[options] = g; shift[options] = t; sign[options] = s;
                add_row(options++, columns, k);
            }
        }
        if (search() != 1) continue;
        printf("%d\n", families);
        for (int g = 0; g < games; g++) {
            int o = pick[g];
            for (int i = 0; i < 4; i++)
                printf("%d ", block[g][i] == INF ? INF
                    : ((sign[o] * block[g][i] + shift[o]) % n + n) % n);
        }
        printf("\n");
        return 0;
    }
}
"""
)


def command_line() -> argparse.ArgumentParser:
    """The tool's arguments, as a stored command spells them."""
    return annealing_command_line(
        __doc__, lambda _: None, (LIMITS.steps, LIMITS.cover_nodes, LIMITS.temperature)
    )


def main(argv: list[str] | None = None) -> int:
    """Search one size and merge what is found into the stored file."""
    return search_main(PATH, command_line(), search, argv)


if __name__ == "__main__":
    raise SystemExit(main())
