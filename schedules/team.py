"""Team movements (docs/movement-rules.md#team-movements): two teams of four, a round robin of
teams of four, Howell's and Gilman's systems, and club against club.

Teams are numbered from 1; a team's pairs are "TEAM.K" ("2.1" is pair 1 of team 2), and
`Movement.teams` maps each team to its pairs.

- Two teams of four (Foster, "Matches between two teams of four"): two tables, six sets, the
  partnerships of each team changing every second set; each team sits N-S at one table and E-W
  at the other, and the trays dealt at each table are exchanged. `league` plays only the 1st,
  3rd and 5th sets, "usual" in League matches.
- A round robin of an even number n of teams (Foster's scoring by matches won, p.111): n-1
  sets; each set pairs the teams off (the circle method), and each match is Foster's two-table
  match: x.1 N-S against y.2 at one table, y.1 N-S against x.2 at the other, trays exchanged.
- Howell's system, an odd number n of teams: team x's E-W pair stays at table x, its N-S pair
  sits at table x + s in set s, and the trays move (n-1)/2 tables West each set.
- Gilman's system ("American whist"): N-S pairs stay, E-W pairs move to "the next table but
  one", trays one table. Foster starts with each team at its own table for an individual score;
  that first set is a team meeting itself and is left out here.
- Club against club (Foster: "half of each club sits N&S, half E&W"): P pairs a side at P
  tables; with P odd each club has an odd pair, which the 1894 code balances in the scoring.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain
from operator import attrgetter

from schedules.catalog import Family, Request, Variant
from schedules.exchange import Exchange, dealt, exchange
from schedules.findings import ImpossibleMovementError
from schedules.types import Competitors, Label, Movement, Seating, Tray, default_dealer

# Foster's six sets for teams A B C D and W X Y Z: (table 1 N-S, E-W), (table 2 N-S, E-W).
_SIX_SETS = (
    (("AB", "WX"), ("YZ", "CD")),
    (("AB", "YZ"), ("WX", "CD")),
    (("AC", "WY"), ("XZ", "BD")),
    (("AC", "XZ"), ("WY", "BD")),
    (("AD", "XY"), ("WZ", "BC")),
    (("AD", "WZ"), ("XY", "BC")),
)
_PARTNERSHIPS = {
    "1": ("AB", "CD", "AC", "BD", "AD", "BC"),
    "2": ("WX", "YZ", "WY", "XZ", "XY", "WZ"),
}

SEED_RULE = (
    "The laws name team play only in their definition (f): duplicate whist "
    '"brings the play of teams, pairs or individuals into comparison". The schemes come from '
    "Foster's chapter on duplicate whist (docs/movement-rules.md#team-movements): two teams of "
    'four, "A B C D versus W X Y Z, 2 tables, 6 sets", where "except in League matches it is usual '
    "to play only the 1st, 3rd and 5th sets\"; Howell's system for an odd number of teams, "
    '"trays move (n-1)/2 tables, players one table, in opposite directions"; and Gilman\'s '
    '(American whist), "E&W move to the next table but one, N&S sit still", trays one table.'
)
LARGEST = 60
"""The most teams (or club tables) a team movement is built for: more than any room holds."""
EXCHANGE_NOTE = (
    "Each set: the two tables of a match both deal their trays, play them, and exchange them."
)
READING = (
    "Our reading: a team's pairs never sit at one table and hold opposite hands of every "
    "tray they play, so each tray is a complete match between two teams; every two teams play "
    "a complete match on the same number of trays (verified). An even number of teams, 4 or "
    "more, plays a round robin: each set the teams pair off and every match is Foster's "
    "two-table match (each team N-S at one table and E-W at the other, the two tables "
    "exchanging their trays); in n-1 sets every team meets every other once. An odd number "
    "uses Howell's or Gilman's system; Gilman's first set, each team at its own table, is "
    "left out (a team does not play itself). A team with an odd pair: --variant club "
    "--tables P matches two clubs of P pairs each, one pair of each club at every table; "
    "pairs sit still and the trays visit every table. With P odd each club seats one pair "
    "more on one side, and the scorer credits it, for its odd pair, the average score of the "
    "pairs seated opposite (1894 code). With --variant six-sets or league an even number of "
    "teams plays its round robin in Foster's sets: each match is the two-team match above, six "
    "sets (or the 1st, 3rd and 5th) with the partnerships changing."
)


def pair(team: int | str, k: int) -> Label:
    """Pair k of a team: "2.1"."""
    return f"{team}.{k}"


def _trays(rounds: int, groups: int, per: int, first: dict[int, tuple[int, int]]) -> list[Tray]:
    """Trays of `groups` tray groups of `per`, each first played where `first[group]` says."""
    trays = []
    for g in range(1, groups + 1):
        r, t = first[g]
        for i in range(per):
            no = (g - 1) * per + i + 1
            trays.append(Tray(no, default_dealer(no), r, t))
    return trays


def _group(g: int, per: int) -> tuple[int, ...]:
    return tuple(range((g - 1) * per + 1, g * per + 1))


def _teams_of_two(n: int) -> dict[Label, tuple[Label, ...]]:
    """Teams 1..n, each of pairs x.1 and x.2."""
    return {str(x): (pair(x, 1), pair(x, 2)) for x in range(1, n + 1)}


_TABLE, _ROUND, _SHARE = attrgetter("table"), attrgetter("round"), attrgetter("share")


def _seatings(exchanges: list[Exchange]) -> tuple[Seating, ...]:
    """Every seating of the exchanges, in order."""
    return tuple(chain.from_iterable(map(attrgetter("seatings"), exchanges)))


def _seated_teams(
    exchanges: list[Exchange], teams: Iterable[Label]
) -> tuple[list[Label], dict[Label, tuple[Label, ...]]]:
    """The pairs seated in the exchanges, in order, and each team's among them (pair x.k is
    team x's)."""
    seated = sorted(set(chain.from_iterable(map(attrgetter("places"), _seatings(exchanges)))))
    # one pass, not one per team: 58 teams seat 348 pairs
    members: dict[Label, list[Label]] = {team: [] for team in teams}
    for p in seated:
        team = members.get(p.partition(".")[0])
        if team is not None:
            team.append(p)
    return seated, {team: tuple(pairs) for team, pairs in members.items()}


