"""Per competitor totals, the rankings (ties share the place) and the winners a movement
promises.

>>> places([Fraction(6), Fraction(5), Fraction(5), Fraction(0)])
('1', '2=', '2=', '4')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm

from director.scoring.exact import combine
from director.scoring.model import (
    TRICKS,
    DealScore,
    Method,
    SectionPlay,
    Standing,
    TableScore,
    Winner,
)
from schedules.labels import natural_key
from schedules.types import Competitors, Direction, Label, Seat

HANDS_SEATS = {Direction.NS: (Seat.N, Seat.S), Direction.EW: (Seat.E, Seat.W)}
"""The seats whose hands each holder of a side held, in the order `TableScore` lists them."""


class Sum:
    """An exact running sum that can also take a figure away: numerators kept per
    denominator (few distinct ones), so adding is integer work.

    >>> total = Sum()
    >>> total.add(Fraction(1, 2)); total.add(Fraction(3, 4)); total.add(Fraction(1, 2), -1)
    >>> total.value
    Fraction(3, 4)
    """

    __slots__ = ("_parts",)

    def __init__(self) -> None:
        self._parts: dict[int, int] = {}

    def add(self, x: Fraction, sign: int = 1) -> None:
        """Add `x` (or take it away with `sign` -1)."""
        denominator = x.denominator
        self._parts[denominator] = self._parts.get(denominator, 0) + sign * x.numerator

    @property
    def value(self) -> Fraction:
        """The exact total."""
        return combine(self._parts)


@dataclass
class Tally:
    """A competitor's running totals over the deals scored; a deal can be taken out again."""

    label: Label
    deals: int = 0
    raw_sum: Sum = field(default_factory=Sum)
    pm_sum: Sum = field(default_factory=Sum)
    mp_sum: Sum = field(default_factory=Sum)
    top_sum: Sum = field(default_factory=Sum)
    seats: Counter[Seat] = field(default_factory=Counter)
    """Deals counted by the seat whose hands were held (the directions follow from them)."""

    def add(self, t: TableScore, hands: Direction, seat: Seat, sign: int = 1) -> None:
        """Count one table score for this competitor, who held `hands` from `seat` (sign -1
        removes it)."""
        ns = hands is Direction.NS
        self.deals += sign
        self.raw_sum.add(t.final_ns if ns else t.final_ew, sign)
        self.pm_sum.add(t.pm_ns if ns else t.pm_ew, sign)
        mp = t.mp_ns if ns else t.mp_ew
        if mp is not None and t.top is not None:
            self.mp_sum.add(mp, sign)
            self.top_sum.add(t.top, sign)
        self.seats[seat] += sign

    def held(self) -> tuple[set[Direction], set[Seat]]:
        """The directions and seats whose hands this competitor held."""
        seats = {s for s, n in self.seats.items() if n}
        return {s.direction for s in seats}, seats


@dataclass(frozen=True)
class Totals:
    """A tally's figures, summed once for ranking."""

    label: Label
    deals: int
    raw: Fraction
    pm: Fraction
    mp: Fraction
    top: Fraction
    directions: frozenset[Direction]
    seats: frozenset[Seat]

    @classmethod
    def of(cls, t: Tally) -> Totals:
        """Sum a tally."""
        directions, seats = t.held()
        return cls(
            t.label,
            t.deals,
            t.raw_sum.value,
            t.pm_sum.value,
            t.mp_sum.value,
            t.top_sum.value,
            frozenset(directions),
            frozenset(seats),
        )

    @property
    def percent(self) -> Fraction | None:
        """M2: matchpoints over the top of the deals actually played, as a percentage."""
        return self.mp / self.top * 100 if self.top else None


def count_deal(tallies: dict[Label, Tally], deal: DealScore, sign: int = 1) -> None:
    """Add a deal's table scores to the competitors' tallies (sign -1 takes them out)."""
    ns_seats, ew_seats = HANDS_SEATS[Direction.NS], HANDS_SEATS[Direction.EW]
    for t in deal.tables:
        for hands, seats, who in ((Direction.NS, ns_seats, t.ns), (Direction.EW, ew_seats, t.ew)):
            for i, label in enumerate(who):
                if label not in tallies:
                    tallies[label] = Tally(label)
                tallies[label].add(t, hands, seats[i % 2], sign)


