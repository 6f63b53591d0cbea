"""Long work off the GUI thread, as anki's `QueryOp`: one helper for every background job.

    Op(parent, "Searching for movements", work).success(show).run_in_background()

`work(progress)` runs on a `QThreadPool` thread and must not touch widgets; it calls
`progress.report(done, total, text)` now and then and stops (raising `CancelledError`) once
`progress.cancelled` is set by the dialog's Cancel button. Its result reaches `success` on the
GUI thread; an exception reaches `failure` (by default a readable dialog, see `errors`).
A `quiet` op shows no dialog (a screen refreshing itself says so in its own status line).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot
from PySide6.QtWidgets import QProgressDialog, QWidget

from director.gui.errors import report_exception

T = TypeVar("T")


class CancelledError(Exception):
    """Raised inside work that saw the director press Cancel."""


class Progress:
    """What a background job sees: a way to report, and whether it was cancelled."""

    def __init__(self, emit: Callable[[int, int, str], None]) -> None:
        self._emit = emit
        self._cancel = threading.Event()

    @property
    def cancelled(self) -> bool:
        """True once the director pressed Cancel."""
        return self._cancel.is_set()

    def cancel(self) -> None:
        """Ask the job to stop at its next report."""
        self._cancel.set()

    def report(self, done: int, total: int, text: str = "") -> None:
        """Tell the dialog how far the job is; raises `CancelledError` if it should stop."""
        if self.cancelled:
            raise CancelledError
        self._emit(done, total, text)


class _Signals(QObject):
    progressed = Signal(int, int, str)
    succeeded = Signal(object)
    failed = Signal(object)
    finished = Signal()


class _Receiver(QObject):
    """The GUI thread's end of an op's signals.

    Qt queues a signal emitted on a worker thread only when its receiver is a QObject living in
    another thread; a plain Python method would run on the worker, touching the progress dialog
    from there (PySide6 6.8 and later crash on that), so every slot of an op is one of these.
    """

    def __init__(self, op: Op[Any]) -> None:
        super().__init__()
        self._op = op

    @Slot(int, int, str)
    def progressed(self, done: int, total: int, text: str) -> None:
        self._op._show_progress(done, total, text)

    @Slot(object)
    def succeeded(self, result: object) -> None:
        self._op._succeeded(result)

    @Slot(object)
    def failed(self, exc: BaseException) -> None:
        self._op._failed(exc)

    @Slot()
    def finished(self) -> None:
        self._op._finished()


_RUNNING: set[Op[Any]] = set()
"""Ops whose work has not finished: kept alive until then, whoever started them."""


class _Runnable(QRunnable):
    def __init__(self, work: Callable[[Progress], object], signals: _Signals) -> None:
        super().__init__()
        self.signals = signals
        self.progress = Progress(signals.progressed.emit)
        self._work = work

    def run(self) -> None:
        try:
            result = self._work(self.progress)
        except BaseException as exc:  # reported to the GUI thread, never raised into Qt
            self.signals.failed.emit(exc)
        else:
            self.signals.succeeded.emit(result)
        finally:
            self.signals.finished.emit()


class Op(Generic[T]):
    """One background job with a progress dialog and a Cancel button."""

    def __init__(
        self,
        parent: QWidget | None,
        title: str,
        work: Callable[[Progress], T],
        quiet: bool = False,
    ) -> None:
        self._parent = parent
        self._quiet = quiet
        self._title = title
        self._work = work
        self._success: Callable[[T], None] = lambda _result: None
        self._failure: Callable[[BaseException], None] = lambda exc: report_exception(
            exc, parent=parent
        )
        self._cancelled: Callable[[], None] = lambda: None
        self.dialog: QProgressDialog | None = None
        self.progress: Progress | None = None
        self.signals = _Signals()
        self._receiver = _Receiver(self)

    def success(self, callback: Callable[[T], None]) -> Op[T]:
        """Call `callback(result)` on the GUI thread when the job ends well."""
        self._success = callback
        return self

    def failure(self, callback: Callable[[BaseException], None]) -> Op[T]:
        """Call `callback(exception)` on the GUI thread when the job fails."""
        self._failure = callback
        return self

    def on_cancel(self, callback: Callable[[], None]) -> Op[T]:
        """Call `callback()` when the job stopped because the director cancelled it."""
        self._cancelled = callback
        return self

    def run_in_background(self, pool: QThreadPool | None = None) -> Op[T]:
        """Start the job; the progress dialog appears if it takes more than a moment."""
        runnable = _Runnable(self._work, self.signals)
        self.progress = runnable.progress
        if not self._quiet:
            dialog = QProgressDialog(self._title, "&Cancel", 0, 0, self._parent)
            dialog.setWindowTitle(self._title)
            dialog.setMinimumDuration(400)
            dialog.setAutoClose(False)
            dialog.setAutoReset(False)
            dialog.canceled.connect(runnable.progress.cancel)
            self.dialog = dialog
            self.signals.progressed.connect(self._receiver.progressed)
        self.signals.succeeded.connect(self._receiver.succeeded)
        self.signals.failed.connect(self._receiver.failed)
        self.signals.finished.connect(self._receiver.finished)
        _RUNNING.add(self)
        (pool or QThreadPool.globalInstance()).start(runnable)
        return self

    def _finished(self) -> None:
        if self.dialog is not None:
            self.dialog.close()
        _RUNNING.discard(self)

    def _show_progress(self, done: int, total: int, text: str) -> None:
        if self.dialog is not None:
            self.dialog.setMaximum(total)
            self.dialog.setValue(done)
            if text:
                self.dialog.setLabelText(text)

    def _succeeded(self, result: object) -> None:
        self._success(result)  # type: ignore[arg-type]  # the signal carries the work's T as object

    def _failed(self, exc: BaseException) -> None:
        if isinstance(exc, CancelledError):
            self._cancelled()
        else:
            self._failure(exc)
