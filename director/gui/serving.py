"""The served tables as the director's window follows them: their entries, and the round timer.

The table server stores what the tables enter through the same store, but on its own threads,
so the window learns of it by asking: every second while serving (while the round timer runs,
as its whole second passes, so that it changes when the phones' does), the audit trail's newest
step says whether anything changed, and a step a table took (the director's own steps at this
window tell the screens themselves) has the screens read the event again. The same tick shows
the round timer in the status bar, warning as the phones do, and moves the timer on once every
table has finished its round, whoever entered the last result (the phones move it too, but only
while one of them is asking).
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

from PySide6.QtCore import QObject, Qt, QThreadPool, QTimer, Signal
from PySide6.QtWidgets import QLabel, QWidget

from director.gui.context import Changed, EventContext
from director.server.clock import ClockReading
from director.server.running import TableServer
from schedules.timing import duration_minutes
from schedules.types import Movement

POLL_MS = 1000
"""How often the window asks whether a table entered something while no round timer runs;
while one runs, it asks as the timer changes, on the clock's whole second."""
DIRECTOR = "director"
"""The author of the steps taken at this window (the store's default)."""
WARNING_STYLE = "color: #fff; background: #a33c00; padding: 1px 6px; font-weight: 600;"
"""The phones' warning colours (director/data/server/table.html, #clock.warning)."""


def round_minutes(movement: Movement, minutes_per_tray: Fraction) -> int:
    """A round's minutes for the timer: the trays a table plays in a round at the minutes a
    tray takes (a round split at a table by the half-round trick counts both halves)."""
    trays: Counter[tuple[int, int]] = Counter()
    for s in movement.seatings:
        trays[(s.round, s.table)] += len(s.trays)
    most = max(trays.values(), default=0)
    return round(duration_minutes(1, most, minutes_per_tray, movement.mnemonic))


def clock_text(reading: ClockReading, turn: str = "Round") -> str:
    """The round timer in the phones' words: "Round 3: 4:05 left", "time is up (0:30 over)";
    `turn` is "Hand" for a whist drive's hand timer."""
    minutes, seconds = divmod(abs(reading.seconds_left), 60)
    if reading.seconds_left >= 0:
        return f"{turn} {reading.round}: {minutes}:{seconds:02d} left"
    return f"{turn} {reading.round}: time is up ({minutes}:{seconds:02d} over)"


class ClockLabel(QLabel):
    """The round timer in the status bar; hidden while no timer runs."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Round timer")
        self.setToolTip("The round timer every table's page shows")
        self.turn = "Round"
        """What the timer counts: "Round", or a drive's "Hand"."""
        self.hide()

    def show_reading(self, reading: ClockReading | None) -> None:
        """Show the timer as it reads now (None: hide it)."""
        self.setVisible(reading is not None)
        if reading is None:
            return
        self.setText(clock_text(reading, self.turn))
        style = WARNING_STYLE if reading.warning else ""
        if self.styleSheet() != style:  # restyled only when the warning comes or goes
            self.setStyleSheet(style)


class TableWatch(QObject):
    """Follows one running table server for the window: polls the store, reads the clock."""

    ticked = Signal(object)
    """The round timer's reading (a `ClockReading`, or None), every tick."""
    entered = Signal(str)
    """What the tables did since the last tick, in words ("From table 2: round 1 table 2 tray 3:
    N/S 7, E/W 6")."""

    def __init__(
        self, context: EventContext, server: TableServer, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.context = context
        self.server = server
        self._seen = context.store.newest_step()
        self.label = ClockLabel()
        if context.store.holds_drive():
            self.label.turn = "Hand"
        self.ticked.connect(self.label.show_reading)
        self.timer = QTimer(self)
        """The next tick (one at a time, each set for when the round timer next changes)."""
        self.timer.setSingleShot(True)
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)  # a coarse one may be 50 ms late
        self.timer.timeout.connect(self.poll)
        self.timer.start(POLL_MS)

    def poll(self) -> None:
        """Tell the screens what the tables entered since the last tick; read the clock."""
        store = self.context.store
        step = store.newest_step()
        if step != self._seen:
            since, self._seen = self._seen, step
            news = [e for e in store.audit_log(limit=max(1, step - since)) if e.id > since]
            # The room reads the event as changed (a repair too: the pages follow it, a late
            # pair's new table gets its link) and moves the timer on. Reading every result
            # takes a while on a large event: off the GUI thread (the window waits for the
            # pool before it closes the store).
            server, session = self.server, self.context.session
            QThreadPool.globalInstance().start(lambda: server.follow(session))
            by_tables = [e for e in reversed(news) if e.who != DIRECTOR]
            if by_tables:
                self.context.notify(Changed.RESULTS)
                latest = by_tables[-1]
                said = f"from {latest.who}: {latest.summary}"
                if len(by_tables) > 1:
                    said = f"{len(by_tables)} entries from the tables, the latest {said}"
                self.entered.emit(said[:1].upper() + said[1:])
        self._tick()

    def _tick(self) -> ClockReading | None:
        """Show the round timer as it reads now (returned); the next tick comes as it next
        changes."""
        clock = self.server.clock
        reading = clock.reading()
        self.ticked.emit(reading)
        change = clock.next_change()
        self.timer.start(POLL_MS if change is None else math.ceil(change * 1000))
        return reading

    def move_on(self) -> ClockReading | None:
        """The director moves the round (a drive's hand) on: the next one's timer starts now
        (after the last the timer stops); what it reads then."""
        store = self.context.store
        last = store.drive().settings.hands if store.holds_drive() else None
        self.server.clock.move_on(last or self.context.movement().rounds)
        return self._tick()  # the new round's seconds count from now

    def stop(self) -> None:
        """Stop following (the server has stopped); the timer leaves the status bar."""
        self.timer.stop()
        self.ticked.emit(None)
        self.label.deleteLater()
