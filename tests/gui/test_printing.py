"""The printing dialog: table cards carry the links the tables are served on, and the papers
reach a printer as vector pages, all or none of them."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from director.gui.dialogs.printing import PrintDialog
from director.gui.main_window import MainWindow
from director.printing.documents import TABLE_CARDS
from tests.printing.pdf import pages

pytestmark = pytest.mark.gui


def _rendered(qtbot: QtBot, dialog: PrintDialog) -> str:
    dialog.render_papers(lambda: None)
    qtbot.waitUntil(lambda: dialog.rendered is not None, timeout=30000)
    assert dialog.rendered is not None
    return "\n".join(pages(dialog.rendered.pdf))


def test_table_cards_carry_the_kept_address_when_the_tables_are_not_served(
    qtbot: QtBot, seated: MainWindow
) -> None:
    """Served once on 192.168.1.20:8765, then stopped: the cards printed now carry the links
    the phones will reach when serving starts again on the same address."""
    store = seated.context.store
    tokens = store.issue_table_links()
    store.keep_serving_address("192.168.1.20", 8765)
    assert seated.context.links_base is None  # not being served
    dialog = PrintDialog(seated.context, seated, (TABLE_CARDS,))
    qtbot.addWidget(dialog)
    text = _rendered(qtbot, dialog).replace("\n", "")
    for token in tokens:
        assert token.url("http://192.168.1.20:8765") in text


def test_table_cards_carry_no_links_for_an_event_never_served(
    qtbot: QtBot, seated: MainWindow
) -> None:
    dialog = PrintDialog(seated.context, seated, (TABLE_CARDS,))
    qtbot.addWidget(dialog)
    assert "http://" not in _rendered(qtbot, dialog)
