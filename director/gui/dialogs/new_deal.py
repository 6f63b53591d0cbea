"""Order a new deal: the tray is dealt again and replayed by every table (docs/laws.md#new-deal)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QSpinBox, QWidget

from director.gui.dialogs.form import FormDialog
from director.gui.laws import LawQuote, cited


class NewDealDialog(FormDialog):
    """Which tray, and why (kept in the audit trail). Enabled only with a reason."""

    def __init__(
        self, trays: tuple[int, ...], tray: int | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__("New deal", parent, ok="&Order new deal")
        self.trays = trays
        self.tray = QSpinBox(minimum=min(trays), maximum=max(trays))
        self.tray.setValue(tray if tray in trays else min(trays))
        self.why = QLineEdit()
        self.why.setPlaceholderText("e.g. exposed card in dealing (Law II Sec.2)")
        quote = LawQuote()
        quote.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # the keyboard goes to the fields
        quote.show_law("Law II Sec.2", cited("Law II Sec.2"))
        effect = QLabel(
            "The tray is dealt again and replayed by every table. Its earlier slip and "
            "results are kept in the audit trail but no longer count; enter the new deal's "
            "slip and results as usual."
        )
        effect.setWordWrap(True)
        self.add_rows([("&Tray:", self.tray), ("&Why:", self.why), (None, quote), (None, effect)])
        self.close_form()
        self.why.textChanged.connect(self._validate)
        self.tray.valueChanged.connect(self._validate)
        self._validate()

    def _validate(self) -> None:
        problem = ""
        if self.tray.value() not in self.trays:
            problem = f"This movement has no tray {self.tray.value()}."
        elif not self.why.text().strip():
            problem = "Say why the tray is dealt again; the audit trail keeps it."
        self.allow(problem)
