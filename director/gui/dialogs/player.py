"""Add or edit a player: OK is enabled only when the entry is valid, and the label says why not."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLineEdit, QWidget

from director.gui.dialogs.form import FormDialog
from director.store.values import Gender, Player


class PlayerDialog(FormDialog):
    """Name (required), club, member number, lady or gentleman."""

    def __init__(self, player: Player | None = None, parent: QWidget | None = None) -> None:
        super().__init__("Edit player" if player else "Add player", parent, cancel="C&ancel")
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
        self.add_rows(
            [
                ("&Name:", self.name),
                ("&Club:", self.club),
                ("&Member number:", self.member),
                ("&Lady or gentleman:", self.gender),
            ]
        )
        self.close_form()
        self.name.textChanged.connect(self._validate)
        self._validate()

    def _validate(self) -> None:
        self.allow("" if self.name.text().strip() else "A player needs a name.")

    def player(self) -> Player:
        """The player as entered (id 0 for a new one)."""
        return Player(
            self._player.id if self._player else 0,
            self.name.text().strip(),
            self.club.text().strip() or None,
            self.member.text().strip() or None,
            self.gender.currentData(),
        )
