"""Search odd fields of pairs for balance far longer than a director can wait, and store the
better movements in schedules/data/howell/odd_fields.json, which `schedules.odd_stored` reads.

    .venv/bin/python tools/odd_field_search.py --pairs 5-25 --rounds 1-8 [--steps 500000]
        [--tries 2] [--seed 0] [--out FILE]
    .venv/bin/python tools/odd_field_search.py --pairs P --rounds R --start K --seed S
        --steps N --relay L        (one search again: what an entry's `command` says)

For each odd field of those sizes that the engine builds more than 2 points below the even
field one pair larger (from this file's entry where it has one), the engine's own balance
search (schedules.odd_search) runs from each of the engine's starts
(`schedules.howell.odd_starts`), `tries` times from seeds `seed`, `seed + 1`, ..., for `steps`
steps each, stopping at the even field's index: first with relays
of two tables as the engine's search has, then of up to three (three tables sharing a set of
two trays play copies of it, dealt alike). The best movement
found is stored, with the one search that found it as its command, where it balances better
than what the engine builds without it and than the entry it replaces; it is verified first.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Mapping
from itertools import product
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # run as tools/NAME.py: the `tools` package is not on the path
    sys.path.insert(0, str(ROOT))

from schedules import howell, odd_search, odd_stored  # noqa: E402
from schedules.arrow_switch import SwitchPlan, apply_switches  # noqa: E402
from schedules.balance import balance  # noqa: E402
from schedules.catalog import Request  # noqa: E402
from schedules.types import Movement  # noqa: E402
from schedules.verify import verify  # noqa: E402
from tools import odd_field_gaps  # noqa: E402

PATH = ROOT / "schedules" / "data" / "howell" / "odd_fields.json"
GAP = 2.0
"""Sizes searched: those the engine builds more than this many points below the even field."""
STEPS = 500_000
HALVES_HEAT = 0.5
"""How far (in index points) a switch of halves may lower the balance and still be kept, at
the start of `switch_halves`."""
RELAYS = (2, 3)
"""The most tables a search lets share a tray set in a round: two, as the engine's own search
does, then three."""


def request(pairs: int, rounds: int) -> Request:
    """The request a director makes for the best-balanced movement of this size."""
    return Request("howell", pairs=pairs, rounds=rounds, balance="best")


def engine_index(pairs: int, rounds: int) -> float | None:
    """The index of what the engine builds for this size without a stored entry (None where
    it builds nothing)."""
    # the stored entry left out of the (cached) table while the engine builds
    entry = odd_stored.stored_sizes().pop(f"{pairs} {rounds}", None)
    try:
        return odd_field_gaps.index(pairs, rounds)
    finally:
        if entry is not None:
            odd_stored.stored_sizes()[f"{pairs} {rounds}"] = entry


def one_search(
    pairs: int, rounds: int, start: int, seed: int, steps: int, relay: int
) -> float | None:
    """The index one search from the engine's start number `start` for this size reaches."""
    starts, target = howell.odd_starts(request(pairs, rounds))
    found = odd_search.search_from(starts[start], target, seed, steps, relay)
    return None if found is None else found[0]


def search(
    pairs: int, rounds: int, before: float, steps: int, tries: int, seed: int
) -> odd_stored.Entry | None:
    """Every search of one size that the engine builds at index `before`, said as it ends;
    the best as an entry, where it betters the engine."""
    began = time.process_time()
    starts, target = howell.odd_starts(request(pairs, rounds))
    best: tuple[float, Movement, str] | None = None
    for relay, (start, movement), s in product(RELAYS, enumerate(starts), range(tries)):
        found = odd_search.search_from(movement, target, seed + s, steps, relay)
        if found is not None and (best is None or found[0] > best[0] + 1e-9):
            command = (
                f"tools/odd_field_search.py --pairs {pairs} --rounds {rounds} --start {start} "
                f"--seed {seed + s} --steps {steps} --relay {relay}"
            )
            best = (found[0], found[1], command)
        if best is not None and best[0] >= target - 1e-9:
            break
    _say(f"{pairs} pairs, {rounds} rounds", target, before, best and best[0], began)
    if best is None or best[0] <= before + 1e-9:
        return None
    index, movement, command = best
    assert verify(movement, "howell") == [], command
    entry = to_entry(movement, index, before, command)
    # what the engine will build from the entry is what the search found
    per_round = len(movement.seatings[0].trays)
    assert odd_stored.movement_of(entry, per_round) == movement, command
    return entry


def wholes(pairs: int, rounds: int) -> list[Movement]:
    """Movements of whole tray sets for this size to switch halves in: the stored entry's
    seating without its halves, and the engine's own search from each of its starts."""
    starts, target = howell.odd_starts(request(pairs, rounds))
    found = [odd_search.improve(start, target) for start in starts]
    entry = odd_stored.stored_sizes().get(f"{pairs} {rounds}")
    if entry is not None:
        whole = entry.copy()
        whole.pop("halves", None)
        found.insert(0, odd_stored.movement_of(whole, request(pairs, rounds).trays_for(rounds)))
    return [m for m in found if odd_search.searchable(m)]


