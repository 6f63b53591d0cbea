"""Put text into a box of known width: shrink it first, then wrap it, never below the legible
floor (`FLOOR_SIZE`); text still too tall for its box is cut short with an ellipsis.

Every fit is measured with reportlab's `stringWidth`. Tests (and anyone curious) can record the
measurements with `recording()` and check that no line is wider than its box.
"""

from __future__ import annotations

import contextlib
import math
import re
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from weakref import WeakKeyDictionary

from reportlab.pdfbase.pdfdoc import PDFDocument
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from director.printing.fonts import REGULAR
from director.printing.pdf_operators import add_operators, document_of, number, show_text

SHRINK_FLOOR = 0.6
"""Text shrinks to 60% of its size at most, then wraps: smaller is unreadable at arm's length."""
FLOOR_SIZE = 8.0
"""No text is ever drawn smaller than this (points): below it a card is hard to read."""
ELLIPSIS = "…"

LAYOUTS_KEPT = 1 << 16
"""Layouts remembered (see `_laid_out`): more than the distinct cells of the largest event's
results, a few megabytes at most."""

LEADING = 1.18
"""Line spacing as a multiple of the font size."""
CAP_HEIGHT = 0.73
"""Height of DejaVu Sans capitals as a multiple of the font size."""

_SPACES = re.compile(r"[ \t\r\n]+")
"""The spaces a line breaks at (str.split would break at a no-break space too)."""
_HYPHEN_BREAK = re.compile(r"(?<=[^\W\d_]-)(?=[^\W\d_])")
"""After the hyphen of a double-barrelled name ("Featherstonehaugh-|Cholmondeley"), where a line
may end as it does between words; never inside numbers ("101-102", "tables 1-5")."""


@dataclass(frozen=True, slots=True)
class Fitted:
    """Text laid out for a box: its lines and the font size that makes each line fit."""

    lines: tuple[str, ...]
    size: float
    font: str

    @property
    def height(self) -> float:
        """The height the lines take."""
        return len(self.lines) * self.size * LEADING

    def baselines(self, top: float) -> tuple[float, ...]:
        """Where each line sits when the lines are drawn downwards from `top`."""
        # Each line gets LEADING em; DejaVu's capitals are 0.73 em tall: centre them in the line.
        first = top - self.size * (LEADING / 2 + CAP_HEIGHT / 2)
        if len(self.lines) == 1:  # most text: spared the generator, drawn thousands of times
            return (first,)
        return tuple(first - k * self.size * LEADING for k in range(len(self.lines)))


@dataclass(frozen=True, slots=True)
class Measure:
    """One fitted text: its widest line and its height as drawn, and its box (points)."""

    text: str
    widest: float
    box: float
    tallest: float = 0.0
    """The height the lines take."""
    box_height: float | None = None
    cut: bool = False
    """Cut short with an ellipsis: the box could not hold every line."""

    @property
    def overflows(self) -> bool:
        """Wider (or, with a known box height, taller) than its box, allowing for rounding."""
        too_tall = self.box_height is not None and self.tallest > self.box_height + 0.01
        return self.widest > self.box + 0.01 or too_tall


_log: ContextVar[list[Measure] | None] = ContextVar("fit_log", default=None)


@contextlib.contextmanager
def recording() -> Iterator[list[Measure]]:
    """Collect a `Measure` for every text fitted inside the block."""
    log: list[Measure] = []
    token = _log.set(log)
    try:
        yield log
    finally:
        _log.reset(token)


def recording_now() -> bool:
    """Whether the texts fitted now are recorded (inside `recording()`)."""
    return _log.get() is not None


def fit(
    text: str,
    width: float,
    size: float,
    font: str = REGULAR,
    floor: float = SHRINK_FLOOR,
    height: float | None = None,
) -> Fitted:
    """Lay `text` out in `width` points: at `size` if it fits, else shrunk down to
    `floor * size` (never below `FLOOR_SIZE`), else wrapped at that size (words too long for a
    line are broken). With a `height`, wrapped lines that do not fit are cut short with "…"."""
    if width <= 0:
        raise ValueError(f"box width must be positive, got {width}")
    fitted = _laid_out(text, width, size, font, floor, height)
    log = _log.get()
    if log is not None:
        cut = fitted.lines[-1].endswith(ELLIPSIS) and not text.endswith(ELLIPSIS)
        log.append(Measure(text, _widest(fitted), width, fitted.height, height, cut))
    return fitted


