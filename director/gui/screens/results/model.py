"""Qt models of the results screen: standings, one deal's table scores, the running plus/minus.

Every figure comes from the scoring engine (`director.scoring`) through the store; these
models only arrange it. The running plus/minus is the engine's per-table plus/minus added up
round by round, the one sum made here, for the chart.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import accumulate

from PySide6.QtCore import QObject

from director.gui.tablemodel import Column, RowsModel
from director.scoring.model import DealScore, SessionResult, Standing, TableScore
from director.store.values import Partnership, Player
from schedules.types import Label


def names_by_label(
    players: Sequence[Player], partnerships: Sequence[Partnership]
) -> dict[str, str]:
    """The players' names behind each partnership label ("Ames & Brown")."""
    name_of = {p.id: p.name for p in players}
    return {
        p.label: " & ".join(name_of.get(pid, f"#{pid}") for pid in p.players) for p in partnerships
    }


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


def running_plus_minus(result: SessionResult, rounds: int) -> dict[Label, list[Fraction]]:
    """Each competitor's plus/minus after each round (the engine's per-table figures summed)."""
    per_round: dict[Label, list[Fraction]] = {}
    for deal in result.deals:
        for t in deal.tables:
            for labels, pm in ((t.ns, t.pm_ns), (t.ew, t.pm_ew)):
                for label in labels:
                    row = per_round.setdefault(label, [Fraction(0)] * rounds)
                    row[t.round - 1] += pm
    return {label: list(accumulate(row)) for label, row in sorted(per_round.items())}
