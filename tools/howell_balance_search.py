"""Balance the shortened Howells and store the result in schedules/data/howell/shortened.json,
which `schedules.howell_layouts.balanced` reads; with --interwoven, the interwoven Howells into
schedules/data/howell/interwoven.json, which `schedules.interwoven.interwoven` reads.

    .venv/bin/python tools/howell_balance_search.py [--tables 3-30] [--seed 0] [--sweeps 2000]
    .venv/bin/python tools/howell_balance_search.py --interwoven [--tables 4-30] [--rounds all]

A shortened Howell (`director movement howell --tables T --rounds R`, T/2 <= R < 2T - 1) is
built from a Howell design (schedules.howell_layouts): which pairs meet in which round on which
tray set. That fixes who meets whom and keeps every hard rule (nobody meets twice or plays a
set twice, one table per set in a round); what it leaves free is which of the two pairs at a
table sits North-South. The comparison counts depend only on that choice, so the search turns
tables round: a seeded annealing (C kernel) over one North-South bit per table and round,
minimising the sum of squared comparison counts, which for a fixed total is the spread SS.

It runs twice per size: with every pair present, and with an odd field (the layout's phantom
pair left out, whose opponent sits out). Each result is rebuilt as a movement, verified and its
balance computed by `schedules.balance` before it is stored, with the seed, the sweeps, the
seconds and the figures, one line per size.

An interwoven Howell (`--variant interwoven`) is two lines each playing the same line layout
on the same tray sets; the search runs on both lines as one layout
(`schedules.interwoven.whole_field`), one bit per table of each line and round (the spares'
table of an odd number of tables counted as line 1's), so line 2 need not sit all one way.
The result is kept only where it balances better than line 2 sitting as line 1 or all turned.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # run as tools/NAME.py: the `tools` package is not on the path
    sys.path.insert(0, str(ROOT))

from schedules import howell_layouts as layouts  # noqa: E402
from schedules import interwoven  # noqa: E402
from schedules.balance import balance  # noqa: E402
from schedules.designs.starters import Cell  # noqa: E402
from schedules.howell import layout_for, line_layout, reachable, to_movement  # noqa: E402
from schedules.types import Movement  # noqa: E402
from schedules.verify import verify  # noqa: E402
from tools.c_kernel import RANDOM, run_c  # noqa: E402

PATH = ROOT / "schedules" / "data" / "howell" / "shortened.json"
INTERWOVEN = ROOT / "schedules" / "data" / "howell" / "interwoven.json"
SWEEPS = 2000
"""Annealing moves per table-round: ten times more than 400 gained nothing at 13 tables."""

KERNEL = (
    RANDOM
    + r"""
/* stdin: problems until the end, each "points cells drop sweeps seed" and then its cells,
   "ns ew set" each. stdout per problem: the best sum of squared comparison counts, then one
   0/1 per cell (1: the cell's pairs change places). */