@lru_cache(maxsize=LAYOUTS_KEPT)
def _laid_out(
    text: str, width: float, size: float, font: str, floor: float, height: float | None
) -> Fitted:
    """`fit` without the recording. Kept: a document fits the same few texts (numbers,
    names, headings) into the same columns thousands of times, and measuring is most of the
    cost of printing them."""
    size = max(size, FLOOR_SIZE)
    natural = stringWidth(text, font, size)
    smallest = max(size * floor, FLOOR_SIZE)
    if natural <= width:
        return Fitted((text,), size, font)
    if size * width / natural >= smallest:
        return Fitted((text,), max(_round_down(size * width / natural), smallest), font)
    longest = max(stringWidth(word, font, smallest) for word in pieces(text) or [""])
    if longest > width:
        # A word wider than the box: smaller still, down to the floor, before it is broken.
        smallest = max(_round_down(smallest * width / longest), FLOOR_SIZE)
    lines = _wrap(text, width, smallest, font)
    if height is not None:
        lines = _shorten(lines, width, smallest, font, height)
    return Fitted(lines, smallest, font)


def common_size(
    texts: Iterable[str],
    width: float,
    size: float,
    font: str = REGULAR,
    height: float | None = None,
) -> float:
    """The one size to print all of `texts` at, each in a box `width` points wide, so that
    texts of a kind (the names of a column) are never larger in one box than in the next:
    `size` if every text fits it, else the largest half point below at which every text fits
    without a word broken, on one line or, with a `height`, in the lines that height holds.
    Never below `FLOOR_SIZE`: at the floor the longest texts wrap into more lines instead.
    Draw them with `fit(text, width, size, font, floor=1)` (wrapped, never shrunk alone)."""
    distinct = set(texts)

    def fits(at: float) -> bool:
        room = 1 if height is None else max(int(height / (at * LEADING) + 0.001), 1)
        for text in distinct:
            laid = _laid_out(text, width, at, font, 1.0, None)
            if laid.size != at or len(laid.lines) > room:
                return False
        return True

    if size <= FLOOR_SIZE or fits(size):
        return max(size, FLOOR_SIZE)
    at = math.ceil(size * 2) / 2 - 0.5
    while at > FLOOR_SIZE and not fits(at):
        at -= 0.5
    return max(at, FLOOR_SIZE)


def _shorten(
    lines: tuple[str, ...], width: float, size: float, font: str, height: float
) -> tuple[str, ...]:
    """As many lines as `height` holds (at least one), the last ending in an ellipsis when
    some were left out."""
    room = max(int(height / (size * LEADING) + 0.001), 1)
    if len(lines) <= room:
        return lines
    last = lines[room - 1]
    while last and stringWidth(last + ELLIPSIS, font, size) > width:
        last = last[:-1]
    return (*lines[: room - 1], last.rstrip() + ELLIPSIS)


def _widest(fitted: Fitted) -> float:
    return max(_width(line, fitted.font, fitted.size) for line in fitted.lines)


def _round_down(size: float) -> float:
    return int(size * 10) / 10


def words(text: str) -> list[str]:
    """The words of `text` a line may break between: split at spaces but not at a no-break
    space (U+00A0), which keeps a number with the name it labels ("16 Featherstonehaugh")."""
    return [word for word in _SPACES.split(text) if word]


def pieces(text: str) -> list[str]:
    """The runs of `text` a line is never broken inside (unless one is wider than the line):
    its words, a double-barrelled name in its parts, each but the last ending in its hyphen."""
    return [piece for word in words(text) for piece in _HYPHEN_BREAK.split(word)]


def _wrap(text: str, width: float, size: float, font: str) -> tuple[str, ...]:
    lines: list[str] = []
    current = ""
    for word in words(text):
        for k, piece in enumerate(_HYPHEN_BREAK.split(word)):
            # the parts of a double-barrelled name join with no space between them
            joined = f"{current}{piece}" if k else f"{current} {piece}"
            candidate = joined if current else piece
            if stringWidth(candidate, font, size) <= width:
                current = candidate
                continue
            if current:
                lines.append(current)
            broken = _break_word(piece, width, size, font)
            lines.extend(broken[:-1])
            current = broken[-1]
    lines.append(current)
    return tuple(lines)


def _break_word(word: str, width: float, size: float, font: str) -> list[str]:
    """A word too wide for the line, cut into pieces that fit (at least one character each)."""
    pieces: list[str] = []
    current = ""
    for ch in word:
        if current and stringWidth(current + ch, font, size) > width:
            pieces.append(current)
            current = ch
        else:
            current += ch
    pieces.append(current)
    return pieces


def draw(
    c: Canvas,
    text: str,
    x: float,
    top: float,
    width: float,
    size: float,
    font: str = REGULAR,
    align: str = "left",
    into: TextBlock | None = None,
) -> float:
    """Draw `text` fitted into the box whose top-left corner is (x, top); return its height.
    `into`: a text block the caller draws (see `draw_lines`)."""
    fitted = fit(text, width, size, font)
    draw_lines(c, fitted, x, top, width, align, into)
    return fitted.height


