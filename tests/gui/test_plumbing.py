"""Background operations, settings and the crash handler."""

from __future__ import annotations

import gc
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray
from PySide6.QtWidgets import QMessageBox
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError

from director.errors import DirectorError
from director.gui import errors
from director.gui.ops import CancelledError, Op, Progress
from director.gui.settings import Settings
from director.store.services import EventStore
from director.store.values import DiskFullError, ReadOnlyEventError


def test_op_reports_progress_and_delivers_its_result(qtbot) -> None:
    seen: list[tuple[int, int]] = []

    def work(progress: Progress) -> int:
        for n in range(3):
            progress.report(n, 3, f"step {n}")
        return 42

    op = Op(None, "Working", work)
    op.signals.progressed.connect(lambda done, total, _text: seen.append((done, total)))
    got: list[int] = []
    with qtbot.waitSignal(op.signals.finished, timeout=5000):
        op.success(got.append).run_in_background()
    qtbot.waitUntil(lambda: got == [42])
    assert seen == [(0, 3), (1, 3), (2, 3)]


def test_an_ops_dialog_and_callbacks_are_touched_only_on_the_gui_thread(qtbot) -> None:
    # a slot run on the worker would set the progress dialog from there (a crash in PySide6)
    gui = threading.get_ident()
    threads: set[int] = set()

    def work(progress: Progress) -> str:
        assert threading.get_ident() != gui
        for n in range(20):
            progress.report(n, 20, f"step {n}")
        return "done"

    def succeeded(_result: str) -> None:
        threads.add(threading.get_ident())
        done.append(op.dialog.value())  # type: ignore[union-attr]  # not a quiet op

    done: list[int] = []
    op = Op(None, "Working", work)
    show = op._show_progress
    op._show_progress = lambda *a: (threads.add(threading.get_ident()), show(*a))  # type: ignore[method-assign]
    op.success(succeeded).run_in_background()
    qtbot.waitUntil(lambda: done == [19], timeout=5000)
    assert threads == {gui}


def test_an_op_nobody_holds_still_reports_its_result(qtbot) -> None:
    got: list[int] = []
    Op(None, "Working", lambda _p: 7, quiet=True).success(got.append).run_in_background()
    gc.collect()
    qtbot.waitUntil(lambda: got == [7], timeout=5000)


def test_op_failure_reaches_the_failure_callback(qtbot) -> None:
    def work(_progress: Progress) -> None:
        raise DirectorError("no movement fits")

    failures: list[BaseException] = []
    op = Op(None, "Working", work).failure(failures.append)
    with qtbot.waitSignal(op.signals.finished, timeout=5000):
        op.run_in_background()
    qtbot.waitUntil(lambda: len(failures) == 1)
    assert str(failures[0]) == "no movement fits"


def test_cancel_stops_the_work_at_its_next_report(qtbot) -> None:
    def work(progress: Progress) -> str:
        progress.cancel()  # as the dialog's Cancel button does
        progress.report(1, 2)
        return "finished anyway"

    cancelled: list[bool] = []
    results: list[str] = []
    op = Op(None, "Working", work).success(results.append).on_cancel(lambda: cancelled.append(True))
    with qtbot.waitSignal(op.signals.finished, timeout=5000):
        op.run_in_background()
    qtbot.waitUntil(lambda: cancelled == [True])
    assert results == []
    with pytest.raises(CancelledError):
        op.progress.report(2, 2)  # type: ignore[union-attr]  # set by run_in_background


def test_recent_files_newest_first_existing_only(settings: Settings, tmp_path: Path) -> None:
    files = [tmp_path / f"e{n}.whist" for n in range(3)]
    for f in files:
        f.write_text("")
        settings.add_recent_file(f)
    settings.add_recent_file(files[0])
    assert settings.recent_files() == [files[0].resolve(), files[2].resolve(), files[1].resolve()]
    files[2].unlink()
    assert files[2].resolve() not in settings.recent_files()


