"""The roster: reading a CSV as spreadsheets write it (`director.store.forming` stores it).

A roster is one player a row. Its text may be UTF-8 (with or without a byte-order mark),
UTF-16 (Excel's "Unicode text") or Windows-1252 (Excel's "CSV" on Windows); its cells may be
separated by commas, semicolons or tabs; its first row may name the columns or hold a player.

Recognised column names (any case): name (or first name and last name); club; member number;
gender (lady/gentleman); pair (players sharing a pair label form that pair); couple (a lady
and a gentleman sharing a couple label form that married couple); team (a team groups pairs).
A file without a header row is read with a `Layout` naming each column's field.

Every data row is either read or refused with its line number and the reason: nothing is
dropped, joined or overwritten silently. Rows are numbered by the line they start on (a quoted
cell may run over several lines).
"""

from __future__ import annotations

import codecs
import csv
import io
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Column, String

from director.store import repository
from director.store.files import read_input
from director.store.schema import PartnershipRow, PlayerRow, TeamRow
from director.store.values import Gender, Player, StoreError
from schedules.json_input import UnreadableFileError

FIELDS: dict[str, str] = {
    "name": "name",
    "first": "first name",
    "last": "last name",
    "club": "club",
    "member": "member number",
    "gender": "lady/gentleman",
    "pair": "pair",
    "couple": "couple",
    "team": "team",
}
"""Every field a roster column can hold, with the words a director reads for it."""
_HEADERS: dict[str, tuple[str, ...]] = {
    "name": ("name", "player", "full name", "player name", "names"),
    "first": ("first name", "first", "given name", "forename", "christian name"),
    "last": ("last name", "surname", "family name", "last"),
    "club": ("club", "club name"),
    "member": ("member", "member number", "member no", "number", "id", "membership"),
    "gender": ("gender", "sex", "lady/gentleman", "l/g", "lady or gentleman"),
    "pair": ("pair", "pair number", "pair no", "pair label", "partnership", "partners"),
    "couple": ("couple", "couple number", "couple no", "married couple"),
    "team": ("team", "team name"),
}
_ALIASES = {alias: key for key, names in _HEADERS.items() for alias in names}


def _length(column: Column[Any]) -> int | None:
    """The most characters a text column holds."""
    assert isinstance(column.type, String), column
    return column.type.length


_LONGEST = {
    "name": _length(PlayerRow.__table__.c.name),
    "club": _length(PlayerRow.__table__.c.club),
    "member": _length(PlayerRow.__table__.c.member_number),
    "gender": _length(PlayerRow.__table__.c.gender),
    "pair": _length(PartnershipRow.__table__.c.label),
    "couple": _length(PartnershipRow.__table__.c.label),
    "team": _length(TeamRow.__table__.c.label),
}
"""The longest text each field holds in the event (a gender word no longer than "gentleman";
a first or last name is checked as part of the name it makes)."""
SHOWN_REFUSALS = 10
"""At most this many refused lines are spelled out in one message."""


@dataclass(frozen=True)
class Layout:
    """How to read a roster's columns: whether its first row names them, and the field each
    column holds (None: the column is left out)."""

    header: bool | None
    """None: the first row names the columns when its cells are column names."""
    fields: tuple[str | None, ...]

    def where(self, key: str) -> int | None:
        """The column holding field `key`, if any."""
        return self.fields.index(key) if key in self.fields else None

    def check(self) -> None:
        """Refuse a layout that cannot make players, saying which column to change."""
        chosen = [f for f in self.fields if f is not None]
        if unknown := sorted(set(chosen) - set(FIELDS)):
            raise StoreError(f"unknown roster field {unknown[0]!r}; choose from {_known()}")
        if twice := sorted({f for f in chosen if chosen.count(f) > 1}):
            raise StoreError(f"two columns are read as the {FIELDS[twice[0]]}; choose one")
        if "name" not in chosen and "first" not in chosen and "last" not in chosen:
            raise StoreError(
                "the roster has no 'name' column; say which column holds the players' names"
                " (or their first and last names)"
            )
        if "pair" in chosen and "couple" in chosen:
            raise StoreError("a roster forms pairs or couples, not both; leave one column out")
        if "team" in chosen and "pair" not in chosen:
            raise StoreError("a team groups pairs: read a pair column too")

    @classmethod
    def named(cls, text: str) -> Layout:
        """A layout written as the command line takes it: fields in column order, separated by
        commas, "-" for a column left out (e.g. "name,club,-,pair"); a first row that names
        columns is skipped."""
        words = [w.strip().lower() for w in text.split(",")]
        fields: list[str | None] = []
        for word in words:
            if word in ("-", ""):
                fields.append(None)
            elif _normal(word) in _ALIASES:
                fields.append(_ALIASES[_normal(word)])
            else:
                raise StoreError(
                    f"unknown roster field {word!r}; name each column: {_known()}, or - to"
                    " leave it out"
                )
        layout = cls(None, tuple(fields))
        layout.check()
        return layout


