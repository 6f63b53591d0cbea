"""Pure print views: what each card, slip and sheet says, computed from a movement alone.

Renderers take these values and only lay them out, so tests can compare a printed PDF with the
view, and the view with `schedules.views`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from schedules.types import Competitors, Label, Movement, RoundNo, Seat, Seating, TableNo, TrayNo
from schedules.views import Stop, itineraries, tray_flow

MITCHELL_FAMILIES = ("mitchell", "ladies-gentlemen")
"""Families whose notes (the skip, the stationary table) are printed on every table card."""
SAFFORD_SUBTOTAL_EVERY = 4
"""Safford: the personal score card has a subtotal line after each four hands (seed line 23)."""


def competitor_name(movement: Movement, who: Label) -> str:
    """How a competitor is named on cards: "Pair 3", "Player 5", or, where the movement
    marks ladies and gentlemen, "Lady a" and "Gentleman 1" as the book does."""
    # Safford marks "lady:a-1" (kind and couple); the ladies-and-gentlemen Mitchell "lady".
    kind = movement.attributes.get(who, "").partition(":")[0]
    if kind in ("lady", "gentleman"):
        return f"{kind.capitalize()} {who}"
    if movement.competitors is Competitors.INDIVIDUALS:
        return f"Player {who}"
    return f"Pair {who}"


def seat_name(movement: Movement, seat: Seat) -> str:
    """A place at a table: a compass point for individuals, a side ("N-S") for pairs."""
    if movement.competitors is Competitors.INDIVIDUALS:
        return seat.word
    return seat.direction.label


def positions(movement: Movement) -> tuple[Seat, ...]:
    """The places at a table that get a card: four seats, or the two sides for pairs."""
    if movement.competitors is Competitors.INDIVIDUALS:
        return (Seat.N, Seat.E, Seat.S, Seat.W)
    return (Seat.N, Seat.E)


def trays_text(trays: tuple[TrayNo, ...]) -> str:
    """Trays as printed: "5-8" for a run, "1, 3, 9" otherwise."""
    if not trays:
        return "—"
    if len(trays) > 1 and list(trays) == list(range(trays[0], trays[0] + len(trays))):
        return f"{trays[0]}-{trays[-1]}"
    return ", ".join(str(t) for t in trays)


def tables_text(tables: tuple[TableNo, ...]) -> str:
    """Tables as printed, or a dash for none."""
    return ", ".join(str(t) for t in tables) if tables else "—"


def _seating_index(movement: Movement) -> dict[tuple[RoundNo, TableNo], Seating]:
    return {(s.round, s.table): s for s in movement.seatings}


# --- Indicators ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class IndicatorRow:
    """One round at a place: who sits there and where they go next."""

    round: RoundNo
    who: str
    """The competitor's name, or "" when the place is empty this round."""
    trays: str
    next_table: TableNo | None
    next_seat: str
    """"North", "N-S", ...; "" with `next_table` None."""
    next_note: str
    """Instead of a table: "last round", "sits out" or "empty"."""


@dataclass(frozen=True, slots=True)
class IndicatorCard:
    """The card that lies at one place of one table (the seed's indicators)."""

    table: TableNo
    seat: str
    rows: tuple[IndicatorRow, ...]


def indicator_cards(movement: Movement) -> tuple[IndicatorCard, ...]:
    """One card per table and place, every round: who sits here and where they go next."""
    trips = itineraries(movement)
    at = _seating_index(movement)
    cards = []
    for table in movement.table_numbers:
        for seat in positions(movement):
            rows = []
            for r in range(1, movement.rounds + 1):
                s = at.get((r, table))
                rows.append(_indicator_row(movement, trips, r, s.at(seat) if s else None))
            cards.append(IndicatorCard(table, seat_name(movement, seat), tuple(rows)))
    return tuple(cards)


def _indicator_row(
    movement: Movement, trips: dict[Label, tuple[Stop, ...]], r: RoundNo, who: Label | None
) -> IndicatorRow:
    if who is None:
        return IndicatorRow(r, "", "", None, "", "empty")
    trays = trays_text(trips[who][r - 1].trays)
    name = competitor_name(movement, who)
    if r == movement.rounds:
        return IndicatorRow(r, name, trays, None, "", "last round")
    nxt = trips[who][r]
    if nxt.table is None or nxt.seat is None:
        return IndicatorRow(r, name, trays, None, "", "sits out")
    return IndicatorRow(r, name, trays, nxt.table, seat_name(movement, nxt.seat), "")


# --- Table cards -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableRow:
    """One round at a table: who sits where, the trays and where they come from and go."""

    round: RoundNo
    places: tuple[str, ...]
    """Names in the order of `TableCard.headings`."""
    trays: str
    received_from: str
    passed_to: str


@dataclass(frozen=True, slots=True)
class TableCard:
    """The round sheet for one table (Mitchell's "received from" and "passed to" schedule)."""

    table: TableNo
    headings: tuple[str, ...]
    rows: tuple[TableRow, ...]
    notes: tuple[str, ...]
    """The movement's notes for the director, e.g. after which round the movers skip."""


def table_cards(movement: Movement) -> tuple[TableCard, ...]:
    """One card per table, a row per round."""
    seats = positions(movement)
    headings = tuple(seat_name(movement, s) for s in seats)
    flows = tray_flow(movement)
    # Mitchell's notes say where the skip falls, which the tables need; other families' notes
    # (Safford's proof, for one) are for the director's recap only.
    notes = movement.notes if movement.family in MITCHELL_FAMILIES else ()
    cards = []
    for table, table_flows in flows.items():
        at = {s.round: s for s in movement.seatings if s.table == table}
        rows = tuple(
            TableRow(
                f.round,
                tuple(competitor_name(movement, at[f.round].at(s)) for s in seats),
                trays_text(f.trays) + (" (switched)" if at[f.round].switched else ""),
                tables_text(f.received_from),
                tables_text(f.passed_to),
            )
            for f in table_flows
        )
        cards.append(TableCard(table, headings, rows, notes))
    return tuple(cards)


