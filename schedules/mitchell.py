"""The Mitchell family for pairs: odd tables, every even-table method, arrow switches.

N-S pairs sit still, E-W pairs move one table up (to the next higher number, the last table
to the first), trays pass one table down (docs/movement-rules.md#mitchell). Pairs are named by
their starting table, "NS3" and "EW3"; two sections add the section, "A-NS3".

`pair_mitchell` is the public entry point for other families (the ladies-and-gentlemen
Mitchell maps each N-S pair to two ladies and each E-W pair to two gentlemen);
`FAMILY` is what `director movement mitchell` builds.
"""

from __future__ import annotations

from dataclasses import replace

from schedules.arrow_switch import SwitchPlan, apply_switches, best_switches
from schedules.catalog import Family, Request, Variant
from schedules.findings import ImpossibleMovementError
from schedules.mitchell_layouts import (
    RULES,
    SECTIONS,
    Layout,
    default_stationary,
    rule_for,
)
from schedules.types import (
    Competitors,
    Label,
    Movement,
    RoundNo,
    Seating,
    TableNo,
    Tray,
    TrayNo,
    default_dealer,
    find_shares,
    tray_block,
)


def pair_mitchell(
    tables: int,
    variant: str | None,
    trays_per_round: int,
    rounds: int | None = None,
    stationary_table: int | None = None,
    *,
    pairs: int | None = None,
) -> Movement:
    """A pair Mitchell of `tables` tables (not yet verified: `catalog.build` verifies).

    - `variant`: None for the default ("regular" for odd tables, "skip" for even), or one of
      `schedules.mitchell_layouts.RULES`: regular, skip, skip-revenge, stationary, dummy, halves,
      sections, relay.
    - `rounds`: play only the first `rounds` rounds (default: the variant's full length).
    - `stationary_table`: the stationary table of the "stationary" variant (default T/2+1).
    - `pairs`: 2*tables, or 2*tables-1 for an odd number of pairs: the N-S place at the last
      table is then empty and the E-W pair that reaches it sits out.

    Pairs are "NS{t}" / "EW{t}" by starting table ("A-NS{t}" in sections); every seating has
    the N-S pair first. N-S pairs never move; E-W pairs keep their side. Raises
    `ImpossibleMovementError` with a one-line reason for a size or variant that cannot work.
    """
    name, rule = rule_for(tables, variant)
    played = _played(tables, name, rounds)
    if trays_per_round < 1:
        raise ImpossibleMovementError("trays per round must be at least 1")
    _check_stationary(name, tables, trays_per_round, stationary_table)
    layout = rule.build(tables, played, stationary_table)
    missing = _missing_pair(layout, pairs)
    return _movement(layout, trays_per_round, missing)


def _played(tables: int, variant: str, rounds: int | None) -> int:
    """The rounds to play: all of the variant's, or a prefix of them."""
    full = RULES[variant].full_rounds(tables)
    played = full if rounds is None else rounds
    if not 1 <= played <= full:
        raise ImpossibleMovementError(
            f"a {tables}-table Mitchell ({variant}) has 1 to {full} rounds, not {played}"
        )
    return played


def _check_stationary(name: str, tables: int, per_round: int, table: int | None) -> None:
    if name != "stationary":
        if table is not None:
            raise ImpossibleMovementError(
                "--stationary-table is only for --variant stationary (an even number of tables)"
            )
        return
    if per_round < 2:
        raise ImpossibleMovementError(
            "the stationary table needs at least 2 trays a round: it overplays its neighbour's "
            "trays one at a time within the round; use --trays-per-round 2 or more"
        )
    if table is not None and not 2 <= table <= tables - 1:
        raise ImpossibleMovementError(
            f"the stationary table must be neither the first nor the last: choose 2 to "
            f"{tables - 1}, not {table} (default {default_stationary(tables)})"
        )


