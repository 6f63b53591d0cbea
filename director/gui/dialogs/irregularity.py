"""Report an irregularity at one table on one tray: the dialog quotes the law it applies and
shows the award (the scoring engine's ruling for the number of tables at which this deal is
played, `awards.plays_of`: the laws' "tables in play") before it is confirmed.

Revokes and failures to obey a lawful call are entered with the revoke dialog; a new deal
ordered for any other reason has its own action.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from director.evening.rule_codes import meanings
from director.gui.laws import LawQuote, cited
from director.gui.widgets.buttons import ok_cancel
from director.scoring import awards
from director.scoring.model import IrregularityKind, Suit

KINDS: dict[IrregularityKind, str] = {
    IrregularityKind.WRONG_TRUMP_OVERPLAY: "Wrong trump turned on the overplay, found in play",
    IrregularityKind.WRONG_TRUMP_CORRECTED: "Wrong trump turned, corrected before play began",
    IrregularityKind.SLIP_MISRECORDED: "Trump slip mis-recorded at the original table",
    IrregularityKind.SLIP_FOUND_AT_NEXT_TABLE: "Trump slip mis-recorded, found at the next table",
    IrregularityKind.WRONG_CARDS: "Wrong cards on the overplay (more than 13, trump card not with "
    "the dealer, a faced card)",
    IrregularityKind.SHORT_HAND: "Short hand found after the first trick",
    IrregularityKind.NOT_PLAYED: "Deal not played at this table",
}
"""The irregularities this dialog rules on (revokes and failed calls: the revoke dialog; a
misdeal: New deal)."""

NEEDS_TRUMP = {
    IrregularityKind.WRONG_TRUMP_OVERPLAY,
    IrregularityKind.SLIP_MISRECORDED,
    IrregularityKind.SLIP_FOUND_AT_NEXT_TABLE,
}
"""The table's own trump is recorded with these (and only here: docs/laws.md#the-trump-slip)."""


@dataclass(frozen=True)
class Ruling:
    """What the director confirmed."""

    kind: IrregularityKind
    outcome: awards.Outcome
    table_trump: Suit | None
    detail: str


class IrregularityDialog(QDialog):
    """Choose the irregularity; see the law and the award; confirm. `tables` is the number of
    tables at which this deal is played (an average needs at least two other results)."""

    def __init__(
        self, where: str, tables: int, mnemonic: bool, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Irregularity: {where}")
        self.tables = tables
        self.mnemonic = mnemonic
        self.kind = QComboBox()
        for kind, text in KINDS.items():
            self.kind.addItem(text, kind)
        self.trump = QComboBox()
        for suit in Suit:
            self.trump.addItem(suit.name.lower(), suit)
        self.trump.setToolTip("The trump the table itself turned (recorded only here)")
        self.detail = QLineEdit()
        self.detail.setPlaceholderText("What happened, for the audit trail")
        self.quote = LawQuote()
        self.quote.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # the keyboard goes to the fields
        self.award = QLabel()
        self.award.setWordWrap(True)
        self.buttons = ok_cancel("&Confirm award", "Ca&ncel")
        form = QFormLayout(self)
        form.addRow("&Irregularity:", self.kind)
        form.addRow("Table's own &trump:", self.trump)
        form.addRow("&Details:", self.detail)
        form.addRow(self.quote)
        form.addRow(self.award)
        form.addRow(self.buttons)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.kind.currentIndexChanged.connect(self._update)
        self._update()

    def _update(self) -> None:
        kind: IrregularityKind = self.kind.currentData()
        self.trump.setEnabled(kind in NEEDS_TRUMP)
        rule = awards.rule_for(kind, self.mnemonic)
        outcome = awards.ruling(kind, self.tables, self.mnemonic)
        self.quote.show_law(rule.law, cited(rule.law))
        said = (
            f"<b>Award:</b> {outcome.value} ({rule.law}: “{rule.quote}”; "
            f"this deal is played at {self.tables} tables)."
        )
        codes = meanings(f"{outcome.value} {rule.law}")
        self.award.setText(f"{said}<br>Rules named: {codes}." if codes else said)

    def ruling(self) -> Ruling:
        """The confirmed ruling."""
        kind: IrregularityKind = self.kind.currentData()
        return Ruling(
            kind,
            awards.ruling(kind, self.tables, self.mnemonic),
            self.trump.currentData() if kind in NEEDS_TRUMP else None,
            self.detail.text().strip(),
        )
