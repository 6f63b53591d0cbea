"""The movement document's schema: every field's type and the sizes the reader accepts.

One pydantic model describes the whole document (`director movement ... --format json`, or a
movement written elsewhere); `schedules.jsonio` turns a validated document into a `Movement`.
Strict types: a number is never taken for text or a list, nor text for a number; whole numbers
may stand for competitor labels (published movements number their pairs). Unknown fields are
ignored (documents carry "verified", "balance", "source" and the like).

The bounds are far above any real event, so that a damaged or hostile file is refused at once
instead of keeping the verifier busy for minutes.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from schedules.json_input import shown
from schedules.promises import promise_names
from schedules.types import Seat

MAX_TABLES = 500
"""2,000 players at once; the largest movements built here have 38 tables."""
MAX_ROUNDS = 1000
"""The largest built here (mnemonic 152-player whist) have 302 rounds."""
MAX_TRAY = 50_000
"""Tray numbers run from 1 to this. The largest movement built here, a round robin of 58
teams in six sets, deals 39,672 trays: a document the program writes must read back."""
MAX_TRAYS_AT_A_TABLE = 100
"""Trays one table plays in one round."""
MAX_COMPETITORS = 5_000
MAX_SEATINGS = 100_000
"""Tables times rounds: 100 tables for 1,000 rounds."""
MAX_LABEL = 40
"""Characters in a competitor's label ("NS12", "3.2", "a")."""
MAX_TEXT = 2_000
"""Characters in a note, a family name, a winner's title."""
MAX_NOTES = 1_000


def _label_from_number(value: Any) -> Any:
    """Published movements may number their competitors: 7 is the label "7"."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


Label = Annotated[
    str, BeforeValidator(_label_from_number), Field(min_length=1, max_length=MAX_LABEL)
]
Text = Annotated[str, Field(max_length=MAX_TEXT)]
RoundNumber = Annotated[int, Field(ge=1, le=MAX_ROUNDS)]
TableNumber = Annotated[int, Field(ge=1, le=MAX_TABLES)]
TrayNumber = Annotated[int, Field(ge=1, le=MAX_TRAY)]
Labels = Annotated[list[Label], Field(max_length=MAX_COMPETITORS)]
TrayList = Annotated[list[TrayNumber], Field(max_length=MAX_TRAYS_AT_A_TABLE)]


class Part(BaseModel):
    """Settings every part of the document shares: strict types, unknown fields ignored."""

    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)


class SeatingEntry(Part):
    """One table in one round: pairs as `ns`/`ew`, individuals as `north`...`west`."""

    round: RoundNumber
    table: TableNumber
    trays: TrayList
    ns: Label | None = None
    ew: Label | None = None
    north: Label | None = None
    east: Label | None = None
    south: Label | None = None
    west: Label | None = None
    switched: bool = False

    @model_validator(mode="after")
    def _one_kind_of_table(self) -> SeatingEntry:
        if any(p is not None for p in (self.north, self.east, self.south, self.west)):
            if None in (self.north, self.east, self.south, self.west):
                raise ValueError("an individual table needs all of north, east, south and west")
        elif self.ns is None or self.ew is None:
            raise ValueError("a table needs ns and ew (pairs) or north, east, south, west")
        return self

    @property
    def places(self) -> tuple[str, ...]:
        """The competitors in `Seating.places` order."""
        if self.north is not None:
            return tuple(str(p) for p in (self.north, self.east, self.south, self.west))
        return (str(self.ns), str(self.ew))


class Original(Part):
    """Where a tray is first played (0, 0 for a tray nobody plays)."""

    round: Annotated[int, Field(ge=0, le=MAX_ROUNDS)]
    table: Annotated[int, Field(ge=0, le=MAX_TABLES)]


def _seat(value: Any) -> Any:
    if value is None or isinstance(value, Seat):
        return value
    if not isinstance(value, str):
        raise ValueError(f"must be N, E, S or W, not {shown(value)}")
    return Seat.parse(value)


def _tray_from_number(value: Any) -> Any:
    """A plain number n is the tray n, its dealer and original play to be inferred."""
    if isinstance(value, int) and not isinstance(value, bool):
        return {"tray": value}
    if not isinstance(value, dict):
        raise ValueError(f"must be a tray number or an object {{tray, dealer}}, not {shown(value)}")
    return value


class TrayEntry(Part):
    """A tray: its number, and optionally its dealer and original play."""

    tray: TrayNumber
    dealer: Annotated[Seat | None, BeforeValidator(_seat)] = None
    original: Original | None = None


class SitOut(Part):
    """The competitors a round leaves out, as the document declares them."""

    round: RoundNumber
    who: Labels


class Relay(Part):
    """Trays two or more tables play in the same round."""

    round: RoundNumber
    trays: TrayList
    tables: Annotated[list[TableNumber], Field(max_length=MAX_TABLES)]


def _known_promise(name: str) -> str:
    if name not in promise_names():
        known = ", ".join(promise_names())
        raise ValueError(f"{shown(name)} is not a promise the verifier knows ({known})")
    return name


Promise = Annotated[str, AfterValidator(_known_promise)]


class MovementDocument(Part):
    """The whole movement document."""

    family: Text = "imported"
    variant: Text | None = None
    competitors: Literal["pairs", "individuals", "teams"] = "pairs"
    tables: TableNumber | None = None
    rounds: RoundNumber | None = None
    mnemonic: bool = False
    promise: Promise | None = None
    expect: Promise | None = None
    field: Labels | None = None
    winners: Annotated[list[Text], Field(max_length=MAX_NOTES)] | None = None
    trays: Annotated[
        list[Annotated[TrayEntry, BeforeValidator(_tray_from_number)]],
        Field(max_length=MAX_TRAY),
    ] = []
    seatings: Annotated[list[SeatingEntry], Field(max_length=MAX_SEATINGS)]
    sitouts: Annotated[list[SitOut], Field(max_length=MAX_ROUNDS * 4)] | None = None
    shared: Annotated[list[Relay], Field(max_length=MAX_SEATINGS)] = []
    teams: Annotated[dict[Label, Labels], Field(max_length=MAX_COMPETITORS)] | None = None
    attributes: Annotated[dict[Label, Text], Field(max_length=MAX_COMPETITORS)] | None = None
    notes: Annotated[list[Text], Field(max_length=MAX_NOTES)] = []
