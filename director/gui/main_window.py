"""The main window: menus with shortcuts, a toolbar, the status bar, one tab per screen.

There is no "save": every change is committed by the store as it is made, so the title shows
the event and its file and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QGuiApplication,
    QKeySequence,
    QMoveEvent,
    QPaintEvent,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QStyledItemDelegate,
    QTabWidget,
    QToolBar,
    QWidget,
)

from director.evening.drive_progress import DriveStep, drive_steps, held_drive
from director.evening.progress import Step, evening
from director.gui import heap
from director.gui.settings import Settings
from director.gui.widgets.evening_path import EveningPath, PathState

# The window's frame is drawn before the store, the screens and the laws are loaded (SQLAlchemy
# alone takes longer than the frame): they are imported where they are first used, and the
# server (uvicorn) only when the director serves.
if TYPE_CHECKING:
    from director.evening.proposals import Proposal
    from director.gui.context import Changed, EventContext
    from director.gui.laws import LawsPanel
    from director.gui.ops import Op
    from director.gui.serving import TableWatch
    from director.server.running import TableServer
    from director.store.services import EventStore
    from schedules.types import Movement

APP_TITLE = "Whist Director"
PATH_DELAY_MS = 150
"""The evening's path is read again this long after the last change (not at every score)."""
OUTPUT_TIPS = {
    False: ("Print cards, slips, travellers, results", "Write the results as a website"),
    True: (
        "Print score cards, table cards, the caller's sheet, standings, prizes",
        "Write the drive's results as a website",
    ),
}
"""What Print and Publish do, on a pairs evening (False) and on a drive (True)."""
BEFORE_THE_DRIVE = "Start the drive first (Event menu, Start a whist drive)"
"""Said on Print and Publish while a drive's event has no drive started: nothing to print."""
DEFAULT_SIZE = (1180, 760)
"""The window's size on the first run (then as the director left it, within the screen)."""
FIELD_KINDS = {"pair": "PAIRS", "couple": "COUPLES", "individual": "PLAYERS"}
"""The kind of field (a `FieldKind` name) the movement chooser proposes for, from the
partnerships formed."""


class ViewingDelegate(QStyledItemDelegate):
    """Cells shown as usual, never edited: the grids of a read-only event."""

    def createEditor(self, *_args: object) -> None:  # type: ignore[override]  # Qt takes None: no editor
        return None


class OpeningNotice(QLabel):
    """The main area while the event opens ("Opening club…"); `painted` once it is drawn."""

    painted = Signal()

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._told = False

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._told:
            self._told = True
            self.painted.emit()


