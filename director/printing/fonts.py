"""The embedded font: DejaVu Sans, shipped in director/data/fonts with its licence.

The PDF base fonts have no suit symbols; DejaVu Sans has them (and arrows), and reportlab
embeds the subset each PDF uses.
"""

from __future__ import annotations

from functools import cache
from io import BytesIO

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from director.errors import DirectorError
from schedules.package_data import data_file

FONTS = data_file("director", "fonts")
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"


@cache
def register_fonts() -> None:
    """Register DejaVu Sans (regular and bold) with reportlab, once per process."""
    for name, file in ((REGULAR, "DejaVuSans.ttf"), (BOLD, "DejaVuSans-Bold.ttf")):
        font = FONTS / file
        if not font.is_file():
            raise DirectorError(f"font file missing: {font} (reinstall Whist Director)")
        # read from memory: inside a wheel or a zip the font need not be a file on disk
        pdfmetrics.registerFont(TTFont(name, BytesIO(font.read_bytes())))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD)
