"""Rests: a place of a movement that nobody fills.

The engine has one representation of "nobody at this place this round": the place is not in
the movement at all. A seating holding an empty place is not played, so whoever would have met
it there rests that round (`Movement.sitouts`), and the empty place's label is not in the
field, so no reader can print it as a competitor. The odd-pair Mitchell and Howell leave their
missing pair out this way; `rest` does the same for any movement, so that a movement built for
one more pair (or player, or team) than the field seats the field with no phantom.

>>> from schedules.types import Competitors, Seating, infer_trays
>>> seats = (Seating.pair(1, 1, (1,), "1", "2"), Seating.pair(1, 2, (2,), "3", "4"),
...          Seating.pair(2, 1, (2,), "1", "4"), Seating.pair(2, 2, (1,), "3", "2"))
>>> m = Movement("any", Competitors.PAIRS, 2, 2, infer_trays(seats), seats, ("1", "2", "3", "4"))
>>> rested = rest(m, {"4"})
>>> rested.field, rested.sitouts
(('1', '2', '3'), {1: ('3',), 2: ('1',)})
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from schedules.promises import check_promise
from schedules.types import Label, Movement, Share, infer_trays


def rest(movement: Movement, empty: Collection[Label]) -> Movement:
    """`movement` with the places `empty` left unfilled: every seating holding one is not
    played (its other competitors rest that round), the labels leave the field, a tray nobody
    plays any more is not dealt, and a tray's original play moves to its first play left.
    The movement keeps its promise where the rest leaves it true, else promises only what
    every movement does."""
    gone = set(empty)
    if not gone:
        return movement
    unknown = gone - set(movement.field)
    if unknown:
        raise ValueError(f"not in the movement's field: {', '.join(sorted(unknown))}")
    seatings = tuple(s for s in movement.seatings if gone.isdisjoint(s.places))
    played = {t for s in seatings for t in s.trays}
    kept_trays = [t for t in movement.trays if t.number in played]
    # the original play stays where it was when that seating is still played
    moved = {t.number: t for t in infer_trays(seatings, [t.number for t in kept_trays])}
    playing = {(s.round, s.table) for s in seatings}
    trays = tuple(
        t
        if (t.original_round, t.original_table) in playing
        else replace(moved[t.number], dealer=t.dealer)
        for t in kept_trays
    )
    rested = replace(
        movement,
        seatings=seatings,
        trays=trays,
        field=tuple(c for c in movement.field if c not in gone),
        shared=_shares_left(movement.shared, {(s.round, s.table) for s in seatings}),
        attributes={c: a for c, a in movement.attributes.items() if c not in gone},
        teams={
            team: pairs
            for team, pairs in movement.teams.items()
            if team not in gone and gone.isdisjoint(pairs)
        },
    )
    # a promise about everyone (each two players partner once) may not survive a rest: the
    # movement then promises only what every movement does, rather than fail its own check
    if check_promise(rested.promise, rested):
        return replace(rested, promise="any")
    return rested


def seat_field(movement: Movement, present: int, filled: Collection[Label] = ()) -> Movement:
    """`movement` for a field of `present` competitors where it seats more: the places beyond
    the field rest (see `rest`). The highest-numbered places rest, keeping every place already
    `filled` (a partnership is under its label), so that pair 1 to 13 of 13 pairs keep their
    numbers and the 14th place is the rest; a field that fills every place, or none known
    (`present` 0), is seated as it is."""
    spare = len(movement.field) - present
    if present <= 0 or spare <= 0:
        return movement
    unfilled = [label for label in reversed(movement.field) if label not in set(filled)]
    return rest(movement, unfilled[:spare])


def _shares_left(shares: tuple[Share, ...], playing: set[tuple[int, int]]) -> tuple[Share, ...]:
    """The relays still played by two tables or more once the empty places' tables are gone."""
    left = []
    for share in shares:
        tables = tuple(t for t in share.tables if (share.round, t) in playing)
        if len(tables) > 1:
            left.append(replace(share, tables=tables))
    return tuple(left)
