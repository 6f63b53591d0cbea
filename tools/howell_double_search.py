"""Shortened Howells at the balance bound (the "double Howells" of the EBU library): a start
for the reseat search of tools/howell_reseat_search.py, which stores what it keeps in
schedules/data/howell/reseated.json.

    .venv/bin/python tools/howell_double_search.py --tables 10 --rounds 10 [--seed 0]

When every pair plays each of the R tray sets once, pair i's directions over the sets are a
+-1 vector v_i and two pairs are compared (R + <v_i, v_j>) / 2 times: the balance depends on
the directions alone, and it reaches the bound of `schedules.balance_table.index_bound`
exactly when every two sets are held the same way by half the field. For 2n pairs with a
Hadamard difference set D in a group G of order 2n - 1 (`schedules.designs.difference_sets.
hadamard`: 4, 6, 8, 10, 12, 14, 16, 18, 22, 24 and 30 tables) the complete Howell's own
directions do that: on set g, North-South are the pair at infinity and D + g. So the sets are
R elements of G and each pair's side on each is fixed; what is left is to seat them.

With R = T (each round every set at one table) or R = T - 1 (tables 1 and 2 share set r in
round r, a relay), that is an edge colouring: each pair is joined to the side it holds of every
set, and the colour of a join is the round it is played in. In each round a pair plays once
and each side of a set is held as many times as the set has tables. A proper colouring is
built round by round (a matching per round), then annealed for the one rule left, that nobody
meets anyone twice, with moves that keep it proper: exchange two rounds along an alternating
chain of joins (a Kempe chain), or pair a relay's four pairs the other way round.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # run as tools/NAME.py: the `tools` package is not on the path
    sys.path.insert(0, str(ROOT))

from schedules.designs.difference_sets import hadamard  # noqa: E402

STEPS = 400_000
"""Annealing moves allowed for one seating."""
TRIES = 4
"""Seatings annealed (each from a fresh colouring) before giving up."""
RELAY_MOVES = 0.1
"""The share of moves that pair a relay's pairs the other way round."""
HOT, COLD = 1.0, 0.15
"""The annealing's temperature at the first move and at the last."""

Seats = list[list[int]]
"""Per round, the pair (0..2T-1) at each seat: table t's North-South at 2t, East-West at 2t + 1."""


def fits(tables: int, rounds: int) -> bool:
    """Whether the construction applies: a Hadamard difference set of order 2T - 1, and one
    round fewer than tables or as many."""
    return tables - 1 <= rounds <= tables and hadamard(2 * tables - 1) is not None


def layout(tables: int, rounds: int) -> list[list[int]]:
    """Per round, each table's tray set: table t plays set r + t, and with one table more than
    sets, tables 1 and 2 share set r (a relay)."""
    offsets = range(tables) if tables <= rounds else [0, *range(tables - 1)]
    return [[(r + o) % rounds for o in offsets] for r in range(rounds)]


def directions(tables: int, rounds: int, sets: Sequence[int] | None = None) -> list[list[int]]:
    """Per pair (0..2T-1), its side on each of the R sets (0 North-South, 1 East-West), every
    two sets held the same way by exactly half the field (the size must fit). The sets are the
    group elements `sets`, by default 0..R-1."""
    found = hadamard(2 * tables - 1)
    assert found is not None, "no Hadamard difference set of this order"
    group, base = found.group, found.elements
    elements = range(rounds) if sets is None else sets
    # set k is a group element; pair x < 2T - 1 is the element x, the last pair infinity
    sides = [[0 if group.sub(x, k) in base else 1 for k in elements] for x in range(group.order)]
    return [*sides, [0] * rounds]


