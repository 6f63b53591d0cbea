"""The issue's evening, through the real widgets (offscreen): create an event, import the
players, pair them, choose the movement and seat the pairs, enter every slip and result
(a revoke, a wrong-trump award and a new deal among them), and read the standings the window
shows against the scoring engine's own."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from director.evening.proposals import FieldKind
from director.gui.demo import RANKS, SUITS, SURNAMES, roster_csv
from director.gui.dialogs.irregularity import IrregularityDialog
from director.gui.dialogs.new_deal import NewDealDialog
from director.gui.dialogs.new_event import NewEventDialog
from director.gui.dialogs.revoke import RevokeDialog
from director.gui.dialogs.roster_import import RosterImportDialog
from director.gui.main_window import MainWindow
from director.gui.screens.players import view as players_view
from director.gui.screens.scores.model import COL_NS_TRICKS, Mark
from director.gui.screens.slips.model import COL_TRUMP
from director.scoring.model import Direction, IrregularityKind, Suit
from director.scoring.session import score_section
from director.scoring.text import figure
from tests.gui.evening import answer_dialog, type_down

pytestmark = pytest.mark.gui


def create_event(window: MainWindow, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def fill(dialog: NewEventDialog) -> None:
        dialog.name.setText("Riverside duplicate")
        dialog.path.setText(str(folder / "riverside.whist"))

    answer_dialog(monkeypatch, NewEventDialog, fill)
    window.new_action.trigger()
    assert window.windowTitle().startswith("Riverside duplicate — riverside.whist")


def import_and_pair(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pairs: int
) -> None:
    roster = roster_csv(tmp_path / "roster.csv", 2 * pairs)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(roster), ""))
    answer_dialog(monkeypatch, RosterImportDialog, lambda _dialog: None)  # the preview: OK
    window.import_action.trigger()
    screen = window.players
    assert screen.roster.rowCount() == 2 * pairs
    for number, surname in enumerate(SURNAMES[:pairs], start=1):
        screen.search.clear()
        qtbot.keyClicks(screen.search, surname)
        assert screen.proxy.rowCount() == 2, surname  # Mrs and Mr
        screen.players_view.selectAll()
        monkeypatch.setattr(players_view, "ask_text", lambda *_a, n=number: str(n))
        screen.pair_selected()
    screen.search.clear()
    assert screen.pairs.rowCount() == pairs


def choose_movement(qtbot, window: MainWindow, family: str, tables: int) -> None:
    window.tabs.setCurrentWidget(window.movement)
    chooser = window.movement
    assert chooser.kind.currentData() is FieldKind.PAIRS  # filled in from the partnerships
    chooser.minutes.setValue(0)  # no time limit: two trays a round
    with qtbot.waitSignal(chooser.proposalsReady, timeout=20000):
        chooser.propose_button.click()
    for row in range(chooser.proposals.rowCount()):
        p = chooser.proposals.proposal(row)
        if p.fits and p.family == family and p.movement.tables == tables:
            chooser.table.selectRow(
                chooser._sorter.mapFromSource(chooser.proposals.index(row, 0)).row()
            )
            break
    else:
        pytest.fail(f"no {tables}-table {family} proposed")
    assert chooser.grid.rowCount() == chooser.selected().movement.rounds
    assert "Balance" in chooser.balance.text()
    chooser.use.click()
    assert window.context.store.movement(**window.context.where).tables == tables
    window.tabs.setCurrentWidget(window.players)
    assert window.players.seat_in_order()


def enter_slips(qtbot, window: MainWindow, rng: random.Random) -> None:
    window.tabs.setCurrentWidget(window.slips)
    grid = window.slips
    cards = [rng.choice(RANKS) + rng.choice(SUITS) for _ in range(grid.model.rowCount())]
    type_down(qtbot, grid.table, grid.model.index(0, COL_TRUMP), cards)
    assert grid.count.text() == f"{len(cards)} of {len(cards)} slips entered"


def enter_results(qtbot, window: MainWindow, rng: random.Random) -> None:
    window.tabs.setCurrentWidget(window.scores)
    scores = window.scores
    for number in range(1, scores.movement.rounds + 1):
        scores.show_round(number)
        tricks = [str(rng.randint(2, 11)) for _ in range(scores.model.rowCount())]
        type_down(qtbot, scores.table, scores.model.index(0, COL_NS_TRICKS), tricks)
        done, playing = scores.progress.tables_in(number)
        assert done == playing, f"round {number}: tables {scores.progress.missing(number)}"
        # Enter on the round's last table went on to the next round
        assert scores.view().round == min(number + 1, scores.movement.rounds)


def select_row(window: MainWindow, line: int) -> None:
    scores = window.scores
    scores.table.setCurrentIndex(scores.model.index(line, COL_NS_TRICKS))


def rule_irregularities(qtbot, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> int:
    """A revoke, a wrong trump turned on the overplay, and a new deal; return the tray dealt
    again."""
    scores = window.scores
    scores.show_round(2)

    def revoke(dialog: RevokeDialog) -> None:
        dialog.ns_tricks.setValue(7)
        dialog.side.setCurrentIndex(dialog.side.findData(Direction.EW))
        dialog.count.setValue(1)
        dialog.after.setValue(2)

    answer_dialog(monkeypatch, RevokeDialog, revoke)
    select_row(window, 0)
    window.revoke_action.trigger()
    assert scores.model.row(0).status == "revoke: E-W x1"
    assert scores.model.row(0).mark is Mark.REVOKE

    movement = scores.movement
    overplay = next(
        line
        for line in range(1, scores.model.rowCount())
        if movement.tray(scores.model.row(line).tray).original_round != 2
    )
    store = window.context.store
    slip = next(s for s in store.slips() if s.tray == scores.model.row(overplay).tray)
    turned = next(suit for suit in Suit if suit.value != slip.card.suit)

    def wrong_trump(dialog: IrregularityDialog) -> None:
        dialog.kind.setCurrentIndex(dialog.kind.findData(IrregularityKind.WRONG_TRUMP_OVERPLAY))
        dialog.trump.setCurrentIndex(dialog.trump.findData(turned))
        assert "average" in dialog.award.text()

    answer_dialog(monkeypatch, IrregularityDialog, wrong_trump)
    select_row(window, overplay)
    window.irregularity_action.trigger()
    (found,) = store.irregularities(**window.context.where)
    assert found.kind is IrregularityKind.WRONG_TRUMP_OVERPLAY
    assert found.table_trump is turned
    assert scores.model.row(overplay).tray == found.tray
    assert scores.model.row(overplay).status == "average (Law IV Sec.9)"

    tray = scores.model.row(3).tray

    def new_deal(dialog: NewDealDialog) -> None:
        dialog.tray.setValue(tray)
        dialog.why.setText("a card faced in dealing")

    answer_dialog(monkeypatch, NewDealDialog, new_deal)
    select_row(window, 3)
    window.new_deal_action.trigger()
    versions = [d.version for d in store.deals(**window.context.where) if d.tray == tray]
    assert versions == [1, 2]
    assert scores.model.row(3).status == "new deal 2: to replay"
    return tray


def replay(qtbot, window: MainWindow, tray: int, rng: random.Random) -> None:
    """The new deal's slip and its results at every table, entered as usual."""
    window.tabs.setCurrentWidget(window.slips)
    slips = window.slips
    line = next(r for r in range(slips.model.rowCount()) if slips.model.row(r).tray.number == tray)
    assert slips.model.row(line).slip is None  # the new deal has no slip yet
    type_down(qtbot, slips.table, slips.model.index(line, COL_TRUMP), ["KD"])
    window.tabs.setCurrentWidget(window.scores)
    window.scores.show_tray(tray)
    assert window.scores.model.counts()[0] == 0  # the replaced results no longer count
    tricks = [str(rng.randint(2, 11)) for _ in range(window.scores.model.rowCount())]
    type_down(qtbot, window.scores.table, window.scores.model.index(0, COL_NS_TRICKS), tricks)
    window.scores.show_tray(tray)
    entered, expected = window.scores.model.counts()
    assert entered == expected
    assert {r.status for r in window.scores.model.rows()} == {"new deal 2: entered"}