static int P, C, drop, ns[4000], ew[4000], set[4000], side[4000], best_side[4000];
static int members[200][100], count[200], live[4000], L, *cnt;
#define CMP(a, b) cnt[(a) * P + (b)]
static int holder(int k, int north) { return (side[k] ^ !north) ? ew[k] : ns[k]; }
static void add(int k, int sign) { /* cell k's comparisons with the other cells of its set */
    int n = holder(k, 1), e = holder(k, 0), s = set[k];
    for (int i = 0; i < count[s]; i++) {
        int j = members[s][i];
        if (j == k) continue;
        int n2 = holder(j, 1), e2 = holder(j, 0);
        CMP(n, n2) += sign; CMP(n2, n) += sign; CMP(e, e2) += sign; CMP(e2, e) += sign;
    }
}
static long solve(long sweeps) {
    long cur = 0, best;
    for (int k = 0; k < L; k++) add(live[k], 1);  /* each comparison counted from both cells */
    for (int a = 0; a < P * P; a++) cnt[a] /= 2;
    for (int a = 0; a < P; a++) for (int b = a + 1; b < P; b++) cur += (long)CMP(a, b) * CMP(a, b);
    best = cur;
    memcpy(best_side, side, sizeof(int) * C);
    long steps = sweeps * L;
    double t0 = 3.0, t1 = 0.05;
    for (long it = 0; it < steps && L; it++) {
        double temp = t0 * pow(t1 / t0, (double)it / steps);
        int k = live[rnd(L)], a = holder(k, 1), b = holder(k, 0), s = set[k];
        long d = 0;
        for (int i = 0; i < count[s]; i++) {
            int j = members[s][i];
            if (j == k) continue;
            int n2 = holder(j, 1), e2 = holder(j, 0);
            d += 4 - 2 * CMP(a, n2) + 2 * CMP(a, e2) - 2 * CMP(b, e2) + 2 * CMP(b, n2);
        }
        if (d <= 0 || unif() < exp(-d / temp)) {
            add(k, -1); side[k] ^= 1; add(k, 1); cur += d;
            if (cur < best) { best = cur; memcpy(best_side, side, sizeof(int) * C); }
        }
    }
    return best;
}
int main(void) {
    long sweeps; unsigned long seed;
    while (scanf("%d %d %d %ld %lu", &P, &C, &drop, &sweeps, &seed) == 5) {
        int sets = 0;
        L = 0;
        for (int k = 0; k < C; k++) {
            if (scanf("%d %d %d", &ns[k], &ew[k], &set[k]) != 3) return 1;
            if (set[k] + 1 > sets) sets = set[k] + 1;
            side[k] = 0;
        }
        for (int s = 0; s < sets; s++) count[s] = 0;
        for (int k = 0; k < C; k++) if (ns[k] != drop && ew[k] != drop) {
            members[set[k]][count[set[k]]++] = k; live[L++] = k;
        }
        cnt = calloc((size_t)P * P, sizeof(int));
        st = 0x9E3779B97F4A7C15ULL ^ (seed * 0xBF58476D1CE4E5B9ULL); nxt(); nxt();
        printf("%ld\n", solve(sweeps));
        for (int k = 0; k < C; k++) printf("%d ", best_side[k]);
        printf("\n");
        free(cnt);
    }
    return 0;
}
"""
)


def cells(layout: layouts.Layout) -> list[Cell]:
    """The layout's cells, round by round: the order of the stored bits."""
    return [cell for row in layout.rounds for cell in row]


Problem = tuple[layouts.Layout, bool]
"""A layout and whether its field is odd (the phantom left out)."""


def anneal(problems: list[Problem], seed: int, sweeps: int) -> list[tuple[int, list[int]]]:
    """Per problem, the least sum of squared comparison counts the kernel finds and its bits
    (1: the cell's pairs change places); one compiled kernel runs them all."""
    lines = []
    for layout, odd in problems:
        found = cells(layout)
        drop = layout.phantom if odd else -1
        lines.append(f"{layout.points} {len(found)} {drop} {sweeps} {seed}")
        lines += [f"{a} {b} {s}" for a, b, s in found]
    out = run_c(KERNEL, [], stdin="\n".join(lines) + "\n").splitlines()
    return [
        (int(out[2 * i]), [int(x) for x in out[2 * i + 1].split()]) for i in range(len(problems))
    ]


FIELDS = (("even", 0), ("odd", 1))
"""The two fields stored per size: every pair present, and one fewer (pairs = 2T - odd)."""


def starts(tables: int, rounds: int) -> list[tuple[int | None, layouts.Layout]]:
    """The layouts a size may start from, with the longer design each is the start of (None:
    the construction itself): with fewer rounds than tables, the first rounds of H(T + 1, 2T)
    too, which balance better for some sizes (12 tables, 6 rounds: 76 against 67)."""
    options: list[tuple[int | None, layouts.Layout]] = [(None, layout_for(tables, rounds))]
    longer = layouts.prefix(tables, rounds, tables + 1) if rounds < tables else None
    if longer is not None:
        options.append((tables + 1, longer))
    return options


