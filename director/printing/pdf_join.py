"""Several PDFs as one, by PDFium (the `pypdfium2` wheels: one library on Windows, macOS and
Linux, no system tool).

PDFium must not be called from two threads at once: every call to it, here and in the print
preview's page images, goes through `PDFIUM`.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Sequence

import pypdfium2 as pdfium  # type: ignore[import-untyped]  # ships no types and no stubs

PDFIUM = threading.Lock()
"""Held by every call to PDFium."""


def merged(pdfs: Sequence[bytes]) -> bytes:
    """The pages of every PDF, in order, as one PDF."""
    if len(pdfs) == 1:
        return pdfs[0]
    with PDFIUM:
        whole = pdfium.PdfDocument.new()
        for pdf in pdfs:
            part = pdfium.PdfDocument(pdf)
            whole.import_pages(part)
            part.close()
        out = io.BytesIO()
        whole.save(out)
        whole.close()
    return out.getvalue()
