"""The Howell pairs family: complete Howells for 2 to 30 tables, odd numbers of pairs, and
shortened Howells with fewer rounds.

    director movement howell --tables N | --pairs N [--rounds R]
        [--trays-per-round K | --minutes M] [--balance best]

The designs come from schedules.howell_layouts; this module sizes the request, picks the
construction, and turns the layout into a `Movement` with labels "1".."P", tray numbers and
notes. Every movement is verified by `schedules.catalog.build`.
"""

from __future__ import annotations

from dataclasses import replace

from schedules import howell_layouts as layouts
from schedules import interwoven, odd_field, odd_search, odd_stored, reseated
from schedules.arrow_switch import apply_switches, half_round_trick
from schedules.balance import balance
from schedules.catalog import Family, Request, Variant, with_notes
from schedules.designs.bordered import STORED_BORDERED
from schedules.findings import ImpossibleMovementError
from schedules.render import number_ranges
from schedules.types import (
    Competitors,
    Label,
    Movement,
    Seating,
    find_shares,
    infer_trays,
    tray_block,
)

MIN_TABLES = 2
MAX_TABLES = 30
STANDARD = "standard"
HALF_ROUNDS = "half-rounds"
THREE_QUARTER = "three-quarter"
IN_TIME = "in-time"
INTERWOVEN = "interwoven"
SHORTENED = (THREE_QUARTER, IN_TIME)
"""The variants that choose their own rounds."""
CLUB = (THREE_QUARTER, INTERWOVEN, IN_TIME)
"""What clubs play from seven tables up, offered first."""
ODD_SEARCH_FROM = 1.0
"""How far below the even field's index an odd field's best movement may stay before the
local search (schedules.odd_search) is run on it."""
FEWEST_TRAYS = 2
"""Trays a round an in-time Howell plans with unless told: fewer rounds of more trays would
meet fewer opponents."""

HELP = """\
Foster (Hoyle, duplicate whist): "A very popular system of managing pairs in club games, and
also in the national tournaments for the Minneapolis trophy, is called the Howell Pairs."
Indicator cards on the tables show each player the table and the position (N, S, E or W) he
moves to next; he sits sometimes N-S, sometimes E-W, always opposite his partner. By the end
every pair has had every other pair as adversaries once and has played all the hands dealt.
A different set of indicator cards is needed for every number of tables (E. C. Howell).

What the engine does: a complete Howell has 2n-1 rounds for n tables and 2n pairs; every two
pairs meet exactly once and every pair plays every tray set once. From 4 tables up it is built
as a Room square, so no two tables ever share a tray set; with --balance best (and by default
where algebra allows) the North-South sides come from a difference set, so every two pairs are
compared equally often for 4, 6, 8, 10, 12, 14, 16, 18, 22, 24 and 30 tables, and odd table
counts reach the best balance a rotating movement can have. --variant half-rounds (a complete
Howell of odd tables) also switches the arrows for the second half of every round at the one
table where that balances best, so each tray set is compared as two halves: the EBU's trick,
which balances 5 tables perfectly (index 100) and lifts 3 tables from 85.7 to 93.8. 2 and 3
tables must share (relay) tray sets: no Room square of side 3 or 5 exists. An odd number of
pairs (--pairs 2n-1) drops the stationary pair; whoever it would have met sits out that round.
--rounds R < 2n-1 gives a shortened Howell: nobody meets anyone twice or plays a tray twice,
and from n rounds up every pair plays every tray set in play (a Howell design H(R, 2n)). Which
pair of each table sits North-South was chosen by a search for the best comparison balance and
is stored, so a shortened Howell is always the best-balanced one we have found in one line;
with --balance best (and an even field) it is weighed against the interwoven Howell of as many
rounds, whose relays let every pair play nearly every tray set, and the better is built. For
an odd field --balance best also weighs the even field's movements (one pair more) with one
place left empty, whose opponents sit out, and chooses the place that balances best; the
notes say who sits out in each round. --variant three-quarter plays three quarters of the
complete Howell's rounds (10 of 13 for 7 tables); --variant in-time plays as many rounds as
fit in --minutes at 2 trays a round (or --trays-per-round K), every length that --rounds R
--balance best builds: what clubs play from seven tables up. Both are always built at the
best balance. --variant interwoven (Jannersten-style): two lines of pairs, each playing a
Howell among itself (--rounds R shortens both), on the same trays in the same rounds, so
every board is compared across the whole field; with an odd number of tables the pair of each
line left without an opponent meets the other line's; an odd number of pairs leaves one place
empty."""


