"""The printing dialog: table cards carry the links the tables are served on, and the papers
reach a printer as vector pages, all or none of them."""

from __future__ import annotations

import subprocess
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtGui import QPageRanges
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from benchmarks.private_cups import PrivateCups
from director.gui.dialogs.printing import TONIGHT, PrintDialog
from director.gui.main_window import MainWindow
from director.gui.ops import CancelledError
from director.gui.pdf_pages import PdfPages
from director.gui.print_job import paint_black_and_white, send
from director.printing import print_queue
from director.printing.documents import TABLE_CARDS
from schedules.catalog import Request, build
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


def _tonight(qtbot: QtBot, window: MainWindow) -> PrintDialog:
    dialog = PrintDialog(window.context, window, TONIGHT)
    qtbot.addWidget(dialog)
    _rendered(qtbot, dialog)
    return dialog


def _file_printer(path: Path, dpi: int = 600) -> QPrinter:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    printer.setResolution(dpi)
    return printer


def _images(path: Path) -> list[list[str]]:
    """pdfimages' list of the images in a PDF: page, num, type, width, height, color, comp,
    bpc, ..."""
    listed = subprocess.run(["pdfimages", "-list", str(path)], capture_output=True, text=True)
    return [line.split() for line in listed.stdout.splitlines()[2:]]


def _fonts(path: Path) -> list[str]:
    listed = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True)
    return listed.stdout.splitlines()[2:]


def test_the_papers_reach_the_printer_as_vector_pages(
    qtbot: QtBot, seated: MainWindow, tmp_path: Path
) -> None:
    """Printed to a file from the print dialog: the pages are the papers' text and lines, not
    pictures of them, every page chosen and no other."""
    dialog = _tonight(qtbot, seated)
    assert dialog.rendered is not None
    printed = tmp_path / "printed.pdf"
    op = dialog.print_to(_file_printer(printed))
    assert op is not None
    qtbot.waitUntil(lambda: "Sent" in dialog.status.text(), timeout=30000)
    assert _images(printed) == []
    assert _fonts(printed)  # the text is text
    assert printed.read_bytes() == dialog.rendered.pdf
    assert "Table 2" in "\n".join(pages(printed.read_bytes()))
    # pages 2 to 3 only, when the director asks for them
    some = _file_printer(tmp_path / "some.pdf")
    some.setPageRanges(QPageRanges.fromString("2-3"))
    dialog.print_to(some)
    qtbot.waitUntil(lambda: dialog.status.text().startswith("Sent 2 pages"), timeout=30000)
    both = pages(dialog.rendered.pdf)[1:3]
    assert pages((tmp_path / "some.pdf").read_bytes()) == both


def test_painted_pages_are_black_and_white_at_the_printers_resolution_and_stop_at_cancel(
    qtbot: QtBot, seated: MainWindow, tmp_path: Path
) -> None:
    """Where a printer takes only painted pages, each page is one 1-bit image at the printer's
    resolution; Cancel after the second page stops the job there."""
    dialog = _tonight(qtbot, seated)
    assert dialog.pages is not None
    assert len(dialog.pages) > 3
    printed = tmp_path / "painted.pdf"
    reports: list[int] = []

    def cancel_after_two(done: int, _total: int) -> None:
        reports.append(done)
        if done == 2:
            raise CancelledError

    with pytest.raises(CancelledError):
        paint_black_and_white(_file_printer(printed, 300), dialog.pages, cancel_after_two)
    assert reports == [1, 2]
    # Qt's PDF engine cannot abort: the file keeps what was painted before Cancel, no more
    images = _images(printed)
    assert len(pages(printed.read_bytes())) <= 2
    assert {(kind, colour, bpc) for _p, _n, kind, _w, _h, colour, _c, bpc, *_ in images} == {
        ("image", "gray", "1")  # black and white, one bit a dot
    }
    assert all(abs(int(ppi) - 300) <= 1 for *_, ppi, _y, _s, _r in images)
    # the grey column of the indicators is dots, not lost to white
    grey = dialog.pages.image(0, 75, grey=True)
    x, y = next(
        (x, y)
        for y in range(0, grey.height(), 4)
        for x in range(0, grey.width(), 4)
        if 200 <= grey.pixelColor(x, y).red() <= 240
    )
    painted = PdfPages(printed.read_bytes()).image(0, 300, grey=True)
    dots = {
        painted.pixelColor(4 * x + i, 4 * y + j).red() < 128 for i in range(8) for j in range(8)
    }
    assert dots == {True, False}


