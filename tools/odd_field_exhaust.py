"""The best balance index any Howell-type movement can reach for a small field, by exhaustive
search (docs/movements.md#odd-fields).

    .venv/bin/python tools/odd_field_exhaust.py --pairs 5 --rounds 2 [--relay] [--compared]

A Howell-type movement, as the verifier holds one: each round every table plays one tray set
that no other table plays that round (no relay), nobody plays a tray set twice, and no two
pairs meet twice; with an odd field one pair sits out each round. Comparisons and the index are
counted as `schedules.balance` counts them. Every such movement is tried, up to renaming the
pairs and the tray sets (round 1 is fixed), so the figure printed is the most any movement of
the size can reach: where it is below the even field's index, no search can close the gap.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterator
from itertools import combinations, permutations, product

Table = tuple[int, int, int]
"""(N-S pair, E-W pair, tray set) at one table in one round."""


def matchings(pairs: tuple[int, ...]) -> Iterator[list[tuple[int, int]]]:
    """Every way to seat `pairs` (an even number) two by two, unordered."""
    if not pairs:
        yield []
        return
    first, rest = pairs[0], pairs[1:]
    for k, other in enumerate(rest):
        for more in matchings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *more]


def index(field: int, counts: Counter[tuple[int, int]]) -> float:
    """100 * (sum c)^2 / (N * sum c^2) over all N pairs of the field, as in schedules.balance."""
    total = sum(counts.values())
    squares = sum(c * c for c in counts.values())
    n = field * (field - 1) // 2
    return 100.0 * total * total / (n * squares) if squares else 0.0


def best(
    field: int, rounds: int, relay: bool = False, compared: bool = False
) -> tuple[float, list[list[Table]]]:
    """The highest index of any Howell-type movement of `field` pairs in `rounds` rounds, and
    one movement that reaches it; with `relay`, tables may share a tray set in a round; with
    `compared`, only movements where every tray set is played at two tables or more (at one
    only, nobody is compared on it)."""
    tables = field // 2
    # the rests fall as evenly as they can: nobody rests twice before everyone has once
    most_rests = -(-rounds * (field - 2 * tables) // field)
    top: list[tuple[float, list[list[Table]]]] = [(-1.0, [])]

    def rounds_from(done: list[list[Table]]) -> None:
        if len(done) == rounds:
            if compared and 1 in Counter(s for r in done for _, _, s in r).values():
                return
            score = index(field, comparisons(done))
            if score > top[0][0]:
                top[0] = (score, [list(r) for r in done])
            return
        met = {frozenset((a, b)) for r in done for a, b, _ in r}
        played = {(p, s) for r in done for a, b, s in r for p in (a, b)}
        known = 1 + max(s for r in done for _, _, s in r)
        rests = Counter(p for r in done for p in range(1, field + 1) if p not in _seated(r))
        for seated in combinations(range(1, field + 1), 2 * tables):
            if any(rests[p] >= most_rests for p in range(1, field + 1) if p not in seated):
                continue
            for pairing in matchings(seated):
                if any(frozenset(m) in met for m in pairing):
                    continue
                for ways in product((False, True), repeat=tables):
                    seats = [
                        (b, a) if w else (a, b) for (a, b), w in zip(pairing, ways, strict=True)
                    ]
                    # sets: any already used, or new ones numbered in order (renaming)
                    for sets in _set_choices(known, tables, relay):
                        if any(
                            (p, s) in played
                            for (a, b), s in zip(seats, sets, strict=True)
                            for p in (a, b)
                        ):
                            continue
                        rounds_from(
                            [*done, [(a, b, s) for (a, b), s in zip(seats, sets, strict=True)]]
                        )

    # round 1 up to renaming: pairs 1-2, 3-4, ... on tray sets numbered in order
    for sets in _set_choices(0, tables, relay):
        rounds_from([[(2 * t + 1, 2 * t + 2, s) for t, s in enumerate(sets)]])
    return top[0]


def _seated(tables: list[Table]) -> set[int]:
    return {p for a, b, _ in tables for p in (a, b)}


def _set_choices(known: int, tables: int, relay: bool) -> Iterator[tuple[int, ...]]:
    """The tray sets a round's tables may play, up to renaming the sets not used yet: distinct
    unless `relay`, the new ones numbered in the order they first appear."""
    choices = (
        product(range(known + tables), repeat=tables)
        if relay
        else permutations(range(known + tables), tables)
    )
    for sets in choices:
        new = list(dict.fromkeys(s for s in sets if s >= known))
        if new == list(range(known, known + len(new))):
            yield sets


def comparisons(done: list[list[Table]]) -> Counter[tuple[int, int]]:
    """How often each two pairs hold the same hands of a tray set at different tables."""
    holders: dict[tuple[int, int], list[int]] = {}
    for r in done:
        for a, b, s in r:
            holders.setdefault((s, 0), []).append(a)
            holders.setdefault((s, 1), []).append(b)
    counts: Counter[tuple[int, int]] = Counter()
    for group in holders.values():
        counts.update((min(x, y), max(x, y)) for x, y in combinations(group, 2))
    return counts


def main() -> None:
    """Print the best index and one movement that reaches it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, required=True)
    parser.add_argument("--rounds", type=int, required=True)
    parser.add_argument(
        "--relay", action="store_true", help="tables may share a tray set in a round"
    )
    parser.add_argument(
        "--compared", action="store_true", help="every tray set played at two tables or more"
    )
    args = parser.parse_args()
    score, movement = best(args.pairs, args.rounds, args.relay, args.compared)
    print(f"{args.pairs} pairs, {args.rounds} rounds: best index {score:.2f}")
    for r, tables in enumerate(movement, start=1):
        print(f"  round {r}: " + ", ".join(f"{a} v {b} on set {s + 1}" for a, b, s in tables))


if __name__ == "__main__":
    main()
