"""Find Z-cyclic whist first rounds in two exact steps and store them in
resources/whist/family.json, which `schedules.individual` reads.

    .venv/bin/python tools/family_search.py 68 --seed 1

Over Z_n (n = v - 1 with infinity when v = 0 mod 4, n = v with 0 sitting out when v = 1
mod 4) a first round works exactly when its games' partner differences meet every class
{d, -d} once and the opponent differences twice; which elements the games seat matters only
for seating everyone once. So the search splits the two:

1. A *seated difference family*: games (0, b, c, d), and (infinity, a, 0, c) when
   1-rotational, chosen by a randomised depth-first search that branches on the class (or
   the infinity game) with the fewest games left that fit, tries at most 8 of them, and gives
   up after `--nodes` nodes.
2. A *resolution*: translating a game keeps its differences, so an exact cover picks one
   translate of each game (items: the elements to seat; options: the n translates of each
   game) within `--cover-nodes` nodes. When it fails, step 1 starts again.

Why this works where annealing the whole round did not (60 players: nothing in 600 s): the
families are plentiful and step 1 barely backtracks; the annealing had to meet the
differences and the seating at once. v - 1 prime admits no multiplier
(tools/multiplier_search.py), so this is how such sizes are built (68 in 739 s). The C
kernel is seeded: a seed and the two limits give the same round.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from c_kernel import run_c  # noqa: E402
from stored_sizes import store  # noqa: E402

from schedules.designs.whist import Game, Starter, starter_defects  # noqa: E402

PATH = ROOT / "resources" / "whist" / "family.json"
NODES = 2_000
COVER_NODES = 200_000
"""Defaults; a run that changes either stores it in its command."""


def search(
    players: int,
    seed: int,
    nodes: int = NODES,
    cover_nodes: int = COVER_NODES,
    seconds: float | None = None,
) -> tuple[Starter, dict[str, object]]:
    """The first round the search finds and its stored form (subprocess.TimeoutExpired after
    `seconds`)."""
    if players % 4 not in (0, 1) or players < 8:
        raise SystemExit(f"{players} players: a whist tournament needs v = 0 or 1 (mod 4), v >= 8")
    rotational = players % 4 == 0
    n = players - 1 if rotational else players
    start = time.perf_counter()
    args = [str(n), str(int(rotational)), str(seed), str(nodes), str(cover_nodes)]
    out = run_c(C_KERNEL, args, seconds=seconds).split()
    took = round(time.perf_counter() - start, 2)
    families, seats = int(out[0]), [int(x) for x in out[1:]]
    games: tuple[Game, ...] = tuple(
        tuple(seats[k : k + 4])  # type: ignore[misc]
        for k in range(0, len(seats), 4)
    )
    command = (
        f"tools/family_search.py {players} --seed {seed}"
        + (f" --nodes {nodes}" if nodes != NODES else "")
        + (f" --cover-nodes {cover_nodes}" if cover_nodes != COVER_NODES else "")
    )
    starter = Starter((n,), games, rotational, f"{command}, {took} s")
    if starter_defects(starter):
        raise SystemExit(f"{players} players: the search returned a broken round")
    entry = {
        "moduli": [n],
        "seed": seed,
        "families": families,
        "seconds": took,
        "command": command,
        "games": [list(game) for game in games],
    }
    return starter, entry


C_KERNEL = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

static uint64_t state;
static uint64_t next(void) { state ^= state << 13; state ^= state >> 7; state ^= state << 17;
    return state; }

static int n, rot, classes, games, INF;
static int cls(int x) { x %= n; if (x < 0) x += n; return x <= n / 2 ? x : n - x; }

/* step 1: candidate games, N at 0; (INF, a, 0, c) when 1-rotational */
static int total, (*seat)[4], (*partner)[2], (*opp)[4];
static char *isinf;
static int needp[1024], needo[1024], infleft, gamesleft, chosen[512], depth;
static long nodes, limit;

static int fits(int o) {
    if (isinf[o]) {
        if (!infleft || needp[partner[o][0]] < 1) return 0;
        int a = opp[o][0], b = opp[o][1];
        return a == b ? needo[a] >= 2 : needo[a] >= 1 && needo[b] >= 1;
    }
    int p0 = partner[o][0], p1 = partner[o][1];
    if (p0 == p1 || needp[p0] < 1 || needp[p1] < 1) return 0;
    for (int i = 0; i < 4; i++) {
        int m = 0;
        for (int j = 0; j < 4; j++) m += opp[o][j] == opp[o][i];
        if (needo[opp[o][i]] < m) return 0;
    }
    return 1;
}

static void take(int o, int s) {
    int k = isinf[o] ? 2 : 4;
    needp[partner[o][0]] -= s;
    if (!isinf[o]) needp[partner[o][1]] -= s;
    for (int i = 0; i < k; i++) needo[opp[o][i]] -= s;
    infleft -= isinf[o] ? s : 0;
    gamesleft -= s;
}

static int covers(int o, int kind, int item) {
    if (kind == 2) return isinf[o];
    if (kind == 0) return partner[o][0] == item || (!isinf[o] && partner[o][1] == item);
    for (int i = 0; i < (isinf[o] ? 2 : 4); i++) if (opp[o][i] == item) return 1;
    return 0;
}

static int family(void) {
    if (++nodes > limit) return -1;
    if (!gamesleft) return 1;
    static int cp[1024], co[1024];
    memset(cp, 0, sizeof cp); memset(co, 0, sizeof co);
    int ci = 0;
    for (int o = 0; o < total; o++) {
        if (!fits(o)) continue;
        ci += isinf[o];
        cp[partner[o][0]]++;
        if (!isinf[o]) cp[partner[o][1]]++;
        for (int i = 0; i < (isinf[o] ? 2 : 4); i++) co[opp[o][i]]++;
    }
    int kind = 2, item = 0, best = infleft ? ci : 1 << 30;
    for (int c = 1; c <= classes; c++) {
        if (needo[c] > 0 && co[c] < needo[c]) return 0;
        if (needp[c] > 0 && cp[c] < best) { best = cp[c]; item = c; kind = 0; }
        if (needo[c] > 0 && co[c] < best) { best = co[c]; item = c; kind = 1; }
    }
    if (!best) return 0;
    int *list = malloc(sizeof(int) * best), count = 0;
    for (int o = 0; o < total && count < best; o++)
        if (fits(o) && covers(o, kind, item)) list[count++] = o;
    for (int i = count - 1; i > 0; i--) { int j = next() % (i + 1), t = list[i]; list[i] = list[j];
        list[j] = t; }
    int found = 0;
    for (int i = 0; i < count && i < 8 && !found; i++) {  /* limited discrepancy */
        take(list[i], 1); chosen[depth++] = list[i];
        found = family();
        if (found != 1) { depth--; take(list[i], -1); }
        if (found < 0) break;
    }
    free(list);
    return found;
}

/* step 2: one translate of each game, seating every element once */
static int block[512][4], options, owner[200000], members[200000][4], size[200000];
static int covered[1024], used[512], pick[512];
static long cover_nodes, cover_limit;

static int resolve(int left) {
    if (++cover_nodes > cover_limit) return -1;
    if (!left) return 1;
    static int count_of[1024];
    memset(count_of, 0, sizeof count_of);
    for (int o = 0; o < options; o++) {
        if (used[owner[o]]) continue;
        int clash = 0;
        for (int i = 0; i < size[o]; i++) clash |= covered[members[o][i]];
        if (!clash) for (int i = 0; i < size[o]; i++) count_of[members[o][i]]++;
    }
    int item = -1, best = 1 << 30;
    for (int e = rot ? 0 : 1; e < n; e++)
        if (!covered[e] && count_of[e] < best) { best = count_of[e]; item = e; }
    if (!best) return 0;
    int *list = malloc(sizeof(int) * best), count = 0;
    for (int o = 0; o < options; o++) {
        if (used[owner[o]]) continue;
        int hit = 0, clash = 0;
        for (int i = 0; i < size[o]; i++) { hit |= members[o][i] == item;
            clash |= covered[members[o][i]]; }
        if (hit && !clash) list[count++] = o;
    }
    for (int i = count - 1; i > 0; i--) { int j = next() % (i + 1), t = list[i]; list[i] = list[j];
        list[j] = t; }
    int found = 0;
    for (int i = 0; i < count && !found; i++) {
        int o = list[i];
        for (int k = 0; k < size[o]; k++) covered[members[o][k]] = 1;
        used[owner[o]] = 1; pick[owner[o]] = o;
        found = resolve(left - size[o]);
        if (found != 1) { for (int k = 0; k < size[o]; k++) covered[members[o][k]] = 0;
            used[owner[o]] = 0; }
        if (found < 0) break;
    }
    free(list);
    return found;
}

int main(int argc, char **argv) {
    n = atoi(argv[1]); rot = atoi(argv[2]);
    state = (uint64_t)atoll(argv[3]) * 2654435761ULL + 1;
    limit = atol(argv[4]); cover_limit = atol(argv[5]);
    classes = (n - 1) / 2; INF = n; games = rot ? (n + 1) / 4 : (n - 1) / 4;
    long most = (long)n * n * n / 2 + (long)n * n;
    seat = malloc(sizeof(int[4]) * most); partner = malloc(sizeof(int[2]) * most);
    opp = malloc(sizeof(int[4]) * most); isinf = malloc(most);
    total = 0;
    if (rot)
        for (int a = 1; a < n; a++) for (int c = 1; c < n; c++) if (a != c) {
            int *s = seat[total]; s[0] = INF; s[1] = a; s[2] = 0; s[3] = c;
            partner[total][0] = cls(a - c); opp[total][0] = cls(a); opp[total][1] = cls(c);
            isinf[total++] = 1;
        }
    /* (0, b, c, d) with b < d: swapping East and West gives the same game */
    for (int b = 1; b < n; b++) for (int c = 1; c < n; c++) for (int d = b + 1; d < n; d++) {
        if (c == b || c == d) continue;
        int *s = seat[total]; s[0] = 0; s[1] = b; s[2] = c; s[3] = d;
        partner[total][0] = cls(c); partner[total][1] = cls(b - d);
        opp[total][0] = cls(b); opp[total][1] = cls(d); opp[total][2] = cls(c - b);
            opp[total][3] = cls(c - d);
        isinf[total++] = 0;
    }
    for (int families = 1;; families++) {
        for (int c = 1; c <= classes; c++) { needp[c] = 1; needo[c] = 2; }
        infleft = rot; gamesleft = games; depth = 0; nodes = 0;
        if (family() != 1) continue;
        options = 0;
        for (int g = 0; g < games; g++) {
            memcpy(block[g], seat[chosen[g]], sizeof block[g]);
            for (int t = 0; t < n; t++) {
                int k = 0, ok = 1;
                for (int i = 0; i < 4; i++) {
                    if (block[g][i] == INF) continue;
                    int x = (block[g][i] + t) % n;
                    if (!rot && x == 0) ok = 0;
                    members[options][k++] = x;
                }
                if (!ok) continue;
                owner[options] = g; size[options++] = k;
            }
        }
        memset(covered, 0, sizeof covered); memset(used, 0, sizeof used); cover_nodes = 0;
        if (resolve(rot ? n : n - 1) != 1) continue;
        printf("%d\n", families);
        for (int g = 0; g < games; g++) {
            int o = pick[g], first = block[g][0] == INF ? 1 : 0;
            int t = (members[o][0] - block[g][first] + n) % n;
            for (int i = 0; i < 4; i++)
                printf("%d ", block[g][i] == INF ? INF : (block[g][i] + t) % n);
        }
        printf("\n");
        return 0;
    }
}
"""


def main(argv: list[str] | None = None) -> int:
    """Search one size and merge what is found into the stored file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--nodes", type=int, default=NODES)
    parser.add_argument("--cover-nodes", type=int, default=COVER_NODES)
    parser.add_argument("--seconds", type=float, help="give up after this long")
    args = parser.parse_args(argv)
    try:
        _, entry = search(args.players, args.seed, args.nodes, args.cover_nodes, args.seconds)
    except subprocess.TimeoutExpired:
        print(f"{args.players}: none in {args.seconds} s (seed {args.seed})")
        return 1
    store(PATH, {args.players: entry})
    families = entry["families"]
    print(f"{args.players}: {entry['seconds']} s, {families} families ({entry['command']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
