"""Promises of individual movements beyond the plain whist tournament.

- "individual-partial": a whist drive or a part of a whist tournament (fewer rounds, or
  phantoms whose tables do not play): every two players partners at most once and opponents at
  most twice (doubled under mnemonic play).
- "individual-twh": a triplewhist tournament TWh(v): a Wh(v) in which, of the two games where
  two players oppose, they sit at adjacent seats of the first kind (North-East or South-West)
  once and of the second kind (East-South or West-North) once (movement-math.md section 1.4).
"""

from __future__ import annotations

from collections import Counter

from schedules.findings import Finding, Law
from schedules.promises import promise
from schedules.promises.individuals import check_whist_tournament
from schedules.tally import PairKey, all_pairs, opponent_counts, pair_key, partner_counts
from schedules.types import Movement, Seat

FIRST_KIND = ((Seat.N, Seat.E), (Seat.S, Seat.W))
SECOND_KIND = ((Seat.E, Seat.S), (Seat.W, Seat.N))


@promise(
    "individual-partial",
    "part of a whist tournament: every two players partners at most once, opponents at most twice",
)
def check_partial_whist(movement: Movement) -> list[Finding]:
    """Partners at most once and opponents at most twice (doubled under mnemonic play)."""
    times = 2 if movement.mnemonic else 1
    findings = []
    for law, counts, limit, role in (
        (Law.PARTNERS_WRONG, partner_counts(movement), times, "partners"),
        (Law.OPPONENTS_WRONG, opponent_counts(movement), 2 * times, "opponents"),
    ):
        for (a, b), n in sorted(counts.items()):
            if n > limit:
                findings.append(
                    Finding(
                        law,
                        None,
                        None,
                        (a, b),
                        f"{a} and {b} are {role} {n} times (at most {limit})",
                    )
                )
    return findings


def kind_counts(movement: Movement) -> tuple[Counter[PairKey], Counter[PairKey]]:
    """How often each two players oppose at seats of the first kind and of the second kind."""
    first: Counter[PairKey] = Counter()
    second: Counter[PairKey] = Counter()
    for s in movement.seatings:
        if not s.is_individual:
            continue
        for kinds, counts in ((FIRST_KIND, first), (SECOND_KIND, second)):
            for x, y in kinds:
                counts[pair_key(s.at(x), s.at(y))] += 1
    return first, second


@promise(
    "individual-twh",
    "a triplewhist tournament: a whist tournament in which every two opponents sit once "
    "North-East or South-West and once East-South or West-North",
)
def check_triplewhist(movement: Movement) -> list[Finding]:
    """TWh(v): the whist tournament findings, then one per pair whose kinds are unbalanced."""
    findings = check_whist_tournament(movement)
    times = 2 if movement.mnemonic else 1
    first, second = kind_counts(movement)
    for a, b in all_pairs(movement.field):
        key = (a, b)
        if first[key] != times or second[key] != times:
            findings.append(
                Finding(
                    Law.OPPONENTS_WRONG,
                    None,
                    None,
                    key,
                    f"{a} and {b} oppose {first[key]} times North-East/South-West and "
                    f"{second[key]} times East-South/West-North (triplewhist needs {times} each)",
                )
            )
    return findings
