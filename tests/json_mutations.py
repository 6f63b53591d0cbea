"""Hypothesis strategies that damage real JSON documents: the fuzz tests of both readers.

A case starts from a real document, applies one to three mutations at random places (drop a
key or an item, put another value in its place, change its type, empty it), then writes it as
bytes in some encoding, sometimes cut short. Some replacements are raw JSON text that Python
itself cannot produce or read back (5,000-digit integers, nesting 100,000 deep, NaN).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import strategies as st

Path = tuple[str | int, ...]

RAW_TEXTS = (
    "1" * 5000,
    "-" + "9" * 400,
    "1e308",
    "-1e308",
    "1.5",
    "-1",
    "0",
    "NaN",
    "Infinity",
    "[" * 100_000 + "]" * 100_000,
    '{"a":' * 50_000 + "1" + "}" * 50_000,
    "1000005",
    "1000000000",
    '"\\ud800"',
)
"""Values spliced in as JSON text: huge, deep, non-finite or otherwise hostile."""

ENCODINGS = ("utf-8",) * 6 + ("utf-8-sig", "utf-16", "utf-16-le", "utf-32", "latin-1", "cp1252")
"""Mostly UTF-8, so that most cases reach the checks behind the decoding."""

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.sampled_from([0, 1, 2, 3, 13, 14, -1, 10**6])
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=10,
)


def node_paths(doc: Any, prefix: Path = ()) -> list[Path]:
    """The path of every value in `doc`, the document itself included."""
    found = [prefix]
    if isinstance(doc, dict):
        for key, value in doc.items():
            found += node_paths(value, (*prefix, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            found += node_paths(value, (*prefix, i))
    return found


def _parent(doc: Any, path: Path) -> Any:
    for step in path[:-1]:
        doc = doc[step]
    return doc


@st.composite
def mutated_text(draw: st.DrawFn, documents: Sequence[dict[str, Any]]) -> str:
    """JSON text of one document with one to three mutations."""
    doc = copy.deepcopy(draw(st.sampled_from(documents)))
    raws: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(node_paths(doc)))
        if not path:
            doc = draw(json_values)
            continue
        parent, key = _parent(doc, path), path[-1]
        op = draw(st.sampled_from(["drop", "replace", "raw", "retype", "empty", "duplicate"]))
        if op == "drop":
            del parent[key]
        elif op == "replace":
            parent[key] = draw(json_values)
        elif op == "raw":
            raws.append(draw(st.sampled_from(RAW_TEXTS)))
            parent[key] = f"@@raw{len(raws) - 1}@@"
        elif op == "retype":
            parent[key] = _retyped(parent[key], draw)
        elif op == "empty":
            parent[key] = type(parent[key])() if isinstance(parent[key], dict | list) else None
        elif isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
    text = json.dumps(doc)
    for i, raw in enumerate(raws):
        text = text.replace(f'"@@raw{i}@@"', raw)
    return text


def _retyped(value: Any, draw: Callable[[Any], Any]) -> Any:
    choices: list[Any] = [[value], {"value": value}, str(value)]
    if isinstance(value, int) and not isinstance(value, bool):
        choices += [float(value), value > 0, -value]
    if isinstance(value, str) and value.isdigit():
        choices.append(int(value))
    return draw(st.sampled_from(choices))


@st.composite
def damaged_bytes(draw: st.DrawFn, documents: Sequence[dict[str, Any]]) -> bytes:
    """A mutated document as the bytes of a file: some encoding, a foreign letter, maybe cut."""
    text = draw(mutated_text(documents))
    if draw(st.booleans()):
        # A letter outside ASCII, so that the encoding matters.
        at = draw(st.integers(0, len(text)))
        quote = text.find('"', at)
        if quote >= 0:
            text = text[: quote + 1] + "é" + text[quote + 1 :]
    data = text.encode(draw(st.sampled_from(ENCODINGS)), errors="surrogatepass")
    if draw(st.integers(0, 9)) == 0:
        data = data[: draw(st.integers(0, len(data)))]
    return data