class Colouring:
    """The round each pair plays each set in (a proper colouring), who holds each side of each
    set in each round (a relay's i-th North-South meets its i-th East-West), and how often
    each two pairs meet."""

    def __init__(self, sides: list[list[int]], round_of: list[list[int]]):
        self.sides = sides
        self.round_of = round_of
        pairs, rounds = len(sides), len(sides[0])
        self.set_at = [[0] * rounds for _ in range(pairs)]
        self.holders: list[list[tuple[list[int], list[int]]]] = [
            [([], []) for _ in range(rounds)] for _ in range(rounds)
        ]
        for p, row in enumerate(round_of):
            for s, r in enumerate(row):
                self.set_at[p][r] = s
                self.holders[s][r][sides[p][s]].append(p)
        self.meet = [[0] * pairs for _ in range(pairs)]
        self.cost = self.tables([(s, r) for s in range(rounds) for r in range(rounds)], 1)
        """Meetings beyond the first."""

    def tables(self, cells: list[tuple[int, int]], sign: int) -> int:
        """Seat (sign 1) or unseat (-1) the tables of these (set, round) cells in the meeting
        counts; the change of cost."""
        change, meet = 0, self.meet
        for s, r in cells:
            north, east = self.holders[s][r]
            for x, y in zip(north, east, strict=True):
                if sign > 0:
                    change += meet[x][y] >= 1
                    meet[x][y] += 1
                    meet[y][x] += 1
                else:
                    meet[x][y] -= 1
                    meet[y][x] -= 1
                    change -= meet[x][y] >= 1
        return change

    def chain(self, p: int, s: int, other: int, rnd: random.Random) -> list[tuple[int, int]] | None:
        """The alternating cycle of joins (pair, set) through p's join to s, coloured by its
        round and `other` in turn, or None where it cannot close (the rounds are one, or a
        set side lacks the round). A pair has one join of each colour; at a relayed side the
        cycle takes either of the two."""
        first = self.round_of[p][s]
        if first == other:
            return None
        start = (p, s, self.sides[p][s])
        joins, used = [(p, s)], {(p, s)}
        while True:
            t = self.set_at[p][other]
            side = self.sides[p][t]
            joins.append((p, t))
            used.add((p, t))
            if (t, side) == start[1:]:
                return joins
            choices = [q for q in self.holders[t][first][side] if (q, t) not in used]
            if not choices:
                return None
            p = choices[0] if len(choices) == 1 else rnd.choice(choices)
            joins.append((p, t))
            used.add((p, t))

    def exchange(self, joins: list[tuple[int, int]], first: int, other: int) -> int:
        """Swap the two rounds on these joins; the change of cost. Exchanging again restores
        the rounds, though a relay's two tables may then pair their pairs the other way."""
        cells = list({(s, r) for _, s in joins for r in (first, other)})
        change = self.tables(cells, -1)
        for p, s in joins:
            was = self.round_of[p][s]
            now = other if was == first else first
            side = self.holders[s]
            side[was][self.sides[p][s]].remove(p)
            side[now][self.sides[p][s]].append(p)
            self.round_of[p][s] = now
        for p, s in joins:
            self.set_at[p][self.round_of[p][s]] = s
        return change + self.tables(cells, 1)

    def turn_relay(self, s: int, r: int) -> int:
        """Pair the relay of set s in round r the other way round; the change of cost. Turning
        again undoes it."""
        change = self.tables([(s, r)], -1)
        self.holders[s][r][1].reverse()
        return change + self.tables([(s, r)], 1)


def colouring(
    sides: list[list[int]], table_set: list[list[int]], rnd: random.Random
) -> list[list[int]] | None:
    """Per pair, the round it plays each set in: every round a matching of the pairs to the
    set sides being played (as many to a side as the set has tables), built round by round;
    None where a round cannot be filled."""
    pairs, rounds = len(sides), len(table_set)
    round_of = [[-1] * rounds for _ in range(pairs)]
    for r, row in enumerate(table_set):
        holders = _matching(sides, round_of, row, rnd)
        if holders is None:
            return None
        for (s, _), held in holders.items():
            for p in held:
                round_of[p][s] = r
    return round_of