def _team_movement(
    exchanges: list[Exchange],
    teams: dict[Label, tuple[Label, ...]],
    variant: str,
    notes: tuple[str, ...],
    attributes: dict[Label, str] | None = None,
) -> Movement:
    """A team movement whose every round is played in exchanges between two tables."""
    # mapped, not loops of ours: 10,000 exchanges for 58 teams in Foster's sets
    seatings = _seatings(exchanges)
    return Movement(
        family="team",
        competitors=Competitors.TEAMS,
        tables=max(map(_TABLE, seatings)),
        rounds=max(map(_ROUND, seatings)),
        trays=dealt(exchanges),
        seatings=seatings,
        field=tuple(chain.from_iterable(teams.values())),
        shared=tuple(map(_SHARE, exchanges)),
        promise="team",
        variant=variant,
        teams=teams,
        attributes=attributes or {},
        winners=("overall",),
        notes=notes,
    )


_POSITION = {"A": 1, "B": 2, "C": 3, "D": 4, "W": 1, "X": 2, "Y": 3, "Z": 4}
"""A player's place in a team of four: team 1 is A B C D, team 2 W X Y Z."""
_PARTNERSHIP_NUMBER = {(1, 2): 1, (3, 4): 2, (1, 3): 3, (2, 4): 4, (1, 4): 5, (2, 3): 6}
"""The six partnerships of a team of four, numbered the same whichever side the team takes."""


def _partnership(players: str) -> int:
    """The number of a partnership of a team of four: "AD" and "WZ" are 5 (1st and 4th)."""
    a, b = sorted(_POSITION[p] for p in players)
    return _PARTNERSHIP_NUMBER[(a, b)]


