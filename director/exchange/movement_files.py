"""Movement files in every format the program reads and writes, told apart by their name.

- `.json`: our own movement document (`director movement ... --format json`);
- `.yaml` / `.yml`: the bridgescorer program's movements (`director.exchange.bridgescorer`);
- `.csv`: one line per table per round (`director.exchange.movement_csv`).

Reading gives the movement and what its file declares wrongly (for the verifier's report);
the verifier itself is run by whoever uses the movement.
"""

from __future__ import annotations

import json
from pathlib import Path

from director.errors import DirectorError
from director.exchange.bridgescorer import read_bridgescorer, write_bridgescorer
from director.exchange.movement_csv import read_movement_csv, write_movement_csv
from schedules.findings import Finding, InvalidMovementError
from schedules.json_input import UnreadableFileError, read_text
from schedules.jsonio import movement_document, read_movement
from schedules.types import Movement

FORMATS = ("json", "yaml", "csv")
"""The movement formats, as `--format` names them."""
SUFFIXES = {".json": "json", ".yaml": "yaml", ".yml": "yaml", ".csv": "csv"}


def movement_format(path: str | Path) -> str | None:
    """The format a file's name says it holds (None: not a movement file's name)."""
    return SUFFIXES.get(Path(path).suffix.lower())


def read_movement_file(path: str | Path) -> tuple[Movement, list[Finding]]:
    """The movement in a file of any known format, with the findings of what it declares;
    a file that cannot be read is refused in one line naming the line at fault."""
    fmt = movement_format(path)
    if fmt is None:
        raise DirectorError(
            f"{path}: not a movement file's name; use .json, .yaml (bridgescorer) or .csv"
        )
    if fmt == "json":
        return read_movement(path)
    try:
        text = read_text(path)
    except UnreadableFileError as exc:
        raise DirectorError(str(exc)) from None
    except OSError as exc:
        raise DirectorError(f"cannot read {path}: {exc.strerror}") from None
    return _read(text, fmt, str(path), Path(path).stem), []


def _read(text: str, fmt: str, where: str, family: str) -> Movement:
    if fmt == "yaml":
        return read_bridgescorer(text, where)
    return read_movement_csv(text, where, family=family)


def load_movement_file(path: str | Path) -> Movement:
    """`read_movement_file`, refusing a file whose declarations contradict its seatings."""
    movement, findings = read_movement_file(path)
    if findings:
        raise InvalidMovementError(findings)
    return movement


def movement_text(movement: Movement, fmt: str) -> str:
    """The movement as the text of a file in format `fmt` (one of `FORMATS`)."""
    if fmt == "json":
        return json.dumps(movement_document(movement), indent=1) + "\n"
    if movement.mnemonic:
        # Other programs know nothing of playing each tray twice: their file would be
        # refused by our own verifier (and theirs) when read back.
        raise DirectorError(
            "a mnemonic movement (every tray played twice) can only be written as json:"
            " bridgescorer and CSV movements have no place for the second play"
        )
    if fmt == "yaml":
        return write_bridgescorer(movement)
    if fmt == "csv":
        return write_movement_csv(movement)
    raise DirectorError(f"unknown movement format {fmt!r}; use one of: {', '.join(FORMATS)}")


def not_carried(movement: Movement, fmt: str) -> list[str]:
    """What of the movement a file in format `fmt` does not carry, in words: what differs
    in the movement read back from it (nothing for our own JSON)."""
    if fmt == "json":
        return []
    back = _read(movement_text(movement, fmt), fmt, f"the {fmt} file", movement.family)
    trays, again = movement.trays, back.trays
    return [
        words
        for differs, words in (
            (
                [t.dealer for t in trays] != [t.dealer for t in again],
                "the trays' dealers (read back as the rotating dealer)",
            ),
            (
                [(t.original_round, t.original_table) for t in trays]
                != [(t.original_round, t.original_table) for t in again],
                "the trays' original plays (read back as each tray's first play)",
            ),
            (
                any(s.switched for s in movement.seatings),
                "the arrow switches (each line names who holds the N-S and E-W hands,"
                " which plays the same)",
            ),
            (
                set(movement.shared) != set(back.shared),
                "the relays as declared (read back from the tables sharing trays)",
            ),
            (
                set(back.field) != set(movement.field),
                "the competitors' labels (numbered in field order)",
            ),
            (
                set(back.field) == set(movement.field) and back.field != movement.field,
                "the order the competitors are listed in (read back by their labels)",
            ),
            (back.winners != movement.winners, "the winners"),
            (back.promise != movement.promise, f"the promise it keeps ({movement.promise})"),
            (back.variant != movement.variant, "the variant"),
            (back.teams != movement.teams, "the teams"),
            (back.attributes != movement.attributes, "who is a lady, a gentleman or a couple"),
            (back.notes != movement.notes, "the notes"),
        )
        if differs
    ]
