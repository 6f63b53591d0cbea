"""Individual movements: whist tournaments Wh(v), whist drives and phantom schedules.

`director movement individual --players N` seats N individuals so that every two players are
partners exactly once and opponents exactly twice (promise "individual-wh"), in the whist
tournament Wh(N) that `schedules.designs.whist_sizes` builds (which construction serves which
N is told there).

Other player counts are refused with the nearest counts that work; `--variant phantom` seats
them as a longer search stored them (schedules.odd_players: every table full each round, the
others resting in turn; or the phantoms in the best places), otherwise in the next tournament
that works, with phantoms: a table holding a phantom does not play, so its real players sit
that round out. Either way no two players ever partner twice or oppose three times (promise
"individual-partial"). `--rounds R` plays the first R rounds only, and
`--variant drive` builds a whist drive for counts such as 1,000 from a product construction.
`--variant seats` is the two-table game of 8 players with four seat winners (schedules.seat_game).

Trays: every table plays the same trays in a round (one set per round, duplicated at each
table: a barometer, docs/movement-rules.md#individual-movements), so every player plays each
tray once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from functools import cache
from itertools import islice

from schedules import odd_players
from schedules.arrow_switch import SwitchPlan, apply_switches
from schedules.catalog import Family, Request, Variant, with_notes
from schedules.designs.whist import Game, Spread, Starter, develop, drive_rounds
from schedules.designs.whist_sizes import construction, spread_plans, whist_rounds
from schedules.findings import ImpossibleMovementError
from schedules.seat_game import ROUNDS as SEAT_GAME_ROUNDS
from schedules.seat_game import build_seat_game
from schedules.types import (
    Competitors,
    Movement,
    Seating,
    find_shares,
    infer_trays,
    tray_block,
)

LARGEST = 200
"""The largest tournament the catalog offers (issue 16, target 4)."""
DEFAULT_TRAYS = 2
DRIVE_HANDS = 24
"""A whist drive's usual length: 20 to 24 hands, in two halves with a break."""


def supported_sizes(low: int = 4, high: int = LARGEST) -> list[int]:
    """Every player count in low..high for which a Wh is built."""
    return [v for v in range(low, high + 1) if v % 4 in (0, 1) and _is_built(v)]


@cache
def _is_built(players: int) -> bool:
    # Cached: the catalog's help, a refusal's nearest sizes and the phantom variant each ask
    # about every count up to LARGEST, and the answer takes a construction's search.
    return construction(players) is not None


def nearest_sizes(players: int) -> tuple[int | None, int | None]:
    """The largest supported count below and the smallest above `players` (None if none)."""
    below = list(supported_sizes(4, players - 1)) if players > 4 else []
    above = supported_sizes(players + 1, LARGEST)
    return (below[-1] if below else None, above[0] if above else None)


def _refusal(players: int) -> str:
    below, above = nearest_sizes(players)
    near = " or ".join(str(v) for v in (below, above) if v is not None)
    why = (
        "a whist tournament needs a number of players that is 0 or 1 more than a multiple of 4"
        if players % 4 in (2, 3)
        else f"no whist tournament for {players} players is built yet"
    )
    return (
        f"{players} players: {why}; nearest sizes that work: {near} "
        f"(or --variant phantom to seat all {players}, those who do not fill a table resting "
        "in turn)"
    )


def seat_rounds(
    rounds: Iterable[Sequence[Game]],
    labels: Sequence[str],
    trays_per_round: int,
    playing: set[int] | None = None,
) -> tuple[Seating, ...]:
    """Seatings for rounds of games; every table plays the round's tray set. Games with a
    player outside `playing` (phantoms) are left out, and so is a round left with no game:
    nobody would play in it."""
    seatings: list[Seating] = []
    r = 0
    for games in rounds:
        kept = games if playing is None else [g for g in games if playing.issuperset(g)]
        if not kept:
            continue
        r += 1
        trays = tray_block(r, trays_per_round)
        # the four labels by hand, not a generator a table: 10,000 tables for 197 players
        seatings += [
            Seating(r, table, trays, (labels[n], labels[e], labels[s], labels[w]))
            for table, (n, e, s, w) in enumerate(kept, start=1)
        ]
    return tuple(seatings)


