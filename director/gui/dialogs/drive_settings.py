"""A whist drive's settings in one dialog, the common practice already chosen
(docs/drive.md#settings-and-defaults): tables from the roster, the moving rule, the field,
the layout, trumps, hands and halves, sitting out, the revoke penalty, prizes and ties, and
the number the first seating is drawn from (shown, so that it can be drawn again)."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from enum import Enum
from typing import TypeVar

from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QSpinBox, QWidget

from director.gui.dialogs.form import FormDialog
from director.gui.errors import EXPECTED
from director.scoring.drive_prizes import PLACES, PrizeSettings, TieRule
from director.store.values import Gender, Player
from schedules.progressive import (
    DriveSettings,
    Field,
    Layout,
    Mover,
    MovingRule,
    SitOut,
    Trumps,
)

E = TypeVar("E", bound=Enum)

DRAW_BELOW = 1_000_000
"""A drawn number is below this: short enough to read out and type again."""


def _choices(values: Sequence[E], words: Sequence[str] | None = None) -> QComboBox:
    box = QComboBox()
    for value, text in zip(values, words or [str(v.value) for v in values], strict=True):
        box.addItem(text, value)
    return box


def _spin(low: int, high: int, value: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    return spin


def tables_for(players: int) -> int:
    """Tables of four for `players` (a last table may be short)."""
    return max(1, -(-players // 4))


class DriveSettingsDialog(FormDialog):
    """Start a whist drive: its settings and the first seating's number."""

    def __init__(self, roster: Sequence[Player], parent: QWidget | None = None) -> None:
        super().__init__("Start a whist drive", parent, ok="&Start the drive")
        marked = any(p.gender is not None for p in roster)
        self.tables = _spin(1, 200, tables_for(len(roster)))
        self.tables.setToolTip(f"{len(roster)} players on the roster, four to a table")
        self.rule = _choices(list(MovingRule))
        self.field = _choices(list(Field))
        self.field.setCurrentIndex(0 if marked else 1)
        self.layout_ = _choices(list(Layout))
        self.layout_.setCurrentIndex(list(Layout).index(Layout.CIRCLE))
        self.mover = _choices(
            list(Mover), ["the winners move up a table", "the losers move up a table"]
        )
        self.mover.setToolTip("Only for a partner drive")
        self.trumps = _choices(list(Trumps))
        self.hands = _spin(1, 60, 24)
        self.halves = _spin(1, 4, 2)
        self.sit_out = _choices(list(SitOut))
        self.set_figure = _spin(0, 13, 7)
        self.dummy = QCheckBox("A table of three plays with a d&ummy")
        self.penalty = _spin(0, 13, 3)
        self.penalty.setSuffix(" tricks")
        self.prizes = QComboBox()
        self.prizes.addItem("top ladies and top gentlemen", True)
        self.prizes.addItem("top players overall", False)
        self.prizes.setCurrentIndex(0 if marked else 1)
        self.places = _spin(1, len(PLACES), 3)
        self.ties = _choices(list(TieRule))
        self.draw = _spin(0, DRAW_BELOW - 1, secrets.randbelow(DRAW_BELOW))
        self.draw.setToolTip(
            "The first seating is drawn from this number: the same number draws the same seating"
        )
        self.add_rows(
            [
                ("&Tables:", self.tables),
                ("&Moving rule:", self.rule),
                ("&Field:", self.field),
                ("&Layout:", self.layout_),
                ("Partner drive, &which pair moves:", self.mover),
                ("T&rumps:", self.trumps),
                ("&Hands:", self.hands),
                ("Hal&ves:", self.halves),
                ("Sitting &out scores:", self.sit_out),
                ("Set fi&gure:", self.set_figure),
                (None, self.dummy),
                ("Revoke &penalty:", self.penalty),
                ("Pri&zes:", self.prizes),
                ("Places &each:", self.places),
                ("T&ies broken by:", self.ties),
                ("First seating &drawn from number:", self.draw),
            ]
        )
        if marked:
            self.form.addRow(QLabel(field_words(roster)))
        self.close_form()
        for box in (self.rule, self.sit_out):
            box.currentIndexChanged.connect(self._follow)
        for spin in (self.hands, self.halves):
            spin.valueChanged.connect(self._follow)
        self._follow()

    def _follow(self) -> None:
        """Enable what the choices make matter, and say why OK is off."""
        self.mover.setEnabled(self.rule.currentData() is MovingRule.PARTNER)
        self.set_figure.setEnabled(self.sit_out.currentData() is SitOut.SET_FIGURE)
        try:
            self.settings()
            problem = ""
        except EXPECTED as exc:
            problem = str(exc)
        self.allow(problem)

    def settings(self) -> DriveSettings:
        """The drive's settings as chosen (refused in words when they do not fit)."""
        return DriveSettings(
            tables=self.tables.value(),
            rule=self.rule.currentData(),
            field=self.field.currentData(),
            layout=self.layout_.currentData(),
            partner_mover=self.mover.currentData(),
            trumps=self.trumps.currentData(),
            hands=self.hands.value(),
            halves=self.halves.value(),
            sit_out=self.sit_out.currentData(),
            set_figure=self.set_figure.value(),
            dummy=self.dummy.isChecked(),
            revoke_penalty=self.penalty.value(),
        )

    def prize_settings(self) -> PrizeSettings:
        """The prizes and the tie rule as chosen (the lots drawn from the seating's number)."""
        by_role = bool(self.prizes.currentData()) and self.field.currentData() is not Field.BY_SEAT
        return PrizeSettings(
            by_role=by_role,
            places=self.places.value(),
            tie_rule=self.ties.currentData(),
            seed=self.draw.value(),
        )


def field_words(roster: Sequence[Player]) -> str:
    """The roster by part, for the host to check before the drive ("7 ladies, 6 gentlemen and
    1 not said")."""
    ladies = sum(p.gender is Gender.LADY for p in roster)
    gentlemen = sum(p.gender is Gender.GENTLEMAN for p in roster)
    words = [
        f"{ladies} lad{'y' if ladies == 1 else 'ies'}",
        f"{gentlemen} gentle{'man' if gentlemen == 1 else 'men'}",
    ]
    unsaid = len(roster) - ladies - gentlemen
    if unsaid:
        return f"{', '.join(words)} and {unsaid} not said"
    return " and ".join(words)
