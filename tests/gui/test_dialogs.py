"""Dialogs driven with qtbot: OK only when valid, the reason shown, the law and award quoted."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from director.gui.dialogs.irregularity import IrregularityDialog
from director.gui.dialogs.new_deal import NewDealDialog
from director.gui.dialogs.new_event import NewEventDialog
from director.gui.dialogs.player import PlayerDialog
from director.gui.dialogs.revoke import RevokeDialog
from director.scoring.awards import Outcome
from director.scoring.model import Direction, IrregularityKind, Suit
from director.store.values import Gender, Player

OK = QDialogButtonBox.StandardButton.Ok


def ok_enabled(dialog: object) -> bool:
    return dialog.buttons.button(OK).isEnabled()  # type: ignore[attr-defined]  # each dialog has them


def test_player_dialog_needs_a_name(qtbot) -> None:
    dialog = PlayerDialog()
    qtbot.addWidget(dialog)
    assert not ok_enabled(dialog)
    assert "name" in dialog.problem.text()
    qtbot.keyClicks(dialog.name, "Mrs Ames")
    dialog.gender.setCurrentIndex(dialog.gender.findData(Gender.LADY))
    assert ok_enabled(dialog)
    assert dialog.player() == Player(0, "Mrs Ames", None, None, Gender.LADY)


def test_player_dialog_keeps_the_id_when_editing(qtbot) -> None:
    dialog = PlayerDialog(Player(7, "Mr Brown", "Hill", "M7", Gender.GENTLEMAN))
    qtbot.addWidget(dialog)
    dialog.club.clear()
    assert dialog.player() == Player(7, "Mr Brown", None, "M7", Gender.GENTLEMAN)


def test_new_event_dialog_refuses_an_existing_file(qtbot, tmp_path: Path) -> None:
    (tmp_path / "taken.whist").write_text("x")
    dialog = NewEventDialog(tmp_path)
    qtbot.addWidget(dialog)
    assert not ok_enabled(dialog)
    qtbot.keyClicks(dialog.name, "Club night")
    assert ok_enabled(dialog)
    dialog.path.setText(str(tmp_path / "taken"))
    assert not ok_enabled(dialog)
    assert "exists already" in dialog.problem.text()
    dialog.path.setText(str(tmp_path / "missing-folder" / "x.whist"))
    assert "does not exist" in dialog.problem.text()


def test_new_event_dialog_takes_a_path_typed_a_key_at_a_time(qtbot, tmp_path: Path) -> None:
    dialog = NewEventDialog(tmp_path)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.name, "Club night")
    dialog.path.clear()
    qtbot.keyClicks(dialog.path, "/")  # every key re-checks the field; "/" names no file
    assert not ok_enabled(dialog)
    assert "file's name" in dialog.problem.text()
    qtbot.keyClicks(dialog.path, f"{str(tmp_path).lstrip('/')}/")
    assert "file's name" in dialog.problem.text()
    qtbot.keyClicks(dialog.path, "club")
    assert ok_enabled(dialog)
    assert dialog.file() == tmp_path / "club.whist"
    qtbot.keyClicks(dialog.path, "x" * 300)  # longer than a file name may be
    assert not ok_enabled(dialog)
    assert "cannot be used" in dialog.problem.text()


def test_new_event_dialog_refuses_a_folder_or_a_read_only_folder(
    qtbot, tmp_path: Path, monkeypatch
) -> None:
    dialog = NewEventDialog(tmp_path)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.name, "Club night")
    for folder in (str(tmp_path), ".", ".."):
        dialog.path.setText(folder)
        assert not ok_enabled(dialog), folder
        assert "file's name" in dialog.problem.text()
    # root may write anywhere, so the folder's permission is what the dialog is told
    monkeypatch.setattr(os, "access", lambda path, _mode: Path(path) != tmp_path)
    dialog.path.setText(str(tmp_path / "club"))
    assert not ok_enabled(dialog)
    assert "read-only" in dialog.problem.text()


def test_new_deal_needs_a_reason(qtbot) -> None:
    dialog = NewDealDialog((1, 2, 3), tray=2)
    qtbot.addWidget(dialog)
    assert dialog.tray.value() == 2
    assert not ok_enabled(dialog)
    qtbot.keyClicks(dialog.why, "exposed card in dealing")
    assert ok_enabled(dialog)


def test_revoke_dialog_shows_the_transfer_and_refuses_impossible_counts(qtbot) -> None:
    dialog = RevokeDialog("tray 1, table 1, round 1", ns_tricks=8)
    qtbot.addWidget(dialog)
    assert "transfer of two tricks" in dialog.quote.toPlainText()
    dialog.side.setCurrentIndex(dialog.side.findData(Direction.EW))
    dialog.after.setValue(6)  # E/W made only 5
    assert not ok_enabled(dialog)
    assert "only 5" in dialog.problem.text()
    dialog.after.setValue(3)
    dialog.count.setValue(2)
    assert ok_enabled(dialog)
    assert "transfer is 3" in dialog.award.text()
    ns, revoke = dialog.result_entered()
    assert (ns, revoke.side, revoke.count, revoke.tricks_after, revoke.failed_calls) == (
        8,
        Direction.EW,
        2,
        3,
        0,
    )
    dialog.failed_call.setChecked(True)
    assert "lawfully called" in dialog.quote.toPlainText()
    assert dialog.result_entered()[1].failed_calls == 2


def test_irregularity_dialog_quotes_the_law_and_shows_the_award(qtbot) -> None:
    many = IrregularityDialog("tray 4, table 2, round 3", tables=5, mnemonic=False)
    qtbot.addWidget(many)
    many.kind.setCurrentIndex(many.kind.findData(IrregularityKind.WRONG_TRUMP_OVERPLAY))
    many.trump.setCurrentIndex(many.trump.findData(Suit.HEARTS))
    assert "Sec.9" in many.quote.toPlainText()
    assert Outcome.AVERAGE.value in many.award.text()
    ruling = many.ruling()
    assert (ruling.kind, ruling.outcome, ruling.table_trump) == (
        IrregularityKind.WRONG_TRUMP_OVERPLAY,
        Outcome.AVERAGE,
        Suit.HEARTS,
    )
    few = IrregularityDialog("tray 4, table 2, round 3", tables=2, mnemonic=False)
    qtbot.addWidget(few)
    few.kind.setCurrentIndex(few.kind.findData(IrregularityKind.WRONG_TRUMP_OVERPLAY))
    assert Outcome.NEW_DEAL.value in few.award.text()
    few.kind.setCurrentIndex(few.kind.findData(IrregularityKind.SHORT_HAND))
    assert not few.trump.isEnabled()
    assert few.ruling().table_trump is None
    assert few.ruling().outcome is Outcome.STANDS


def test_every_mnemonic_of_the_event_dialogs_names_its_field(qtbot, tmp_path: Path) -> None:
    from PySide6.QtWidgets import QLabel

    from director.gui.dialogs.event_settings import EventSettingsDialog
    from director.store.values import EventInfo, EventSettings

    info = EventInfo("Club night", None, None, EventSettings(), "head")
    for dialog in (NewEventDialog(tmp_path), EventSettingsDialog(info)):
        qtbot.addWidget(dialog)
        labels = [label for label in dialog.findChildren(QLabel) if "&" in label.text()]
        assert labels
        for label in labels:  # without a buddy a label shows its "&" as it is
            assert label.buddy() is not None, label.text()


def test_the_file_is_named_after_the_event_until_the_director_names_it(
    qtbot, tmp_path: Path
) -> None:
    dialog = NewEventDialog(tmp_path)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.name, "Club night, 23 Nov")
    assert dialog.file() == tmp_path / "club-night-23-nov.whist"
    dialog.name.setText("Łódź pairs")
    assert dialog.file() == tmp_path / "łódź-pairs.whist"
    dialog.path.selectAll()
    qtbot.keyClicks(dialog.path, str(tmp_path / "mine"))
    qtbot.keyClicks(dialog.name, " again")
    assert dialog.file() == tmp_path / "mine.whist"
    assert ok_enabled(dialog)


def test_an_event_has_a_date(qtbot, tmp_path: Path) -> None:
    from datetime import date

    dialog = NewEventDialog(tmp_path)
    qtbot.addWidget(dialog)
    assert dialog.held_on.day() == date.today()
    dialog.held_on.set_day(date(2026, 11, 23))
    assert dialog.held_on.day() == date(2026, 11, 23)
    dialog.held_on.set_day(None)
    assert dialog.held_on.day() is None
    assert dialog.held_on.text() == "not set"


def test_the_irregularity_dialog_counts_the_tables_that_play_the_deal(
    qtbot, window, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Foster's six pairs: three tables in the room, each tray played at two. A wrong trump on
    the overplay is a new deal, and the dialog says the deal is played at 2 tables."""
    from director.gui.context import Changed
    from director.gui.demo import pair_up
    from schedules.catalog import Request, build

    store = window.context.store
    movement = build(Request("classic", pairs=6, variant="six-pairs"))
    assert movement.tables == 3
    for n in range(12):
        store.add_player(f"Player {n}")
    pair_up(store, movement.field)
    store.choose_movement(movement)
    window.context.notify(Changed.EVERYTHING)
    window.tabs.setCurrentWidget(window.scores)
    window.scores.show_round(2)
    window.scores.table.setCurrentIndex(window.scores.model.index(0, 0))
    shown: list[IrregularityDialog] = []

    def look(dialog: IrregularityDialog) -> int:
        dialog.kind.setCurrentIndex(dialog.kind.findData(IrregularityKind.WRONG_TRUMP_OVERPLAY))
        shown.append(dialog)
        return 0

    monkeypatch.setattr(IrregularityDialog, "exec", look)
    window.scores.irregularity()
    (dialog,) = shown
    assert "this deal is played at 2 tables" in dialog.award.text()
    assert Outcome.NEW_DEAL.value in dialog.award.text()