def search(tables: int, rounds: list[int], seed: int, sweeps: int) -> dict[int, dict[str, object]]:
    """The stored entries of one table count: per rounds count the start whose balance index
    is highest with every pair present, and per field the bits and the figures, after
    checking that the turned layout verifies and balances no worse than the construction."""
    options = {r: starts(tables, r) for r in rounds}
    problems = [(lay, bool(odd)) for r in rounds for _, lay in options[r] for _, odd in FIELDS]
    start = time.perf_counter()
    found = iter(anneal(problems, seed, sweeps))
    seconds = round((time.perf_counter() - start) / max(1, len(rounds)), 2)
    entries: dict[int, dict[str, object]] = {}
    for r in rounds:
        built = options[r][0][1]
        tried = []
        for base, layout in options[r]:
            fields = [next(found) for _ in FIELDS]
            movements = [
                to_movement(layouts.turn(layout, bits), 2 * tables - odd, 1, "howell")
                for (_, odd), (_, bits) in zip(FIELDS, fields, strict=True)
            ]
            problems_found = [f for m in movements for f in verify(m)]
            if problems_found and base is None:
                raise SystemExit(f"{tables} tables, {r} rounds: {problems_found[0]}")
            if not problems_found:  # a longer design's start may leave a set unplayed
                index = balance(movements[0]).index  # not the SS: the sets played differ
                tried.append((-index, base, layout, fields, movements))
        _, base, layout, fields, movements = min(tried, key=lambda item: item[0])
        entry: dict[str, object] = {
            "cells": len(cells(layout)),
            "seed": seed,
            "sweeps": sweeps,
            "seconds": seconds,
        }
        if base is not None:
            entry["base"] = base
        for (field, odd), (_, bits), movement in zip(FIELDS, fields, movements, strict=True):
            before = balance(to_movement(built, 2 * tables - odd, 1, "howell"))
            after = balance(movement)
            if after.index < before.index:  # the index: a longer design's start has more sets
                raise SystemExit(f"{tables} tables, {r} rounds: the search made it worse")
            entry[field] = {
                "turned": layouts.pack(bits),
                "ss": str(after.ss),
                "index": round(after.index, 2),
                "before_index": round(before.index, 2),
            }
        entries[r] = entry
    return entries


def search_interwoven(
    tables: int, rounds: list[int], seed: int, sweeps: int
) -> dict[int, dict[str, object]]:
    """The stored entries of one table count of interwoven Howells: per rounds count the bits
    of the whole field, the annealed ones or, where they are no better, line 2 as line 1 or
    all turned (the construction without a stored entry), each verified."""
    odd = tables % 2 == 1
    lines = {r: line_layout(tables, r) for r in rounds}
    wholes = {r: interwoven.whole_field(lines[r], odd) for r in rounds}
    start = time.perf_counter()
    found = anneal([(wholes[r], odd) for r in rounds], seed, sweeps)
    seconds = round((time.perf_counter() - start) / max(1, len(rounds)), 2)
    entries: dict[int, dict[str, object]] = {}
    for r, (_, annealed) in zip(rounds, found, strict=True):
        plain = interwoven.plain_turns(lines[r])

        def seated(bits: list[int], r: int = r) -> Movement:
            whole = layouts.turn(wholes[r], bits)
            return interwoven.seat(whole, lines[r], tables, 1, "howell")

        before = min((seated(bits) for bits in plain), key=lambda m: balance(m).ss)
        bits = min([annealed, *plain], key=lambda b: balance(seated(b)).ss)
        movement = seated(bits)
        problems_found = verify(movement)
        if problems_found:
            raise SystemExit(f"{tables} tables, {r} rounds: {problems_found[0]}")
        after = balance(movement)
        entries[r] = {
            "cells": interwoven.whole_cells(lines[r]),
            "origin": lines[r].origin,
            "seed": seed,
            "sweeps": sweeps,
            "seconds": seconds,
            "turned": layouts.pack(bits),
            "ss": str(after.ss),
            "index": round(after.index, 2),
            "before_index": round(balance(before).index, 2),
        }
    return entries


