"""Reseat the shortened Howells for balance and store the better ones in
schedules/data/howell/reseated.json, which `schedules.reseated` reads.

    .venv/bin/python tools/howell_reseat_search.py [--tables 4-30] [--fewer-rounds] [--seed 0]
        [--moves 60000] [--again | --double] [--out FILE]

The balance searches of tools/howell_balance_search.py keep who meets whom and only turn tables
round. This one also moves pairs between tables: it starts from each movement we build for the
size (the shortened Howell, the interwoven Howell, and for fewer rounds than tables a field
seated at random until every pair plays each of the R tray sets once, some relayed between two
tables; where one fits, the double Howell at the balance bound of
tools/howell_double_search.py) and anneals with moves that keep every rule: two pairs on the
same tray set in a round change places (at one table: they turn it round; at two tables
sharing the set: they change tables), or two pairs exchange the tray sets they play in two
rounds. No pair plays a set twice or meets another twice; the sum of squared comparison
counts, which for a fixed total is the spread SS, is what falls. A result is stored, verified
and with its balance, only where it balances better than every movement we build for that
size; every size searched is recorded, so a run can be resumed (`--again` searches stored
sizes again, `--double` only those a double Howell fits).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # run as tools/NAME.py: the `tools` package is not on the path
    sys.path.insert(0, str(ROOT))

from schedules import reseated  # noqa: E402
from schedules.balance import balance  # noqa: E402
from schedules.catalog import Request, build  # noqa: E402
from schedules.findings import ImpossibleMovementError  # noqa: E402
from schedules.types import Movement  # noqa: E402
from tools import howell_double_search  # noqa: E402

PATH = ROOT / "schedules" / "data" / "howell" / "reseated.json"
MOVES = 60_000
"""Annealing moves per start."""
RANDOM_TRIES = 300_000
"""Swaps allowed to seat a random field with every pair on every set once."""


@dataclass
class Field:
    """A movement as seats: per round, the pair (0..2T-1) at each seat (table t: N-S 2t, E-W
    2t + 1) and the tray set (0..) of each table; with the counts the search keeps."""

    seat: list[list[int]]
    table_set: list[list[int]]
    sets: int

    def __post_init__(self) -> None:
        pairs = len(self.seat[0])
        self.held = [[0] * (2 * self.sets) for _ in range(pairs)]
        self.plays = [[0] * self.sets for _ in range(pairs)]
        self.meet = [[0] * pairs for _ in range(pairs)]
        for r, row in enumerate(self.seat):
            for i, p in enumerate(row):
                k = self.key(r, i)
                self.held[p][k] += 1
                self.plays[p][k // 2] += 1
                self.meet[p][row[i ^ 1]] += 1
        self.compared = [
            [sum(a * b for a, b in zip(self.held[p], self.held[q], strict=True)) if p != q else 0
             for q in range(pairs)]
            for p in range(pairs)
        ]  # fmt: skip

    def key(self, r: int, i: int) -> int:
        """The hands held at seat i of round r: its table's set and its side."""
        return self.table_set[r][i // 2] * 2 + i % 2

    def squares(self) -> int:
        """The sum of squared comparison counts."""
        n = len(self.compared)
        return sum(self.compared[p][q] ** 2 for p in range(n) for q in range(p + 1, n))

    def faults(self) -> int:
        """Sets played twice or more, and meetings repeated."""
        n = len(self.meet)
        twice = sum(_excess(x) for row in self.plays for x in row)
        return twice + sum(max(0, self.meet[p][q] - 1) for p in range(n) for q in range(p + 1, n))

    def swap(self, r: int, i: int, j: int) -> tuple[int, int]:
        """Swap the pairs at seats i and j of round r; (change of squares, change of faults).
        Swapping again undoes it."""
        row = self.seat[r]
        p, q = row[i], row[j]
        k1, k2 = self.key(r, i), self.key(r, j)
        squares = faults = 0
        if k1 != k2:
            held, compared = self.held, self.compared
            cp, cq = compared[p], compared[q]
            for x, hx in enumerate(held):
                if x in (p, q):
                    continue
                d = hx[k2] - hx[k1]
                if d:
                    a, b = cp[x], cq[x]
                    squares += (a + d) ** 2 - a * a + (b - d) ** 2 - b * b
                    cp[x] = compared[x][p] = a + d
                    cq[x] = compared[x][q] = b - d
            hp, hq = held[p], held[q]
            before = cp[q]
            hp[k1] -= 1
            hp[k2] += 1
            hq[k2] -= 1
            hq[k1] += 1
            after = sum(a * b for a, b in zip(hp, hq, strict=True))
            cp[q] = cq[p] = after
            squares += after * after - before * before
            s1, s2 = k1 // 2, k2 // 2
            if s1 != s2:
                for x, lose, gain in ((p, s1, s2), (q, s2, s1)):
                    a, b = self.plays[x][lose], self.plays[x][gain]
                    faults += _excess(a - 1) - _excess(a) + _excess(b + 1) - _excess(b)
                    self.plays[x][lose] -= 1
                    self.plays[x][gain] += 1
        if i ^ 1 != j:
            oi, oj = row[i ^ 1], row[j ^ 1]
            meet = self.meet
            for x, lose, gain in ((p, oi, oj), (q, oj, oi)):
                faults += (meet[x][gain] >= 1) - (meet[x][lose] >= 2)
                meet[x][lose] -= 1
                meet[lose][x] -= 1
                meet[x][gain] += 1
                meet[gain][x] += 1
        row[i], row[j] = q, p
        return squares, faults


def _excess(plays: int) -> int:
    """The fault of playing one set `plays` times: none for once or never."""
    return (plays - 1) ** 2 if plays > 1 else 0


def from_movement(movement: Movement) -> Field:
    """The movement's seats, its pairs numbered in field order and its sets in tray order.
    A set is the trays a table holds, in whatever order it plays them: the interwoven Howell's
    second line plays each set backwards, the same boards as the first line's table."""
    sets = sorted({tuple(sorted(s.trays)) for s in movement.seatings})
    set_of = {trays: k for k, trays in enumerate(sets)}
    pair_of = {label: k for k, label in enumerate(movement.field)}
    seat = [[0] * (2 * movement.tables) for _ in range(movement.rounds)]
    table_set = [[0] * movement.tables for _ in range(movement.rounds)]
    for s in movement.seatings:
        r, t = s.round - 1, s.table - 1
        table_set[r][t] = set_of[tuple(sorted(s.trays))]
        seat[r][2 * t], seat[r][2 * t + 1] = pair_of[s.ns], pair_of[s.ew]
    return Field(seat, table_set, len(sets))


def random_field(tables: int, rounds: int, rnd: random.Random) -> Field | None:
    """R tray sets, each pair to play every one once. With fewer rounds than tables, tables
    1..R play set t every round and the others a set that turns with the round, so a set is
    at one or two tables; otherwise (where no Howell design of that length exists) table t
    plays set r + t - 1 and table 1 shares table 2's, so one set a round is relayed. The pairs
    are seated at random and swapped until every pair plays each set once and meets nobody
    twice (None if the swaps run out)."""
    if rounds < tables:
        table_set = [[t if t < rounds else (t - rounds + r) % rounds for t in range(tables)]
                     for r in range(rounds)]  # fmt: skip
    else:
        offsets = [0, *range(tables - 1)]
        table_set = [[(r + o) % rounds for o in offsets] for r in range(rounds)]
    seat = []
    for _ in range(rounds):
        order = list(range(2 * tables))
        rnd.shuffle(order)
        seat.append(order)
    field = Field(seat, table_set, rounds)
    faults = field.faults()
    for _ in range(RANDOM_TRIES):
        if not faults:
            return field
        r, i, j = rnd.randrange(rounds), rnd.randrange(2 * tables), rnd.randrange(2 * tables)
        if i == j:
            continue
        _, change = field.swap(r, i, j)
        if change <= 0 or rnd.random() < math.exp(-change / 0.3):
            faults += change
        else:
            field.swap(r, i, j)
    return None


def improve(field: Field, rnd: random.Random, moves: int) -> tuple[int, list[list[int]]]:
    """Anneal with moves that keep every rule; the lowest squares seen and its seats."""
    rounds, seats = len(field.seat), len(field.seat[0])
    by_set = [
        {s: [i for i in range(seats) if field.table_set[r][i // 2] == s] for s in set(row)}
        for r, row in enumerate(field.table_set)
    ]
    current = best = field.squares()
    best_seat = [row[:] for row in field.seat]
    hot, cold = 1.5, 0.05
    for step in range(moves):
        temp = hot * (cold / hot) ** (step / moves)
        r = rnd.randrange(rounds)
        row = field.seat[r]
        if rnd.random() < 0.5:
            # two pairs on one set in one round: turn a table, or change tables in a relay
            i = rnd.randrange(seats)
            j = rnd.choice([k for k in by_set[r][field.table_set[r][i // 2]] if k != i])
            swaps = [(r, i, j)]
        else:
            # two pairs exchange the sets they play in rounds r and r2
            r2 = rnd.randrange(rounds)
            i = rnd.randrange(seats)
            a, p = field.table_set[r][i // 2], row[i]
            i2 = field.seat[r2].index(p)
            b = field.table_set[r2][i2 // 2]
            if r2 == r or a == b:
                continue
            position = {x: k for k, x in enumerate(field.seat[r2])}
            others = [
                j for j in by_set[r].get(b, ()) if field.table_set[r2][position[row[j]] // 2] == a
            ]
            if not others:
                continue
            j = rnd.choice(others)
            swaps = [(r, i, j), (r2, i2, position[row[j]])]
        squares = faults = 0
        for swap in swaps:
            ds, df = field.swap(*swap)
            squares, faults = squares + ds, faults + df
        if faults or not (squares <= 0 or rnd.random() < math.exp(-squares / temp)):
            for swap in reversed(swaps):
                field.swap(*swap)
            continue
        current += squares
        if current < best:
            best, best_seat = current, [row[:] for row in field.seat]
    return best, best_seat


def ours(tables: int, rounds: int) -> list[Movement]:
    """Every movement we build for the size with every pair present, best balanced first."""
    built = []
    for variant in (None, "interwoven"):
        try:
            built.append(build(Request("howell", tables=tables, rounds=rounds, variant=variant)))
        except ImpossibleMovementError:
            continue
    return sorted(built, key=lambda m: -balance(m).index)


def search(tables: int, rounds: int, seed: int, moves: int) -> dict[str, object]:
    """The size's entry: the best reseating found from every start, kept (with its seats) only
    where it beats what we build."""
    started = time.process_time()
    rnd = random.Random(seed)
    built = ours(tables, rounds)
    target = balance(built[0]).index if built else 0.0
    starts = [(m.variant or "shortened", from_movement(m)) for m in built]
    if (rounds < tables or not built) and (seated := random_field(tables, rounds, rnd)):
        starts.append(("random", seated))
    # last, so that the starts before it draw the same random numbers as without it
    if double := howell_double_search.seat(tables, rounds, seed):
        starts.append(("double", Field(*double, rounds)))
    entry: dict[str, object] = {"before_index": round(target, 4), "seed": seed, "moves": moves}
    best_index = target
    found = 0.0
    for origin, field in starts:
        squares, seat = improve(field, rnd, moves)
        candidate = reseated.movement_of(tables, seat, field.table_set, 1, origin)
        report = balance(candidate)
        found = max(found, report.index)
        if report.index > best_index + 1e-9:
            best_index = report.index
            entry |= {
                "origin": origin,
                "ss": str(report.ss),
                "index": round(report.index, 4),
                "seats": [[p + 1 for p in row] for row in seat],
                "sets": [[s + 1 for s in row] for row in field.table_set],
            }
        assert squares >= 0
    entry["found_index"] = round(found, 4)
    entry["seconds"] = round(time.process_time() - started, 1)
    return entry


def main() -> int:
    """Search each size asked for and not yet stored; write the file after each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="4-30")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--moves", type=int, default=MOVES)
    parser.add_argument("--again", action="store_true", help="search stored sizes again")
    parser.add_argument(
        "--fewer-rounds", action="store_true", help="only the sizes of fewer rounds than tables"
    )
    parser.add_argument(
        "--double",
        action="store_true",
        help="search again only the sizes a double Howell fits (tools/howell_double_search.py)",
    )
    parser.add_argument("--out", type=Path, default=PATH, help="the file to add the sizes to")
    args = parser.parse_args()
    first, _, last = args.tables.partition("-")
    stored = json.loads(args.out.read_text()) if args.out.exists() else {"sizes": {}}
    # a file made by several runs keeps the commands recorded with it
    stored.setdefault(
        "command", f"tools/howell_reseat_search.py --seed {args.seed} --moves {args.moves}"
    )
    for tables in range(int(first), int(last or first) + 1):
        longest = tables - 1 if args.fewer_rounds else 2 * tables - 2
        for rounds in range((tables + 1) // 2, longest + 1):
            key = f"{tables} {rounds}"
            if args.double:
                if not howell_double_search.fits(tables, rounds):
                    continue
            elif key in stored["sizes"] and not args.again:
                continue
            entry = search(tables, rounds, args.seed, args.moves)
            stored["sizes"][key] = entry
            gained = f"{entry['before_index']} -> {entry['index']}" if "index" in entry else "-"
            print(f"{key}: {gained} ({entry['seconds']} s)", flush=True)
            args.out.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