def _size(request: Request) -> tuple[int, int]:
    """(tables, pairs) from --tables or --pairs."""
    if request.tables is not None and request.pairs is not None:
        raise ImpossibleMovementError("give --tables or --pairs, not both")
    if request.pairs is not None:
        pairs = request.pairs
        tables = (pairs + 1) // 2
        if not 2 * MIN_TABLES - 1 <= pairs <= 2 * MAX_TABLES:
            raise ImpossibleMovementError(
                f"a Howell takes {2 * MIN_TABLES - 1} to {2 * MAX_TABLES} pairs, not {pairs}"
            )
        return tables, pairs
    if request.tables is None:
        raise ImpossibleMovementError("a Howell needs a size: --tables N or --pairs N")
    tables = request.tables
    if not MIN_TABLES <= tables <= MAX_TABLES:
        raise ImpossibleMovementError(
            f"a Howell takes {MIN_TABLES} to {MAX_TABLES} tables, not {tables}"
        )
    return tables, 2 * tables


def exception(tables: int, rounds: int) -> str | None:
    """Why no movement of `rounds` rounds without shared trays exists for `tables` tables, when
    the theorem says so (Room squares; Howell designs H(s,2n)), else None."""
    if rounds == 2 * tables - 1 and tables in (2, 3):
        return (
            f"no Room square of side {rounds} exists "
            "(Room squares exist for odd sides except 3 and 5)"
        )
    if (rounds, 2 * tables) in ((2, 4), (3, 4), (5, 6), (5, 8)):
        return (
            f"no Howell design H({rounds},{2 * tables}) exists (H(s,2n) exists for n <= s <= 2n-1 "
            "except (2,4), (3,4), (5,6), (5,8))"
        )
    return None


def layout_for(tables: int, rounds: int, best: bool = False) -> layouts.Layout:
    """The layout for this size, or ImpossibleMovementError naming the rounds that work."""
    complete = 2 * tables - 1
    if not 1 <= rounds <= complete:
        raise ImpossibleMovementError(
            f"a Howell for {tables} tables has 1 to {complete} rounds, not {rounds}"
        )
    if rounds == complete:
        found = layouts.complete(tables, best) if tables >= 4 else layouts.relayed(tables)
    elif rounds >= tables:
        found = layouts.partial(tables, rounds)
    else:
        found = layouts.short(tables, rounds)
    if found is not None:
        return found
    reason = exception(tables, rounds) or "our constructions do not reach this size yet"
    works = [r for r in range(1, complete + 1) if reachable(tables, r)]
    raise ImpossibleMovementError(
        f"no {rounds}-round Howell for {tables} tables without shared trays: {reason}; "
        f"rounds that work for {tables} tables: {number_ranges(works)}"
    )


def reachable(tables: int, rounds: int) -> bool:
    """Whether `layout_for` builds this size, by the structure of the constructions (so a
    refusal does not have to run every search): complete Howells always; Howell designs except
    the theorem's exceptions and, where no bordered design is searched or stored, the sizes
    no developed design has (even n with n + 1 rounds, n = 2 mod 4 with n rounds); fewer
    rounds than tables from H(n, 2n), or up to n/2 rounds where we have no H(n, 2n)."""
    if rounds == 2 * tables - 1:
        return True
    if rounds < tables:
        return tables % 4 != 2 or _bordered(tables, tables) or rounds <= tables // 2
    gap = tables % 2 == 0 and (rounds == tables + 1 or (rounds == tables and tables % 4 == 2))
    if gap and not _bordered(tables, rounds):
        return False
    return exception(tables, rounds) is None


