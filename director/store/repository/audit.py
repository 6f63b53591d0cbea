"""The audit trail's rows in words: what the ids in its recorded changes stand for."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.orm import Session as Db

from director.store.schema import (
    DealRow,
    PartnershipRow,
    PlayerRow,
    SeatingRow,
    SectionRow,
    SessionRow,
    TableRow,
    TeamRow,
    TrayRow,
)

# -- the history in words ----------------------------------------------------------------------


def row_names(db: Db) -> dict[str, dict[int, str]]:
    """The words for each row a foreign key of an audited row can point at, by column name."""

    def named(query: Select[int, *tuple[Any, ...]], say: Callable[..., str]) -> dict[int, str]:
        return {row[0]: say(*row[1:]) for row in db.execute(query)}

    deals = select(DealRow.id, TrayRow.number, DealRow.version).join(
        TrayRow, TrayRow.id == DealRow.tray_id
    )
    return {
        "deal_id": named(deals, lambda n, v: f"tray {n}" + (f" (deal {v})" if v > 1 else "")),
        "table_id": named(select(TableRow.id, TableRow.number), "table {}".format),
        "tray_id": named(select(TrayRow.id, TrayRow.number), "tray {}".format),
        "seating_id": named(
            select(SeatingRow.id, SeatingRow.round_no, SeatingRow.table_no),
            "round {} table {}".format,
        ),
        "player_id": named(select(PlayerRow.id, PlayerRow.name), str),
        "partnership_id": named(select(PartnershipRow.id, PartnershipRow.label), "pair {}".format),
        "team_id": named(select(TeamRow.id, TeamRow.label), "team {}".format),
        "section_id": named(select(SectionRow.id, SectionRow.name), "section {}".format),
        "session_id": named(select(SessionRow.id, SessionRow.name), str),
    }
