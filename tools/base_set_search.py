"""Find a base set that gives a complete Howell of v + 1 pairs (v = 1 mod 4, n = (v + 1) / 2 odd
tables) the cyclic optimum, and store it in schedules/data/howell/base_sets.json, which
`schedules.designs.difference_sets.base_sets` reads.

    .venv/bin/python tools/base_set_search.py 45 [--seed 1] [--steps 3000000]

The North-South sides of a cyclic complete Howell are a base set A of (v - 1) / 2 elements of
Z_v turned round, and two moving pairs x, y are compared 1 + 2 lambda(x - y) times
(docs/movement-rules.md#balanced-howells). The optimum SS = (2n - 1)(n - 1) needs lambda to take
only the values (v - 5) / 4 and (v - 1) / 4 (an almost difference set); Paley's quadratic
residues give one for prime powers, and this search looks for one elsewhere: a seeded
annealing (C kernel) swapping an element in for one out, the cost being how far each
lambda(d) lies outside those two values; a try that has not reached 0 after `--steps` swaps
starts afresh. The set found is checked (its lambdas, and that a Room square starter exists
for it) before it is stored.
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

from schedules.designs.difference_sets import BaseSet, lambdas  # noqa: E402
from schedules.designs.groups import cyclic  # noqa: E402
from schedules.howell_layouts import balanced_starter  # noqa: E402
from tools.c_kernel import RANDOM, run_c  # noqa: E402

PATH = ROOT / "schedules" / "data" / "howell" / "base_sets.json"
STEPS = 3_000_000

KERNEL = (
    RANDOM
    + r"""
/* argv: v seed steps. stdout: the tries taken, then the elements of A, or nothing. */
static int v, inside[512], lam[512], moved[512];
static int lo, hi;
static long off(int l) { return l < lo ? lo - l : l > hi ? l - hi : 0; }
int main(int argc, char **argv) {
    v = atoi(argv[1]);
    st = 0x9E3779B97F4A7C15ULL ^ (strtoull(argv[2], 0, 10) * 0xBF58476D1CE4E5B9ULL);
    nxt(); nxt();
    long steps = atol(argv[3]);
    int k = (v - 1) / 2;
    lo = (v - 5) / 4; hi = (v - 1) / 4;
    for (int tries = 1; tries <= 1000; tries++) {
        memset(inside, 0, sizeof inside);
        for (int placed = 0; placed < k;) {
            int x = rnd(v);
            if (!inside[x]) { inside[x] = 1; placed++; }
        }
        memset(lam, 0, sizeof lam);
        for (int a = 0; a < v; a++) for (int b = 0; b < v; b++)
            if (inside[a] && inside[b] && a != b) lam[(a - b + v) % v]++;
        long cost = 0;
        for (int d = 1; d < v; d++) cost += off(lam[d]);
        for (long it = 0; it < steps && cost; it++) {
            int out, in;
            do out = rnd(v); while (!inside[out]);
            do in = rnd(v); while (inside[in]);
            memset(moved, 0, sizeof(int) * v);
            for (int b = 0; b < v; b++) if (inside[b] && b != out) {
                moved[(out - b + v) % v]--; moved[(b - out + v) % v]--;
                moved[(in - b + v) % v]++; moved[(b - in + v) % v]++;
            }
            long next = 0;
            for (int d = 1; d < v; d++) next += off(lam[d] + moved[d]);
            double temp = 1.0 - (double)it / steps + 0.05;
            if (next <= cost || unif() < exp((cost - next) / temp)) {
                inside[out] = 0; inside[in] = 1; cost = next;
                for (int d = 1; d < v; d++) lam[d] += moved[d];
            }
        }
        if (!cost) {
            printf("%d\n", tries);
            for (int a = 0; a < v; a++) if (inside[a]) printf("%d ", a);
            printf("\n");
            return 0;
        }
    }
    printf("0\n");
    return 0;
}
"""
)


def search(v: int, seed: int, steps: int) -> dict[str, object] | None:
    """The stored entry for Z_v, or None if the annealing gives up."""
    start = time.perf_counter()
    out = run_c(KERNEL, [str(v), str(seed), str(steps)]).split()
    seconds = round(time.perf_counter() - start, 2)
    if out[0] == "0":
        return None
    elements = frozenset(int(x) for x in out[1:])
    group = cyclic(v)
    if set(lambdas(group, elements).values()) != {(v - 5) // 4, (v - 1) // 4}:
        raise SystemExit(f"Z_{v}: the kernel returned a set that is not an almost difference set")
    if balanced_starter(BaseSet(group, elements, "")) is None:
        raise SystemExit(f"Z_{v}: no Room square starter found for the set")
    command = f"tools/base_set_search.py {v} --seed {seed}" + (
        f" --steps {steps}" if steps != STEPS else ""
    )
    return {"elements": sorted(elements), "command": command, "seconds": seconds}


def main(argv: list[str] | None = None) -> int:
    """Search one order and merge the set into the stored file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("v", type=int, help="the order of Z_v, 1 mod 4 (2n - 1 for n tables)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=STEPS)
    args = parser.parse_args(argv)
    if args.v % 4 != 1:
        parser.error("v must be 1 mod 4")
    entry = search(args.v, args.seed, args.steps)
    if entry is None:
        print(f"Z_{args.v}: none found (seed {args.seed})")
        return 1
    stored = json.loads(PATH.read_text(encoding="utf-8")) if PATH.exists() else {"sizes": {}}
    stored["sizes"][str(args.v)] = entry
    keyed = sorted(stored["sizes"].items(), key=lambda item: int(item[0]))
    lines = [f" {json.dumps(key)}: {json.dumps(value)}" for key, value in keyed]
    PATH.write_text('{"sizes": {\n' + ",\n".join(lines) + "\n}}\n", encoding="utf-8")
    print(f"Z_{args.v}: {entry['seconds']} s ({entry['command']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