def _bordered(tables: int, rounds: int) -> bool:
    """Whether a bordered H(rounds, 2*tables) is searched at run time or stored."""
    key = (rounds - 1, rounds == tables)
    return tables <= layouts.BORDERED_MAX_TABLES or key in STORED_BORDERED


def to_movement(layout: layouts.Layout, pairs: int, per_round: int, promise: str) -> Movement:
    """Label the layout's points "1".."P" and give each tray set `per_round` trays. With an odd
    number of pairs the layout's phantom point is left out: its opponent sits out."""
    odd = pairs < layout.points
    labels = _labels(layout, odd)
    games = [
        [(ns, ew, tray_set) for ns, ew, tray_set in row if not (odd and layout.phantom in (ns, ew))]
        for row in layout.rounds
    ]
    # the tray sets numbered in order, leaving out one only the phantom's table would play (in
    # a single round): a set nobody plays is not dealt
    played = {
        tray_set: i for i, tray_set in enumerate(sorted({g[2] for row in games for g in row}))
    }
    seatings = []
    for r, row in enumerate(games, start=1):
        for table, (ns, ew, tray_set) in enumerate(row, start=1):
            trays = tray_block(played[tray_set] + 1, per_round)
            seatings.append(Seating.pair(r, table, trays, labels[ns], labels[ew]))
    tables = max(s.table for s in seatings)
    numbers = range(1, len(played) * per_round + 1)
    return Movement(
        family="howell",
        competitors=Competitors.PAIRS,
        tables=tables,
        rounds=len(layout.rounds),
        trays=infer_trays(seatings, numbers),
        seatings=tuple(seatings),
        field=tuple(sorted(set(labels.values()), key=int)),
        shared=find_shares(seatings),
        promise=promise,
        notes=(layout.origin,),
    )


def _labels(layout: layouts.Layout, odd: bool) -> dict[int, Label]:
    """Points to labels "1".."P" (`layouts.points_in_order`)."""
    return {p: str(i) for i, p in enumerate(layouts.points_in_order(layout, odd), start=1)}


def build(request: Request) -> Movement:
    """The Howell movement the request asks for; for an odd field, with a note saying who
    sits out in each round."""
    tables, pairs = _size(request)
    movement = _build(request, tables, pairs)
    return with_notes(movement, odd_field.rest_note(movement)) if pairs % 2 else movement


def _build(request: Request, tables: int, pairs: int) -> Movement:
    known = (STANDARD, HALF_ROUNDS, *CLUB)
    if request.variant not in (None, *known):
        raise ImpossibleMovementError(
            f"unknown Howell variant {request.variant!r}; choose one of {', '.join(known)}"
        )
    if request.variant == INTERWOVEN:
        found = _interwoven(request, tables)
        if pairs % 2 == 0:
            return found
        odd = _without_one(found)
        if odd is None:
            raise ImpossibleMovementError(
                f"an interwoven Howell for {pairs} pairs would leave trays unplayed"
            )
        return odd
    rounds = _rounds(request, tables)
    # the shortened variants are what clubs play: always at the best balance we have
    best = request.balance == "best" or request.variant in SHORTENED
    if not best or request.variant not in (None, *SHORTENED):
        try:
            return _howell(request, tables, pairs, rounds)
        except ImpossibleMovementError as refused:
            return _best_instead(request, tables, pairs, refused)
    if pairs % 2 == 0:
        return _best(_even_options(request, tables, pairs, rounds))
    return _odd_best(request, tables, pairs, rounds)


def odd_starts(request: Request) -> tuple[list[Movement], float]:
    """For an odd field of pairs: the movements its balance search starts from (our odd-field
    designs, and the even field's best movements with the place left empty whose absence
    balances best) and the even field's best index, which the search aims at."""
    tables, pairs = _size(request)
    return _odd_options(request, tables, pairs, _rounds(request, tables))


