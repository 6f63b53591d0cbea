"""A deal a competitor plays a second time (a wrong move): the first play counts, and at the
later play the table takes the average (docs/laws.md#a-deal-played-twice, W15).

>>> from schedules.types import Competitors, Movement, Seating, infer_trays
>>> seats = (Seating.pair(1, 1, (1,), "1", "2"), Seating.pair(2, 1, (1,), "3", "1"))
>>> m = Movement("x", Competitors.PAIRS, 1, 2, infer_trays(seats), seats, ("1", "2", "3"))
>>> replays(m)[(2, 1, 1)].text(1)
'pair 1 had already played tray 1 in round 1 at table 1: the table takes the average'
"""

from __future__ import annotations

from dataclasses import dataclass

from schedules.types import Competitors, Label, Movement, RoundNo, TableNo, TrayNo

RULE = "Law V Sec.1, law (f) (W15)"
"""What an explanation cites for the average at a deal played again."""


@dataclass(frozen=True, slots=True)
class Replay:
    """A play of a tray by someone who had already played it."""

    who: tuple[Label, ...]
    """Those at the table who had played the tray before."""
    noun: str
    """What they are: "pair" or "player"."""
    round: RoundNo
    """Where the first of them first played it."""
    table: TableNo

    def text(self, tray: TrayNo) -> str:
        """Why the table takes the average, in words."""
        who = f"{self.noun}{'s' if len(self.who) > 1 else ''} {' and '.join(self.who)}"
        return (
            f"{who} had already played tray {tray} in round {self.round} at table {self.table}:"
            " the table takes the average"
        )


def replays(movement: Movement) -> dict[tuple[RoundNo, TableNo, TrayNo], Replay]:
    """Every play (round, table, tray) at which a competitor plays a tray again. Mnemonic play
    replays every tray by design and has none."""
    if movement.mnemonic:
        return {}
    noun = "player" if movement.competitors is Competitors.INDIVIDUALS else "pair"
    # two passes, no sort: every entry's check against the laws indexes the plays again.
    # Where each competitor first played each tray, by competitor then tray: no key tuples.
    first: dict[Label, dict[TrayNo, tuple[RoundNo, TableNo]]] = {}
    for s in movement.seatings:
        where = (s.round, s.table)
        for who in s.places:
            mine = first.setdefault(who, {})
            for tray in s.trays:
                seen = mine.get(tray)
                if seen is None or where < seen:
                    mine[tray] = where
    out: dict[tuple[RoundNo, TableNo, TrayNo], Replay] = {}
    for s in movement.seatings:
        where = (s.round, s.table)
        for tray in s.trays:
            again = tuple(who for who in s.places if first[who][tray] < where)
            if again:
                out[(*where, tray)] = Replay(again, noun, *first[again[0]][tray])
    return out
