"""`director print`: from a movement file, from a family, from an event; bad input, exit 2."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from director.cli import main
from director.printing.documents import MOVEMENT_DOCUMENTS
from tests.conftest import MOVEMENTS
from tests.printing.pdf import lines, page_size, pages

HOWELL = str(MOVEMENTS / "howellcards-howell-09pairs.json")


@pytest.mark.parametrize("document", list(MOVEMENT_DOCUMENTS))
def test_every_movement_document_prints_from_a_movement_file(document: str, tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    assert main(["print", document, "--movement-file", HOWELL, "--out", str(out)]) == 0
    assert pages(out.read_bytes())


def test_paper_letter_gives_letter_pages(tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    argv = ["print", "slips", "--movement-file", HOWELL, "--paper", "letter", "--out", str(out)]
    assert main(argv) == 0
    assert page_size(out.read_bytes()) == pytest.approx((612, 792), abs=1)


def test_results_without_an_event_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["print", "results", "--movement-file", HOWELL, "--out", str(tmp_path / "x.pdf")]
    assert main(argv) == 2
    assert "use --event FILE" in capsys.readouterr().err


def test_a_missing_movement_file_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["print", "indicators", "--movement-file", str(tmp_path / "none.json"), "--out", "x"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "cannot read" in err
    assert len(err.strip().splitlines()) == 1


def test_results_print_from_an_event_file(tmp_path: Path) -> None:
    from datetime import date

    from director.store.services import EventStore
    from director.store.values import ResultEntry
    from tests.scoring.builders import mitchell, random_results

    event = tmp_path / "club.whist"
    movement = mitchell(3, 2)
    with EventStore.create(event, "Club night", held_on=date(2026, 11, 23)) as store:
        store.choose_movement(movement)
        for r in random_results(movement, 1):
            store.record_result(ResultEntry(1, r.round, r.table, r.tray, r.ns_tricks))
    out = tmp_path / "results.pdf"
    argv = ["print", "results", "--event", str(event), "--part", "standings", "--out", str(out)]
    assert main(argv) == 0
    assert "Standings: overall" in lines(out.read_bytes())


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """An event file with a movement."""
    from director.store.services import EventStore
    from tests.scoring.builders import mitchell

    path = tmp_path / "club.whist"
    with EventStore.create(path, "Club night") as store:
        store.choose_movement(mitchell(3, 2))
    return path


def print_to(out: Path, *extra: str, event: Path | None = None) -> int:
    source = ["--event", str(event)] if event else ["--movement-file", HOWELL]
    return main(["print", "indicators", *source, "--out", str(out), *extra])


def test_the_event_file_itself_is_never_overwritten(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = event.read_bytes()
    link = event.with_name("link.pdf")
    link.symlink_to(event)
    for out in (event, link):
        for force in ((), ("--force",)):
            assert print_to(out, *force, event=event) == 2
            err = capsys.readouterr().err
            assert "is the event file itself" in err
            assert err.count("\n") == 1
    assert event.read_bytes() == before


def test_no_event_file_is_ever_overwritten(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another event, printed from a movement: recognised by its contents, not its name."""
    wal = event.with_name(event.name + "-wal")
    wal.write_bytes(b"\x37\x7f\x06\x82 not yet checkpointed")
    link = tmp_path / "link.pdf"
    link.symlink_to(event)
    for out in (event, wal, link):
        before = out.read_bytes()
        assert print_to(out, "--force") == 2
        err = capsys.readouterr().err
        assert "is an event file (or part of one) and is never overwritten" in err
        assert out.read_bytes() == before


def test_an_existing_file_is_replaced_only_with_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "roster.csv"
    out.write_text("name\nMrs Ames\n")
    assert print_to(out) == 2
    assert capsys.readouterr().err == (
        f"director print: {out} exists; choose another name, or add --force to replace it\n"
    )
    assert out.read_text() == "name\nMrs Ames\n"
    assert print_to(out, "--force") == 0
    assert pages(out.read_bytes())


def test_a_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert print_to(tmp_path, "--force") == 2
    assert "is a folder" in capsys.readouterr().err


def test_only_the_tables_a_repair_changed_are_printed_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from director.store.services import EventStore
    from schedules.catalog import Request, build

    event = tmp_path / "club.whist"
    with EventStore.create(event, name="Club night") as store:
        store.choose_movement(build(Request("howell", tables=5)))
    cards, marks = tmp_path / "cards.pdf", tmp_path / "indicators.pdf"
    for document, out in (("table-cards", cards), ("indicators", marks)):
        argv = ["print", document, "--event", str(event), "--only-tables", "2,4-5"]
        assert main([*argv, "--out", str(out)]) == 0
    printed = "\n".join(pages(cards.read_bytes()))
    assert {int(t) for t in re.findall(r"^ ?Table (\d+)", printed, re.M)} == {2, 4, 5}
    marked = pages(marks.read_bytes())
    tables = {int(t) for text in marked for t in re.findall(r"TABLE\s+(\d+)", text)}
    assert tables == {2, 4, 5}
    capsys.readouterr()
    for bad, said in (("9", "the movement has tables 1 to 5"), ("x", "like 3,5 or 1-4")):
        argv = ["print", "table-cards", "--event", str(event), "--only-tables", bad]
        assert main([*argv, "--out", str(tmp_path / "x.pdf")]) == 2
        assert said in capsys.readouterr().err
    argv = ["print", "slips", "--event", str(event), "--only-tables", "2"]
    assert main([*argv, "--out", str(tmp_path / "y.pdf")]) == 2
    assert "--only-tables is for table-cards and indicators" in capsys.readouterr().err
    refused = (
        (["slips", "--only-trays", "99"], "--only-trays '99': the movement has trays 1 to 18"),
        (["scorecards", "--only-pairs", "3,X"], "--only-pairs '3,X': the movement has 1, 2,"),
        (["travellers", "--only-pairs", "3"], "--only-pairs is for scorecards and personal-cards"),
        (["slips", "--only-trays", "2", "--only-tables", "2"], "give one of --only-tables,"),
    )
    for argv, said in refused:
        out = ["--out", str(tmp_path / "z.pdf")]
        assert main(["print", argv[0], "--event", str(event), *argv[1:], *out]) == 2
        assert said in capsys.readouterr().err
