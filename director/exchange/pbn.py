"""Deals for hand records in PBN (Portable Bridge Notation), dealt here or by a machine.

Dealt here: from a seed, each tray's pack is shuffled and dealt one card at a time from the
player at the dealer's left round to the dealer, whose last card is the trump card turned
(as the laws deal). The same seed always deals the same cards.

Written in PBN's export format: a game per tray holding the fifteen tags of the standard's
Mandatory Tag Set in its order (Event, Site, Date, Board, West, North, East, South, Dealer,
Vulnerable, Deal, Scoring, Declarer, Contract, Result), "?" where whist has no value (the
players: a tray is played by every table; the scoring, declarer, contract and result, which
whist does not have) and, when known, `[TrumpCard "HQ"]` after them: the card turned, suit
then rank (not a standard PBN tag; programs that do not know it skip it). The laws keep the
trump off everything but the slip during play, so print hand records only after the session.

Read: a dealing machine's file, or ours. Board, Dealer and Deal are used (Dealer missing:
the rotating dealer), everything else is skipped; a deal with a card missing, twice or not
a card is refused with its line.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from director.errors import DirectorError
from schedules.types import Seat, Tray, default_dealer

SUITS = "SHDC"
"""PBN's order within a hand: spades, hearts, diamonds, clubs."""
RANKS = "AKQJT98765432"
PACK = tuple(suit + rank for suit in SUITS for rank in RANKS)

Hands = tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]
"""North's, East's, South's and West's cards."""

UNKNOWN = "?"
"""PBN's value for a tag whose value is not known."""
MAX_LINE = 255
"""The longest line PBN's export format allows."""
_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_MAX_BOARD = 10_000


@dataclass(frozen=True)
class Deal:
    """One tray's four hands (N, E, S, W; each a frozenset of cards like "SA", "H7")."""

    tray: int
    dealer: Seat
    hands: Hands
    trump_card: str | None = None
    """The card the dealer turned, when known."""

    def hand(self, seat: Seat) -> frozenset[str]:
        """The cards held at `seat`."""
        return self.hands[seat]


def deal_tray(seed: int, tray: int, dealer: Seat) -> Deal:
    """The tray's deal for `seed`: dealt from the dealer's left, the last card the trump."""
    pack = list(PACK)
    random.Random(f"whist-director:{seed}:{tray}").shuffle(pack)
    hands: list[set[str]] = [set(), set(), set(), set()]
    for n, card in enumerate(pack):
        hands[dealer.next(1 + n % 4)].add(card)
    return Deal(tray, dealer, _four(hands), trump_card=pack[-1])


def deal_trays(seed: int, trays: Iterable[Tray]) -> list[Deal]:
    """A deal for each tray, with its dealer."""
    return [deal_tray(seed, t.number, t.dealer) for t in sorted(trays, key=lambda t: t.number)]


def write_pbn(
    deals: Sequence[Deal], event: str = "", held_on: date | None = None, site: str = ""
) -> str:
    """The deals as a PBN file in export format."""
    lines = ["% PBN 2.1", "% EXPORT", "% Whist Director hand records", ""]
    day = held_on.strftime("%Y.%m.%d") if held_on else "????.??.??"
    for d in deals:
        lines += [
            _tag("Event", event or UNKNOWN),
            _tag("Site", site or UNKNOWN),
            _tag("Date", day),
            _tag("Board", str(d.tray)),
            *(_tag(seat, UNKNOWN) for seat in ("West", "North", "East", "South")),
            _tag("Dealer", d.dealer.name),
            _tag("Vulnerable", "None"),
            _tag("Deal", deal_text(d)),
            *(_tag(name, UNKNOWN) for name in ("Scoring", "Declarer", "Contract", "Result")),
        ]
        if d.trump_card is not None:
            lines.append(_tag("TrumpCard", d.trump_card))
        lines.append("")
    return "\r\n".join(lines)


def _tag(name: str, value: str) -> str:
    """A tag pair on one line, its value escaped and cut to keep the line within PBN's 255
    characters."""
    value = " ".join(value.split())  # a line break would end the tag pair
    line = _pair(name, value)
    while len(line) > MAX_LINE:
        value = value[:-1]
        line = _pair(name, value)
    return line


