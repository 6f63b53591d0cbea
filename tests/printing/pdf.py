"""Reading printed PDFs back in tests: text per page (pypdf) and pages as images (poppler)."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

from pypdf import PdfReader


def pages(pdf: bytes) -> list[str]:
    """The extracted text of every page."""
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def lines(pdf: bytes) -> list[str]:
    """Every non-empty text line of the document, pages in order, footers and headers included."""
    return [line.strip() for text in pages(pdf) for line in text.splitlines() if line.strip()]


def page_size(pdf: bytes, index: int = 0) -> tuple[float, float]:
    """Width and height of a page in points."""
    box = PdfReader(io.BytesIO(pdf)).pages[index].mediabox
    return float(box.width), float(box.height)


def to_png(pdf: bytes, folder: Path, first: int = 1, last: int = 1) -> list[Path]:
    """Render pages with poppler's pdftoppm (tools/system-deps installs poppler-utils)."""
    if shutil.which("pdftoppm") is None:
        raise RuntimeError("pdftoppm not found: install poppler-utils (tools/system-deps)")
    source = folder / "doc.pdf"
    source.write_bytes(pdf)
    cmd = ["pdftoppm", "-r", "40", "-gray", "-f", str(first), "-l", str(last), str(source)]
    subprocess.run([*cmd, str(folder / "page")], check=True)
    return sorted(folder.glob("page*.pgm"))


def ink_fraction(pgm: Path) -> float:
    """The share of pixels that are not white in a binary PGM (P5) image."""
    data = pgm.read_bytes()
    fields = data.split(maxsplit=4)
    if fields[0] != b"P5":
        raise ValueError(f"{pgm} is not a binary PGM")
    width, height = int(fields[1]), int(fields[2])
    pixels = fields[4][-width * height :]
    return sum(1 for p in pixels if p < 200) / len(pixels)


_FONT = re.compile(rb"/F[\w+]+ ([\d.]+) Tf")


def font_sizes(pdf: bytes) -> set[float]:
    """Every font size the pages' content streams set (the "Tf" operator), in points."""
    sizes: set[float] = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        sizes.update(float(m) for m in _FONT.findall(page.get_contents().get_data()))
    return sizes


def text_sizes(pdf: bytes) -> list[tuple[str, float]]:
    """Every piece of text the pages draw, with the font size it is drawn at (points)."""
    drawn: list[tuple[str, float]] = []

    def seen(text: str, cm: object, tm: object, font: object, size: float) -> None:
        if text.strip():
            drawn.append((text.strip(), size))

    for page in PdfReader(io.BytesIO(pdf)).pages:
        page.extract_text(visitor_text=seen)
    return drawn
