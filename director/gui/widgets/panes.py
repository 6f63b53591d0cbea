"""A screen's layout of a bar over two panes: the main one on the left, a titled list beside it."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QLayout, QSplitter, QVBoxLayout, QWidget


def bar_over_panes(
    screen: QWidget, bar: QLayout, main: QWidget, title: QLabel, side: QWidget
) -> None:
    """Lay `screen` out: `bar` across the top, then `main` (three fifths of the width) beside
    `side` under its `title`; the director can move the split."""
    pane = QWidget()
    column = QVBoxLayout(pane)
    column.setContentsMargins(0, 0, 0, 0)
    column.addWidget(title)
    column.addWidget(side, 1)
    split = QSplitter()
    split.addWidget(main)
    split.addWidget(pane)
    split.setStretchFactor(0, 3)
    split.setStretchFactor(1, 2)
    layout = QVBoxLayout(screen)
    layout.addLayout(bar)
    layout.addWidget(split, 1)
