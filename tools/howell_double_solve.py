"""Seat a double Howell of one round fewer than tables with a constraint solver (CP-SAT of
Google OR-tools, the optional `search` extra), where the annealing of
tools/howell_double_search.py leaves pairs meeting twice (14 tables, 13 rounds).

    .venv/bin/python tools/howell_double_solve.py --tables 14 --rounds 13 [--seed 0] [--store]

The sides are those of tools/howell_double_search.py (`directions`): every pair plays each of
the R sets once, on a side fixed so that every two sets are held the same way by half the
field, which puts the balance at the bound. Left to choose: the round each pair plays each
set in, and which North-South pair meets which East-West pair on it. Every round each pair
plays one set, each set is played at one table except one set at two tables (a relay, a
different set each round), and nobody meets anyone twice.

With 2T - 1 = q a prime power and R = T - 1 = (q - 1) / 2, the sets are the non-zero squares
of GF(q), a cyclic group of order R under multiplication, and multiplying by a square keeps
every pair's side. The solver looks only for seatings that this turns into themselves, round
r into round r + 1: a thirteenth of the choices at 14 tables, found in seconds where the
search without it found nothing in five minutes. `--store` writes the size's entry (origin
`solver`) into schedules/data/howell/reseated.json.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # run as tools/NAME.py: the `tools` package is not on the path
    sys.path.insert(0, str(ROOT))

from schedules import reseated  # noqa: E402
from schedules.balance import balance  # noqa: E402
from schedules.designs.difference_sets import paley  # noqa: E402
from schedules.designs.fields import field  # noqa: E402
from tools.howell_double_search import Seats, directions  # noqa: E402
from tools.howell_reseat_search import PATH, ours  # noqa: E402

SECONDS = 600.0
"""Time allowed to the solver for one size."""


def fits(tables: int, rounds: int) -> bool:
    """Whether the construction applies: one round fewer than tables, and 2T - 1 a prime
    power of 3 (mod 4), so that the sides are Paley's (the quadratic residues)."""
    found = paley(2 * tables - 1)
    return rounds == tables - 1 and found is not None and (2 * tables - 1) % 4 == 3


def solve(
    tables: int, rounds: int, seed: int, seconds: float = SECONDS
) -> tuple[Seats, list[list[int]]] | None:
    """Seats and tray sets (per round, per table: tables 1 and 2 share the relayed set) of a
    double Howell, or None where the size does not fit or nothing is found in the time."""
    from ortools.sat.python import cp_model  # the optional `search` extra

    if not fits(tables, rounds):
        return None
    q, sets = 2 * tables - 1, range(rounds)
    f = field(q)
    step = f.mul(f.generator, f.generator)
    sides = directions(tables, rounds, [f.power(step, i) for i in sets])
    pairs = range(len(sides))
    held = [[[p for p in pairs if sides[p][s] == side] for side in (0, 1)] for s in sets]
    model = cp_model.CpModel()
    plays = {(p, s, r): model.new_bool_var("") for p in pairs for s in sets for r in sets}
    relay = {(s, r): model.new_bool_var("") for s in sets for r in sets}
    # every pair plays every set once and once a round; every set is relayed in one round
    for i in sets:
        model.add_exactly_one(relay[i, r] for r in sets)
        model.add_exactly_one(relay[s, i] for s in sets)
        for p in pairs:
            model.add_exactly_one(plays[p, i, r] for r in sets)
            model.add_exactly_one(plays[p, s, i] for s in sets)
    joined = [_join(model, plays, relay, held[s], s, sets) for s in sets]
    meets: dict[frozenset[int], list[Any]] = {}
    for joins in joined:
        for (a, b), join in joins.items():
            meets.setdefault(frozenset((a, b)), []).append(join)
    for met in meets.values():
        model.add_at_most_one(met)
    # multiplying by `step` turns pair x into step * x (infinity stays) and set i into i + 1
    turn, later = [f.mul(step, x) for x in range(q)] + [q], [*sets[1:], 0]
    for (p, s, r), var in plays.items():
        model.add(plays[turn[p], later[s], later[r]] == var)
    for (s, r), var in relay.items():
        model.add(relay[later[s], later[r]] == var)
    for s, joins in enumerate(joined):
        for (a, b), join in joins.items():
            model.add(joined[later[s]][turn[a], turn[b]] == join)
    # renaming the rounds changes nothing: the pair at infinity plays set r in round r
    for s in sets:
        model.add(plays[q, s, s] == 1)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1  # one core, and the same answer every time
    solver.parameters.random_seed = seed
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    seats, table_set = [], []
    for r in sets:
        doubled = next(s for s in sets if solver.value(relay[s, r]))
        order = [doubled, *(s for s in sets if s != doubled)]
        table_set.append([doubled, *order])
        places: list[int] = []
        for s in order:
            for a in held[s][0]:
                if solver.value(plays[a, s, r]):
                    east = next(b for b in held[s][1] if solver.value(joined[s][a, b]))
                    places += [a, east]
        seats.append(places)
    return seats, table_set


