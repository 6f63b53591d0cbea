"""Find a 1-rotational pairwise balanced design PBD(n + 1, {k, h + 1}) over Z_n and store it in
schedules/data/whist/pbd.json, which `schedules.designs.whist_sizes` reads (Wilson's closure,
`schedules.designs.pbd`, turns it into a whist tournament on n + 1 players).

    .venv/bin/python tools/pbd_search.py 128 --subgroup 8 --block 5 --seed 1

The points are Z_n and infinity. The blocks through infinity are infinity and the cosets of
the subgroup H of order h (a short orbit: n / h blocks of size h + 1); the other blocks are
the translates of base blocks of size k whose differences meet every element of Z_n outside
H exactly once, so there are (n - h) / (k (k - 1)) of them. The base blocks are found by
annealing, `schedules.designs.pbd_search`, which the engine reruns in Python where the stored
design is missing; this tool runs the same moves in the C kernel below, so a seed gives the
same design in both.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # run as tools/NAME.py: the `tools` package is not on the path
    sys.path.insert(0, str(ROOT))

from schedules.designs.pbd import RotationalPbd, pbd_defects  # noqa: E402
from schedules.designs.pbd_search import STEPS, TEMPERATURE, Run  # noqa: E402
from tools.c_kernel import RANDOM, run_counted  # noqa: E402
from tools.stored_sizes import store  # noqa: E402

PATH = ROOT / "schedules" / "data" / "whist" / "pbd.json"


def search(
    n: int,
    subgroup: int,
    block: int,
    seed: int,
    steps: int = STEPS,
    temperature: float = TEMPERATURE,
    seconds: float | None = None,
) -> tuple[RotationalPbd, dict[str, object]]:
    """The design the search finds and its stored form (subprocess.TimeoutExpired after
    `seconds`)."""
    run = Run(n, subgroup, block, seed, steps, temperature)
    try:
        count = run.base_blocks()
    except ValueError as refused:
        raise SystemExit(str(refused)) from None
    args = [n, subgroup, block, count, seed, steps, temperature]
    tries, found, took = run_counted(C_KERNEL, args, block, seconds)
    base = tuple(tuple(sorted(b)) for b in found)
    command = run.command
    design = RotationalPbd(n, subgroup, base, f"{command}, {took} s")
    if pbd_defects(design.points, design.blocks()):
        raise SystemExit(f"Z_{n}: the search returned a broken design")
    entry = {
        "modulus": n,
        "subgroup": subgroup,
        "base": [list(b) for b in base],
        "seed": seed,
        "tries": tries,
        "seconds": took,
        "command": command,
    }
    return design, entry


C_KERNEL = (
    RANDOM
    + r"""

static int n, h, k, count, base[64][16], have[4096], want[4096];

static int change(int b, int s) {  /* add (s = 1) or remove (s = -1) block b: the cost change */
    int d = 0;
    for (int i = 0; i < k; i++) for (int j = 0; j < k; j++) {
        if (i == j) continue;
        int x = ((base[b][i] - base[b][j]) % n + n) % n;
        d -= abs(have[x] - want[x]); have[x] += s; d += abs(have[x] - want[x]);
    }
    return d;
}

int main(int argc, char **argv) {
    n = atoi(argv[1]); h = atoi(argv[2]); k = atoi(argv[3]); count = atoi(argv[4]);
    st = (uint64_t)atoll(argv[5]) * 2654435761ULL + 1;
    long steps = atol(argv[6]);
    double temperature = atof(argv[7]);
    /* differences inside H (multiples of n / h) are met by the short orbit; 0 never */
    for (int x = 0; x < n; x++) want[x] = x % (n / h) ? 1 : 0;
    for (int tries = 1;; tries++) {
        memset(have, 0, sizeof have);
        int cost = n - h;
        for (int b = 0; b < count; b++) {
            for (int i = 0; i < k; i++) base[b][i] = nxt() % n;
            cost += change(b, 1);
        }
        for (long s = 0; s < steps && cost; s++) {
            int b = nxt() % count, i = nxt() % k, old = base[b][i], now = nxt() % n;
            if (now == old) continue;
            int d = change(b, -1);
            base[b][i] = now;
            d += change(b, 1);
            if (d <= 0 || unif() < exp(-d / temperature)) { cost += d; continue; }
            change(b, -1); base[b][i] = old; change(b, 1);
        }
        if (cost) continue;
        printf("%d\n", tries);
        for (int b = 0; b < count; b++) for (int i = 0; i < k; i++) printf("%d ", base[b][i]);
        printf("\n");
        return 0;
    }
}
"""
)


def command_line() -> argparse.ArgumentParser:
    """The tool's arguments, as a stored command spells them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, help="the cyclic group Z_n (the design has n + 1 points)")
    parser.add_argument("--subgroup", type=int, required=True, help="order h of H")
    parser.add_argument("--block", type=int, default=5, help="size k of the other blocks")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=STEPS, help="annealing moves per try")
    parser.add_argument("--temperature", type=float, default=TEMPERATURE)
    parser.add_argument("--seconds", type=float, help="give up after this long")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Search one design and merge it into the stored file, keyed by its point count."""
    args = command_line().parse_args(argv)
    try:
        design, entry = search(
            args.n,
            args.subgroup,
            args.block,
            args.seed,
            args.steps,
            args.temperature,
            args.seconds,
        )
    except subprocess.TimeoutExpired:
        print(f"Z_{args.n}: none in {args.seconds} s (seed {args.seed})")
        return 1
    store(PATH, {design.points: entry})
    print(
        f"PBD({design.points}): {entry['seconds']} s, {entry['tries']} tries ({entry['command']})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