def interwoven_sizes(spec: str, rounds: str) -> list[tuple[int, int]]:
    """(tables, rounds) of every interwoven Howell for the tables in `spec` ("16", "4-30"):
    the complete lines (`rounds` "complete"), or every rounds count the variant takes."""
    low, _, high = spec.partition("-")
    found = []
    for tables in range(max(interwoven.MIN_TABLES, int(low)), int(high or low) + 1):
        line = interwoven.line_tables(tables)
        complete = 2 * line - 1
        counts = [complete] if rounds == "complete" else range(1, complete + 1)
        found += [(tables, r) for r in counts if reachable(line, r)]
    return found


def sizes(spec: str) -> list[tuple[int, int]]:
    """(tables, rounds) of every shortened Howell from T/2 rounds for the tables in `spec`
    ("7", "3-30") that our constructions reach."""
    low, _, high = spec.partition("-")
    tables = range(int(low), int(high or low) + 1)
    return [
        (t, r) for t in tables for r in range((t + 1) // 2, 2 * t - 1) if t > 2 and reachable(t, r)
    ]


def write(found: dict[tuple[int, int], dict[str, object]], command: str, path: Path = PATH) -> None:
    """Merge `found` into the stored file: one line per size, in order of tables and rounds."""
    stored = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"sizes": {}}
    stored["sizes"].update({f"{t} {r}": entry for (t, r), entry in found.items()})
    keyed = sorted(stored["sizes"].items(), key=lambda item: tuple(map(int, item[0].split())))
    lines = [f" {json.dumps(key)}: {json.dumps(entry)}" for key, entry in keyed]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        f'{{"command": {json.dumps(command)},\n "sizes": {{\n' + ",\n".join(lines) + "\n}}\n",
        encoding="utf-8",
    )


def main(argv: list[str] | None = None) -> int:
    """Search every size asked for and store the results, one table count at a time."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="3-30", help="a table count or a range, e.g. 5-14")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--sweeps", type=int, default=SWEEPS)
    parser.add_argument("--interwoven", action="store_true", help="the interwoven Howells")
    parser.add_argument(
        "--rounds",
        choices=("all", "complete"),
        default="all",
        help="interwoven: every rounds count the variant takes, or only the complete lines",
    )
    args = parser.parse_args(argv)
    command = f"tools/howell_balance_search.py --seed {args.seed} --sweeps {args.sweeps}"
    if args.interwoven:
        command += " --interwoven"
    by_tables: dict[int, list[int]] = {}
    found = interwoven_sizes(args.tables, args.rounds) if args.interwoven else sizes(args.tables)
    for tables, count in found:
        by_tables.setdefault(tables, []).append(count)
    for tables, rounds in by_tables.items():
        figures: dict[int, object]
        if args.interwoven:
            entries = search_interwoven(tables, rounds, args.seed, args.sweeps)
            figures = dict(entries)
        else:
            entries = search(tables, rounds, args.seed, args.sweeps)
            figures = {r: entry["even"] for r, entry in entries.items()}
        for r, entry in figures.items():
            assert isinstance(entry, dict)
            print(f"{tables} tables, {r} rounds: index {entry['before_index']} -> {entry['index']}")
        path = INTERWOVEN if args.interwoven else PATH
        write({(tables, r): entry for r, entry in entries.items()}, command, path)
        print(f"{tables} tables: {entries[rounds[0]]['seconds']} s a size", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
