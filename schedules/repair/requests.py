"""A repair as a value: what the director asked for, to apply to the movement in play.

The store takes one of these (`EventStore.repair`), applies it to the stored movement and
writes what changed; the command line and the desktop program build them from what was typed.

>>> from schedules.catalog import Request, build
>>> CutRounds(after=2).apply(build(Request("howell", tables=3))).movement.rounds
2
"""

from __future__ import annotations

from dataclasses import dataclass

from schedules.repair.late import late_pair
from schedules.repair.operations import arrow_switch, cut_rounds, withdraw, wrong_move
from schedules.repair.result import Repaired
from schedules.types import Label, Movement, RoundNo, TableNo, TrayNo


@dataclass(frozen=True)
class LatePair:
    """A late pair (or late player) joins before `from_round`."""

    from_round: RoundNo
    label: Label | None = None
    """The newcomer's label; None takes the next free number."""
    names: tuple[str, ...] = ()
    """The newcomers' names, for the store to enter them on the roster and pair them."""

    def apply(self, movement: Movement, chosen: Movement | None = None) -> Repaired:
        """The repaired movement; `chosen`, the movement as chosen while a place of it rests,
        gives the newcomer that place (see `late_pair`)."""
        return late_pair(movement, self.from_round, self.label, chosen)


@dataclass(frozen=True)
class Withdraw:
    """A competitor leaves before `from_round`."""

    competitor: Label
    from_round: RoundNo

    def apply(self, movement: Movement) -> Repaired:
        """The repaired movement."""
        return withdraw(movement, self.competitor, self.from_round)


@dataclass(frozen=True)
class WrongMove:
    """Who really sat at `table` in `round`: N-S and E-W pairs, or N, E, S, W players; and
    the trays they really played, when not those planned."""

    round: RoundNo
    table: TableNo
    places: tuple[Label, ...]
    trays: tuple[TrayNo, ...] = ()

    def apply(self, movement: Movement) -> Repaired:
        """The repaired movement."""
        return wrong_move(movement, self.round, self.table, self.places, self.trays)


@dataclass(frozen=True)
class CutRounds:
    """Play ends after round `after`."""

    after: RoundNo

    def apply(self, movement: Movement) -> Repaired:
        """The repaired movement."""
        return cut_rounds(movement, self.after)


@dataclass(frozen=True)
class ArrowSwitch:
    """The arrow is switched in `round`, at one table or (None) at all."""

    round: RoundNo
    table: TableNo | None = None

    def apply(self, movement: Movement) -> Repaired:
        """The repaired movement."""
        return arrow_switch(movement, self.round, self.table)


RepairRequest = LatePair | Withdraw | WrongMove | CutRounds | ArrowSwitch
"""Any of the five repairs."""
