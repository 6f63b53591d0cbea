"""What the readers of JSON files share: the encodings accepted, and one plain line for the
first thing a schema found wrong.

Encodings: UTF-8 with or without a byte-order mark, and UTF-16 with one (Windows Notepad's
"Unicode"). Anything else is refused with a line saying to save the file as UTF-8: Latin-1 and
the Windows code pages cannot be told apart from the bytes alone, and a wrong guess would
change names silently.
"""

from __future__ import annotations

import codecs
import os
import stat
from pathlib import Path
from typing import Any

from pydantic import ValidationError

MAX_FILE_BYTES = 64 * 1024 * 1024
"""Far above any real movement or session (the largest are a few hundred kilobytes)."""

SAVE_AS_UTF8 = "save it as UTF-8 (in most editors: Save As, Encoding UTF-8)"


class UnreadableFileError(ValueError):
    """A file that is not text in an encoding the readers accept; the message says why."""


def read_text(path: str | Path) -> str:
    """The text of a JSON file; raises `UnreadableFileError` (too large, wrong encoding, not a
    regular file) or `OSError` (cannot be read)."""
    return decode(read_bytes(path, MAX_FILE_BYTES, "a movement or session"), str(path))


def read_bytes(path: str | Path, limit: int, what: str) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them; `what` names what the
    file should be, for the refusals. A device, a pipe or a folder is refused before anything
    is read from it (reading a pipe would wait for ever), and so is a file above `limit`.
    Raises `UnreadableFileError`, or `OSError` when the file cannot be read."""
    _check_regular(path, os.stat(path), what)
    # Non-blocking, in case a pipe took the file's place since: its open would wait.
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    with os.fdopen(descriptor, "rb") as fh:
        status = os.fstat(fh.fileno())
        _check_regular(path, status, what)
        if status.st_size > limit:
            raise _too_large(path, status.st_size, what)
        data = fh.read(limit + 1)
    if len(data) > limit:  # grown since
        raise _too_large(path, len(data), what)
    return data


def _check_regular(path: str | Path, status: os.stat_result, what: str) -> None:
    if stat.S_ISREG(status.st_mode):
        return
    kind = (
        "a folder"
        if stat.S_ISDIR(status.st_mode)
        else "a pipe"
        if stat.S_ISFIFO(status.st_mode)
        else "a device or socket"
    )
    raise UnreadableFileError(f"{path} is {kind}, not a file; give {what} saved as a file")


def _too_large(path: str | Path, size: int, what: str) -> UnreadableFileError:
    shown = f"{size / 2**20:.1f} MB" if size >= 2**20 else f"{size // 1024} KB"
    return UnreadableFileError(f"{path} is {shown}; a file this large is not {what}")


def decode(raw: bytes, name: str) -> str:
    """`raw` decoded as UTF-8 (an optional byte-order mark dropped) or BOM-marked UTF-16."""
    if raw.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
        raise UnreadableFileError(f"{name} is UTF-32 text; {SAVE_AS_UTF8}")
    encoding = "utf-16" if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) else None
    try:
        text = raw.decode(encoding or "utf-8-sig")
    except UnicodeDecodeError as exc:
        found = "UTF-16 text with a damaged letter" if encoding else "not UTF-8 text"
        # A line to look at, not just an offset: the 0x0a bytes before the fault (in UTF-16
        # a letter may hold one too, so there it is near the spot rather than exact).
        line = raw.count(b"\n", 0, exc.start) + 1
        raise UnreadableFileError(
            f"{name} is {found} (byte {exc.object[exc.start]:#04x} on line {line}, offset"
            f" {exc.start}); {SAVE_AS_UTF8}"
        ) from None
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise UnreadableFileError(
            f"{name} looks like UTF-16 without a byte-order mark (a zero byte on line {line});"
            f" {SAVE_AS_UTF8}"
        )
    return text


_PLAIN = {
    "missing": "is missing",
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number",
    "string_type": "must be text in quotes",
    "bool_type": "must be true or false",
    "list_type": "must be a list [...]",
    "tuple_type": "must be a list [...]",
    "dict_type": "must be an object {...}",
    "model_type": "must be an object {...}",
    "model_attributes_type": "must be an object {...}",
    "extra_forbidden": "is not a field the program knows",
}


def problem(error: ValidationError, prefix: str = "", name: str = "") -> str:
    """The first fault a schema found, as one line: the file's `name` if given, where in the
    file, then what is wrong ("movement.seatings[3].trays[0]: must be a whole number, not
    1e+308")."""
    errors = error.errors(include_url=False)
    first = errors[0]
    if first["type"] == "json_invalid":
        detail = (first.get("ctx") or {}).get("error", first["msg"])
        return f"{name or 'the file'} is not JSON: {detail}"
    where = place(first["loc"], prefix) or "the document"
    more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
    return f"{name + ': ' if name else ''}{where}: {_what(first)}{more}"


def place(loc: tuple[str | int, ...], prefix: str = "") -> str:
    """A schema location as the file would name it: `results[3].revokes[0].count`."""
    text = prefix
    for step in loc:
        if isinstance(step, int):
            text += f"[{step}]"
        else:
            text += f".{step}" if text else str(step)
    return text


def _what(err: Any) -> str:
    kind, ctx = err["type"], err.get("ctx") or {}
    if kind == "value_error":
        return str(ctx.get("error", err["msg"]))
    if kind in ("less_than_equal", "greater_than_equal"):
        bound = ctx.get("le", ctx.get("ge"))
        text = f"must be at {'most' if kind == 'less_than_equal' else 'least'} {bound}"
    elif kind in ("too_long", "string_too_long"):
        return f"is too long (at most {ctx.get('max_length')} {_unit(kind)})"
    elif kind in ("too_short", "string_too_short"):
        return f"is too short (at least {ctx.get('min_length')} {_unit(kind)})"
    elif kind == "literal_error":
        text = f"must be one of {ctx.get('expected')}"
    else:
        text = _PLAIN.get(kind, err["msg"])
    if kind in ("missing", "extra_forbidden"):
        return text
    return f"{text}, not {shown(err.get('input'))}"


def _unit(kind: str) -> str:
    return "characters" if kind.startswith("string") else "items"


def shown(value: Any) -> str:
    """A value as a message can quote it: short, and never a 5,000-digit number in full."""
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, int):
        # str() of a huge int is slow and refused past 4,300 digits: give its size instead
        if value.bit_length() >= 64:
            return f"a number of about {_digits(value)} digits"
        return str(value)
    if isinstance(value, str):
        return repr(value if len(value) <= 30 else value[:27] + "...")
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return repr(value)[:30]


def _digits(value: int) -> int:
    return int(abs(value).bit_length() * 0.30103) + 1
