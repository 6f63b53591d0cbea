"""The vocabulary of movements: seats, directions, trays, seatings and the movement itself.

Every family (Mitchell, Howell, Safford, individuals, teams, ...) produces the same `Movement`
value, so the verifier, the balance report, the printing and the scoring read one shape.

A seating holds its competitors as `places`:
- pairs and teams: two places, the pair at North-South then the pair at East-West;
- individuals: four places, North, East, South, West.

`switched` marks an arrow switch: the pair sitting North-South plays the East-West hands of
the trays (and vice versa). Mnemonic replays use it for the second pass.

>>> s = Seating.pair(1, 3, (5, 6), "3", "7")
>>> s.direction_of("7"), s.hands_of("7")
(<Direction.EW: 'ew'>, <Direction.EW: 'ew'>)
>>> Seat.parse("w").partner
<Seat.E: 1>
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from types import FunctionType
from typing import cast

RoundNo = int
TableNo = int
TrayNo = int
Label = str
"""A competitor's label as printed: "7", "NS3", "a", "2.1" (pair 1 of team 2)."""


class Seat(enum.IntEnum):
    """A compass point at a table, in the order the deal goes round (clockwise)."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return Seat((self + 2) % 4)

    def next(self, steps: int = 1) -> Seat:
        """The seat `steps` places to the left (clockwise)."""
        return Seat((self + steps) % 4)

    @property
    def direction(self) -> Direction:
        """North and South form N-S; East and West form E-W."""
        return Direction.NS if self in (Seat.N, Seat.S) else Direction.EW

    @property
    def word(self) -> str:
        """The compass point spelt out, as printed on cards."""
        return ("North", "East", "South", "West")[self]

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read "N", "n", "north" and the like.

        >>> Seat.parse("South")
        <Seat.S: 2>
        """
        key = text.strip()[:1].upper()
        try:
            return cls[key]
        except KeyError:
            raise ValueError(f"not a seat: {text!r} (use N, E, S or W)") from None


class Direction(enum.Enum):
    """The two sides of a table: the North-South hands and the East-West hands."""

    NS = "ns"
    EW = "ew"

    @property
    def opposite(self) -> Direction:
        """The other side."""
        return Direction.EW if self is Direction.NS else Direction.NS

    @property
    def label(self) -> str:
        """As printed: "N-S" or "E-W"."""
        return "N-S" if self is Direction.NS else "E-W"


class Competitors(enum.Enum):
    """What one place in a seating holds."""

    PAIRS = "pairs"
    INDIVIDUALS = "individuals"
    TEAMS = "teams"
    """Pairs that belong to teams of four or more; places hold pairs."""

    @property
    def places_per_table(self) -> int:
        """Two pairs or four individuals at a table."""
        return 4 if self is Competitors.INDIVIDUALS else 2


_SEATS = tuple(Seat)


def _stored_by_slot(cls: type) -> None:
    """Give a frozen, slotted dataclass an `__init__` that stores each field through its slot
    (the slot's own setter) instead of `object.__setattr__` by name, as the generated one
    does: three times faster, and a movement of 58 teams makes 70,000 trays, seatings and
    relays. The signature, the defaults and everything else about the class stay as declared."""
    fields = dataclasses.fields(cls)
    scope: dict[str, object] = {}
    params, body = [], []
    for i, f in enumerate(fields):
        if f.default_factory is not dataclasses.MISSING or not f.init:
            raise TypeError(f"{cls.__name__}.{f.name}: only plain fields are stored by slot")
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            scope[f"_default{i}"] = f.default
            params.append(f"{f.name}=_default{i}")
        scope[f"_store{i}"] = getattr(cls, f.name).__set__
        body.append(f"    _store{i}(self, {f.name})\n")
    # compiled, like the dataclass's own `__init__`, so that it keeps the declared signature
    exec(f"def __init__(self, {', '.join(params)}):\n{''.join(body)}", scope)
    init = cast(FunctionType, scope["__init__"])
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = {f.name: f.type for f in fields} | {"return": None}
    setattr(cls, "__init__", init)  # noqa: B010 (mypy refuses an assignment to a method)


def default_dealer(tray: TrayNo) -> Seat:
    """The dealer seat rotates with the tray number: 1 N, 2 E, 3 S, 4 W, 5 N, ..."""
    # indexed, not Seat(k): an enum call per tray is a tenth of building a large team movement
    return _SEATS[(tray - 1) % 4]


@dataclass(frozen=True, slots=True)
class Tray:
    """One tray: one deal, its dealer seat and where it is first played (the original play)."""

    number: TrayNo
    dealer: Seat
    original_round: RoundNo
    original_table: TableNo


