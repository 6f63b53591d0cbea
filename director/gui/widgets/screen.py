"""The base of the main screens: refresh now if visible, otherwise when next shown.

A change entered on one screen marks the others stale instead of rebuilding them all (anki's
`DataModel` idea), so entering a result costs one screen's refresh, not six.
"""

from __future__ import annotations

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QMainWindow, QWidget


class Screen(QWidget):
    """A screen with `refresh()`; `mark_stale()` defers it until the screen is seen."""

    stale = True
    focus_on_show: QWidget | None = None
    """The widget the keyboard goes to whenever the screen is shown (None: where Qt puts it)."""

    def refresh(self) -> None:
        """Read everything the screen shows again (subclasses call `super().refresh()`)."""
        self.stale = False

    def mark_stale(self) -> None:
        """Refresh now if visible, otherwise when next shown."""
        self.stale = True
        if self.isVisible():
            self.refresh()

    def ensure_fresh(self) -> None:
        """Refresh if anything changed since the last refresh."""
        if self.stale:
            self.refresh()

    def show_message(self, said: str, milliseconds: int) -> None:
        """Say `said` in the window's status bar for a while (nowhere on a screen shown alone)."""
        window = self.window()
        if isinstance(window, QMainWindow):
            window.statusBar().showMessage(said, milliseconds)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.ensure_fresh()
        if self.focus_on_show is not None:
            self.focus_on_show.setFocus()