def _known() -> str:
    return ", ".join(FIELDS)


@dataclass(frozen=True)
class RosterRow:
    """A row read: the player (id 0, not stored yet), the line it starts on, and the labels
    of the pair (or couple) and team it names."""

    line: int
    player: Player
    pair: str | None = None
    team: str | None = None


@dataclass(frozen=True)
class Formed:
    """A partnership a roster forms: its label, kind, the lines of its players in seat order,
    and its team."""

    label: str
    kind: str
    lines: tuple[int, ...]
    team: str | None = None


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
    """Every data row of a roster file, read or refused, and the partnerships it forms."""

    source: str
    rows: tuple[RosterRow, ...]
    refused: tuple[Refusal, ...]
    formed: tuple[Formed, ...] = ()

    def check(self) -> None:
        """Raise `RosterError` if any row was refused."""
        if self.refused:
            raise RosterError(self.source, self.refused)


@dataclass(frozen=True)
class RosterFile:
    """A roster file's cells before its columns are read: for a preview and a column choice."""

    source: str
    encoding: str
    """The text's encoding in words ("UTF-8", "Windows-1252", "UTF-16")."""
    records: tuple[tuple[int, tuple[str, ...]], ...]
    """Each non-blank CSV record with the line it starts on."""
    width: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "width", max((len(r) for _, r in self.records), default=0))

    def guess(self) -> Layout:
        """The layout the first row's column names give; without them, a guess from the cells
        (the first column with letters is the name), for the director to confirm."""
        if not self.records:
            return Layout(False, ())
        named = [_ALIASES.get(_normal(cell)) for cell in self.records[0][1]]
        if any(named):
            seen: set[str] = set()
            fields = []
            for key in named:
                fields.append(key if key and key not in seen else None)
                seen.add(key or "")
            return Layout(True, _padded(fields, self.width))
        return Layout(False, _padded(self._guessed_fields(), self.width))

    def _guessed_fields(self) -> list[str | None]:
        columns = [[_cell(r, i) for _, r in self.records] for i in range(self.width)]
        fields: list[str | None] = [None] * self.width
        for i, cells in enumerate(columns):
            values = [c for c in cells if c]
            if values and all(_is_gender(v) for v in values):
                fields[i] = "gender"
        name = next(
            (i for i, cells in enumerate(columns) if fields[i] is None and _mostly_words(cells)),
            None,
        )
        if name is not None:
            fields[name] = "name"
        return fields

    def read(self, layout: Layout) -> Roster:
        """The players (and partnerships) of the file read with `layout`."""
        layout.check()
        if layout.header is None:
            layout = Layout(self.guess().header, layout.fields)
        return _read(self, layout)


def _padded(fields: Sequence[str | None], width: int) -> tuple[str | None, ...]:
    return tuple(fields) + (None,) * (width - len(fields))


def _normal(text: str) -> str:
    """A column name as compared: lower case, without punctuation or repeated spaces."""
    words = re.sub(r"[_\-.:#()]+", " ", text.strip().lower())
    return " ".join(words.split())


def _is_gender(text: str) -> bool:
    try:
        return Gender.parse(text) is not None
    except StoreError:
        return False


def _mostly_words(cells: Sequence[str | None]) -> bool:
    lettered = [c for c in cells if c and any(ch.isalpha() for ch in c)]
    return len(lettered) * 2 > len(cells)


ROSTER_LIMIT = 4 * 2**20
"""The most a roster file may hold: a club's whole membership is a few dozen kilobytes."""


def open_roster(path: Path) -> RosterFile:
    """A roster file's cells; a file that cannot be read at all (or is not a regular file, or
    is far too large for a roster) raises `StoreError`."""
    try:
        data = read_input(path, ROSTER_LIMIT, "a roster (a CSV file)")
    except UnreadableFileError as exc:
        raise StoreError(f"cannot import: {exc}") from None
    except OSError as exc:
        raise StoreError(f"cannot read roster {path}: {exc.strerror or exc}") from None
    text, encoding = decode(data, str(path))
    return roster_cells(text, str(path), encoding)


def read_roster(path: Path, layout: Layout | None = None) -> Roster:
    """The rows of a roster file read with `layout`, or with the columns its header names."""
    return _read_with(open_roster(path), layout)


