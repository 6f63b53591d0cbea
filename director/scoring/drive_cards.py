"""The paper route of a whist drive: each hand's results rebuilt from the players' own score
cards, and every slip on them flagged (docs/drive.md#the-paper-route).

A card holds its player's side's tricks hand by hand and the total they wrote. The seating of
hand 1 is known, so the cards of the four players at a table in hand 1 say what that table
made of it; those results give hand 2's seating by the moving rule, and so on through the
drive. A table's hand is agreed when every seated player's card is typed, partners wrote the
same figure and the two sides' figures make 13. Anything else is flagged in one plain line
naming the players, the hand and the table, and waits for the host's ruling (which card is
right). A disputed hand whose cards all say the same side won does not stop the replay: the
moves depend only on who won, so the later hands can still be seated and checked.

The short form holds only each card's total, compared with the totals the program holds from
the hands entered some other way.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from director.scoring.drive import tricks_words
from director.scoring.errors import InputFormatError
from director.scoring.text import figure
from schedules.progressive.seating import SEATS, Player, Seating, Side, TableResult, side_of

Advance = Callable[[int, Seating, tuple[TableResult, ...]], Seating]
"""The seating after hand `hand` from its seating and results (the moving rule, then any
arrivals and leavers)."""


@dataclass(frozen=True, slots=True)
class Card:
    """What one player's card says: their side's tricks on each hand (None where nothing is
    written) and the total written at the foot (None when none is). The short form has no
    hands, only the total."""

    player: Player
    hands: tuple[Fraction | None, ...]
    total: Fraction | None

    @property
    def short(self) -> bool:
        """Whether only the total was typed."""
        return not self.hands


class Slip(enum.Enum):
    """What kind of mistake a flag is about."""

    PARTNERS = "partners disagree"
    THIRTEEN = "not 13 tricks"
    BLANK = "nothing written"
    NOT_TRICKS = "not a number of tricks"
    ENTERED = "differs from the entry"
    TOTAL = "total is not the sum"
    HELD_TOTAL = "total differs from the program's"


@dataclass(frozen=True, slots=True)
class Flag:
    """One slip on the cards, in one plain line naming who, which hand and which table
    (`hand` and `table` are None for a card's total)."""

    slip: Slip
    players: tuple[Player, ...]
    hand: int | None
    table: int | None
    words: str


@dataclass(frozen=True, slots=True)
class CardResult:
    """A table's hand as the cards give it: agreed by all its cards, or taken from the card
    the host ruled right (`ruled`)."""

    hand: int
    result: TableResult
    ruled: Player | None = None


@dataclass(frozen=True, slots=True)
class CardCheck:
    """What the cards gave: the table results to enter, the slips, the hands seated so far and
    the players whose card is still to type for them, and why the replay stopped early."""

    results: tuple[CardResult, ...]
    flags: tuple[Flag, ...]
    seated: int
    """Hands whose seating the cards (or the held entries) let the program replay."""
    missing: frozenset[Player]
    stopped: str | None = None


@dataclass(slots=True)
class _Table:
    """One table's hand while it is checked."""

    hand: int
    table: int
    names: dict[Player, Side]
    figures: dict[Player, int] = field(default_factory=dict)
    flags: list[Flag] = field(default_factory=list)
    missing: set[Player] = field(default_factory=set)

    @property
    def where(self) -> str:
        return f"Hand {self.hand}, table {self.table}"

    def side_figures(self, side: Side) -> dict[Player, int]:
        return {p: f for p, f in self.figures.items() if self.names[p] is side}


def check_cards(
    first: Seating,
    hands: int,
    dummy: bool,
    cards: Collection[Card],
    advance: Advance,
    *,
    held: Mapping[tuple[int, int], TableResult] | None = None,
    rulings: Mapping[tuple[int, int], Player] | None = None,
) -> CardCheck:
    """Rebuild the drive's `hands` hands from the full `cards`, from the `first` seating on.

    `held` are results entered some other way (keyboard, phone), keyed by (hand, table): they
    seat the next hand and the cards are checked against them, but not entered over them.
    `rulings` name, for a disputed (hand, table), the player whose card the host took."""
    held, rulings = held or {}, rulings or {}
    by_player = {c.player: c for c in cards if not c.short}
    results: list[CardResult] = []
    flags: list[Flag] = [f for c in by_player.values() if (f := _total_flag(c)) is not None]
    missing: set[Player] = set()
    seating = first
    for hand in range(1, hands + 1):
        replay: list[TableResult] = []
        for table in seating.playing_tables(dummy):
            checked = _check_table(seating, hand, table, by_player)
            missing |= checked.missing
            outcome = _settle(checked, held.get((hand, table)), rulings.get((hand, table)))
            flags.extend(checked.flags)
            if isinstance(outcome, CardResult):
                results.append(outcome)
                replay.append(outcome.result)
            elif isinstance(outcome, TableResult):
                replay.append(outcome)
            else:
                return CardCheck(tuple(results), tuple(flags), hand, frozenset(missing), outcome)
        if hand < hands:
            seating = advance(hand, seating, tuple(replay))
    return CardCheck(tuple(results), tuple(flags), hands, frozenset(missing))


def _check_table(seating: Seating, hand: int, table: int, cards: Mapping[Player, Card]) -> _Table:
    """The figures the typed cards at `table` give for `hand`, with the slips among them."""
    seats = seating.tables[table - 1]
    names = {p: side_of(s) for s, p in zip(SEATS, seats, strict=True) if p is not None}
    checked = _Table(hand, table, names)
    for player in names:
        card = cards.get(player)
        if card is None:
            checked.missing.add(player)
            continue
        written = card.hands[hand - 1] if hand <= len(card.hands) else None
        if written is None:
            words = f"{checked.where}: {player}'s card has nothing written for this hand."
            checked.flags.append(Flag(Slip.BLANK, (player,), hand, table, words))
        elif written.denominator != 1 or not 0 <= written <= 13:
            words = (
                f"{checked.where}: {player}'s card says {figure(written)}, but a hand played"
                " is a whole number of tricks from 0 to 13."
            )
            checked.flags.append(Flag(Slip.NOT_TRICKS, (player,), hand, table, words))
        else:
            checked.figures[player] = int(written)
    for side in Side:
        _partners_flag(checked, side)
    _thirteen_flag(checked)
    return checked


def _partners_flag(checked: _Table, side: Side) -> None:
    written = checked.side_figures(side)
    if len(set(written.values())) < 2:
        return
    (one, mine), (other, theirs) = written.items()
    words = f"{checked.where}: {one}'s card says {mine} but partner {other}'s says {theirs}."
    opponents = set(checked.side_figures(side.other).values())
    if len(opponents) == 1:
        fits = [p for p, f in written.items() if f + next(iter(opponents)) == 13]
        if len(fits) == 1:
            words += f" The other side's {next(iter(opponents))} fits {fits[0]}'s card."
    checked.flags.append(Flag(Slip.PARTNERS, (one, other), checked.hand, checked.table, words))


def _thirteen_flag(checked: _Table) -> None:
    ns, ew = (checked.side_figures(side) for side in Side)
    ns_said, ew_said = set(ns.values()), set(ew.values())
    if len(ns_said) != 1 or len(ew_said) != 1:
        return
    ns_tricks, ew_tricks = ns_said.pop(), ew_said.pop()
    if ns_tricks + ew_tricks == 13:
        return
    words = (
        f"{checked.where}: North-South ({' and '.join(ns)}) wrote {ns_tricks} and East-West"
        f" ({' and '.join(ew)}) wrote {ew_tricks}, which make {ns_tricks + ew_tricks} tricks,"
        " not 13."
    )
    players = (*ns, *ew)
    checked.flags.append(Flag(Slip.THIRTEEN, players, checked.hand, checked.table, words))


def _settle(
    checked: _Table, held: TableResult | None, ruled: Player | None
) -> CardResult | TableResult | str:
    """What `checked` gives: a result to enter, a held or provisional result that only seats
    the next hand, or why the replay cannot go on."""
    agreed = _agreed(checked)
    if held is not None:
        if agreed is not None and agreed != held:
            checked.flags.append(_entered_flag(checked, agreed, held))
        return held
    if agreed is not None:
        return CardResult(checked.hand, agreed)
    if ruled is not None and ruled in checked.figures:
        return CardResult(checked.hand, _from_figure(checked, ruled), ruled)
    winners = {_from_figure(checked, p).winners for p in checked.figures}
    if len(winners) == 1:
        # the moves depend only on who won: any card's figure seats the next hand
        return _from_figure(checked, next(iter(checked.figures)))
    if not winners:
        waiting = " and ".join(sorted(checked.missing)) or "its players"
        return f"{checked.where}: waiting for the cards of {waiting}."
    return (
        f"{checked.where}: the cards do not agree who won, so the seating from hand"
        f" {checked.hand + 1} on waits for your ruling."
    )


def _agreed(checked: _Table) -> TableResult | None:
    """The result when every seated player's card is typed and they agree."""
    if checked.flags or checked.missing or len(checked.figures) != len(checked.names):
        return None
    return _from_figure(checked, next(iter(checked.figures)))


def _from_figure(checked: _Table, player: Player) -> TableResult:
    """The table's result if `player`'s card is right."""
    side, tricks = checked.names[player], checked.figures[player]
    if tricks >= 7:
        return TableResult(checked.table, side, tricks)
    return TableResult(checked.table, side.other, 13 - tricks)


def _entered_flag(checked: _Table, cards: TableResult, held: TableResult) -> Flag:
    words = (
        f"{checked.where}: the cards say {cards.winners.words} took {cards.tricks} tricks, but"
        f" the result already entered is {held.winners.words} {held.tricks}."
    )
    return Flag(Slip.ENTERED, tuple(checked.names), checked.hand, checked.table, words)


def _total_flag(card: Card) -> Flag | None:
    """The classic slip: a total that is not the sum of the card's hands."""
    added = sum((f for f in card.hands if f is not None), Fraction(0))
    if card.total is None or card.total == added:
        return None
    words = (
        f"{card.player}'s card: the hands add up to {figure(added)}, but the total written is"
        f" {figure(card.total)}."
    )
    return Flag(Slip.TOTAL, (card.player,), None, None, words)


def check_totals(
    cards: Collection[Card], held: Mapping[Player, Fraction | int], after: int
) -> tuple[Flag, ...]:
    """The short form: each card's written total against the program's total for its player
    from the `after` hands entered; a flag for each difference."""
    flags = []
    for card in sorted(cards, key=lambda c: c.player):
        if card.total is None:
            continue
        if card.player not in held:
            words = f"{card.player}'s card says {tricks_words(card.total)}, but no hand of theirs"
            flags.append(Flag(Slip.HELD_TOTAL, (card.player,), None, None, words + " is entered."))
        elif card.total != held[card.player]:
            words = (
                f"{card.player}'s card says {tricks_words(card.total)}; the hands entered give"
                f" {tricks_words(held[card.player])} after hand {after}."
            )
            flags.append(Flag(Slip.HELD_TOTAL, (card.player,), None, None, words))
    return tuple(flags)


def card_line(card: Card) -> str:
    """A card as the host typed it, for the record: "Mrs Hale: 8 5 - 6.5 ... total 168"."""
    row = " ".join("-" if f is None else figure(f) for f in card.hands)
    total = "no total" if card.total is None else f"total {figure(card.total)}"
    return f"{card.player}: {row}, {total}" if row else f"{card.player}: {total}"


_BLANKS = ("", "-")


def parse_figure(text: str) -> Fraction | None:
    """A figure as written on a card: "8", "6.5", "6½", "13/2"; None for a blank or "-".

    >>> parse_figure("6½"), parse_figure(" 13/2 "), parse_figure("-"), parse_figure("9")
    (Fraction(13, 2), Fraction(13, 2), None, Fraction(9, 1))
    """
    cleaned = text.strip()
    if cleaned in _BLANKS:
        return None
    if cleaned.endswith("½"):
        cleaned = f"{cleaned[:-1].strip() or 0}.5"
    try:
        return Fraction(cleaned)
    except (ValueError, ZeroDivisionError):
        raise InputFormatError(f"{text.strip()!r} is not a number of tricks") from None
