"""Trays per round from the time available (Foster: "adjusted to the number of tables filled,
and the time to be devoted to play"; docs/movement-rules.md#trays-per-round)."""

from __future__ import annotations

from fractions import Fraction

from schedules.findings import ImpossibleMovementError

DEFAULT_MINUTES_PER_TRAY = Fraction(7)
"""A setting, default 7 minutes a deal (docs/movement-rules.md#trays-per-round)."""


def trays_per_round_for(
    minutes: float | Fraction,
    rounds: int,
    minutes_per_tray: float | Fraction = DEFAULT_MINUTES_PER_TRAY,
    mnemonic: bool = False,
) -> int:
    """The most trays a round can hold so that `rounds` rounds fit in `minutes`.

    Mnemonic play plays every tray twice, so each tray costs double.

    >>> trays_per_round_for(120, 5)
    3
    >>> trays_per_round_for(120, 5, mnemonic=True)
    1
    """
    per_tray = Fraction(minutes_per_tray) * (2 if mnemonic else 1)
    if minutes <= 0 or per_tray <= 0:
        raise ImpossibleMovementError("minutes and minutes per tray must be positive")
    k = int(Fraction(minutes) / (per_tray * rounds))
    if k < 1:
        need = per_tray * rounds
        raise ImpossibleMovementError(
            f"{rounds} rounds need at least {float(need):g} minutes at one tray a round "
            f"({float(per_tray):g} min a tray); allow more time or choose fewer rounds"
        )
    return k


def duration_minutes(
    rounds: int,
    trays_per_round: int,
    minutes_per_tray: float | Fraction = DEFAULT_MINUTES_PER_TRAY,
    mnemonic: bool = False,
) -> Fraction:
    """Playing time of a movement (mnemonic play doubles it)."""
    return Fraction(minutes_per_tray) * rounds * trays_per_round * (2 if mnemonic else 1)