def _movement(
    seatings: tuple[Seating, ...],
    field: Sequence[str],
    promise: str,
    variant: str | None,
    notes: Sequence[str],
) -> Movement:
    rounds = max(s.round for s in seatings)
    return Movement(
        family="individual",
        competitors=Competitors.INDIVIDUALS,
        tables=max(s.table for s in seatings),
        rounds=rounds,
        trays=infer_trays(seatings),
        seatings=seatings,
        field=tuple(field),
        shared=find_shares(seatings),
        variant=variant,
        promise=promise,
        notes=tuple(notes),
    )


def _labels(players: int) -> list[str]:
    return [str(x + 1) for x in range(players)]


def starter_movement(starter: Starter, trays_per_round: int = DEFAULT_TRAYS) -> Movement:
    """The movement a first round develops into, promising a Wh (for the verifier to judge:
    candidates that are not whist tournaments fail it)."""
    labels = _labels(starter.players)
    return _movement(
        seat_rounds(develop(starter), labels, trays_per_round),
        labels,
        "individual-wh",
        None,
        [f"Construction: {starter.origin}."],
    )


def whist_movement(
    players: int, trays_per_round: int = DEFAULT_TRAYS, rounds: int | None = None
) -> Movement:
    """The Wh(players) movement, or its first `rounds` rounds (a whist drive)."""
    if construction(players) is None:
        raise ImpossibleMovementError(_refusal(players))
    all_rounds = whist_rounds(players)
    played = _round_count(rounds, len(all_rounds))
    labels = _labels(players)
    notes = [f"Construction: {construction(players)}."]
    if players % 4 == 1:
        notes.append("One player sits out each round, everyone once.")
    if played < len(all_rounds):
        notes.append(f"Whist drive: the first {played} of the {len(all_rounds)} rounds.")
    return _movement(
        seat_rounds(all_rounds[:played], labels, trays_per_round),
        labels,
        "individual-wh" if played == len(all_rounds) else "individual-partial",
        None if played == len(all_rounds) else "drive",
        notes,
    )


def _round_count(rounds: int | None, available: int) -> int:
    if rounds is None:
        return available
    if not 1 <= rounds <= available:
        raise ImpossibleMovementError(f"--rounds must be 1 to {available} here, not {rounds}")
    return rounds


def phantom_movement(players: int, trays_per_round: int = DEFAULT_TRAYS) -> Movement:
    """`players` individuals seated as well as we know: as a longer search stored them
    (schedules.odd_players), or in the next Wh that works, the rest phantoms whose tables do
    not play (their real players sit out that round)."""
    if players < 4 or not supported_sizes(players, LARGEST):
        raise ImpossibleMovementError(
            f"--variant phantom takes 4 to {LARGEST} players, not {players}"
        )
    reseated = _reseated_rounds(players)
    if reseated:
        return reseated_movement(players, reseated, trays_per_round, _switched_halves(players))
    entry = odd_players.stored(players)
    full = supported_sizes(players, LARGEST)[0]
    places = entry["phantoms"] if entry is not None and "phantoms" in entry else None
    return phantom_seating(players, places or range(players + 1, full + 1), trays_per_round)


def _reseated_rounds(players: int) -> list[list[list[int]]]:
    """The rounds a longer search stored for `players` (schedules.odd_players), if any."""
    entry = odd_players.stored(players)
    return entry["rounds"] if entry is not None and "rounds" in entry else []


def _switched_halves(players: int) -> list[list[int]]:
    """The [round, table] places whose second half of trays the stored seating switches."""
    entry = odd_players.stored(players)
    return entry.get("halves", []) if entry is not None else []


