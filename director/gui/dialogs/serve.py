"""Serve the tables: the director's computer serves each table's page on the room's network, so
the players enter their results from their phones (links on the table cards, as QR codes).
With some minutes a round, the round timer starts on the room's open round as serving starts;
it shows on every table's page and in the window's status bar.

The address and port are kept with the event: the dialog offers them again, so that Stop then
Start (tonight, or next week with the same cards) serves on the same links. Serving on another
address or port changes every table's link: the dialog says so first and offers to print the
table cards again.

On a whist drive's event each of the drive's tables gets its link (one for the whole drive),
the timer counts each hand, and the drive's big screen is served too, its link shown here."""

from __future__ import annotations

from enum import Enum

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from director.gui.context import EventContext
from director.gui.errors import report_exception
from director.printing.documents import TABLE_CARDS
from director.server.links import EVERY_ADDRESS, base_url, listen_address, machine_addresses
from director.server.running import DEFAULT_PORT, TableServer
from director.store.operations.drive import DRIVE_SECTION
from director.store.services import StoreError
from director.store.table_values import TableToken

MAX_MINUTES = 600
"""The longest round the timer takes (as `director serve --minutes`)."""


class NewLinks(Enum):
    """What the director chose when serving on another address changes the links."""

    SERVE_AND_PRINT = "serve, then print the table cards"
    SERVE = "serve"
    CANCEL = "cancel"


