"""What a whist drive's papers say, as plain values: each player's numbered card, each table's
card with its directions, the caller's list of hands, the standings and the prizes
(docs/drive.md). Drawing them is `drive_cards` and `drive_sheets`; reading them from an event
is `drive`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from director.scoring.drive import Standing, tricks_words
from director.scoring.drive_prizes import Prize
from schedules.progressive import (
    DriveSettings,
    Field,
    Layout,
    Mover,
    MovingRule,
    Place,
    Player,
    Role,
    Seat,
    Seating,
    SitOut,
    card_number,
)

SUIT_SIGNS = {"hearts": "♥", "clubs": "♣", "diamonds": "♦", "spades": "♠"}
SEAT_WORDS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}


@dataclass(frozen=True, slots=True)
class PersonalCard:
    """One player's score card: its number, the name (blank on a card drawn at the door) and
    where its holder sits for the first hand."""

    number: int
    player: Player
    start: str
    """ "First hand: Table 3, North" (or "Joins at hand 6" on a late arrival's card)."""
    part: str = ""
    """ "Lady" or "Gentleman" on a blank card of a drive of ladies and gentlemen."""


@dataclass(frozen=True, slots=True)
class DrivePapers:
    """Everything a drive's papers print, read once from the event (`drive.read_drive_papers`)
    or, for blank cards before the drive starts, from its settings alone."""

    subtitle: str
    """The event's name, venue and date: the second line of every header."""
    settings: DriveSettings
    cards: tuple[PersonalCard, ...]
    first: Seating | None = None
    """The first seating (None before the drive starts): which tables are short."""
    links: Mapping[int, str] = field(default_factory=dict)
    """Each table's phone page (a QR code on its table card)."""
    played: int = 0
    """Hands with every table's entry."""
    half_time: tuple[Standing, ...] = ()
    final: tuple[Standing, ...] = ()
    roles: Mapping[Player, Role] = field(default_factory=dict)
    prizes: tuple[Prize, ...] = ()
    penalties: tuple[str, ...] = ()
    """Each house penalty in words."""


def trump_words(settings: DriveSettings, hand: int) -> str:
    """The hand's trump as printed: "♥ hearts"; empty when each dealer turns it (written in
    by the player)."""
    suit = settings.trump(hand)
    return "" if suit is None else f"{SUIT_SIGNS[suit]} {suit}"


def place_words(place: Place) -> str:
    """ "Table 3, North"."""
    return f"Table {place.table}, {SEAT_WORDS[place.seat]}"


def named_cards(
    first: Seating, arrivals: Sequence[tuple[Player, int]], later: Sequence[Player] = ()
) -> tuple[PersonalCard, ...]:
    """A card per player, numbered in the order of the first seating (table 1 North first),
    then the late arrivals (player, the hand they join at), then the players who are to join
    later (not seated yet: their hand is not known)."""
    seated = sorted(first.places(), key=lambda item: (item[0].table, item[0].seat))
    cards = [
        PersonalCard(n, p, f"First hand: {place_words(at)}") for n, (at, p) in enumerate(seated, 1)
    ]
    coming = [(p, f"Joins at hand {hand}") for p, hand in arrivals]
    coming += [(p, "Joins later") for p in sorted(later)]
    cards += [PersonalCard(len(cards) + k, p, said) for k, (p, said) in enumerate(coming, 1)]
    return tuple(cards)


def blank_cards(settings: DriveSettings) -> tuple[PersonalCard, ...]:
    """A numbered card for every seat, to be drawn at the door: the number says the table and
    seat of the first hand, the name is written in."""
    ladies = settings.field is Field.LADIES_GENTLEMEN
    cards = []
    for table in range(1, settings.tables + 1):
        for seat in Seat:
            part = ""
            if ladies:
                part = "Lady" if seat in (Seat.N, Seat.E) else "Gentleman"
            place = Place(table, seat)
            start = f"First hand: {place_words(place)}"
            cards.append(PersonalCard(card_number(place), "", start, part))
    return tuple(cards)


def halves(settings: DriveSettings) -> tuple[range, ...]:
    """The hands of each half, in order."""
    per = settings.hands_per_half
    return tuple(range(k * per + 1, (k + 1) * per + 1) for k in range(settings.halves))


def _up(settings: DriveSettings, table: int) -> int:
    return table % settings.tables + 1


def _down(settings: DriveSettings, table: int) -> int:
    return (table - 2) % settings.tables + 1


def _table_words(settings: DriveSettings, table: int, going: int) -> str:
    """ "table 8", or at the wrap of a line or snake "table 1, at the start of the line"."""
    words = f"table {going}"
    count = settings.tables
    if count > 2 and {table, going} == {1, count} and settings.layout is not Layout.CIRCLE:
        end = "start" if going == 1 else "end"
        words += f", at the {end} of the {settings.layout.value}"
    return words


def directions(settings: DriveSettings, table: int) -> tuple[str, ...]:
    """What the players at `table` do after each hand, in the drive's words: who stays, who
    moves up (to the next table) and who moves down."""
    up = _table_words(settings, table, _up(settings, table))
    down = _table_words(settings, table, _down(settings, table))
    return _directions(settings, up, down)


def _directions(settings: DriveSettings, up: str, down: str) -> tuple[str, ...]:
    ladies = settings.field is Field.LADIES_GENTLEMEN
    lady = "lady" if ladies else "player from North or East"
    gentleman = "gentleman" if ladies else "player from South or West"
    if settings.tables == 1:
        return ("One table: everybody stays; partners change by the moving rule.",)
    if settings.rule is MovingRule.PARTNER:
        moving = "winners" if settings.partner_mover is Mover.WINNERS else "losers"
        staying = "losers" if moving == "winners" else "winners"
        return (
            f"The {moving} move up to {up}, together.",
            f"The {staying} stay at this table.",
            "Partners stay together all drive.",
        )
    said = (
        f"The losing {lady} moves up to {up}.",
        f"The losing {gentleman} moves down to {down}.",
    )
    if settings.rule is MovingRule.SEMI_PARTNER:
        return ("The winners stay at this table, together.", *said)
    return (
        *said,
        f"The winners stay at this table, and the winning {gentleman} changes seats with the"
        f" {gentleman} who arrives, so that everybody has a new partner.",
    )


def sit_out_words(settings: DriveSettings) -> str:
    """What a player sitting out scores, in words."""
    if settings.sit_out is SitOut.SET_FIGURE:
        return f"{settings.set_figure} tricks"
    return "the hand's average"


def short_tables(papers: DrivePapers) -> tuple[int, ...]:
    """The tables with an empty seat at the first hand (they stay short: docs/drive.md)."""
    first = papers.first
    if first is None:
        return ()
    return tuple(t for t in range(1, len(first.tables) + 1) if first.empty_seats(t))


def short_table_words(settings: DriveSettings) -> str:
    """What happens at a short table, said on its card (the number of players there may
    change with late arrivals and leavers, so it is not said)."""
    scores = sit_out_words(settings)
    if settings.dummy:
        return (
            "This table is short: with three players here they play each hand with the fourth"
            f" hand open as a dummy; with fewer they sit out the hand and score {scores}."
        )
    return f"This table is short: whoever sits here sits out the hand and scores {scores}."


def caller_notes(papers: DrivePapers, hand: int) -> str:
    """The caller's note for `hand`: the start, the half-time break, the end."""
    settings = papers.settings
    if hand == settings.hands:
        return "Last hand. Then collect the cards for the prizes."
    if hand % settings.hands_per_half == 0:
        return "Half-time: break; collect the cards for the half-time score."
    if hand == 1:
        return "Everyone to the table and seat on their card."
    return ""


def rules_words(papers: DrivePapers) -> tuple[str, ...]:
    """The drive's rules for the caller to hand out or read out."""
    settings = papers.settings
    lines = [
        f"{settings.tables} tables in a {settings.layout.value}; {settings.hands} hands"
        f" in {settings.halves} {'half' if settings.halves == 1 else 'halves'}"
        f" of {settings.hands_per_half}.",
        f"Moving rule: {settings.rule.value}. After each hand, at every table: "
        + " ".join(_directions(settings, "the next table", "the table before")),
        "Trumps: "
        + ("called by the caller, as listed." if settings.trump(1) else "turned by each dealer."),
        f"A revoke costs the revoking side {settings.revoke_penalty} tricks, given to the"
        " other side.",
    ]
    short = short_tables(papers)
    if short:
        tables = ", ".join(map(str, short))
        lines.append(
            f"Short {'table' if len(short) == 1 else 'tables'}: {tables}. A player there sits"
            f" out the hand and scores {sit_out_words(settings)}."
        )
    return tuple(lines)


def placed(table: Sequence[Standing]) -> tuple[str, ...]:
    """Each standing's place, "1=" where totals are equal."""
    places: list[str] = []
    for k, standing in enumerate(table):
        first = k
        while first and table[first - 1].total == standing.total:
            first -= 1
        tied = (first + 1 < len(table) and table[first + 1].total == standing.total) or first < k
        places.append(f"{first + 1}{'=' if tied else ''}")
    return tuple(places)


def standing_rows(papers: DrivePapers, table: Sequence[Standing]) -> tuple[tuple[str, ...], ...]:
    """The standings' rows: place, name, (part), total, hands won, hands sat out."""
    with_parts = papers.settings.field is Field.LADIES_GENTLEMEN
    rows = []
    for place, standing in zip(placed(table), table, strict=True):
        part = papers.roles.get(standing.player)
        cells = [place, standing.player]
        if with_parts:
            cells.append("" if part is None else part.value.capitalize())
        cells += [
            tricks_words(standing.total).removesuffix(" tricks"),
            str(standing.hands_won),
            str(len(standing.sat_out)) if standing.sat_out else "",
        ]
        rows.append(tuple(cells))
    return tuple(rows)


def standing_headings(papers: DrivePapers) -> tuple[str, ...]:
    """The standings' column headings."""
    with_parts = papers.settings.field is Field.LADIES_GENTLEMEN
    return ("Place", "Name", *(("Part",) if with_parts else ()), "Tricks", "Won", "Sat out")