# --- Personal score cards --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One round of a competitor's card, with one box per tray for the tricks."""

    round: RoundNo
    table: str
    seat: str
    partner: str
    opponents: str
    trays: tuple[TrayNo, ...]


@dataclass(frozen=True, slots=True)
class ScoreCard:
    """A competitor's personal score card."""

    who: Label
    name: str
    rows: tuple[ScoreRow, ...]
    subtotal_every: int | None
    """Hands between subtotal lines (Safford: 4), or None."""
    with_partner: bool
    tricks: str = "Trays and tricks"
    """The heading over the trick boxes (Safford counts tricks lost)."""
    player: str = ""
    """The players' names from the event, or "" for a line to write them on."""


def score_cards(
    movement: Movement, names: Mapping[Label, str] | None = None
) -> tuple[ScoreCard, ...]:
    """One card per competitor of the field, in field order, with their names if known."""
    names = names or {}
    trips = itineraries(movement)
    individual = movement.competitors is Competitors.INDIVIDUALS
    safford = movement.family == "safford"
    every = SAFFORD_SUBTOTAL_EVERY if safford else None
    tricks = "Trays and tricks lost" if safford else "Trays and tricks"
    cards = []
    for who in movement.field:
        rows = tuple(_score_row(movement, stop) for stop in trips.get(who, ()))
        name = competitor_name(movement, who)
        card = ScoreCard(who, name, rows, every, individual, tricks, names.get(who, ""))
        cards.append(card)
    return tuple(cards)


def _score_row(movement: Movement, stop: Stop) -> ScoreRow:
    if stop.table is None or stop.seat is None:
        return ScoreRow(stop.round, "—", "sits out", "", "", ())
    names = ", ".join(competitor_name(movement, o) for o in stop.opponents)
    partner = ", ".join(competitor_name(movement, p) for p in stop.partners)
    seat = seat_name(movement, stop.seat)
    if stop.switched:
        seat += " (switched)"
    return ScoreRow(stop.round, str(stop.table), seat, partner, names, stop.trays)


# --- Trump slips and travellers --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Slip:
    """A trump slip: the tray, its dealer seat and its original play (Law IV)."""

    tray: TrayNo
    dealer: str
    original_table: TableNo
    original_round: RoundNo


def slips(movement: Movement) -> tuple[Slip, ...]:
    """One slip per tray, in tray order."""
    return tuple(
        Slip(t.number, t.dealer.word, t.original_table, t.original_round) for t in movement.trays
    )


@dataclass(frozen=True, slots=True)
class TravellerRow:
    """One play of a tray: round, table and who holds which hands."""

    round: RoundNo
    table: TableNo
    places: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Traveller:
    """A tray's traveller: the tables in the order they play it, with room for the tricks."""

    slip: Slip
    headings: tuple[str, ...]
    rows: tuple[TravellerRow, ...]
    tricks: tuple[str, ...]
    """The trick columns: one per side."""


def travellers(movement: Movement) -> tuple[Traveller, ...]:
    """One traveller per tray; each lists the plays in round order, then table order."""
    seats = positions(movement)
    headings = tuple(seat_name(movement, s) for s in seats)
    plays: dict[TrayNo, list[TravellerRow]] = {t: [] for t in movement.tray_numbers}
    for s in sorted(movement.seatings, key=lambda s: (s.round, s.table)):
        places = tuple(_label_on_traveller(s, seat) for seat in seats)
        for t in s.trays:
            plays.setdefault(t, []).append(TravellerRow(s.round, s.table, places))
    tricks = ("N-S tricks", "E-W tricks")
    return tuple(
        Traveller(slip, headings, tuple(plays[slip.tray]), tricks) for slip in slips(movement)
    )


def _label_on_traveller(s: Seating, seat: Seat) -> str:
    """Who holds the hands of `seat`: after an arrow switch a pair moves to the other trick
    column (it holds the other hands); a switched individual is marked instead."""
    if not s.switched:
        return s.at(seat)
    if s.is_individual:
        return f"{s.at(seat)} (sw)"
    return s.at(Seat(seat.next()))


# --- Movement recap --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RecapCell:
    """One table in one round of the recap grid."""

    places: str
    trays: str


@dataclass(frozen=True, slots=True)
class Recap:
    """The whole movement as a round-by-table grid, for the director."""

    title: str
    tables: tuple[TableNo, ...]
    rounds: tuple[RoundNo, ...]
    cells: dict[tuple[RoundNo, TableNo], RecapCell]
    sitouts: dict[RoundNo, str]
    notes: tuple[str, ...]


def recap(movement: Movement) -> Recap:
    """The grid: per round and table, who sits there ("3 v 5" or "N-E-S-W") and the trays."""
    joiner = "-" if movement.competitors is Competitors.INDIVIDUALS else " v "
    cells = {
        (s.round, s.table): RecapCell(
            joiner.join(s.places) + (" sw" if s.switched else ""), trays_text(s.trays)
        )
        for s in movement.seatings
    }
    title = f"{movement.family.capitalize()} movement"
    if movement.variant:
        title += f" ({movement.variant})"
    title += f": {movement.tables} tables, {movement.rounds} rounds, {len(movement.trays)} trays"
    if movement.mnemonic:
        title += ", mnemonic"
    return Recap(
        title,
        movement.table_numbers,
        tuple(range(1, movement.rounds + 1)),
        cells,
        {r: ", ".join(who) for r, who in movement.sitouts.items()},
        movement.notes,
    )
