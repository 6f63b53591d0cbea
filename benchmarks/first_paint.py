"""The desktop program started on an event file as a director starts it, saying "painted" on
its standard output once its window first painted and "shown" once the event's screens are
painted, each with the process's CPU seconds so far, then ending at once: the process that
`benchmarks.startup` times (`python -m benchmarks.first_paint EVENT`).

Without an event file, a bare Qt window (a label and a status bar) instead: what Qt alone costs
on this machine, the floor under the program's figure."""

from __future__ import annotations

import os
import sys
import time

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QTabBar


class Painting(QObject):
    """Tells when the window is first drawn and when the event is: each is said by a timer that
    fires once the paint under way is over and on screen."""

    def __init__(self, of_event: bool) -> None:
        super().__init__()
        self.of_event = of_event
        self.painted = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            if not self.painted:
                self.painted = True
                QTimer.singleShot(0, lambda: say("painted", end=not self.of_event))
            # the screens' tabs are drawn only once the event is open
            if isinstance(watched, QTabBar):
                QTimer.singleShot(0, lambda: say("shown", end=True))
        return False


def say(word: str, end: bool) -> None:
    """Tell the timing process, and end at once if `end`: closing the window is no part of the
    start-up."""
    print(word, time.process_time(), flush=True)
    if end:
        os._exit(0)


def bare_window() -> int:
    """A window of Qt alone, as large as the program's, until it is painted."""
    app = QApplication(sys.argv)
    watcher = Painting(of_event=False)  # kept: a filter no one holds is gone at once
    app.installEventFilter(watcher)
    window = QMainWindow()
    window.setCentralWidget(QLabel("Qt alone"))
    window.statusBar().showMessage("Qt alone")
    window.resize(1180, 760)
    window.show()
    return app.exec()


def program() -> int:
    """The desktop program on the event named, until its event is shown."""
    from director.gui.app import application, main

    watcher = Painting(of_event=True)  # kept: a filter no one holds is gone at once
    application(sys.argv).installEventFilter(watcher)
    return main(sys.argv)


if __name__ == "__main__":
    raise SystemExit(program() if len(sys.argv) > 1 else bare_window())
