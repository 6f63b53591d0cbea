"""An independent recount of a whist drive from what was entered: each hand's seating, each
table's winners and tricks, and the revokes, scored and ranked again by the rules of
docs/drive.md without the scoring package. The store's and the window's drive tests both
check the program against it."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from schedules.progressive import Seating, Side

Card = list[Fraction | None]
"""One player's score on each hand (None: not there)."""
Played = tuple[Seating, dict[int, tuple[Side, int]], dict[int, Side]]
"""One hand as entered: its seating, each table's (winners, tricks), each revoking side."""


def recount(hands: Sequence[Played], count: int, penalty: int) -> dict[str, Card]:
    """Each player's card over `count` hands from each hand's seating, entries and revokes
    (a revoke gives `penalty` tricks to the other side; a player sitting out scores the
    hand's average)."""
    cards: dict[str, Card] = {}
    for number, (seating, entries, revokes) in enumerate(hands):
        scores: dict[str, Fraction] = {}
        for table, (winners, tricks) in entries.items():
            ns = tricks if winners is Side.NS else 13 - tricks
            ew = 13 - ns
            if table in revokes:
                if revokes[table] is Side.NS:
                    given = min(penalty, ns)
                    ns, ew = ns - given, ew + given
                else:
                    given = min(penalty, ew)
                    ns, ew = ns + given, ew - given
            north, east, south, west = seating.tables[table - 1]
            for player, score in ((north, ns), (south, ns), (east, ew), (west, ew)):
                assert player is not None
                scores[player] = Fraction(score)
        average = sum(scores.values(), Fraction(0)) / len(scores)
        for player in seating.players() - scores.keys():
            scores[player] = average
        for player, won in scores.items():
            cards.setdefault(player, [None] * count)[number] = won
    return cards


def total(card: Card) -> Fraction:
    """The card's total."""
    return sum((s for s in card if s is not None), Fraction(0))


def last_hand(card: Card) -> tuple[Fraction, ...]:
    """The card from the last hand back, for breaking a tie by the last hand."""
    return tuple(Fraction(-1) if s is None else s for s in reversed(card))


def best(cards: dict[str, Card], players: Sequence[str], count: int) -> list[str]:
    """The first `count` of `players` by total, then the last hand, then the hand before."""
    order = sorted(players, key=lambda p: (total(cards[p]), last_hand(cards[p])), reverse=True)
    return order[:count]


def expected_prizes(cards: dict[str, Card], hands: Sequence[Played], half: int) -> dict[str, str]:
    """The prizes of a drive of ladies ("Mrs ...") and gentlemen ("Mr ...") with three places
    each, ties broken by the last hand: title -> winner."""
    ladies = [p for p in cards if p.startswith("Mrs")]
    gentlemen = [p for p in cards if p.startswith("Mr ")]
    placed = best(cards, ladies, 3) + best(cards, gentlemen, 3)
    places = ("top", "second", "third")
    prizes = {f"{place} lady": player for place, player in zip(places, placed[:3], strict=True)}
    prizes |= {f"{place} gentleman": p for place, p in zip(places, placed[3:], strict=True)}
    first_half = {p: c[:half] for p, c in cards.items() if any(s is not None for s in c[:half])}
    prizes["half-time"] = best(first_half, list(first_half), 1)[0]
    rest = [p for p in cards if p not in placed]
    prizes["booby"] = min(rest, key=lambda p: (total(cards[p]), last_hand(cards[p])))
    big = {
        p: sum(
            1
            for n, s in enumerate(c)
            if s is not None and s >= 10 and p not in hands[n][0].sitting_out(False)
        )
        for p, c in cards.items()
    }
    most = max(big.values())
    tied = [p for p in cards if big[p] == most]
    prizes["most hands of 10 or more tricks"] = max(tied, key=lambda p: last_hand(cards[p]))
    return prizes