def parse_roster(text: str, source: str = "roster", layout: Layout | None = None) -> Roster:
    """The rows of a roster's text; `source` names it in messages."""
    return _read_with(roster_cells(text, source, "UTF-8"), layout)


def _read_with(cells: RosterFile, layout: Layout | None) -> Roster:
    if layout is None:
        layout = cells.guess()
        if not layout.header and cells.width > 1:
            # A guess is for a director to confirm in the preview, never to import unseen.
            raise StoreError(
                f"roster {cells.source} has no header line naming its columns; add one"
                f" ({_known()}) or name them in order, e.g. --columns name,club,pair"
            )
        if layout.header:
            _refuse_repeated_names(cells)
    return cells.read(layout)


def _refuse_repeated_names(cells: RosterFile) -> None:
    """A header naming one field twice leaves no telling which column holds it: refused
    (the window's column choice, or --columns, says which)."""
    line, header = cells.records[0]
    seen: dict[str, int] = {}
    for column, cell in enumerate(header, start=1):
        key = _ALIASES.get(_normal(cell))
        if key is None:
            continue
        if key in seen:
            reason = (
                f"the header names the {FIELDS[key]} twice (columns {seen[key]} and {column});"
                " rename or remove one, or say which column holds what with --columns"
            )
            raise RosterError(cells.source, (Refusal(line, reason),))
        seen[key] = column


_BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig", "UTF-8"),
    (codecs.BOM_UTF16_LE, "utf-16", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16", "UTF-16"),
)


def decode(data: bytes, source: str) -> tuple[str, str]:
    """The text of a roster's bytes and its encoding in words: a byte-order mark decides;
    without one, UTF-16 shows by its zero bytes, then UTF-8 is tried, then Windows-1252."""
    for bom, codec, words in _BOMS:
        if data.startswith(bom):
            return _decoded(data, codec, words, source)
    if data[1::2].count(0) * 2 > len(data) // 2 > 0:
        return _decoded(data, "utf-16-le", "UTF-16", source)
    if data[0::2].count(0) * 2 > len(data) // 2 > 0:
        return _decoded(data, "utf-16-be", "UTF-16", source)
    try:
        return data.decode("utf-8"), "UTF-8"
    except UnicodeDecodeError:
        text, _ = _decoded(data, "cp1252", "UTF-8 and Windows-1252", source)
        return text, "Windows-1252"


def _decoded(data: bytes, codec: str, words: str, source: str) -> tuple[str, str]:
    try:
        return data.decode(codec), words
    except UnicodeDecodeError as exc:
        line = data[: exc.start].decode(codec, errors="replace").count("\n") + 1
        raise StoreError(
            f"roster {source}, line {line}: cannot be read as text (tried {words}); save it"
            " from the spreadsheet as 'CSV UTF-8' and import it again"
        ) from None


def roster_cells(text: str, source: str, encoding: str) -> RosterFile:
    """The non-blank CSV records of a roster's text."""
    if not text.strip():
        raise StoreError(f"roster {source} is empty; it needs one player a line")
    with _no_field_limit(len(text)):
        records = _records(text, _delimiter(text.splitlines()[0]), source)
        kept = tuple((line, tuple(r)) for line, r in records if any(c.strip() for c in r))
    return RosterFile(source, encoding, kept)


def _delimiter(first: str) -> str:
    """The first line's delimiter: a comma, or the semicolon or tab some spreadsheets write.

    Only the delimiter is sniffed: one line has too few quotes to learn quoting from, and a
    sniffed guess about them splits quoted cells (spreadsheets quote as Excel does).
    """
    try:
        return csv.Sniffer().sniff(first, delimiters=",;\t").delimiter
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


def _read(cells: RosterFile, layout: Layout) -> Roster:
    rows: list[RosterRow] = []
    refused: list[Refusal] = []
    refused_labels: dict[str, int] = {}
    lines_of_members: dict[str, int] = {}
    records = cells.records[1:] if layout.header else cells.records
    width = _columns_read(cells, layout)
    for line, record in records:
        values = {key: _cell(record, layout.where(key)) for key in FIELDS}
        member = values["member"]
        try:
            _refuse_beyond(record, width, layout)
            row = _row(line, values)
            if member is not None and member in lines_of_members:
                raise StoreError(
                    f"member number {member} is already on line {lines_of_members[member]}"
                )
        except StoreError as exc:
            refused.append(Refusal(line, str(exc)))
            label = values["pair"] or values["couple"]
            if label is not None:
                refused_labels.setdefault(label, line)
        else:
            rows.append(row)
        if member is not None:
            lines_of_members.setdefault(member, line)
    kind = "couple" if "couple" in layout.fields else "pair"
    formed, unformed = _partnerships(rows, refused_labels, kind)
    kept = tuple(r for r in rows if r.line not in {u.line for u in unformed})
    return Roster(
        cells.source, kept, tuple(sorted(refused + unformed, key=lambda r: r.line)), formed
    )


