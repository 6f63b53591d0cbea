"""Results: standings that follow the scores, the per-deal view with the engine's explanation of
any figure, and each competitor's running plus/minus.

The first reading of a section scores it in a worker thread. After that the screen follows the
audit trail: when the steps since touched only results, it reads those trays' results alone and
lets the incremental scorer (`LiveScorer`) work out only those deals, in the GUI thread, so a
score shows within a frame of its entry. Any other change scores the section afresh in the
background. While the screen is hidden it only marks itself stale (anki's `DataModel` idea) and
catches up when shown.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from director.errors import DirectorError
from director.gui.context import Changed, EventContext, Where
from director.gui.errors import report_exception
from director.gui.ops import Op, Progress
from director.gui.screens.results.model import (
    COL_PLAYERS,
    Play,
    Status,
    deal_title,
    plays_of,
    promised_rankings,
    rankings_title,
    running_plus_minus,
    standings_model,
    tables_model,
)
from director.gui.tablemodel import RowsModel
from director.gui.widgets.chart import RunningChart
from director.gui.widgets.screen import Screen
from director.gui.widgets.steady_label import SteadyLabel
from director.scoring.explain import explain_text
from director.scoring.model import DealScore, SectionPlay, SectionResult, Standing
from director.scoring.session import LiveScorer
from director.scoring.text import figure, labelled

FOLLOWS = Changed.RESULTS | Changed.MOVEMENT | Changed.SLIPS | Changed.PLAYERS | Changed.EVENT
"""The changes that can move the standings."""


def _view(model: QAbstractItemModel, name: str) -> QTableView:
    view = QTableView()
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.verticalHeader().hide()
    view.horizontalHeader().setStretchLastSection(True)
    view.setAccessibleName(name)
    return view


@dataclass
class Live:
    """What the standings on view were scored from, to follow the changes since."""

    where: Where
    mark: int
    """The audit trail's step the input was read at."""
    section_play: SectionPlay
    scorer: LiveScorer
    plays: frozenset[Play]
    """Every play the movement schedules (to count the results still to come)."""


@dataclass(frozen=True)
class Scored:
    """What one background scoring run hands to the screen."""

    rounds: int
    names: dict[str, str]
    live: Live