def _odd_options(
    request: Request, tables: int, pairs: int, rounds: int
) -> tuple[list[Movement], float]:
    # the even field's movements can be far better balanced than our odd-field designs where
    # relays or a reseating let every pair play nearly every tray set (25 pairs x 6 rounds)
    options, refusal = [], None
    try:
        options.append(_howell(request, tables, pairs, rounds))
    except ImpossibleMovementError as exc:
        refusal = exc
    try:
        even = _even_options(request, tables, pairs + 1, rounds)
    except ImpossibleMovementError:
        if refusal is not None:
            raise refusal from None
        even = []
    options += [odd for m in even if (odd := _without_one(m)) is not None]
    if not options:
        raise refusal or ImpossibleMovementError(
            f"no {rounds}-round movement for {pairs} pairs: every table would play trays "
            "nobody else plays"
        )
    target = max((balance(m).index for m in even), default=balance(_best(options)).index)
    return options, target


def _odd_best(request: Request, tables: int, pairs: int, rounds: int) -> Movement:
    """The best-balanced movement we build for an odd field of pairs."""
    options, target = _odd_options(request, tables, pairs, rounds)
    found = _best(options)
    if balance(found).index >= target - ODD_SEARCH_FROM:
        return found
    # still short of the even field (small fields, few rounds): what a longer search found
    # and stored, the arrow-switched Mitchells, then, unless one reaches it, a local search
    # from each start, as one that starts lower may end higher. Imported here: the Mitchell
    # family loads only for the few sizes that weigh it.
    from schedules import odd_mitchell

    stored = odd_stored.stored(pairs, rounds, request.trays_for(rounds))
    mitchells = odd_mitchell.candidates(pairs, rounds, request.trays_for(rounds))
    found = _best([found, *([] if stored is None else [stored]), *mitchells])
    if stored is not None or balance(found).index >= target - 1e-9:
        # the stored search started from these same movements and ran far longer
        return found
    return _best([found, *(odd_search.improve(m, target) for m in options)])


def _even_options(request: Request, tables: int, pairs: int, rounds: int) -> list[Movement]:
    """The best-balanced movements we build for an even field of this length: the stored
    reseating, the Howell in one line and the interwoven Howell, where each exists."""
    # Relays let every pair play (nearly) every tray set, which a shortened Howell of fewer
    # rounds than tables cannot, and a stored search may have reseated the field: the best,
    # even where no Howell design of that length exists (4 tables, 5 rounds).
    found = reseated.stored(tables, rounds, request.trays_for(rounds))
    options = [] if found is None else [found]
    try:
        options.append(_howell(request, tables, pairs, rounds))
    except ImpossibleMovementError:
        if found is None:
            raise
    if _interweaves(tables, rounds):
        options.append(_interwoven(replace(request, rounds=rounds), tables))
    return options


def _best(options: list[Movement]) -> Movement:
    """The best balanced of `options` (the first of equals)."""
    return max(options, key=lambda m: balance(m).index)


def _best_instead(
    request: Request, tables: int, pairs: int, refusal: ImpossibleMovementError
) -> Movement:
    """What `--balance best` builds where the plain Howell is refused (4 tables, 5 rounds: no
    Howell design, but a reseated movement sharing trays), saying why; else the refusal."""
    if request.balance == "best" or request.variant not in (None, *SHORTENED):
        raise refusal
    try:
        movement = _build(replace(request, balance="best"), tables, pairs)
    except ImpossibleMovementError:
        raise refusal from None
    field = f"{pairs} pairs" if pairs % 2 else f"{tables} tables"
    return with_notes(
        movement,
        f"No {movement.rounds}-round Howell for {field} exists without "
        "tables sharing trays, so this one shares them: the best-balanced movement of that "
        "size.",
    )


