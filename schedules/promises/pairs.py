"""Promises of pair movements: Howell (complete or partial) and Mitchell."""

from __future__ import annotations

from schedules.findings import Finding, Law
from schedules.promises import promise
from schedules.tally import all_pairs, opponent_counts, pair_key
from schedules.types import Direction, Label, Movement


@promise("any", "only the universal rules: seats, trays, relays and sit-outs consistent")
def check_any(movement: Movement) -> list[Finding]:
    """Nothing beyond the universal rules."""
    return []


def meet_at_most(movement: Movement, limit: int) -> list[Finding]:
    """A finding for every two competitors who meet more than `limit` times."""
    findings = []
    for (a, b), n in sorted(opponent_counts(movement).items()):
        if n > limit:
            findings.append(
                Finding(
                    Law.MEETS_TWICE,
                    None,
                    None,
                    (a, b),
                    f"{a} and {b} meet {n} times (at most {limit} allowed)",
                )
            )
    return findings


def _meet_everyone(movement: Movement, pairs: list[tuple[Label, Label]]) -> list[Finding]:
    counts = opponent_counts(movement)
    return [
        Finding(Law.NEVER_MEETS, None, None, (a, b), f"{a} and {b} never meet")
        for a, b in pairs
        if counts[(a, b)] == 0
    ]


def passes(movement: Movement) -> int:
    """How many times the schedule is played through: 2 under mnemonic play, which repeats
    every meeting in its second pass (docs/movement-rules.md#mnemonic-duplicate), else 1.
    A promise about meetings counts them per pass: "once" means `passes` times."""
    return 2 if movement.mnemonic else 1


@promise("howell", "a partial Howell: nobody meets anyone twice, nobody plays a tray twice")
def check_howell(movement: Movement) -> list[Finding]:
    """No two pairs meet twice."""
    return meet_at_most(movement, passes(movement))


@promise("howell-complete", "a complete Howell: every two pairs meet exactly once")
def check_howell_complete(movement: Movement) -> list[Finding]:
    """Every two pairs meet, and none twice."""
    return check_howell(movement) + _meet_everyone(movement, all_pairs(movement.field))


def fixed_sides(movement: Movement) -> tuple[dict[Label, Direction], list[Finding]]:
    """Each pair's side in its first seating, and every seating where it sits elsewhere."""
    side: dict[Label, Direction] = {}
    findings = []
    for s in sorted(movement.seatings, key=lambda s: (s.round, s.table)):
        for who in s.places:
            d = s.direction_of(who)
            first = side.setdefault(who, d)
            if d is not first:
                findings.append(
                    Finding(
                        Law.DIRECTION_CHANGED,
                        s.round,
                        s.table,
                        (who,),
                        f"{who} sits {d.label} after starting {first.label}",
                    )
                )
    return side, findings


@promise(
    "mitchell", "a Mitchell: pairs keep their side; each N-S pair meets each E-W pair at most once"
)
def check_mitchell(movement: Movement) -> list[Finding]:
    """Pairs keep their direction and no two meet twice."""
    _, findings = fixed_sides(movement)
    return findings + meet_at_most(movement, passes(movement))


@promise(
    "mitchell-odd", "a complete Mitchell: as `mitchell`, and every N-S pair meets every E-W pair"
)
def check_mitchell_odd(movement: Movement) -> list[Finding]:
    """A Mitchell in which every N-S pair meets every E-W pair."""
    side, findings = fixed_sides(movement)
    findings += meet_at_most(movement, passes(movement))
    ns = [p for p in movement.field if side.get(p) is Direction.NS]
    ew = [p for p in movement.field if side.get(p) is Direction.EW]
    counts = opponent_counts(movement)
    for a in ns:
        for b in ew:
            key = pair_key(a, b)
            if counts[key] == 0:
                findings.append(Finding(Law.NEVER_MEETS, None, None, key, f"{a} never meets {b}"))
    return findings
