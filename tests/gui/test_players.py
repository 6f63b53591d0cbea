"""The players screen driven as a director does: names typed in the field grid, pairing in
order, the roster import's preview, a duplicate name, the name column's width."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialogButtonBox, QLineEdit, QMessageBox

from director.gui.context import Changed
from director.gui.dialogs.player import PlayerDialog
from director.gui.dialogs.printing import TONIGHT, PrintDialog
from director.gui.dialogs.roster_import import RosterImportDialog
from director.gui.main_window import MainWindow
from director.gui.screens.players.model import PLAYS_AS
from director.store.roster import open_roster
from director.store.values import Gender
from schedules.catalog import Request, build
from schedules.progressive import DriveSettings
from tests.gui.evening import answer_dialog
from tests.gui.test_drive_words import begin_drive


def names(window: MainWindow) -> dict[str, tuple[str, ...]]:
    store = window.context.store
    name_of = {p.id: p.name for p in store.players()}
    return {p.label: tuple(name_of[i] for i in p.players) for p in store.partnerships()}


def type_row(qtbot, window: MainWindow, row: int, player: str, partner: str) -> None:
    """Type a pair's names into a field row: Enter opens the cell, Tab goes to the partner's,
    Enter enters it."""
    grid = window.players.field_view
    grid.setFocus()
    grid.setCurrentIndex(window.players.field.index(row, 1))
    qtbot.keyClick(grid, Qt.Key.Key_Return)
    for name, key in ((player, Qt.Key.Key_Tab), (partner, Qt.Key.Key_Return)):
        editor = grid.indexWidget(grid.currentIndex())
        assert isinstance(editor, QLineEdit)
        if QGuiApplication.platformName() == "offscreen":
            # A popup there leaves no window active once it closes, closing the next cell;
            # the same test under Xvfb (xcb) takes the roster's offers.
            editor.setCompleter(None)
        qtbot.keyClicks(editor, name)
        popup = editor.completer().popup() if editor.completer() else None
        if popup is not None and popup.isVisible():  # a name on the roster: take the offer
            qtbot.keyClick(popup, Qt.Key.Key_Down)
            qtbot.keyClick(popup, Qt.Key.Key_Return)
            assert editor.text() == name
        qtbot.keyClick(editor, key)
        qtbot.wait(20)  # the grid enters a value once its event loop turns


@pytest.fixture
def players_on_view(window: MainWindow) -> MainWindow:
    window.tabs.setCurrentWidget(window.players)
    return window


def test_names_typed_against_the_movements_places_form_the_pairs(
    qtbot, players_on_view: MainWindow
) -> None:
    window = players_on_view
    store = window.context.store
    store.choose_movement(build(Request("mitchell", tables=3, trays_per_round=2)))
    store.add_player("Mrs Ames")
    window.context.notify(Changed.EVERYTHING)
    field = window.players.field
    assert [field.row(r).label for r in range(field.rowCount())] == list(store.movement().field)
    type_row(qtbot, window, 0, "Mrs Ames", "Mr Bell")
    assert names(window) == {"NS1": ("Mrs Ames", "Mr Bell")}
    assert [e.action for e in store.audit_log(1)] == ["name partnership"]
    assert field.row(0).formed
    # the grid kept the keyboard: the next cell down is open for the next name
    qtbot.waitUntil(lambda: window.players.field_view.currentIndex().row() == 1)
    assert {r.partnership for r in window.players.roster.rows()} == {"NS1"}


def test_a_name_that_plays_elsewhere_keeps_its_cell_open_with_the_reason(
    qtbot, players_on_view: MainWindow
) -> None:
    window = players_on_view
    window.context.store.name_partnership("1", ["Mrs Ames", "Mr Bell"])
    window.players.refresh()
    type_row(qtbot, window, 1, "Mrs Cole", "Mr Bell")
    grid = window.players.field_view
    editor = grid.indexWidget(grid.currentIndex())
    assert isinstance(editor, QLineEdit)
    assert editor.text() == "Mr Bell"
    assert "Mr Bell plays in partnership 1 already" in window.players.field_message.text()
    assert names(window) == {"1": ("Mrs Ames", "Mr Bell")}


def test_clearing_a_name_of_a_pair_dissolves_it_and_keeps_the_other(
    qtbot, players_on_view: MainWindow
) -> None:
    window = players_on_view
    window.context.store.name_partnership("1", ["Mrs Ames", "Mr Bell"])
    window.players.refresh()
    field = window.players.field
    assert field.setData(field.index(0, 2), "")
    assert names(window) == {}
    assert field.row(0).names == ("Mrs Ames", "")
    assert not field.row(0).formed
    window.players.refresh()  # a typed name waits in its row until the partner is typed
    assert field.row(0).names == ("Mrs Ames", "")
    assert field.setData(field.index(0, 2), "Mr Cole")
    assert names(window) == {"1": ("Mrs Ames", "Mr Cole")}


def test_pairing_the_unpaired_in_order_is_one_step(players_on_view: MainWindow) -> None:
    window = players_on_view
    store = window.context.store
    for name in ("Mrs Ames", "Mr Bell", "Mrs Cole", "Mr Dale", "Mrs Eve"):
        store.add_player(name)
    window.players.refresh()
    assert window.players.pair_in_order()
    assert names(window) == {"1": ("Mrs Ames", "Mr Bell"), "2": ("Mrs Cole", "Mr Dale")}
    assert window.statusBar().currentMessage() == "2 pairs formed; 1 players not paired"
    window.context.store.undo()
    assert names(window) == {}


def test_a_duplicate_name_asks_before_adding(players_on_view: MainWindow, monkeypatch) -> None:
    window = players_on_view
    window.context.store.add_player("Mrs Ames", club="Elm")
    asked: list[str] = []

    def answer(reply: QMessageBox.StandardButton):
        def question(_parent, _title, text, *_rest):
            asked.append(text)
            return reply

        return question

    answer_dialog(monkeypatch, PlayerDialog, lambda d: d.name.setText("mrs  AMES"))
    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.No))
    window.players.add_player()
    assert asked == ["Mrs Ames, Elm is on the roster already. Add another player of that name?"]
    assert len(window.context.store.players()) == 1
    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Yes))
    window.players.add_player()
    assert len(window.context.store.players()) == 2
    answer_dialog(monkeypatch, PlayerDialog, lambda d: d.name.setText("Mr Bell"))
    window.players.add_player()
    assert len(asked) == 2  # a new name is added without a question


def test_the_name_column_takes_the_room_the_longest_name_needs(
    players_on_view: MainWindow,
) -> None:
    window = players_on_view
    long = "Lady Philippa Wolverhampton-Montmorency"
    window.context.store.add_player(long)
    window.context.store.add_player("Al")
    window.players.refresh()
    view = window.players.players_view
    assert view.columnWidth(0) >= view.fontMetrics().horizontalAdvance(long)


def test_the_import_preview_maps_columns_and_forms_the_pairs(
    players_on_view: MainWindow, tmp_path: Path, monkeypatch
) -> None:
    window = players_on_view
    roster = tmp_path / "roster.csv"
    roster.write_bytes(
        "Mrs Ames;Elm;1\r\nMr Bell;Oak;1\r\nZoë Cole;Elm;2\r\nMr Dale;;2\r\n".encode("cp1252")
    )

    def map_columns(dialog: RosterImportDialog) -> None:
        assert dialog.source.text() == f"{roster} (read as Windows-1252 text)"
        assert not dialog.header.isChecked()
        assert [c.currentData() for c in dialog.columns] == ["name", None, None]
        dialog.columns[1].setCurrentIndex(dialog.columns[1].findData("club"))
        dialog.columns[2].setCurrentIndex(dialog.columns[2].findData("pair"))
        assert dialog.reason.text() == "4 players and 2 pairs will be added."

    answer_dialog(monkeypatch, RosterImportDialog, map_columns)
    assert window.players.import_roster(roster)
    assert names(window) == {"1": ("Mrs Ames", "Mr Bell"), "2": ("Zoë Cole", "Mr Dale")}
    assert [e.action for e in window.context.store.audit_log()] == ["import roster"]


def test_the_import_preview_lists_every_refused_line_and_imports_nothing(
    qapp, tmp_path: Path
) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("name,gender,pair\nMrs Ames,L,1\nMr Bell,X,2\nMrs Cole,L,3\nMr Dale,G,3\n")
    dialog = RosterImportDialog(open_roster(roster))
    assert dialog.header.isChecked()
    assert dialog.refusals.toPlainText().splitlines() == [
        "line 2: pair 1 has one player only; give the partner the same pair label",
        "line 3: not lady or gentleman: 'X' (use L, G or leave it empty)",
    ]
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
    assert dialog.preview.item(2, 0).toolTip().startswith("not lady or gentleman")  # line 3
    dialog.columns[2].setCurrentIndex(0)  # leave the pair column out
    assert (
        dialog.refusals.toPlainText()
        == "line 3: not lady or gentleman: 'X' (use L, G or leave it empty)"
    )
    dialog.columns[1].setCurrentIndex(0)
    assert dialog.reason.text() == "4 players will be added."
    assert dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
    dialog.columns[0].setCurrentIndex(0)
    assert "no 'name' column" in dialog.reason.text()
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()


def test_pairs_typed_one_at_a_time_rest_the_empty_place_and_the_papers_print(
    qtbot, players_on_view: MainWindow
) -> None:
    """13 pairs typed for the 14-pair Howell: the 14th place rests as the 13th pair comes in,
    so the papers print with nobody at it; its row stays in the grid, and the 14th pair
    typed there plays it as the movement was chosen."""
    window = players_on_view
    context = window.context
    assert context is not None
    store = context.store
    whole = store.choose_movement(build(Request("howell", tables=7, variant="interwoven")))
    for label in whole.field[:12]:
        store.name_partnership(label, (f"Mx {label}a", f"Mx {label}b"))
    context.notify(Changed.EVERYTHING)
    field = window.players.field
    labels = [field.row(r).label for r in range(field.rowCount())]
    assert labels == list(whole.field)
    type_row(qtbot, window, labels.index("16"), "Mrs Ames", "Mr Bell")
    assert store.movement().field == whole.field[:13]  # place 17 rests
    window.players.refresh()
    assert [field.row(r).label for r in range(field.rowCount())] == list(whole.field)
    dialog = PrintDialog(context, window, TONIGHT)
    qtbot.addWidget(dialog)
    dialog.render_papers(lambda: None)
    qtbot.waitUntil(lambda: dialog.rendered is not None, timeout=60000)
    assert not dialog.status.text().startswith("Cannot print")
    type_row(qtbot, window, labels.index("17"), "Mrs Late", "Mr Late")
    assert names(window)["17"] == ("Mrs Late", "Mr Late")
    assert store.movement() == whole


def test_a_drive_offers_no_pairs_or_places_on_the_players_screen(qtbot, window: MainWindow) -> None:
    """A drive seats its players itself, by its draw or their numbered cards, and they
    change partners as it goes: the Players screen offers the roster only, not the pairs
    evening's places and partnerships, before the drive starts and after."""
    store = window.context.store
    for name, gender in (("Mrs Hale", Gender.LADY), ("Mr Hale", Gender.GENTLEMAN)) * 2:
        store.add_player(f"{name} {len(store.players())}", gender=gender)
    window.tabs.setCurrentWidget(window.players)
    pairing = ("pair_in_order", "seat_in_order", "draw", "pair_selected", "dissolve_selected")
    assert all(window.players.button[b].isVisible() for b in pairing)  # a pairs evening's
    window.drive_wanted = True  # as File > New does for a whist drive
    window.open_store(store, reopen=True)
    qtbot.waitUntil(lambda: window.players.players_view.isVisible())
    screen = window.players
    assert not any(screen.button[b].isVisible() for b in pairing)
    assert not screen.field_view.isVisible()
    assert not screen.pairs_view.isVisible()
    assert screen.players_view.isColumnHidden(PLAYS_AS)
    store.start_drive(DriveSettings(tables=1, hands=4), seed=1)
    window.open_store(store, reopen=True)
    qtbot.waitUntil(lambda: window.players.players_view.isVisible())
    assert not window.players.field_view.isVisible()
    assert window.players.button["add_player"].isVisible()


def test_a_player_added_to_a_ladies_and_gentlemen_drive_is_asked_which(
    qtbot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The drive seats a late arrival by it: the dialog does not call it "not needed", and
    OK waits for it."""
    store = begin_drive(window, 2, tables=1)
    seen: list[tuple[bool, str, bool]] = []

    def late_lady(dialog: PlayerDialog) -> None:
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        dialog.name.setText("Mrs Late")
        said = dialog.gender.itemText(0)
        seen.append((ok.isEnabled(), said, "needed" in said))
        dialog.gender.setCurrentIndex(dialog.gender.findData(Gender.LADY))

    answer_dialog(monkeypatch, PlayerDialog, late_lady)
    window.players.add_player()
    ((could_say_ok, _said, not_needed),) = seen
    assert not could_say_ok
    assert not not_needed
    assert next(p for p in store.players() if p.name == "Mrs Late").gender is Gender.LADY