def phantom_rounds(players: int) -> int:
    """How many rounds `phantom_movement` plays (before rounds with nobody at a table are left
    out)."""
    reseated = _reseated_rounds(players)
    if reseated:
        return len(reseated)
    above = supported_sizes(players, LARGEST)
    return tournament_rounds(above[0]) if above else 1


def phantom_seating(
    players: int, phantoms: Iterable[int], trays_per_round: int = DEFAULT_TRAYS
) -> Movement:
    """`players` individuals in the next Wh that works, its places `phantoms` (from 1) left
    empty; the other places are the players 1, 2, ... in order."""
    full = supported_sizes(players, LARGEST)[0]
    empty = set(phantoms)
    real = [place for place in range(1, full + 1) if place not in empty]
    labels = [""] * full
    for number, place in enumerate(real, start=1):
        labels[place - 1] = str(number)
    shown = ", ".join(map(str, sorted(empty))) or "none"
    return _movement(
        seat_rounds(whist_rounds(full), labels, trays_per_round, {p - 1 for p in real}),
        _labels(players),
        "individual-partial",
        "phantom",
        [
            f"Seated as a {full}-player whist tournament with {full - players} phantom(s) "
            f"(in its places {shown}); a table with a phantom does not play and its players "
            "sit out that round."
        ],
    )


def _rest_words(rests: Sequence[int]) -> str:
    """How often the players rest ("each twice", "each once or twice", "at most once each"),
    from the fewest and most rests of a player, in order."""

    def times(n: int) -> str:
        return {1: "once", 2: "twice"}.get(n, f"{n} times")

    fewest, most = rests[0], rests[-1]
    if fewest == 0:
        return f"at most {times(most)} each"
    if fewest == most:
        return f"each {times(most)}"
    return f"each {times(fewest)} or {times(most)}"


def reseated_movement(
    players: int,
    rounds: Sequence[Sequence[Sequence[int]]],
    trays_per_round: int = DEFAULT_TRAYS,
    halves: Sequence[Sequence[int]] = (),
) -> Movement:
    """`players` individuals seated round by round as `rounds` says (each table's players,
    North, East, South, West, from 1); those at no table rest. At the [round, table] places
    `halves` the second half of the trays is arrow-switched (with one tray a round there is
    no half: none is)."""
    labels = _labels(players)
    games = [[(n - 1, e - 1, s - 1, w - 1) for n, e, s, w in tables] for tables in rounds]
    plays = Counter(p for tables in games for table in tables for p in table)
    rests = sorted({len(rounds) - plays[p] for p in range(players)})
    whole = _movement(
        seat_rounds(games, labels, trays_per_round),
        labels,
        "individual-partial",
        "phantom",
        [
            f"{players} players at {players // 4} tables a round; the others rest in turn, "
            f"{_rest_words(rests)} (seated for balance by a longer search: partners at most "
            "once, opponents at most twice)."
        ],
    )
    switched = frozenset((r, t) for r, t in halves if r <= len(rounds))
    if trays_per_round < 2 or not switched:
        return whole
    return apply_switches(whole, SwitchPlan(halves=switched))


def drive_movement(
    players: int, trays_per_round: int = DEFAULT_TRAYS, rounds: int | None = None
) -> Movement:
    """A whist drive of `players`: the first rounds of a Wh(players) when one is built,
    otherwise of the product of a Wh(u) and a ring of fields (schedules.designs.whist); a
    count neither serves (2 or 3 more than a multiple of 4) is seated in the next one that
    does, with phantoms whose tables rest that round."""
    host = _drive_host(players)
    if host is None:
        raise ImpossibleMovementError(
            f"no whist drive for {players} players: a drive needs at least 4 players"
            if players < 4
            else f"no whist drive for {players} players, nor for a few more with phantoms; "
            "--variant phantom seats any count up to "
            f"{LARGEST} in a whist tournament"
        )
    if host == players and construction(players) is not None:
        return whist_movement(players, trays_per_round, rounds)
    reseated = _reseated_rounds(players)
    if reseated:
        # every table full each round: better balanced than a phantom's resting tables
        played = _round_count(rounds, len(reseated))
        drive = reseated_movement(
            players, reseated[:played], trays_per_round, _switched_halves(players)
        )
        note = f"Whist drive: the first {played} of the {len(reseated)} rounds."
        return replace(drive, variant="drive", notes=(*drive.notes, note))
    games, available, origin = _drive_games(host)
    played = _round_count(rounds, available)
    labels = _labels(host)
    notes = [f"Whist drive: from the first {played} of the {available} rounds of {origin}."]
    if host != players:
        notes.append(
            f"Seated as a drive of {host} with {host - players} phantom(s) "
            f"({', '.join(labels[players:])}); a table with a phantom does not play and its "
            "players rest that round (a round with a phantom at every table is left out)."
        )
    return _movement(
        seat_rounds(
            islice(games, played),
            labels,
            trays_per_round,
            None if host == players else set(range(players)),
        ),
        labels[:players],
        "individual-partial",
        "drive",
        notes,
    )


