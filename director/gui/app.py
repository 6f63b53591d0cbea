"""Start-up of the desktop program (`whist-director`)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from PySide6.QtWidgets import QApplication, QLabel, QMainWindow


def main(argv: Sequence[str] | None = None) -> int:
    """Open the main window and run until it is closed."""
    app = QApplication(list(sys.argv if argv is None else argv))
    app.setApplicationName("Whist Director")
    window = QMainWindow()
    window.setWindowTitle("Whist Director")
    window.setCentralWidget(QLabel("Whist Director"))
    window.resize(900, 600)
    window.show()
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
