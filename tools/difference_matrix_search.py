"""Find a difference matrix (four rows by default) over an abelian group by randomised
backtracking, and print its rows as schedules/data/whist/spreads.json stores them.

    .venv/bin/python tools/difference_matrix_search.py 2 2 3
    .venv/bin/python tools/difference_matrix_search.py 2 2 2 3
    .venv/bin/python tools/difference_matrix_search.py 15 --rows 5

The search is `schedules.designs.difference_matrices.search` (each row gets `--nodes` steps
before the search starts again from row 2; the seed fixes the random order), which the engine
reruns itself where the stored file is missing. `--cc` runs a C kernel for
Z_n instead: it fills the column with the fewest values left first and restarts every row
after `--nodes` steps (33 with `--cc --seed 1 --nodes 100000`: 11 s);
`schedules.designs.difference_matrices.search_fewest_first` takes the same steps in Python.
Groups whose Sylow 2-subgroup is cyclic (Z_12, Z_24) have no orthomorphism at all (Hall and
Paige), so the 2-part must be Z_2 x Z_2 or larger.
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

from schedules.designs.difference_matrices import NODES, SEED, search  # noqa: E402
from tools.c_kernel import RANDOM, run_c  # noqa: E402

C_KERNEL = (
    RANDOM
    + r"""
/* rows 0 (zeros) and 1 (identity) over Z_n, then each further row r with r(0) = 0 and
   r - a a permutation for every row a above it: depth first, the column with the fewest
   values left first, a fresh start of all rows after `limit` steps on one row */
static int n, rows_[8][256], used[8][256], cur;
static long nodes, limit;

static int allowed(int v, int t) {
    for (int a = 0; a < cur; a++) if (used[a][((v - rows_[a][t]) % n + n) % n]) return 0;
    return 1;
}

static void mark(int v, int t, int on) {
    for (int a = 0; a < cur; a++) used[a][((v - rows_[a][t]) % n + n) % n] = on;
}

static int fill(int left, int *done) {  /* 1 found, 0 dead end, -1 out of steps */
    if (!left) return 1;
    if (++nodes > limit) return -1;
    int best = -1, fewest = 1 << 30;
    for (int t = 0; t < n; t++) {
        if (done[t]) continue;
        int c = 0;
        for (int v = 0; v < n; v++) c += allowed(v, t);
        if (c < fewest) { fewest = c; best = t; }
    }
    if (!fewest) return 0;
    int values[256], count = 0;
    for (int v = 0; v < n; v++) if (allowed(v, best)) values[count++] = v;
    for (int i = count - 1; i > 0; i--) { int j = rnd(i + 1), x = values[i]; values[i] = values[j];
        values[j] = x; }
    done[best] = 1;
    int found = 0;
    for (int i = 0; i < count && !found; i++) {
        rows_[cur][best] = values[i];
        mark(values[i], best, 1);
        found = fill(left - 1, done);
        mark(values[i], best, 0);
    }
    done[best] = 0;
    return found;
}

int main(int argc, char **argv) {
    n = atoi(argv[1]); int rows = atoi(argv[2]);
    st = (uint64_t)atoll(argv[3]) * 2654435761ULL + 1; limit = atol(argv[4]);
    for (int t = 0; t < n; t++) { rows_[0][t] = 0; rows_[1][t] = t; }
    for (;;) {
        int ok = 1;
        for (cur = 2; cur < rows && ok; cur++) {
            int done[256] = {1};
            memset(used, 0, sizeof used);
            rows_[cur][0] = 0;
            mark(0, 0, 1);
            nodes = 0;
            ok = fill(n - 1, done) == 1;
        }
        if (!ok) continue;
        for (int r = 0; r < rows; r++) {
            for (int t = 0; t < n; t++) printf("%d ", rows_[r][t]);
            printf("\n");
        }
        return 0;
    }
}
"""
)
"""The `--cc` search (Z_n only): the rows, one line each."""


def search_cc(n: int, seed: int, nodes: int, rows: int = 4) -> list[list[int]]:
    """`rows` rows over Z_n whose pairwise differences are all permutations, by the C kernel."""
    out = run_c(C_KERNEL, [str(n), str(rows), str(seed), str(nodes)])
    return [[int(x) for x in line.split()] for line in out.splitlines()]


def command_line() -> argparse.ArgumentParser:
    """The tool's arguments, as a stored command spells them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("moduli", type=int, nargs="+")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--nodes", type=int, default=NODES)
    parser.add_argument("--rows", type=int, default=4)
    parser.add_argument("--cc", action="store_true", help="the C kernel (one modulus only)")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Search and print the rows."""
    parser = command_line()
    args = parser.parse_args(argv)
    start = time.perf_counter()
    if args.cc:
        if len(args.moduli) != 1 or args.moduli[0] > 256 or args.rows > 8:
            parser.error("--cc takes one modulus up to 256 and at most 8 rows")
        rows = search_cc(args.moduli[0], args.seed, args.nodes, args.rows)
    else:
        rows = search(tuple(args.moduli), args.seed, args.nodes, args.rows)
    print(f"# {time.perf_counter() - start:.2f} s, seed {args.seed}")
    print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
