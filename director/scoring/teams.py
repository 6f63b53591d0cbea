"""Teams of four and more (W6-W8): the two-team match, several teams against the average
(aggregate), and Foster's round robin of matches won.

Team tricks are the final tricks of its pairs: revokes with the transfer and ceiling applied
directly (W14.3), never the pair-match record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from director.scoring.model import DealScore, TeamMethod, TeamStanding, Winner
from director.scoring.standings import places
from schedules.types import Direction, Label

MATCH_POINTS: dict[int, Fraction] = {
    # Foster p.111 (W7b): a match won counts one; "a match with equal tricks ... each team
    # counts half a match won"; a match lost counts nothing. Keyed by the sign of the margin.
    1: Fraction(1),
    0: Fraction(1, 2),
    -1: Fraction(0),
}


def team_standings(
    deals: Sequence[DealScore], teams: Mapping[Label, Sequence[Label]], method: TeamMethod
) -> tuple[TeamStanding, ...]:
    """Every team's tricks, margin and place. Two teams: the margin is the excess over half the
    total (W6). More: aggregate against the average team (W7a) or matches won (W7b)."""
    team_of = {pair: team for team, pairs in teams.items() for pair in pairs}
    aggregate = {team: Fraction(0) for team in teams}
    meetings: dict[tuple[Label, Label], Fraction] = {}
    per_pair: dict[Label, list[Fraction]] = {}
    directions: dict[Label, Direction] = {}
    for deal in deals:
        for t in deal.tables:
            sides = ((t.ns, t.final_ns, Direction.NS), (t.ew, t.final_ew, Direction.EW))
            for who, tricks, hands in sides:
                for pair in who:
                    if pair in team_of:
                        aggregate[team_of[pair]] += tricks
                        per_pair.setdefault(pair, []).append(tricks)
                        directions[pair] = hands
            a, b = (team_of.get(t.ns[0]), team_of.get(t.ew[0]))
            if a and b and a != b:
                # A's gain in the match between a and b: half the difference (W6).
                meetings[(a, b)] = meetings.get((a, b), Fraction(0)) + (t.final_ns - t.final_ew) / 2
    _balance_odd_pairs(aggregate, teams, per_pair, directions)
    if len(teams) <= 2 or method is TeamMethod.AGGREGATE:
        mean = sum(aggregate.values(), Fraction(0)) / max(len(aggregate), 1)
        rows: Sequence[tuple[Label, Fraction, Fraction, Fraction | None]] = sorted(
            ((team, aggregate[team], aggregate[team] - mean, None) for team in teams),
            key=lambda row: -row[2],
        )
    else:
        rows = _round_robin(aggregate, meetings, teams)
    key = [(row[3], row[2]) for row in rows]
    return tuple(
        TeamStanding(team, place, tricks, margin, won)
        for (team, tricks, margin, won), place in zip(rows, places(key), strict=True)
    )


def _round_robin(
    aggregate: Mapping[Label, Fraction],
    meetings: Mapping[tuple[Label, Label], Fraction],
    teams: Mapping[Label, Sequence[Label]],
) -> list[tuple[Label, Fraction, Fraction, Fraction]]:
    """W7b: matches won (ties half), ties in matches broken by net tricks over all matches."""
    margin: dict[tuple[Label, Label], Fraction] = {}
    for (a, b), gain in meetings.items():
        margin[(a, b)] = margin.get((a, b), Fraction(0)) + gain
        margin[(b, a)] = margin.get((b, a), Fraction(0)) - gain
    rows = []
    for team in teams:
        mine = [m for (a, _), m in margin.items() if a == team]
        won = sum((MATCH_POINTS[(m > 0) - (m < 0)] for m in mine), Fraction(0))
        rows.append((team, aggregate[team], sum(mine, Fraction(0)), won))
    rows.sort(key=lambda row: (-row[3], -row[2]))
    return rows


def _balance_odd_pairs(
    aggregate: dict[Label, Fraction],
    teams: Mapping[Label, Sequence[Label]],
    per_pair: Mapping[Label, list[Fraction]],
    directions: Mapping[Label, Direction],
) -> None:
    """W8 (1894 code): a team with an odd pair adds, as though won by it, the average score of
    all the pairs seated in the positions opposite to its odd pair."""
    for team, pairs in teams.items():
        count = {d: sum(1 for p in pairs if directions.get(p) is d) for d in Direction}
        if count[Direction.NS] == count[Direction.EW]:
            continue
        short = Direction.NS if count[Direction.NS] < count[Direction.EW] else Direction.EW
        opposite = [sum(v, Fraction(0)) for p, v in per_pair.items() if directions.get(p) is short]
        if opposite:
            extra = abs(count[Direction.NS] - count[Direction.EW])
            aggregate[team] += extra * sum(opposite, Fraction(0)) / len(opposite)


def team_winner(rows: Sequence[TeamStanding]) -> Winner:
    """The winning team (several when tied): by matches won when counted, else by margin."""
    best = [r for r in rows if r.place.rstrip("=") == "1"]
    figure = best[0].matches_won if best[0].matches_won is not None else best[0].margin
    return Winner("team", tuple(r.team for r in best), figure)
