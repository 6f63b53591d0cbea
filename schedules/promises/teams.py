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
from itertools import combinations

from schedules.findings import Finding, Law
from schedules.promises import promise
from schedules.types import Direction, Label, Movement, TrayNo

_Plays = dict[tuple[TrayNo, Label], list[tuple[Direction, Label]]]


def _team_plays(movement: Movement) -> _Plays:
    """Per tray and team: the hands each of the team's pairs held, and against which team."""
    plays: _Plays = defaultdict(list)
    team_of = _team_index(movement)
    for s in movement.seatings:
        ns, ew = (team_of.get(p) for p in s.places)
        for tray in s.trays:
            for pair, team, other in ((s.ns, ns, ew), (s.ew, ew, ns)):
                if team is not None:
                    plays[(tray, team)].append((s.hands_of(pair), other or ""))
    return plays


def _team_index(movement: Movement) -> dict[Label, Label]:
    """Pair -> its team."""
    return {p: team for team, pairs in movement.teams.items() for p in pairs}


def _apart(movement: Movement) -> list[Finding]:
    findings = []
    team_of = _team_index(movement)
    for s in movement.seatings:
        ns, ew = (team_of.get(p) for p in s.places)
        if ns is not None and ns == ew:
            findings.append(
                Finding(
                    Law.TEAM_MEETS_ITSELF,
                    s.round,
                    s.table,
                    s.places,
                    f"pairs {s.ns} and {s.ew} of team {ns} meet at one table",
                )
            )
    return findings


def _opposite(movement: Movement, team_plays: _Plays) -> list[Finding]:
    findings = []
    for (tray, team), plays in sorted(team_plays.items()):
        hands = [h for h, _ in plays]
        # Mnemonic play doubles every play; each side must still be held equally often. A
        # team with an odd pair holds one side once more: "as near as possible" (1894 code).
        if abs(hands.count(Direction.NS) - hands.count(Direction.EW)) > len(hands) % 2:
            findings.append(
                Finding(
                    Law.TEAM_SAME_HANDS,
                    None,
                    None,
                    movement.teams.get(team, ()),
                    f"team {team} holds {' and '.join(h.label for h in hands)} of tray {tray}",
                )
            )
    return findings


def complete_matches(
    movement: Movement, team_plays: _Plays | None = None
) -> dict[tuple[Label, Label], int]:
    """Per two teams, the trays on which they play a complete match."""
    if team_plays is None:
        team_plays = _team_plays(movement)
    order = {team: i for i, team in enumerate(movement.teams)}
    counts = dict.fromkeys(combinations(movement.teams, 2), 0)
    for (_, x), held in team_plays.items():
        both = {y for h, y in held if h is Direction.NS and (Direction.EW, y) in held}
        for y in both:
            if y in order and order[x] < order[y]:
                counts[(x, y)] += 1
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
    plays = _team_plays(movement)
    return _apart(movement) + _opposite(movement, plays) + _pairing(movement, plays)
