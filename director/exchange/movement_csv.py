"""Movements as a plain comma-separated table, one line per table per round.

    round,table,ns,ew,trays
    1,1,1,4,1 2
    1,2,2,3,3 4

The first line names the columns, in any order: round, table, trays, and ns and ew (pairs)
or north, east, south and west (individuals). `trays` holds the tray numbers played there,
in order, separated by spaces. A pair or player is any label ("7", "NS3", "a"). `ns` is the
pair holding the N-S hands (an arrow switch is written out). Semicolons may stand for the
commas (spreadsheets set to a decimal comma save that way); blank lines are skipped.
Dealers are not in the file: trays take the rotating dealer (1 N, 2 E, ...). Before the
column names may come option lines, which start with "#": `#winners,N-S,E-W` names the
winners the movement promises (none: one overall ranking).
"""

from __future__ import annotations

import csv
import io
import re
from typing import TYPE_CHECKING

from director.errors import DirectorError
from director.exchange.movement_rows import (
    INDIVIDUAL_PLACES,
    PAIR_PLACES,
    SourceRow,
    held_rows,
    movement_from_rows,
    place_names,
)
from schedules.types import Movement

if TYPE_CHECKING:
    # csv.reader's type; the csv module does not name it itself.
    from _csv import Reader

_WHOLE = re.compile(r"^[0-9]{1,9}$")
_LAYOUTS = {"pairs": ("round", "table", *PAIR_PLACES, "trays"),
            "individuals": ("round", "table", *INDIVIDUAL_PLACES, "trays")}  # fmt: skip


def read_movement_csv(text: str, where: str, family: str = "imported") -> Movement:
    """The movement a CSV file holds; anything wrong is refused with its line."""
    lines = text.splitlines()
    first = next((n for n, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise DirectorError(f"{where}: empty; expected a first line {','.join(_LAYOUTS['pairs'])}")
    delimiter = ";" if lines[first].count(";") > lines[first].count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    winners: list[str] = []
    try:
        columns = _header(reader, where, winners)
        rows = [
            _row(reader.line_num, cells, columns, where)
            for cells in reader
            if any(c.strip() for c in cells)
        ]
    except csv.Error as exc:
        raise DirectorError(f"{where}, line {reader.line_num}: not readable CSV ({exc})") from None
    return movement_from_rows(rows, where, family=family, winners=winners)


def _header(reader: Reader, where: str, winners: list[str]) -> dict[str, int]:
    """Where each column is, from the first line with anything in it that is not an option
    (those are read into `winners`)."""
    for cells in reader:
        if not any(x.strip() for x in cells):
            continue
        if not cells[0].startswith("#"):
            break
        if cells[0].strip().lower() == "#winners":
            winners[:] = [w.strip() for w in cells[1:] if w.strip()]
    else:
        cells = []
    header = [c.strip().lower() for c in cells]
    for layout in _LAYOUTS.values():
        if set(layout) <= set(header):
            return {name: header.index(name) for name in layout}
    raise DirectorError(
        f"{where}, line {reader.line_num}: the first line must name the columns:"
        f" {','.join(_LAYOUTS['pairs'])} (pairs) or {','.join(_LAYOUTS['individuals'])}"
        " (individuals)"
    )


def _row(line: int, cells: list[str], columns: dict[str, int], where: str) -> SourceRow:
    if len(cells) <= max(columns.values()):
        raise DirectorError(
            f"{where}, line {line}: only {len(cells)} cells; each line needs {', '.join(columns)}"
        )
    values: dict[str, object] = {}
    for name, index in columns.items():
        cell = cells[index].strip()
        if name == "trays":
            values[name] = [_number(t) for t in cell.split()]
        elif name in ("round", "table"):
            values[name] = _number(cell)
        else:
            values[name] = cell
    return SourceRow(line, values)


def _number(cell: str) -> int | str:
    """A whole number as a number; anything else stays text for the schema to refuse."""
    return int(cell) if _WHOLE.match(cell) else cell


def write_movement_csv(movement: Movement) -> str:
    """The movement as the CSV this module reads."""
    keys = place_names(movement)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(("#winners", *movement.winners))
    writer.writerow(("round", "table", *keys, "trays"))
    for row in held_rows(movement):
        writer.writerow((row.round, row.table, *row.places, " ".join(map(str, row.trays))))
    return out.getvalue()
