"""Promises of the even-table Mitchell methods whose meetings differ from the plain Mitchell.

Every one also requires that pairs keep their side of the table. The plain `mitchell` and
`mitchell-odd` promises are in `schedules.promises.pairs`. Meetings are counted per pass:
under mnemonic play every meeting of the schedule happens twice, so "once" means twice and
"twice" four times (`schedules.promises.pairs.passes`).
"""

from __future__ import annotations

from collections import Counter

from schedules.findings import Finding, Law
from schedules.promises import promise
from schedules.promises.pairs import fixed_sides, meet_at_most, passes
from schedules.tally import PairKey, opponent_counts, pair_key, plays_by_competitor
from schedules.types import Direction, Label, Movement


def _every_tray(movement: Movement) -> list[Finding]:
    """Every pair that never sits out plays every tray in play."""
    played = Counter(who for who, _ in plays_by_competitor(movement))
    idle = {who for out in movement.sitouts.values() for who in out}
    return [
        Finding(
            Law.TRAY_NEVER_PLAYED,
            None,
            None,
            (who,),
            f"{who} plays {played[who]} of the {len(movement.trays)} trays, not all",
        )
        for who in movement.field
        if who not in idle and played[who] != len(movement.trays)
    ]


def _opposed(movement: Movement, side: dict[Label, Direction]) -> list[tuple[Label, Label]]:
    """Every (N-S pair, E-W pair) of the field."""
    ns = [p for p in movement.field if side.get(p) is Direction.NS]
    ew = [p for p in movement.field if side.get(p) is Direction.EW]
    return [(a, b) for a in ns for b in ew]


@promise(
    "mitchell-revenge",
    "the skip played T rounds: pairs keep their side and (unless they sit out) play every "
    "tray; each pair meets one opponent twice (the revenge round), misses one, and meets the "
    "rest once (with a pair missing: at most one of each)",
)
def check_revenge(movement: Movement) -> list[Finding]:
    """Per pair: exactly one opponent met twice, exactly one never met, the others once
    (per pass)."""
    once = passes(movement)
    side, findings = fixed_sides(movement)
    findings += meet_at_most(movement, 2 * once) + _every_tray(movement)
    counts = opponent_counts(movement)
    tally: dict[Label, Counter[int]] = {p: Counter() for p in movement.field}
    for a, b in _opposed(movement, side):
        n = counts[pair_key(a, b)]
        tally[a][n] += 1
        tally[b][n] += 1
        if 0 < n < 2 * once and n != once:
            findings.append(_meets(pair_key(a, b), n, f"once or twice in each of {once} passes"))
    # With a pair missing, its revenge partner and the pair that would miss it lose theirs.
    wanted = {0, 1} if movement.sitouts else {1}
    for who, seen in tally.items():
        if seen[2 * once] not in wanted or seen[0] not in wanted:
            findings.append(
                Finding(
                    Law.MEETS_TWICE,
                    None,
                    None,
                    (who,),
                    f"{who} meets {seen[2 * once]} opponent(s) {2 * once} times and misses "
                    f"{seen[0]}; the revenge round promises one of each",
                )
            )
    return findings


def _meets(key: PairKey, n: int, wanted: str) -> Finding:
    return Finding(
        Law.MEETS_TWICE, None, None, key, f"{key[0]} and {key[1]} meet {n} time(s), not {wanted}"
    )


@promise(
    "mitchell-stationary",
    "the 1st Method: pairs keep their side; the two pairs of the stationary table meet only "
    "each other; no other two pairs meet twice",
)
def check_stationary(movement: Movement) -> list[Finding]:
    """At most one couple of pairs meets more than once (per pass), and that couple meets
    nobody else."""
    once = passes(movement)
    _, findings = fixed_sides(movement)
    counts = opponent_counts(movement)
    repeated = [key for key, n in counts.items() if n > once]
    if len(repeated) > 1:
        findings += meet_at_most(movement, once)
    for still in repeated[:1]:
        others = [key for key in counts if key != still and set(key) & set(still)]
        for key in sorted(others):
            findings.append(
                Finding(
                    Law.MEETS_TWICE,
                    None,
                    None,
                    key,
                    f"{key[0]} and {key[1]} meet, but a stationary pair plays only its "
                    "table partner",
                )
            )
    return findings


def _zero_or_twice(counts: Counter[PairKey], once: int) -> list[Finding]:
    wanted = "twice" if once == 1 else f"twice in each of {once} passes"
    return [_meets(key, n, wanted) for key, n in sorted(counts.items()) if n not in (0, 2 * once)]


@promise(
    "mitchell-halves",
    "halves (T/2 odd): pairs keep their side and (unless they sit out) play every tray once; "
    "pairs who meet at all meet exactly twice",
)
def check_halves(movement: Movement) -> list[Finding]:
    """Every meeting happens exactly twice (per pass) and every pair plays every tray."""
    _, findings = fixed_sides(movement)
    counts = opponent_counts(movement)
    return findings + _every_tray(movement) + _zero_or_twice(counts, passes(movement))


@promise(
    "mitchell-twice",
    "pairs keep their side and no two pairs meet more than twice (a shortened halves)",
)
def check_twice(movement: Movement) -> list[Finding]:
    """Nobody meets anyone three times (per pass)."""
    _, findings = fixed_sides(movement)
    return findings + meet_at_most(movement, 2 * passes(movement))


def section_of(label: Label) -> str:
    """The section a pair label names ("A-NS3" -> "A"; "" without a section)."""
    head, dash, _ = label.partition("-")
    return head if dash else ""


@promise(
    "mitchell-sections",
    "two or more sections, each a complete Mitchell: pairs keep their side, every N-S pair "
    "meets every E-W pair of its own section once and nobody from another section",
)
def check_sections(movement: Movement) -> list[Finding]:
    """A complete Mitchell inside every section; no meeting across sections."""
    side, findings = fixed_sides(movement)
    findings += meet_at_most(movement, passes(movement))
    counts = opponent_counts(movement)
    for a, b in _opposed(movement, side):
        same = section_of(a) == section_of(b)
        met = counts[pair_key(a, b)] > 0
        if same and not met:
            findings.append(
                Finding(Law.NEVER_MEETS, None, None, pair_key(a, b), f"{a} never meets {b}")
            )
        elif met and not same:
            findings.append(
                Finding(
                    Law.MEETS_TWICE,
                    None,
                    None,
                    pair_key(a, b),
                    f"{a} and {b} are in different sections but meet",
                )
            )
    return findings