_PHANTOMS_AT_MOST = 8
"""Phantoms a drive seats at most (2 or 3 fill the count to a multiple of 4; more only where
that count has no construction)."""


def _drive_host(players: int) -> int | None:
    """The count whose drive seats `players`: itself when a Wh or a product plan serves it,
    otherwise the next that does with a few phantoms (None when none is near)."""
    if players < 4:
        return None
    for host in range(players, players + _PHANTOMS_AT_MOST + 1):
        if construction(host) is not None or _drive_plan(host) is not None:
            return host
    return None


def _drive_games(host: int) -> tuple[Iterator[Sequence[Game]], int, str]:
    """The rounds of games of a drive of `host` players (a Wh's, or a product plan's), how
    many there are and where they come from."""
    if construction(host) is not None:
        rounds = whist_rounds(host)
        return iter(rounds), len(rounds), f"a whist tournament for {host}"
    plan = _drive_plan(host)
    assert plan is not None  # _drive_host chose `host` for it
    u, spread = plan
    m = host // u
    return (
        drive_rounds(whist_rounds(u), u, spread),
        (u - 1) * m,
        f"the product of a Wh({u}) and {spread.name}; players in the same block of {m} "
        f"(1-{m}, {m + 1}-{2 * m}, ...) never meet, all others at most once as partners and "
        "twice as opponents",
    )


