"""The session file's schema: the movement document plus slips, new deals and results.

One pydantic model for the whole file (docs/guide.md#scoring-a-session); `session_json` turns a
validated file into a `SectionPlay`. The schema fixes types and sizes; the words a field takes
(suits, sides, irregularity kinds) are read by `session_json`, and what the laws allow (tricks
0 to 13, revokes against the tricks made) by `validate`, whose messages name the deal.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field

from schedules.movement_schema import (
    MAX_COMPETITORS,
    MAX_SEATINGS,
    MAX_TRAY,
    Label,
    MovementDocument,
    Part,
    RoundNumber,
    TableNumber,
    Text,
    TrayNumber,
)

MAX_RESULTS = 5 * MAX_SEATINGS
"""Results in one file: every table of the largest movement playing five trays."""
MAX_VERSIONS = 100
"""Deals of one tray (the first and its new deals)."""
MAX_REVOKES = 26
"""Established revokes by one side on one deal: the side plays 26 cards."""
LOOSE_TRICKS = 1_000
"""Tricks are checked against 0..13 by `validate`, which names the deal; the schema only keeps
the figure small."""

Version = Annotated[int, Field(ge=1, le=MAX_VERSIONS)]
Tricks = Annotated[int, Field(ge=-LOOSE_TRICKS, le=LOOSE_TRICKS)]
Word = Annotated[str, Field(max_length=40)]


class RevokeEntry(Part):
    """One side's established revokes on one deal."""

    side: Word
    count: Annotated[int, Field(ge=1, le=MAX_REVOKES)]
    tricks_after: Annotated[int, Field(ge=0, le=13)]
    failed_calls: Annotated[int, Field(ge=0, le=MAX_REVOKES)] = 0


class IrregularityEntry(Part):
    """What went wrong at the table."""

    kind: Word
    table_trump: Word | None = None
    note: Text = ""


class ResultEntry(Part):
    """One table's result on one tray."""

    round: RoundNumber
    table: TableNumber
    tray: TrayNumber
    ns: Tricks | None = None
    ew: Tricks | None = None
    version: Version = 1
    revokes: Annotated[list[RevokeEntry], Field(max_length=2)] | None = None
    irregularity: IrregularityEntry | None = None
    awards: Annotated[list[Word], Field(min_length=2, max_length=2)] | None = None
    prevails: Word | None = None
    fouled_group: Label | None = None


class SlipEntry(Part):
    """A tray's trump as the returned slip gives it."""

    tray: TrayNumber
    trump: Word
    version: Version = 1


class NewDealEntry(Part):
    """A tray dealt again, and the law that called for it."""

    tray: TrayNumber
    version: Version
    law: Word
    note: Text = ""


class SettingsEntry(Part):
    """The session's settings; a field the program does not know is refused."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    method: Word | None = None
    scale: Word | None = None
    revoke_reference: Word | None = None
    team_method: Word | None = None
    individual_revoke_record: bool | None = None
    ew_prevails: bool | None = None
    factor_sitouts: bool | None = None
    declared_trump: Word | None = None


class SessionDocument(Part):
    """The whole session file."""

    movement: MovementDocument
    settings: SettingsEntry | None = None
    competitors: Annotated[dict[Label, Text], Field(max_length=MAX_COMPETITORS)] | None = None
    couples: (
        Annotated[
            list[Annotated[list[Label], Field(min_length=2, max_length=2)]],
            Field(max_length=MAX_COMPETITORS),
        ]
        | None
    ) = None
    slips: Annotated[list[SlipEntry], Field(max_length=MAX_TRAY * MAX_VERSIONS)] | None = None
    new_deals: Annotated[list[NewDealEntry], Field(max_length=MAX_TRAY * MAX_VERSIONS)] | None = (
        None
    )
    results: Annotated[list[ResultEntry], Field(max_length=MAX_RESULTS)] | None = None
