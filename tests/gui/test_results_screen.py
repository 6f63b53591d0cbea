"""The results screen: it follows each score within the entry (no background scoring), keeps
warnings to one line, shows a Mitchell's two rankings, marks unfinished standings provisional,
and stops the running chart at the last round played."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, Qt

from director.gui.context import Changed
from director.gui.demo import demo_event
from director.gui.main_window import MainWindow
from director.gui.screens.results.model import COL_PLAYERS
from director.gui.screens.results.view import ResultsScreen
from director.gui.settings import Settings
from director.scoring.session import score_section
from director.scoring.text import figure
from director.store.services import EventStore, ResultEntry

TABLES, TRAYS = 3, 2


@pytest.fixture
def store(tmp_path: Path) -> Iterator[EventStore]:
    """A 3-table Mitchell with every slip in and the results of round 1 only."""
    opened = demo_event(tmp_path / "club.whist", tables=TABLES, trays_per_round=TRAYS, played=False)
    movement = opened.movement()
    for tray in movement.tray_numbers:
        opened.record_slip(tray, "KD")
    rng = random.Random(7)
    for s in movement.seatings:
        if s.round == 1:
            for tray in s.trays:
                opened.record_result(ResultEntry(1, 1, s.table, tray, rng.randint(3, 10)))
    with opened:
        yield opened


@pytest.fixture
def results(qtbot, settings: Settings, store: EventStore) -> ResultsScreen:
    """The window with the results screen on view and scored."""
    window = MainWindow(settings, store)
    qtbot.addWidget(window)
    window.show()
    window.tabs.setCurrentWidget(window.results)
    screen = window.results
    qtbot.waitUntil(lambda: screen.job is None and not screen.stale, timeout=20000)
    assert screen.result is not None, screen.note.text()
    return screen


def engine_rows(store: EventStore, name: str) -> list[tuple[str, str, str]]:
    result = score_section(store.scoring_input())
    return [(s.place, s.label, figure(s.plus_minus)) for s in result.standings[name]]


def unplayed(store: EventStore) -> list[tuple[int, int, int]]:
    entered = {(r.round, r.table, r.tray) for r in store.results()}
    plays = [(s.round, s.table, t) for s in store.movement().seatings for t in s.trays]
    return [p for p in plays if p not in entered]


def test_a_score_shows_at_once_without_scoring_afresh(results: ResultsScreen) -> None:
    store = results.context.store
    round_no, table, tray = unplayed(store)[0]
    store.record_result(ResultEntry(1, round_no, table, tray, 13))
    results.context.notify(Changed.RESULTS)
    assert results.job is None  # followed in place, not handed to a background run
    assert results.standings_shown() == engine_rows(store, results.rankings_shown()[0])


def test_a_score_repaints_the_standings_rows_it_moves_without_resetting_them(
    results: ResultsScreen,
) -> None:
    store, model = results.context.store, results.standings
    resets: list[int] = []
    repainted: list[tuple[int, int]] = []
    model.modelReset.connect(lambda: resets.append(1))
    model.dataChanged.connect(lambda first, last, *_: repainted.append((first.row(), last.row())))
    results.standings_view.selectRow(1)
    round_no, table, tray = unplayed(store)[0]
    store.record_result(ResultEntry(1, round_no, table, tray, 13))
    results.context.notify(Changed.RESULTS)
    assert results.standings_shown() == engine_rows(store, results.rankings_shown()[0])
    assert resets == []  # the rows stay: selection and scroll with them
    assert repainted
    assert results.standings_view.currentIndex().row() == 1


def test_a_score_repaints_only_the_standings_cells_that_read_otherwise(
    results: ResultsScreen,
) -> None:
    store, model = results.context.store, results.standings
    results.standings_view.viewport().repaint()  # the standings as the director sees them
    columns = range(model.columnCount())
    before = [[model.data(model.index(n, c)) for c in columns] for n in range(model.rowCount())]
    painted: set[tuple[int, int]] = set()
    resets: list[int] = []
    model.modelReset.connect(lambda: resets.append(1))
    model.dataChanged.connect(
        lambda first, last, *_: painted.update(
            (n, c)
            for n in range(first.row(), last.row() + 1)
            for c in range(first.column(), last.column() + 1)
        )
    )
    round_no, table, tray = unplayed(store)[0]
    store.record_result(ResultEntry(1, round_no, table, tray, 13))
    results.context.notify(Changed.RESULTS)
    after = [[model.data(model.index(n, c)) for c in columns] for n in range(model.rowCount())]
    changed = {(n, c) for n, row in enumerate(after) for c in columns if row[c] != before[n][c]}
    assert changed  # the score moved the standings
    assert painted == changed  # those cells, and only those
    assert resets == []


def test_the_deal_on_view_shows_a_new_score_when_its_page_is_shown(
    results: ResultsScreen,
) -> None:
    store = results.context.store
    round_no, table, tray = unplayed(store)[0]
    results.tabs.setCurrentWidget(results.deal_page)
    deals = results.deals
    trays = [deals.item(n).data(Qt.ItemDataRole.UserRole).tray for n in range(deals.count())]
    results.deals.setCurrentRow(trays.index(tray))
    before = results.tables.rows()
    results.tabs.setCurrentWidget(results.explanation)
    store.record_result(ResultEntry(1, round_no, table, tray, 13))
    results.context.notify(Changed.RESULTS)
    assert results.tables.rows() == before  # its page hidden: worked out when shown
    results.tabs.setCurrentWidget(results.deal_page)
    assert results.result is not None
    deal = next(d for d in results.result.deals if d.tray == tray)
    assert results.tables.rows() == list(deal.tables)
    assert (round_no, table, 13) in [(t.round, t.table, t.made_ns) for t in deal.tables]


def test_a_new_leader_repaints_the_winners_line_alone(qtbot, results: ResultsScreen) -> None:
    """A line that changes at every score does not have the window laid out again (which
    repaints the whole screen): only a text that needs another height does."""
    window = results.window()
    laid_out: list[int] = []

    class Watch(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.LayoutRequest:
                laid_out.append(1)
            return False

    def settled() -> bool:
        quiet = not laid_out
        laid_out.clear()
        return quiet

    watch = Watch()
    window.tabs.installEventFilter(watch)
    qtbot.wait(20)
    qtbot.waitUntil(settled)  # the window as shown, laid out
    height = results.winners.height()
    results.winners.setText(results.winners.text() + " (+1)")
    qtbot.wait(50)
    assert laid_out == []
    assert results.winners.text().endswith("(+1)")
    results.winners.setText("Leading so far: " + "; ".join(["N-S: NS1 = NS2 = NS3 (12.5)"] * 12))
    qtbot.waitUntil(lambda: results.winners.height() > height)  # wrapped on more lines
    assert laid_out
    window.tabs.removeEventFilter(watch)


def test_an_undone_score_leaves_the_standings_at_once(results: ResultsScreen) -> None:
    store = results.context.store
    before = results.standings_shown()
    round_no, table, tray = unplayed(store)[0]
    store.record_result(ResultEntry(1, round_no, table, tray, 0))
    results.context.notify(Changed.RESULTS)
    assert results.standings_shown() != before
    store.undo()
    results.context.notify(Changed.RESULTS)
    assert results.job is None
    assert results.standings_shown() == before


def test_a_new_name_scores_afresh(qtbot, results: ResultsScreen) -> None:
    store = results.context.store
    player = store.players()[0]
    resets: list[int] = []
    results.standings.modelReset.connect(lambda: resets.append(1))
    store.edit_player(replace(player, name="Mrs Zed"))
    results.context.notify(Changed.PLAYERS)
    assert results.job is not None  # the audit trail says more than results changed
    qtbot.waitUntil(lambda: results.job is None, timeout=20000)
    assert any("Mrs Zed" in names for names in results.names.values())
    # the same figures, a new name: the rows are shown afresh, not only those whose figures moved
    assert resets
    model = results.standings
    shown = [model.data(model.index(r, COL_PLAYERS)) for r in range(model.rowCount())]
    assert any("Mrs Zed" in text for text in shown)


def test_the_results_to_come_are_one_line_that_expands(qtbot, results: ResultsScreen) -> None:
    missing = len(unplayed(results.context.store))
    assert results.note.text() == f"<b>Provisional: {missing} results still to come</b>"
    assert results.details.isHidden()
    qtbot.mouseClick(results.more, Qt.MouseButton.LeftButton)
    assert results.details.isVisible()
    lines = results.details.toPlainText().splitlines()
    assert lines[0] == "Results still to come:"
    assert [line.split(":")[0] for line in lines[1:]] == ["Round 2", "Round 3"]
    qtbot.mouseClick(results.more, Qt.MouseButton.LeftButton)
    assert results.details.isHidden()


def test_a_mitchell_shows_its_two_rankings_not_one_overall(results: ResultsScreen) -> None:
    store = results.context.store
    assert results.rankings_shown() == ["N-S", "E-W"]
    assert results.ranking.currentText() == "N-S and E-W"
    assert results.panels[1].isVisible()
    assert results.standings_shown(0) == engine_rows(store, "N-S")
    assert results.standings_shown(1) == engine_rows(store, "E-W")
    results.ranking.setCurrentText("overall")  # when the director asks for it
    assert results.rankings_shown() == ["overall"]
    assert results.standings_shown() == engine_rows(store, "overall")
    assert results.panels[1].isHidden()


def test_unfinished_standings_are_provisional_until_the_last_result(
    results: ResultsScreen,
) -> None:
    store = results.context.store
    assert results.panels[0].title.text() == "N-S (provisional)"
    assert results.winners.text().startswith("Leading so far: ")
    assert results.result is not None
    for leader in results.result.winners:  # named as the standings name them, not "3" alone
        label = leader.labels[0]
        assert results.names[label]  # the Players column's name
        assert f"{label} {results.names[label]}" in results.winners.text()
    store.record_round(ResultEntry(1, r, t, tray, 7) for r, t, tray in unplayed(store))
    results.context.notify(Changed.RESULTS)
    assert results.panels[0].title.text() == "N-S"
    assert results.winners.text().startswith("Winners: ")
    assert not results.note.isVisible()


def test_the_running_chart_stops_at_the_last_round_played(results: ResultsScreen) -> None:
    results.tabs.setCurrentWidget(results.chart)
    played = max(r.round for r in results.context.store.results())
    rounds = results.context.movement().rounds
    assert played < rounds
    assert {len(row) for row in results.chart.series.values()} == {played}
    assert results.chart.rounds == rounds  # the axis still shows the whole evening


def test_a_howell_shows_its_standings_the_first_time_the_screen_opens(
    qtbot, settings: Settings, tmp_path: Path
) -> None:
    from director.gui.demo import enter_everything, pair_up
    from schedules.catalog import Request, build

    with EventStore.create(tmp_path / "howell.whist", name="Howell night") as store:
        movement = build(Request("howell", tables=TABLES, trays_per_round=TRAYS))
        for n in range(2 * len(movement.field)):
            store.add_player(f"Player {n}")
        pair_up(store, movement.field)
        store.choose_movement(movement)
        enter_everything(store, seed=3)
        window = MainWindow(settings, store)
        qtbot.addWidget(window)
        window.show()
        window.tabs.setCurrentWidget(window.results)  # the first visit: nothing picked
        screen = window.results
        qtbot.waitUntil(lambda: screen.job is None and not screen.stale, timeout=20000)
        assert screen.ranking.currentText() == "overall"
        assert screen.rankings_shown() == ["overall"]
        assert screen.standings_view.isVisible()
        assert screen.standings_shown() == engine_rows(store, "overall")
        assert len(screen.standings_shown()) == len(movement.field)