class RankingPanel(QWidget):
    """One ranking's title and standings table."""

    def __init__(self, names: dict[str, str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold;")
        self.model: RowsModel[Standing] = standings_model(names, self)
        self.view = _view(self.model, "Standings")
        header = self.view.horizontalHeader()
        header.setStretchLastSection(False)
        # The names give way (elided) so that the figures always show, two rankings abreast.
        header.setSectionResizeMode(COL_PLAYERS, QHeaderView.ResizeMode.Stretch)
        self.view.setWordWrap(False)
        self.name = ""
        self.fitted: list[int] = [0] * len(self.model.columns)
        """The longest text of each column when its width was last fitted to it."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.view)

    def show_ranking(
        self, name: str, rows: tuple[Standing, ...], provisional: bool, rebuild: bool = False
    ) -> None:
        """Show the ranking `name`; hide the figures its scoring method does not produce.
        With `rebuild` (a full scoring: the names may have changed too), every row is shown
        afresh; otherwise only the rows whose figures changed."""
        self.title.setText(f"{name} (provisional)" if provisional else name)
        self.view.setAccessibleName(f"Standings {name}")
        self.name = name
        changed = None if rebuild else self.model.update_rows(rows)
        if changed is None:
            self.model.set_rows(rows)
        for column, spec in enumerate(self.model.columns):
            empty = all(spec.value(row) in (None, "") for row in rows)
            self.view.setColumnHidden(column, bool(rows) and empty)
        if changed is None:
            self.view.resizeColumnsToContents()
            self.fitted = self._longest(range(len(rows)))
            return
        # Fitted by the header at every score instead, each score would read every cell
        # again (the most of a frame at 30 tables): a column is widened only when it must be.
        for column, longest in enumerate(self._longest(changed)):
            if longest > self.fitted[column] and column != COL_PLAYERS:
                self.view.resizeColumnToContents(column)
                self.fitted[column] = longest

    def _longest(self, lines: Iterable[int]) -> list[int]:
        """The length of the longest text of each column in the rows `lines`."""
        longest = [0] * len(self.model.columns)
        for n in lines:
            for column, text in enumerate(self.model.texts(n)):
                longest[column] = max(longest[column], len(text))
        return longest


class ResultsScreen(Screen):
    """Standings, deals, explanations and the chart of the section on view."""

    refreshed = Signal()
    """The standings on view match the store (no scoring run pending)."""

    def __init__(self, context: EventContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.result: SectionResult | None = None
        self.live: Live | None = None
        self.status: Status | None = None
        self.rounds = 0
        self.names: dict[str, str] = {}
        self.ranking = QComboBox()
        self.ranking.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.ranking.setToolTip(
            "The rankings to show: the movement's winners (N-S and E-W for a Mitchell), or any"
            " one ranking, the overall one included"
        )
        self.winners = SteadyLabel()  # changes at every score: no new layout
        self.panels: list[RankingPanel] = []
        self.panel_grid = QGridLayout()
        self.panel_grid.setContentsMargins(0, 0, 0, 0)
        self._add_panel()
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
        self.note = SteadyLabel(rich=True)
        self.note.setAccessibleName("Results status")
        self.more = QPushButton("Show")
        self.more.setCheckable(True)
        self.more.setToolTip("Which results are still to come, and the warnings")
        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        self.details.setAccessibleName("Results still to come and warnings")
        self.details.setMaximumHeight(self.fontMetrics().lineSpacing() * 9)
        self.details.setVisible(False)
        self.chart_stale = False
        self.deal_stale = False
        """The selected deal's tables are to show again (when their page is next on view)."""
        self.busy = QLabel()
        self.job: Op[Scored] | None = None
        self.again = False

        self.deal_page = deal_page = QWidget()
        deal_layout = QHBoxLayout(deal_page)
        deal_layout.addWidget(self.deals, 1)
        right = QVBoxLayout()
        right.addWidget(self.deal_head)
        right.addWidget(self.tables_view)
        deal_layout.addLayout(right, 5)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.explanation, "E&xplanation")
        self.tabs.addTab(deal_page, "Per &deal")
        self.tabs.addTab(self.chart, "&Chart")
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        head = QHBoxLayout()
        ranking_label = QLabel("&Ranking:")
        ranking_label.setBuddy(self.ranking)
        head.addWidget(ranking_label)
        head.addWidget(self.ranking)
        head.addWidget(self.winners, 1)
        head.addWidget(self.busy)
        status = QHBoxLayout()
        status.addWidget(self.note, 1)
        status.addWidget(self.more)
        top_layout.addLayout(head)
        top_layout.addLayout(status)
        top_layout.addWidget(self.details)
        top_layout.addLayout(self.panel_grid, 1)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(self.tabs)
        split.setStretchFactor(0, 7)
        split.setStretchFactor(1, 3)
        split.setSizes([700, 300])  # the standings keep most of the screen
        layout = QVBoxLayout(self)
        layout.addWidget(split)
        self._say(None)

        self.ranking.currentIndexChanged.connect(lambda _index: self._show_rankings(rebuild=True))
        self.more.toggled.connect(self._expand)
        self.deals.currentItemChanged.connect(self._show_deal)
        self.tabs.currentChanged.connect(self._draw_chart)
        self.tabs.currentChanged.connect(self._show_current_deal)
        self.tables_view.selectionModel().currentRowChanged.connect(self._explain_table)
        context.changed.connect(self._changed)

    # -- the first panel, as the other screens and tests know it --------------------------

    @property
    def standings(self) -> RowsModel[Standing]:
        """The model of the first ranking on view."""
        return self.panels[0].model

    @property
    def standings_view(self) -> QTableView:
        """The table of the first ranking on view."""
        return self.panels[0].view

    def _add_panel(self) -> RankingPanel:
        panel = RankingPanel(self.names)
        at = len(self.panels)
        self.panel_grid.addWidget(panel, at // 2, at % 2)
        panel.view.selectionModel().currentRowChanged.connect(
            lambda current, _previous, p=panel: self._explain_standing(p, current)
        )
        self.panels.append(panel)
        return panel

    # -- following the store -------------------------------------------------------------

    def _changed(self, what: Changed, _source: object) -> None:
        if what & FOLLOWS:
            self.mark_stale()

    def refresh(self) -> None:
        """Bring the standings up to date: tray by tray when only results changed since they
        were scored, otherwise by scoring the section again in the background.

        A change arriving while a background run scores makes it score once more when it
        ends, so the standings always end up matching the store.
        """
        super().refresh()
        if self.job is not None:
            self.again = True
            return
        if not self._follow():
            self._score_afresh()

    def _follow(self) -> bool:
        """Apply the results entered since the last scoring; False if that will not do."""
        live = self.live
        if live is None or live.where != self.context.where:
            return False
        try:
            changes = self.context.store.scoring_changes(live.mark, **self.context.where)
            if changes is None:
                return False
            if changes.trays:
                section_play = changes.apply(live.section_play)
                result = live.scorer.update(section_play, changes.trays)
                live.section_play = section_play
                self._show(result)
            live.mark = changes.mark
        except DirectorError:
            return False  # the full scoring says what is wrong
        self.refreshed.emit()
        return True

    def _score_afresh(self) -> None:
        store, context = self.context.store, self.context
        where = context.where

        def work(_progress: Progress) -> Scored:
            movement = context.movement()
            mark = store.audit_mark()  # before the input: nothing after it is missed
            section_play = store.scoring_input(**where)
            return Scored(
                movement.rounds,
                dict(section_play.names),  # the printed names the scoring input carries
                Live(
                    where,
                    mark,
                    section_play,
                    LiveScorer(section_play),
                    plays_of(section_play.movement),
                ),
            )

        self.busy.setText("Updating the standings…")
        self.job = Op(self, "Scoring", work, quiet=True)
        self.job.success(self._scored).failure(self._failed)
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
        self.result = self.live = self.status = None
        for panel in self.panels:
            panel.model.set_rows([])
        self.chart.set_series({})
        if isinstance(exc, DirectorError):
            self._say(None, f"No standings yet: {exc}")
        else:
            report_exception(exc, parent=self)

    def _scored(self, scored: Scored) -> None:
        self.live, self.rounds = scored.live, scored.rounds
        self.names.clear()
        self.names.update(scored.names)
        self._show(scored.live.scorer.result, rebuild=True)

    # -- showing a result ----------------------------------------------------------------

    def _show(self, result: SectionResult, rebuild: bool = False) -> None:
        assert self.live is not None
        self.result = result
        self.status = Status.of(self.live.section_play, result, self.live.plays)
        self._say(self.status)
        self._offer_rankings(result)
        self._show_rankings(rebuild=rebuild)
        self.winners.setText(self._winners_text(result, self.status.provisional))
        self._fill_deals(rebuild)
        self.chart_stale = True
        self._draw_chart()

    def _winners_text(self, result: SectionResult, provisional: bool) -> str:
        head = "Leading so far: " if provisional else "Winners: "
        return head + "; ".join(
            f"{w.title}: {' = '.join(labelled(label, self.names) for label in w.labels)}"
            f" ({figure(w.figure)})"
            for w in result.winners
        )

    def _say(self, status: Status | None, text: str | None = None) -> None:
        line = text if text is not None else (status.summary() if status else "")
        self.note.setText(f"<b>{line}</b>" if status and status.provisional else line)
        self.note.setVisible(bool(line))
        self.more.setVisible(bool(status and (status.missing or status.warnings)))
        self._expand(self.more.isChecked())

    def _expand(self, shown: bool) -> None:
        """Show or hide the lines behind the status line (worked out only when shown)."""
        self.more.setText("Hide" if shown else "Show")
        details = self.status.details() if shown and self.status else ""
        if self.details.toPlainText() != details:
            self.details.setPlainText(details)
        self.details.setVisible(bool(details))

    def _offer_rankings(self, result: SectionResult) -> None:
        """The choice of rankings: the promised ones together first, then each one alone."""
        promised = promised_rankings(result)
        items: list[tuple[str, tuple[str, ...]]] = []
        if len(promised) > 1:
            items.append((rankings_title(promised), promised))
        items += [(name, (name,)) for name in result.standings]
        if [self.ranking.itemData(i) for i in range(self.ranking.count())] == [
            names for _, names in items
        ]:
            return
        current = self.ranking.currentData()
        self.ranking.blockSignals(True)
        self.ranking.clear()
        for text, names in items:
            self.ranking.addItem(text, names)
        # By value: `findData` matches a Python object by identity only, and misses an equal
        # tuple (a Howell's one promised ranking then left the screen empty).
        offered = [names for _, names in items]
        at = next((offered.index(n) for n in (current, promised) if n in offered), 0)
        self.ranking.setCurrentIndex(at)
        self.ranking.blockSignals(False)

    def _show_rankings(self, rebuild: bool = False) -> None:
        """Show the rankings chosen, each in its panel (`rebuild`: every row afresh)."""
        names: tuple[str, ...] = self.ranking.currentData() or ()
        result, provisional = self.result, bool(self.status and self.status.provisional)
        while len(self.panels) < len(names):
            self._add_panel()
        for at, panel in enumerate(self.panels):
            panel.setVisible(at < max(1, len(names)))
            if at < len(names) and result is not None:
                rows = result.standings.get(names[at], ())
                panel.show_ranking(names[at], rows, provisional, rebuild)

    def _fill_deals(self, rebuild: bool = False) -> None:
        """The deals list: rebuilt after a full scoring, its items' deals replaced after one
        score (so the selection and scroll position stay)."""
        assert self.result is not None
        deals = self.result.deals
        if rebuild or self.deals.count() != len(deals):
            current = self.deals.currentRow()
            self.deals.blockSignals(True)
            self.deals.clear()
            for _deal in deals:
                self.deals.addItem(QListWidgetItem())
            self.deals.blockSignals(False)
            self._set_deals(deals)
            self.deals.setCurrentRow(max(0, min(current, self.deals.count() - 1)))
            return
        if self.deals.currentRow() in self._set_deals(deals):
            self.deal_stale = True
            self._show_current_deal()

    def _set_deals(self, deals: tuple[DealScore, ...]) -> list[int]:
        """Put each deal in its item; the rows whose deal changed."""
        changed = []
        for row, deal in enumerate(deals):
            item = self.deals.item(row)
            if item.data(Qt.ItemDataRole.UserRole) is deal:
                continue  # unchanged: LiveScorer keeps the very same object
            item.setText(f"Tray {deal.tray}" + (f" v{deal.version}" if deal.version > 1 else ""))
            item.setData(Qt.ItemDataRole.UserRole, deal)
            item.setToolTip(deal_title(deal))
            changed.append(row)
        return changed

    def _draw_chart(self, *_tab: object) -> None:
        """The running plus/minus, worked out only when the chart is on view."""
        if self.chart_stale and self.chart.isVisible() and self.result is not None:
            self.chart.set_series(running_plus_minus(self.result), self.rounds)
            self.chart_stale = False

    def _show_current_deal(self, *_tab: object) -> None:
        """The selected deal's tables after a score changed them, worked out only when their
        page is on view."""
        if self.deal_stale and self.deal_page.isVisible():
            self._show_deal(self.deals.currentItem())

    def _show_deal(self, item: QListWidgetItem | None) -> None:
        self.deal_stale = False
        if item is None:
            self.tables.set_rows([])
            self.deal_head.clear()
            return
        deal = item.data(Qt.ItemDataRole.UserRole)
        self.deal_head.setText(deal_title(deal))
        # A new score at a table already shown repaints that table's row; the widths stay.
        if self.tables.update_rows(deal.tables, lambda t: (t.round, t.table)) is None:
            self.tables.set_rows(deal.tables)
            self.tables_view.resizeColumnsToContents()

    def _explain_standing(self, panel: RankingPanel, current: QModelIndex) -> None:
        if self.result is None or not current.isValid():
            return
        label = panel.model.row(current.row()).label
        self.explanation.setPlainText(explain_text(self.result, label))
        self.tabs.setCurrentWidget(self.explanation)

    def _explain_table(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self.result is None or not current.isValid():
            return
        t = self.tables.row(current.row())
        text = [explain_text(self.result, label, t.tray) for label in (*t.ns, *t.ew)]
        self.explanation.setPlainText("\n\n".join(text))

    def standings_shown(self, panel: int = 0) -> list[tuple[str, str, str]]:
        """(place, competitor, plus/minus) as a ranking's table shows them (the first by
        default)."""
        model = self.panels[panel].model
        return [
            tuple(model.data(model.index(r, c)) for c in (0, 1, 5))  # type: ignore[misc]  # three cells
            for r in range(model.rowCount())
        ]

    def rankings_shown(self) -> list[str]:
        """The names of the rankings on view, in order."""
        names: tuple[str, ...] = self.ranking.currentData() or ()
        return list(names)
