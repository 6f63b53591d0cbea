"""GUI speed: start-up to a usable window, and the refresh after entering one result in a
30-table event (the score grid's entry, then the standings, deals and chart recomputed; the
grid and its round overview repainted with the grid on view), and the results screen following
one score: from the change signal to the standings updated (target: within a frame, 16 ms)."""

from __future__ import annotations

import itertools
import os
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QSettings, QThreadPool
from PySide6.QtWidgets import QApplication

if TYPE_CHECKING:
    from director.gui.main_window import MainWindow

TABLES = 30
TRAYS_PER_ROUND = 2
ENTRIES = 40
"""Results typed for the spread of one entry: enough to meet the rare garbage collection."""
FRAME = 0.016
"""One frame at 60 Hz, in seconds: the target for one result until the standings show it."""


def run() -> None:
    """Print the figures (`python -m benchmarks gui`)."""
    from benchmarks.common import timed, timed_spread

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
        assert window.context is not None, "the window opened the event"
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
        timed_spread(
            f"gui: enter one result until the standings show it ({TABLES} tables)",
            enter_and_wait,
            ENTRIES,
            FRAME,
        )
        window.tabs.setCurrentWidget(window.scores)  # as the director types: the grid on view
        app.processEvents()
        timed(f"gui: type one result, grid and overview repainted ({TABLES} tables)", enter)
        timed(f"gui: evening path following one result ({TABLES} tables)", window.refresh_path)
        live_standings(window)
        window.close()


def live_standings(window: MainWindow, repeat: int = 20) -> None:
    """One result stored, then the time from the context's change signal to the standings
    model showing it (the results screen on view, so it follows the score at once)."""
    from director.gui.context import Changed

    context, results = window.context, window.results
    assert context is not None, "the window has an event open"
    window.tabs.setCurrentWidget(results)
    app = QApplication.instance()
    assert app is not None, "the window runs in an application"
    wait_for_standings(app, window)
    store = context.store
    first = store.results(**context.where)[0]
    best = float("inf")
    for tricks in itertools.islice(itertools.cycle((2, 11)), repeat):
        now = store.result(first.id)
        store.correct_result(now.id, now.version, ns_tricks=tricks)
        before = results.standings.rows()
        start = time.perf_counter()
        context.notify(Changed.RESULTS)
        best = min(best, time.perf_counter() - start)
        assert results.job is None, "scored afresh instead of following the score"
        assert results.standings.rows() != before, "the standings did not follow the score"
    label = f"gui: change signal to standings updated, one result ({TABLES} tables)"
    print(f"{label:<64} {best * 1000:10.1f} ms  (best of {repeat})", flush=True)


def wait_for_standings(app: QCoreApplication, window: MainWindow) -> None:
    """Until the results screen's background scoring has finished and been shown."""
    results = window.results
    while results.job is not None or results.stale:
        QThreadPool.globalInstance().waitForDone(5)
        app.processEvents()
