"""The program's settings in one place: a small typed wrapper over QSettings.

`configure_application()` sets the organisation and application names once, so that
`QSettings()` finds the same store everywhere. Values are read through `Settings`, grouped as
frescobaldi does ("window/geometry", "files/recent", "movement/minutes_per_tray").
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from PySide6.QtCore import QByteArray, QCoreApplication, QSettings

from schedules.timing import DEFAULT_MINUTES_PER_TRAY

ORGANISATION = "Whist Director"
APPLICATION = "Whist Director"
RECENT_LIMIT = 8
"""How many recently opened event files the File menu lists."""


def configure_application() -> None:
    """Name the organisation and application so `QSettings()` works without arguments."""
    QCoreApplication.setOrganizationName(ORGANISATION)
    QCoreApplication.setApplicationName(APPLICATION)


class Settings:
    """Typed access to the settings the GUI keeps between sessions."""

    def __init__(self, store: QSettings | None = None) -> None:
        self._store = store or QSettings()

    def recent_files(self) -> list[Path]:
        """Event files opened lately, newest first, only those that still exist."""
        raw = self._store.value("files/recent", [], list)
        paths = raw if isinstance(raw, list) else []  # QSettings gives back an `object`
        return [Path(p) for p in paths if isinstance(p, str) and Path(p).exists()]

    def add_recent_file(self, path: Path) -> None:
        """Put `path` first in the recent files (once)."""
        path = path.resolve()
        kept = [p for p in self.recent_files() if p.resolve() != path]
        self._store.setValue("files/recent", [str(p) for p in [path, *kept][:RECENT_LIMIT]])

    def window_state(self) -> tuple[QByteArray | None, QByteArray | None]:
        """The main window's saved geometry and dock/toolbar state (None before the first run)."""
        return self._bytes("window/geometry"), self._bytes("window/state")

    def _bytes(self, key: str) -> QByteArray | None:
        """A stored byte array (None when absent or of another type)."""
        value = self._store.value(key, None, QByteArray)
        return value if isinstance(value, QByteArray) else None

    def save_window_state(self, geometry: QByteArray, state: QByteArray) -> None:
        """Remember where the main window was and how its bars were arranged."""
        self._store.setValue("window/geometry", geometry)
        self._store.setValue("window/state", state)

    def minutes_per_tray(self) -> Fraction:
        """Minutes a deal takes to play (a setting, default 7:
        docs/movement-rules.md#trays-per-round)."""
        text = self._store.value("movement/minutes_per_tray", str(DEFAULT_MINUTES_PER_TRAY), str)
        try:
            value = Fraction(str(text))
        except ValueError:
            return DEFAULT_MINUTES_PER_TRAY
        return value if value > 0 else DEFAULT_MINUTES_PER_TRAY

    def set_minutes_per_tray(self, value: Fraction) -> None:
        """Store the minutes a deal takes."""
        self._store.setValue("movement/minutes_per_tray", str(value))

    def sync(self) -> None:
        """Write pending changes to disk."""
        self._store.sync()
