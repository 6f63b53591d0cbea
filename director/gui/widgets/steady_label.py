"""A line of text whose new text repaints the line alone.

A QLabel asks for the window to be laid out again at every new text, even one that needs no
other size, and the request climbs to the window's QTabWidget, which repaints itself whole at
each layout: a line that changes at every score (who leads, how many results are in) repainted
the whole screen within the tab, the most of a frame at 30 tables. This line asks for a new
layout only when its new text needs another size.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QSize
from PySide6.QtGui import QAbstractTextDocumentLayout, QPainter, QPaintEvent, QTextDocument
from PySide6.QtWidgets import QSizePolicy, QWidget

HINT_CHARACTERS = 30
"""How wide a wrapped line would like to be, in average characters, whatever its text: a hint
that followed the text would call for a new layout at every change."""


class SteadyLabel(QWidget):
    """Plain text (`rich`: Qt's rich text, as "<b>…</b>") shown as a QLabel shows it: at the
    left, in the middle of its height, wrapped to its width (`wrap`) or on one line as wide as
    the text."""

    def __init__(
        self, parent: QWidget | None = None, rich: bool = False, wrap: bool = True
    ) -> None:
        super().__init__(parent)
        self._rich, self._wrap = rich, wrap
        self._text = ""
        self._document = QTextDocument(self)
        self._document.setDocumentMargin(0)
        self._document.setDefaultFont(self.font())
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(wrap)
        self.setSizePolicy(policy)

    def text(self) -> str:
        """The text as given (with its markup when rich)."""
        return self._text

    def setText(self, text: str) -> None:
        """Show `text`; the layout is asked again only when the text needs another size."""
        if text == self._text:
            return
        needs = self._needs()
        self._text = text
        if self._rich:
            self._document.setHtml(text)
        else:
            self._document.setPlainText(text)
        self.setAccessibleDescription(self._document.toPlainText())
        if self._needs() != needs:
            self.updateGeometry()
        self.update()

    def clear(self) -> None:
        """No text."""
        self.setText("")

    def _needs(self) -> tuple[QSize, int]:
        """What the layout reads of the line: its smallest size, and its height at its width."""
        return self.minimumSizeHint(), self.heightForWidth(self.width())

    def hasHeightForWidth(self) -> bool:
        return self._wrap

    def heightForWidth(self, width: int) -> int:
        self._document.setTextWidth(max(1, width) if self._wrap else -1)
        return math.ceil(self._document.size().height())

    def sizeHint(self) -> QSize:
        if not self._wrap:
            return self.minimumSizeHint()
        metrics = self.fontMetrics()
        return QSize(metrics.averageCharWidth() * HINT_CHARACTERS, metrics.lineSpacing())

    def minimumSizeHint(self) -> QSize:
        if self._wrap:
            metrics = self.fontMetrics()
            return QSize(metrics.averageCharWidth(), metrics.lineSpacing())
        height = self.heightForWidth(-1)  # laid out on one line
        return QSize(math.ceil(self._document.idealWidth()), height)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self._document.setDefaultFont(self.font())
            self.updateGeometry()
        super().changeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        height = self.heightForWidth(self.width())
        painter = QPainter(self)
        painter.translate(0, max(0, (self.height() - height) // 2))
        context = QAbstractTextDocumentLayout.PaintContext()
        context.palette = self.palette()
        self._document.documentLayout().draw(painter, context)
        painter.end()
