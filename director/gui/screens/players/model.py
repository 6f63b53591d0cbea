"""Qt models of the players screen: the roster with each player's partnership, and the
partnerships with their players' names."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import (
    QCollator,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from director.gui.tablemodel import Column, RowsModel, SortRole
from director.store.values import Partnership, Player, joined_names

Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True, slots=True)
class RosterRow:
    """A player and the partnership label they play under (if any)."""

    player: Player
    partnership: str | None


@dataclass(frozen=True, slots=True)
class PartnershipRow:
    """A partnership with its players' names in seat order."""

    partnership: Partnership
    names: tuple[str, ...]


def roster_rows(players: Sequence[Player], partnerships: Sequence[Partnership]) -> list[RosterRow]:
    """Each player with the label of the partnership holding them."""
    label_of = {pid: p.label for p in partnerships for pid in p.players}
    return [RosterRow(p, label_of.get(p.id)) for p in players]


def partnership_rows(
    players: Sequence[Player], partnerships: Sequence[Partnership]
) -> list[PartnershipRow]:
    """Each partnership with its players' names."""
    name_of = {p.id: p.name for p in players}
    return [
        PartnershipRow(p, tuple(name_of.get(pid, f"#{pid}") for pid in p.players))
        for p in partnerships
    ]


ROSTER_COLUMNS: tuple[Column[RosterRow], ...] = (
    Column("Name", lambda r: r.player.name),
    Column("Club", lambda r: r.player.club),
    Column("Member no.", lambda r: r.player.member_number),
    Column("Lady/Gentleman", lambda r: r.player.gender.value if r.player.gender else None),
    Column("Plays as", lambda r: r.partnership, lambda r: None if r.partnership else "unpaired"),
)
PLAYS_AS = len(ROSTER_COLUMNS) - 1
"""The roster's column of each player's partnership (a pairs evening's only)."""
PARTNERSHIP_COLUMNS: tuple[Column[PartnershipRow], ...] = (
    Column("Label", lambda r: r.partnership.label),
    Column("Kind", lambda r: r.partnership.kind),
    Column("Players", lambda r: joined_names(r.names)),
)


def roster_model(parent: QObject | None = None) -> RowsModel[RosterRow]:
    """An empty roster model."""
    return RowsModel(ROSTER_COLUMNS, parent)


def partnership_model(parent: QObject | None = None) -> RowsModel[PartnershipRow]:
    """An empty partnerships model."""
    return RowsModel(PARTNERSHIP_COLUMNS, parent)


class CollatingProxy(QSortFilterProxyModel):
    """Sorts text as the locale's readers expect (QCollator: Å after Z in Swedish, Ł beside
    L, Cyrillic after Latin), numbers within text by value; other values as they compare."""

    def __init__(self, parent: QObject | None = None, locale: QLocale | None = None) -> None:
        super().__init__(parent)
        self.collator = QCollator(locale or QLocale())
        self.collator.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.collator.setNumericMode(True)

    def lessThan(self, left: Index, right: Index) -> bool:
        a, b = left.data(self.sortRole()), right.data(self.sortRole())
        if isinstance(a, str) and isinstance(b, str):
            return self.collator.compare(a, b) < 0
        if a is None or b is None:
            return a is None and b is not None  # empty cells first
        return bool(a < b)


def search_proxy(source: RowsModel[RosterRow], parent: QObject | None = None) -> CollatingProxy:
    """Search as you type over every column, case-insensitive; sorts text by the locale."""
    proxy = CollatingProxy(parent)
    proxy.setSourceModel(source)
    proxy.setFilterKeyColumn(-1)
    proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    proxy.setSortRole(SortRole)
    return proxy


def same_name(players: Sequence[Player], name: str) -> list[Player]:
    """The players whose name is `name`, ignoring case and repeated spaces."""
    key = " ".join(name.split()).casefold()
    return [p for p in players if " ".join(p.name.split()).casefold() == key]
