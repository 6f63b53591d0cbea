"""Reading a roster CSV: one player a row, with a header naming the columns.

Recognised headers (any case): name (required); club; member, member number, number, id;
gender, sex, lady/gentleman. A spreadsheet's export with a byte-order mark or semicolons works.

Every data row is either read or refused with its line number and the reason: nothing is
dropped, joined or overwritten silently. Rows are numbered by the line they start on (a quoted
cell may run over several lines).
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from director.store.schema import PlayerRow
from director.store.values import Gender, Player, StoreError

_COLUMNS = {
    "name": ("name", "player", "full name"),
    "club": ("club",),
    "member": ("member", "member number", "member_number", "number", "id", "membership"),
    "gender": ("gender", "sex", "lady/gentleman", "l/g"),
}
_LONGEST = {
    "name": PlayerRow.__table__.c.name.type.length,
    "club": PlayerRow.__table__.c.club.type.length,
    "member": PlayerRow.__table__.c.member_number.type.length,
    "gender": PlayerRow.__table__.c.gender.type.length,
}
"""The longest text each column's field in the event holds (a gender word no longer than
"gentleman")."""
_LABELS = {"name": "name", "club": "club", "member": "member number", "gender": "gender"}
SHOWN_REFUSALS = 10
"""At most this many refused lines are spelled out in one message."""


@dataclass(frozen=True)
class RosterRow:
    """A row read: the player (id 0, not stored yet) and the line it starts on."""

    line: int
    player: Player


@dataclass(frozen=True)
class Refusal:
    """A row refused: the line it starts on and why."""

    line: int
    reason: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason}"


class RosterError(StoreError):
    """Rows of a roster were refused, so nothing of it was imported; `refused` lists them."""

    def __init__(self, source: str, refused: tuple[Refusal, ...]) -> None:
        self.refused = refused
        shown = "; ".join(str(r) for r in refused[:SHOWN_REFUSALS])
        more = len(refused) - SHOWN_REFUSALS
        super().__init__(
            f"roster {source}: nothing imported, {len(refused)} row"
            f"{'s' if len(refused) > 1 else ''} refused: {shown}"
            + (f"; and {more} more" if more > 0 else "")
            + "; correct them and import it again"
        )


@dataclass(frozen=True)
class Roster:
    """Every data row of a roster file, read or refused."""

    source: str
    rows: tuple[RosterRow, ...]
    refused: tuple[Refusal, ...]

    def check(self) -> None:
        """Raise `RosterError` if any row was refused."""
        if self.refused:
            raise RosterError(self.source, self.refused)


def read_roster(path: Path) -> Roster:
    """The rows of a roster file; a file that cannot be read at all raises `StoreError`."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise StoreError(f"cannot read roster {path}: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise StoreError(
            f"roster {path}, line {line}: not UTF-8 text; save it from the spreadsheet as"
            " 'CSV UTF-8' and import it again"
        ) from None
    return parse_roster(text, str(path))


def parse_roster(text: str, source: str = "roster") -> Roster:
    """The rows of a roster's text; `source` names it in messages."""
    if not text.strip():
        raise StoreError(f"roster {source} is empty; it needs a header line with a 'name' column")
    with _no_field_limit(len(text)):
        return _parse(text, source)


def _parse(text: str, source: str) -> Roster:
    records = _records(text, _delimiter(text.splitlines()[0]), source)
    _, header_cells = next(records)
    header = [h.strip().lower() for h in header_cells]
    where = {key: _find(header, names) for key, names in _COLUMNS.items()}
    if where["name"] is None:
        shown = ", ".join(repr(cell[:40]) for cell in header[:10])
        raise StoreError(f"roster {source} has no 'name' column (its header is: {shown})")
    rows: list[RosterRow] = []
    refused: list[Refusal] = []
    lines_of_members: dict[str, int] = {}
    for line, record in records:
        if not any(cell.strip() for cell in record):
            continue
        cells = {key: _cell(record, index) for key, index in where.items()}
        member = cells["member"]
        try:
            player = _player(cells)
            if member is not None and member in lines_of_members:
                raise StoreError(
                    f"member number {member} is already on line {lines_of_members[member]}"
                )
        except StoreError as exc:
            refused.append(Refusal(line, str(exc)))
        else:
            rows.append(RosterRow(line, player))
        if member is not None:
            lines_of_members.setdefault(member, line)
    return Roster(source, tuple(rows), tuple(refused))


def _delimiter(header: str) -> str:
    """The header's delimiter: a comma, or the semicolon or tab some spreadsheets write.

    Only the delimiter is sniffed: a header has no quotes to learn quoting from, and a
    sniffed guess about them splits quoted cells (spreadsheets quote as Excel does).
    """
    try:
        return csv.Sniffer().sniff(header, delimiters=",;\t").delimiter
    except csv.Error:
        return ","


def _records(text: str, delimiter: str, source: str) -> Iterator[tuple[int, list[str]]]:
    """Each CSV record with the line it starts on; quoted cells keep their line breaks."""
    reader = csv.reader(io.StringIO(text, newline=""), csv.excel, delimiter=delimiter)
    start = 1
    while True:
        try:
            record = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise StoreError(
                f"roster {source}, line {start}: cannot be read as CSV ({exc}); nothing"
                " was imported"
            ) from None
        yield start, record
        start = reader.line_num + 1


@contextmanager
def _no_field_limit(size: int) -> Iterator[None]:
    """The csv module refuses a field over 128 KiB with an error that stops the reading; lift
    that limit while reading, so that a long cell is refused by its own row's check."""
    before = csv.field_size_limit(max(size + 1, csv.field_size_limit()))
    try:
        yield
    finally:
        csv.field_size_limit(before)


def _player(cells: dict[str, str | None]) -> Player:
    """The player a row's cells describe (id 0); `StoreError` says why they describe none."""
    name = cells["name"]
    if not name:
        raise StoreError("the name is empty")
    for key, value in cells.items():
        if value is None:
            continue
        label = _LABELS[key]
        if "\n" in value or "\r" in value:
            raise StoreError(f"the {label} runs over several lines (a line break in a quoted cell)")
        control = next((c for c in value if unicodedata.category(c) == "Cc"), None)
        if control is not None:
            raise StoreError(
                f"the {label} holds an invisible control character (code {ord(control):#04x})"
            )
        longest = _LONGEST.get(key)
        if longest is not None and len(value) > longest:
            raise StoreError(f"the {label} is {len(value)} characters long; at most {longest} fit")
    gender = Gender.parse(cells["gender"] or "")
    return Player(0, name, cells["club"], cells["member"], gender)


def _find(header: list[str], names: tuple[str, ...]) -> int | None:
    for name in names:
        if name in header:
            return header.index(name)
    return None


def _cell(row: list[str], index: int | None) -> str | None:
    if index is None or index >= len(row):
        return None
    return row[index].strip() or None