def _without_one(movement: Movement) -> Movement | None:
    """An even field's movement for one pair fewer (`odd_field.best_without`), its notes
    numbering the interwoven lines as they now are."""
    odd = odd_field.best_without(movement)
    if odd is None or odd.variant != INTERWOVEN:
        return odd
    return replace(odd, notes=(interwoven.lines_note(odd.field, odd.tables), *odd.notes[1:]))


def _howell(request: Request, tables: int, pairs: int, rounds: int) -> Movement:
    """The Howell of `rounds` rounds, complete or shortened, in one line."""
    complete = 2 * tables - 1
    halves = request.variant == HALF_ROUNDS
    if halves and (tables % 2 == 0 or rounds != complete):
        raise ImpossibleMovementError(
            f"the half-round trick is for a complete Howell of an odd number of tables, not "
            f"{tables} tables and {rounds} rounds (even tables balance perfectly with "
            "--balance best)"
        )
    best = request.balance == "best" or halves
    layout = layout_for(tables, rounds, best)
    if rounds < complete:
        layout = layouts.balanced(layout, tables, rounds, odd=pairs % 2 == 1)
    promise = "howell-complete" if rounds == complete else "howell"
    per_round = request.trays_for(rounds)
    if halves and per_round < 2:
        raise ImpossibleMovementError(
            "the half-round trick splits each round's trays in two: give 2 or more trays a round"
        )
    if not (best and pairs % 2):
        movement = to_movement(layout, pairs, per_round, promise)
    else:
        # An odd field: leaving out a moving pair instead of the stationary one can balance
        # better (in a developed design every moving pair is alike, so one of each kind is
        # enough), and so can another complete Howell's North-South sets.
        designs = layouts.complete_options(tables) if rounds == complete and tables >= 4 else ()
        options = [
            option
            for design in (layout, *designs[1:])
            for option in (design, replace(design, phantom=0))
        ]
        built = [to_movement(option, pairs, per_round, promise) for option in options]
        movement = min(built, key=lambda m: balance(m).ss)
    return _half_rounds(movement) if halves else movement


def _interwoven(request: Request, tables: int) -> Movement:
    """Two lines of `tables` pairs, each a Howell of half the tables on the same trays
    (schedules.interwoven); --rounds shortens both lines alike."""
    if tables < interwoven.MIN_TABLES:
        raise ImpossibleMovementError(
            f"an interwoven Howell needs {interwoven.MIN_TABLES} tables or more, not {tables}"
        )
    line = interwoven.line_tables(tables)
    complete = 2 * line - 1
    rounds = complete if request.rounds is None else request.rounds
    if not 1 <= rounds <= complete or not reachable(line, rounds):
        works = [r for r in range(1, complete + 1) if reachable(line, r)]
        raise ImpossibleMovementError(
            f"an interwoven Howell for {tables} tables plays {number_ranges(works)} rounds, "
            f"not {rounds}"
        )
    # the stored turns were searched on the plain layouts: with --balance best, the better of
    # those and the best-balanced lines
    designs = [line_layout(tables, rounds)]
    if request.balance == "best" and (best := line_layout(tables, rounds, True)) != designs[0]:
        designs.append(best)
    options = [
        interwoven.interwoven(layout, tables, request.trays_for(rounds), "howell")
        for layout in designs
    ]
    return max(options, key=lambda m: balance(m).index)


def _interweaves(tables: int, rounds: int) -> bool:
    """Whether an interwoven Howell of this size and length exists to weigh against the
    shortened one."""
    line = interwoven.line_tables(tables)
    return (
        tables >= interwoven.MIN_TABLES
        and rounds <= 2 * line - 1
        and rounds < 2 * tables - 1
        and reachable(line, rounds)
    )


def line_layout(tables: int, rounds: int, best: bool = False) -> layouts.Layout:
    """The layout each line of an interwoven Howell of `tables` tables plays: the Howell of
    its half of the tables, shortened and balanced as stored when `rounds` is short of it."""
    line = interwoven.line_tables(tables)
    layout = layout_for(line, rounds, best)
    if rounds < 2 * line - 1:
        layout = layouts.balanced(layout, line, rounds, odd=tables % 2 == 1)
    return layout


