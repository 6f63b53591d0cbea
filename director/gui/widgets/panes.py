"""Screens' panes: a column of parts without margins, two panes split three fifths to two, and
a bar over a main pane beside a titled list."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLayout, QSplitter, QVBoxLayout, QWidget


def column(*parts: QWidget | QLayout, stretch: QWidget | None = None) -> QWidget:
    """A pane of `parts` one under another, edge to edge; `stretch` (one of them) takes the
    height the others leave."""
    pane = QWidget()
    layout = QVBoxLayout(pane)
    layout.setContentsMargins(0, 0, 0, 0)
    for part in parts:
        if isinstance(part, QLayout):
            layout.addLayout(part)
        else:
            layout.addWidget(part, 1 if part is stretch else 0)
    return pane


def split(
    first: QWidget, second: QWidget, orientation: Qt.Orientation = Qt.Orientation.Horizontal
) -> QSplitter:
    """`first` beside `second` (or above it), three fifths to two; the director can move the
    split."""
    splitter = QSplitter(orientation)
    splitter.addWidget(first)
    splitter.addWidget(second)
    splitter.setStretchFactor(0, 3)
    splitter.setStretchFactor(1, 2)
    return splitter


def bar_over_panes(
    screen: QWidget, bar: QLayout, main: QWidget, title: QLabel, side: QWidget
) -> None:
    """Lay `screen` out: `bar` across the top, then `main` split from `side` under its
    `title`."""
    layout = QVBoxLayout(screen)
    layout.addLayout(bar)
    layout.addWidget(split(main, column(title, side, stretch=side)), 1)
