"""A reader of the Bridgewebs results upload that nobody here designed: it follows the
published format (Bridgewebs's guide, section 22.3 "CSV Format": option lines start with "#",
are not case-sensitive, and the separator is taken from the first line) and, step for step,
the state machine of a club tool's reader of these files (Marc Shearer's ImportUsebio,
`BridgeWebs Csv Parser.swift`): which tag may follow which, what each line is read as, and
how each value is converted. Written here in Python from that reading; nothing is copied.

What the club tool does that matters to a writer:
- lines end at carriage returns (line feeds are dropped) and are split at the separator with
  no quoting: a cell holding the separator, or in quotes, is read wrongly;
- after `#Version` come option lines; `#Scores` must follow them, a column line follows each
  `#Scores`, then a line per pair (the first block N-S, the next E-W); after the scores only
  `#BoardFormat` (its columns on its own line) may come, then `#Travellers`, then `#Board`
  blocks; the file must end in a traveller block;
- Position is read as a whole number ("2=" is no place), Percent as the pair's score (empty:
  no score), the date as DD/MM/YYYY, Boards and Winners as whole numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

NEXT = {
    "": {"VERSION"},
    "VERSION": set(),
    "LINE": {"SCORES"},
    "SCORES": set(),
    "SCORESHEADER": set(),
    "SCORE": {"SCORES", "BOARDFORMAT"},
    "BOARDFORMAT": {"TRAVELLERS"},
    "TRAVELLERS": {"BOARD"},
    "TRAVELLERSHEADER": {"BOARD"},
    "BOARD": set(),
    "TRAVELLER": {"BOARD"},
}
"""The tags each state accepts next; any other known tag stops the reader."""


class UnreadableError(Exception):
    """The reader's own complaint, word for word."""


@dataclass
class Pair:
    direction: str
    place: int | None
    number: str = ""
    names: list[str] = field(default_factory=list)
    score: float | None = None


@dataclass
class Upload:
    separator: str
    program: str = ""
    title: str = ""
    held_on: date | None = None
    boards: int | None = None
    winners: int | None = None
    pairs: list[Pair] = field(default_factory=list)
    board_columns: list[str] = field(default_factory=list)
    traveller_columns: list[str] = field(default_factory=list)
    travellers: dict[str, list[list[str]]] = field(default_factory=dict)


def read_upload(text: str) -> Upload:
    """The upload as the club tool's reader takes it; `UnreadableError` where it gives up."""
    lines = text.replace("\n", "").split("\r")
    first = next(line for line in lines if line)
    separator = next((s for s in (",", ";", "\t") if s in first), ",")
    upload = Upload(separator)
    phase, score_columns, board = "", [], ""
    for line in lines:
        cells = line.split(separator)
        tag = cells[0][1:].upper() if cells[0].startswith("#") else None
        if tag in NEXT and tag:
            if tag not in NEXT[phase]:
                raise UnreadableError(f"Unexpected tag {tag} found")
            phase = tag
        if phase == "VERSION":
            upload.program = cells[1] if len(cells) > 1 else ""
            phase = "LINE"
        elif phase == "LINE":
            _option(upload, cells)
        elif phase == "SCORES":
            phase = "SCORESHEADER"
        elif phase == "SCORESHEADER":
            score_columns = [c.upper() for c in cells]
            phase = "SCORE"
            direction = "EW" if upload.pairs else "NS"
        elif phase == "SCORE":
            upload.pairs.append(_pair(cells, score_columns, direction))
        elif phase == "BOARDFORMAT":
            upload.board_columns = [c.upper() for c in cells[1:]]
        elif phase == "TRAVELLERS":
            phase = "TRAVELLERSHEADER"
        elif phase == "TRAVELLERSHEADER":
            upload.traveller_columns = [c.upper() for c in cells]
        elif phase == "BOARD":
            board = cells[1] if len(cells) > 1 else ""
            upload.travellers[board] = []
            phase = "TRAVELLER"
        elif phase == "TRAVELLER" and line:
            upload.travellers[board].append(cells)
    if phase != "TRAVELLER":
        raise UnreadableError("Data does not contain all the required lines")
    return upload


def _option(upload: Upload, cells: list[str]) -> None:
    if len(cells) < 2 or not cells[0].startswith("#"):
        return
    name, value = cells[0][1:].upper(), cells[1].strip()
    if name == "DATE":
        upload.held_on = datetime.strptime(value, "%d/%m/%Y").date()
    elif name == "TITLE":
        upload.title = value
    elif name == "BOARDS":
        upload.boards = _whole(value)
    elif name == "WINNERS":
        upload.winners = _whole(value) or 1


def _pair(cells: list[str], columns: list[str], direction: str) -> Pair:
    if len(cells) != len(columns):
        raise UnreadableError("Column headers do not match score data")
    pair = Pair(direction, None)
    for name, value in zip(columns, (c.strip() for c in cells), strict=True):
        if name == "POSITION":
            pair.place = _whole(value)
        elif name == "PAIR":
            pair.number = value
        elif name in ("NAME1", "NAME2"):
            pair.names.append(value)
        elif name == "PERCENT":
            pair.score = _decimal(value)
    return pair


def _whole(text: str) -> int | None:
    return int(text) if text.lstrip("-").isdigit() else None


def _decimal(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None
