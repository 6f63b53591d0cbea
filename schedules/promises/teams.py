"""Promises of team movements: a team's pairs apart and opposite, and the team schedule's
pairing (every two teams play complete matches on equally many trays). A team with an odd
number of pairs seats them "half N/S and half E/W, or as near as possible" (1894 code), so it
holds one side of a tray once more than the other.

A *complete match* between teams x and y on a tray: a pair of x and a pair of y meet on it at
one table, and the other pair of x and the other pair of y meet on it at another table, each
team holding the N-S hands at one table and the E-W hands at the other.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from itertools import combinations
from operator import itemgetter

from schedules.findings import Finding, Law
from schedules.promises import promise
from schedules.tally import tray_blocks
from schedules.types import Direction, Label, Movement, Seating

_Plays = dict[tuple[int, Label], list[tuple[Direction, Label]]]
"""Per block of trays played together (schedules.tally.tray_blocks) and team: the hands each of
the team's pairs held, and against which team."""
_HANDS = itemgetter(0)
"""The hands of one such play."""


def _team_plays(movement: Movement) -> tuple[_Plays, list[tuple[Seating, Label]]]:
    """Per block of trays and team: the hands each of the team's pairs held, and against
    which team (a team match's trays travel as one block: one look for all of them); and
    every seating where a team meets itself, with the team."""
    plays: _Plays = defaultdict(list)
    itself: list[tuple[Seating, Label]] = []
    team_of = _team_index(movement).get
    ns_ew, ew_ns = (Direction.NS, Direction.EW), (Direction.EW, Direction.NS)
    for s, blocks in zip(movement.seatings, tray_blocks(movement).of_seating, strict=True):
        ns, ew = s.places
        # `Seating.hands_in_place_order` of two pairs, without two calls a seating
        ns_hands, ew_hands = ew_ns if s.switched else ns_ew
        if ns == ew:  # a pair seated twice (malformed) holds the hands of its first place
            ew_hands = ns_hands
        ns_team, ew_team = team_of(ns), team_of(ew)
        if ns_team is not None and ns_team == ew_team:
            itself.append((s, ns_team))
        # one tuple per seating, shared by its blocks of trays
        sides = ((ns_team, (ns_hands, ew_team or "")), (ew_team, (ew_hands, ns_team or "")))
        for team, held in sides:
            if team is not None:
                for b in blocks:
                    plays[(b, team)].append(held)
    return plays, itself


def _team_index(movement: Movement) -> dict[Label, Label]:
    """Pair -> its team."""
    return {p: team for team, pairs in movement.teams.items() for p in pairs}


def _apart(itself: list[tuple[Seating, Label]]) -> list[Finding]:
    return [
        Finding(
            Law.TEAM_MEETS_ITSELF,
            s.round,
            s.table,
            s.places,
            f"pairs {s.ns} and {s.ew} of team {team} meet at one table",
        )
        for s, team in itself
    ]


def _opposite(movement: Movement, team_plays: _Plays) -> list[Finding]:
    blocks = tray_blocks(movement)
    wrong = []
    north_south = Direction.NS
    for (b, team), plays in team_plays.items():
        if len(plays) == 2 and plays[0][0] is not plays[1][0]:
            # a team's two pairs in a match, one on each side: told without counting (20,000
            # blocks and teams for 58 teams)
            continue
        ns = list(map(_HANDS, plays)).count(north_south)
        # Mnemonic play doubles every play; each side must still be held equally often. A
        # team with an odd pair holds one side once more: "as near as possible" (1894 code).
        if abs(2 * ns - len(plays)) > len(plays) % 2:
            wrong += [(tray, team, plays) for tray in blocks.trays[b]]
    # only the trays at fault are sorted: sorting every (tray, team) costs more than the check
    return [
        Finding(
            Law.TEAM_SAME_HANDS,
            None,
            None,
            movement.teams.get(team, ()),
            f"team {team} holds {' and '.join(h.label for h, _ in plays)} of tray {tray}",
        )
        for tray, team, plays in sorted(wrong, key=lambda fault: fault[:2])
    ]


def complete_matches(
    movement: Movement, team_plays: _Plays | None = None
) -> dict[tuple[Label, Label], int]:
    """Per two teams, the trays on which they play a complete match."""
    if team_plays is None:
        team_plays = _team_plays(movement)[0]
    trays = tray_blocks(movement).trays
    order = {team: i for i, team in enumerate(movement.teams)}
    counts = dict.fromkeys(combinations(movement.teams, 2), 0)
    ns, ew = Direction.NS, Direction.EW  # looked up once: this loop runs once a block and team
    for (b, x), held in team_plays.items():
        if len(held) == 2:
            # a team's two pairs in a match: one team against them, on both sides, or none
            (hands, y), (other, z) = held
            against: Iterable[Label] = (y,) if y == z and hands is not other else ()
        else:
            against = {y for h, y in held if h is ns and (ew, y) in held}
        for y in against:
            if y in order and order[x] < order[y]:
                counts[(x, y)] += len(trays[b])
    return counts


def _pairing(movement: Movement, team_plays: _Plays) -> list[Finding]:
    counts = complete_matches(movement, team_plays)
    if not counts:
        return []
    most = max(counts.values())
    return [
        Finding(
            Law.TEAM_PAIRING_WRONG,
            None,
            None,
            (x, y),
            f"teams {x} and {y} play a complete match on {n} trays (others on {most})",
        )
        for (x, y), n in counts.items()
        if n != most or n == 0
    ]


@promise(
    "team",
    "teams: a team's pairs never at one table and holding opposite hands of every tray "
    "(one side once more for a team with an odd pair); "
    "every two teams play a complete match on equally many trays",
)
def check_team(movement: Movement) -> list[Finding]:
    """Every team property."""
    plays, itself = _team_plays(movement)
    return _apart(itself) + _opposite(movement, plays) + _pairing(movement, plays)
