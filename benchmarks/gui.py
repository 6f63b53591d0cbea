"""GUI speed: start-up to a usable window, and the refresh after entering one result in a
30-table event (the score grid's entry, then the standings, deals and chart recomputed)."""

from __future__ import annotations

import itertools
import os
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QSettings, QThreadPool
from PySide6.QtWidgets import QApplication

TABLES = 30
TRAYS_PER_ROUND = 2


def run() -> None:
    """Print the figures (`python -m benchmarks gui`)."""
    from benchmarks.common import timed

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        os.environ["WHIST_DIRECTOR_DATA"] = str(folder)
        from director.gui.app import make_window
        from director.gui.demo import demo_event
        from director.gui.screens.scores.model import COL_NS_TRICKS
        from director.gui.settings import Settings, configure_application

        configure_application()
        settings = Settings(QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat))

        def open_window(path: Path) -> None:
            window = make_window(path, settings)
            window.show()
            app.processEvents()
            window.close()

        empty = folder / "empty.whist"
        open_window(empty)  # creates it
        timed("gui: start-up to a usable window (empty event)", lambda: open_window(empty))

        start = time.perf_counter()
        demo_event(folder / "big.whist", tables=TABLES, trays_per_round=TRAYS_PER_ROUND).close()
        print(
            f"{'(set-up: 30-table Mitchell entered through the store)':<64} "
            f"{(time.perf_counter() - start) * 1000:10.1f} ms",
            flush=True,
        )
        big = folder / "big.whist"
        timed(
            f"gui: start-up to a usable window ({TABLES}-table event, all results)",
            lambda: open_window(big),
        )

        window = make_window(big, settings)
        window.show()
        window.scores.show_round(1)
        window.tabs.setCurrentWidget(window.results)
        wait_for_standings(app, window)
        stored = len(window.context.store.results())
        cell = window.scores.model.index(0, COL_NS_TRICKS)
        values = itertools.cycle(("7", "8"))

        def enter() -> None:
            assert window.scores.model.setData(cell, next(values))
            app.processEvents()

        def enter_and_wait() -> None:
            enter()
            wait_for_standings(app, window)

        timed(f"gui: enter one result, window responsive again ({stored} stored)", enter)
        wait_for_standings(app, window)
        timed(
            f"gui: enter one result until the standings show it ({TABLES} tables)", enter_and_wait
        )
        window.close()


def wait_for_standings(app: QApplication, window: object) -> None:
    """Until the results screen's background scoring has finished and been shown."""
    results = window.results  # type: ignore[attr-defined]
    while results.job is not None or results.stale:
        QThreadPool.globalInstance().waitForDone(5)
        app.processEvents()