def _missing_pair(layout: Layout, pairs: int | None) -> frozenset[Label]:
    """The empty places: the layout's own (a dummy table) and, for an odd number of pairs,
    the N-S pair of the last table."""
    if pairs is None or pairs == 2 * layout.tables:
        return layout.phantoms
    if pairs != 2 * layout.tables - 1:
        raise ImpossibleMovementError(
            f"{layout.tables} tables seat {2 * layout.tables - 1} or {2 * layout.tables} pairs, "
            f"not {pairs}"
        )
    last = next(c.ns for c in layout.cells if c.round == 1 and c.table == layout.tables)
    return layout.phantoms | {last}


def _movement(layout: Layout, per_round: int, empty: frozenset[Label]) -> Movement:
    seatings = []
    for c in layout.cells:
        if c.ns in empty or c.ew in empty:
            continue
        block = tray_block(c.set, per_round)
        seatings.append(Seating.pair(c.round, c.table, block[c.lag :] + block[: c.lag], c.ns, c.ew))
    seatings.sort(key=lambda s: (s.round, s.table))
    dealt_at = {
        t: layout.dealt_at.get(k)
        for k in range(1, layout.sets + 1)
        for t in tray_block(k, per_round)
    }
    notes = list(layout.notes)
    if layout.variant in SKIPS:
        originals = ", ".join(
            f"{c.ew} {_tray_range(tray_block(c.set, per_round))}"
            for c in layout.cells
            if c.round == 1 and c.ew not in layout.phantoms
        )
        notes.append(f"Each E-W pair's original trays (its card shows them): {originals}.")
    gone = sorted(empty - layout.phantoms)
    if gone:
        notes.append(
            f"Odd number of pairs: {gone[0]} is missing, so table {layout.tables} is the "
            "sit-out table: the E-W pair that comes to it sits out that round."
        )
    return Movement(
        family="mitchell",
        competitors=Competitors.PAIRS,
        tables=layout.tables,
        rounds=layout.rounds,
        trays=_trays(seatings, dealt_at),
        seatings=tuple(seatings),
        field=tuple(p for p in layout.field if p not in empty),
        shared=find_shares(seatings),
        variant=layout.variant,
        promise=layout.promise,
        winners=layout.winners,
        notes=tuple(notes),
    )


SKIPS = ("skip", "skip-revenge")
"""The variants where each mover must know his original trays (Foster's 2nd Method)."""


def _tray_range(trays: tuple[TrayNo, ...]) -> str:
    low, high = trays[0], trays[-1]
    return str(low) if low == high else f"{low}-{high}"


def _trays(seatings: list[Seating], dealt_at: dict[TrayNo, TableNo | None]) -> tuple[Tray, ...]:
    """Every tray played, its original play at its dealing table when that table plays it in
    the tray's first round (a relay or an exchange puts it at two tables), else the lowest."""
    first: dict[TrayNo, tuple[RoundNo, list[TableNo]]] = {}
    for s in seatings:  # sorted by round, then table
        for t in s.trays:
            r, tables = first.setdefault(t, (s.round, []))
            if r == s.round:
                tables.append(s.table)
    trays = []
    for number in sorted(first):
        r, tables = first[number]
        table = dealt_at.get(number)
        trays.append(
            Tray(number, default_dealer(number), r, table if table in tables else tables[0])
        )
    return tuple(trays)


def build(request: Request) -> Movement:
    """`director movement mitchell ...`: size from --tables or --pairs, trays from
    --trays-per-round or --minutes, then any arrow switches."""
    tables = _tables(request)
    name, _ = rule_for(tables, request.variant)
    rounds = _played(tables, name, request.rounds)
    movement = pair_mitchell(
        tables,
        name,
        request.trays_for(rounds),
        request.rounds,
        request.stationary_table,
        pairs=request.pairs,
    )
    if request.arrow_switch and request.balance:
        raise ImpossibleMovementError(
            "--arrow-switch and --balance best both choose the switched rounds; give one"
        )
    if request.arrow_switch:
        return switched(movement, SwitchPlan(rounds=frozenset(request.arrow_switch)))
    if request.balance == "best":
        _check_balance_size(tables)
        return switched(movement, best_switches(movement))
    return movement


BALANCED_TABLES = 101
"""The largest Mitchell whose arrow switches --balance best chooses: the search grows as the
cube of the tables, and 101 tables (202 pairs) is far beyond any club's room (issue 45)."""


