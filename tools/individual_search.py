"""Seat individual fields that no whist tournament holds (2 or 3 more than a multiple of 4) for
balance, and store them in schedules/data/whist/odd_players.json (`schedules.odd_players`).

    .venv/bin/python tools/individual_search.py --players 10-31 [--rings 1] [--tries 40]
        [--steps 2000000] [--seed 0] [--cc] [--out FILE]
    .venv/bin/python tools/individual_search.py --players N --rings R --seed S --steps K
        (one search again: what an entry's `command` says; --cc or not, the same seating)
    .venv/bin/python tools/individual_search.py --players 14-199 --phantoms
    .venv/bin/python tools/individual_search.py --players 14 --halves --seed S --steps K

A field of N players has N // 4 tables every round and plays N rounds; the players who do not
fill a table rest. Every table plays the round's trays, as in a whist tournament. The rounds
develop from a first round: each round every player is one on round a ring of N (`--rings 1`),
or two first rounds over two rings of N / 2 (`--rings 2`); so everyone rests equally often (2
or 3 rounds) and any two players as far apart round a ring meet equally often. Annealing seats
the first round(s): a step swaps two seats, scored by the sum of the squared comparison counts
(what the balance index weighs) plus `PENALTY` for every meeting too many (partners twice,
opponents three times: what the movement promises); worse steps are taken with probability
exp(-delta / T), T falling from `HOT` to `COLD`. Each run starts from its seed; the best
seating of `tries` runs without a meeting too many is stored where it balances better than
what the engine builds otherwise. `--cc` runs them in C (tools/c_kernel.py, a C compiler
needed), draw for draw and step for step the Python run: 40 runs of 2,000,000 steps for 18
to 27 players take 6 to 28 s, where Python takes some 35 s a run.

`--halves` takes a stored seating and anneals which tables play the second half of their
trays arrow-switched (`tools.odd_field_search.switch_halves`, as for the odd pair fields), for
14 players, whom the whole sets leave more than 2 points below the whist tournament.

`--phantoms` instead chooses which places of the next whist tournament are left empty: each
place in turn for the first phantom, then for the second given the first, the choice whose
seating balances best. It serves the larger fields, where the seatings of whole tables above
are not searched (their phantom seatings come within a point of the whist tournament).
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

from schedules import individual  # noqa: E402
from schedules.balance import balance  # noqa: E402
from schedules.designs.xorshift import XorShift  # noqa: E402
from schedules.verify import verify  # noqa: E402
from tools.c_kernel import RANDOM, run_c  # noqa: E402
from tools.odd_field_search import switch_halves  # noqa: E402
from tools.stored_sizes import store  # noqa: E402

PATH = ROOT / "schedules" / "data" / "whist" / "odd_players.json"
STEPS = 300_000
HOT = 3.0
COLD = 0.05
PENALTY = 10
"""Cost of one meeting too many (partners twice, opponents three times), in classes of pairs
met once more."""
PARTNER, OPPONENT, COMPARED = 0, 1, 2


def relations(tables: int) -> list[tuple[int, int, int]]:
    """Every two seats of a round that meet (table * 4 + North, East, South, West): partners,
    opponents, and those holding the same hands at different tables (compared)."""
    out = []
    for place in range(4 * tables):
        table, seat = divmod(place, 4)
        out += [(place, 4 * table + (seat + 2) % 4, PARTNER)] if seat < 2 else []
        out += [(place, 4 * table + (seat + 1) % 4, OPPONENT)]
        for other in range(table + 1, tables):
            out += [
                (place, 4 * other + seat, COMPARED),
                (place, 4 * other + (seat + 2) % 4, COMPARED),
            ]
    return out


def best_possible(players: int, rounds: int) -> int:
    """The least sum of squared comparison counts any seating can have: every two players
    compared as nearly equally often as the total allows."""
    tables = players // 4
    total = 4 * rounds * tables * (tables - 1)
    pairs = players * (players - 1) // 2
    low, extra = divmod(total, pairs)
    return extra * (low + 1) ** 2 + (pairs - extra) * low**2


def meeting(p: int, q: int, cycle: int) -> tuple[int, int, int, int]:
    """Which two players p and q (numbered ring by ring) stand for over the rounds: their
    rings and how far apart they are, and how many times each such two meet per meeting of
    p and q (2 when half way round: they are that far apart both ways)."""
    i, x = divmod(p, cycle)
    j, y = divmod(q, cycle)
    if i > j:
        i, j, x, y = j, i, y, x
    d = (y - x) % cycle
    if i == j:
        d = min(d, cycle - d)
        return i, j, d, 2 if 2 * d == cycle else 1
    return i, j, d, 1


class Rings:
    """The meetings of the rounds that first rounds develop into, counted by kind and by class
    (two rings and how far apart round them: every two players of a class meet as often)."""

    def __init__(self, players: int, rings: int, firsts: list[list[int]]) -> None:
        self.cycle = players // rings
        self.players = players
        self.firsts = firsts
        ids: dict[tuple[int, int, int], int] = {}
        self.cls = [0] * (players * players)
        self.times = [0] * (players * players)
        for p in range(players):
            for q in range(players):
                if p != q:
                    i, j, d, times = meeting(p, q, self.cycle)
                    self.cls[p * players + q] = ids.setdefault((i, j, d), len(ids))
                    self.times[p * players + q] = times
        self.size = [0] * len(ids)
        for (i, j, d), c in ids.items():
            self.size[c] = self.cycle // 2 if i == j and 2 * d == self.cycle else self.cycle
        self.near: list[list[tuple[int, int]]] = [[] for _ in firsts[0]]
        for s1, s2, kind in relations(players // 4):
            self.near[s1].append((s2, kind))
            self.near[s2].append((s1, kind))
        self.counts = [[0] * len(ids) for _ in range(3)]
        self.squares = self.excess = 0
        for first in firsts:
            for s1, s2, kind in relations(players // 4):
                self.meet(kind, first[s1], first[s2], 1)

    def meet(self, kind: int, p: int, q: int, step: int) -> None:
        """Count the meeting of p and q (step 1) or take it away (-1)."""
        key = p * self.players + q
        c = self.cls[key]
        counts = self.counts[kind]
        before = counts[c]
        after = before + step * self.times[key]
        counts[c] = after
        if kind == COMPARED:
            self.squares += self.size[c] * (after * after - before * before)
        else:
            limit = 1 if kind == PARTNER else 2
            self.excess += max(0, after - limit) - max(0, before - limit)

    def swap(self, f: int, i: int, j: int) -> None:
        """Exchange the players of seats i and j of first round f."""
        first = self.firsts[f]
        p, q = first[i], first[j]
        for slot, old, new, other_slot in ((i, p, q, j), (j, q, p, i)):
            for other, kind in self.near[slot]:
                if other != other_slot:
                    x = first[other]
                    self.meet(kind, old, x, -1)
                    self.meet(kind, new, x, 1)
        first[i], first[j] = q, p


def develop(firsts: list[list[int]], cycle: int) -> list[list[list[int]]]:
    """Per round, each table's players (North, East, South, West), numbered from 1: each
    first round, then the same with every player moved one on round their ring, and so on."""
    tables = len(firsts[0]) // 4

    def moved(p: int, r: int) -> int:
        ring, x = divmod(p, cycle)
        return ring * cycle + (x + r) % cycle + 1

    return [
        [[moved(first[4 * t + k], r) for k in range(4)] for t in range(tables)]
        for first in firsts
        for r in range(cycle)
    ]


def start(players: int, rings: int, rng: XorShift) -> list[list[int]]:
    """The first rounds an annealing run starts from: shuffled, the last seats resting (one
    player of each ring in each first round, so that every ring rests as often)."""
    cycle = players // rings
    playing = 4 * (players // 4)
    firsts = []
    for k in range(rings):
        resting = [ring * cycle + k for ring in range(rings)][: players - playing]
        rest = [p for p in range(players) if p not in resting]
        for top in range(len(rest) - 1, 0, -1):  # Fisher-Yates, as the C kernel draws it
            pick = rng.below(top + 1)
            rest[top], rest[pick] = rest[pick], rest[top]
        firsts.append(rest + resting)
    return firsts


def anneal(players: int, rings: int, seed: int, steps: int) -> list[list[list[int]]] | None:
    """The best seating without a meeting too many that one run finds (None if none)."""
    rng = XorShift(seed)
    cycle = players // rings
    playing = 4 * (players // 4)
    firsts = start(players, rings, rng)
    state = Rings(players, rings, firsts)
    floor = best_possible(players, players)
    # in steps of a class of `cycle` pairs met once more: the same heat serves every size
    penalty = PENALTY * cycle
    now = state.squares + penalty * state.excess
    best: list[list[int]] | None = None
    best_squares = math.inf
    for step in range(steps):
        heat = cycle * HOT * (COLD / HOT) ** (step / steps)
        f = rng.below(rings)
        i, j = rng.below(players), rng.below(players)
        first = firsts[f]
        if (i >= playing) != (j >= playing) and first[i] // cycle != first[j] // cycle:
            continue  # a rest moved to another ring: its players would rest more often
        state.swap(f, i, j)
        change = state.squares + penalty * state.excess - now
        if change > 0 and rng.uniform() >= math.exp(-change / heat):
            state.swap(f, i, j)
            continue
        now += change
        if state.excess == 0 and state.squares < best_squares:
            best, best_squares = [list(f) for f in firsts], state.squares
            if best_squares == floor:
                break
    return None if best is None else develop(best, cycle)


C_KERNEL = (
    RANDOM
    + r"""
