"""The desktop program started on an event file as a director starts it, saying "painted" on
its standard output once its window first painted, then ending at once: the process that
`benchmarks.startup` times (`python -m benchmarks.first_paint EVENT`)."""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import QEvent, QObject, QTimer

from director.gui.app import application, main


class FirstPaint(QObject):
    """Tells when the first paint is over: the timer fires once the whole window is drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.seen = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not self.seen and event.type() == QEvent.Type.Paint:
            self.seen = True
            QTimer.singleShot(0, painted)
        return False


def painted() -> None:
    """Say so and end: closing the window is no part of the start-up."""
    print("painted", flush=True)
    os._exit(0)


if __name__ == "__main__":
    watcher = FirstPaint()
    application(sys.argv).installEventFilter(watcher)
    raise SystemExit(main(sys.argv))
