"""`python -m director.gui.screenshots OUTDIR`: a PNG of each main screen and dialog, at 100 %
and at 150 % scale (OUTDIR/100/, OUTDIR/150/; `make screenshots`).

The screens show a sample five-table Mitchell evening (`demo.demo_event`) kept in a temporary
data folder, so the director's own files and settings are never touched. Qt takes its scale
factor once, at start-up, so each scale is taken by a run of its own.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QSettings, QThreadPool
from PySide6.QtWidgets import QApplication, QDialog, QWidget

if TYPE_CHECKING:
    from director.gui.main_window import MainWindow
    from director.gui.settings import Settings
    from director.store.services import EventStore

SCALES = {"100": "1", "150": "1.5"}
"""Folder name -> QT_SCALE_FACTOR."""
SCREEN = (1920, 1080)
"""The screen the windows are sized for, in device pixels: a 150 % window is as large there."""
WINDOW_SIZE = (1280, 820)
"""The main window at 100 % (at 150 %, what fits the same screen)."""
ONE_SCALE = "--this-scale"


def settle(app: QCoreApplication) -> None:
    """Let background work (and the work its results start), queued signals and repaints
    finish."""
    for _ in range(3):
        QThreadPool.globalInstance().waitForDone()
        for _ in range(5):
            app.processEvents()


def show_exceptions(store: EventStore) -> None:
    """A revoke and a result still missing in round 2, so the score grid shows both."""
    from director.scoring.model import Revoke
    from schedules.types import Direction

    first, second, *_ = [r for r in store.results() if r.round == 2]
    store.correct_result(
        first.id, first.version, ns_tricks=first.ns_tricks, revokes=(Revoke(Direction.EW, 1, 2),)
    )
    store.delete_result(second.id, second.version)


def window_size() -> tuple[int, int]:
    """The main window's size at the scale of this run (in Qt's scaled pixels)."""
    scale = float(os.environ.get("QT_SCALE_FACTOR", "1"))
    width, height = WINDOW_SIZE
    return min(width, int(SCREEN[0] / scale)), min(height, int(SCREEN[1] / scale))


def take(folder: Path) -> list[Path]:
    """Write one PNG per main screen and dialog into `folder`; return the files."""
    from director.evening.proposals import FieldKind
    from director.gui.demo import demo_event
    from director.gui.main_window import MainWindow
    from director.gui.settings import Settings, configure_application

    app = QApplication.instance() or QApplication([])
    configure_application()
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        os.environ["WHIST_DIRECTOR_DATA"] = scratch
        settings = Settings(
            QSettings(str(Path(scratch) / "settings.ini"), QSettings.Format.IniFormat)
        )
        store = demo_event(Path(scratch) / "club-night.whist")
        show_exceptions(store)
        window = MainWindow(settings, store)
        window.show()
        window.resize(*window_size())  # after showing: the shown window fits the screen
        window.movement.set_field(FieldKind.PAIRS, 10)
        window.movement.search()
        settle(app)
        window.scores.show_round(2)
        window.laws.query.setText("revoke")
        files = []
        for name, screen in window.screen_widgets().items():
            window.tabs.setCurrentWidget(screen)
            settle(app)
            if name == "results":
                window.results.standings_view.selectRow(0)
                settle(app)
            if name == "history":
                window.history.table.selectRow(1)  # the corrected result
                settle(app)
            files.append(shot(window, folder / f"{name}.png"))
        window.results.tabs.setCurrentWidget(window.results.chart)
        window.tabs.setCurrentWidget(window.results)
        settle(app)
        files.append(shot(window, folder / "results-chart.png"))
        files += dialogs(app, window, folder)
        files.append(first_evening(app, settings, Path(scratch), folder))
        window.close()
        store.close()
    return files


def shot(widget: QWidget, target: Path) -> Path:
    """Save a picture of `widget` as drawn on screen (device pixels) to `target`."""
    widget.grab().save(str(target))
    return target


def first_evening(app: QCoreApplication, settings: Settings, scratch: Path, folder: Path) -> Path:
    """A new event's window: the path at its first step."""
    from director.gui.main_window import MainWindow
    from director.store.services import EventStore

    store = EventStore.create(scratch / "new.whist", name="Club night")
    window = MainWindow(settings, store)
    window.show()
    window.resize(*window_size())
    settle(app)
    target = shot(window, folder / "first-step.png")
    window.close()
    store.close()
    return target


def dialogs(app: QCoreApplication, window: MainWindow, folder: Path) -> list[Path]:
    """The dialogs as the director meets them: the first start, a new event, the event's
    settings, an irregularity, a revoke, and printing tonight's papers."""
    from director.gui.dialogs.event_settings import EventSettingsDialog
    from director.gui.dialogs.irregularity import IrregularityDialog
    from director.gui.dialogs.new_event import NewEventDialog
    from director.gui.dialogs.printing import PrintDialog
    from director.gui.dialogs.revoke import RevokeDialog
    from director.gui.dialogs.start import StartDialog
    from director.scoring.model import IrregularityKind

    irregularity = IrregularityDialog("tray 4, table 2, round 3", tables=5, mnemonic=False)
    irregularity.kind.setCurrentIndex(
        irregularity.kind.findData(IrregularityKind.WRONG_TRUMP_OVERPLAY)
    )
    revoke = RevokeDialog("tray 4, table 2, round 3", ns_tricks=8)
    revoke.after.setValue(3)
    new_event = NewEventDialog(Path(os.environ["WHIST_DIRECTOR_DATA"]), window)
    new_event.name.setText("Club night, 23 November")
    new_event.venue.setText("Riverside")
    context = window.context
    assert context is not None  # the window opened the demonstration event
    printing = PrintDialog(context, window)
    printing.resize(900, 700)
    printing.render_papers(lambda: None)
    shown: tuple[tuple[str, QDialog], ...] = (
        ("start", StartDialog(window)),
        ("new-event", new_event),
        ("event-settings", EventSettingsDialog(context.store.info(), window)),
        ("irregularity", irregularity),
        ("revoke", revoke),
        ("print", printing),
    )
    files = []
    for name, dialog in shown:
        dialog.show()
        settle(app)
        files.append(shot(dialog, folder / f"dialog-{name}.png"))
        dialog.close()
    return files


def main(argv: Sequence[str] | None = None) -> int:
    """Take the screenshots into the folder named on the command line, one run per scale."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) == 2 and args[0] == ONE_SCALE:
        for path in take(Path(args[1])):
            print(path)
        return 0
    if len(args) != 1:
        print("usage: python -m director.gui.screenshots OUTDIR", file=sys.stderr)
        return 2
    for name, factor in SCALES.items():
        run = [
            sys.executable,
            "-m",
            "director.gui.screenshots",
            ONE_SCALE,
            str(Path(args[0]) / name),
        ]
        done = subprocess.run(run, env={**os.environ, "QT_SCALE_FACTOR": factor}, check=False)
        if done.returncode:
            return done.returncode
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
