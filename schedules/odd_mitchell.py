"""An odd field on an arrow-switched Mitchell of one pair more, one place left empty
(docs/movements.md#odd-fields).

In a small field with few rounds, a Mitchell whose rounds (or halves of rounds, at one table)
are arrow-switched so that one ranking covers every pair (schedules.arrow_switch) can compare
the pairs more evenly than any Howell of that length with a place left empty: 7 pairs in 4
rounds reach the 8-pair Howell's balance. The pairs are numbered as a Howell's are (N-S pairs
1..T by table, E-W pairs T+1..2T), so that the odd field's place is left empty as for the
Howell family's other movements (`odd_field.best_without`).
"""

from __future__ import annotations

from dataclasses import replace

from schedules import odd_field
from schedules.arrow_switch import apply_switches, best_switches
from schedules.findings import ImpossibleMovementError
from schedules.mitchell import pair_mitchell
from schedules.types import Label, Movement, Seating

VARIANTS = (None, "relay")
"""The Mitchells tried: the plain one (regular or skip, by the tables) and the relay Mitchell,
whose shared trays give each pair more sets in common."""

SWITCHED_UP_TO = 11
"""The largest odd field tried: from 13 pairs up the Howells with a place left empty (and the
search) balance better, and weighing every half round costs a larger field's build a third of
a second or more."""


def candidates(pairs: int, rounds: int, trays_per_round: int) -> list[Movement]:
    """The arrow-switched Mitchells of `pairs + 1` pairs in `rounds` rounds, each with the
    place left empty whose absence balances best (none where no Mitchell is that long, or
    beyond `SWITCHED_UP_TO` pairs)."""
    found: list[Movement] = []
    if pairs > SWITCHED_UP_TO:
        return found
    for variant in VARIANTS:
        try:
            mitchell = pair_mitchell((pairs + 1) // 2, variant, trays_per_round, rounds)
            plan = best_switches(mitchell)
        except ImpossibleMovementError:  # no such Mitchell, or one round: nothing to switch
            continue
        odd = odd_field.best_without(_numbered(apply_switches(mitchell, plan)))
        if odd is None:
            continue
        if odd.tables < mitchell.tables:
            # the Mitchell's notes name tables that have closed up: the grid says it all
            odd = replace(odd, notes=odd.notes[:1])
        found.append(odd)
    return found


def _numbered(mitchell: Movement) -> Movement:
    """The Mitchell as a Howell-family movement: its pairs numbered 1..2T, one winner."""
    tables = mitchell.tables
    names: dict[Label, Label] = {
        p: str(int(p[2:]) + (0 if p.startswith("NS") else tables)) for p in mitchell.field
    }
    seatings = tuple(
        Seating.pair(s.round, s.table, s.trays, names[s.ns], names[s.ew], switched=s.switched)
        for s in mitchell.seatings
    )
    lead = (
        "Arrow-switched Mitchell: the pairs who start North-South stay at their tables, the "
        "others move; where a round is switched the pairs play the other side's hands, so one "
        "ranking covers every pair (the grid marks each switched play)."
    )
    return replace(
        mitchell,
        family="howell",
        promise="howell",
        seatings=seatings,
        field=tuple(sorted(names.values(), key=int)),
        winners=("overall",),
        variant="arrow-switched Mitchell",
        notes=(lead, *mitchell.notes),
    )
