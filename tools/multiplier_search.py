"""Find whist first rounds invariant under a multiplier and store them in
schedules/data/whist/multiplier.json, which `schedules.designs.whist_sizes` reads.

    .venv/bin/python tools/multiplier_search.py 88 --moduli 3,29 --multiplier 1,16
    .venv/bin/python tools/multiplier_search.py 52 --moduli 4,4,3 --multiplier w,1

G = Z_m1 x Z_m2 x ... has order v - 1 (one fixed player; for v = 1 mod 4 also a hole
H = <t> of order 4) or v - 4 (four fixed players and a hole H, the elements of order 2; see
schedules.designs.holed_whist). The multiplier alpha acts on the coordinates: an integer u
multiplies one, `w` takes the next two (of one modulus) as a + b w and multiplies by w, a
root of w^2 + w + 1. The first round is made alpha-invariant: the fixed players' games and
further games hold only elements alpha fixes, the other games come in orbits of alpha. With
fewer than 12 fixed elements, alpha (of order 3) keeps the first of four fixed players at a
game of fixed elements and takes the second's game to the third's and the fourth's. The
search anneals over the orbit games' representatives (the C kernel below, seeded, so a seed
gives the same round), restarting after `--stall` moves without a new best.

Why this helps: alpha fixes a subgroup K and moves the rest of G in orbits of size h, so the
fixed elements form a small whist first round of their own and the rest is a problem h times
smaller than the first round. What cannot work is refused: alpha of even order (it would
repeat a partner difference), an element of order 2 outside the hole (developing counts its
pairs twice), fixed elements or orbits that do not fill whole games. So sizes where v - 1 is
prime get nothing here: G = Z_(v-1) has no alpha fixing three elements besides 0.
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

from schedules.designs.holed_whist import HoledStarter, hole_counts, holed_defects  # noqa: E402
from schedules.designs.whist import (  # noqa: E402
    Game,
    Group,
    Starter,
    as_game,
    group,
    starter_defects,
)
from tools.c_kernel import RANDOM, run_c  # noqa: E402
from tools.stored_sizes import store  # noqa: E402

PATH = ROOT / "schedules" / "data" / "whist" / "multiplier.json"
Token = int | str
TEMPERATURE = 0.7
STALL = 200_000
"""Defaults; a run that changes either stores it in its command."""


def parse_multiplier(text: str) -> list[Token]:
    """'1,16' or 'w,1' as tokens: integers, and 'w'."""
    return [part if part == "w" else int(part) for part in text.split(",")]


def alpha_table(moduli: tuple[int, ...], tokens: list[Token]) -> list[int]:
    """alpha on the elements of G (mixed radix, lowest modulus first)."""
    g = group(moduli)
    table = []
    for x in range(g.order):
        digits, rest = [], x
        for m in moduli:
            digits.append(rest % m)
            rest //= m
        image, i = [], 0
        for token in tokens:
            if isinstance(token, int):
                image.append(token * digits[i] % moduli[i])
                i += 1
                continue
            if token == "w":  # a + b w -> w (a + b w), with w^2 = -1 - w
                a, b, m = digits[i], digits[i + 1], moduli[i]
                image += [-b % m, (a - b) % m]
                i += 2
                continue
            raise SystemExit(f"unknown multiplier part {token!r}")
        if i != len(moduli):
            raise SystemExit("the multiplier does not cover every coordinate")
        code, place = 0, 1
        for d, m in zip(image, moduli, strict=True):
            code, place = code + d * place, place * m
        table.append(code)
    if sorted(table) != list(range(g.order)) or table[0] != 0:
        raise SystemExit("the multiplier is not an automorphism of G")
    return table


def _order(g: Group, x: int) -> int:
    k, y = 1, x
    while y:
        y, k = g.add_table[y][x], k + 1
    return k


def _hole(g: Group, fixed: list[int], points: int) -> tuple[int, int, int, int]:
    """H: (0, e1, e2, e1 + e2), the elements of order 2, with four fixed players when G has
    three; otherwise (0, t, 2t, 3t) with t of order 4 fixed by the multiplier (so 2t is the
    one element of order 2 when G has one)."""
    add = g.add_table
    involutions = [x for x in range(1, g.order) if add[x][x] == 0]
    if points == 4 and len(involutions) == 3:
        first, second, third = involutions
        return (0, first, second, third)
    if points == 4 and len(involutions) != 1:
        raise SystemExit("every element of order 2 must lie in the hole: G needs one or three")
    t = next((x for x in fixed if _order(g, x) == 4), None)
    if t is None:
        raise SystemExit("the multiplier must fix an element of order 4")
    return (0, t, add[t][t], add[add[t][t]][t])


def _powers(alpha: list[int]) -> list[list[int]]:
    """alpha^0, alpha^1, ... up to its order."""
    powers = [list(range(len(alpha)))]
    while (step := [alpha[x] for x in powers[-1]]) != powers[0]:
        powers.append(step)
    return powers


def _representatives(powers: list[list[int]], n: int) -> list[int]:
    """The smallest element of each orbit of alpha on G that alpha moves (all orbits must
    have alpha's order)."""
    seen: set[int] = set()
    reps = []
    for x in range(n):
        if x not in seen and powers[1 % len(powers)][x] != x:
            orbit = {p[x] for p in powers}
            if len(orbit) != len(powers):
                raise SystemExit(
                    "alpha must move every element it does not fix in orbits of one size"
                )
            seen |= orbit
            reps.append(x)
    return reps


class Problem:
    """The layout the kernel anneals: slots of games (pinned fixed players, fixed elements,
    orbit representatives), alpha's powers and the per-element targets."""

    def __init__(self, players: int, moduli: tuple[int, ...], tokens: list[Token]) -> None:
        self.players, self.moduli = players, moduli
        g = self.g = group(moduli)
        n = g.order
        self.points = players - n
        if (self.points, players % 4) not in ((1, 0), (1, 1), (4, 0)):
            raise SystemExit(
                f"{players} players: G must have order v - 1, or v - 4 when v = 0 mod 4"
            )
        alpha = alpha_table(moduli, tokens)
        fixed = [x for x in range(n) if alpha[x] == x]
        # Four fixed players sit at games of fixed elements, unless there are too few: then
        # an alpha of order 3 keeps the first at a fixed game and turns the other three.
        self.turned = self.points == 4 and (len(fixed) < 12 or len(fixed) % 4 != 0)
        alpha += [n, n + 2, n + 3, n + 1] if self.turned else list(range(n, players))
        self.powers = _powers(alpha)
        h = len(self.powers)
        if h % 2 == 0:
            # alpha^(h/2) would send a partner pair {x, x + (0, l)} to one with difference
            # (0, -l): the same class twice
            raise SystemExit("the multiplier must have odd order")
        if self.turned and h != 3:
            raise SystemExit("with fewer than 12 fixed elements the multiplier must have order 3")
        self.hole = None if (self.points, players % 4) == (1, 0) else _hole(g, fixed, self.points)
        involutions = {x for x in range(1, n) if g.add_table[x][x] == 0}
        if not involutions <= set(self.hole or ()):
            # a pair {x, x + e} with 2e = 0 counts twice as the first round develops, so
            # only the hole rounds can seat it
            raise SystemExit("every element of order 2 must lie in the hole")
        if players % 4 == 1:
            fixed.remove(0)  # 0 sits out the first round
        reps = _representatives(self.powers, n)
        at_fixed = 1 if self.turned else self.points  # fixed players at games of fixed elements
        turned = self.points - at_fixed
        if (
            len(fixed) < 3 * at_fixed
            or (len(fixed) - 3 * at_fixed) % 4
            or (len(reps) - 3 * bool(turned)) % 4
        ):
            raise SystemExit("the fixed elements and the orbits do not fill whole games")
        self.slots: list[int] = []
        self.kinds: list[int] = []  # 0 pinned, 1 a fixed element, 2 an orbit representative
        for i in range(at_fixed):
            self.slots += [n + i, *fixed[3 * i : 3 * i + 3]]
            self.kinds += [0, 1, 1, 1]
        rest = fixed[3 * at_fixed :]
        self.slots += rest
        self.kinds += [1] * len(rest)
        if turned:  # the second fixed player's game; alpha takes it to the third's and fourth's
            self.slots += [n + 1, *reps[:3]]
            self.kinds += [0, 2, 2, 2]
            reps = reps[3:]
        self.slots += reps
        self.kinds += [2] * len(reps)
        self.images = (
            [1] * (at_fixed + len(rest) // 4) + [h] * bool(turned) + [h] * (len(reps) // 4)
        )
        partners, opponents = [1] * n, [2] * n
        partners[0] = opponents[0] = 0
        if self.hole is not None:
            hole_partners, hole_opponents = hole_counts(g, self.hole, self.points)
            for d in self.hole:
                partners[d] -= hole_partners[d] // 4
                opponents[d] -= hole_opponents[d] // 4
        self.targets = partners + [0] * self.points + opponents + [0] * self.points

    def kernel_input(self) -> str:
        """The problem as the kernel reads it."""
        g, v = self.g, self.players
        diff = [
            g.sub(a, b) if a < g.order and b < g.order and a != b else -1
            for a in range(v)
            for b in range(v)
        ]
        lines = [
            f"{v} {len(self.powers)}",
            " ".join(str(x) for p in self.powers for x in p),
            str(len(self.slots)),
            " ".join(map(str, self.slots)),
            " ".join(map(str, self.kinds)),
            " ".join(map(str, self.images)),
            " ".join(map(str, diff)),
            " ".join(map(str, self.targets)),
        ]
        return "\n".join(lines) + "\n"

    def first_round(self, slots: list[int]) -> tuple[Game, ...]:
        """Every game: each base game and, for orbit games, its images under alpha."""
        games: list[Game] = []
        for t, images in enumerate(self.images):
            base = slots[4 * t : 4 * t + 4]
            games += [as_game(p[x] for x in base) for p in self.powers[:images]]
        return tuple(games)

    def starter(self, games: tuple[Game, ...], origin: str) -> Starter | HoledStarter:
        """The first round as the schedule engine takes it."""
        if self.hole is None:
            return Starter(self.moduli, games, True, origin)
        return HoledStarter(self.moduli, games, self.hole, self.points, origin)


def defects(starter: Starter | HoledStarter) -> int:
    """0 when the first round makes a Wh."""
    return starter_defects(starter) if isinstance(starter, Starter) else holed_defects(starter)


def anneal(
    problem: Problem, seed: int, temperature: float, stall: int, seconds: float | None
) -> list[int]:
    """The slots of an alpha-invariant first round (runs until it finds one, or for at most
    `seconds`: subprocess.TimeoutExpired)."""
    args = [str(seed), repr(temperature), str(stall)]
    out = run_c(C_KERNEL, args, problem.kernel_input(), seconds)
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
    """The first round the search finds and its stored form."""
    problem = Problem(players, moduli, parse_multiplier(multiplier))
    start = time.perf_counter()
    games = problem.first_round(anneal(problem, seed, temperature, stall, seconds))
    took = round(time.perf_counter() - start, 2)
    command = (
        f"tools/multiplier_search.py {players} --moduli {','.join(map(str, moduli))} "
        f"--multiplier {multiplier} --seed {seed}"
        + (f" --temperature {temperature}" if temperature != TEMPERATURE else "")
        + (f" --stall {stall}" if stall != STALL else "")
    )
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
    except subprocess.TimeoutExpired:
        print(f"{args.players}: none in {args.seconds} s (seed {args.seed})")
        return 1
    store(PATH, {args.players: entry})
    print(f"{args.players}: {entry['seconds']} s ({entry['command']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
