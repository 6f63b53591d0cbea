"""Find a whist frame over Z_m x Z_m and store it in schedules/data/whist/frame.json, which
`schedules.designs.whist_sizes` fills with a hole to build a Wh(v) (frame_rounds).

    .venv/bin/python tools/frame_search.py 152 --side 12 --groups 6 --seed 1

The search is `schedules.designs.frame_whist` (the family search's two steps on a round
invariant under mu(x, y) = (-y, -x)), which the engine reruns in Python where the stored file
is missing; this tool runs the same steps in the C kernel below, so a seed and the limits give
the same frame in both. The v - m^2 players of the hole are as many as a third of a group,
which is what the product Wh(4) x Wh(hole) needs.

Why v = 152 needs this: 151 is prime, and the family search over Z_151 + infinity found
nothing in hours, its exact cover being too large. The symmetry halves the games, so for 152
the search takes about a second.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # run as tools/NAME.py: the `tools` package is not on the path
    sys.path.insert(0, str(ROOT))

from schedules.designs.family_whist import Limits  # noqa: E402
from schedules.designs.frame_whist import (  # noqa: E402
    LIMITS,
    Run,
    hole_size,
)
from schedules.designs.whist import SEATS, Game, as_game  # noqa: E402
from tools.c_kernel import DANCING_LINKS, RANDOM, run_counted  # noqa: E402
from tools.stored_sizes import annealing_command_line, search_main  # noqa: E402

PATH = ROOT / "schedules" / "data" / "whist" / "frame.json"


def search(
    players: int,
    side: int,
    groups: int,
    seed: int,
    steps: int = LIMITS.steps,
    cover_nodes: int = LIMITS.cover_nodes,
    temperature: float = LIMITS.temperature,
    seconds: float | None = None,
) -> tuple[tuple[Game, ...], dict[str, object]]:
    """The frame's first round the search finds and its stored form
    (subprocess.TimeoutExpired after `seconds`)."""
    try:
        hole = hole_size(players, side, groups)
    except ValueError as refused:
        raise SystemExit(str(refused)) from None
    args = [side, groups, seed, steps, cover_nodes, temperature]
    families, found, took = run_counted(C_KERNEL, args, SEATS, seconds)
    games = tuple(as_game(game) for game in found)
    run = Run(players, side, groups, seed, Limits(steps, cover_nodes, temperature)).command
    entry = {
        "moduli": [side, side],
        "groups": groups,
        "hole": hole,
        "seed": seed,
        "families": families,
        "seconds": took,
        "command": run,
        "games": [list(game) for game in games],
    }
    return games, entry


C_KERNEL = (
    RANDOM
    + DANCING_LINKS
    + r"""

/* elements x + m y of Z_m x Z_m; H = {x + y = 0 mod hm}; mu(x, y) = (-y, -x) */
static int m, n, hm, P[1024], O[1024], cost, classes, pairs, fixed_games;
static int sv[64][3];     /* a game of a pair {T, mu T}: (0, b, c, d), partners (0, c), (b, d) */
static int fa[64], fb[64];  /* a fixed game {a, mu a, b, mu b}, partners (a, mu a), (b, mu b) */
static int opt_e[MAXN / 5][4];

static int add(int u, int v) { return (u % m + v % m) % m + m * ((u / m + v / m) % m); }
static int neg(int u) { return (m - u % m) % m + m * ((m - u / m) % m); }
static int sub(int u, int v) { return add(u, neg(v)); }
static int mu(int u) { return neg(u / m + m * (u % m)); }
static int cls(int u) { int v = neg(u); return u < v ? u : v; }
static int outside(int u) { return (u % m + u / m) % hm != 0; }
static int orbit(int u) { int v = mu(u); return u < v ? u : v; }

static void count(int *c, int target, int d, int s) {
    d = cls(d); cost -= abs(c[d] - target); c[d] += s; cost += abs(c[d] - target);
}

static void pair_game(int g, int s) {  /* T and mu T */
    int b = sv[g][0], c = sv[g][1], d = sv[g][2];
    int partners[2] = {c, sub(b, d)}, opponents[4] = {b, d, sub(c, b), sub(c, d)};
    for (int i = 0; i < 2; i++) { count(P, 1, partners[i], s); count(P, 1, mu(partners[i]), s); }
    for (int i = 0; i < 4; i++) { count(O, 2, opponents[i], s); count(O, 2, mu(opponents[i]), s); }
}

static void fixed_game(int g, int s) {
    int a = fa[g], b = fb[g], ma = mu(a), mb = mu(b);
    count(P, 1, sub(ma, a), s); count(P, 1, sub(mb, b), s);
    count(O, 2, sub(b, a), s); count(O, 2, sub(mb, a), s);
    count(O, 2, sub(b, ma), s); count(O, 2, sub(mb, ma), s);
}

static int apart(const int *e) {  /* no two of the game's four in one group */
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) if (!outside(sub(e[i], e[j]))) return 0;
    return 1;
}

static int pair_ok(int g) {
    int e[4] = {0, sv[g][0], sv[g][1], sv[g][2]};
    return apart(e);
}

