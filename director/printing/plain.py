"""Plain text in a paragraph style: the titles, headings and notes of a long document.

reportlab's `Paragraph` parses markup and measures its words afresh every time it is wrapped;
a large event's results hold hundreds of plain headings and notes, each wrapped several times
while its page is found, and that was a sizeable part of printing them. `PlainText` wraps with
`fit` (remembered) and draws as `Paragraph` places a plain left-aligned paragraph: lines
`leading` apart, the first baseline one font size under the top.
"""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable

from director.printing import fit


class PlainText(Flowable):
    """A paragraph of plain text (no markup) in `style`'s font, size, leading and spacing,
    left-aligned and wrapped between words."""

    def __init__(self, text: str, style: ParagraphStyle) -> None:
        super().__init__()
        self.text = text
        self.font: str = style.fontName
        self.size: float = style.fontSize
        self.leading: float = style.leading
        self.spaceBefore: float = style.spaceBefore
        self.spaceAfter: float = style.spaceAfter
        self._laid: fit.Fitted | None = None

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        # floor 1: wrapped at the style's size, never shrunk
        self._laid = fit.fit(self.text, available_width, self.size, self.font, floor=1.0)
        self.width = available_width
        self.height = len(self._laid.lines) * self.leading
        return self.width, self.height

    def draw(self) -> None:
        laid = self._laid
        if laid is None:
            return
        text = fit.TextBlock(self.canv)
        first = self.height - laid.size
        for k, line in enumerate(laid.lines):
            if line:
                text.line(line, laid.font, laid.size, 0.0, first - k * self.leading)
        text.draw()

    def __repr__(self) -> str:
        return f"PlainText({self.text!r})"
