"""An odd field on the movement of the field one larger: one competitor's place stays empty,
and whoever would have met it rests that round (docs/movements.md#odd-fields).

Which place to leave empty matters: the rest of the field loses the comparisons the missing
competitor and each round's resting one would have made, and these fall unevenly. `best_without`
weighs every place by the balance index the field would keep (counted from the larger
movement's comparisons, without building each movement) and builds the best one.

A resting competitor is a round in which it has no seating, as everywhere in the engine
(`Movement.sitouts`): no label stands for the empty place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace

from schedules.balance import balance, holder_groups
from schedules.tally import PairKey, pair_key
from schedules.types import Label, Movement, find_shares, infer_trays


def without(movement: Movement, absent: Label) -> Movement:
    """`movement` with `absent`'s place left empty: each round its opponents rest. The labels
    after `absent` that run on from it move down by one ("1".."26" without "7": "1".."25"),
    so that the field is numbered as a field of its size; so do the tables after one that
    nobody else used."""
    names = _closing_up(movement.field, absent)
    kept = [s for s in movement.seatings if absent not in s.places]
    # a table that only the absent competitor's opponents used (a stationary place) goes, and
    # the tables after it close up
    tables = {t: k for k, t in enumerate(sorted({s.table for s in kept}), start=1)}
    seatings = tuple(
        replace(s, table=tables[s.table], places=tuple(names.get(p, p) for p in s.places))
        for s in kept
    )
    return replace(
        movement,
        tables=len(tables),
        seatings=seatings,
        field=tuple(names.get(p, p) for p in movement.field if p != absent),
        trays=infer_trays(seatings, movement.tray_numbers),
        shared=find_shares(seatings),
    )


def best_without(movement: Movement) -> Movement | None:
    """`movement` with the place left empty whose absence keeps the best balance and leaves
    no tray unplayed (None where every place's does: each table plays its own trays)."""
    absent = _best_absent(movement)
    return None if absent is None else without(movement, absent)


def _best_absent(movement: Movement) -> Label | None:
    """The competitor whose absence keeps the best balance (the first of equals) among those
    whose absence leaves no tray unplayed (None if there are none)."""
    candidates = [who for who in movement.field if _plays_every_tray(movement, who)]
    return max(candidates, key=index_without(movement), default=None)


def index_without(movement: Movement) -> Callable[[Label], float]:
    """The balance index `without(movement, who)` would have, for any `who`, counted from
    `movement`'s comparisons: each holder at a seating of `who` loses its comparisons on that
    seating's tray sets."""
    counts = balance(movement).comparisons
    groups = holder_groups(movement)
    by_seating: dict[int, list[int]] = {}
    for g, group in enumerate(groups):
        for seating, _ in group:
            by_seating.setdefault(seating, []).append(g)
    others = len(movement.field) - 1
    pairs = others * (others - 1) // 2

    def index(absent: Label) -> float:
        lost: Counter[PairKey] = Counter()
        for seating, s in enumerate(movement.seatings):
            if absent not in s.places:
                continue
            for g in by_seating[seating]:
                group = groups[g]
                for i, who in group:
                    if i == seating and who != absent:
                        lost.update(pair_key(who, other) for j, other in group if j != seating)
        total = squares = 0
        for key, c in counts.items():
            if absent not in key:
                c -= lost.get(key, 0)
                total += c
                squares += c * c
        return 100.0 * total * total / (pairs * squares) if squares else 0.0

    return index


def rest_note(movement: Movement) -> str:
    """Who rests in which round, in words ("" when nobody rests)."""
    if not movement.sitouts:
        return ""
    rounds = "; ".join(
        f"round {r}: pair {' and '.join(who)}" for r, who in movement.sitouts.items()
    )
    return f"Sitting out (no opponents that round): {rounds}."


def _plays_every_tray(movement: Movement, absent: Label) -> bool:
    """Whether every tray is still played by someone with `absent`'s place empty."""
    played = {t for s in movement.seatings if absent not in s.places for t in s.trays}
    return len(played) == len(movement.trays)


def _closing_up(field: Sequence[Label], absent: Label) -> dict[Label, Label]:
    """The new labels of those that run on from `absent` in the field's order ("8" after "7",
    "9" after "8", ...): each takes the label before it."""
    names: dict[Label, Label] = {}
    previous = absent
    for label in field[field.index(absent) + 1 :]:
        if not (label.isdigit() and previous.isdigit() and int(label) == int(previous) + 1):
            break
        names[label] = previous
        previous = label
    return names
