"""Results: standings that follow the scores, the per-deal view with the engine's explanation of
any figure, and each competitor's running plus/minus.

Scoring runs again, in a worker thread, when results change; while the screen is hidden it only
marks itself stale (anki's `DataModel` idea) and recomputes when shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from director.errors import DirectorError
from director.gui.context import Changed, EventContext
from director.gui.errors import report_exception
from director.gui.ops import Op, Progress
from director.gui.screens.results.model import (
    deal_title,
    names_by_label,
    running_plus_minus,
    standings_model,
    tables_model,
)
from director.gui.widgets.chart import RunningChart
from director.gui.widgets.screen import Screen
from director.scoring.explain import explain_text
from director.scoring.model import SessionResult
from director.scoring.text import figure


def _view(model: object, name: str) -> QTableView:
    view = QTableView()
    view.setModel(model)  # type: ignore[arg-type]
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.verticalHeader().hide()
    view.horizontalHeader().setStretchLastSection(True)
    view.setAccessibleName(name)
    return view


@dataclass(frozen=True)
class Scored:
    """What one background scoring run hands to the screen."""

    rounds: int
    result: SessionResult
    names: dict[str, str]


class ResultsScreen(Screen):
    """Standings, deals, explanations and the chart of the section on view."""

    refreshed = Signal()
    """The standings on view match the store (no scoring run pending)."""

    def __init__(self, context: EventContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.result: SessionResult | None = None
        self.rounds = 0
        self.names: dict[str, str] = {}
        self.ranking = QComboBox()
        self.ranking.setToolTip("The ranking to show: overall, N-S, E-W, North, ...")
        self.winners = QLabel()
        self.winners.setWordWrap(True)
        self.standings = standings_model(self.names, self)
        self.standings_view = _view(self.standings, "Standings")
        self.standings_view.horizontalHeader().setStretchLastSection(False)
        self.deals = QListWidget()
        self.deals.setAccessibleName("Deals")
        self.tables = tables_model(self)
        self.tables_view = _view(self.tables, "Table scores of the deal")
        self.deal_head = QLabel()
        self.explanation = QPlainTextEdit()
        self.explanation.setReadOnly(True)
        self.explanation.setAccessibleName("Explanation")
        self.explanation.setPlaceholderText(
            "Select a competitor, or a table of a deal, to see how its figure was reached."
        )
        self.chart = RunningChart()
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setVisible(False)
        self.busy = QLabel()
        self.job: Op[Scored] | None = None
        self.again = False

        deal_page = QWidget()
        deal_layout = QHBoxLayout(deal_page)
        deal_layout.addWidget(self.deals, 1)
        right = QVBoxLayout()
        right.addWidget(self.deal_head)
        right.addWidget(self.tables_view)
        deal_layout.addLayout(right, 5)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.explanation, "&Explanation")
        self.tabs.addTab(deal_page, "Per &deal")
        self.tabs.addTab(self.chart, "&Chart")
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        head = QHBoxLayout()
        head.addWidget(QLabel("Ranking:"))
        head.addWidget(self.ranking)
        head.addWidget(self.winners, 1)
        head.addWidget(self.busy)
        top_layout.addLayout(head)
        top_layout.addWidget(self.standings_view)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(self.tabs)
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addWidget(split)

        self.ranking.currentTextChanged.connect(self._show_ranking)
        self.standings_view.selectionModel().currentRowChanged.connect(self._explain_standing)
        self.deals.currentItemChanged.connect(self._show_deal)
        self.tables_view.selectionModel().currentRowChanged.connect(self._explain_table)
        context.changed.connect(self._changed)

    def _changed(self, what: Changed, _source: object) -> None:
        if what & (Changed.RESULTS | Changed.MOVEMENT | Changed.SLIPS | Changed.PLAYERS):
            self.mark_stale()

    def refresh(self) -> None:
        """Score the section again in the background; show it when ready.

        A change arriving while scoring runs makes it score once more when it ends, so the
        standings always end up matching the store.
        """
        super().refresh()
        if self.job is not None:
            self.again = True
            return
        store, context = self.context.store, self.context
        where = context.where

        def work(_progress: Progress) -> Scored:
            movement = context.movement()
            return Scored(
                movement.rounds,
                store.standings(**where),
                names_by_label(store.players(), store.partnerships()),
            )

        self.busy.setText("Updating the standings…")
        self.job = Op(self, "Scoring", work, quiet=True)
        self.job.success(self._show).failure(self._failed)
        self.job.signals.finished.connect(self._finished)
        self.job.run_in_background()

    def _finished(self) -> None:
        self.job = None
        if self.again:
            self.again = False
            self.refresh()
        else:
            self.busy.clear()
            self.refreshed.emit()

    def _failed(self, exc: BaseException) -> None:
        self.result = None
        self.standings.set_rows([])
        self.chart.set_series({})
        if isinstance(exc, DirectorError):
            self._say(f"No standings yet: {exc}")
        else:
            report_exception(exc, parent=self)

    def _show(self, scored: Scored) -> None:
        self.result, self.rounds = scored.result, scored.rounds
        self.names.clear()
        self.names.update(scored.names)
        warnings = "; ".join(self.result.warnings)
        self._say(f"Warnings: {warnings}" if warnings else "")
        current = self.ranking.currentText()
        self.ranking.blockSignals(True)
        self.ranking.clear()
        self.ranking.addItems(list(self.result.standings))
        self.ranking.setCurrentText(current)
        self.ranking.blockSignals(False)
        self._show_ranking(self.ranking.currentText())
        self.winners.setText(
            "Winners: "
            + "; ".join(
                f"{w.title}: {' = '.join(w.labels)} ({figure(w.figure)})"
                for w in self.result.winners
            )
        )
        self._fill_deals()
        self.chart.set_series(running_plus_minus(self.result, self.rounds))

    def _say(self, text: str) -> None:
        self.note.setText(text)
        self.note.setVisible(bool(text))

    def _show_ranking(self, name: str) -> None:
        rows = self.result.standings.get(name, ()) if self.result else ()
        self.standings.set_rows(rows)
        for column in range(self.standings.columnCount()):
            # hide the figures this scoring method does not produce (matchpoints, ...)
            empty = all(
                self.standings.data(self.standings.index(r, column)) == "" for r in range(len(rows))
            )
            self.standings_view.setColumnHidden(column, bool(rows) and empty)
        self.standings_view.resizeColumnsToContents()

    def _fill_deals(self) -> None:
        assert self.result is not None
        current = self.deals.currentRow()
        self.deals.blockSignals(True)
        self.deals.clear()
        for deal in self.result.deals:
            item = QListWidgetItem(
                f"Tray {deal.tray}" + (f" v{deal.version}" if deal.version > 1 else "")
            )
            item.setData(Qt.ItemDataRole.UserRole, deal)
            item.setToolTip(deal_title(deal))
            self.deals.addItem(item)
        self.deals.blockSignals(False)
        self.deals.setCurrentRow(max(0, min(current, self.deals.count() - 1)))

    def _show_deal(self, item: QListWidgetItem | None) -> None:
        if item is None:
            self.tables.set_rows([])
            self.deal_head.clear()
            return
        deal = item.data(Qt.ItemDataRole.UserRole)
        self.deal_head.setText(deal_title(deal))
        self.tables.set_rows(deal.tables)
        self.tables_view.resizeColumnsToContents()

    def _explain_standing(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self.result is None or not current.isValid():
            return
        label = self.standings.row(current.row()).label
        self.explanation.setPlainText(explain_text(self.result, label))
        self.tabs.setCurrentWidget(self.explanation)

    def _explain_table(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self.result is None or not current.isValid():
            return
        t = self.tables.row(current.row())
        text = [explain_text(self.result, label, t.tray) for label in (*t.ns, *t.ew)]
        self.explanation.setPlainText("\n\n".join(text))

    def standings_shown(self) -> list[tuple[str, str, str]]:
        """(place, competitor, plus/minus) as the standings table shows them."""
        model = self.standings
        return [
            tuple(model.data(model.index(r, c)) for c in (0, 1, 5))  # type: ignore[misc]
            for r in range(model.rowCount())
        ]
