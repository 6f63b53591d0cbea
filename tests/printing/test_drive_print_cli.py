"""`director drive print`: the drive's papers into one file, written whole or not at all, and
each request it cannot meet refused in one plain line."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from director.store.services import EventStore, Gender
from tests.printing.test_tonights_papers import read_back
from tests.store.test_drive_cli import GENTLEMEN, LADIES, director


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """An event of five ladies and five gentlemen, no drive started yet."""
    path = tmp_path / "drive.whist"
    with EventStore.create(path, name="Spring drive") as store:
        for lady, gentleman in zip(LADIES, GENTLEMEN, strict=True):
            store.add_player(lady, gender=Gender.LADY)
            store.add_player(gentleman, gender=Gender.GENTLEMAN)
    return path


@pytest.fixture
def started(event: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    code, _, err = director(capsys, "drive", "new", event, "--tables", "3", "--hands", "4")
    assert (code, err) == (0, "")
    return event


def pages(pdf: Path) -> int:
    return len(PdfReader(pdf).pages)


def test_the_papers_asked_for_are_written_into_one_file_in_their_order(
    capsys: pytest.CaptureFixture[str], started: Path, tmp_path: Path
) -> None:
    out = tmp_path / "papers.pdf"
    code, said, err = director(
        capsys, "drive", "print", started, "caller", "score-cards", "--out", out,
        "--paper", "letter",
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert said == f"wrote {out} (caller, score-cards, letter)\n"
    assert pages(out) == 1 + 3  # the caller's sheet, then ten cards four to a page
    text = read_back(out.read_bytes())
    assert text[0].startswith("The caller's sheet")
    assert all(name in "".join(text[1:]) for name in (*LADIES, *GENTLEMEN))


def test_an_existing_file_is_replaced_only_when_asked(
    capsys: pytest.CaptureFixture[str], started: Path, tmp_path: Path
) -> None:
    out = tmp_path / "papers.pdf"
    out.write_bytes(b"older")
    code, said, err = director(capsys, "drive", "print", started, "prizes", "--out", out)
    assert (code, said) == (2, "")
    assert (
        err == f"director drive: {out} exists; choose another name, or add --force to replace it\n"
    )
    assert out.read_bytes() == b"older"
    code, _, err = director(capsys, "drive", "print", started, "prizes", "--out", out, "--force")
    assert (code, err) == (0, "")
    assert "No hand has been played yet." in read_back(out.read_bytes())[0]
    code, _, err = director(capsys, "drive", "print", started, "caller", "--out", started)
    assert code == 2
    assert "is the event file itself" in err


def test_a_paper_the_drive_does_not_have_is_refused_with_those_it_has(
    capsys: pytest.CaptureFixture[str], started: Path, tmp_path: Path
) -> None:
    out = tmp_path / "menu.pdf"
    code, said, err = director(capsys, "drive", "print", started, "menu", "--out", out)
    assert (code, said) == (2, "")
    assert err == (
        "director drive: unknown paper 'menu'; a drive prints: score-cards, table-cards,"
        " caller, standings, prizes\n"
    )
    assert not out.exists()


def test_blank_cards_print_before_the_drive_is_started_once_its_size_is_said(
    capsys: pytest.CaptureFixture[str], event: Path, tmp_path: Path
) -> None:
    out = tmp_path / "cards.pdf"
    code, _, err = director(capsys, "drive", "print", event, "score-cards", "--out", out)
    assert code == 2
    assert err == (
        "director drive: this event holds no whist drive yet: start one with `director drive new`\n"
    )
    code, _, err = director(capsys, "drive", "print", event, "score-cards", "--blank", "--out", out)
    assert code == 2
    assert err == (
        "director drive: the drive is not started yet: say how many tables with --tables N\n"
    )
    code, _, err = director(
        capsys, "drive", "print", event, "standings", "--blank", "--tables", "2", "--out", out
    )
    assert code == 2
    assert err == "director drive: standings need the drive started: `director drive new`\n"
    assert not out.exists()
    code, _, err = director(
        capsys, "drive", "print", event, "score-cards", "table-cards", "--blank",
        "--tables", "2", "--hands", "12", "--out", out,
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert pages(out) == 2 + 2  # eight blank cards, four to a page; two table cards
    text = "".join(read_back(out.read_bytes()))
    assert text.count("Name: ____") == 8
    assert "First hand: Table 2, West (Gentleman)" in text
    assert "12 ♠ spades" in text


def test_blank_cards_of_a_started_drive_follow_its_settings(
    capsys: pytest.CaptureFixture[str], started: Path, tmp_path: Path
) -> None:
    out = tmp_path / "cards.pdf"
    code, _, err = director(
        capsys, "drive", "print", started, "score-cards", "--blank", "--out", out
    )
    assert (code, err) == (0, "")
    text = "".join(read_back(out.read_bytes()))
    assert text.count("Name: ____") == 12  # every seat of the three tables
    assert not any(name in text for name in LADIES)
    assert "4 ♠ spades\nFinal total" in text


def test_table_cards_with_links_are_refused_while_the_tables_have_none(
    capsys: pytest.CaptureFixture[str], started: Path, tmp_path: Path
) -> None:
    out = tmp_path / "tables.pdf"
    code, _, err = director(
        capsys, "drive", "print", started, "table-cards", "--links", "http://10.0.0.2:8765",
        "--out", out,
    )  # fmt: skip
    assert code == 2
    assert err == (
        "director drive: the tables have no links yet: serve the tables first (Serve the"
        " tables, or director serve), then print the table cards again\n"
    )
    assert not out.exists()
    code, _, err = director(capsys, "drive", "print", started, "table-cards", "--out", out)
    assert (code, err) == (0, "")
    assert "/table/" not in "".join(read_back(out.read_bytes()))