static int fixed_ok(int g) {  /* no difference in H, its orbits apart from the other fixed games' */
    int e[4] = {fa[g], mu(fa[g]), fb[g], mu(fb[g])};
    if (!apart(e)) return 0;
    if (!outside(fa[g]) || !outside(fb[g]) || orbit(fa[g]) == orbit(fb[g])) return 0;
    for (int h = 0; h < fixed_games; h++) {
        if (h == g) continue;
        int x[2] = {orbit(fa[h]), orbit(fb[h])}, y[2] = {orbit(fa[g]), orbit(fb[g])};
        for (int i = 0; i < 2; i++) for (int j = 0; j < 2; j++) if (x[i] == y[j]) return 0;
    }
    return 1;
}

static int family(long steps, double temperature) {  /* step 1: the differences */
    memset(P, 0, sizeof P); memset(O, 0, sizeof O);
    cost = 3 * classes;
    for (int g = 0; g < pairs; g++) {
        do for (int i = 0; i < 3; i++) sv[g][i] = rnd(n); while (!pair_ok(g));
        pair_game(g, 1);
    }
    for (int g = 0; g < fixed_games; g++) fa[g] = fb[g] = 0;
    for (int g = 0; g < fixed_games; g++) {
        do { fa[g] = rnd(n); fb[g] = rnd(n); } while (!fixed_ok(g));
        fixed_game(g, 1);
    }
    for (long s = 0; s < steps && cost; s++) {
        int old = cost;
        if (rnd(pairs + fixed_games) < pairs) {
            int g = rnd(pairs), i = rnd(3), was = sv[g][i];
            pair_game(g, -1); sv[g][i] = rnd(n);
            if (!pair_ok(g)) { sv[g][i] = was; pair_game(g, 1); continue; }
            pair_game(g, 1);
            if (cost <= old || unif() < exp((old - cost) / temperature)) continue;
            pair_game(g, -1); sv[g][i] = was; pair_game(g, 1);
        } else {
            int g = rnd(fixed_games), *v = rnd(2) ? &fb[g] : &fa[g], was = *v;
            fixed_game(g, -1); *v = rnd(n);
            if (!fixed_ok(g)) { *v = was; fixed_game(g, 1); continue; }
            fixed_game(g, 1);
            if (cost <= old || unif() < exp((old - cost) / temperature)) continue;
            fixed_game(g, -1); *v = was; fixed_game(g, 1);
        }
    }
    return cost == 0;
}

int main(int argc, char **argv) {
    m = atoi(argv[1]); hm = atoi(argv[2]); n = m * m;
    st = (uint64_t)atoll(argv[3]) * 2654435761ULL + 1;
    long steps = atol(argv[4]); cover_limit = atol(argv[5]);
    double temperature = atof(argv[6]);
    int fixed_classes = 0, games = (n - n / hm) / 4;
    for (int d = 1; d < n; d++)
        if (outside(d) && cls(d) == d) { classes++; if (cls(mu(d)) == d) fixed_classes++; }
    fixed_games = fixed_classes / 2; pairs = (games - fixed_games) / 2;
    if (fixed_classes % 2 || 2 * pairs + fixed_games != games) return 2;
    for (int families = 1;; families++) {
        if (!family(steps, temperature)) continue;
        /* step 2: items are the pair games and the orbits {x, mu x} no fixed game seats */
        int column[1024] = {0}, used[1024] = {0}, orbits = 0, options = 0;
        for (int g = 0; g < fixed_games; g++) used[orbit(fa[g])] = used[orbit(fb[g])] = 1;
        for (int x = 0; x < n; x++)
            if (outside(x) && orbit(x) == x && !used[x]) column[x] = ++orbits;
        start_cover(pairs + orbits);
        for (int g = 0; g < pairs; g++) {
            int b[4] = {0, sv[g][0], sv[g][1], sv[g][2]};
            for (int s = 0; s < 2; s++) for (int t = 0; t < n; t++) {
                int columns[5] = {g + 1}, e[4], ok = 1;
                for (int i = 0; i < 4 && ok; i++) {
                    e[i] = add(s ? neg(b[i]) : b[i], t);
                    int c = outside(e[i]) ? column[orbit(e[i])] : 0;
                    columns[i + 1] = pairs + c;
                    ok = c != 0;
                    for (int j = 0; j < i && ok; j++) ok = columns[j + 1] != columns[i + 1];
                }
                if (!ok) continue;
                owner[options] = g; memcpy(opt_e[options], e, sizeof e);
                add_row(options++, columns, 5);
            }
        }
        if (search() != 1) continue;
        printf("%d\n", families);
        for (int g = 0; g < pairs; g++) {
            int *e = opt_e[pick[g]];
            printf("%d %d %d %d ", e[0], e[1], e[2], e[3]);
            printf("%d %d %d %d ", mu(e[0]), mu(e[1]), mu(e[2]), mu(e[3]));
        }
        for (int g = 0; g < fixed_games; g++)
            printf("%d %d %d %d ", fa[g], fb[g], mu(fa[g]), mu(fb[g]));
        printf("\n");
        return 0;
    }
}
"""
)


def _sizes(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--side", type=int, required=True, help="m: the group is Z_m x Z_m")
    parser.add_argument("--groups", type=int, required=True)


def command_line() -> argparse.ArgumentParser:
    """The tool's arguments, as a stored command spells them."""
    return annealing_command_line(
        __doc__, _sizes, (LIMITS.steps, LIMITS.cover_nodes, LIMITS.temperature)
    )


def main(argv: list[str] | None = None) -> int:
    """Search one size and merge what is found into the stored file."""
    return search_main(PATH, command_line(), search, argv)


if __name__ == "__main__":
    raise SystemExit(main())
