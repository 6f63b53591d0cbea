"""Enter a result with a revoke (or a failure to obey a lawful call, penalised as a revoke).

The dialog quotes Law VII Sec.4 and shows the transfer the law gives before it is confirmed;
the final figure (the average ceiling, the +R/-R cap and floor "as made at the other tables")
is the scoring engine's, once the other tables' results are in.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QSpinBox, QWidget

from director.gui.dialogs.form import FormDialog
from director.gui.laws import LawQuote, cited, section
from director.scoring.model import TRICKS, Revoke
from director.scoring.revokes import penalise
from schedules.types import Direction

FAILED_CALL_LAW = ("Calls, penalties and general rules", 5)
"""The law that penalises a failure to obey a lawful call "as for a revoke"."""


class RevokeDialog(FormDialog):
    """Tricks N/S made as played, and one side's revokes: count and tricks won from the first."""

    def __init__(
        self, where: str, ns_tricks: int | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(f"Revoke: {where}", parent, ok="Rec&ord")
        self.setMinimumWidth(560)
        self.ns_tricks = QSpinBox(minimum=0, maximum=TRICKS, value=ns_tricks or 0)
        self.ns_tricks.setToolTip("Tricks N/S took as played, before any penalty")
        self.side = QComboBox()
        for d in Direction:
            self.side.addItem(d.label, d)
        self.count = QSpinBox(minimum=1, maximum=TRICKS, value=1)
        self.count.setToolTip("Established revokes by that side on this deal")
        self.after = QSpinBox(minimum=0, maximum=TRICKS, value=0)
        self.after.setToolTip(
            "Tricks the revoking side won from the trick of its first revoke on, that trick "
            "included (tricks won before it are never taken away)"
        )
        self.failed_call = QCheckBox("Failures to obey a lawful call (penalised as revokes)")
        self.quote = LawQuote()
        self.quote.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # the keyboard goes to the figures
        self.award = QLabel()
        self.award.setWordWrap(True)
        self.add_rows(
            [
                (None, self.quote),
                ("N/S &tricks as made:", self.ns_tricks),
                ("Revoking &side:", self.side),
                ("&Revokes:", self.count),
                ("Tricks won from the &first revoke on:", self.after),
                (None, self.failed_call),
                (None, self.award),
            ]
        )
        self.close_form()
        for spin in (self.ns_tricks, self.count, self.after):
            spin.valueChanged.connect(self._update)
        self.side.currentIndexChanged.connect(self._update)
        self.failed_call.toggled.connect(self._update)
        self._update()
        self.ns_tricks.setFocus()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.ns_tricks.selectAll()  # typing replaces the figure shown

    def made(self) -> int:
        """Tricks the revoking side took as played."""
        ns = self.ns_tricks.value()
        return ns if self.side.currentData() is Direction.NS else TRICKS - ns

    def _update(self) -> None:
        if self.failed_call.isChecked():
            law = section(*FAILED_CALL_LAW)
            self.quote.show_law(f"{law.subject}, Sec.{law.number}", law)
        else:
            self.quote.show_law("Law VII Sec.4", cited("Law VII Sec.4"))
        side: Direction = self.side.currentData()
        made, after = self.made(), self.after.value()
        ok = after <= made
        self.allow(
            ""
            if ok
            else f"{side.label} took only {made} tricks, so they cannot have won {after} "
            "from the first revoke on."
        )
        if not ok:
            self.award.clear()
            return
        p = penalise(made, self.count.value(), after, ())
        self.award.setText(
            f"<b>Award:</b> {side.label} made {made}; {p.before} won before the first revoke "
            f"are protected; the transfer is {p.transfer} trick(s) to {side.opposite.label}, "
            f"leaving {side.label} {p.after_transfer} at most. Recorded as made with -R for "
            f"{side.label} and +R for {side.opposite.label}; the average ceiling and the cap "
            "as made at the other tables apply when the deal is scored."
        )

    def result_entered(self) -> tuple[int, Revoke]:
        """(N/S tricks as made, the revoke)."""
        count = self.count.value()
        failed = count if self.failed_call.isChecked() else 0
        return self.ns_tricks.value(), Revoke(
            self.side.currentData(), count, self.after.value(), failed
        )
