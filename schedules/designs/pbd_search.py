"""1-rotational pairwise balanced designs PBD(n + 1, {k, h + 1}) over Z_n, found by annealing:
the search behind schedules/data/whist/pbd.json (tools/pbd_search.py runs it with a C kernel),
which the engine reruns in Python, the kernel's moves from the same seed, where the stored
design is missing (`schedules.designs.pbd` turns the design into a whist tournament).

The blocks through infinity are infinity and the cosets of the subgroup H of order h; the
other blocks are the translates of base blocks of size k whose differences meet every element
of Z_n outside H exactly once. The cost is how far each difference's count is from its target,
a move changes one element of one base block, and a try still above cost 0 after `steps`
moves starts afresh.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from schedules.designs.pbd import Block
from schedules.designs.xorshift import XorShift
from schedules.package_data import changed_options

STEPS = 5_000_000
TEMPERATURE = 0.5
"""Defaults; a run that changes one names it in its command."""


@dataclass(frozen=True)
class Run:
    """One search as tools/pbd_search.py runs it."""

    n: int
    subgroup: int
    block: int
    seed: int
    steps: int = STEPS
    temperature: float = TEMPERATURE

    @property
    def command(self) -> str:
        """The tools/ command of the run, as the stored file records it."""
        options = changed_options(
            ("--steps", self.steps, STEPS), ("--temperature", self.temperature, TEMPERATURE)
        )
        return (
            f"tools/pbd_search.py {self.n} --subgroup {self.subgroup} --block {self.block} "
            f"--seed {self.seed}{options}"
        )

    def base_blocks(self) -> int:
        """How many base blocks the design has (ValueError when the sizes do not fit)."""
        n, h, k = self.n, self.subgroup, self.block
        count, left = divmod(n - h, k * (k - 1))
        if n % h or left or h < 2:
            raise ValueError(
                f"Z_{n}: the subgroup order must divide {n}, and {n} minus it must be a "
                f"multiple of {k * (k - 1)} (the differences of one base block of {k})"
            )
        return count


def search(run: Run) -> tuple[int, tuple[Block, ...]]:
    """The tries and the base blocks (each sorted), as the C kernel of tools/pbd_search.py
    finds them from the run's seed."""
    n, k, count = run.n, run.block, run.base_blocks()
    rng = XorShift(run.seed)
    # differences inside H (multiples of n / h) are met by the short orbit; 0 never
    want = [1 if x % (n // run.subgroup) else 0 for x in range(n)]
    pairs = [(i, j) for i in range(k) for j in range(k) if i != j]
    have = [0] * n

    def change(block: list[int], s: int) -> int:
        d = 0
        for i, j in pairs:
            x = (block[i] - block[j]) % n
            before = have[x]
            have[x] = before + s
            d += abs(before + s - want[x]) - abs(before - want[x])
        return d

    tries = 0
    while True:
        tries += 1
        have[:] = [0] * n
        cost = n - run.subgroup
        base = []
        for _ in range(count):
            block = [rng.next() % n for _ in range(k)]
            base.append(block)
            cost += change(block, 1)
        step = 0
        while step < run.steps and cost:
            step += 1
            block = base[rng.next() % count]
            i = rng.next() % k
            old, now = block[i], rng.next() % n
            if now == old:
                continue
            d = change(block, -1)
            block[i] = now
            d += change(block, 1)
            if d <= 0 or rng.uniform() < math.exp(-d / run.temperature):
                cost += d
                continue
            change(block, -1)
            block[i] = old
            change(block, 1)
        if not cost:
            return tries, tuple(tuple(sorted(b)) for b in base)
