"""Foster's classic small schemes (docs/movement-rules.md#fosters-small-pair-schemes; Foster's
Hoyle pp.111-114), as library entries.

- four-pairs: two tables, three sets; each table deals its trays, plays them and exchanges
  them; every two pairs meet once and are matched (hold the same hands at the other table) once.
- six-pairs: three tables, tables 1 and 2 always playing, table 3 half the time; every two
  pairs matched once, the last set a match between pairs a and d with anyone at N-S.
- one-table-memory: two pairs at one table, the trays laid aside and overplayed with the hands
  turned ("If the indicators pointed N & S on the original deals, they must lie E & W for the
  overplay").
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from schedules.catalog import Family, Request, Variant
from schedules.findings import ImpossibleMovementError
from schedules.types import Competitors, Label, Movement, Seating, Share, Tray, default_dealer

SEED_RULE = (
    "Foster's chapter on duplicate whist gives these schemes, and warns of memory play: "
    "\"the replaying of the cards by the same players -- 'up and back' -- is the only possible "
    "method of approximating to Duplicate Whist for one table; but where eight or more players "
    'participate, this form of the game is extremely undesirable." Foster: '
    'four pairs -- "each pair has played and overplayed an equal number of hands against every '
    'other pair"; six pairs -- the last set "simply a match between the a and d pairs"; memory '
    'duplicate -- "If the indicators pointed N & S on the original deals, they must lie E & W '
    'for the overplay" (Foster pp.111-114; docs/movement-rules.md#fosters-small-pair-schemes).'
)
READING = (
    "Our reading: each scheme as Foster's tables give it, with trays exchanged between the "
    "tables of a set declared as shared. four-pairs: 4 trays dealt at each table per set by "
    "default (Foster: 8 hands a set). six-pairs: one tray dealt at each table per position; "
    "the block of pairs b, c, e, f in positions 5 and 6 is our completion (Foster gives only "
    "who plays), and the 'anyone' at N-S in the last set are two substitutes whose scores are "
    "ignored. one-table-memory: one suit trumps for the sitting, only the E-W hands scored; "
    "Foster notes it is forbidden in all first-class clubs."
)


@dataclass(frozen=True)
class _Table:
    """One table in one set: who sits N-S and E-W, which trays it deals, which it borrows."""

    table: int
    ns: Label
    ew: Label
    deals: int
    """How many new trays the table deals (each k trays)."""
    borrows: tuple[int, ...] = ()
    """Tables of this set whose new trays it plays after its own (an exchange)."""
    replays: int | None = None
    """Instead of new trays, the set whose table-3 trays it overplays (six pairs)."""


_FOUR_PAIRS = (
    (_Table(1, "b", "a", 1, (2,)), _Table(2, "d", "c", 1, (1,))),
    (_Table(1, "c", "a", 1, (2,)), _Table(2, "b", "d", 1, (1,))),
    (_Table(1, "d", "a", 1, (2,)), _Table(2, "c", "b", 1, (1,))),
)
_SIX_PAIRS = (
    (_Table(1, "b", "a", 1, (2,)), _Table(2, "d", "c", 1, (1,)), _Table(3, "f", "e", 2)),
    (_Table(1, "c", "a", 1, (2,)), _Table(2, "d", "b", 1, (1,))),
    (
        _Table(1, "e", "a", 1, (2,)),
        _Table(2, "d", "f", 1, (1,)),
        _Table(3, "b", "c", 0, replays=1),
    ),
    (_Table(1, "f", "a", 1, (2,)), _Table(2, "d", "e", 1, (1,))),
    (_Table(1, "b", "e", 1, (2,)), _Table(2, "c", "f", 1, (1,))),
    (_Table(1, "b", "f", 1, (2,)), _Table(2, "e", "c", 1, (1,))),
    (_Table(1, "any1", "a", 1, (2,)), _Table(2, "any2", "d", 1, (1,))),
)
SUBSTITUTES = ("any1", "any2")


def _scheme(name: str, sets: tuple[tuple[_Table, ...], ...], per: int, tables: int) -> Movement:
    """Seatings, trays and shares from a table of sets."""
    next_tray = 1
    seatings, trays, shared = [], [], []
    dealt: dict[tuple[int, int], tuple[int, ...]] = {}
    for r, set_tables in enumerate(sets, start=1):
        for t in set_tables:
            block = tuple(range(next_tray, next_tray + t.deals * per))
            next_tray += len(block)
            dealt[(r, t.table)] = block
            trays += [Tray(n, default_dealer(n), r, t.table) for n in block]
        for t in set_tables:
            own = dealt[(r, t.table)] if t.replays is None else dealt[(t.replays, 3)]
            order = own + tuple(n for b in t.borrows for n in dealt[(r, b)])
            seatings.append(Seating.pair(r, t.table, order, t.ns, t.ew))
        exchanged = [t for t in set_tables if t.borrows]
        if exchanged:
            shared.append(
                Share(
                    r,
                    tuple(sorted(n for t in exchanged for n in dealt[(r, t.table)])),
                    tuple(t.table for t in exchanged),
                )
            )
    field = tuple(sorted({p for s in seatings for p in s.places} - set(SUBSTITUTES)))
    field += tuple(p for p in SUBSTITUTES if any(p in s.places for s in seatings))
    return Movement(
        family="classic",
        competitors=Competitors.PAIRS,
        tables=tables,
        rounds=len(sets),
        trays=tuple(trays),
        seatings=tuple(seatings),
        field=field,
        shared=tuple(shared),
        variant=name,
        promise="howell-complete" if name == "four-pairs" else "howell",
        attributes={p: "substitute: anyone; scores ignored" for p in field if p in SUBSTITUTES},
        winners=("overall",),
    )


def four_pairs(per: int) -> Movement:
    """Four pairs, two tables, three sets; `per` trays dealt at each table per set."""
    m = _scheme("four-pairs", _FOUR_PAIRS, per, 2)
    return _with_notes(
        m,
        "Each set: tables 1 and 2 deal their trays, play them, and exchange them; a trump is "
        "turned for every original deal.",
        f"Table 2 begins with trays {', '.join(str(1 + per + 2 * per * k) for k in range(3))} "
        "because it later receives table 1's.",
    )


def six_pairs(per: int) -> Movement:
    """Six pairs, three tables, table 3 half the time; every two pairs matched once."""
    m = _scheme("six-pairs", _SIX_PAIRS, per, 3)
    return _with_notes(
        m,
        "Tables 1 and 2 exchange their trays each set. Table 3's trays of set 1 stay in their "
        "trays and are overplayed at table 3 in set 3 (b v c), matching b with f and c with e.",
        "Table 3 is idle in sets 2 and 4; a and d are idle in sets 5 and 6.",
        "Set 7 is a match between pairs a and d (both E-W); any two players fill N-S (any1, "
        "any2) and their scores are ignored (Foster p.114).",
        "Sets 5 and 6 (b, c, e, f) are our completion: Foster gives only who plays.",
    )


def one_table_memory(trays: int) -> Movement:
    """Two pairs at one table; every tray overplayed with the hands turned."""
    numbers = tuple(range(1, trays + 1))
    seatings = (
        Seating.pair(1, 1, numbers, "NS", "EW"),
        Seating.pair(2, 1, numbers, "NS", "EW", switched=True),
    )
    return Movement(
        family="classic",
        competitors=Competitors.PAIRS,
        tables=1,
        rounds=2,
        trays=tuple(Tray(n, default_dealer(n), 1, 1) for n in numbers),
        seatings=seatings,
        field=("NS", "EW"),
        mnemonic=True,
        variant="one-table-memory",
        promise="any",
        winners=("overall",),
        notes=(
            "The players keep their seats; the trays are laid aside after the original deals "
            "and overplayed turned a quarter round: the N-S hands go to E-W and vice versa.",
            "One suit is trumps for the whole sitting; only the E-W hands are scored.",
            "Any irregularity in the hands means a new deal. Foster: forbidden in all "
            "first-class clubs.",
        ),
    )


def _with_notes(movement: Movement, *notes: str) -> Movement:
    return replace(movement, notes=movement.notes + notes)


_DEFAULT_TRAYS = {"four-pairs": 4, "six-pairs": 1, "one-table-memory": 12}


_BY_PAIRS = {4: "four-pairs", 6: "six-pairs", 2: "one-table-memory"}


def build(request: Request) -> Movement:
    """`director movement classic [--variant four-pairs|six-pairs|one-table-memory]
    [--pairs 4|6|2]`: the variant, or the scheme for that many pairs."""
    variant = request.variant or _BY_PAIRS.get(request.pairs or 4)
    if variant not in _DEFAULT_TRAYS:
        raise ImpossibleMovementError(
            f"Foster's classic schemes: {', '.join(_DEFAULT_TRAYS)} (2, 4 or 6 pairs), "
            f"not {request.variant or f'{request.pairs} pairs'}; choose one of those"
        )
    if request.pairs is not None and _BY_PAIRS.get(request.pairs) != variant:
        raise ImpossibleMovementError(
            f"the {variant} scheme has fixed sizes: not {request.pairs} pairs; leave out --pairs"
        )
    if request.rounds is not None:
        raise ImpossibleMovementError(
            "Foster's classic schemes have fixed sets; leave out --rounds"
        )
    for size in ("tables", "players", "couples", "teams"):
        if getattr(request, size) is not None:
            raise ImpossibleMovementError(
                f"Foster's classic schemes have fixed sizes; leave out --{size}"
            )
    per = request.trays_for(1, default=_DEFAULT_TRAYS[variant])
    if variant == "four-pairs":
        return four_pairs(per)
    if variant == "six-pairs":
        return six_pairs(per)
    return one_table_memory(per)


FAMILY = Family(
    name="classic",
    title="Foster's classic schemes",
    competitors=Competitors.PAIRS,
    sizes="4 pairs, 6 pairs, or 2 pairs at one table",
    help=SEED_RULE + "\n\n" + READING,
    build=build,
    variants=(
        Variant("four-pairs", "4 pairs, 2 tables, 3 sets, trays exchanged (default)", "4 pairs"),
        Variant("six-pairs", "6 pairs, 3 tables, table 3 half the time", "6 pairs"),
        Variant("one-table-memory", "2 pairs, 1 table, every tray overplayed turned", "2 pairs"),
    ),
    size_unit="pairs",
    mnemonic_allowed=True,
)