_stored_by_slot(Tray)

_INDIVIDUAL_SIDES = (Direction.NS, Direction.EW, Direction.NS, Direction.EW)
_PAIR_SIDES = (Direction.NS, Direction.EW)
_SWITCHED = {sides: tuple(d.opposite for d in sides) for sides in (_INDIVIDUAL_SIDES, _PAIR_SIDES)}


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits at one table in one round and which trays they play there, in order."""

    round: RoundNo
    table: TableNo
    trays: tuple[TrayNo, ...]
    places: tuple[Label, ...]
    """Pairs: (N-S pair, E-W pair). Individuals: (North, East, South, West)."""
    switched: bool = False
    """Arrow switch: the pair at N-S plays the E-W hands of these trays, and vice versa."""

    @classmethod
    def pair(
        cls,
        round: RoundNo,
        table: TableNo,
        trays: Iterable[TrayNo],
        ns: Label,
        ew: Label,
        switched: bool = False,
    ) -> Seating:
        """A table of two pairs."""
        return cls(round, table, tuple(trays), (ns, ew), switched)

    @classmethod
    def individual(
        cls,
        round: RoundNo,
        table: TableNo,
        trays: Iterable[TrayNo],
        north: Label,
        east: Label,
        south: Label,
        west: Label,
        switched: bool = False,
    ) -> Seating:
        """A table of four individual players."""
        return cls(round, table, tuple(trays), (north, east, south, west), switched)

    @property
    def is_individual(self) -> bool:
        """Four players rather than two pairs."""
        return len(self.places) == 4

    @property
    def ns(self) -> Label:
        """The pair at North-South (pairs and teams only)."""
        return self.places[0]

    @property
    def ew(self) -> Label:
        """The pair at East-West (pairs and teams only)."""
        return self.places[1]

    def seat_of(self, who: Label) -> Seat:
        """The seat of an individual; for a pair, N (N-S) or E (E-W)."""
        index = self.places.index(who)
        if self.is_individual:
            return Seat(index)
        return Seat.N if index == 0 else Seat.E

    def direction_of(self, who: Label) -> Direction:
        """The side of the table where `who` sits."""
        return self.seat_of(who).direction

    def hands_of(self, who: Label) -> Direction:
        """Which hands of the trays `who` holds here (the side, unless arrow-switched)."""
        side = self.direction_of(who)
        return side.opposite if self.switched else side

    def hands_in_place_order(self) -> tuple[Direction, ...]:
        """`hands_of` for everyone at once, in the order of `places` (the verifier's hot
        path: one tuple per seating instead of a lookup per player)."""
        sides = _INDIVIDUAL_SIDES if self.is_individual else _PAIR_SIDES
        return _SWITCHED[sides] if self.switched else sides

    def at(self, seat: Seat) -> Label:
        """Who sits at `seat` (for a pair, the pair holding that side)."""
        if self.is_individual:
            return self.places[seat]
        return self.places[0] if seat.direction is Direction.NS else self.places[1]

    def side(self, direction: Direction) -> tuple[Label, ...]:
        """The competitors sitting on one side: one pair, or two partners."""
        places = self.places
        if len(places) == 4:  # individuals, N S or E W (the verifier's hot path: no loop)
            return (places[0], places[2]) if direction is Direction.NS else (places[1], places[3])
        return (places[0] if direction is Direction.NS else places[1],)

    def partners_of(self, who: Label) -> tuple[Label, ...]:
        """An individual's partner (empty for a pair)."""
        return tuple(p for p in self.side(self.direction_of(who)) if p != who)

    def opponents_of(self, who: Label) -> tuple[Label, ...]:
        """The competitors on the other side of the table."""
        return self.side(self.direction_of(who).opposite)


@dataclass(frozen=True, slots=True)
class Share:
    """Trays that two or more tables play in the same round (a relay), declared by the movement."""

    round: RoundNo
    trays: tuple[TrayNo, ...]
    tables: tuple[TableNo, ...]


_stored_by_slot(Seating)
_stored_by_slot(Share)


REPAIR_NOTE = "Repaired: "
"""The start of each movement note that records a repair made in play (the scoring names
them when it explains a total)."""


