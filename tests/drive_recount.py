"""A whist drive counted again in the tests, from the entered hands alone, by the rules of
docs/drive.md: each player's card, the standings' totals, the prizes, and (for fields of full
tables) the seating of each hand replayed move by move. Written apart from the program's own
scoring and moves, so that a test comparing the two can fail."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from schedules.progressive import MovingRule, Seating, Side

PENALTY = 3
"""The drive's default house penalty for a revoke."""

Card = list[Fraction | None]
"""One player's score on each hand (None: not there)."""

Played = tuple[Seating, dict[int, tuple[Side, int]], dict[int, Side]]
"""One hand as entered: its seating, each playing table's (winners, tricks), and the revokes
by table (the offending side)."""


def recount(hands: Sequence[Played], total_hands: int, penalty: int = PENALTY) -> dict[str, Card]:
    """Each player's card from each hand's seating, entries and revokes (a revoke gives
    `penalty` tricks to the other side); a player sitting out scores the hand's average."""
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
            cards.setdefault(player, [None] * total_hands)[number] = won
    return cards


def total(card: Card) -> Fraction:
    """The card's total."""
    return sum((s for s in card if s is not None), Fraction(0))


def last_hand(card: Card) -> tuple[Fraction, ...]:
    """The card read from the last hand back: the default tie rule's order."""
    return tuple(Fraction(-1) if s is None else s for s in reversed(card))


def best(cards: dict[str, Card], players: Sequence[str], count: int) -> list[str]:
    """The first `count` of `players` by total, then the last hand, then the hand before."""
    order = sorted(players, key=lambda p: (total(cards[p]), last_hand(cards[p])), reverse=True)
    return order[:count]


def recount_prizes(cards: dict[str, Card], hands: Sequence[Played], half: int) -> dict[str, str]:
    """The default prizes of a ladies' and gentlemen's drive ("Mrs ..." are the ladies), by
    title: three placings of each, half-time, booby, most hands of 10 or more tricks. Only a
    card with a figure for every hand (every first-half hand for half time) is placed or takes
    the booby: a late arrival's and a leaver's are not."""
    whole = [p for p, c in cards.items() if None not in c]
    first_half = {p: c[:half] for p, c in cards.items() if None not in c[:half]}
    ladies = [p for p in whole if p.startswith("Mrs")]
    gentlemen = [p for p in whole if p.startswith("Mr ")]
    placed = best(cards, ladies, 3) + best(cards, gentlemen, 3)
    places = ("top", "second", "third")
    prizes = {f"{place} lady": p for place, p in zip(places, placed[:3], strict=True)}
    prizes |= {f"{place} gentleman": p for place, p in zip(places, placed[3:], strict=True)}
    prizes["half-time"] = best(first_half, list(first_half), 1)[0]
    rest = [p for p in whole if p not in placed]
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


def replay(rule: MovingRule, seating: Seating, entries: dict[int, tuple[Side, int]]) -> Seating:
    """The next hand's seating of a field of full tables in a circle, moved by hand as the
    rule says: the losing lady up a table and the losing gentleman down, each into the seats
    the losers there left (progressive: the winning gentleman then crosses to face his former
    partner); partner: the winning pair up a table into the winners' seats there."""
    count = len(seating.tables)
    old = [list(t) for t in seating.tables]
    new = [list(t) for t in seating.tables]
    for table, (winners, _tricks) in entries.items():
        i = table - 1
        up, down = (i + 1) % count, (i - 1) % count
        losers = winners.other
        if rule is MovingRule.PARTNER:
            there = entries[up + 1][0]
            new[up][there.lady] = old[i][winners.lady]
            new[up][there.gentleman] = old[i][winners.gentleman]
            continue
        new[up][entries[up + 1][0].other.lady] = old[i][losers.lady]
        new[down][entries[down + 1][0].other.gentleman] = old[i][losers.gentleman]
    if rule is MovingRule.PROGRESSIVE:
        for table, (winners, _tricks) in entries.items():
            seats = new[table - 1]
            g_won, g_lost = winners.gentleman, winners.other.gentleman
            seats[g_won], seats[g_lost] = seats[g_lost], seats[g_won]
    tables = tuple((t[0], t[1], t[2], t[3]) for t in new)
    return Seating(tables)