def _check_balance_size(tables: int) -> None:
    if tables > BALANCED_TABLES:
        raise ImpossibleMovementError(
            f"--balance best chooses the arrow switches of a Mitchell of up to "
            f"{BALANCED_TABLES} tables, not {tables}: name the switched rounds with "
            "--arrow-switch R,R, or play it without switches"
        )


def _tables(request: Request) -> int:
    if request.tables is not None and request.pairs is not None:
        raise ImpossibleMovementError("give --tables or --pairs, not both")
    if request.pairs is not None:
        if request.pairs < 5:
            raise ImpossibleMovementError(
                f"a Mitchell needs at least 5 pairs (3 tables), not {request.pairs}"
            )
        return (request.pairs + 1) // 2
    if request.tables is None:
        raise ImpossibleMovementError("give the size: --tables N or --pairs N")
    return request.tables


def switched(movement: Movement, plan: SwitchPlan) -> Movement:
    """The movement with `plan`'s arrow switches: one winner (one per section)."""
    result = apply_switches(movement, plan)
    if result is movement:
        return movement
    if movement.variant == "sections":
        winners = tuple(f"{s} overall" for s in SECTIONS)
    else:
        winners = ("overall",)
    return replace(result, winners=winners)


_SEED = (
    '"If an odd number of tables are engaged in play, the changes may take place in regular '
    "order to the end. If even, a dummy must be put in; but as that is objectionable in a "
    "social gathering, it is better to adopt one of the two systems following, unless half the "
    'number of tables is an odd number, when the method already described may be used."\n'
    '"1st Method. Some table in the series, which must not be either the first or the last, '
    "deals no original hands, but overplays all the hands coming from the other tables to the "
    "East of it. The four players sit still, taking no part in the progression; thus obliging "
    'those whose turn it would be to play at their table to pass on to the next."\n'
    '"2nd Method. Each gentleman should carefully note the number of the hand originally dealt '
    "at the table from which he starts. He progresses until he meets this hand again. The first "
    "to observe this should give notice to the company by a bell tap, as all the gentlemen must "
    "meet their original hands at the same time. Instead of stopping at the table at which "
    "this tray is encountered, all the gentlemen move on to the next, leaving the trays as they "
    'are. This skip enables each to finish the round without playing any of the hands twice."\n'
    "(Foster's Hoyle, Duplicate Whist: the Mitchell for large numbers.)"
)

_READING = (
    "Our reading (docs/movement-rules.md#mitchell): N-S pairs sit still, E-W pairs move one table "
    "up, trays pass one table down. Odd tables: T rounds, every N-S pair meets every E-W pair "
    "once, two winners (N-S and E-W). Even tables, every method Foster gives and the modern one: "
    "skip (the 2nd Method, default, T-1 rounds; the round after which the skip falls is noted and "
    "each E-W pair's original trays are listed), skip-revenge (T rounds, the last a revenge "
    "round), stationary (the 1st Method: table K, default T/2+1, never first or last, deals "
    "nothing and overplays the trays of table K+1 tray by tray; needs 2+ trays a round), dummy "
    "(T+1 tables, one empty; who sits out is noted), halves (T/2 odd: trays pass all tables, E-W "
    "pairs circulate in their half, meeting its N-S pairs twice), sections (T/2 odd: two odd "
    "Mitchells with their own trays and winners) and relay (tables 1 and T share trays, a bye "
    "stand half way). An odd number of pairs leaves the last table's N-S place empty: whoever "
    "reaches it sits out. --arrow-switch R,R (or --balance best, which chooses the switches, up "
    f"to {BALANCED_TABLES} tables) makes it a one-winner movement."
)

FAMILY = Family(
    name="mitchell",
    title="Mitchell (pairs)",
    competitors=Competitors.PAIRS,
    sizes="3+ tables (odd: regular; even: skip, skip-revenge, stationary, dummy, halves, "
    f"sections, relay; --balance best up to {BALANCED_TABLES} tables)",
    help=f"{_SEED}\n\n{_READING}",
    build=build,
    variants=tuple(Variant(name, rule.summary, rule.sizes) for name, rule in RULES.items()),
)