def check_standings(qtbot, window: MainWindow) -> None:
    window.tabs.setCurrentWidget(window.results)
    results = window.results
    qtbot.waitUntil(lambda: results.job is None and not results.stale, timeout=20000)
    assert results.result is not None, results.note.text()
    engine = score_section(window.context.store.scoring_input(**window.context.where))
    for name, rows in engine.standings.items():
        results.ranking.setCurrentText(name)
        expected = [(s.place, s.label, figure(s.plus_minus)) for s in rows]
        assert results.standings_shown() == expected, name
    assert results.winners.text().startswith("Winners: ")
    for w in engine.winners:
        assert w.title in results.winners.text()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("family", "tables", "pairs"),
    [("mitchell", 5, 10), ("howell", 4, 8)],
    ids=["mitchell", "howell"],
)
def test_the_whole_evening(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch, family: str, tables: int, pairs: int
) -> None:
    rng = random.Random(1910)
    create_event(window, tmp_path, monkeypatch)
    import_and_pair(qtbot, window, tmp_path, monkeypatch, pairs=pairs)
    choose_movement(qtbot, window, family, tables=tables)
    enter_slips(qtbot, window, rng)
    enter_results(qtbot, window, rng)
    tray = rule_irregularities(qtbot, window, monkeypatch)
    replay(qtbot, window, tray, rng)
    check_standings(qtbot, window)


def test_a_ruling_the_laws_do_not_give_is_refused_and_undone(
    qtbot, seated: MainWindow, monkeypatch
) -> None:
    window = seated
    store = window.context.store
    window.tabs.setCurrentWidget(window.scores)
    window.scores.show_round(1)  # round 1: every tray at its original play
    shown: list[str] = []
    monkeypatch.setattr(
        QMessageBox, "critical", staticmethod(lambda _p, _t, text: shown.append(text))
    )

    def wrong_trump(dialog: IrregularityDialog) -> None:
        dialog.kind.setCurrentIndex(dialog.kind.findData(IrregularityKind.WRONG_TRUMP_OVERPLAY))

    answer_dialog(monkeypatch, IrregularityDialog, wrong_trump)
    select_row(window, 0)
    window.irregularity_action.trigger()
    assert shown
    assert "concerns the overplay" in shown[0]
    assert store.irregularities() == ()
