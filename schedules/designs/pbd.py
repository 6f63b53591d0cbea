"""Whist tournaments from pairwise balanced designs (Wilson's closure), for v = 1 (mod 4).

A PBD(v, K) is a set of blocks on v points, each of a size in K, such that every two points
lie in exactly one block. If every block size k is 1 (mod 4) and a Wh(k) with sit-outs exists,
the design carries a Wh(v): for each point x, round x gathers, from every block B through x,
the round of B's own Wh(|B|) in which x sits out. That round seats the rest of B; the blocks
through x partition the other v - 1 points, so round x seats everyone but x. Two points y, z
meet only inside their one block B, as partners once and opponents twice in B's tournament,
whose rounds are each used exactly once (round s of B's tournament in global round s). So
every two players partner once and oppose twice, and player x sits out round x.

`RotationalPbd` is the 1-rotational design that `tools/pbd_search.py` finds: points Z_n and
infinity (n), the blocks through infinity infinity and the cosets of the subgroup H of order
h, the others the translates of base blocks whose differences meet Z_n outside H once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from schedules.designs.whist import Game, as_game

Block = tuple[int, ...]


@dataclass(frozen=True)
class RotationalPbd:
    """A PBD on Z_n and infinity (the point n), developed from base blocks over Z_n."""

    modulus: int
    subgroup: int
    base: tuple[Block, ...]
    origin: str

    @property
    def points(self) -> int:
        """n + 1."""
        return self.modulus + 1

    @property
    def block_sizes(self) -> tuple[int, ...]:
        """The sizes of its blocks, smallest first: h + 1 and those of the base blocks."""
        return tuple(sorted({self.subgroup + 1, *(len(b) for b in self.base)}))

    def blocks(self) -> tuple[Block, ...]:
        """Infinity with each coset of H, then every translate of every base block."""
        n, step = self.modulus, self.modulus // self.subgroup
        cosets = [(*range(r, n, step), n) for r in range(step)]
        translates = [tuple(sorted((x + t) % n for x in b)) for b in self.base for t in range(n)]
        return (*cosets, *translates)


def pbd_defects(points: int, blocks: Sequence[Block]) -> int:
    """How far `blocks` are from a PBD on `points` points: for every pair of points, how
    many times more or fewer than once it lies in a block (0 exactly for a PBD)."""
    met = Counter(pair for b in blocks for pair in combinations(sorted(b), 2))
    missing = points * (points - 1) // 2 - len(met)
    return missing + sum(abs(times - 1) for times in met.values())


def closure_rounds(
    points: int, blocks: Sequence[Block], rounds_of: Callable[[int], list[list[Game]]]
) -> list[list[Game]]:
    """The Wh(points) the design carries: round x (numbered from 0) is the union, over the
    blocks B through x, of the round of a Wh(|B|) from `rounds_of` in which x sits out.
    `rounds_of(k)` gives the rounds of a Wh(k) on players 0 .. k-1, k = 1 (mod 4)."""
    rounds: list[list[Game]] = [[] for _ in range(points)]
    for block in blocks:
        if len(block) % 4 != 1:
            raise ValueError(f"a block of {len(block)} carries no whist tournament with sit-outs")
        local = rounds_of(len(block))
        for games in local:
            seated = {x for game in games for x in game}
            (out,) = set(range(len(block))) - seated
            rounds[block[out]].extend(as_game(block[x] for x in game) for game in games)
    return rounds
