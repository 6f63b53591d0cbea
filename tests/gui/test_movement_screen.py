"""The movement chooser: usable proposals best first with a line in plain words and the best
selected; what does not fit only on request, greyed, with the reason in plain words; the
construction and balance figures in a details pane that explains the index."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from director.evening.movement_words import INDEX_HELP, summary
from director.evening.proposals import Ask, FieldKind, candidates, propose
from director.gui.screens.movement.model import COL_NOTES, ProposalModel
from director.gui.screens.movement.view import MovementScreen
from director.gui.tablemodel import RowRole
from schedules.balance import balance
from schedules.catalog import Request, build

PER_TRAY = Fraction(7)
CLI = re.compile(r"--|python|tools/|\.py\b")
"""What a director must never read: options, commands, file names."""


def chooser(qtbot, kind: FieldKind, size: int, minutes: int) -> MovementScreen:
    screen = MovementScreen(PER_TRAY)
    qtbot.addWidget(screen)
    screen.show()
    screen.set_field(kind, size)
    screen.minutes.setValue(minutes)
    with qtbot.waitSignal(screen.proposalsReady, timeout=60000):
        screen.search()
    return screen


def shown(screen: MovementScreen) -> list:
    view = screen.table.model()
    return [view.index(r, 0).data(RowRole) for r in range(view.rowCount())]


def test_the_best_usable_proposal_comes_first_and_is_selected(qtbot) -> None:
    screen = chooser(qtbot, FieldKind.PAIRS, 10, 150)
    rows = shown(screen)
    assert rows
    assert all(p.usable for p in rows)  # what does not fit waits to be asked for
    fairness = [round(p.fairness, 1) for p in rows]
    assert fairness == sorted(fairness, reverse=True)
    assert screen.selected() == rows[0]
    assert screen.use.isEnabled()
    # The 5-table Howell with the half-round trick: one ranking, perfectly balanced.
    assert (rows[0].family, rows[0].variant) == ("howell", "half-rounds")
    assert screen.summary.text() == (
        "the complete Howell, one table turning its arrow half way through each round; every "
        "pair meets every other; 9 rounds of 2 trays; about 126 minutes; perfectly balanced"
    )


def test_a_mitchell_is_described_by_its_two_fields(qtbot) -> None:
    screen = chooser(qtbot, FieldKind.PAIRS, 10, 150)
    mitchell = next(p for p in shown(screen) if p.family == "mitchell")
    assert "; every N-S pair meets every E-W pair; 5 rounds of 4" in mitchell.summary()
    assert mitchell.summary().endswith("perfectly balanced within each side")


def test_what_does_not_fit_is_greyed_with_a_reason_in_plain_words(qtbot) -> None:
    screen = chooser(qtbot, FieldKind.PAIRS, 10, 150)
    usable = len(shown(screen))
    screen.show_all.setChecked(True)
    rows = shown(screen)
    assert len(rows) > usable
    assert all(p.usable for p in rows[:usable])
    view = screen.table.model()
    for r, p in enumerate(rows[usable:], start=usable):
        assert not p.usable
        assert view.index(r, 0).data(Qt.ItemDataRole.ForegroundRole) == QColor(Qt.GlobalColor.gray)
        reason = view.index(r, COL_NOTES).data()
        assert reason
        assert not CLI.search(reason), reason
    snow = next(p for p in rows if p.family == "snow")  # 10 rounds of 2 trays, mnemonic
    assert snow.fits
    assert not snow.usable
    assert "minutes" in snow.why_not


@pytest.mark.parametrize(
    ("kind", "sizes"),
    [
        (FieldKind.PAIRS, range(3, 23)),
        (FieldKind.PLAYERS, range(4, 17)),
        (FieldKind.COUPLES, range(2, 17)),
        (FieldKind.TEAMS, range(2, 7)),
    ],
    ids=lambda v: getattr(v, "value", None),
)
def test_no_refusal_shows_command_line_syntax(qapp, kind: FieldKind, sizes: range) -> None:
    model = ProposalModel(PER_TRAY)
    for size in sizes:
        for minutes in (Fraction(150), Fraction(60)):
            ask = Ask(kind, size, minutes, PER_TRAY)
            model.set_rows([propose(ask, f, v) for f, v in candidates(kind)], PER_TRAY)
            for r in range(model.rowCount()):
                text = model.data(model.index(r, COL_NOTES))
                tip = model.data(model.index(r, 0), Qt.ItemDataRole.ToolTipRole) or ""
                assert not CLI.search(text), text
                assert not CLI.search(tip), tip


def test_nothing_usable_shows_the_reasons_at_once(qtbot) -> None:
    screen = chooser(qtbot, FieldKind.COUPLES, 3, 150)
    assert screen.show_all.isChecked()
    assert shown(screen)
    assert not screen.use.isEnabled()


def test_the_details_pane_holds_the_construction_and_explains_the_index(qtbot) -> None:
    screen = chooser(qtbot, FieldKind.PAIRS, 10, 150)
    howell = screen.selected()
    assert howell is not None
    assert howell.movement is not None
    details = screen.balance.text()
    for note in howell.movement.notes:  # "Room square from a starter and adder over Z_9"
        assert note in details
        assert note not in screen.summary.text()
    assert f"Balance index {howell.fairness:.1f} of 100" in details
    assert INDEX_HELP in details
    assert "index" not in screen.summary.text()


def test_a_field_of_pairs_is_not_offered_the_ladies_and_gentlemen_game() -> None:
    offered = {fam.name for fam, _ in candidates(FieldKind.PAIRS)}
    assert "ladies-gentlemen" not in offered
    assert {"mitchell", "howell"} <= offered


def test_the_line_in_plain_words_says_when_tables_share_trays() -> None:
    interwoven = build(Request("howell", tables=8, variant="interwoven"))
    assert interwoven.shared
    line = summary(interwoven, balance(interwoven), Fraction(150))
    assert line.endswith("; tables share trays in every round (a relay)")
    mitchell = build(Request("mitchell", tables=7))
    assert not mitchell.shared
    assert "share" not in summary(mitchell, balance(mitchell), Fraction(150))