def draw_middle(
    c: Canvas,
    text: str,
    x: float,
    bottom: float,
    width: float,
    height: float,
    size: float,
    font: str = REGULAR,
    align: str = "center",
    floor: float = SHRINK_FLOOR,
    into: TextBlock | None = None,
) -> None:
    """Draw `text` fitted into a box (see `fit`) and centred vertically in it; `into` a text
    block the caller draws, when given."""
    fitted = fit(text, width, size, font, floor, height)
    draw_lines(c, fitted, x, bottom + (height + fitted.height) / 2, width, align, into)


def draw_lines(
    c: Canvas,
    fitted: Fitted,
    x: float,
    top: float,
    width: float,
    align: str,
    into: TextBlock | None = None,
) -> None:
    """Draw fitted lines downwards from `top`, aligned in a box `width` points wide: at once,
    or `into` a text block the caller draws later (one text object for many boxes, as a
    page of thousands of cells needs)."""
    text = TextBlock(c) if into is None else into
    for line, y in zip(fitted.lines, fitted.baselines(top), strict=True):
        shift = 0.0
        if align in ("center", "right"):
            spare = width - _width(line, fitted.font, fitted.size)
            shift = spare / 2 if align == "center" else spare
        text.line(line, fitted.font, fitted.size, x + shift, y)
    if into is None:
        text.draw()


_Typeface = tuple[str, float, int]
"""A font, its size and the subset of its glyphs selected (-1 for none yet)."""

_Encodings = dict[tuple[str, str, float, _Typeface | None], tuple[str, _Typeface]]
_encoded: WeakKeyDictionary[PDFDocument, _Encodings] = WeakKeyDictionary()
"""Per document: each line's PDF text operators, by the line, its font and size and the
typeface selected before it; with the typeface selected after it."""


class TextBlock:
    """Lines of text, each placed on its own, drawn on a canvas as one PDF text object.

    reportlab's text object encodes every line afresh (its characters into the embedded
    font's subsets, then the operators as text); a document draws the same few texts (numbers,
    names, headings) thousands of times, so each is encoded once per document here. The font's
    subset numbering is the document's own and never changes once given, which is what makes
    an encoding reusable; the operators are those reportlab writes, so the page is the same.
    """

    def __init__(self, c: Canvas) -> None:
        self._canvas = c
        self._document = document_of(c)
        self._known = _encoded.setdefault(self._document, {})
        self._typeface: _Typeface | None = None
        self._code = ["BT"]

    def line(self, text: str, font: str, size: float, x: float, y: float) -> None:
        """`text` in `font` at `size` points, its baseline starting at (x, y)."""
        self.lines_at(((text, font, place(x)),), size, place(y))

    def lines_at(self, lines: Iterable[tuple[str, str, str]], size: float, y: str) -> None:
        """Lines (text, font, x) at `size` points on one baseline `y`, the coordinates
        already written out by `place`: a grid's columns and rows are written once, not once
        per cell."""
        known = self._known
        code = self._code
        typeface = self._typeface
        at = f" {y} Tm "
        for text, font, x in lines:
            key = (text, font, size, typeface)
            encoded = known.get(key)
            if encoded is None:
                encoded = known[key] = self._encode(text, font, size, typeface)
            code.append(f"1 0 0 1 {x}{at}{encoded[0]}")
            typeface = encoded[1]
        self._typeface = typeface

    def _encode(
        self, text: str, font: str, size: float, now: _Typeface | None
    ) -> tuple[str, _Typeface]:
        """`text`'s operators after the typeface `now`, and the typeface after them."""
        subset = now[2] if now is not None and now[:2] == (font, size) else -1
        code, subset = show_text(text, font, size, size * LEADING, self._document, subset)
        # Ending the line ("T*") keeps each line a line of its own for text extraction.
        return f"{code} T*", (font, size, subset)

    def draw(self) -> None:
        """Put the lines on the canvas's page (nothing when there are none)."""
        if len(self._code) > 1:
            add_operators(self._canvas, " ".join([*self._code, "ET"]))


@lru_cache(maxsize=LAYOUTS_KEPT)
def _width(text: str, font: str, size: float) -> float:
    return stringWidth(text, font, size)


@lru_cache(maxsize=LAYOUTS_KEPT)
def place(value: float) -> str:
    """A coordinate as reportlab writes it: the same few recur on every page, and formatting
    one costs more than looking it up."""
    return number(value)


def places(values: Iterable[float]) -> tuple[str, ...]:
    """Each of `values` written out by `place`."""
    return tuple(place(v) for v in values)


class FittedText(Flowable):
    """Fitted lines as a flowable for table cells: far cheaper than a Paragraph, which would
    parse markup and re-wrap text already laid out."""

    def __init__(self, fitted: Fitted, width: float, align: str) -> None:
        super().__init__()
        self.fitted = fitted
        self.box = width
        self.align = align

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.box, self.fitted.height

    def draw(self) -> None:
        draw_lines(self.canv, self.fitted, 0, self.fitted.height, self.box, self.align)
