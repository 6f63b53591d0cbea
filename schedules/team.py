"""Team movements (movements-research.md 2.8): two teams of four, Howell's and Gilman's systems.

Teams are numbered from 1; a team's pairs are "TEAM.K" ("2.1" is pair 1 of team 2), and
`Movement.teams` maps each team to its pairs.

- Two teams of four (Foster, "Matches between two teams of four"): two tables, six sets, the
  partnerships of each team changing every second set; each team sits N-S at one table and E-W
  at the other, and the trays dealt at each table are exchanged. `league` plays only the 1st,
  3rd and 5th sets, "usual" in League matches.
- Howell's system, an odd number n of teams: team x's E-W pair stays at table x, its N-S pair
  sits at table x + s in set s, and the trays move (n-1)/2 tables West each set.
- Gilman's system ("American whist"): N-S pairs stay, E-W pairs move to "the next table but
  one", trays one table. Foster starts with each team at its own table for an individual score;
  that first set is a team meeting itself and is left out here.
"""

from __future__ import annotations

from schedules.catalog import Family, Request, Variant
from schedules.findings import ImpossibleMovementError
from schedules.promises.teams import complete_matches
from schedules.types import Competitors, Label, Movement, Seating, Share, Tray, default_dealer

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
    "The seed (Foster's Hoyle, part 1) names team play only in law (f): duplicate whist "
    '"brings the play of teams, pairs or individuals into comparison". The schemes come from '
    "Foster's chapter on duplicate whist (movements-research.md 2.8): two teams of four, "
    '"A B C D versus W X Y Z, 2 tables, 6 sets", where "except in League matches it is usual '
    "to play only the 1st, 3rd and 5th sets\"; Howell's system for an odd number of teams, "
    '"trays move (n-1)/2 tables, players one table, in opposite directions"; and Gilman\'s '
    '(American whist), "E&W move to the next table but one, N&S sit still", trays one table.'
)
READING = (
    "Our reading: a team's two pairs never sit at one table and hold opposite hands of every "
    "tray they play, so each tray is a complete match between two teams; every two teams play "
    "a complete match on the same number of trays (verified). Gilman's first set, each team "
    "at its own table, is left out (a team does not play itself). Odd numbers of teams use "
    "Howell's or Gilman's system. Even "
    "numbers of teams other than two are refused: Foster's even-team text is lost."
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


def two_teams(per: int, league: bool) -> Movement:
    """Foster's match of two teams of four: two tables, six sets (or the 1st, 3rd and 5th)."""
    sets = [s for i, s in enumerate(_SIX_SETS) if not league or i % 2 == 0]
    label = {
        players: pair(team, k)
        for team, names in _PARTNERSHIPS.items()
        for k, players in enumerate(names, start=1)
    }
    seatings, shared, first = [], [], {}
    for r, tables in enumerate(sets, start=1):
        groups = (2 * r - 1, 2 * r)
        for t, (ns, ew) in enumerate(tables, start=1):
            first[groups[t - 1]] = (r, t)
            own, other = _group(groups[t - 1], per), _group(groups[2 - t], per)
            seatings.append(Seating.pair(r, t, own + other, label[ns], label[ew]))
        shared.append(Share(r, _group(groups[0], per) + _group(groups[1], per), (1, 2)))
    used = sorted({p for s in seatings for p in s.places})
    teams = {team: tuple(p for p in used if p.startswith(f"{team}.")) for team in ("1", "2")}
    names = {label[players]: players for players in label}
    notes = [
        "Team 1 is A B C D, team 2 is W X Y Z; pairs: "
        + ", ".join(f"{p} = {names[p][0]}-{names[p][1]}" for p in used)
        + ".",
        "Each set: both tables deal their trays, play them, and exchange them.",
    ]
    return Movement(
        family="team",
        competitors=Competitors.TEAMS,
        tables=2,
        rounds=len(sets),
        trays=tuple(_trays(len(sets), 2 * len(sets), per, first)),
        seatings=tuple(seatings),
        field=tuple(used),
        shared=tuple(shared),
        variant="league" if league else "six-sets",
        promise="team",
        teams=teams,
        attributes={p: f"players {names[p][0]}-{names[p][1]}" for p in used},
        winners=("overall",),
        notes=tuple(notes),
    )


def rotating(n: int, per: int, gilman: bool) -> Movement:
    """Howell's or Gilman's system for n teams at n tables, n-1 sets; pair 1 is N-S."""
    k = (n - 1) // 2
    seatings, first = [], {}
    for s in range(1, n):
        for t in range(1, n + 1):
            if gilman:  # the own-table set is left out: Foster's set s + 1
                ns, ew, g = t, t + 2 * s, t + s
            else:
                ns, ew, g = t - s, t, t + k * (s - 1)
            ns, ew, g = ((x - 1) % n + 1 for x in (ns, ew, g))
            first.setdefault(g, (s, t))
            seatings.append(Seating.pair(s, t, _group(g, per), pair(ns, 1), pair(ew, 2)))
    teams = {str(x): (pair(x, 1), pair(x, 2)) for x in range(1, n + 1)}
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


def build(request: Request) -> Movement:
    """The team movement for `request.teams` teams."""
    n = request.teams if request.teams is not None else 2
    variant = request.variant
    if n == 2:
        if variant not in (None, "six-sets", "league"):
            raise ImpossibleMovementError(
                f"two teams play the six-sets or league variant, not {variant!r}"
            )
        sets = 3 if variant == "league" else 6
        _check_rounds(request, sets)
        return two_teams(request.trays_for(sets), variant == "league")
    if n < 3 or n % 2 == 0:
        raise ImpossibleMovementError(
            f"team movements take 2 teams or an odd number of teams (Howell's and Gilman's "
            f"systems); {n} teams will not do: try {n - 1 if n > 3 else 3} or {n + 1}"
        )
    if variant not in (None, "howell", "gilman"):
        raise ImpossibleMovementError(
            f"an odd number of teams plays the howell or gilman variant, not {variant!r}"
        )
    _check_rounds(request, n - 1)
    return rotating(n, request.trays_for(n - 1), variant == "gilman")


def _check_rounds(request: Request, rounds: int) -> None:
    if request.rounds not in (None, rounds):
        raise ImpossibleMovementError(
            f"this team movement has {rounds} sets (rounds); leave out --rounds"
        )


def pairing_summary(movement: Movement) -> str:
    """Per two teams, how many trays their complete match covers (for the help and tests)."""
    counts = complete_matches(movement)
    return ", ".join(f"{x}v{y}: {n}" for (x, y), n in counts.items())


FAMILY = Family(
    name="team",
    title="Team matches (two teams of four; Howell's and Gilman's systems)",
    competitors=Competitors.TEAMS,
    sizes="2 teams, or any odd number of teams from 3",
    help=SEED_RULE + "\n\n" + READING,
    build=build,
    variants=(
        Variant("six-sets", "two teams of four: six sets, partnerships changing", "2 teams"),
        Variant("league", "two teams of four: the 1st, 3rd and 5th sets", "2 teams"),
        Variant("howell", "Howell's system: E-W still, trays (n-1)/2 tables West", "odd teams"),
        Variant("gilman", "Gilman's American whist: E-W two tables, trays one", "odd teams"),
    ),
    size_unit="teams",
)