def test_window_state_and_minutes_per_tray(settings: Settings) -> None:
    assert settings.window_state() == (None, None)
    settings.save_window_state(QByteArray(b"geo"), QByteArray(b"state"))
    assert settings.window_state() == (QByteArray(b"geo"), QByteArray(b"state"))
    assert settings.minutes_per_tray() == 7
    settings.set_minutes_per_tray(15 / 2)  # type: ignore[arg-type]  # a float, as a spin box gives
    assert float(settings.minutes_per_tray()) == 7.5


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, str]]:
    """The message boxes the code under test shows: (title, text, details), none left open."""
    seen: list[tuple[str, str, str]] = []

    def record(box: QMessageBox) -> int:
        seen.append((box.windowTitle(), box.text(), box.detailedText()))
        return QMessageBox.StandardButton.Ok.value

    monkeypatch.setattr(QMessageBox, "exec", record)
    monkeypatch.setattr(
        QMessageBox,
        "critical",
        staticmethod(lambda _p, title, text: seen.append((title, text, ""))),
    )
    return seen


@pytest.fixture
def crash_log(tmp_path: Path) -> Iterator[Path]:
    """The crash handler installed, logging to a file of the test's own."""
    log = tmp_path / "logs" / "crash.log"
    previous = sys.excepthook
    try:
        assert errors.install_excepthook(log) == log
        yield log
    finally:
        sys.excepthook = previous
        for handler in list(errors.LOGGER.handlers):
            errors.LOGGER.removeHandler(handler)
            handler.close()


def test_unexpected_errors_are_logged_and_shown(
    qapp, crash_log: Path, shown: list[tuple[str, str, str]]
) -> None:
    try:
        raise RuntimeError("boom")
    except RuntimeError as exc:
        sys.excepthook(type(exc), exc, exc.__traceback__)
    try:
        raise DirectorError("tray 99 is not in the movement")
    except DirectorError as exc:
        sys.excepthook(type(exc), exc, exc.__traceback__)
    assert "RuntimeError: boom" in crash_log.read_text()
    assert "tray 99" not in crash_log.read_text()
    title, text, details = shown[0]
    assert title == "Unexpected error"
    assert str(crash_log) in text
    assert details == "RuntimeError: boom"
    assert shown[1] == ("Cannot do that", "Tray 99 is not in the movement", "")


def test_a_database_error_shows_no_sql_and_logs_its_traceback(
    qapp, crash_log: Path, shown: list[tuple[str, str, str]]
) -> None:
    engine = create_engine("sqlite://")
    with pytest.raises(OperationalError) as caught, engine.connect() as connection:
        connection.execute(text("SELECT * FROM results WHERE tray = :tray"), {"tray": 3})
    errors.report_exception(caught.value)
    ((title, message, details),) = shown
    assert title == "Unexpected error"
    for leak in ("SELECT", "[SQL", "tray =", "Traceback", "sqlalche.me", "sqlite3"):
        assert leak not in message, leak
    assert "the event file" in message
    assert str(crash_log) in message
    assert details == "OperationalError: no such table: results"
    logged = crash_log.read_text()
    assert "Traceback" in logged
    assert "SELECT * FROM results WHERE tray = ?" in logged


def test_store_refusals_are_shown_as_sentences_under_their_own_title(
    qapp, shown: list[tuple[str, str, str]]
) -> None:
    full = DiskFullError("the disk holding club.whist is full")
    errors.report_exception(full)
    errors.report_exception(ReadOnlyEventError("club.whist is open read-only"))
    assert shown == [
        ("The disk is full", "The disk holding club.whist is full", ""),
        ("The event is read-only", "club.whist is open read-only", ""),  # a name as it is
    ]


def test_a_callers_wrong_value_in_a_store_call_is_a_bug_not_a_damaged_file(
    qapp, crash_log: Path, shown: list[tuple[str, str, str]], tmp_path: Path
) -> None:
    with EventStore.create(tmp_path / "club.whist", "Club") as store:
        with pytest.raises(TypeError) as caught:
            store.add_player("Mr Bell", club=5)  # type: ignore[arg-type]
        errors.report_exception(caught.value)
        ((title, message, details),) = shown
        assert title == "Unexpected error"
        assert "damaged" not in message
        assert "backup" not in message
        assert details.startswith("TypeError: ")
        assert "TypeError" in crash_log.read_text()
        assert store.add_player("Mr Bell").name == "Mr Bell"  # the file stays open for changes
