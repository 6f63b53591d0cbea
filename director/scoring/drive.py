"""A whist drive's scores: each player's tricks hand by hand, running totals and standings
(docs/drive.md#scoring).

A player scores their own side's tricks each hand. A player sitting out scores the drive's set
figure or the hand's average (the mean of what every player who played scored, kept exact as a
Fraction). A revoke costs the revoking side the house penalty, given to the other side; the
moves after the hand are not changed, only the scores.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from director.scoring.text import figure
from schedules.progressive.seating import (
    DriveError,
    Player,
    Seating,
    Side,
    TableResult,
    results_by_table,
    side_of,
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


@dataclass(frozen=True, slots=True)
class HandScore:
    """What one player scored on one hand."""

    tricks: Fraction
    played: bool
    """False for a player sitting out, who scored the set figure or the average."""

    @property
    def won(self) -> bool:
        """Their side took 7 or more tricks."""
        return self.played and self.tricks >= 7

    @property
    def big(self) -> bool:
        """Their side took 10 or more tricks."""
        return self.played and self.tricks >= TENS


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's drive so far: their score on each hand (None where they were not there)."""

    player: Player
    by_hand: tuple[HandScore | None, ...]

    @property
    def total(self) -> Fraction:
        """The total of their card."""
        return sum((s.tricks for s in self.by_hand if s is not None), Fraction(0))

    @property
    def running(self) -> tuple[Fraction, ...]:
        """Their total after each hand."""
        totals, total = [], Fraction(0)
        for score in self.by_hand:
            total += score.tricks if score is not None else 0
            totals.append(total)
        return tuple(totals)

    @property
    def hands_won(self) -> int:
        """Hands their side won."""
        return sum(1 for s in self.by_hand if s is not None and s.won)

    @property
    def big_hands(self) -> int:
        """Hands their side took 10 or more tricks."""
        return sum(1 for s in self.by_hand if s is not None and s.big)


def table_tricks(
    settings: DriveSettings, result: TableResult, penalties: Iterable[Penalty]
) -> dict[Side, int]:
    """Each side's tricks at a table after the house penalties (never below nothing)."""
    tricks = {side: result.tricks_of(side) for side in Side}
    for penalty in penalties:
        given = min(settings.revoke_penalty, tricks[penalty.offenders])
        tricks[penalty.offenders] -= given
        tricks[penalty.offenders.other] += given
    return tricks


def hand_scores(settings: DriveSettings, hand: Hand) -> dict[Player, HandScore]:
    """Every seated player's score on `hand`."""
    by_table = results_by_table(hand.seating, hand.results, settings.dummy)
    for penalty in hand.penalties:
        if penalty.table not in by_table:
            raise DriveError(
                f"Hand {hand.number}: a penalty at table {penalty.table}, which did not play."
            )
    scores: dict[Player, HandScore] = {}
    for place, player in hand.seating.places():
        result = by_table.get(place.table)
        if result is not None:
            penalties = (p for p in hand.penalties if p.table == place.table)
            tricks = table_tricks(settings, result, penalties)[side_of(place.seat)]
            scores[player] = HandScore(Fraction(tricks), played=True)
    figure_out = _sit_out_figure(settings, scores.values())
    for player in hand.seating.sitting_out(settings.dummy):
        scores[player] = HandScore(figure_out, played=False)
    return scores


def _sit_out_figure(settings: DriveSettings, played: Iterable[HandScore]) -> Fraction:
    if settings.sit_out is SitOut.SET_FIGURE:
        return Fraction(settings.set_figure)
    tricks = [s.tricks for s in played]
    # nobody played (a drive of one short table): half the tricks, what an average side takes
    return sum(tricks, Fraction(0)) / len(tricks) if tricks else Fraction(13, 2)


def standings(
    settings: DriveSettings, hands: Sequence[Hand], after: int | None = None
) -> tuple[Standing, ...]:
    """Everyone who played any of the first `after` hands (all by default), highest total
    first, then by name."""
    counted = hands if after is None else hands[:after]
    scored = [hand_scores(settings, hand) for hand in counted]
    players = {player for scores in scored for player in scores}
    table = (Standing(p, tuple(scores.get(p) for scores in scored)) for p in players)
    return tuple(sorted(table, key=lambda s: (-s.total, s.player)))


def penalty_notes(settings: DriveSettings, hands: Iterable[Hand]) -> tuple[str, ...]:
    """Each house penalty in words, for the record."""
    return tuple(
        f"Hand {hand.number}, table {p.table}: {p.offenders.words} gave "
        f"{settings.revoke_penalty} tricks to {p.offenders.other.words} ({p.reason})."
        for hand in hands
        for p in hand.penalties
    )


def tricks_words(total: Fraction) -> str:
    """A total as a player reads it: "168 tricks", "168.5 tricks"."""
    return f"{figure(total)} tricks"
