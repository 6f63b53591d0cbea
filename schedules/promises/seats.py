"""The promise of an individual game with four seat winners (schedules.seat_game).

Every player keeps one seat all evening, so everyone who held a seat held the same hands and the
best of each seat wins (as in the Mitchell for ladies and gentlemen,
docs/movement-rules.md#fosters-ladies-and-gentlemen). Every two players of different seats meet
equally often: partners across N-S and E-W, opponents otherwise.
"""

from __future__ import annotations

from itertools import combinations

from schedules.findings import Finding, Law
from schedules.promises import promise
from schedules.tally import opponent_counts, pair_key, partner_counts
from schedules.types import Label, Movement, Seat


def seats_held(movement: Movement) -> dict[Label, set[Seat]]:
    """Every seat each player sits in."""
    held: dict[Label, set[Seat]] = {}
    for s in movement.seatings:
        for seat, who in zip(Seat, s.places, strict=True):
            held.setdefault(who, set()).add(seat)
    return held


def _kept(held: dict[Label, set[Seat]]) -> list[Finding]:
    return [
        Finding(
            Law.DIRECTION_CHANGED,
            None,
            None,
            (who,),
            f"{who} sits {' and '.join(s.word for s in sorted(seats))}: a seat winner keeps "
            "one seat",
        )
        for who, seats in held.items()
        if len(seats) > 1
    ]


def _even_meetings(movement: Movement, held: dict[Label, set[Seat]]) -> list[Finding]:
    seat = {who: min(seats) for who, seats in held.items()}
    partners, opponents = partner_counts(movement), opponent_counts(movement)
    meetings = {}
    for a, b in combinations(sorted(seat), 2):
        if seat[a] == seat[b]:
            continue
        together = partners if seat[a].partner is seat[b] else opponents
        meetings[(a, b)] = (together[pair_key(a, b)], together is partners)
    most = max((n for n, _ in meetings.values()), default=0)
    return [
        Finding(
            Law.PARTNERS_WRONG if as_partners else Law.OPPONENTS_WRONG,
            None,
            None,
            (a, b),
            f"{a} and {b} are {'partners' if as_partners else 'opponents'} {n} times "
            f"(others of their seats {most})",
        )
        for (a, b), (n, as_partners) in meetings.items()
        if n != most
    ]


@promise(
    "individual-seats",
    "four seat winners: every player keeps one seat; every two players of different seats "
    "meet equally often (partners across N-S and E-W, opponents otherwise)",
)
def check_seats(movement: Movement) -> list[Finding]:
    """Seats kept, and meetings across seats even."""
    held = seats_held(movement)
    return _kept(held) + _even_meetings(movement, held)
