"""Add or edit a player: OK is enabled only when the entry is valid, and the label says why not."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from director.gui.widgets.buttons import ok_cancel
from director.store.values import Gender, Player


class PlayerDialog(QDialog):
    """Name (required), club, member number, lady or gentleman."""

    def __init__(self, player: Player | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Edit player" if player else "Add player")
        self._player = player
        self.name = QLineEdit(player.name if player else "")
        self.club = QLineEdit((player.club or "") if player else "")
        self.member = QLineEdit((player.member_number or "") if player else "")
        self.gender = QComboBox()
        self.gender.addItem("(not needed)", None)
        for g in Gender:
            self.gender.addItem(g.value, g)
        if player and player.gender:
            self.gender.setCurrentIndex(self.gender.findData(player.gender))
        self.gender.setToolTip("Only the ladies-and-gentlemen Mitchell and Safford need it")
        self.reason = QLabel()
        self.reason.setStyleSheet("color: #a00;")
        self.buttons = ok_cancel(cancel="C&ancel")
        form = QFormLayout(self)
        form.addRow("&Name:", self.name)
        form.addRow("&Club:", self.club)
        form.addRow("&Member number:", self.member)
        form.addRow("&Lady or gentleman:", self.gender)
        form.addRow(self.reason)
        form.addRow(self.buttons)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.name.textChanged.connect(self._validate)
        self._validate()

    def _validate(self) -> None:
        ok = bool(self.name.text().strip())
        self.reason.setText("" if ok else "A player needs a name.")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    def player(self) -> Player:
        """The player as entered (id 0 for a new one)."""
        return Player(
            self._player.id if self._player else 0,
            self.name.text().strip(),
            self.club.text().strip() or None,
            self.member.text().strip() or None,
            self.gender.currentData(),
        )
