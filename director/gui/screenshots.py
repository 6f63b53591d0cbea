"""`python -m director.gui.screenshots OUTDIR`: a PNG of each main screen (`make screenshots`).

The screens show a sample five-table Mitchell evening (`demo.demo_event`) kept in a temporary
data folder, so the director's own files and settings are never touched.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, QThreadPool
from PySide6.QtWidgets import QApplication

if TYPE_CHECKING:
    from director.store.services import EventStore

WINDOW_SIZE = (1280, 820)


def settle(app: QApplication) -> None:
    """Let background work (and the work its results start), queued signals and repaints
    finish."""
    for _ in range(3):
        QThreadPool.globalInstance().waitForDone()
        for _ in range(5):
            app.processEvents()


def show_exceptions(store: EventStore) -> None:
    """A revoke and a result still missing in round 2, so the score grid shows both."""
    from director.scoring.model import Direction, Revoke

    first, second, *_ = [r for r in store.results() if r.round == 2]
    store.correct_result(
        first.id, first.version, ns_tricks=first.ns_tricks, revokes=(Revoke(Direction.EW, 1, 2),)
    )
    store.delete_result(second.id, second.version)


def take(folder: Path) -> list[Path]:
    """Write one PNG per main screen into `folder`; return the files."""
    from director.gui.demo import demo_event
    from director.gui.main_window import MainWindow
    from director.gui.screens.movement.model import FieldKind
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
        window.resize(*WINDOW_SIZE)
        window.show()
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
            target = folder / f"{name}.png"
            window.grab().save(str(target))
            files.append(target)
        window.results.tabs.setCurrentWidget(window.results.chart)
        window.tabs.setCurrentWidget(window.results)
        settle(app)
        chart = folder / "results-chart.png"
        window.grab().save(str(chart))
        files.append(chart)
        files += dialogs(app, window, folder)
        window.close()
        store.close()
    return files


def dialogs(app: QApplication, window: object, folder: Path) -> list[Path]:
    """The irregularity, revoke and print dialogs as the director meets them."""
    from director.gui.dialogs.irregularity import IrregularityDialog
    from director.gui.dialogs.printing import PrintDialog
    from director.gui.dialogs.revoke import RevokeDialog
    from director.scoring.model import IrregularityKind

    irregularity = IrregularityDialog("tray 4, table 2, round 3", tables=5, mnemonic=False)
    irregularity.kind.setCurrentIndex(
        irregularity.kind.findData(IrregularityKind.WRONG_TRUMP_OVERPLAY)
    )
    revoke = RevokeDialog("tray 4, table 2, round 3", ns_tricks=8)
    revoke.after.setValue(3)
    printing = PrintDialog(window.context, window)  # type: ignore[attr-defined]
    printing.document.setCurrentIndex(printing.document.findData("travellers"))
    printing.resize(720, 760)
    printing.preview()
    files = []
    for name, dialog in (("irregularity", irregularity), ("revoke", revoke), ("print", printing)):
        dialog.show()
        settle(app)
        target = folder / f"dialog-{name}.png"
        dialog.grab().save(str(target))
        files.append(target)
        dialog.close()
    return files


def main(argv: Sequence[str] | None = None) -> int:
    """Take the screenshots into the folder named on the command line."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m director.gui.screenshots OUTDIR", file=sys.stderr)
        return 2
    for path in take(Path(args[0])):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