def _foster_sets(league: bool) -> list[tuple[tuple[str, str], tuple[str, str]]]:
    """Foster's sets of a match of two teams of four: all six, or the 1st, 3rd and 5th."""
    return [s for i, s in enumerate(_SIX_SETS) if not league or i % 2 == 0]


def two_teams(per: int, league: bool) -> Movement:
    """Foster's match of two teams of four: two tables, six sets (or the 1st, 3rd and 5th)."""
    sets = _foster_sets(league)
    label = {
        players: pair(team, k)
        for team, names in _PARTNERSHIPS.items()
        for k, players in enumerate(names, start=1)
    }
    exchanges = [
        exchange(r, (1, 2), ((label[a], label[b]), (label[c], label[d])), (2 * r - 1, 2 * r), per)
        for r, ((a, b), (c, d)) in enumerate(sets, start=1)
    ]
    used, teams = _seated_teams(exchanges, ("1", "2"))
    names = {label[players]: players for players in label}
    notes = (
        "Team 1 is A B C D, team 2 is W X Y Z; pairs: "
        + ", ".join(f"{p} = {names[p][0]}-{names[p][1]}" for p in used)
        + ".",
        EXCHANGE_NOTE,
    )
    return _team_movement(
        exchanges,
        teams,
        "league" if league else "six-sets",
        notes,
        {p: f"players {names[p][0]}-{names[p][1]}" for p in used},
    )


