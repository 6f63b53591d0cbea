"""The host's calls during a drive, each a small dialog: a revoke at a table (the side and
the reason), a late arrival, and a player leaving (who, and from which hand)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QComboBox, QLineEdit, QSpinBox, QWidget

from director.gui.dialogs.form import FormDialog
from schedules.progressive import Role, Side


class DriveRevokeDialog(FormDialog):
    """A revoke at one table of a hand: the offending side and why."""

    def __init__(
        self, hand: int, tables: Sequence[int], table: int, penalty: int, parent: QWidget | None
    ) -> None:
        super().__init__(
            f"Revoke in hand {hand}", parent, ok=f"&Give {penalty} tricks to the other side"
        )
        self.table = QComboBox()
        for number in tables:
            self.table.addItem(f"Table {number}", number)
        self.table.setCurrentIndex(max(0, self.table.findData(table)))
        self.offenders = QComboBox()
        for side in Side:
            self.offenders.addItem(f"{side.words} revoked", side)
        self.reason = QLineEdit("revoke")
        self.reason.selectAll()
        self.add_rows(
            [("&Table:", self.table), ("&Side:", self.offenders), ("&Reason:", self.reason)]
        )
        self.close_form()
        self.reason.textChanged.connect(
            lambda text: self.allow("" if text.strip() else "Say why the tricks are given.")
        )


class DriveChangeDialog(FormDialog):
    """A late arrival or a player leaving: who, and from which hand."""

    def __init__(
        self,
        arriving: bool,
        players: Sequence[str],
        hands: tuple[int, int],
        ask_part: bool,
        parent: QWidget | None,
    ) -> None:
        super().__init__(
            "A late arrival" if arriving else "A player leaving",
            parent,
            ok="&Seat them" if arriving else "&Empty their seat",
        )
        self.player = QComboBox()
        self.player.addItems(list(players))
        self.player.setEditable(False)
        self.from_hand = QSpinBox()
        self.from_hand.setRange(*hands)
        self.from_hand.setValue(hands[0])
        self.part = QComboBox()
        for role in Role:
            self.part.addItem(f"a {role.value}'s part", role)
        rows: list[tuple[str | None, QWidget]] = [
            ("&Player:", self.player),
            ("Plays from &hand:" if arriving else "Gone from &hand:", self.from_hand),
        ]
        self.ask_part = ask_part
        if ask_part:
            rows.append(("T&akes:", self.part))
        self.add_rows(rows)
        self.close_form()
        if not players:
            self.allow("No one is waiting for a seat." if arriving else "No one is playing.")

    def role(self) -> Role | None:
        """The part asked for (None when the roster says it)."""
        return self.part.currentData() if self.ask_part else None
