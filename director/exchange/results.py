"""Every result and standing of an event as JSON or CSV, and the JSON read back.

JSON: per section, the session file (`session_document`: what was entered, readable by
`director score`) beside the scored session (`result_to_json`: exact figures); and the event's
whole history (`director.store.history`), from which `director import` makes the event again.
Reading it back gives the same sessions, so a round trip scores the same.

CSV: one row per standing and one per table result, for spreadsheets: UTF-8 behind a
byte-order mark, which is how Excel on Windows knows the file is not in its own code page
("Zoë Ångström" would come out garbled), commas between cells. A text cell that a spreadsheet
would run as a formula (one starting with =, +, -, @, a tab or a carriage return) is written
with a leading apostrophe; figures are written as plain numbers, and the revoke marks name
their side ("N-S -R, E-W +R"), which no spreadsheet runs, so they need no guard.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from director.errors import DirectorError
from director.exchange.session_document import session_document
from director.printing.result_contents import revoke_marks
from director.scoring.model import SectionPlay, SectionResult
from director.scoring.session_json import play_from_json, result_to_json
from director.store.files import read_input_text
from director.store.values import EventInfo, SessionInfo
from schedules.json_input import UnreadableFileError

FORMAT = "whist-director results"
VERSION = 2
"""2 added the event's history; a version 1 file reads back as its sessions all the same."""

_FIGURE = re.compile(r"^-?\d+(\.\d+)?$")
_RISKY = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True)
class SectionResults:
    """One section of one session: what was entered and what scoring made of it."""

    session: SessionInfo
    section: str
    scoring: SectionPlay
    result: SectionResult

    @property
    def several(self) -> bool:
        """Whether the session has more than one section (titles then name it)."""
        return len(self.session.sections) > 1

    @property
    def title(self) -> str:
        """ "Session 1", or "Session 1, section B"."""
        return self.session.name + (f", section {self.section}" if self.several else "")


def results_json(
    info: EventInfo,
    sections: list[SectionResults],
    history: Mapping[str, object] | None = None,
    drive: Mapping[str, object] | None = None,
) -> str:
    """The event's results as a JSON document, with the event's history when given, and its
    whist drive's block (`director.exchange.drive_results`) when it holds one."""
    document: dict[str, object] = {
        "format": FORMAT,
        "version": VERSION,
        "event": {
            "name": info.name,
            "date": info.held_on.isoformat() if info.held_on else None,
            "venue": info.venue,
        },
        "sections": [
            {
                "session": s.session.number,
                "session_name": s.session.name,
                "section": s.section,
                "entered": session_document(s.scoring),
                "scored": result_to_json(s.result),
            }
            for s in sections
        ],
        "history": history,
    }
    if drive is not None:
        document["drive"] = drive
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


def read_results_json(path: str | Path) -> list[tuple[int, str, SectionPlay]]:
    """The sections of an exported JSON file: (session number, section, its play) each. A
    malformed file is refused with the line (and column) at fault."""
    return sections_of(*load_results_json(path), path)


def load_results_json(path: str | Path) -> tuple[str, dict[str, Any]]:
    """An exported JSON file's text and document; refused with the line at fault when it is
    not readable JSON or not our export."""
    try:
        text = read_input_text(path, "a results file")
    except OSError as exc:
        raise DirectorError(f"{path}: cannot read ({exc.strerror})") from None
    except UnreadableFileError as exc:
        raise DirectorError(str(exc)) from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DirectorError(
            f"{path}, line {exc.lineno}, column {exc.colno}: {exc.msg}; not readable JSON"
        ) from None
    except ValueError as exc:  # a number too long to read, say
        raise DirectorError(f"{path}: not readable JSON ({exc})") from None
    except RecursionError:
        raise DirectorError(f"{path}: nested too deeply to be a results export") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise DirectorError(f"{path}, line 1: not a Whist Director results export (no format)")
    return text, document