def circle_matches(n: int) -> list[list[tuple[int, int]]]:
    """A round robin of n teams (n even) in n-1 sets: the circle method, team n still and
    first in every set; each match (home, visitor)."""
    spin = n - 1
    sets = []
    for r in range(1, n):
        matches = [(n, r)]
        for i in range(1, n // 2):
            matches.append(((r + i - 1) % spin + 1, (r - i - 1) % spin + 1))
        sets.append(matches)
    return sets


def round_robin(n: int, per: int) -> Movement:
    """n teams of four (n even) in n-1 sets: each set every team plays a match against one
    other at two tables, the two tables exchanging their trays; every two teams meet once."""
    exchanges = []
    for r, matches in enumerate(circle_matches(n), start=1):
        for k, (x, y) in enumerate(matches):
            tables = (2 * k + 1, 2 * k + 2)
            places = ((pair(x, 1), pair(y, 2)), (pair(y, 1), pair(x, 2)))
            groups = ((r - 1) * n + tables[0], (r - 1) * n + tables[1])
            exchanges.append(exchange(r, tables, places, groups, per))
    teams = _teams_of_two(n)
    return _team_movement(
        exchanges,
        teams,
        "round-robin",
        (
            "Pair x.1 of each team sits N-S, pair x.2 E-W. Each set the teams play matches at "
            f"tables 1-2, 3-4, ...; team {n} stays at tables 1-2 and meets team s in set s.",
            EXCHANGE_NOTE,
        ),
    )


def round_robin_of_sets(n: int, per: int, league: bool) -> Movement:
    """n teams of four (n even): a round robin of Foster's matches, each played in his sets
    (six, or the 1st, 3rd and 5th) with the partnerships changing; every two teams meet once,
    in as many sets as any other two."""
    sets = _foster_sets(league)
    # each set's four partnerships by number, found once rather than at every table
    numbered = [tuple(_partnership(players) for players in (a, b, c, d)) for (a, b), (c, d) in sets]
    # every pair's label made once, not at each of its tables (20,000 tables for 58 teams)
    label = [[pair(x, k) for k in range(len(_PARTNERSHIP_NUMBER) + 1)] for x in range(n + 1)]
    exchanges = []
    for r, matches in enumerate(circle_matches(n), start=1):
        for i, (a, b, c, d) in enumerate(numbered):
            round_no = (r - 1) * len(sets) + i + 1
            for k, (x, y) in enumerate(matches):
                tables = (2 * k + 1, 2 * k + 2)
                places = ((label[x][a], label[y][b]), (label[y][c], label[x][d]))
                groups = ((round_no - 1) * n + tables[0], (round_no - 1) * n + tables[1])
                exchanges.append(exchange(round_no, tables, places, groups, per))
    _, teams = _seated_teams(exchanges, map(str, range(1, n + 1)))
    return _team_movement(
        exchanges,
        teams,
        "league" if league else "six-sets",
        (
            f"Each match is Foster's {len(sets)} sets: a team's players are 1-4 (A B C D or W X "
            "Y Z) and its pair x.k is one partnership: .1 = 1-2, .2 = 3-4, .3 = 1-3, .4 = 2-4, "
            ".5 = 1-4, .6 = 2-3. Matches at tables 1-2, 3-4, ...; team "
            f"{n} stays at tables 1-2 and meets team s in match s.",
            EXCHANGE_NOTE,
        ),
    )


def rotating(n: int, per: int, gilman: bool) -> Movement:
    """Howell's or Gilman's system for n teams at n tables, n-1 sets; pair 1 is N-S."""
    k = (n - 1) // 2
    seatings: list[Seating] = []
    first: dict[int, tuple[int, int]] = {}
    for s in range(1, n):
        for t in range(1, n + 1):
            if gilman:  # the own-table set is left out: Foster's set s + 1
                ns, ew, g = t, t + 2 * s, t + s
            else:
                ns, ew, g = t - s, t, t + k * (s - 1)
            ns, ew, g = ((x - 1) % n + 1 for x in (ns, ew, g))
            first.setdefault(g, (s, t))
            seatings.append(Seating.pair(s, t, _group(g, per), pair(ns, 1), pair(ew, 2)))
    teams = _teams_of_two(n)
    moves = (
        "N-S pairs sit still, E-W pairs move to the next table but one, trays one table"
        if gilman
        else f"E-W pairs sit still, N-S pairs move one table East, trays {k} tables West"
    )
    return Movement(
        family="team",
        competitors=Competitors.TEAMS,
        tables=n,
        rounds=n - 1,
        trays=tuple(_trays(n - 1, n, per, first)),
        seatings=tuple(seatings),
        field=tuple(p for x in range(1, n + 1) for p in teams[str(x)]),
        variant="gilman" if gilman else "howell",
        promise="team",
        teams=teams,
        winners=("overall",),
        notes=(f"Pair x.1 of each team sits N-S, pair x.2 E-W. {moves} each set.",),
    )


def clubs(tables: int, per: int) -> Movement:
    """Club against club: one pair of each club at every table, club 1 N-S at the odd tables
    and club 2 at the even ones; pairs sit still and the trays move one table down each set
    (table 1's to the last), so every pair plays every tray once in `tables` sets. With an odd
    number of tables each club has an odd pair (the scorer balances it, 1894 code)."""
    seatings = []
    for s in range(1, tables + 1):
        for t in range(1, tables + 1):
            home, away = pair(1, t), pair(2, t)
            ns, ew = (home, away) if t % 2 else (away, home)
            g = (t + s - 2) % tables + 1
            seatings.append(Seating.pair(s, t, _group(g, per), ns, ew))
    teams = {str(c): tuple(pair(c, t) for t in range(1, tables + 1)) for c in (1, 2)}
    odd = (
        f" Each club has an odd pair: club 1 sits N-S at {tables // 2 + 1} tables and club 2 "
        f"at {tables // 2}; the scorer credits each club, for its odd pair, the average score "
        "of the pairs seated opposite (1894 code)."
        if tables % 2
        else ""
    )
    return Movement(
        family="team",
        competitors=Competitors.TEAMS,
        tables=tables,
        rounds=tables,
        trays=tuple(_trays(tables, tables, per, {g: (1, g) for g in range(1, tables + 1)})),
        seatings=tuple(seatings),
        field=teams["1"] + teams["2"],
        variant="club",
        promise="team",
        teams=teams,
        winners=("overall",),
        notes=(
            "Club 1's pair at table t is 1.t, club 2's is 2.t; club 1 sits N-S at the odd "
            "tables, club 2 at the even ones. Pairs sit still; the trays move one table down "
            f"each set (table 1's to table {tables}).{odd}",
        ),
    )


def build(request: Request) -> Movement:
    """The team movement for `request.teams` teams (club against club: `request.tables`)."""
    variant = request.variant
    if variant == "club":
        return _build_clubs(request)
    n = request.teams if request.teams is not None else 2
    _check_size(n, "teams")
    if n == 2:
        if variant not in (None, "six-sets", "league"):
            raise ImpossibleMovementError(
                f"two teams of four play the six-sets, league or club variant, not {variant!r}"
            )
        sets = 3 if variant == "league" else 6
        _check_rounds(request, sets)
        return two_teams(request.trays_for(sets), variant == "league")
    if n < 2:
        raise ImpossibleMovementError(f"a team match needs at least 2 teams, not {n}")
    if n % 2 == 0:
        if variant in ("six-sets", "league"):
            rounds = (n - 1) * (3 if variant == "league" else 6)
            _check_rounds(request, rounds)
            return round_robin_of_sets(n, request.trays_for(rounds), variant == "league")
        if variant not in (None, "round-robin"):
            raise ImpossibleMovementError(
                "an even number of teams plays the round-robin, six-sets or league variant, "
                f"not {variant!r}"
            )
        _check_rounds(request, n - 1)
        return round_robin(n, request.trays_for(n - 1))
    if variant not in (None, "howell", "gilman"):
        raise ImpossibleMovementError(
            f"an odd number of teams plays the howell or gilman variant, not {variant!r}"
        )
    _check_rounds(request, n - 1)
    return rotating(n, request.trays_for(n - 1), variant == "gilman")


def _build_clubs(request: Request) -> Movement:
    if request.teams not in (None, 2):
        raise ImpossibleMovementError(
            f"club against club is a match of 2 teams, not {request.teams}; "
            "give the tables instead: --tables P seats P pairs of each club"
        )
    tables = request.tables
    if tables is None or tables < 2:
        raise ImpossibleMovementError(
            "club against club needs the number of tables, 2 or more: --tables P seats P "
            "pairs of each club"
        )
    _check_size(tables, "tables")
    _check_rounds(request, tables)
    return clubs(tables, request.trays_for(tables))


def _check_size(size: int, unit: str) -> None:
    if size > LARGEST:
        raise ImpossibleMovementError(
            f"team movements are built for up to {LARGEST} {unit}, not {size}"
        )


def _check_rounds(request: Request, rounds: int) -> None:
    if request.rounds not in (None, rounds):
        raise ImpossibleMovementError(
            f"this team movement has {rounds} sets (rounds); leave out --rounds"
        )


FAMILY = Family(
    name="team",
    title="Team matches (teams of four; Howell's and Gilman's systems; club against club)",
    competitors=Competitors.TEAMS,
    sizes=f"2-{LARGEST} teams; club against club 2-{LARGEST} tables",
    help=SEED_RULE + "\n\n" + READING,
    build=build,
    variants=(
        Variant(
            "six-sets",
            "teams of four: each match in six sets, partnerships changing",
            "2 teams; 4+ teams, even (a round robin)",
        ),
        Variant(
            "league",
            "teams of four: each match in the 1st, 3rd and 5th sets",
            "2 teams; 4+ teams, even (a round robin)",
        ),
        Variant(
            "round-robin",
            "teams of four, two-table matches, every team meets every other",
            "4+ teams, even",
        ),
        Variant("howell", "Howell's system: E-W still, trays (n-1)/2 tables West", "odd teams"),
        Variant("gilman", "Gilman's American whist: E-W two tables, trays one", "odd teams"),
        Variant(
            "club",
            "club against club: one pair of each at every table (--tables P)",
            "2+ tables; odd: an odd pair a side",
        ),
    ),
    size_unit="teams",
)
