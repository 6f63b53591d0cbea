"""The day an event is held, as a date field with a calendar (or "not set")."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QDate
from PySide6.QtWidgets import QDateEdit, QWidget

NOT_SET = QDate(2000, 1, 1)
"""The field's lowest date, shown as "not set": an event from before the program has no date."""


class EventDateEdit(QDateEdit):
    """A date with a calendar pop-up; its lowest value means no date."""

    def __init__(self, value: date | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setCalendarPopup(True)
        self.setMinimumDate(NOT_SET)
        self.setSpecialValueText("not set")
        self.setDisplayFormat("d MMMM yyyy")
        self.set_day(value)

    def set_day(self, value: date | None) -> None:
        """Show `value` (None: not set)."""
        self.setDate(NOT_SET if value is None else QDate(value.year, value.month, value.day))

    def day(self) -> date | None:
        """The date chosen, or None when it is not set."""
        chosen = self.date()
        return None if chosen == NOT_SET else date(chosen.year(), chosen.month(), chosen.day())
