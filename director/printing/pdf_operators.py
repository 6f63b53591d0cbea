"""Where the printing writes PDF operators itself rather than through reportlab's drawing calls.

reportlab keeps the pieces this needs private or undocumented: a canvas's document (which owns the
numbering of an embedded font's subsets), a canvas's page size and its start of a new page (which a
canvas that numbers its pages at the end needs), a TrueType font's splitting of text into those
subsets, and its PDF string and number formatting. They are used here and nowhere else, so a
reportlab release that changes them breaks one module; `tests/printing/test_reportlab_versions.py`
prints the same papers with the oldest reportlab `pyproject.toml` allows and with the locked one,
and compares them.
"""

from __future__ import annotations

from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase.pdfdoc import PDFDocument
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas


def document_of(c: Canvas) -> PDFDocument:
    """The document a canvas draws into: the owner of its fonts' subset numbering."""
    document: PDFDocument = c._doc  # type: ignore[attr-defined]  # private: not in the stubs
    return document


def page_size(c: Canvas) -> tuple[float, float]:
    """The width and height of the canvas's current page, in points."""
    size: tuple[float, float] = c._pagesize  # type: ignore[attr-defined]  # private: not in the stubs
    return size


def start_page(c: Canvas) -> None:
    """Begin a new page on the canvas without writing out the one before (reportlab's own
    `showPage` does both)."""
    c._startPage()  # type: ignore[attr-defined]  # private: not in the stubs


def number(value: float) -> str:
    """A number as reportlab writes it in a content stream."""
    return fp_str(value)


def show_text(
    text: str, font: str, size: float, leading: float, document: PDFDocument, subset: int
) -> tuple[str, int]:
    """The operators that show `text` in `font` at `size` points, when the subset selected
    before them is `subset` (-1 for none of this font and size); with the subset selected
    after them. The operators are those reportlab's text object writes for the same line."""
    face = getFont(font)
    if not isinstance(face, TTFont):  # reportlab's stubs type every font as a `Font`
        raise TypeError(f"{font} is not an embedded TrueType font: it has no subsets")
    code: list[str] = []
    for part, characters in face.splitString(text, document):
        if part != subset:
            name = face.getSubsetInternalName(part, document)
            code.append(f"{name} {fp_str(size)} Tf {fp_str(leading)} TL")
            subset = part
        code.append(f"({escapePDF(characters)}) Tj")
    return " ".join(code), subset


def add_operators(c: Canvas, code: str) -> None:
    """Put operators on the canvas's page as they are."""
    c.addLiteral(code)