@dataclass(frozen=True)
class Movement:
    """A complete schedule: every round, every table, every tray."""

    family: str
    competitors: Competitors
    tables: int
    rounds: int
    trays: tuple[Tray, ...]
    seatings: tuple[Seating, ...]
    field: tuple[Label, ...]
    """Every competitor, in the order cards and results list them."""
    shared: tuple[Share, ...] = ()
    mnemonic: bool = False
    variant: str | None = None
    promise: str = "any"
    """The property the family guarantees, checked by the verifier (see schedules.verify)."""
    # dataclasses.field in full: in this class `field` names the competitors
    teams: dict[Label, tuple[Label, ...]] = dataclasses.field(
        default_factory=dict, compare=False, hash=False
    )
    """For team movements: team name -> its pairs."""
    attributes: dict[Label, str] = dataclasses.field(
        default_factory=dict, compare=False, hash=False
    )
    """Per competitor, e.g. "lady" / "gentleman", or the couple a player belongs to."""
    winners: tuple[str, ...] = ("overall",)
    """The winners the movement promises: ("overall",), ("N-S", "E-W"), one per seat, ..."""
    notes: tuple[str, ...] = ()
    """Facts a director needs: after which round the skip falls, who is left over, ..."""

    def __repr__(self) -> str:
        return (
            f"Movement(family={self.family!r}, variant={self.variant!r}, "
            f"competitors={self.competitors.value!r}, tables={self.tables}, "
            f"rounds={self.rounds}, trays={len(self.trays)}, mnemonic={self.mnemonic})"
        )

    @cached_property
    def tray_numbers(self) -> tuple[TrayNo, ...]:
        """Tray numbers in order."""
        return tuple(t.number for t in self.trays)

    @cached_property
    def table_numbers(self) -> tuple[TableNo, ...]:
        """The tables that are used, in order."""
        return tuple(sorted({s.table for s in self.seatings}))

    def by_round(self) -> Iterator[tuple[RoundNo, tuple[Seating, ...]]]:
        """Seatings grouped by round, rounds and tables in order."""
        groups: dict[RoundNo, list[Seating]] = {}
        for s in self.seatings:
            groups.setdefault(s.round, []).append(s)
        for r in range(1, self.rounds + 1):
            yield r, tuple(sorted(groups.get(r, ()), key=lambda s: s.table))

    @cached_property
    def sitouts(self) -> dict[RoundNo, tuple[Label, ...]]:
        """Per round, every competitor of the field not seated (rounds with none left out)."""
        seated: dict[RoundNo, set[Label]] = {r: set() for r in range(1, self.rounds + 1)}
        for s in self.seatings:
            seated.setdefault(s.round, set()).update(s.places)
        out = {}
        for r, present in sorted(seated.items()):
            missing = tuple(c for c in self.field if c not in present)
            if missing:
                out[r] = missing
        return out

    def tray(self, number: TrayNo) -> Tray:
        """The tray with this number."""
        return self._trays_by_number[number]

    @cached_property
    def _trays_by_number(self) -> dict[TrayNo, Tray]:
        return {t.number: t for t in self.trays}

    def team_of(self, pair: Label) -> Label | None:
        """The team a pair belongs to, if any."""
        for team, pairs in self.teams.items():
            if pair in pairs:
                return team
        return None


def infer_trays(
    seatings: Iterable[Seating],
    numbers: Iterable[TrayNo] | None = None,
    dealers: dict[TrayNo, Seat] | None = None,
) -> tuple[Tray, ...]:
    """Trays whose original play is their first play in the seatings (earliest round, lowest
    table), with the default rotating dealer unless `dealers` says otherwise."""
    first: dict[TrayNo, tuple[RoundNo, TableNo]] = {}
    for s in seatings:
        for t in s.trays:
            key = (s.round, s.table)
            if t not in first or key < first[t]:
                first[t] = key
    wanted = sorted(first) if numbers is None else list(numbers)
    dealers = dealers or {}
    trays = []
    for n in wanted:
        r, t = first.get(n, (0, 0))
        trays.append(Tray(n, dealers.get(n, default_dealer(n)), r, t))
    return tuple(trays)


def find_shares(seatings: Iterable[Seating]) -> tuple[Share, ...]:
    """Every tray group played at two or more tables in one round, as `Share` declarations."""
    where: dict[tuple[RoundNo, TrayNo], list[TableNo]] = {}
    for s in seatings:
        for t in s.trays:
            where.setdefault((s.round, t), []).append(s.table)
    grouped: dict[tuple[RoundNo, tuple[TableNo, ...]], list[TrayNo]] = {}
    for (r, tray), tables in where.items():
        if len(tables) > 1:
            grouped.setdefault((r, tuple(sorted(tables))), []).append(tray)
    return tuple(
        Share(r, tuple(sorted(trays)), tables) for (r, tables), trays in sorted(grouped.items())
    )


def tray_block(set_number: int, per_round: int) -> tuple[TrayNo, ...]:
    """Trays of set k (from 1) when every set holds `per_round` consecutive trays."""
    start = (set_number - 1) * per_round + 1
    return tuple(range(start, start + per_round))
