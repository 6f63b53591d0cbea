"""Promises of individual movements beyond the plain whist tournament.

- "individual-partial": a whist drive or a part of a whist tournament (fewer rounds, or
  phantoms whose tables do not play): every two players partners at most once and opponents at
  most twice (doubled under mnemonic play).
- "individual-twh": a triplewhist tournament TWh(v): a Wh(v) in which, of the two games where
  two players oppose, they sit at adjacent seats of the first kind (North-East or South-West)
  once and of the second kind (East-South or West-North) once
  (docs/movement-rules.md#whist-tournaments).
- "individual-bwh": a balanced whist tournament BWh(v) (Finizio & Mosconi 2010): a Wh(v) in
  which every two players sit in the same direction (both North-South or both East-West) in
  exactly one round fewer than in opposite directions. The paper's definition was not
  available to us; this is our reading, chosen because it gives the paper's two
  equivalences: bordering the players' +1/-1 direction rows (0 when sitting out) with a
  column of ones gives a Hadamard matrix of order v = 4n, and with a row and column as a
  conference matrix does, a conference matrix of order v + 1 when v = 4n + 1. So no BWh(21)
  (21 is not a sum of two squares, Belevitch); BWh(12) is refused by the paper's own search.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from schedules.findings import Finding, Law
from schedules.promises import promise
from schedules.promises.individuals import check_whist_tournament
from schedules.tally import PairKey, all_pairs, opponent_counts, pair_key, partner_counts
from schedules.types import Direction, Label, Movement, RoundNo, Seat

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


def _whist_and(
    movement: Movement, law: Law, problem: Callable[[PairKey, int], str | None]
) -> list[Finding]:
    """The whist tournament findings, then one under `law` per pair `problem` describes
    (it gets the pair and the times each meeting is due: 2 under mnemonic play, else 1)."""
    findings = check_whist_tournament(movement)
    times = 2 if movement.mnemonic else 1
    for key in all_pairs(movement.field):
        detail = problem(key, times)
        if detail is not None:
            findings.append(Finding(law, None, None, key, detail))
    return findings


@promise(
    "individual-twh",
    "a triplewhist tournament: a whist tournament in which every two opponents sit once "
    "North-East or South-West and once East-South or West-North",
)
def check_triplewhist(movement: Movement) -> list[Finding]:
    """TWh(v): the whist tournament findings, then one per pair whose kinds are unbalanced."""
    first, second = kind_counts(movement)

    def problem(key: PairKey, times: int) -> str | None:
        if first[key] == times and second[key] == times:
            return None
        a, b = key
        return (
            f"{a} and {b} oppose {first[key]} times North-East/South-West and "
            f"{second[key]} times East-South/West-North (triplewhist needs {times} each)"
        )

    return _whist_and(movement, Law.OPPONENTS_WRONG, problem)


def direction_meetings(movement: Movement) -> tuple[Counter[PairKey], Counter[PairKey]]:
    """Per two players: the rounds they hold the same hands (N-S or E-W), and opposite ones."""
    direction: dict[tuple[RoundNo, Label], Direction] = {}
    for s in movement.seatings:
        # The hands held, so an arrow switch counts; a split round keeps the first.
        for who, hands in zip(s.places, s.hands_in_place_order(), strict=True):
            direction.setdefault((s.round, who), hands)
    by_round: dict[RoundNo, list[tuple[Label, Direction]]] = {}
    for (rnd, who), d in direction.items():
        by_round.setdefault(rnd, []).append((who, d))
    same: Counter[PairKey] = Counter()
    opposite: Counter[PairKey] = Counter()
    for seated in by_round.values():
        for i, (a, x) in enumerate(seated):
            for b, y in seated[i + 1 :]:
                (same if x is y else opposite)[pair_key(a, b)] += 1
    return same, opposite


@promise(
    "individual-bwh",
    "a balanced whist tournament: a whist tournament in which every two players sit in the "
    "same direction one round fewer than in opposite directions",
)
def check_balanced_whist(movement: Movement) -> list[Finding]:
    """BWh(v): the whist tournament findings, then one per pair whose directions are off."""
    same, opposite = direction_meetings(movement)

    def problem(key: PairKey, times: int) -> str | None:
        if opposite[key] - same[key] == times:
            return None
        a, b = key
        return (
            f"{a} and {b} sit in the same direction in {same[key]} rounds and in opposite "
            f"directions in {opposite[key]} (balanced whist needs {times} more opposite)"
        )

    return _whist_and(movement, Law.DIRECTIONS_UNBALANCED, problem)
