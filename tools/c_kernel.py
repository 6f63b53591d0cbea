"""Compile a search tool's C kernel and run it: the tools' shared way to a hundredfold speed-up
(needs a C compiler, `cc`)."""

from __future__ import annotations

import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

RANDOM = r"""
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static uint64_t st;
static uint64_t nxt(void) { st ^= st << 13; st ^= st >> 7; st ^= st << 17; return st; }
static double unif(void) { return (nxt() >> 11) * (1.0 / 9007199254740992.0); }
static int rnd(int n) { return (int)(nxt() % (uint64_t)n); }
"""
"""The kernels' shared preamble: the C headers and a xorshift generator seeded through `st`,
so a seed gives the same run in every tool."""

DANCING_LINKS = r"""
/* An exact cover by dancing links: items 1 .. items (start_cover), options added by add_row
   (option numbers index owner[], the thing the option places); search() branches on the item
   with the fewest options left, trying them in random order, and records in pick[owner] the
   option chosen (1: covered, 0: none, -1: more than cover_limit nodes) */
#define MAXN 200000
static int L[MAXN], R[MAXN], U[MAXN], D[MAXN], TOP[MAXN], LEN[1024], ROW[MAXN];
static int items, pick[512];
static int owner[MAXN / 5];
static long cover_nodes, cover_limit;

static void hide(int i) {
    L[R[i]] = L[i]; R[L[i]] = R[i];
    for (int p = D[i]; p != i; p = D[p])
        for (int q = R[p]; q != p; q = R[q]) { U[D[q]] = U[q]; D[U[q]] = D[q]; LEN[TOP[q]]--; }
}

static void unhide(int i) {
    for (int p = U[i]; p != i; p = U[p])
        for (int q = L[p]; q != p; q = L[q]) { U[D[q]] = q; D[U[q]] = q; LEN[TOP[q]]++; }
    L[R[i]] = i; R[L[i]] = i;
}

static int search(void) {
    if (++cover_nodes > cover_limit) return -1;
    if (R[0] == 0) return 1;
    int best = 1 << 30, item = 0;
    for (int i = R[0]; i != 0; i = R[i]) if (LEN[i] < best) { best = LEN[i]; item = i; }
    if (!best) return 0;
    int rows[best], count = 0;
    for (int p = D[item]; p != item; p = D[p]) rows[count++] = p;
    for (int k = count - 1; k > 0; k--) { int j = nxt() % (k + 1), t = rows[k]; rows[k] = rows[j];
        rows[j] = t; }
    hide(item);
    int found = 0;
    for (int k = 0; k < count && !found; k++) {
        int p = rows[k];
        for (int q = R[p]; q != p; q = R[q]) hide(TOP[q]);
        found = search();
        if (found == 1) pick[owner[ROW[p]]] = ROW[p];
        for (int q = L[p]; q != p; q = L[q]) unhide(TOP[q]);
        if (found < 0) break;
    }
    unhide(item);
    return found;
}

static int nodes_next;

static void start_cover(int count) {  /* items 1 .. count, no options yet */
    items = count; nodes_next = items + 1; cover_nodes = 0;
    for (int i = 0; i <= items; i++) {
        L[i] = i ? i - 1 : items; R[i] = i < items ? i + 1 : 0; U[i] = D[i] = i; LEN[i] = 0;
    }
}

static void add_row(int option, const int *columns, int k) {
    int first = nodes_next;
    for (int i = 0; i < k; i++) {
        int c = columns[i], x = nodes_next++;
        TOP[x] = c; ROW[x] = option;
        U[x] = U[c]; D[x] = c; D[U[c]] = x; U[c] = x; LEN[c]++;
        L[x] = i ? x - 1 : x; R[x] = first;
        if (i) R[x - 1] = x;
        L[first] = x;
    }
}
"""
"""The kernels' shared exact cover (Knuth's Algorithm X with dancing links)."""


def run_c(
    source: str, args: list[str], stdin: str | None = None, seconds: float | None = None
) -> str:
    """The standard output of `source`, compiled with -O2, run with `args` and `stdin`
    (subprocess.TimeoutExpired after `seconds`, the process killed)."""
    with tempfile.TemporaryDirectory() as tmp:
        code, binary = Path(tmp) / "kernel.c", Path(tmp) / "kernel"
        code.write_text(source, encoding="utf-8")
        subprocess.run(["cc", "-O2", "-o", str(binary), str(code), "-lm"], check=True)
        done = subprocess.run(
            [str(binary), *args],
            input=stdin,
            check=True,
            capture_output=True,
            text=True,
            timeout=seconds,
        )
    return done.stdout


def run_counted(
    source: str, args: Sequence[object], size: int, seconds: float | None = None
) -> tuple[int, list[tuple[int, ...]], float]:
    """Run a kernel that prints a count (tries, families) and then its result as numbers in
    groups of `size` (the seats of a game, the points of a block): the count, the groups and
    the seconds the run took (subprocess.TimeoutExpired after `seconds`)."""
    start = time.perf_counter()
    out = [int(x) for x in run_c(source, [str(a) for a in args], seconds=seconds).split()]
    took = round(time.perf_counter() - start, 2)
    values = out[1:]
    return out[0], [tuple(values[k : k + size]) for k in range(0, len(values), size)], took
