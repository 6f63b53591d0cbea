"""Whist tournaments with a hole: a first round over G beside fixed players, and a subgroup H
of order 4 whose cosets play among themselves.

- v = 1 (mod 4), one fixed player, infinity (numbered |G|), H = {0, t, 2t, 3t} with t of
  order 4. The |G| developed rounds seat infinity and everyone but g, who sits out round g.
  One more round seats every coset c + H as (c, c + t, c + 2t, c + 3t) while infinity sits
  out: every pair {x, x + 2t} partners there, and every pair {x, x + t} opposes there once.
- v = 0 (mod 4), four fixed players (|G| .. |G| + 3), H a subgroup of order 4 holding every
  element of order 2 ({0, e1, e2, e3} with 2e = 0, or {0, t, 2t, 3t}). After
  the |G| developed rounds come three hole rounds in which the fixed players, and every coset
  c + H, play a Wh(4): within a coset, or among the fixed players, everyone meets everyone.

Everything else the first round must do: its differences cover each element outside H once as
partners and twice as opponents, and, for v = 1, t and -t once more as opponents and 2t not at
all; fixed players sit at different games. `holed_defects` counts how far a first round is
from that. The form lets a search impose a multiplier (an automorphism of G fixing H and the
fixed players' games) and so look at a much smaller space: tools/multiplier_search.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from schedules.designs.whist import (
    FirstRound,
    Game,
    Group,
    as_game,
    develop_games,
    difference_counts,
    group,
)

HOLE_SEATS = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2))
"""A Wh(4) on four labels (the seat order of each round): partners once, opponents twice."""


@dataclass(frozen=True)
class HoledStarter(FirstRound):
    """The first round of a whist tournament with a hole H over G."""

    hole: tuple[int, int, int, int]
    """H in the seat order of its first round: (0, t, 2t, 3t), or (0, e1, e2, e3)."""
    points: int
    """Fixed players: 1 (v = 1 mod 4) or 4 (v = 0 mod 4)."""
    origin: str
    """How it was found, for the director's notes."""

    @property
    def players(self) -> int:
        """v: |G| plus the fixed players."""
        return self.order + self.points

    @property
    def hole_seats(self) -> tuple[tuple[int, int, int, int], ...]:
        """The seat order of each hole round."""
        return _hole_seats(self.points)


def _hole_seats(points: int) -> tuple[tuple[int, int, int, int], ...]:
    """One hole round with one fixed player, three (a Wh(4)) with four."""
    return HOLE_SEATS[:1] if points == 1 else HOLE_SEATS


def hole_counts(g: Group, hole: Sequence[int], points: int) -> tuple[list[int], list[int]]:
    """`difference_counts` of the hole rounds' pattern games on H. Each coset plays the same
    pattern, so a pair {x, x + d} meets there once for every four ordered pairs (a, b) of H
    with a - b = d that the pattern seats together: the counts are four times the meetings."""
    pattern = [as_game(hole[s] for s in seats) for seats in _hole_seats(points)]
    return difference_counts(g, pattern)


def hole_rounds(starter: HoledStarter) -> list[list[Game]]:
    """The rounds in which every coset of H (and the fixed players, when four) play apart."""
    g = group(starter.moduli)
    cosets = _cosets(g, starter.hole)
    rounds = []
    for seats in starter.hole_seats:
        games: list[Game] = []
        if starter.points == 4:
            games.append(as_game(g.order + s for s in seats))
        games.extend(as_game(coset[s] for s in seats) for coset in cosets)
        rounds.append(games)
    return rounds


def develop_holed(starter: HoledStarter) -> list[list[Game]]:
    """Every round: the first round plus each element of G, then the hole rounds."""
    return develop_games(starter.moduli, starter.games) + hole_rounds(starter)


def holed_defects(starter: HoledStarter) -> int:
    """0 exactly when the starter develops into a Wh(v); otherwise a positive count of what
    is missing or doubled (seats, fixed players sharing a game, differences)."""
    g = group(starter.moduli)
    if not _is_hole(g, starter.hole, starter.points):
        return 1
    fixed = set(range(g.order, g.order + starter.points))
    seated = sorted(x for game in starter.games for x in game)
    expected = sorted((set(range(g.order)) - ({0} if starter.points == 1 else set())) | fixed)
    misplaced = 0 if seated == expected else 1 + abs(len(seated) - len(expected))
    crowded = sum(max(0, len(fixed.intersection(game)) - 1) for game in starter.games)
    partners, opponents = difference_counts(g, starter.games)
    hole_partners, hole_opponents = hole_counts(g, starter.hole, starter.points)
    spread = sum(
        abs(4 * partners[d] + hole_partners[d] - 4) + abs(4 * opponents[d] + hole_opponents[d] - 8)
        for d in range(1, g.order)
    )
    return misplaced + crowded + spread


def _is_hole(g: Group, hole: Sequence[int], points: int) -> bool:
    """H = (0, t, 2t, 3t) with t of order 4 for one fixed player; for four, any subgroup of
    order 4 (the Wh(4) of the hole rounds seats its cosets in any order)."""
    if len(hole) != 4 or hole[0] != 0 or len(set(hole)) != 4 or points not in (1, 4):
        return False
    add = g.add_table
    if points == 1:
        t = hole[1]
        return hole[2] == add[t][t] and hole[3] == add[hole[2]][t] and add[hole[3]][t] == 0
    return all(add[a][b] in hole for a in hole for b in hole)


def _cosets(g: Group, hole: Sequence[int]) -> list[tuple[int, ...]]:
    """The cosets c + H, each in the order of `hole`, smallest c first."""
    seen: set[int] = set()
    cosets = []
    for c in range(g.order):
        if c not in seen:
            coset = tuple(g.add_table[c][h] for h in hole)
            seen.update(coset)
            cosets.append(coset)
    return cosets
