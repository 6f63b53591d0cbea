"""A whist drive's scores: each player's tricks hand by hand, running totals and standings
(docs/drive.md#scoring).

A player scores their own side's tricks each hand. A player sitting out scores the drive's set
figure or the hand's average (the mean of what every player who played scored, kept exact as a
Fraction). A revoke costs the revoking side the house penalty, given to the other side; the
moves after the hand are not changed, only the scores.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from director.scoring.text import figure
from schedules.progressive.seating import (
    DriveError,
    Player,
    Seating,
    Side,
    TableResult,
    results_by_table,
)
from schedules.progressive.settings import DriveSettings, SitOut

TENS = 10
"""A hand of this many tricks or more counts toward the prize for most big hands."""


@dataclass(frozen=True, slots=True)
class Penalty:
    """A house penalty in a hand: the side that revoked at `table` gives the drive's penalty
    in tricks to the other side, for the reason recorded."""

    table: int
    offenders: Side
    reason: str


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand as played: the seating, each table's result, and any penalties."""

    number: int
    seating: Seating
    results: tuple[TableResult, ...]
    penalties: tuple[Penalty, ...] = ()


Tricks = Fraction | int
"""A score on one hand: whole tricks when played, a Fraction for the average when sitting out."""


@dataclass(frozen=True, slots=True)
class HandScores:
    """What everyone scored on one hand, and who sat out (their score is the figure)."""

    tricks: Mapping[Player, Tricks]
    sat_out: frozenset[Player]


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's drive so far: their score on each hand (None where they were not there)
    and the hands (numbered from 1) they sat out."""

    player: Player
    by_hand: tuple[Tricks | None, ...]
    sat_out: frozenset[int] = frozenset()
    total: Tricks = field(init=False)
    """The total of their card: whole tricks, or a Fraction once an average is in it."""

    def __post_init__(self) -> None:
        # kept, not summed on each look: ranking the prizes looks at it many times
        object.__setattr__(self, "total", sum(t for t in self.by_hand if t is not None))

    def after(self, hands: int) -> Standing:
        """Their standing after the first `hands` hands."""
        return Standing(
            self.player, self.by_hand[:hands], frozenset(h for h in self.sat_out if h <= hands)
        )

    @property
    def whole(self) -> bool:
        """They were there for every hand so far (a hand sat out counts as there): a late
        arrival's or a leaver's card is short."""
        return all(tricks is not None for tricks in self.by_hand)

    @property
    def running(self) -> tuple[Fraction, ...]:
        """Their total after each hand."""
        totals, total = [], Fraction(0)
        for tricks in self.by_hand:
            total += tricks or 0
            totals.append(total)
        return tuple(totals)

    def _played(self, least: int) -> int:
        return sum(
            1
            for hand, tricks in enumerate(self.by_hand, 1)
            if tricks is not None and tricks >= least and hand not in self.sat_out
        )

    @property
    def hands_won(self) -> int:
        """Hands their side won (7 tricks or more)."""
        return self._played(7)

    @property
    def big_hands(self) -> int:
        """Hands their side took 10 or more tricks."""
        return self._played(TENS)


def table_tricks(
    settings: DriveSettings, result: TableResult, penalties: Iterable[Penalty]
) -> dict[Side, int]:
    """Each side's tricks at a table after the house penalties (never below nothing)."""
    won, lost = result.winners, result.winners.other
    tricks = {won: result.tricks, lost: 13 - result.tricks}
    for penalty in penalties:
        given = min(settings.revoke_penalty, tricks[penalty.offenders])
        tricks[penalty.offenders] -= given
        tricks[penalty.offenders.other] += given
    return tricks


def hand_scores(settings: DriveSettings, hand: Hand) -> HandScores:
    """Every seated player's score on `hand`."""
    by_table = results_by_table(hand.seating, hand.results, settings.dummy)
    for penalty in hand.penalties:
        if penalty.table not in by_table:
            raise DriveError(
                f"Hand {hand.number}: a penalty at table {penalty.table}, which did not play."
            )
    scores: dict[Player, Tricks] = {}
    for number, result in by_table.items():
        penalties = [p for p in hand.penalties if p.table == number]
        tricks = table_tricks(settings, result, penalties)
        # seats in table order N, E, S, W: North-South, East-West, North-South, East-West
        by_seat = (tricks[Side.NS], tricks[Side.EW]) * 2
        for player, won in zip(hand.seating.tables[number - 1], by_seat, strict=True):
            if player is not None:
                scores[player] = won
    sat_out = hand.seating.sitting_out(settings.dummy)
    figure_out = _sit_out_figure(settings, scores.values())
    scores.update(dict.fromkeys(sat_out, figure_out))
    return HandScores(scores, sat_out)


def _sit_out_figure(settings: DriveSettings, played: Collection[Tricks]) -> Fraction:
    if settings.sit_out is SitOut.SET_FIGURE:
        return Fraction(settings.set_figure)
    # nobody played (a drive of one short table): half the tricks, what an average side takes
    return Fraction(sum(played), len(played)) if played else Fraction(13, 2)


def standings(settings: DriveSettings, hands: Sequence[Hand]) -> tuple[Standing, ...]:
    """Everyone who was seated for any of `hands`, highest total first, then by name (for the
    half-time standings, `Standing.after` each of the final ones)."""
    scored = [hand_scores(settings, hand) for hand in hands]
    players = {player for scores in scored for player in scores.tricks}
    sat_out: dict[Player, set[int]] = {}
    for number, scores in enumerate(scored, 1):
        for player in scores.sat_out:
            sat_out.setdefault(player, set()).add(number)
    table = [
        Standing(
            p,
            tuple(scores.tricks.get(p) for scores in scored),
            frozenset(sat_out.get(p, ())),
        )
        for p in players
    ]
    return ranked(table)


def ranked(table: Iterable[Standing]) -> tuple[Standing, ...]:
    """`table` highest total first, then by name."""
    return tuple(sorted(table, key=lambda s: (-s.total, s.player)))


def shared_places(table: Sequence[Standing]) -> tuple[str, ...]:
    """Each standing's place in `table` (ranked), equal totals sharing one: "1", "2=", "2=".

    >>> shared_places((Standing("a", (9,)), Standing("b", (7,)), Standing("c", (7,))))
    ('1', '2=', '2=')
    """
    totals = [s.total for s in table]
    return tuple(f"{totals.index(t) + 1}{'=' if totals.count(t) > 1 else ''}" for t in totals)


def penalty_notes(settings: DriveSettings, hands: Iterable[Hand]) -> tuple[str, ...]:
    """Each house penalty in words, for the record."""
    return tuple(
        f"Hand {hand.number}, table {p.table}: {p.offenders.words} gave "
        f"{settings.revoke_penalty} tricks to {p.offenders.other.words} ({p.reason})."
        for hand in hands
        for p in hand.penalties
    )


def tricks_words(total: Tricks) -> str:
    """A total as a player reads it: "168 tricks", "168.5 tricks"."""
    return f"{figure(Fraction(total))} tricks"
