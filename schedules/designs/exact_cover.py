"""Exact cover by Knuth's Algorithm X: choose options so that every item is covered once.

A small search in the dictionary-of-sets form: the item with the fewest options left is
branched on first, and a seed shuffles the order in which its options are tried, so different
seeds explore different parts of a large search tree. A node budget bounds the work; a search
that runs out of it reports so rather than claiming there is no cover.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Cover:
    """The outcome of one search."""

    chosen: tuple[int, ...] | None
    """Indices of the options that cover every item once; None when none was found."""
    exhausted: bool
    """True when the whole tree was searched: no cover exists (if `chosen` is None)."""
    nodes: int


class _OutOfNodesError(Exception):
    """The node budget is spent."""


def exact_cover(
    options: Sequence[Sequence[Hashable]], seed: int = 0, node_limit: int = 1_000_000
) -> Cover:
    """Options (each a sequence of distinct items) covering every item exactly once."""
    rows: dict[int, tuple[Hashable, ...]] = {k: tuple(o) for k, o in enumerate(options)}
    columns: dict[Hashable, set[int]] = {}
    for k, row in rows.items():
        for item in row:
            columns.setdefault(item, set()).add(k)
    rng = random.Random(seed)
    solution: list[int] = []
    nodes = 0

    def select(k: int) -> list[set[int]]:
        removed = []
        for item in rows[k]:
            for other in columns[item]:
                for item2 in rows[other]:
                    if item2 != item:
                        columns[item2].discard(other)
            removed.append(columns.pop(item))
        return removed

    def deselect(k: int, removed: list[set[int]]) -> None:
        for item in reversed(rows[k]):
            columns[item] = removed.pop()
            for other in columns[item]:
                for item2 in rows[other]:
                    if item2 != item:
                        columns[item2].add(other)

    def search() -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > node_limit:
            raise _OutOfNodesError
        if not columns:
            return True
        item = min(columns, key=lambda c: len(columns[c]))
        candidates = sorted(columns[item])
        rng.shuffle(candidates)
        for k in candidates:
            removed = select(k)
            solution.append(k)
            if search():
                return True
            solution.pop()
            deselect(k, removed)
        return False

    try:
        found = search()
    except _OutOfNodesError:
        return Cover(None, False, nodes)
    return Cover(tuple(solution) if found else None, not found, nodes)