def _matching(
    sides: list[list[int]], round_of: list[list[int]], row: list[int], rnd: random.Random
) -> dict[tuple[int, int], list[int]] | None:
    """Who holds each (set, side) of a round whose tables play `row`, each pair on a set it
    has still to play, found with augmenting paths; None where there is no such matching."""
    room = {(s, side): row.count(s) for s in row for side in (0, 1)}
    holders: dict[tuple[int, int], list[int]] = {key: [] for key in room}

    def place(p: int, seen: set[tuple[int, int]]) -> bool:
        """Seat p on a side it still has to play, moving others on where it is full."""
        options = [(s, side) for s, side in enumerate(sides[p]) if round_of[p][s] < 0]
        rnd.shuffle(options)
        for key in options:
            if key not in room or key in seen:
                continue
            seen.add(key)
            held = holders[key]
            if len(held) == room[key]:
                moved = next((q for q in held if place(q, seen)), None)
                if moved is None:
                    continue
                held.remove(moved)
            held.append(p)
            return True
        return False

    order = list(range(len(sides)))
    rnd.shuffle(order)
    return holders if all(place(p, set()) for p in order) else None


def anneal(field: Colouring, table_set: list[list[int]], rnd: random.Random) -> bool:
    """Move until nobody meets anyone twice (True) or the steps run out."""
    pairs, rounds = len(field.sides), len(table_set)
    relays = [(s, r) for r, row in enumerate(table_set) for s in set(row) if row.count(s) > 1]
    for step in range(STEPS):
        if not field.cost:
            return True
        temp = HOT * (COLD / HOT) ** (step / STEPS)
        if relays and rnd.random() < RELAY_MOVES:
            s, r = rnd.choice(relays)
            change = field.turn_relay(s, r)
            if change > 0 and rnd.random() >= math.exp(-change / temp):
                change += field.turn_relay(s, r)
            field.cost += change
            continue
        p, s, other = rnd.randrange(pairs), rnd.randrange(rounds), rnd.randrange(rounds)
        first = field.round_of[p][s]
        joins = field.chain(p, s, other, rnd)
        if joins is None:
            continue
        change = field.exchange(joins, first, other)
        if change > 0 and rnd.random() >= math.exp(-change / temp):
            # back to the rounds before; a relay's tables may now pair differently
            change += field.exchange(joins, first, other)
        field.cost += change
    return not field.cost


def seat(tables: int, rounds: int, seed: int) -> tuple[Seats, list[list[int]]] | None:
    """Seats and tray sets (per round, per table) of a Howell at the balance bound, or None
    where the size does not fit or the search finds nothing."""
    if not fits(tables, rounds):
        return None
    sides, table_set = directions(tables, rounds), layout(tables, rounds)
    rnd = random.Random(seed)
    for _ in range(TRIES):
        round_of = colouring(sides, table_set, rnd)
        if round_of is None:
            continue
        field = Colouring(sides, round_of)
        if anneal(field, table_set, rnd):
            return seats_of(field, table_set), table_set
    return None


def seats_of(field: Colouring, table_set: list[list[int]]) -> Seats:
    """Each table's pairs: the holders of its set this round, a relay's tables in turn."""
    seats = []
    for r, row in enumerate(table_set):
        taken = dict.fromkeys(row, 0)
        places = []
        for s in row:
            north, east = field.holders[s][r]
            places += [north[taken[s]], east[taken[s]]]
            taken[s] += 1
        seats.append(places)
    return seats


def main() -> int:
    """Seat one size and print its balance."""
    from schedules import reseated
    from schedules.balance import balance

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, required=True)
    parser.add_argument("--rounds", type=int, required=True)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    found = seat(args.tables, args.rounds, args.seed)
    if found is None:
        print(f"nothing found for {args.tables} tables, {args.rounds} rounds")
        return 1
    print(balance(reseated.movement_of(args.tables, *found, 1, "double")).summary())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