#define MAXN 64
static int N, R, cyc, playing, cls[MAXN * MAXN], tim[MAXN * MAXN], sz[4 * MAXN];
static long long cnt[3][4 * MAXN], squares, excess;
static int near[MAXN][MAXN][2], nnear[MAXN], firsts[2][MAXN], best[2][MAXN];
static void meet(int kind, int p, int q, int step) {
    int key = p * N + q, c = cls[key];
    long long before = cnt[kind][c], after = before + step * tim[key];
    cnt[kind][c] = after;
    if (kind == 2) { squares += sz[c] * (after * after - before * before); return; }
    long long limit = kind == 0 ? 1 : 2;
    excess += (after > limit ? after - limit : 0) - (before > limit ? before - limit : 0);
}
static void swp(int f, int i, int j) {
    int *first = firsts[f], p = first[i], q = first[j];
    for (int w = 0; w < 2; w++) {
        int slot = w ? j : i, old = w ? q : p, nw = w ? p : q, skip = w ? i : j;
        for (int k = 0; k < nnear[slot]; k++) {
            int other = near[slot][k][0], kind = near[slot][k][1];
            if (other == skip) continue;
            meet(kind, old, first[other], -1);
            meet(kind, nw, first[other], 1);
        }
    }
    first[i] = q; first[j] = p;
}
static void link(int a, int b, int kind) {
    near[a][nnear[a]][0] = b; near[a][nnear[a]++][1] = kind;
    near[b][nnear[b]][0] = a; near[b][nnear[b]++][1] = kind;
}
int main(int argc, char **argv) {
    N = atoi(argv[1]); R = atoi(argv[2]);
    long long seed = atoll(argv[3]); int tries = atoi(argv[4]); long steps = atol(argv[5]);
    double pen = atof(argv[6]), hot = atof(argv[7]), cold = atof(argv[8]);
    long long floor = atoll(argv[9]);
    cyc = N / R; int tables = N / 4; playing = 4 * tables;
    for (int p = 0; p < N; p++)
        for (int q = 0; q < N; q++) {
            if (p == q) continue;
            int i = p / cyc, x = p % cyc, j = q / cyc, y = q % cyc;
            if (i > j) { int t = i; i = j; j = t; t = x; x = y; y = t; }
            int d = ((y - x) % cyc + cyc) % cyc, times = 1;
            if (i == j) { if (cyc - d < d) d = cyc - d; if (2 * d == cyc) times = 2; }
            int c = (i * R + j) * cyc + d;
            cls[p * N + q] = c; tim[p * N + q] = times;
            sz[c] = (i == j && 2 * d == cyc) ? cyc / 2 : cyc;
        }
    for (int place = 0; place < playing; place++) {
        int table = place / 4, seat = place % 4;
        if (seat < 2) link(place, 4 * table + (seat + 2) % 4, 0);
        link(place, 4 * table + (seat + 1) % 4, 1);
        for (int other = table + 1; other < tables; other++) {
            link(place, 4 * other + seat, 2);
            link(place, 4 * other + (seat + 2) % 4, 2);
        }
    }
    for (long long s = seed; s < seed + tries; s++) {
        st = (uint64_t)s * 2654435761ULL + 1;
        for (int k = 0; k < R; k++) {
            int resting[2], nr = 0, n = 0;
            for (int ring = 0; ring < R && nr < N - playing; ring++) resting[nr++] = ring * cyc + k;
            for (int p = 0; p < N; p++) {
                int out = 0;
                for (int z = 0; z < nr; z++) out |= resting[z] == p;
                if (!out) firsts[k][n++] = p;
            }
            for (int top = n - 1; top > 0; top--) {
                int pick = rnd(top + 1), t = firsts[k][top];
                firsts[k][top] = firsts[k][pick]; firsts[k][pick] = t;
            }
            for (int z = 0; z < nr; z++) firsts[k][n++] = resting[z];
        }
        memset(cnt, 0, sizeof cnt); squares = excess = 0;
        for (int k = 0; k < R; k++)
            for (int a = 0; a < playing; a++)
                for (int z = 0; z < nnear[a]; z++)
                    if (near[a][z][0] > a)
                        meet(near[a][z][1], firsts[k][a], firsts[k][near[a][z][0]], 1);
        double penalty = pen * cyc;
        double now = squares + penalty * excess;
        long long best_squares = -1;
        for (long step = 0; step < steps; step++) {
            double heat = cyc * hot * pow(cold / hot, (double)step / steps);
            int f = rnd(R), i = rnd(N), j = rnd(N);
            if ((i >= playing) != (j >= playing) && firsts[f][i] / cyc != firsts[f][j] / cyc)
                continue;
            swp(f, i, j);
            double change = squares + penalty * excess - now;
            if (change > 0 && unif() >= exp(-change / heat)) { swp(f, i, j); continue; }
            now += change;
            if (excess == 0 && (best_squares < 0 || squares < best_squares)) {
                best_squares = squares;
                memcpy(best, firsts, sizeof best);
                if (squares == floor) break;
            }
        }
        printf("%lld %lld", s, best_squares);
        if (best_squares >= 0)
            for (int k = 0; k < R; k++) for (int p = 0; p < N; p++) printf(" %d", best[k][p]);
        printf("\n");
        fflush(stdout);
    }
    return 0;
}
"""
)
"""`anneal` in C, step for step the same draws and arithmetic, about fifty times sooner; runs
`tries` seeds in one process and prints per seed its best sum of squares (-1: none) and first
rounds."""


def anneal_cc(
    players: int, rings: int, seed: int, steps: int, tries: int
) -> dict[int, list[list[list[int]]] | None]:
    """`anneal` for seeds seed .. seed + tries - 1, compiled: per seed its seating."""
    args = [players, rings, seed, tries, steps, PENALTY, HOT, COLD, best_possible(players, players)]
    out = run_c(C_KERNEL, [str(a) for a in args])
    cycle = players // rings
    found: dict[int, list[list[list[int]]] | None] = {}
    for line in out.splitlines():
        s, squares, *seats = map(int, line.split())
        firsts = [seats[k * players : (k + 1) * players] for k in range(rings)]
        found[s] = None if squares < 0 else develop(firsts, cycle)
    return found


def engine_index(players: int) -> float:
    """The index of the phantom seating the engine builds without a stored entry."""
    full = individual.supported_sizes(players, individual.LARGEST)[0]
    return balance(individual.phantom_seating(players, range(players + 1, full + 1))).index


def whist_index(players: int) -> float:
    """The index of the whist tournament the field would be seated in with phantoms."""
    full = individual.supported_sizes(players, individual.LARGEST)[0]
    return balance(individual.whist_movement(full)).index


def search(
    players: int, rings: int, seed: int, steps: int, tries: int, cc: bool
) -> tuple[float, dict[str, object]]:
    """The best of `tries` runs from seeds seed, seed + 1, ...: its index and stored entry
    (`cc`: the runs in C, `anneal_cc`)."""
    began = time.perf_counter()
    runs = (
        anneal_cc(players, rings, seed, steps, tries)
        if cc
        else {s: anneal(players, rings, s, steps) for s in range(seed, seed + tries)}
    )
    found: tuple[float, dict[str, object]] = (0.0, {})
    for s, games in runs.items():
        if games is None:
            continue
        m = individual.reseated_movement(players, games)
        assert verify(m, "individual-partial") == [], verify(m, "individual-partial")
        index = balance(m).index
        if index > found[0]:
            command = (
                f"tools/individual_search.py --players {players} --rings {rings} --seed {s} "
                f"--steps {steps}" + (" --cc" if cc else "")
            )
            found = (index, {"rounds": games, "index": round(index, 4), "command": command})
    seated = sum(games is not None for games in runs.values())
    print(
        f"{players} players, {rings} ring(s): {seated} of {tries} runs seated everyone, the "
        f"best at {found[0]:.2f} ({time.perf_counter() - began:.0f} s)",
        flush=True,
    )
    return found


def search_halves(
    players: int, entry: dict[str, object], seed: int, steps: int
) -> dict[str, object]:
    """The stored whole-set seating `entry` with the second half of the trays switched at the
    tables where that balances best (`tools.odd_field_search.switch_halves`, annealing from
    `seed`, stopping at the whist tournament's index): the entry with its halves, index and a
    command that adds them (the entry as it was when none betters it)."""
    rounds = entry["rounds"]
    assert isinstance(rounds, list)
    whole = individual.reseated_movement(players, rounds)
    found = switch_halves(whole, whist_index(players), seed, steps)
    print(f"{players} players, halves switched: {found[0] if found else None}", flush=True)
    if found is None:
        return entry
    index, places = found
    halves = [list(place) for place in sorted(places)]
    switched = individual.reseated_movement(players, rounds, halves=halves)
    assert verify(switched, "individual-partial") == []
    command = f"{entry['command']}; then --halves --seed {seed} --steps {steps}"
    return {**entry, "halves": halves, "index": round(index, 4), "command": command}


def choose_phantoms(players: int) -> tuple[float, dict[str, object]]:
    """The places of the next whist tournament left empty whose seating balances best."""
    full = individual.supported_sizes(players, individual.LARGEST)[0]
    chosen: list[int] = []
    index = 0.0
    for _ in range(full - players):
        scored = [
            (balance(individual.phantom_seating(players, [*chosen, place])).index, place)
            for place in range(1, full + 1)
            if place not in chosen
        ]
        # the best, the lowest place among equals
        index, place = max(scored, key=lambda item: (item[0], -item[1]))
        chosen.append(place)
    command = f"tools/individual_search.py --players {players} --phantoms"
    return index, {"phantoms": sorted(chosen), "index": round(index, 4), "command": command}


def span(text: str) -> range:
    """'10-30' or '14'."""
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def main() -> None:
    """Search each size asked for and store what betters the engine's."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=span, required=True)
    parser.add_argument("--steps", type=int, default=STEPS)
    parser.add_argument("--tries", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--rings",
        type=int,
        choices=(1, 2),
        default=1,
        help="one ring of N players, or two of N / 2",
    )
    parser.add_argument("--phantoms", action="store_true", help="choose the phantoms' places")
    parser.add_argument("--cc", action="store_true", help="anneal in C (needs a C compiler)")
    parser.add_argument(
        "--halves", action="store_true", help="switch halves of the stored seating's trays"
    )
    parser.add_argument("--out", type=Path, default=PATH, help="the file to store in")
    args = parser.parse_args()
    out: Path = args.out
    sizes = json.loads(out.read_text(encoding="utf-8"))["sizes"] if out.is_file() else {}
    for players in args.players:
        if players % 4 not in (2, 3) or players < 8:
            continue
        before = engine_index(players)
        stored = sizes.get(str(players), {}).get("index", 0.0)
        if args.halves:
            if "rounds" not in sizes.get(str(players), {}):
                continue
            entry = search_halves(players, sizes[str(players)], args.seed, args.steps)
            index = float(str(entry["index"]))
        elif args.phantoms:
            index, entry = choose_phantoms(players)
        else:
            index, entry = search(players, args.rings, args.seed, args.steps, args.tries, args.cc)
        print(
            f"{players} players: engine {before:.2f}, stored {stored:.2f}, found {index:.2f}, "
            f"whist tournament {whist_index(players):.2f}",
            flush=True,
        )
        if index > max(before, stored) + 1e-9:
            store(out, {players: {**entry, "before_index": round(before, 4)}})


if __name__ == "__main__":
    main()