def _rounds(request: Request, tables: int) -> int:
    """The rounds asked for: --rounds, or as the variant chooses them, or the complete Howell."""
    complete = 2 * tables - 1
    if request.variant not in SHORTENED:
        return request.rounds if request.rounds is not None else complete
    if request.rounds is not None:
        raise ImpossibleMovementError(
            f"the {request.variant} Howell chooses its own rounds; leave out the rounds"
        )
    if request.variant == THREE_QUARTER:
        # three quarters, rounded to the nearest round; where no design of that length exists
        # (4 tables, 5 rounds), the nearest that does, the shorter on a tie
        target = (3 * complete + 2) // 4
        works = [r for r in range(1, complete + 1) if reachable(tables, r)]
        return min(works, key=lambda r: (abs(r - target), r))
    if request.minutes is None:
        raise ImpossibleMovementError(
            "the in-time Howell needs the time available: give the minutes of play"
        )
    per_round = request.trays_per_round or FEWEST_TRAYS
    per_tray = request.minutes_per_tray * (2 if request.mnemonic else 1)
    fit = min(complete, int(request.minutes / (per_tray * per_round)))
    # the most rounds that fit and that --rounds R --balance best builds
    works = [r for r in range(1, fit + 1) if _builds_at_best(tables, r)]
    if not works:
        raise ImpossibleMovementError(
            f"not even one round of {per_round} trays fits in {request.minutes} minutes: "
            "allow more time"
        )
    return works[-1]


def _builds_at_best(tables: int, rounds: int) -> bool:
    """Whether --rounds R --balance best builds this size: a Howell in one line, a stored
    reseating or an interwoven Howell."""
    return (
        reachable(tables, rounds)
        or f"{tables} {rounds}" in reseated.stored_sizes()
        or _interweaves(tables, rounds)
    )


def _half_rounds(movement: Movement) -> Movement:
    """The movement with the half-round trick when it balances better, with a note saying
    where and by how much."""
    plan = half_round_trick(movement)
    if not plan.halves:
        return movement
    switched = apply_switches(movement, plan)
    (table,) = {t for _, t in plan.halves}
    before, after = balance(movement).index, balance(switched).index
    return with_notes(
        switched,
        f"The half-round trick (EBU): table {table} switches the arrows for the second half "
        f"of every round; balance index {before:.1f} -> {after:.1f}.",
    )


FAMILY = Family(
    name="howell",
    title="Howell pairs",
    competitors=Competitors.PAIRS,
    sizes=f"{MIN_TABLES}-{MAX_TABLES} tables ({2 * MIN_TABLES - 1}-{2 * MAX_TABLES} pairs); "
    "complete or with fewer rounds",
    help=HELP,
    build=build,
    variants=(
        Variant(
            STANDARD,
            "every pair meets every other once (or --rounds R: a shortened Howell)",
            f"{MIN_TABLES}-{MAX_TABLES} tables",
        ),
        Variant(
            THREE_QUARTER,
            "three quarters of the complete Howell's rounds, best balanced (7 tables: 10)",
            f"{MIN_TABLES + 1}-{MAX_TABLES} tables",
        ),
        Variant(
            IN_TIME,
            "as many rounds as fit in the time, 2 trays a round, best balanced",
            f"{MIN_TABLES}-{MAX_TABLES} tables, with the minutes of play",
        ),
        Variant(
            INTERWOVEN,
            "two lines of pairs, each a Howell among itself, both on the same trays "
            "(16 tables: 15 rounds)",
            f"{interwoven.MIN_TABLES}-{MAX_TABLES} tables",
        ),
        Variant(
            HALF_ROUNDS,
            "the second half of every round arrow-switched at one table (5 tables: perfect)",
            f"{2 * MIN_TABLES - 1}-{MAX_TABLES} tables, odd, complete",
        ),
    ),
    size_unit="tables",
)
