"""The event's name, date, venue and settings: scoring method, and a trump suit declared for every
tray by unanimous consent (Law IV Sec.11), under which no slips are kept."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import QComboBox, QLineEdit, QWidget

from director.gui.dialogs.form import FormDialog
from director.gui.widgets.event_date import EventDateEdit
from director.store.values import SUITS, EventInfo, EventSettings, Method


class EventSettingsDialog(FormDialog):
    """Edit the event; OK only with a name."""

    def __init__(self, info: EventInfo, parent: QWidget | None = None) -> None:
        super().__init__("Event settings", parent)
        self.info = info
        self.name = QLineEdit(info.name)
        self.held_on = EventDateEdit(info.held_on)
        self.venue = QLineEdit(info.venue or "")
        self.method = QComboBox()
        for method, text in (
            (Method.PLUS_MINUS, "Plus/minus (the laws)"),
            (Method.MATCHPOINTS, "Matchpoints (modern)"),
        ):
            self.method.addItem(text, method)
        self.method.setCurrentIndex(self.method.findData(info.settings.method))
        self.trump = QComboBox()
        self.trump.addItem("None: a trump card is turned and written on each slip", None)
        for letter, name in SUITS.items():
            self.trump.addItem(f"{name.capitalize()} declared for every tray", letter)
        self.trump.setCurrentIndex(self.trump.findData(info.settings.declared_trump))
        self.trump.setToolTip(
            "Law IV Sec.11: by the unanimous consent of the players a trump suit may be "
            "declared and no trump turned"
        )
        self.add_rows(
            [
                ("&Name:", self.name),
                ("&Date:", self.held_on),
                ("&Venue:", self.venue),
                ("&Scoring:", self.method),
                ("Declared &trump:", self.trump),
            ]
        )
        self.close_form()
        self.name.textChanged.connect(self._validate)
        self._validate()

    def _validate(self) -> None:
        self.allow("" if self.name.text().strip() else "The event needs a name.")

    def settings(self) -> EventSettings:
        """The settings as chosen (the others kept)."""
        return replace(
            self.info.settings,
            method=self.method.currentData(),
            declared_trump=self.trump.currentData(),
        )