def _join(
    model: Any,
    plays: dict[tuple[int, int, int], Any],
    relay: dict[tuple[int, int], Any],
    sides: list[list[int]],
    s: int,
    rounds: range,
) -> dict[tuple[int, int], Any]:
    """Who meets whom on set s: a matching of its North-South to its East-West holders, each
    two joined in the round they both play it; at a single table those two meet."""
    north, east = sides
    for r in rounds:
        for side in (north, east):
            model.add(sum(plays[p, s, r] for p in side) == 1 + relay[s, r])
    joins = {(a, b): model.new_bool_var("") for a in north for b in east}
    for a in north:
        model.add_exactly_one(joins[a, b] for b in east)
    for b in east:
        model.add_exactly_one(joins[a, b] for a in north)
    for (a, b), join in joins.items():
        for r in rounds:
            model.add(plays[a, s, r] == plays[b, s, r]).only_enforce_if(join)
            model.add_bool_or([join, relay[s, r], ~plays[a, s, r], ~plays[b, s, r]])
    return joins


def entry(tables: int, rounds: int, seed: int, seconds: float) -> dict[str, object] | None:
    """The size's entry for reseated.json, as tools/howell_reseat_search.py writes them, with
    the command that finds it again; None where nothing is found."""
    started = time.process_time()
    found = solve(tables, rounds, seed, seconds)
    if found is None:
        return None
    took = time.process_time() - started
    built = ours(tables, rounds)
    report = balance(reseated.movement_of(tables, *found, 1, "solver"))
    seats, table_set = found
    return {
        "before_index": round(balance(built[0]).index, 4) if built else 0.0,
        "command": f"tools/howell_double_solve.py --tables {tables} --rounds {rounds} "
        f"--seed {seed} --store",
        "seed": seed,
        "seconds": round(took, 1),
        "origin": "solver",
        "ss": str(report.ss),
        "index": round(report.index, 4),
        "seats": [[p + 1 for p in row] for row in seats],
        "sets": [[s + 1 for s in row] for row in table_set],
    }


def main() -> int:
    """Seat one size, print its balance and, with --store, store it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, required=True)
    parser.add_argument("--rounds", type=int, required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=SECONDS)
    parser.add_argument("--store", action="store_true", help="write it into reseated.json")
    args = parser.parse_args()
    found = entry(args.tables, args.rounds, args.seed, args.seconds)
    if found is None:
        print(f"nothing found for {args.tables} tables, {args.rounds} rounds")
        return 1
    print(f"{args.tables} {args.rounds}: {found['before_index']} -> {found['index']} "
          f"({found['seconds']} s)")  # fmt: skip
    if args.store:
        stored = json.loads(PATH.read_text(encoding="utf-8"))
        stored["sizes"][f"{args.tables} {args.rounds}"] = found
        PATH.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
