"""Every file dialog starts beside the event file, not in the folder the program was started
from: the papers saved as a PDF, a copy of the event, another event opened."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from director.gui.dialogs.printing import TONIGHT, PrintDialog
from director.gui.dialogs.read_only import save_copy
from director.gui.main_window import MainWindow

pytestmark = pytest.mark.gui


def asked(monkeypatch: pytest.MonkeyPatch, name: str, answer: Path | None = None) -> list[Path]:
    """The start path each `QFileDialog.<name>` call is given; each answers `answer`
    (without one, the dialog is cancelled)."""
    starts: list[Path] = []

    def ask(
        _parent: QWidget | None, _title: str, start: str, *_a: object, **_k: object
    ) -> tuple[str, str]:
        starts.append(Path(start))
        return ("", "") if answer is None else (str(answer), "")

    monkeypatch.setattr(QFileDialog, name, ask)
    return starts


def test_save_pdf_starts_beside_the_event_file(
    qtbot: QtBot, seated: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    starts = asked(monkeypatch, "getSaveFileName")
    assert seated.context is not None
    dialog = PrintDialog(seated.context, seated, TONIGHT)
    qtbot.addWidget(dialog)
    dialog.render_papers(lambda: None)
    qtbot.waitUntil(lambda: dialog.rendered is not None, timeout=30000)
    dialog.save()
    event = seated.context.store.path
    assert event is not None
    assert starts == [event.parent / "papers.pdf"]


def test_a_copy_of_the_event_starts_beside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qapp: object
) -> None:
    starts = asked(monkeypatch, "getSaveFileName")
    event = tmp_path / "club" / "friday.whist"
    assert save_copy(event, None) is None
    assert starts == [tmp_path / "club" / "friday-copy.whist"]


def test_open_event_starts_beside_the_event_open(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    starts = asked(monkeypatch, "getOpenFileName")
    window.choose_event()
    assert window.context is not None
    event = window.context.store.path
    assert event is not None
    assert starts == [event.parent]