def tally(deals: Iterable[DealScore], field_: Sequence[Label]) -> dict[Label, Tally]:
    """Totals for every competitor of the field (those who played nothing stay at zero)."""
    out = {label: Tally(label) for label in field_}
    for deal in deals:
        count_deal(out, deal)
    return out


def places(figures: Sequence[object]) -> tuple[str, ...]:
    """Places for figures already in order, best first: equal figures share the place."""
    counts = Counter(figures)
    first: dict[object, int] = {}
    for i, f in enumerate(figures):
        first.setdefault(f, i + 1)
    return tuple(f"{first[f]}{'=' if counts[f] > 1 else ''}" for f in figures)


def rank(
    tallies: Sequence[Totals],
    name: str,
    play: SectionPlay,
    deals_in_full: int,
    direction: Direction | None = None,
    by_lost: bool = False,
) -> tuple[Standing, ...]:
    """One ranking, best first: by plus/minus (the laws), by percentage (matchpoints), or
    `by_lost`, the fewest tricks lost (Safford, docs/scoring-rules.md#winners).

    `deals_in_full` sets the equated total (W3): the common average 13·D/2 plus the
    plus/minus, which equals crediting the average for deals not played (W5)."""
    by_mp = play.settings.method is Method.MATCHPOINTS
    full = Fraction(TRICKS * deals_in_full, 2)

    def figure(t: Totals) -> Fraction:
        if by_lost:
            return t.raw - TRICKS * t.deals
        if by_mp:
            return t.percent if t.percent is not None else Fraction(0)
        return t.pm

    # Integer keys over a common denominator: exact, and far quicker to sort than fractions.
    figures = [figure(t) for t in tallies]
    common = lcm(*(f.denominator for f in figures)) if figures else 1
    keys = {
        t.label: f.numerator * (common // f.denominator)
        for t, f in zip(tallies, figures, strict=True)
    }
    ordered = sorted(tallies, key=lambda t: (-keys[t.label], natural_key(t.label)))
    shared = places([keys[t.label] for t in ordered])
    return tuple(
        Standing(
            label=t.label,
            field=name,
            place=place,
            deals=t.deals,
            raw=t.raw,
            plus_minus=t.pm,
            equated=full + t.pm,
            matchpoints=_factored(t.mp, t, deals_in_full, play) if by_mp else None,
            top=_factored(t.top, t, deals_in_full, play) if by_mp else None,
            percent=t.percent if by_mp else None,
            direction=direction if direction else _fixed(t),
        )
        for t, place in zip(ordered, shared, strict=True)
    )


def _factored(total: Fraction, t: Totals, deals_in_full: int, play: SectionPlay) -> Fraction:
    """M6: a total over fewer deals scaled to the full number, when the event factors. The
    matchpoints and the top they are shown against are scaled alike, so that matchpoints over
    top is still the percentage."""
    if play.settings.factor_sitouts and t.deals:
        return total * Fraction(deals_in_full, t.deals)
    return total


def _fixed(t: Totals) -> Direction | None:
    return next(iter(t.directions)) if len(t.directions) == 1 else None


def rankings(play: SectionPlay, deals: Sequence[DealScore]) -> dict[str, tuple[Standing, ...]]:
    """Every ranking the session calls for (see `rank_all`)."""
    return rank_all(play, tally(deals, play.movement.field))


def rank_all(play: SectionPlay, tallies: dict[Label, Tally]) -> dict[str, tuple[Standing, ...]]:
    """Every ranking the session calls for: overall; N-S and E-W for fixed directions; one per
    seat when every player kept a seat; ladies and gentlemen where the field says who is who."""
    movement = play.movement
    played = [Totals.of(t) for t in tallies.values() if t.deals]
    full = max((t.deals for t in played), default=0)
    out = {"overall": rank(played, "overall", play, full, by_lost=by_tricks_lost(play))}
    # Mnemonic play gives every pair both sides' hands; its N-S and E-W fields are the pairs
    # seated there, each compared with the pair that held the other hands
    # (docs/scoring-rules.md#mnemonic-play).
    sides = seated_sides(play) if movement.mnemonic else {t.label: t.directions for t in played}
    fixed = all(len(sides.get(t.label, ())) == 1 for t in played)
    if movement.competitors is not Competitors.INDIVIDUALS and fixed:
        for d in Direction:
            group = [t for t in played if d in sides[t.label]]
            out[d.label] = rank(group, d.label, play, _full(group), d)
    if movement.competitors is Competitors.INDIVIDUALS and all(len(t.seats) == 1 for t in played):
        for seat in Seat:
            group = [t for t in played if seat in t.seats]
            if group:
                out[seat.word] = rank(group, seat.word, play, _full(group), seat.direction)
    for kind in ("lady", "gentleman"):
        group = [t for t in played if attribute(movement.attributes, t.label) == kind]
        if group:
            out[kind] = rank(group, kind, play, _full(group))
    return out


def by_tricks_lost(play: SectionPlay) -> bool:
    """Safford married couples are ranked on tricks lost, the fewest winning
    (docs/movement-rules.md#saffords-married-couples)."""
    return play.movement.family.lower() == "safford"


def seated_sides(play: SectionPlay) -> dict[Label, set[Direction]]:
    """The side of the table each competitor sat at, whatever hands an arrow switch gave."""
    out: dict[Label, set[Direction]] = {}
    for s in play.movement.seatings:
        for label in s.places:
            out.setdefault(label, set()).add(s.direction_of(label))
    return out


def attribute(attributes: dict[Label, str], label: Label) -> str:
    """A competitor's kind: "lady" from "lady" or "lady:a-1" (Safford adds the couple)."""
    return attributes.get(label, "").partition(":")[0].strip().lower()


def _full(group: Sequence[Totals]) -> int:
    return max((t.deals for t in group), default=0)


WINNER_FIELDS: dict[str, tuple[str, ...]] = {
    # The winners each movement promises (docs/scoring-rules.md#winners).
    "overall": ("overall",),
    "individual": ("overall",),
    "safford": ("overall",),
    "n-s": ("N-S",),
    "e-w": ("E-W",),
    "ns": ("N-S",),
    "ew": ("E-W",),
    "north": ("North",),
    "east": ("East",),
    "south": ("South",),
    "west": ("West",),
    "seats": ("North", "East", "South", "West"),
    "four": ("North", "East", "South", "West"),
    "lady": ("lady",),
    "gentleman": ("gentleman",),
    "lady and gentleman": ("lady", "gentleman"),
}
"""A promised winner (Movement.winners, any case) -> the rankings whose top wins."""


def winners(
    promised: Iterable[str], table: dict[str, tuple[Standing, ...]], by_lost: bool = False
) -> tuple[tuple[Winner, ...], tuple[str, ...]]:
    """The winners of each promised ranking (several labels when tied), and warnings for a
    promise that this session cannot decide."""
    found: list[Winner] = []
    warnings: list[str] = []
    for promise in promised:
        names = WINNER_FIELDS.get(promise.strip().lower())
        if names is None:
            warnings.append(f"winner {promise!r}: not a ranking this program knows")
            continue
        for name in names:
            rows = table.get(name)
            if not rows:
                warnings.append(f"winner {promise!r}: no {name} ranking in this session")
                continue
            best = [r for r in rows if r.place.rstrip("=") == "1"]
            figure = _winning_figure(best[0], by_lost)
            found.append(Winner(name, tuple(r.label for r in best), figure))
    return tuple(found), tuple(warnings)


def _winning_figure(row: Standing, by_lost: bool) -> Fraction:
    if by_lost:
        return TRICKS * row.deals - row.raw
    return row.percent if row.percent is not None else row.plus_minus
