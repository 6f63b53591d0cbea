"""What each card, slip and sheet says, computed from a movement alone.

Renderers take these values and only lay them out, so tests can compare a printed PDF with the
contents, and the contents with `schedules.routes`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from director.printing import tray_words
from director.printing.printed import PaperKey
from schedules.render import size
from schedules.routes import Hop, Stop, TrayWay, itineraries, tray_ways
from schedules.types import (
    REPAIR_NOTE,
    Competitors,
    Label,
    Movement,
    RoundNo,
    Seat,
    Seating,
    TableNo,
    TrayNo,
)

MITCHELL_FAMILIES = ("mitchell", "ladies-gentlemen")
"""Families whose notes (the relay, the stationary table) are printed on every table card."""
SAFFORD_SUBTOTAL_EVERY = 4
"""Safford: the personal score card has a subtotal line after each four hands (Foster's rule)."""


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


def named(movement: Movement, who: Label, names: Mapping[Label, str]) -> str:
    """A competitor as cards print them: "Pair 3", or "Pair 3: Ames & Bell" when the event
    stores their names."""
    name = names.get(who, "")
    return f"{competitor_name(movement, who)}: {name}" if name else competitor_name(movement, who)


NO_BREAK = "\u00a0"
"""A space a printed line never breaks at (`director.printing.fit.words`)."""


def surname(name: str) -> str:
    """A player's name as far as its last word: "Featherstonehaugh" for "Mrs Alexandra
    Featherstonehaugh" (a double-barrelled name, hyphened, stays whole)."""
    words = name.split()
    return words[-1] if words else name


def on_traveller(who: Label, names: Mapping[Label, str]) -> str:
    """A label on a traveller or a grid: "3", or "3 Ames & Bell" when names are stored."""
    name = names.get(who, "")
    return f"{who} {name}" if name else who


def plain_notes(movement: Movement) -> tuple[str, ...]:
    """The movement's notes a player understands (the others cite the book or a proof: they
    belong on the director's notes). An indented note belongs to the note above it (a
    proof's heading, then its checks): it is kept or left out with it."""
    kept: list[str] = []
    keeping = True
    for note in movement.notes:
        if not note.startswith(" "):
            keeping = not _technical(note)
        if keeping:
            kept.append(note)
    return tuple(kept)


def _technical(note: str) -> bool:
    words = ("seed", "Room square", "starter", "Z_", "GF(", "Construction", "search", "frame")
    # The verifier's proof and the same-cards counts it rests on (a Safford's notes).
    proofs = ("Proof", "Same cards")
    return any(w in note for w in words) or note.startswith(proofs)


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


def _seating_index(
    movement: Movement,
) -> dict[tuple[RoundNo, TableNo, tuple[TrayNo, ...]], Seating]:
    """Each seating by round, table and trays: a round split at a table (the half-round
    trick) has two, seated the other way round."""
    return {(s.round, s.table, s.trays): s for s in movement.seatings}


def _round_ways(movement: Movement) -> dict[tuple[RoundNo, TableNo], TrayWay]:
    """Each table's trays in a round and their ways, the halves of a split round as one."""
    ways: dict[tuple[RoundNo, TableNo], TrayWay] = {}
    for table_ways in tray_ways(movement).values():
        for w in table_ways:
            first = ways.get((w.round, w.table))
            ways[(w.round, w.table)] = w if first is None else _joined(first, w)
    return ways


def _joined(first: TrayWay, second: TrayWay) -> TrayWay:
    return replace(
        first,
        trays=first.trays + second.trays,
        sharing=tuple(sorted(set(first.sharing) | set(second.sharing))),
        came=first.came + second.came,
        goes=first.goes + second.goes,
    )


# --- Indicators ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class IndicatorRow:
    """One round at a place: who sits there, where the trays go and where the player goes next."""

    round: RoundNo
    who: str
    """The competitor's name, or "" when the place is empty this round."""
    trays: str
    next_table: TableNo | None
    next_seat: str
    """"North", "N-S", ...; "" with `next_table` None."""
    next_note: str
    """Instead of a table: "last round", a rest and where they play after it ("rest, then
    round 5: table 3, N-S"), or "no play this round" when nobody sits here."""
    trays_then: str = ""
    """Where this table's trays go after the round ("" when the place is empty)."""
    skip: str = ""
    """"skip: go to table 6, not 5" in the round a Mitchell mover skips a table."""


@dataclass(frozen=True, slots=True)
class IndicatorCard:
    """The card that lies at one place of one table, or the rest card (`table` None): where
    whoever rests waits, reading round by round where they go next."""

    table: TableNo | None
    seat: str
    rows: tuple[IndicatorRow, ...]

    @property
    def key(self) -> PaperKey:
        """The table and the place."""
        return (self.table, self.seat)


NO_PLAY_HERE = "no play this round"
"""An indicator's round in which nobody sits at its place (the table does not play)."""
REST_PLACE = "resting"
"""The place the rest card names: no table, no seat."""


def indicator_cards(
    movement: Movement, names: Mapping[Label, str] | None = None
) -> tuple[IndicatorCard, ...]:
    """One card per table and place, every round: who sits here, where the trays go, and
    where the player goes next; then, when anyone rests, the rest card saying where each
    resting competitor goes next (so whoever rests in the first round learns it before
    play)."""
    names = names or {}
    trips = itineraries(movement)
    skipped = tray_words.skips(movement, trips) if movement.family in MITCHELL_FAMILIES else {}
    # the halves of a split round seat the same players: either one says who sits where
    at = {(s.round, s.table): s for s in movement.seatings}
    ways = _round_ways(movement)
    cards = []
    for table in movement.table_numbers:
        for seat in positions(movement):
            rows = []
            for r in range(1, movement.rounds + 1):
                s = at.get((r, table))
                if s is None:
                    rows.append(IndicatorRow(r, "", "", None, "", NO_PLAY_HERE))
                    continue
                who = s.at(seat)
                row = _indicator_row(movement, trips, r, who, named(movement, who, names))
                then = trays_then(ways[(r, table)])
                skip = tray_words.skip_text(skipped.get((who, r)))
                rows.append(replace(row, trays_then=then, skip=skip))
            cards.append(IndicatorCard(table, seat_name(movement, seat), tuple(rows)))
    if movement.sitouts:
        cards.append(_rest_card(movement, trips, names))
    return tuple(cards)


def _rest_card(
    movement: Movement, trips: dict[Label, tuple[Stop, ...]], names: Mapping[Label, str]
) -> IndicatorCard:
    """Round by round, who rests and where each goes next."""
    rows = []
    for r, resting in sorted(movement.sitouts.items()):
        for who in resting:
            table, seat, note = _after(movement, trips[who], r)
            rows.append(IndicatorRow(r, named(movement, who, names), "—", table, seat, note))
    return IndicatorCard(None, REST_PLACE, tuple(rows))


def _indicator_row(
    movement: Movement, trips: dict[Label, tuple[Stop, ...]], r: RoundNo, who: Label, name: str
) -> IndicatorRow:
    stop = trips[who][r - 1]
    trays = trays_text(stop.trays)
    # an arrow switch said where the players read their trays, as the table card says it
    if stop.switched:
        trays += " (switched)"
    elif stop.switched_trays:
        trays += f" ({trays_text(stop.switched_trays)} switched)"
    return IndicatorRow(r, name, trays, *_after(movement, trips[who], r))


def _after(
    movement: Movement, stops: tuple[Stop, ...], r: RoundNo
) -> tuple[TableNo | None, str, str]:
    """Where a competitor goes after round `r`: (table, place, "") to play next round, else
    (None, "", words): "last round", or a rest and where they play after it."""
    if r == movement.rounds:
        return None, "", "last round"
    nxt = stops[r]
    if nxt.table is not None and nxt.seat is not None:
        return nxt.table, seat_name(movement, nxt.seat), ""
    return None, "", rest_text(movement, stops, r + 1)


def rest_text(movement: Movement, stops: tuple[Stop, ...], first: RoundNo) -> str:
    """A rest from round `first` on, in words: "rest, then round 5: table 3, N-S", or "rest
    to the end"."""
    later = next((s for s in stops[first:] if s.table is not None and s.seat is not None), None)
    if later is None or later.table is None or later.seat is None:
        return "rest to the end"
    return f"rest, then round {later.round}: table {later.table}, {seat_name(movement, later.seat)}"


def trays_then(way: TrayWay) -> str:
    """Where a table's trays go after a round, short enough for an indicator card."""
    short = [(tray, _short(leg.hop, leg.tables, leg.round, way.table)) for tray, leg in way.goes]
    counts: dict[str, list[TrayNo]] = {}
    for tray, text in short:
        counts.setdefault(text, []).append(tray)
    if len(counts) == 1:
        return next(iter(counts))
    usual = max(counts, key=lambda text: len(counts[text]))
    others = "; ".join(
        f"tray{'s' if len(trays) > 1 else ''} {tray_words.numbers_text(trays)}: {text}"
        for text, trays in counts.items()
        if text != usual
    )
    return f"each to {usual} ({others})" if len(counts[usual]) > 1 else tray_words.grouped(short)


def _short(hop: Hop, tables: tuple[TableNo, ...], round: RoundNo | None, here: TableNo) -> str:
    if hop is Hop.DONE:
        return "director"
    if hop is Hop.STAND:
        return f"stand by table {tables[0]}, round {round}"
    if tables == (here,):
        return "keep them"
    return tray_words.tables_word(tables)


# --- Table cards -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableRow:
    """One round at a table: who sits where, the trays and where they come from and go."""

    round: RoundNo
    places: tuple[str, ...]
    """Names in the order of `TableCard.headings`."""
    trays: str
    """The trays in playing order, with the tables sharing them."""
    received_from: str
    passed_to: str


@dataclass(frozen=True, slots=True)
class TableCard:
    """The round sheet for one table (Mitchell's "received from" and "passed to" schedule)."""

    table: TableNo
    headings: tuple[str, ...]
    rows: tuple[TableRow, ...]
    notes: tuple[str, ...]
    """For the players at this table: the skip of a mover leaving it, a relay or stationary
    table."""
    link: str | None = None
    """The address of the table's page for entering results from a phone (printed as a QR
    code), when the director serves the tables."""

    @property
    def key(self) -> PaperKey:
        """The table."""
        return self.table


NO_PLAY = "no play this round: whoever would sit here rests"
"""A table card's round in which the table does not play (an empty place)."""


def table_cards(
    movement: Movement,
    names: Mapping[Label, str] | None = None,
    links: Mapping[TableNo, str] | None = None,
) -> tuple[TableCard, ...]:
    """One card per table, a row per round; every tray's way in and out is named, and the
    table's link (`links`) where results are entered at the table."""
    names = names or {}
    links = links or {}
    seats = positions(movement)
    headings = tuple(seat_name(movement, s) for s in seats)
    mitchell = movement.family in MITCHELL_FAMILIES
    # a repair's note is the director's (the recap shows it): on every table's card it would
    # make each card out of date after any repair, though its rows had not changed
    notes = tuple(n for n in plain_notes(movement) if not n.startswith(REPAIR_NOTE))
    notes = notes if mitchell else ()
    trips = itineraries(movement)
    skipped = tray_words.skips(movement, trips) if mitchell else {}
    at = _seating_index(movement)
    cards = []
    for table, table_ways in tray_ways(movement).items():
        played = {way.round for way in table_ways}
        rows = [
            TableRow(r, tuple("—" for _ in seats), NO_PLAY, "", "")
            for r in range(1, movement.rounds + 1)
            if r not in played
        ]
        for way in table_ways:
            s = at[(way.round, table, way.trays)]
            rows.append(
                TableRow(
                    way.round,
                    tuple(named(movement, s.at(seat), names) for seat in seats),
                    tray_words.trays_with_sharing(way, s.switched),
                    tray_words.received_from(way),
                    tray_words.passed_to(way),
                )
            )
        mine = tuple(
            f"After round {r}, {named(movement, who, names)} goes to table {go}, not {usual}: "
            "the movers skip a table here so as not to meet their own trays again."
            for (who, r), (go, usual) in sorted(skipped.items(), key=lambda item: item[0][1])
            if trips[who][r - 1].table == table
        )
        rows.sort(key=lambda row: row.round)
        cards.append(TableCard(table, headings, tuple(rows), mine + notes, links.get(table)))
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

    @property
    def key(self) -> PaperKey:
        """The competitor."""
        return self.who


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
        rows = tuple(_score_row(movement, stop, names) for stop in trips.get(who, ()))
        name = competitor_name(movement, who)
        card = ScoreCard(who, name, rows, every, individual, tricks, names.get(who, ""))
        cards.append(card)
    return tuple(cards)


def _score_row(movement: Movement, stop: Stop, known: Mapping[Label, str]) -> ScoreRow:
    """One round of a score card, the opponents and the partner named as the event stores
    them (a player writes down whom they played)."""
    if stop.table is None or stop.seat is None:
        return ScoreRow(stop.round, "—", "rest", "", "", ())
    names = ", ".join(_on_score_card(movement, o, known) for o in stop.opponents)
    partner = ", ".join(_on_score_card(movement, p, known) for p in stop.partners)
    seat = seat_name(movement, stop.seat)
    if stop.switched:
        seat += " (switched)"
    elif stop.switched_trays:  # the half-round trick: the round's second half only
        seat += f" (tray {trays_text(stop.switched_trays)} switched)"
    return ScoreRow(stop.round, str(stop.table), seat, partner, names, stop.trays)


def _on_score_card(movement: Movement, who: Label, known: Mapping[Label, str]) -> str:
    """Another competitor as a score card names them: "Pair 3: Ames & Bell"; in an
    individual, where three others in two narrow columns are named every round, by number
    and surname ("16 Montgomery-Fitzwilliam"), which whole names of any length keep whole,
    the number never parted from the surname at a line's end (a no-break space)."""
    name = known.get(who, "")
    if movement.competitors is Competitors.INDIVIDUALS and name:
        return f"{who}{NO_BREAK}{surname(name)}"
    return named(movement, who, known)


# --- Trump slips and travellers --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Slip:
    """A trump slip: the tray, its dealer seat and its original play (Law IV)."""

    tray: TrayNo
    dealer: str
    original_table: TableNo
    original_round: RoundNo

    @property
    def key(self) -> PaperKey:
        """The tray."""
        return self.tray


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

    @property
    def key(self) -> PaperKey:
        """The tray."""
        return self.slip.tray


def travellers(
    movement: Movement, names: Mapping[Label, str] | None = None
) -> tuple[Traveller, ...]:
    """One traveller per tray; each lists the plays in round order, then table order, with the
    players' names when the event stores them."""
    names = names or {}
    seats = positions(movement)
    headings = tuple(seat_name(movement, s) for s in seats)
    plays: dict[TrayNo, list[TravellerRow]] = {t: [] for t in movement.tray_numbers}
    for s in sorted(movement.seatings, key=lambda s: (s.round, s.table)):
        places = tuple(_label_on_traveller(s, seat, names) for seat in seats)
        for t in s.trays:
            plays.setdefault(t, []).append(TravellerRow(s.round, s.table, places))
    tricks = ("N-S tricks", "E-W tricks")
    return tuple(
        Traveller(slip, headings, tuple(plays[slip.tray]), tricks) for slip in slips(movement)
    )


def _label_on_traveller(s: Seating, seat: Seat, names: Mapping[Label, str]) -> str:
    """Who holds the hands of `seat`: after an arrow switch a pair moves to the other trick
    column (it holds the other hands); a switched individual is marked instead."""
    if not s.switched:
        return on_traveller(s.at(seat), names)
    if s.is_individual:
        return f"{on_traveller(s.at(seat), names)} (sw)"
    return on_traveller(s.at(Seat(seat.next())), names)


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
    cells: dict[tuple[RoundNo, TableNo], RecapCell] = {}
    for s in movement.seatings:
        first = cells.get((s.round, s.table))
        if first is None:
            who = joiner.join(s.places) + (" sw" if s.switched else "")
            cells[(s.round, s.table)] = RecapCell(who, trays_text(s.trays))
        else:  # the second half of a round split at the table, played the other way round
            halves = f"{first.trays}, {trays_text(s.trays)}{' sw' if s.switched else ''}"
            cells[(s.round, s.table)] = replace(first, trays=halves)
    title = f"{movement.family.capitalize()} movement"
    if movement.variant:
        title += f" ({movement.variant})"
    title += f": {size(movement)}"
    if movement.mnemonic:
        title += ", mnemonic"
    return Recap(
        title,
        movement.table_numbers,
        tuple(range(1, movement.rounds + 1)),
        cells,
        {r: ", ".join(who) for r, who in movement.sitouts.items()},
        plain_notes(movement),
    )
