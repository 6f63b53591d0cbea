"""The pieces of the results site's HTML. Every text goes through `escape` here, so a player
named `<script>` shows as those characters and never runs; nothing else writes markup."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

STYLESHEET = "style.css"
"""The site's one stylesheet, at the top of the site (no third-party assets)."""

_BLANK = ("", "-", "—")
"""What a sheet shows where there is no figure."""
_NUMBER = re.compile(r"^[+-]?\d+(\.\d+)?[%=]?$")


@dataclass(frozen=True, slots=True)
class Link:
    """A link: its text and the page it leads to (relative to the page that holds it)."""

    text: str
    href: str


Fragment = str | Link
Cell = Fragment | tuple[Fragment, ...]
"""A table cell: text, a link, or several of them side by side (e.g. two partners)."""


def escape(text: str) -> str:
    """Text as HTML: &, <, >, and both quotes escaped."""
    return html.escape(text, quote=True)


def fragment(part: Fragment) -> str:
    """One piece of text or one link as HTML."""
    if isinstance(part, Link):
        return f'<a href="{escape(part.href)}">{escape(part.text)}</a>'
    return escape(part)


def cell(value: Cell) -> str:
    """A cell's content as HTML."""
    parts = value if isinstance(value, tuple) else (value,)
    return "".join(fragment(p) for p in parts)


def _text(value: Cell) -> str:
    parts = value if isinstance(value, tuple) else (value,)
    return "".join(p.text if isinstance(p, Link) else p for p in parts)


def table(caption: str, headings: Sequence[str], rows: Iterable[Sequence[Cell]]) -> str:
    """A captioned table. A column of figures is right-aligned, heading included; a table too
    wide for a phone scrolls sideways instead of squeezing its columns."""
    rows = [tuple(row) for row in rows]
    filled = [
        [_text(row[at]) for row in rows if _text(row[at]) not in _BLANK]
        for at in range(len(headings))
    ]
    numeric = [bool(cells) and all(_NUMBER.match(c) for c in cells) for cells in filled]
    num = ' class="num"'
    head = "".join(
        f'<th scope="col"{num if n else ""}>{escape(h)}</th>'
        for h, n in zip(headings, numeric, strict=True)
    )
    body = "\n".join(
        "<tr>"
        + "".join(
            f"<td{num if n else ''}>{cell(c)}</td>" for c, n in zip(row, numeric, strict=True)
        )
        + "</tr>"
        for row in rows
    )
    return (
        f'<div class="scroll"><table>\n<caption>{escape(caption)}</caption>\n'
        f"<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody></table></div>"
    )


def paragraphs(texts: Iterable[str], css: str = "note") -> str:
    """Each text as a paragraph of class `css`."""
    return "\n".join(f'<p class="{css}">{escape(t)}</p>' for t in texts)


def bullets(items: Iterable[Fragment], css: str) -> str:
    """A list of texts or links (a list, so screen readers count them)."""
    inner = "".join(f"<li>{fragment(item)}</li>" for item in items)
    return f'<ul class="{css}">{inner}</ul>'


def page(
    title: str,
    heading: str,
    subtitle: str,
    body: str,
    root: str,
    navigation: Sequence[Link] = (),
    footer: str = "",
) -> str:
    """A whole page: `root` is the way back to the top of the site ("" or "../")."""
    nav = f'<nav class="crumbs">{bullets(navigation, "crumbs")}</nav>\n' if navigation else ""
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n"
        f'<link rel="stylesheet" href="{escape(root + STYLESHEET)}">\n'
        "</head>\n<body>\n"
        f"{nav}<header>\n<h1>{escape(heading)}</h1>\n"
        + (f'<p class="subtitle">{escape(subtitle)}</p>\n' if subtitle else "")
        + f"</header>\n<main>\n{body.strip()}\n</main>\n"
        + (f"<footer>{escape(footer)}</footer>\n" if footer else "")
        + "</body>\n</html>\n"
    )
