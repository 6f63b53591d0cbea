"""A rule's code is shown with what it means: the irregularity dialog's award for a deal not
played."""

from __future__ import annotations

import pytest

from director.evening.rule_codes import MEANINGS
from director.gui.dialogs.irregularity import IrregularityDialog
from director.scoring.model import IrregularityKind


@pytest.mark.gui
def test_the_award_for_a_deal_not_played_says_what_its_rules_mean(qtbot) -> None:
    dialog = IrregularityDialog("tray 4, table 2, round 3", tables=5, mnemonic=False)
    qtbot.addWidget(dialog)
    dialog.kind.setCurrentIndex(dialog.kind.findData(IrregularityKind.NOT_PLAYED))
    text = dialog.award.text()
    assert f"W5: {MEANINGS['W5']}" in text
    assert f"M4: {MEANINGS['M4']}" in text
