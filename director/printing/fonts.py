"""The embedded font: DejaVu Sans, shipped in resources/fonts with its licence.

The PDF base fonts have no suit symbols; DejaVu Sans has them (and arrows), and reportlab
embeds the subset each PDF uses.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from director.errors import DirectorError

FONTS = Path(__file__).resolve().parents[2] / "resources" / "fonts"
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"


@cache
def register_fonts() -> None:
    """Register DejaVu Sans (regular and bold) with reportlab, once per process."""
    for name, file in ((REGULAR, "DejaVuSans.ttf"), (BOLD, "DejaVuSans-Bold.ttf")):
        path = FONTS / file
        if not path.is_file():
            raise DirectorError(f"font file missing: {path} (reinstall Whist Director)")
        pdfmetrics.registerFont(TTFont(name, str(path)))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD)
