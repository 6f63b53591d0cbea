"""Lines drawn through `fit.TextBlock` (each text encoded once per document) print as
reportlab's own text object prints them: the same page, the same text read back."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from director.printing import fit
from director.printing.fonts import BOLD, REGULAR, register_fonts
from tests.printing.pdf import lines, to_png

register_fonts()

# More than 256 distinct characters, so the embedded font needs a second subset of glyphs and
# lines switch between subsets part-way, and between fonts and sizes.
CODES = [*range(0x41, 0x5B), *range(0xC0, 0x17F), *range(0x391, 0x3A2), *range(0x410, 0x450)]
ALPHABETS = "".join(map(chr, CODES)) + "♠♥♦♣→"
CHUNKS = [ALPHABETS[k : k + 40] for k in range(0, len(ALPHABETS), 40)]
# Texts met again after another subset was selected, in the same font and size: each must
# select its own subset again.
TEXTS = [
    "Table 12",
    *CHUNKS,
    CHUNKS[0],
    "N-S ♠ 7 (Mrs Ames & Mr Bell)",
    CHUNKS[-1],
    "Table 12",
    "Ω → Я ♣ Table 12",
    "",
    "100% <tricks> \\ (brackets)",
]
LINES = [
    (text, font, size, 30 + 7.25 * (k % 5), 820 - 14.5 * (k + len(TEXTS) * run))
    for run, (font, size) in enumerate([(REGULAR, 10), (BOLD, 12), (REGULAR, 9.5)])
    for k, text in enumerate(TEXTS)
]


def pdf(draw: Callable[[Canvas], None]) -> bytes:
    buffer = io.BytesIO()
    c = Canvas(buffer)
    draw(c)
    c.showPage()
    c.save()
    return buffer.getvalue()


def through_reportlab(c: Canvas) -> None:
    text = c.beginText()
    for line, font, size, x, y in LINES:
        text.setFont(font, size, size * fit.LEADING)
        text.setTextOrigin(x, y)
        text.textLine(line)
    c.drawText(text)


def through_blocks(c: Canvas) -> None:
    # two blocks: the second reuses the first one's encodings of the same texts
    for half in (LINES[: len(LINES) // 2], LINES[len(LINES) // 2 :]):
        block = fit.TextBlock(c)
        for line, font, size, x, y in half:
            block.line(line, font, size, x, y)
        block.draw()


def test_a_text_block_prints_the_page_reportlab_prints(tmp_path: Path) -> None:
    theirs, ours = pdf(through_reportlab), pdf(through_blocks)
    assert lines(ours) == lines(theirs)
    assert [t for t in TEXTS if t and t not in " ".join(lines(ours))] == []
    (tmp_path / "theirs").mkdir()
    (tmp_path / "ours").mkdir()
    expected = to_png(theirs, tmp_path / "theirs")
    drawn = to_png(ours, tmp_path / "ours")
    assert [p.read_bytes() for p in drawn] == [p.read_bytes() for p in expected]


def test_each_document_encodes_its_own_texts() -> None:
    # The encodings kept for one document are never another's: its subsets are numbered anew.
    first = pdf(through_blocks)
    pdf(through_reportlab)
    assert lines(pdf(through_blocks)) == lines(first)