class ServeDialog(QDialog):
    """Start or stop the table server for the open event and show every table's link."""

    def __init__(
        self,
        context: EventContext,
        server: TableServer | None,
        parent: QWidget | None = None,
        minutes: int = 0,
    ) -> None:
        """`minutes`: a round's minutes offered for the timer (0: none)."""
        super().__init__(parent)
        self.setWindowTitle("Serve the tables")
        self.context = context
        self.server = server
        self.kept = context.store.serving_address()
        """Where this event was served before: its table cards carry those links."""
        self.address = QComboBox()
        for address in machine_addresses():
            shown = f"{address} (this computer only)" if address.startswith("127.") else address
            self.address.addItem(shown, address)
        self.address.addItem("Every address of this computer", EVERY_ADDRESS)
        self.port = QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setValue(DEFAULT_PORT)
        if self.kept is not None:
            if self.address.findData(self.kept.host) < 0 and _serves_here(self.kept.host):
                self.address.addItem(self.kept.host, self.kept.host)  # a name of this computer
            self.address.setCurrentIndex(max(0, self.address.findData(self.kept.host)))
            self.port.setValue(self.kept.port)
        self.minutes = QSpinBox()
        self.minutes.setRange(0, MAX_MINUTES)
        self.minutes.setSuffix(" minutes")
        self.minutes.setSpecialValueText("no timer")
        self.minutes.setValue(minutes)
        self.minutes.setToolTip(
            "The round timer every table's page shows; it moves on when every table has"
            " finished the round, or when you move it on (Event menu)"
        )
        self.switch = QPushButton()
        self.switch.clicked.connect(self.toggle)
        self.renew = QPushButton("&New links for every table")
        self.renew.setToolTip("The links printed before stop working; print the table cards again")
        self.renew.clicked.connect(self.renew_links)
        self.state = QLabel()
        self.state.setWordWrap(True)
        self.links = QPlainTextEdit()
        self.links.setReadOnly(True)
        form = QFormLayout()
        form.addRow("&Address the phones reach:", self.address)
        form.addRow("&Port:", self.port)
        drive = context.store.holds_drive()
        form.addRow("A &hand lasts:" if drive else "A &round lasts:", self.minutes)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.button(QDialogButtonBox.StandardButton.Close).setText("&Close")
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.switch)
        layout.addWidget(self.state)
        layout.addWidget(QLabel("Each table's link (printed as a QR code on its table card):"))
        layout.addWidget(self.links)
        layout.addWidget(self.renew)
        layout.addWidget(close)
        self.resize(620, 420)
        self._show_state()

    def toggle(self) -> None:
        """Start serving, or stop."""
        try:
            if self.server is not None and self.server.running:
                self.server.stop()
                self.server = None
            else:
                self._start()
        except Exception as exc:
            report_exception(exc, parent=self)
        self._show_state()

    def _start(self) -> None:
        store = self.context.store
        host, port = self.address.currentData(), self.port.value()
        choice = NewLinks.SERVE
        if self.kept is not None and (self.kept.host, self.kept.port) != (host, port):
            choice = self.confirm_new_links(
                base_url(self.kept.host, self.kept.port), base_url(host, port)
            )
            if choice is NewLinks.CANCEL:
                return
        self._issue_links()
        server = TableServer(store, host=host, port=port)
        server.start()
        self.server = server
        store.keep_serving_address(host, server.port)
        self.kept = store.serving_address()
        self.context.links_base = server.base
        if self.minutes.value():
            if store.holds_drive():
                now = server.drive_room.open_hand()
            else:
                now = server.room.open_round(self.context.session)
            if now is not None:
                server.clock.start(now, self.minutes.value())
        if choice is NewLinks.SERVE_AND_PRINT:
            self._show_state()
            self.print_table_cards()

    def confirm_new_links(self, before: str, after: str) -> NewLinks:
        """Ask before serving on another address or port than the table cards carry."""
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Serve on new links?")
        box.setText(
            f"The table cards carry links to {before}. Serving on {after} gives every table a"
            " new link: the cards printed before stop working, and must be printed again."
        )
        serve_print = box.addButton("Serve and &print the cards", QMessageBox.ButtonRole.AcceptRole)
        serve = box.addButton("&Serve only", QMessageBox.ButtonRole.ApplyRole)
        cancel = box.addButton("&Cancel", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(serve_print)
        box.setEscapeButton(cancel)
        box.exec()
        clicked = box.clickedButton()
        if clicked is serve_print:
            return NewLinks.SERVE_AND_PRINT
        return NewLinks.SERVE if clicked is serve else NewLinks.CANCEL

    def print_table_cards(self) -> None:
        """The print dialog with the table cards ticked, carrying the links served now."""
        from director.gui.dialogs.printing import PrintDialog

        PrintDialog(self.context, self, (TABLE_CARDS,)).exec()

    def renew_links(self) -> None:
        """Give every table a new link (the old ones stop working)."""
        try:
            self._issue_links(renew=True)
        except Exception as exc:
            report_exception(exc, parent=self)
        self._show_state()

    def _issue_links(self, renew: bool = False) -> None:
        """Give every table its link (a drive's tables, or the section's), or a new one."""
        store = self.context.store
        if store.holds_drive():
            store.issue_drive_table_links(renew=renew)
        else:
            store.issue_table_links(renew=renew, **self.context.where)

    def _served_links(self) -> tuple[TableToken, ...]:
        """The links this dialog lists: the drive's tables', or the section's."""
        store = self.context.store
        where = (
            DRIVE_SECTION if store.holds_drive() else (self.context.session, self.context.section)
        )
        return tuple(t for t in store.table_links() if (t.session, t.section) == where)

    def _show_state(self) -> None:
        serving = self.server is not None and self.server.running
        self.switch.setText("&Stop serving" if serving else "&Start serving")
        self.address.setEnabled(not serving)
        self.port.setEnabled(not serving)
        self.minutes.setEnabled(not serving)
        if not serving:
            said = (
                "Not serving. Choose the address of this computer on the room's network (the"
                " phones must be on the same network), then start."
            )
            if self.kept is not None:
                kept = base_url(self.kept.host, self.kept.port)
                if self.address.findData(self.kept.host) < 0:
                    said += (
                        f" This event was served on {kept}, which is not an address of this"
                        " computer now: serving on another means printing the table cards again."
                    )
                else:
                    said += f" The table cards carry links to {kept}."
            self.state.setText(said)
            self.links.setPlainText("")
            return
        assert self.server is not None
        base = self.server.base
        reading = self.server.clock.reading()
        drive = self.context.store.holds_drive()
        turn = "hand" if drive else "round"
        timer = (
            f"No {turn} timer."
            if reading is None
            else f"The {turn} timer is on {turn} {reading.round}; Event ▸ Move the round on"
            f" starts the next {turn}'s."
        )
        entered = (
            "the hands the tables enter reach the drive at once"
            if drive
            else "results the tables enter appear in the grid at once"
        )
        said = (
            f"Serving at {base}. Print the table cards now (File ▸ Print) to put each table's"
            f" link on its card; {entered}. {timer}"
        )
        if drive:
            said += f" The drive's big screen (open it on the projector): {self.server.screen_url}"
        self.state.setText(said)
        lines = [f"Table {t.table}: {t.url(base)}" for t in self._served_links()]
        self.links.setPlainText("\n".join(lines))


def _serves_here(host: str) -> bool:
    """Whether the tables can be served on `host` (an address or a name of this computer)."""
    try:
        listen_address(host)
    except StoreError:
        return False
    return True
