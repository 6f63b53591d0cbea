"""A line chart of each competitor's running plus/minus through the rounds (QPainter).

PySide6-Essentials has no QtCharts, so this draws axes, a zero line and one polyline per
competitor, with a legend. The figures are given; the widget only maps them to pixels.
"""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from director.scoring.text import figure

PALETTE = (
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
    "#e377c2", "#17becf", "#7f7f7f", "#bcbd22",
)  # fmt: skip
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 48.0, 110.0, 16.0, 36.0


class RunningChart(QWidget):
    """One line per competitor: plus/minus after each round."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.series: dict[str, list[Fraction]] = {}
        self.rounds = 0
        self.setMinimumSize(240, 120)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName("Running plus/minus chart")

    def set_series(self, series: dict[str, list[Fraction]], rounds: int = 0) -> None:
        """Show these competitors' running figures (label -> value after each round played)
        against an axis of `rounds` rounds (at least as many as played): the lines stop at
        the last round played."""
        self.series = series
        self.rounds = max(rounds, *(len(row) for row in series.values()), 0)
        self.setToolTip(
            "\n".join(f"{label}: {figure(v[-1], signed=True)}" for label, v in series.items() if v)
        )
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), self.palette().base())
        area = QRectF(
            MARGIN_LEFT,
            MARGIN_TOP,
            max(1.0, self.width() - MARGIN_LEFT - MARGIN_RIGHT),
            max(1.0, self.height() - MARGIN_TOP - MARGIN_BOTTOM),
        )
        text_pen = QPen(self.palette().text().color())
        painter.setPen(text_pen)
        values = [float(v) for row in self.series.values() for v in row]
        rounds = self.rounds
        if not values:
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No results yet")
            return
        top = max(1.0, max(values))
        bottom = min(-1.0, min(values))

        def point(round_index: int, value: float) -> QPointF:
            x = area.left() + area.width() * (round_index / max(1, rounds - 1))
            y = area.top() + area.height() * (top - value) / (top - bottom)
            return QPointF(x, y)

        painter.drawRect(area)
        zero = point(0, 0.0).y()
        painter.setPen(QPen(QColor("#999999"), 1, Qt.PenStyle.DashLine))
        painter.drawLine(QPointF(area.left(), zero), QPointF(area.right(), zero))
        painter.setPen(text_pen)
        small = QFont(self.font())
        small.setPointSizeF(max(7.0, small.pointSizeF() * 0.85))
        painter.setFont(small)
        for value in (top, 0.0, bottom):
            y = point(0, value).y()
            painter.drawText(
                QRectF(0, y - 8, MARGIN_LEFT - 4, 16),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                f"{value:+.1f}" if value else "0",
            )
        for r in range(rounds):
            x = point(r, 0).x()
            painter.drawText(
                QRectF(x - 20, area.bottom() + 2, 40, 16), Qt.AlignmentFlag.AlignCenter, str(r + 1)
            )
        painter.drawText(
            QRectF(area.left(), area.bottom() + 18, area.width(), 16),
            Qt.AlignmentFlag.AlignCenter,
            "round",
        )
        for i, (label, row) in enumerate(self.series.items()):
            color = QColor(PALETTE[i % len(PALETTE)])
            painter.setPen(QPen(color, 2))
            line = [point(r, float(v)) for r, v in enumerate(row)]
            painter.drawPolyline(line)
            if line:  # where the line stops: the last round played
                painter.drawEllipse(line[-1], 2.5, 2.5)
            legend_y = area.top() + 14 * i
            if legend_y < area.bottom():
                painter.drawLine(
                    QPointF(area.right() + 8, legend_y + 7),
                    QPointF(area.right() + 24, legend_y + 7),
                )
                painter.setPen(text_pen)
                painter.drawText(
                    QRectF(area.right() + 28, legend_y, MARGIN_RIGHT - 30, 14),
                    Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                    f"{label} {figure(row[-1], signed=True)}",
                )
        painter.end()
