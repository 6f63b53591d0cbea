"""Reading a roster CSV: one player a row, with a header naming the columns.

Recognised headers (any case): name (required); club; member, member number, number, id;
gender, sex, lady/gentleman. A spreadsheet's export with a byte-order mark or semicolons works.
"""

from __future__ import annotations

import csv
from pathlib import Path

from director.store.values import Gender, Player, StoreError

_COLUMNS = {
    "name": ("name", "player", "full name"),
    "club": ("club",),
    "member": ("member", "member number", "member_number", "number", "id", "membership"),
    "gender": ("gender", "sex", "lady/gentleman", "l/g"),
}


def read_roster(path: Path) -> list[Player]:
    """The players of a roster file (ids 0: not stored yet); a bad row names its line."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise StoreError(f"cannot read roster {path}: {exc}") from exc
    lines = text.splitlines()
    if not lines:
        raise StoreError(f"roster {path} is empty; it needs a header line with a 'name' column")
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(lines[0], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(lines, dialect)
    header = [h.strip().lower() for h in next(reader)]
    where = {key: _find(header, names) for key, names in _COLUMNS.items()}
    if where["name"] is None:
        raise StoreError(f"roster {path} has no 'name' column (its header is: {', '.join(header)})")
    players = []
    for number, row in enumerate(reader, start=2):
        if not any(cell.strip() for cell in row):
            continue
        cells = {key: _cell(row, index) for key, index in where.items()}
        if not cells["name"]:
            raise StoreError(f"roster {path}, line {number}: the name is empty")
        try:
            gender = Gender.parse(cells["gender"] or "")
        except StoreError as exc:
            raise StoreError(f"roster {path}, line {number}: {exc}") from None
        players.append(Player(0, cells["name"], cells["club"], cells["member"], gender))
    return players


def _find(header: list[str], names: tuple[str, ...]) -> int | None:
    for name in names:
        if name in header:
            return header.index(name)
    return None


def _cell(row: list[str], index: int | None) -> str | None:
    if index is None or index >= len(row):
        return None
    return row[index].strip() or None