def switch_halves(
    movement: Movement, target: float, seed: int, steps: int
) -> tuple[float, frozenset[tuple[int, int]]] | None:
    """Which tables' second halves of trays to arrow-switch in `movement` (round, table), by
    annealing from `seed` for `steps` steps or until the index reaches `target`: the best
    index and places found, or None where no switch betters the whole sets."""
    places = sorted({(s.round, s.table) for s in movement.seatings if len(s.trays) >= 2})
    if not places:
        return None
    rng = random.Random(seed)
    chosen: set[tuple[int, int]] = set()
    current = balance(movement).index
    best: tuple[float, frozenset[tuple[int, int]]] | None = None
    for step in range(steps):
        place = places[rng.randrange(len(places))]
        chosen ^= {place}
        now = balance(apply_switches(movement, SwitchPlan(halves=frozenset(chosen)))).index
        heat = HALVES_HEAT * (1 - step / steps) + 0.01
        if now >= current or rng.random() < math.exp((now - current) / heat):
            current = now
            if best is None or now > best[0] + 1e-9:
                best = (now, frozenset(chosen))
                if now >= target - 1e-9:
                    break
        else:
            chosen ^= {place}
    return best if best is not None and best[1] else None


def search_halves(
    pairs: int, rounds: int, before: float, steps: int, seed: int
) -> odd_stored.Entry | None:
    """The best switching of halves in any of `wholes`, said as it ends; as an entry, where it
    betters the engine's `before`."""
    began = time.process_time()
    _, target = howell.odd_starts(request(pairs, rounds))
    best: tuple[float, Movement, frozenset[tuple[int, int]]] | None = None
    for whole in wholes(pairs, rounds):
        found = switch_halves(whole, target, seed, steps)
        if found is not None and (best is None or found[0] > best[0] + 1e-9):
            best = (found[0], whole, found[1])
        if best is not None and best[0] >= target - 1e-9:
            break
    _say(f"{pairs} pairs, {rounds} rounds, halves", target, before, best and best[0], began)
    if best is None or best[0] <= before + 1e-9:
        return None
    index, whole, halves = best
    command = (
        f"tools/odd_field_search.py --pairs {pairs} --rounds {rounds} --halves --seed {seed} "
        f"--steps {steps}"
    )
    entry = to_entry(whole, index, before, command)
    entry["halves"] = [list(place) for place in sorted(halves)]
    movement = odd_stored.movement_of(entry, len(whole.seatings[0].trays))
    assert verify(movement, "howell") == [], command
    assert abs(balance(movement).index - index) < 1e-9, command
    return entry


def _say(size: str, target: float, before: float, found: float | None, began: float) -> None:
    """One searched size's figures, as the search ends."""
    print(
        f"{size}: the even field {target:.2f}, the engine {before:.2f}, the search "
        f"{'nothing' if found is None else f'{found:.2f}'} "
        f"({time.process_time() - began:.0f} s)",
        flush=True,
    )


def to_entry(movement: Movement, index: float, before: float, command: str) -> odd_stored.Entry:
    """The stored form of a movement the search found."""
    rounds: list[list[list[int]]] = [[] for _ in range(movement.rounds)]
    per_round = len(movement.seatings[0].trays)
    for s in movement.seatings:
        tray_set = (s.trays[0] - 1) // per_round + 1
        rounds[s.round - 1].append([s.table, int(s.ns), int(s.ew), tray_set])
    return odd_stored.Entry(
        field=list(movement.field),
        tables=movement.tables,
        interwoven="interwoven" in movement.notes[0],
        rounds=rounds,
        before_index=round(before, 4),
        index=round(index, 4),
        command=command,
    )


def span(text: str) -> range:
    """The numbers "5-25" or "7" names."""
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def main() -> None:
    """Search the sizes asked for and store what betters the engine (or rerun one search)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=span, required=True)
    parser.add_argument("--rounds", type=span, required=True)
    parser.add_argument("--steps", type=int, default=STEPS)
    parser.add_argument("--tries", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--start", type=int, help="rerun one search from this start")
    parser.add_argument("--relay", type=int, default=2, help="with relays of this many tables")
    parser.add_argument("--out", type=Path, default=PATH, help="the file to store in")
    parser.add_argument(
        "--halves", action="store_true", help="switch halves of whole tray sets instead"
    )
    args = parser.parse_args()
    if args.start is not None:
        found = one_search(
            args.pairs[0], args.rounds[0], args.start, args.seed, args.steps, args.relay
        )
        print("no step made" if found is None else f"index {found:.4f}")
        return
    out = args.out
    sizes = json.loads(out.read_text(encoding="utf-8"))["sizes"] if out.exists() else {}
    for pairs in (p for p in args.pairs if p % 2):
        for rounds in args.rounds:
            even = odd_field_gaps.index(pairs + 1, rounds)
            now = odd_field_gaps.index(pairs, rounds)  # from a stored entry, if any
            if even is None or now is None or even - now <= GAP:
                continue
            before = engine_index(pairs, rounds)
            assert before is not None
            entry = (
                search_halves(pairs, rounds, before, args.steps, args.seed)
                if args.halves
                else search(pairs, rounds, before, args.steps, args.tries, args.seed)
            )
            if entry is not None and entry["index"] > now + 1e-9:
                sizes[f"{pairs} {rounds}"] = entry
                out.write_text(dumps(sizes), encoding="utf-8")


def dumps(sizes: Mapping[str, object]) -> str:
    """The file's text: a line per size in order, so that a search again changes its line."""
    ordered = sorted(sizes.items(), key=lambda item: tuple(map(int, item[0].split())))
    lines = [f"  {json.dumps(key)}: {json.dumps(entry)}" for key, entry in ordered]
    return '{"sizes": {\n' + ",\n".join(lines) + "\n}}\n"


if __name__ == "__main__":
    main()