class MainWindow(QMainWindow):
    """One open event, its screens, and the actions over them."""

    laws: LawsPanel
    """Made with the first event's screens, then kept for every event opened after it."""

    def __init__(self, settings: Settings, store: EventStore | None = None) -> None:
        """The window on `store`'s event; without one, the frame alone, until
        `open_after_paint` opens it."""
        super().__init__()
        self.settings = settings
        self.context: EventContext | None = None
        self.table_server: TableServer | None = None
        self.watch: TableWatch | None = None
        """Follows the tables' entries and the round timer while they are served."""
        self.publishing: Op[list[Path]] | None = None
        self.drive_wanted = False
        """The event was made as a whist drive: its screens show before the drive starts."""
        self.is_drive = False
        """The event on view shows a whist drive's screens."""
        self._off_tabs: list[QWidget] = []
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.setCentralWidget(self.tabs)
        self.where = QComboBox()
        self.where.setToolTip("The session and section on view")
        self.where.setMinimumContentsLength(18)
        self.entries = QLabel()
        self.statusBar().addPermanentWidget(self.entries)
        self.path_bar = EveningPath()
        self.path_bar.chosen.connect(self.take_step)
        self.path_bar.goOn.connect(self.go_on)
        self._path_timer = QTimer(self)
        self._path_timer.setSingleShot(True)
        self._path_timer.setInterval(PATH_DELAY_MS)
        self._path_timer.timeout.connect(self.refresh_path)
        self._path_timer.timeout.connect(self.name_undo_steps)
        self._build_actions()
        self._opener: Callable[[], EventStore] | None = None
        self._held: list[QAction] = []
        """The actions disabled while the event opens, enabled again once it is open."""
        if store is not None:
            self.open_store(store)
        geometry, state = settings.window_state()
        if geometry is None or not self.restoreGeometry(geometry):
            self.resize(*DEFAULT_SIZE)
        if state is not None:
            self.restoreState(state)
        self.fit_on_screen()

    # -- actions and menus ---------------------------------------------------------------

    def _action(
        self,
        text: str,
        slot: object,
        keys: QKeySequence | QKeySequence.StandardKey | str | None = None,
        tip: str = "",
    ) -> QAction:
        action = QAction(text, self)
        if keys is not None:
            action.setShortcut(QKeySequence(keys))
        action.setStatusTip(tip)
        action.setToolTip(f"{tip} ({action.shortcut().toString()})" if keys else tip)
        action.triggered.connect(slot)
        return action

    def _build_actions(self) -> None:
        std = QKeySequence.StandardKey
        self.new_action = self._action("&New event…", self.new_event, std.New, "Create an event")
        self.open_action = self._action(
            "&Open event…", self.choose_event, std.Open, "Open an event file"
        )
        self.print_action = self._action(
            "&Print…", self.print_documents, std.Print, "Print cards, slips, travellers, results"
        )
        # Ctrl+Q everywhere: the platform's standard Quit keys are none on some (Windows)
        self.quit_action = self._action("&Quit", self.close, "Ctrl+Q", "Close the program")
        self.undo_action = self._action(
            "&Undo",
            self.undo,
            "Ctrl+Z",
            "Undo your latest change to the event (a table's entry: take it back in History)",
        )
        self.redo_action = self._action(
            "&Redo", self.redo, "Ctrl+Shift+Z", "Redo the change undone last"
        )
        self.settings_action = self._action(
            "Event &settings…",
            self.edit_event,
            "Ctrl+,",
            "Name, date, venue, scoring, declared trump",
        )
        self.add_session_action = self._action(
            "Add &session", self.add_session, None, "Add the next session of play"
        )
        self.import_action = self._action(
            "&Import roster…", self._import_roster, "Ctrl+I", "Add the players of a CSV roster"
        )
        self.revoke_action = self._action(
            "&Revoke…", self._scores_call("revoke"), "Ctrl+R", "Enter a result with a revoke"
        )
        self.irregularity_action = self._action(
            "&Irregularity…",
            self._scores_call("irregularity"),
            "Ctrl+Shift+I",
            "Rule on an irregularity at the selected table",
        )
        self.new_deal_action = self._action(
            "New &deal…", self._scores_call("new_deal"), "Ctrl+Shift+N", "Order a new deal"
        )
        self.start_drive_action = self._action(
            "Start a whist dri&ve…",
            self.start_drive,
            None,
            "A whist drive with the roster as its field: settings and the first seating",
        )
        self.go_on_action = self._action(
            "&Next step", self.go_on, "Ctrl+G", "Take the next step of the evening"
        )
        self.repair_action = self._action(
            "Re&pair the movement…",
            self.repair_movement,
            None,
            "A late pair, a pair leaving, a wrong move, rounds cut, an arrow switch",
        )
        self.serve_action = self._action(
            "Serve the &tables…",
            self.serve_tables,
            None,
            "The tables enter their results from the players' phones",
        )
        self.move_on_action = self._action(
            "&Move the round on",
            self.move_round_on,
            None,
            "Start the next round's timer now, on every table's page too",
        )
        self.move_on_action.setEnabled(False)  # while the tables are served with a timer
        self.publish_action = self._action(
            "P&ublish results…", self.publish_results, None, "Write the results as a website"
        )
        self.export_action = self._action(
            "&Export results…",
            self.export_results,
            None,
            "The results for other programs: JSON, CSV, USEBIO XML, a Bridgewebs upload",
        )
        self.laws_action = self._action(
            "The &Laws of Duplicate Whist", self.show_laws, "F1", "Search the 1910 laws"
        )
        about = self._action("&About", self._about)

        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([self.new_action, self.open_action])
        self.recent_menu = file_menu.addMenu("Open &recent")
        file_menu.addSeparator()
        file_menu.addActions([self.print_action, self.publish_action, self.export_action])
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        event_menu = bar.addMenu("Eve&nt")
        event_menu.addAction(self.go_on_action)
        event_menu.addSeparator()
        event_menu.addActions([self.settings_action, self.add_session_action, self.import_action])
        event_menu.addAction(self.start_drive_action)
        event_menu.addSeparator()
        event_menu.addActions([self.revoke_action, self.irregularity_action, self.new_deal_action])
        event_menu.addSeparator()
        event_menu.addActions([self.repair_action, self.serve_action, self.move_on_action])
        self.view_menu = bar.addMenu("&View")
        help_menu = bar.addMenu("&Help")
        help_menu.addActions([self.laws_action, about])

        tools = QToolBar("Main")
        tools.setObjectName("main-toolbar")
        tools.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        tools.addActions([self.new_action, self.open_action, self.print_action])
        tools.addSeparator()
        tools.addActions([self.undo_action, self.redo_action])
        tools.addSeparator()
        self.where_holder = tools.addWidget(self.where)
        tools.addSeparator()
        tools.addActions([self.revoke_action, self.irregularity_action, self.new_deal_action])
        tools.addSeparator()
        tools.addAction(self.laws_action)
        self.addToolBar(tools)
        self.addToolBarBreak()
        self.addToolBar(self.path_bar)
        self.where.currentIndexChanged.connect(self._where_chosen)

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for number, path in enumerate(self.settings.recent_files(), start=1):
            action = self.recent_menu.addAction(f"&{number} {path.name}  ({path.parent})")
            action.triggered.connect(lambda _checked=False, p=path: self.open_path(p))
        self.recent_menu.setEnabled(not self.recent_menu.isEmpty())

    # -- the event -----------------------------------------------------------------------

    def open_after_paint(self, path: Path, opener: Callable[[], EventStore]) -> None:
        """Show the frame for the event in the file at `path` (named for the file until it is
        open, nothing to press but Quit) and call `opener` for its store once the frame is
        drawn: the director sees the window at once, and the event a moment later."""
        self.setWindowTitle(f"{path.stem} — {path.name} — {APP_TITLE}")
        notice = OpeningNotice(f"Opening {path.stem}…")
        notice.painted.connect(lambda: QTimer.singleShot(0, self._open_pending))
        self.takeCentralWidget()  # the screens' tabs, kept (not deleted) for the event
        self.setCentralWidget(notice)
        self.statusBar().showMessage(f"Opening {path}…")
        self._opener = opener
        self._held = [
            action
            for action in self.findChildren(QAction)
            if action.isEnabled() and action is not self.quit_action
        ]
        for action in self._held:
            action.setEnabled(False)
        self.path_bar.setEnabled(False)
        self.where.setEnabled(False)

    def _open_pending(self) -> None:
        """Open the event `open_after_paint` waits for, unless the window was closed first
        (or while a question about the file was asked: then the store is closed again)."""
        opener, self._opener = self._opener, None
        if opener is None:
            return
        store = opener()
        if not self.isVisible():
            store.close()
            return
        for action in self._held:
            action.setEnabled(True)
        self._held = []
        self.path_bar.setEnabled(True)
        self.where.setEnabled(True)
        self.open_store(store)
        self.fit_on_screen()  # the screens may need more room than the frame alone

    def open_store(self, store: EventStore, *, reopen: bool = False) -> None:
        """Show `store`'s event in fresh screens (closing the event shown before, unless
        `reopen`: the same event, shown anew as it became a drive)."""
        from director.gui.context import EventContext
        from director.gui.laws import LawsPanel
        from director.gui.screens.drive.standings import DriveStandingsScreen
        from director.gui.screens.drive.view import DriveScreen
        from director.gui.screens.history.view import HistoryScreen
        from director.gui.screens.movement.view import MovementScreen
        from director.gui.screens.players.view import PlayersScreen
        from director.gui.screens.results.view import ResultsScreen
        from director.gui.screens.scores.view import ScoresScreen
        from director.gui.screens.slips.view import SlipsScreen

        if self.context is not None:
            QThreadPool.globalInstance().waitForDone()  # background scoring reads the store
            if not reopen:
                self._stop_serving()
                self.context.store.close()
                heap.event_closing()
            self.context.deleteLater()
        else:
            self.laws = LawsPanel()
        if self.centralWidget() is not self.tabs:
            self.setCentralWidget(self.tabs)  # in place of the notice shown while opening
        self.context = EventContext(store, self)
        self.context.changed.connect(self._changed)
        current = self.tabs.currentIndex()
        for index in reversed(range(self.tabs.count())):
            screen = self.tabs.widget(index)
            self.tabs.removeTab(index)
            if screen is not None and screen is not self.laws:
                screen.deleteLater()
        for screen in self._off_tabs:
            screen.deleteLater()
        self.players = PlayersScreen(self.context)
        self.movement = MovementScreen(self.settings.minutes_per_tray())
        self.movement.chosen.connect(self.use_movement)
        self.movement.minutesPerTrayChanged.connect(self.settings.set_minutes_per_tray)
        self.slips = SlipsScreen(self.context)
        self.scores = ScoresScreen(self.context)
        self.results = ResultsScreen(self.context)
        self.history = HistoryScreen(self.context)
        self.drive = DriveScreen(self.context)
        self.drive.startAsked.connect(self.start_drive)
        self.standings = DriveStandingsScreen(self.context)
        self.is_drive = self.drive_wanted or held_drive(store) is not None
        self.drive_wanted = False
        pairs_screens = (
            (self.movement, "Movement"),
            (self.slips, "Trump slips"),
            (self.scores, "Scores"),
            (self.results, "Results"),
        )
        drive_screens = ((self.drive, "Drive"), (self.standings, "Standings"))
        # the other kind's screens are made too (the actions reach them) but not shown
        self._off_tabs = [s for s, _t in (pairs_screens if self.is_drive else drive_screens)]
        self.view_menu.clear()
        for number, (screen, title) in enumerate(
            (
                (self.players, "Players"),
                *(drive_screens if self.is_drive else pairs_screens),
                (self.history, "History"),
                # a drive keeps its own revoke penalty (its settings), not the duplicate laws'
                *(() if self.is_drive else ((self.laws, "Laws"),)),
            ),
            start=1,
        ):
            # No Alt letter on a tab: the screens' own buttons need the letters, and Ctrl+N
            # reaches each tab (the tooltip says which).
            index = self.tabs.addTab(screen, title)
            self.tabs.setTabToolTip(index, f"{title} (Ctrl+{number})")
            action = self.view_menu.addAction(title)
            action.setShortcut(QKeySequence(f"Ctrl+{number}"))
            action.triggered.connect(lambda _c=False, s=screen: self.tabs.setCurrentWidget(s))
        self.tabs.setCurrentIndex(max(0, current))
        if store.path is not None:
            self.settings.add_recent_file(store.path)
        self._fill_recent()
        self._fill_where()
        self._suggest_field()
        self._title()
        self.refresh_path()
        self.name_undo_steps()
        self._show_kind()
        self._allow_editing(not store.read_only)
        mode = " read-only: nothing can be changed" if store.read_only else ""
        self.statusBar().showMessage(f"Opened {store.path or store.url}{mode}", 8000)
        # once the first screen has loaded the event (after this call returns): see `heap`
        QTimer.singleShot(0, heap.event_loaded)

    def _show_kind(self) -> None:
        """A drive's event offers the drive's actions: the pairs evening's are hidden, and
        the papers and the website are the drive's."""
        pairs_only = (
            self.add_session_action,
            self.revoke_action,
            self.irregularity_action,
            self.new_deal_action,
            self.repair_action,
            self.move_on_action,
            self.export_action,
            self.laws_action,
        )
        for action in pairs_only:
            action.setVisible(not self.is_drive)
        self.where_holder.setVisible(not self.is_drive)  # a tool bar's widget: by its action
        self.players.offer_partnerships(not self.is_drive)
        started = held_drive(self.store) is not None
        self.start_drive_action.setEnabled(not started)
        self._offer_outputs(started)

    def _offer_outputs(self, started: bool) -> None:
        """Print and Publish, with tips saying what they do for the kind of event on view;
        on a drive's event, only once the drive has begun (and the tips say so till then)."""
        ready = started or not self.is_drive
        for action, tip in zip(
            (self.print_action, self.publish_action), OUTPUT_TIPS[self.is_drive], strict=True
        ):
            action.setEnabled(ready)
            action.setStatusTip(tip if ready else f"{BEFORE_THE_DRIVE}: {tip[0].lower()}{tip[1:]}")
            keys = action.shortcut().toString()
            action.setToolTip(f"{action.statusTip()} ({keys})" if keys else action.statusTip())

    @property
    def store(self) -> EventStore:
        """The open event's store."""
        assert self.context is not None
        return self.context.store

    def _allow_editing(self, allowed: bool) -> None:
        """Enable or disable every action and control that changes the event (a read-only
        event keeps viewing, standings and printing)."""
        for action in (
            self.undo_action,
            self.redo_action,
            self.settings_action,
            self.add_session_action,
            self.import_action,
            self.revoke_action,
            self.irregularity_action,
            self.new_deal_action,
        ):
            action.setEnabled(allowed)
        if allowed:
            return
        self.start_drive_action.setEnabled(False)
        # Every button and keyboard action of the entry screens changes the event, and so
        # does every editor their grids open. Choosing a movement is nothing but a change.
        for screen in (self.players, self.slips, self.scores, self.drive):
            controls: list[QAbstractButton | QAction] = [
                *screen.findChildren(QAbstractButton),
                *screen.actions(),
            ]
            for control in controls:
                control.setEnabled(False)
            for grid in screen.findChildren(QAbstractItemView):
                grid.setItemDelegate(ViewingDelegate(grid))
        self.movement.setEnabled(False)

    def _title(self) -> None:
        assert self.context is not None
        store = self.context.store
        where = store.path.name if store.path else store.url
        mode = " (read only)" if store.read_only else ""
        self.setWindowTitle(f"{store.info().name} — {where}{mode} — {APP_TITLE}")

    def _fill_where(self) -> None:
        assert self.context is not None
        self.where.blockSignals(True)
        self.where.clear()
        for s in self.context.store.sessions():
            for section in s.sections:
                self.where.addItem(f"{s.name} · section {section}", (s.number, section))
        wanted = (self.context.session, self.context.section)
        # compared in Python: a tuple comes back from Qt as a list, so findData() misses it
        index = next(
            (i for i in range(self.where.count()) if tuple(self.where.itemData(i)) == wanted), 0
        )
        self.where.setCurrentIndex(index)
        self.where.blockSignals(False)

    def _where_chosen(self) -> None:
        data = self.where.currentData()
        if data is not None and self.context is not None:
            session, section = data
            self.context.select(int(session), str(section))
            self._suggest_field()

    def _suggest_field(self) -> None:
        """Fill the movement chooser's field from the partnerships formed so far."""
        from director.evening.proposals import FieldKind
        from director.store.values import Gender

        assert self.context is not None
        if self.is_drive:
            return
        players = self.context.store.players()
        ladies = tuple(p.name for p in players if p.gender is Gender.LADY)
        gentlemen = tuple(p.name for p in players if p.gender is Gender.GENTLEMAN)
        kinds: dict[str, int] = {}
        for p in self.context.store.partnerships():
            kinds[p.kind] = kinds.get(p.kind, 0) + 1
        if kinds:
            kind = max(kinds, key=lambda k: kinds[k])
            field = FieldKind[FIELD_KINDS.get(kind, "PAIRS")]
            self.movement.set_field(field, kinds[kind], ladies, gentlemen)
        elif ladies and gentlemen:
            # No partnerships yet, but the roster says who is a lady or a gentleman.
            mixed = FieldKind.LADIES_GENTLEMEN
            self.movement.set_field(mixed, len(ladies) + len(gentlemen), ladies, gentlemen)

    def _changed(self, what: Changed, _source: object) -> None:
        from director.gui.context import Changed

        self._path_timer.start()
        if what & Changed.PLAYERS:
            self._suggest_field()
        if what & Changed.EVENT:
            self._title()
            self._fill_where()

    def open_path(self, path: Path) -> bool:
        """Open the event file at `path` (refusals shown as a dialog; a read-only one after
        asking how)."""
        from director.gui.dialogs.read_only import open_event
        from director.gui.errors import report_exception

        try:
            store = open_event(path, self)
        except Exception as exc:
            report_exception(exc, parent=self)
            return False
        if store is None:
            return False
        self.open_store(store)
        return True

    def _events_folder(self) -> Path:
        """Where the director's events are: beside the event open, else the data folder."""
        from director.store.paths import beside_event

        return beside_event(self.context.store.path if self.context is not None else None)

    def choose_event(self) -> None:
        """Ask for an event file and open it."""
        from director.gui.dialogs.new_event import EVENT_SUFFIX

        path, _ = QFileDialog.getOpenFileName(
            self,
            "Open event",
            str(self._events_folder()),
            f"Events (*{EVENT_SUFFIX});;All files (*)",
        )
        if path:
            self.open_path(Path(path))

    def new_event(self) -> None:
        """Ask for a name, date, venue and file, create the event and open it."""
        from director.gui.dialogs.new_event import NewEventDialog
        from director.gui.errors import report_exception

        dialog = NewEventDialog(self._events_folder(), self)
        if not dialog.exec():
            return
        try:
            store = dialog.create_event()
        except Exception as exc:
            report_exception(exc, parent=self)
            return
        self.drive_wanted = dialog.is_drive()
        self.open_store(store)

    def edit_event(self) -> None:
        """Change the event's name, venue, scoring method or declared trump."""
        from director.gui.context import Changed
        from director.gui.dialogs.event_settings import EventSettingsDialog

        assert self.context is not None
        store = self.context.store
        dialog = EventSettingsDialog(store.info(), self)
        if dialog.exec():
            name, held_on, venue, settings = (
                dialog.name.text().strip(),
                dialog.held_on.day(),
                dialog.venue.text(),
                dialog.settings(),
            )
            self.context.apply(
                Changed.EVENT | Changed.SLIPS | Changed.RESULTS,
                lambda: store.update_event(
                    name=name, held_on=held_on, venue=venue.strip() or None, settings=settings
                ),
                self,
            )

    def add_session(self) -> None:
        """Add the next session and show it."""
        from director.gui.errors import report_exception

        assert self.context is not None
        store = self.context.store
        try:
            info = store.add_session()
        except Exception as exc:
            report_exception(exc, parent=self)
            return
        self.context.session, self.context.section = info.number, info.sections[0]
        self._fill_where()
        self.context.select(info.number, info.sections[0])
        self.statusBar().showMessage(f"Added {info.name}", 5000)

    def use_movement(self, proposal: Proposal) -> bool:
        """Store the chosen proposal as the section's movement."""
        from director.gui.context import Changed

        assert self.context is not None
        assert proposal.movement is not None
        movement = proposal.movement
        ask = self.movement.ask()
        store, where = self.context.store, self.context.where
        ok = self.context.apply(
            Changed.MOVEMENT,
            lambda: store.choose_movement(
                movement, size=ask.size, size_unit=ask.kind.value, **where
            ),
            self,
        )
        if ok:
            self.statusBar().showMessage(
                f"{proposal.title} ({proposal.variant or 'standard'}) is the movement of "
                f"{self.where.currentText()}",
                8000,
            )
        return ok

    # -- the evening's path ---------------------------------------------------------------

    def _movement_or_none(self) -> Movement | None:
        from director.store.values import StoreError

        assert self.context is not None
        try:
            return self.context.movement()
        except StoreError:  # none chosen yet for this section
            return None

    def refresh_path(self) -> None:
        """Read where the evening stands into the path."""
        assert self.context is not None
        if self.is_drive:
            drive = held_drive(self.store)
            self.path_bar.show_states(drive_steps(self.store, drive))
            self._offer_outputs(drive is not None)  # begun, or undone
        else:
            where = (self.context.session, self.context.section)
            printed = where in self.context.papers_printed
            self.path_bar.show_states(
                evening(self.context.store, self._movement_or_none(), printed, **self.context.where)
            )
        self.go_on_action.setText(f"&Next step: {self.path_bar.coming().action}")

    def go_on(self) -> None:
        """Take the next step as the event stands now: a change the path has not shown yet
        (it is refreshed a moment after each change) counts."""
        if self._path_timer.isActive():
            self._path_timer.stop()
            self.refresh_path()
            self.name_undo_steps()
        self.take_step(self.path_bar.coming())

    def take_step(self, state: PathState) -> None:
        """Go to the screen (or the printing) where `state`'s step is done."""
        if isinstance(state.step, DriveStep):
            self._take_drive_step(state.step)
            return
        if state.step is Step.PAPERS:
            self.print_documents()
            return
        screen = {
            Step.FIELD: self.players,
            Step.MOVEMENT: self.movement,
            Step.SLIPS: self.slips,
            Step.SCORES: self.scores,
            Step.RESULTS: self.results,
        }[state.step]
        self.tabs.setCurrentWidget(screen)
        if state.round is not None:
            self.scores.show_round(state.round)
        self.focus_screen()

    def _take_drive_step(self, step: DriveStep) -> None:
        if step is DriveStep.DRIVE and held_drive(self.store) is None:
            self.start_drive()
            return
        screen = {
            DriveStep.FIELD: self.players,
            DriveStep.DRIVE: self.drive,
            DriveStep.HANDS: self.drive,
            DriveStep.PRIZES: self.standings,
        }[step]
        self.tabs.setCurrentWidget(screen)
        self.focus_screen()

    def start_drive(self) -> None:
        """Ask for the drive's settings (and, when the players drew numbered cards, each
        one's number) and start it with the roster as its field; the window then shows the
        drive's screens, the first hand ready for entry."""
        from director.gui.context import Changed
        from director.gui.dialogs.drive_printing import BlankCardsPrintDialog
        from director.gui.dialogs.drive_start import CardNumbersDialog, DriveStartDialog

        context = self.context
        assert context is not None
        store = context.store
        roster = store.players()
        dialog = DriveStartDialog(roster, self)
        if not dialog.exec():
            self.focus_screen()
            return
        settings, prizes, seed = dialog.settings(), dialog.prize_settings(), dialog.draw.value()
        said = (
            f"the first seating was drawn from number {seed}"
            " (the same number draws the same seating)"
        )
        start = partial(store.start_drive, settings, prizes, seed=seed)
        if dialog.from_cards.isChecked():
            numbers = CardNumbersDialog(settings, roster, self)
            numbers.printAsked.connect(
                lambda: BlankCardsPrintDialog(context, settings, numbers).exec()
            )
            if not numbers.exec():
                self.focus_screen()
                return
            drawn = numbers.drawn()
            start = partial(
                store.start_drive, settings, prizes, cards=drawn.cards, absent=drawn.waiting
            )
            said = "the first seating is the players' numbered cards"
        if not context.apply(Changed.EVERYTHING, start, self):
            return
        if not self.is_drive:
            self.drive_wanted = True
            self.open_store(store, reopen=True)
        self.start_drive_action.setEnabled(False)
        self._offer_outputs(True)
        self.tabs.setCurrentWidget(self.drive)
        self.focus_screen()
        self.statusBar().showMessage(f"The drive has begun: {said}", 10000)

    def focus_screen(self) -> None:
        """The keyboard to the screen on view, in the list or grid a director works in."""
        focus = {
            self.players: self.players.players_view,
            self.movement: self.movement.table,
            self.slips: self.slips.table,
            self.scores: self.scores.table,
            self.results: self.results.standings_view,
            self.standings: self.standings.standings_view,
        }.get(self.tabs.currentWidget())
        if self.tabs.currentWidget() is self.drive:
            self.drive.start_typing()
            return
        if focus is not None:
            focus.setFocus(Qt.FocusReason.OtherFocusReason)

    # -- edit ---------------------------------------------------------------------------

    def undo(self) -> None:
        """Undo the latest change (the store's audit trail knows what it was)."""
        self._undo_redo("undo")

    def redo(self) -> None:
        """Redo the change undone last."""
        self._undo_redo("redo")

    def name_undo_steps(self) -> None:
        """Name on the Undo and Redo actions the steps they would take ("Undo dissolve
        partnership"), as the store's audit trail has them."""
        assert self.context is not None
        store = self.context.store
        for action, word, entry in (
            (self.undo_action, "Undo", store.next_undo()),
            (self.redo_action, "Redo", store.next_redo()),
        ):
            action.setText(f"&{word} {entry.action}" if entry else f"&{word}")
            tip = f"{word}: {entry.in_words()}" if entry else f"Nothing to {word.lower()}"
            action.setStatusTip(tip)
            action.setToolTip(f"{tip} ({action.shortcut().toString()})")

    def _undo_redo(self, which: str) -> None:
        from director.gui.context import Changed
        from director.gui.errors import report_exception

        assert self.context is not None
        try:
            entry = getattr(self.context.store, which)()
        except Exception as exc:
            report_exception(exc, parent=self)
            return
        if entry is None:
            self.statusBar().showMessage(f"Nothing to {which}", 4000)
            return
        done = "Undone" if which == "undo" else "Redone"
        self.statusBar().showMessage(f"{done}: {entry.in_words()}", 8000)
        self.context.notify(Changed.EVERYTHING)

    # -- the rest ------------------------------------------------------------------------

    def _scores_call(self, name: str) -> object:
        def call() -> None:
            self.tabs.setCurrentWidget(self.scores)
            getattr(self.scores, name)()

        return call

    def _import_roster(self) -> None:
        self.tabs.setCurrentWidget(self.players)
        self.players.choose_roster()

    def show_laws(self) -> None:
        """Bring up the laws and put the cursor in the search box."""
        self.tabs.setCurrentWidget(self.laws)
        self.laws.query.setFocus()

    def repair_movement(self) -> None:
        """Repair the movement in play; the status bar says what was done (Undo takes it
        back), and the papers to print again are offered."""
        from director.gui.dialogs.printing import offer_reprints
        from director.gui.dialogs.repair import RepairDialog
        from director.gui.errors import EXPECTED, report_exception

        assert self.context is not None
        try:
            dialog = RepairDialog(self.context, self)
        except EXPECTED as exc:  # no movement chosen yet
            report_exception(exc, parent=self)
            return
        if not dialog.exec() or dialog.repaired is None:
            return
        repaired = dialog.repaired
        self.statusBar().showMessage(f"Movement repaired: {repaired.summary}", 10000)
        offer_reprints(self.context, repaired, self)
        # Two dialogs in a row, opened from the menu bar, hand the keyboard back to the menu
        # bar: it goes back to the screen the director was on.
        self.focus_screen()

    def serve_tables(self) -> None:
        """Start or stop serving the tables' pages (the server outlives the dialog)."""
        from director.gui.dialogs.serve import ServeDialog
        from director.gui.serving import round_minutes

        assert self.context is not None
        movement = self._movement_or_none()
        minutes = round_minutes(movement, self.settings.minutes_per_tray()) if movement else 0
        dialog = ServeDialog(self.context, self.table_server, self, minutes)
        dialog.exec()
        self.table_server = dialog.server
        server = self.table_server
        self.context.links_base = server.base if server is not None and server.running else None
        self._follow_tables()

    def _follow_tables(self) -> None:
        """Follow the served tables' entries and round timer (a new server, a new watch)."""
        from director.gui.serving import TableWatch

        assert self.context is not None
        server = self.table_server if self.table_server and self.table_server.running else None
        if self.watch is not None and self.watch.server is server:
            return
        self._stop_watching()
        if server is not None:
            self.watch = TableWatch(self.context, server, self)
            self.statusBar().addPermanentWidget(self.watch.label)
            self.watch.ticked.connect(lambda r: self.move_on_action.setEnabled(r is not None))
            self.watch.entered.connect(lambda text: self.statusBar().showMessage(text, 8000))
            self.watch.poll()

    def _stop_watching(self) -> None:
        if self.watch is not None:
            self.watch.stop()
            self.watch.deleteLater()
            self.watch = None
        self.move_on_action.setEnabled(False)

    def move_round_on(self) -> None:
        """Start the next round's timer now; the tables' pages show it at once."""
        if self.watch is None:
            return
        reading = self.watch.move_on()
        said = "The round timer has stopped: that was the last round"
        if reading is not None:
            said = f"Round {reading.round} has begun on the timer"
        self.statusBar().showMessage(said, 8000)

    def _stop_serving(self) -> None:
        self._stop_watching()
        if self.table_server is not None and self.table_server.running:
            self.table_server.stop()
        self.table_server = None

    def export_results(self) -> None:
        """Write the results in a format another program reads (the director picks which)."""
        from director.gui.dialogs.export import export_results

        assert self.context is not None
        written = export_results(self.context, self)
        if written is not None:
            self.statusBar().showMessage(f"Results exported: {written}", 10000)

    def publish_results(self) -> None:
        """Write the results site into a folder the director picks."""
        from director.gui.ops import Op
        from director.publish.site import publish_site

        assert self.context is not None
        # A save dialog, not a folder picker: the site goes into a folder of its own, which
        # the director may name anew (publishing makes it), beside the event file.
        folder, _ = QFileDialog.getSaveFileName(
            self,
            "Publish the results as a folder",
            str(self.context.beside_event(f"{self.context.event_stem} results")),
            "Folder for the results site (*)",
        )
        if not folder:
            return
        store = self.context.store

        def shown(files: list[Path]) -> None:
            self.statusBar().showMessage(f"Results published: open {files[0]}", 10000)

        # kept, so that the job's signals reach it when it ends
        self.publishing = (
            Op(self, "Publishing the results", lambda _p: publish_site(store, folder))
            .success(shown)
            .run_in_background()
        )

    def print_documents(self) -> None:
        """Open the printing dialog for the section on view, tonight's papers ticked (the
        results once every score is in); on a drive's event, the drive's papers (the
        standings and prizes once every hand is in)."""
        from director.gui.dialogs.drive_printing import DrivePrintDialog
        from director.gui.dialogs.printing import PrintDialog

        assert self.context is not None
        finished = bool(self.path_bar.states) and self.path_bar.states[-1].done
        if self.is_drive:
            DrivePrintDialog(
                self.context, self, DrivePrintDialog.at_the_end if finished else None
            ).exec()
            return
        PrintDialog(self.context, self, ("results",) if finished else None).exec()

    def _about(self) -> None:
        QMessageBox.about(
            self,
            f"About {APP_TITLE}",
            f"<b>{APP_TITLE}</b><p>Runs a duplicate-whist tournament from the director's "
            "table: movements, cards, slips, scores and results, by the Laws of Duplicate "
            "Whist (A.W.L., 1910).</p>",
        )

    def screen_widgets(self) -> dict[str, QWidget]:
        """The main screens by name (screenshots and tests)."""
        return {
            "players": self.players,
            "movement": self.movement,
            "slips": self.slips,
            "scores": self.scores,
            "results": self.results,
            "history": self.history,
            "laws": self.laws,
            "drive": self.drive,
            "drive standings": self.standings,
        }

    def fit_on_screen(self) -> None:
        """Shrink and move the window into its screen's available area.

        A geometry saved at one scale factor (100 %) and restored at another (150 %) can be
        larger than the screen now is, and so can the screens' own minimum size: both are
        bounded by the room there is, frame included.
        """
        screen = QGuiApplication.screenAt(self.geometry().center()) or self.screen()
        room = screen.availableGeometry()
        frame = self.frameGeometry().size() - self.geometry().size()
        inner = room.size() - frame
        self.setMinimumSize(self.minimumSizeHint().boundedTo(inner))
        self.resize(self.size().boundedTo(inner))
        placed = self.frameGeometry()
        placed.moveRight(min(placed.right(), room.right()))
        placed.moveBottom(min(placed.bottom(), room.bottom()))
        placed.moveLeft(max(placed.left(), room.left()))
        placed.moveTop(max(placed.top(), room.top()))
        self.move(placed.topLeft())

    def showEvent(self, event: QShowEvent) -> None:
        # the frame's size is known only once the window is shown, and under a window
        # manager only once it has framed the window, a moment later: fit again then
        super().showEvent(event)
        self._unframed = True
        self.fit_on_screen()

    def moveEvent(self, event: QMoveEvent) -> None:
        super().moveEvent(event)
        self._fit_once_framed()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_once_framed()

    def _fit_once_framed(self) -> None:
        """Fit the window on screen once more when the window manager's frame (its title bar
        and borders) first shows, which pushed the status bar below the screen's edge; later
        moves are the director's own."""
        if getattr(self, "_unframed", False) and self.frameGeometry() != self.geometry():
            self._unframed = False
            self.fit_on_screen()

    def closeEvent(self, event: QCloseEvent) -> None:
        self._opener = None  # closed while opening: the event is not opened at all
        self._path_timer.stop()
        self._stop_serving()
        self.settings.save_window_state(self.saveGeometry(), self.saveState())
        self.settings.sync()
        if self.context is not None:
            QThreadPool.globalInstance().waitForDone()
            self.context.store.close()
        super().closeEvent(event)