def _pair(name: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def deal_text(d: Deal) -> str:
    """PBN's Deal value: "N:" and the four hands clockwise, suits separated by dots."""
    return "N:" + " ".join(hand_text(d.hand(seat)) for seat in Seat)


def hand_text(cards: frozenset[str]) -> str:
    """A hand as PBN writes it: "AK5.QJ2.T98.7654" (spades first, ranks high to low)."""
    return ".".join(suit_ranks(cards, suit) for suit in SUITS)


def suit_ranks(cards: frozenset[str], suit: str) -> str:
    """The ranks held in one suit, high to low ("" for a void)."""
    return "".join(rank for rank in RANKS if suit + rank in cards)


def read_pbn(text: str, where: str) -> list[Deal]:
    """The deals of a PBN file, by tray; anything wrong is refused with its line."""
    deals: dict[int, Deal] = {}
    for game in _games(text):
        tags = {name: (line, value) for line, name, value in game}
        if "Deal" not in tags:
            continue  # a game without cards (a header, a match record): nothing for us
        deal = _deal(tags, where)
        if deal.tray in deals:
            raise DirectorError(f"{where}, line {tags['Board'][0]}: board {deal.tray} twice")
        deals[deal.tray] = deal
    if not deals:
        raise DirectorError(f'{where}: no deals in it ([Deal "N:..."]); is it a PBN file?')
    return [deals[n] for n in sorted(deals)]


def _games(text: str) -> list[list[tuple[int, str, str]]]:
    """The tags of each game (games are separated by blank lines), with their lines."""
    games: list[list[tuple[int, str, str]]] = [[]]
    in_comment = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if in_comment:
            in_comment = "}" not in line
            continue
        if line.startswith("{"):
            in_comment = "}" not in line
            continue
        if not line:
            if games[-1]:
                games.append([])
            continue
        match = _TAG.match(line)
        if match:
            games[-1].append((number, match.group(1), match.group(2)))
    return [g for g in games if g]


def _deal(tags: dict[str, tuple[int, str]], where: str) -> Deal:
    line, value = tags["Deal"]
    at = f"{where}, line {line}"
    tray = _board(tags, where, at)
    dealer = default_dealer(tray)
    if "Dealer" in tags:
        dealer_line, text = tags["Dealer"]
        try:
            dealer = Seat.parse(text) if text.strip() else dealer
        except ValueError:
            raise DirectorError(
                f"{where}, line {dealer_line}: Dealer must be N, E, S or W, not {text!r}"
            ) from None
    hands = parse_deal(value, at)
    trump = tags.get("TrumpCard", (line, ""))[1].strip().upper() or None
    if trump is not None and trump not in hands[dealer]:
        raise DirectorError(
            f"{where}, line {tags['TrumpCard'][0]}: the trump card {trump} is not in the"
            f" dealer's ({dealer.word}'s) hand"
        )
    return Deal(tray, dealer, hands, trump)


def _board(tags: dict[str, tuple[int, str]], where: str, at: str) -> int:
    if "Board" not in tags:
        raise DirectorError(f'{at}: a deal without a [Board "N"] tag before it')
    line, text = tags["Board"]
    if not re.fullmatch(r"\d{1,5}", text.strip()) or not 1 <= int(text) <= _MAX_BOARD:
        raise DirectorError(
            f"{where}, line {line}: Board must be a number from 1 to {_MAX_BOARD}, not {text!r}"
        )
    return int(text)


def parse_deal(value: str, at: str) -> Hands:
    """The four hands (N, E, S, W) of a PBN Deal value like "W:KQ2.A... ..."; one hand may
    be "-" (the cards nobody else holds). `at` names the place for messages."""
    first, sep, rest = value.strip().partition(":")
    try:
        seat = Seat.parse(first) if sep and first.strip() else None
    except ValueError:
        seat = None
    texts = rest.split()
    if seat is None or len(texts) != 4:
        raise DirectorError(
            f'{at}: a Deal is a seat, a colon and four hands, like "N:AK5.QJ2.T98.7654 ..."'
        )
    hands: list[set[str] | None] = [None] * 4
    seen: set[str] = set()
    for offset, text in enumerate(texts):
        where_hand = seat.next(offset)
        hands[where_hand] = None if text == "-" else _hand(text, where_hand, seen, at)
    unknown = [s for s in Seat if hands[s] is None]
    if len(unknown) > 1:
        raise DirectorError(f'{at}: only one hand may be "-"')
    if unknown:
        hands[unknown[0]] = set(PACK) - seen
    for s in Seat:
        held = hands[s]
        if held is not None and len(held) != 13:
            raise DirectorError(f"{at}: {s.word} holds {len(held)} cards, not 13")
    return _four([h or set() for h in hands])


def _hand(text: str, seat: Seat, seen: set[str], at: str) -> set[str]:
    suits = text.split(".")
    if len(suits) != 4:
        raise DirectorError(f"{at}: {seat.word}'s hand needs four suits separated by dots")
    cards: set[str] = set()
    for suit, ranks in zip(SUITS, suits, strict=True):
        for rank in ranks.upper():
            card = suit + rank
            if rank not in RANKS:
                raise DirectorError(f"{at}: {seat.word} holds {rank!r}, not a card (AKQJT98..2)")
            if card in seen:
                raise DirectorError(f"{at}: {card} dealt twice ({seat.word} again)")
            seen.add(card)
            cards.add(card)
    return cards


def _four(hands: Sequence[set[str]]) -> Hands:
    n, e, s, w = (frozenset(h) for h in hands)
    return (n, e, s, w)