def _columns_read(cells: RosterFile, layout: Layout) -> int:
    """How many columns the roster has: those its header names (with a header), or those the
    layout names, and at least up to the last one given a field."""
    last_field = max((i + 1 for i, f in enumerate(layout.fields) if f is not None), default=0)
    if layout.header and cells.records:
        header = cells.records[0][1]
        named = max((i + 1 for i, c in enumerate(header) if c.strip()), default=0)
        return max(named, last_field)
    return max(len(layout.fields), last_field)


def _refuse_beyond(record: Sequence[str], width: int, layout: Layout) -> None:
    """A cell beyond the roster's columns is refused, never dropped unseen."""
    beyond = [(i + 1, c.strip()) for i, c in enumerate(record[width:], start=width) if c.strip()]
    if beyond:
        column, cell = beyond[0]
        where = "the header names" if layout.header else "are named"
        raise StoreError(
            f"a cell beyond the {width} columns {where} ({cell[:40]!r} in column {column});"
            " remove it, or name its column"
        )


def _row(line: int, cells: dict[str, str | None]) -> RosterRow:
    """The row's player and labels; `StoreError` says why the cells describe no player."""
    for key, value in cells.items():
        if value is None:
            continue
        label = FIELDS[key]
        if "\n" in value or "\r" in value:
            raise StoreError(f"the {label} runs over several lines (a line break in a quoted cell)")
        repository.players.refuse_hidden(value, label)
    name = cells["name"] or " ".join(n for n in (cells["first"], cells["last"]) if n)
    if not name:
        raise StoreError("the name is empty")
    for key, value in {**cells, "name": name}.items():
        longest = _LONGEST.get(key)
        if value is not None and longest is not None and len(value) > longest:
            raise StoreError(
                f"the {FIELDS[key]} is {len(value)} characters long; at most {longest} fit"
            )
    gender = Gender.parse(cells["gender"] or "")
    player = Player(0, name, cells["club"], cells["member"], gender)
    return RosterRow(line, player, cells["pair"] or cells["couple"], cells["team"])


def _partnerships(
    rows: Sequence[RosterRow], refused: dict[str, int], kind: str
) -> tuple[tuple[Formed, ...], list[Refusal]]:
    """The partnerships the rows' pair (or couple) labels form, and the rows refused because
    their label does not form one: too few or too many players, partners in different teams,
    a couple that is not a lady and a gentleman."""
    groups: dict[str, list[RosterRow]] = {}
    for row in rows:
        if row.pair is not None:
            groups.setdefault(row.pair, []).append(row)
    formed: list[Formed] = []
    unformed: list[Refusal] = []
    for label, members in groups.items():
        reason = _unformed(label, members, kind, refused.get(label))
        if reason is not None:
            unformed.extend(Refusal(r.line, reason) for r in members)
            continue
        if kind == "couple":
            members.sort(key=lambda r: r.player.gender is not Gender.LADY)
        lines = tuple(r.line for r in members)
        formed.append(Formed(label, kind, lines, members[0].team or members[1].team))
    return tuple(formed), unformed


def _unformed(
    label: str, members: list[RosterRow], kind: str, refused_line: int | None
) -> str | None:
    """Why the rows sharing `label` form no partnership, or None when they form one;
    `refused_line` is a refused row that gave the same label."""
    lines = " and ".join(str(r.line) for r in members)
    if len(members) == 1 and refused_line is not None:
        return f"{kind} {label}: the partner's line {refused_line} is refused"
    if len(members) == 1:
        return f"{kind} {label} has one player only; give the partner the same {kind} label"
    if len(members) > 2:
        return f"{kind} {label} is given to {len(members)} players (lines {lines}); two make one"
    if kind == "couple" and {r.player.gender for r in members} != {Gender.LADY, Gender.GENTLEMAN}:
        return f"couple {label} (lines {lines}) needs a lady and a gentleman: fill in the gender"
    teams = {r.team for r in members if r.team}
    if len(teams) > 1:
        return f"pair {label} (lines {lines}) is given two teams: {' and '.join(sorted(teams))}"
    return None


def _cell(row: Sequence[str], index: int | None) -> str | None:
    if index is None or index >= len(row):
        return None
    return row[index].strip() or None