def _drive_plan(players: int) -> tuple[int, Spread] | None:
    """The plan (see `spread_plans`) with the most rounds."""
    return max(
        spread_plans(players),
        default=None,
        key=lambda plan: (plan[0] - 1) * (players // plan[0]),
    )


def _usual_drive(players: int, request: Request) -> Movement:
    """A drive of its usual length, about 24 hands (or all the rounds there are), saying so:
    without it a 1,000-player drive would play 999 rounds."""
    per = request.trays_per_round or DEFAULT_TRAYS
    total = _drive_total(players)
    rounds = min(total, -(-DRIVE_HANDS // per))
    movement = drive_movement(players, request.trays_for(rounds, DEFAULT_TRAYS), rounds)
    hands = movement.rounds * len(movement.seatings[0].trays)
    length = (
        "a whist drive's usual length (20 to 24 hands); ask for a number of rounds for a "
        f"shorter or longer drive (up to {total})"
        if rounds < total
        else f"every round there is for {players} players; ask for fewer for a shorter drive"
    )
    return with_notes(movement, f"{movement.rounds} rounds, {hands} hands: {length}.")


def tournament_rounds(players: int) -> int:
    """Rounds of a Wh(players): players - 1, or players when one sits out each round."""
    return players - 1 if players % 4 == 0 else players


def _drive_total(players: int) -> int:
    """Rounds a whist drive of `players` can have (1 when there is none; the build refuses)."""
    host = _drive_host(players)
    if host is None:
        return 1
    reseated = _reseated_rounds(players)
    if host != players and reseated:
        return len(reseated)
    if construction(host) is not None:
        return tournament_rounds(host)
    plan = _drive_plan(host)
    assert plan is not None  # _drive_host chose `host` for it
    return (plan[0] - 1) * (host // plan[0])


def build(request: Request) -> Movement:
    """The catalog's entry point."""
    players = request.players
    if players is None:
        raise ImpossibleMovementError("individual movements need --players N")
    variant = request.variant or "whist"
    if variant == "phantom":
        rounds = phantom_rounds(players)
        return phantom_movement(players, request.trays_for(rounds, DEFAULT_TRAYS))
    if variant == "seats":
        trays = request.trays_for(SEAT_GAME_ROUNDS, DEFAULT_TRAYS)
        return build_seat_game(players, request.rounds, trays)
    if variant == "drive":
        if request.rounds is not None:
            trays = request.trays_for(request.rounds, DEFAULT_TRAYS)
            return drive_movement(players, trays, request.rounds)
        return _usual_drive(players, request)
    if variant != "whist":
        raise ImpossibleMovementError(
            f"unknown variant {variant!r}; choose whist, phantom, drive or seats"
        )
    if players < 4 or players % 4 in (2, 3) or construction(players) is None:
        raise ImpossibleMovementError(_refusal(players))
    rounds = request.rounds or tournament_rounds(players)
    return whist_movement(players, request.trays_for(rounds, DEFAULT_TRAYS), request.rounds)


SEED_RULE = (
    "Foster (Hoyle, duplicate whist; docs/movement-rules.md#individual-movements): 'Several "
    "ingenious methods have been devised for handling large numbers of players ... Safford and "
    "Mitchell having both distinguished themselves in this line.' 'The score of each four hands "
    "should be added up by each individual player ... The winner is the player who loses the "
    "fewest tricks.'"
)
READING = (
    "We guarantee a whist tournament: every two players are partners exactly once and "
    "opponents exactly twice; partners sit North-South and East-West. With N = 4n players "
    "there are N-1 rounds of n tables; with N = 4n+1 there are N rounds and one player sits "
    "out each round, everyone exactly once. Every table plays the same trays in a round "
    "(one set per round, duplicated), so each player plays each tray once. Sizes: "
    "{sizes}. Other counts are refused with the nearest sizes; --variant phantom seats them "
    "as a longer search stored them (10 to 30 players: every table full each round, those left "
    "over resting in turn, everyone equally often) or with phantoms in the next tournament (a "
    "phantom's table sits out), --rounds R plays only the first R rounds "
    "(a whist drive: partners at most once, opponents at most twice), and --variant drive "
    "builds drives for larger counts (e.g. 1,000 players) from a product construction, "
    "24 hands long unless a number of rounds is asked for (a drive's usual length). "
    "--variant seats seats 8 players at 2 tables, each keeping one seat, for four seat winners "
    "(best North, East, South and West): every two players of different seats meet twice in 4 "
    "rounds, the two tables exchanging their trays each round."
)


@cache
def _family() -> Family:
    sizes = supported_sizes()
    return Family(
        name="individual",
        title="Individual movement (whist tournament)",
        competitors=Competitors.INDIVIDUALS,
        sizes=f"{len(sizes)} player counts from 4 to {LARGEST} (0 or 1 mod 4)",
        help=SEED_RULE + "\n\n" + READING.format(sizes=", ".join(map(str, sizes))),
        build=build,
        variants=(
            Variant("whist", "whist tournament: partner once, oppose twice", "see help"),
            Variant(
                "phantom",
                "any count: the others rest in turn, or phantoms fill the next tournament",
                f"4-{LARGEST} players",
            ),
            Variant(
                "drive", "a whist drive: partners at most once, opponents at most twice", "see help"
            ),
            Variant("seats", "two tables, everyone keeps a seat: four seat winners", "8 players"),
        ),
        size_unit="players",
    )


def __getattr__(name: str) -> Family:
    """`FAMILY`, made on first use (PEP 562): its sizes and help list every supported count,
    which takes each count's construction, too slow to pay on import."""
    if name == "FAMILY":
        return _family()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
