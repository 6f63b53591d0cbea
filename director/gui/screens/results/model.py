"""Qt models of the results screen: standings, one deal's table scores, the running plus/minus.

Every figure comes from the scoring engine (`director.scoring`) through the store; these
models only arrange it. The chart's running plus/minus is a use case of the evening
(`director.evening.plus_minus`), shared with every front end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby

from PySide6.QtCore import QObject

# re-exported: the results view draws the chart from its models
from director.evening.plus_minus import running_plus_minus as running_plus_minus
from director.gui.tablemodel import Column, RowsModel
from director.scoring.model import DealScore, SectionPlay, SectionResult, Standing, TableScore
from schedules.types import Movement

COL_PLAYERS = 2
"""The standings' column of players' names."""


def standings_columns(names: dict[str, str]) -> tuple[Column[Standing], ...]:
    """Standings columns, the players' names read from `names`."""
    return (
        Column("Place", lambda s: s.place),
        Column("Competitor", lambda s: s.label),
        Column("Players", lambda s: names.get(s.label, "")),
        Column("Deals", lambda s: s.deals, align_right=True),
        Column("Tricks", lambda s: s.raw, align_right=True),
        Column("Plus/minus", lambda s: s.plus_minus, align_right=True),
        Column("Equated", lambda s: s.equated, align_right=True),
        Column("Matchpoints", lambda s: s.matchpoints, align_right=True),
        Column("%", lambda s: s.percent, align_right=True),
    )


def _mark(tricks: object, mark: str) -> str:
    return f"{tricks} {mark}".strip() if tricks is not None else "-"


TABLE_COLUMNS: tuple[Column[TableScore], ...] = (
    Column("Round", lambda t: t.round, align_right=True),
    Column("Table", lambda t: t.table, align_right=True),
    Column("N/S", lambda t: " ".join(t.ns)),
    Column("E/W", lambda t: " ".join(t.ew)),
    Column("Made N/S", lambda t: _mark(t.made_ns, t.marks[0]), align_right=True),
    Column("Final N/S", lambda t: t.final_ns, align_right=True),
    Column("Final E/W", lambda t: t.final_ew, align_right=True),
    Column("+/- N/S", lambda t: t.pm_ns, align_right=True),
    Column("+/- E/W", lambda t: t.pm_ew, align_right=True),
    Column("Adjustment", lambda t: t.adjustment.value, lambda t: steps_text(t)),
)


def steps_text(t: TableScore) -> str:
    """The engine's steps for one table's score, each with its rule."""
    return "\n".join(f"{s.text}  [{s.rule}]" if s.rule else s.text for s in t.steps)


def standings_model(names: dict[str, str], parent: QObject | None = None) -> RowsModel[Standing]:
    """An empty standings model."""
    return RowsModel(standings_columns(names), parent)


def tables_model(parent: QObject | None = None) -> RowsModel[TableScore]:
    """An empty model of one deal's table scores."""
    return RowsModel(TABLE_COLUMNS, parent)


def deal_title(deal: DealScore) -> str:
    """ "Tray 3 (new deal 2): N/S average 7.5 over 4 tables"."""
    from director.scoring.text import figure

    head = f"Tray {deal.tray}" + (f" (new deal {deal.version})" if deal.version > 1 else "")
    if deal.avg_ns is None:
        return f"{head}: no counting result yet"
    return (
        f"{head}: N/S average {figure(deal.avg_ns)}, E/W average {figure(deal.avg_ew)} "
        f"over {deal.counting} table(s)"
    )


Play = tuple[int, int, int]
"""(round, table, tray): one table's play of one tray."""


def plays_of(movement: Movement) -> frozenset[Play]:
    """Every play the movement schedules."""
    return frozenset((s.round, s.table, tray) for s in movement.seatings for tray in s.trays)


def missing_plays(section_play: SectionPlay, plays: frozenset[Play]) -> tuple[Play, ...]:
    """The `plays` of the section's movement that have no result (nor ruling) yet, by round
    and table."""
    entered = {(r.round, r.table, r.tray) for r in section_play.results}
    return tuple(sorted(plays - entered))


def missing_by_round(missing: Sequence[Play]) -> list[str]:
    """ "Round 5: table 3 (tray 9), table 4 (trays 11, 12)", a line per round."""
    lines = []
    for round_no, plays in groupby(missing, key=lambda p: p[0]):
        tables = []
        for table, trays in groupby(plays, key=lambda p: p[1]):
            numbers = [str(p[2]) for p in trays]
            word = "tray" if len(numbers) == 1 else "trays"
            tables.append(f"table {table} ({word} {', '.join(numbers)})")
        lines.append(f"Round {round_no}: {', '.join(tables)}")
    return lines


MISSING_WARNING = ": no result yet from "
"""How scoring words a tray's missing results (the screen counts those itself)."""


@dataclass(frozen=True)
class Status:
    """What the line above the standings says: how complete they are, and what to look at."""

    missing: tuple[Play, ...]
    warnings: tuple[str, ...]
    """The scoring's warnings, less those about results still to come."""

    @classmethod
    def of(cls, section_play: SectionPlay, result: SectionResult, plays: frozenset[Play]) -> Status:
        """The status of `result`, scored from `section_play` whose movement schedules `plays`."""
        return cls(
            missing_plays(section_play, plays),
            tuple(w for w in result.warnings if MISSING_WARNING not in w),
        )

    @property
    def provisional(self) -> bool:
        """Results are still to come: the places may change."""
        return bool(self.missing)

    def summary(self) -> str:
        """One line: "Provisional: 23 results still to come; 2 warnings" (empty when final
        with nothing to look at)."""
        parts = []
        if self.missing:
            count = len(self.missing)
            parts.append(f"{count} result{'s' if count > 1 else ''} still to come")
        if self.warnings:
            count = len(self.warnings)
            parts.append(f"{count} warning{'s' if count > 1 else ''}")
        text = "; ".join(parts)
        return f"Provisional: {text}" if self.missing else text

    def details(self) -> str:
        """The lines behind the summary: the results to come by round, then the warnings."""
        lines = []
        if self.missing:
            lines += ["Results still to come:", *missing_by_round(self.missing)]
        if self.warnings:
            lines += [""] if lines else []
            lines += ["Warnings:", *self.warnings]
        return "\n".join(lines)


def promised_rankings(result: SectionResult) -> tuple[str, ...]:
    """The rankings whose winners the movement promises (N-S and E-W for a Mitchell), in the
    movement's order; "overall" when it promises none the session can show."""
    names = dict.fromkeys(w.title for w in result.winners if w.title in result.standings)
    if not names and "overall" in result.standings:
        return ("overall",)
    return tuple(names)


def rankings_title(names: Sequence[str]) -> str:
    """ "N-S and E-W", "North, East, South and West"."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"