def sections_of(
    text: str, document: Mapping[str, Any], path: str | Path
) -> list[tuple[int, str, SectionPlay]]:
    """The sections an export's document holds, as `read_results_json` gives them."""
    out = []
    for i, section in enumerate(_list(document.get("sections"), path)):
        where = f"{path}, section {i + 1} (line {_line_of(text, i)})"
        if not isinstance(section, dict):
            raise DirectorError(f"{where}: expected an object")
        try:
            play = play_from_json(section.get("entered"))
            number, letter = int(section["session"]), str(section["section"])
        except (DirectorError, KeyError, TypeError, ValueError) as exc:
            raise DirectorError(f"{where}: {exc}") from None
        out.append((number, letter, play))
    return out


def _list(value: object, path: str | Path) -> list[object]:
    if not isinstance(value, list):
        raise DirectorError(f"{path}: no list of sections; is it a Whist Director export?")
    return value


def _line_of(text: str, index: int) -> int:
    """The line where the `index`-th section's "session" key appears (for messages)."""
    found = [m.start() for m in re.finditer(r'"session"\s*:', text)]
    at = found[index] if index < len(found) else 0
    return text.count("\n", 0, at) + 1


# ---------------------------------------------------------------- CSV

COLUMNS = (
    "record", "session", "section", "ranking", "place", "label", "name", "deals", "tricks",
    "plus_minus", "matchpoints", "percent", "tray", "deal_version", "round", "table", "ns",
    "ew", "ns_tricks_made", "ns_tricks_counted", "ns_final", "ew_final", "marks",
    "plus_minus_ns", "plus_minus_ew", "matchpoints_ns", "matchpoints_ew", "adjustment",
)  # fmt: skip


BOM = "\ufeff"
"""The byte-order mark a spreadsheet reads as "this file is UTF-8"."""


def results_csv(sections: list[SectionResults]) -> str:
    """Every standing and every table result as one CSV (a "record" column tells which),
    starting with the byte-order mark."""
    out = io.StringIO(BOM)
    out.seek(0, io.SEEK_END)
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for s in sections:
        where = {"session": s.session.number, "section": s.section}
        names = s.scoring.names
        for ranking, rows in s.result.standings.items():
            for st in rows:
                values = {
                    **where, "record": "standing", "ranking": ranking, "place": st.place,
                    "label": st.label, "name": names.get(st.label, ""), "deals": st.deals,
                    "tricks": st.raw, "plus_minus": st.plus_minus,
                    "matchpoints": st.matchpoints, "percent": st.percent,
                }  # fmt: skip
                writer.writerow(_row(values))
        for deal in s.result.deals:
            for t in deal.tables:
                values = {
                    **where, "record": "result", "tray": t.tray, "deal_version": t.version,
                    "round": t.round, "table": t.table, "ns": " ".join(t.ns),
                    "ew": " ".join(t.ew), "ns_tricks_made": t.made_ns,
                    "ns_tricks_counted": t.counted_ns, "ns_final": t.final_ns,
                    "ew_final": t.final_ew, "marks": revoke_marks(t.marks),
                    "plus_minus_ns": t.pm_ns, "plus_minus_ew": t.pm_ew,
                    "matchpoints_ns": t.mp_ns, "matchpoints_ew": t.mp_ew,
                    "adjustment": t.adjustment.value,
                }  # fmt: skip
                writer.writerow(_row(values))
    return out.getvalue()


def _row(values: Mapping[str, object]) -> list[str]:
    return [cell(values.get(column)) for column in COLUMNS]


def cell(value: object) -> str:
    """A value as a CSV cell no spreadsheet runs: figures as plain numbers (4 decimals at
    most), text that could start a formula behind an apostrophe.

    >>> cell(Fraction(-10, 3)), cell("=HYPERLINK(1)"), cell("-R"), cell(None)
    ('-3.3333', "'=HYPERLINK(1)", "'-R", '')
    """
    if value is None:
        return ""
    if isinstance(value, Fraction | int):
        text = f"{float(value):.4f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    text = str(value)
    if text.startswith(_RISKY) and not _FIGURE.match(text):
        return "'" + text
    return text
