"""Compile a search tool's C kernel and run it: the tools' shared way to a hundredfold speed-up
(needs a C compiler, `cc`)."""

from __future__ import annotations

import subprocess
import tempfile
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