def test_cancel_leaves_nothing_in_the_printers_queue(
    qtbot: QtBot, seated: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through CUPS the papers are one job: Cancel before it is handed over sends nothing;
    Cancel while it is handed over takes the job out of the queue again."""
    dialog = _tonight(qtbot, seated)
    assert dialog.pages is not None
    assert dialog.rendered is not None
    queue: list[tuple[str, ...]] = []
    monkeypatch.setattr(print_queue, "available", lambda: True)

    def submit(printer: str, pdf: Path, title: str, options: dict[str, str]) -> int:
        assert pdf.read_bytes() == dialog.rendered.pdf  # type: ignore[union-attr]
        queue.append(("job", printer, title, options["copies"]))
        return 41

    monkeypatch.setattr(print_queue, "submit", submit)
    monkeypatch.setattr(print_queue, "cancel", lambda p, job: queue.append(("cancel", p, job)))
    printer = QPrinter()
    printer.setPrinterName("Club laser")  # kept where the machine has no printers
    printer.setCopyCount(2)
    name = printer.printerName()

    def stop_at(step: int) -> Callable[[int, int], None]:
        def report(done: int, _total: int) -> None:
            if done == step:
                raise CancelledError

        return report

    with pytest.raises(CancelledError):
        send(printer, dialog.rendered.pdf, dialog.pages, "Evening", stop_at(0))
    assert queue == []
    with pytest.raises(CancelledError):
        send(printer, dialog.rendered.pdf, dialog.pages, "Evening", stop_at(1))
    assert queue == [("job", name, "Evening", "2"), ("cancel", name, 41)]
    queue.clear()
    send(printer, dialog.rendered.pdf, dialog.pages, "Evening", lambda _d, _t: None)
    assert queue == [("job", name, "Evening", "2")]


def _queued(queue: str) -> dict[str, int]:
    """The jobs a CUPS queue knows (done ones included), with their sizes in bytes."""
    listed = subprocess.run(["lpstat", "-W", "all", "-o", queue], capture_output=True, text=True)
    return {line.split()[0]: int(line.split()[2]) for line in listed.stdout.splitlines()}


def _cancelled_at(dialog: PrintDialog, queue: str, step: int) -> set[str]:
    """Send the dialog's papers to the CUPS queue `queue` with Cancel pressed at `step` (0:
    before they are handed over, 1: just after); the jobs the queue got."""
    assert dialog.pages is not None
    assert dialog.rendered is not None
    printer = QPrinter()
    printer.setPrinterName(queue)
    before = _queued(queue)

    def cancel(done: int, _total: int) -> None:
        if done == step:
            raise CancelledError

    with pytest.raises(CancelledError):
        send(printer, dialog.rendered.pdf, dialog.pages, "Cancelled", cancel)
    return set(_queued(queue)) - set(before)


@pytest.mark.slow
def test_a_real_queue_gets_one_small_job_and_nothing_after_cancel(
    qtbot: QtBot, seated: MainWindow, cups_pdf: PrivateCups
) -> None:
    """A real CUPS queue (the session's private server): Cancel pressed at once leaves no job
    in it; printing puts one job there, no bigger than twice the papers' PDF, and the printer
    receives it."""
    queue = cups_pdf.queue
    dialog = _tonight(qtbot, seated)
    assert dialog.rendered is not None
    assert _cancelled_at(dialog, queue, 0) == set()
    printer = QPrinter()
    printer.setPrinterName(queue)
    before = _queued(queue)
    cups_pdf.output.write_bytes(b"")
    op = dialog.print_to(printer)
    assert op is not None
    qtbot.waitUntil(lambda: "Sent" in dialog.status.text(), timeout=30000)
    new = {job: size for job, size in _queued(queue).items() if job not in before}
    assert len(new) == 1
    assert 0 < next(iter(new.values())) <= 2 * len(dialog.rendered.pdf)
    # and the queue's printer received it
    qtbot.waitUntil(lambda: cups_pdf.output.stat().st_size > 0, timeout=60000)


def _cancelled_by_user(queue: str) -> set[str]:
    """The finished jobs of a CUPS queue that were cancelled, not printed."""
    listed = subprocess.run(
        ["lpstat", "-W", "completed", "-l", "-o", queue], capture_output=True, text=True
    )
    cancelled, job = set(), ""
    for line in listed.stdout.splitlines():
        if not line.startswith((" ", "\t")):
            job = line.split()[0]
        elif "job-canceled-by-user" in line:
            cancelled.add(job)
    return cancelled


@pytest.mark.slow
def test_a_job_cancelled_while_handed_over_is_taken_out_of_a_real_queue(
    qtbot: QtBot, seated: MainWindow, cups_pdf: PrivateCups
) -> None:
    """Cancel pressed just as a real CUPS queue took the papers: the job is cancelled there,
    not printed."""
    new = _cancelled_at(_tonight(qtbot, seated), cups_pdf.queue, 1)
    assert len(new) == 1
    assert new <= _cancelled_by_user(cups_pdf.queue)


def test_the_cancel_button_takes_a_job_being_handed_over_out_of_the_queue(
    qtbot: QtBot, seated: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The director presses the progress dialog's Cancel while the job goes to the queue: the
    job is taken out again, and the dialog says it was cancelled."""
    dialog = _tonight(qtbot, seated)
    handed, pressed = threading.Event(), threading.Event()
    queue: list[tuple[str, int]] = []
    monkeypatch.setattr(print_queue, "available", lambda: True)

    def submit(_printer: str, _pdf: Path, _title: str, _options: dict[str, str]) -> int:
        handed.set()
        assert pressed.wait(10)
        queue.append(("job", 41))
        return 41

    monkeypatch.setattr(print_queue, "submit", submit)
    monkeypatch.setattr(print_queue, "cancel", lambda _p, job: queue.append(("cancel", job)))
    op = dialog.print_to(QPrinter())
    assert op is not None
    assert op.dialog is not None
    qtbot.waitUntil(handed.is_set, timeout=10000)
    op.dialog.findChild(QPushButton).click()  # Cancel
    pressed.set()
    qtbot.waitUntil(lambda: dialog.status.text() == "Cancelled.", timeout=10000)
    assert queue == [("job", 41), ("cancel", 41)]


def test_printing_to_a_file_never_replaces_the_event_file(qtbot: QtBot, seated: MainWindow) -> None:
    dialog = _tonight(qtbot, seated)
    event = seated.context.store.path
    before = event.read_bytes()
    dialog.print_to(_file_printer(event))
    qtbot.waitUntil(lambda: dialog.status.text().startswith("Cannot print: "), timeout=30000)
    assert event.read_bytes() == before


def test_papers_for_a_movement_too_big_for_the_field_are_refused_with_the_one_to_choose(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Two pairs entered for a three-table Mitchell: the dialog prints nothing and says in one
    line which movement to choose, rather than seat four pairs who are not there."""
    context = window.context
    assert context is not None
    store = context.store
    store.choose_movement(build(Request("mitchell", tables=3, trays_per_round=2)))
    for n in range(4):
        store.add_player(f"Mx Early{n}")
    store.pair_in_order()
    dialog = PrintDialog(context, window, TONIGHT)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.render_papers(lambda: None)
    qtbot.waitUntil(lambda: dialog.status.text().startswith("Cannot print: "), timeout=30000)
    assert dialog.status.text() == (
        "Cannot print: 2 pairs are entered and the movement is for 6: choose the movement for"
        " 2 pairs (or enter the pairs still missing), so that no paper seats a competitor who"
        " is not there"
    )
    assert dialog.rendered is None
