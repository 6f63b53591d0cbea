"""A roster is read whole or refused by its lines, never cut short: a cell beyond the columns,
a header naming a field twice, an invisible character in a name; and the import reads only a
regular file of a roster's size (a pipe or a device is refused, not waited on)."""

from __future__ import annotations

import csv
import io
import os
import threading
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.cli import main
from director.store.roster import ROSTER_LIMIT, Layout, RosterError, parse_roster, read_roster
from director.store.services import EventStore, StoreError


def roster(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "roster.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_cell_beyond_the_headers_columns_refuses_its_line_and_imports_nothing(
    tmp_path: Path,
) -> None:
    path = roster(tmp_path, "name,club\nMrs Ames,Elm\nMr Bell,Oak,member 12\n")
    with EventStore.create(tmp_path / "event.whist", "Club") as store:
        with pytest.raises(RosterError, match=r"line 3: a cell beyond the 2 columns .*'member 12'"):
            store.import_roster(path)
        assert store.players() == ()


def test_a_cell_beyond_the_columns_named_is_refused(tmp_path: Path) -> None:
    path = roster(tmp_path, "Mrs Ames;Elm\nMr Bell;Oak;7\n")
    read = read_roster(path, Layout.named("name,club"))
    assert [r.line for r in read.refused] == [2]
    assert read.refused[0].reason.startswith("a cell beyond the 2 columns are named ('7'")
    assert [r.player.name for r in read.rows] == ["Mrs Ames"]


def test_empty_cells_a_spreadsheet_leaves_at_the_end_are_no_cells(tmp_path: Path) -> None:
    read = read_roster(roster(tmp_path, "name,club\nMrs Ames,Elm,,\n"))
    assert [r.player.club for r in read.rows] == ["Elm"]
    assert read.refused == ()


def test_a_header_naming_a_field_twice_is_refused(tmp_path: Path) -> None:
    path = roster(tmp_path, "Name,Club,Player\nMrs Ames,Elm,Ann Ames\n")
    with pytest.raises(RosterError, match=r"line 1: the header names the name twice \(columns 1"):
        read_roster(path)
    # the director says which column holds what: read as told
    read = read_roster(path, Layout.named("-,club,name"))
    assert [(r.player.name, r.player.club) for r in read.rows] == [("Ann Ames", "Elm")]


HIDDEN = ["\u202e", "\u202d", "\u2066", "\u2069", "\u200e", "\u200f", "\u200b", "\u200d", "\ufeff"]
"""Direction overrides, isolates and marks, a zero-width space and joiner, a byte-order mark."""


@pytest.mark.parametrize("hidden", HIDDEN, ids=lambda c: f"U+{ord(c):04X}")
def test_an_invisible_character_in_a_name_is_refused_everywhere(
    tmp_path: Path, hidden: str, capsys: pytest.CaptureFixture[str]
) -> None:
    name = f"Mrs {hidden}Ames"
    read = parse_roster(f"name\nMr Bell\n{name}\n")
    assert [r.line for r in read.refused] == [3]
    assert f"U+{ord(hidden):04X}" in read.refused[0].reason
    path = tmp_path / "event.whist"
    with EventStore.create(path, "Club") as store:
        with pytest.raises(StoreError, match="invisible character"):
            store.add_player(name)
        ames = store.add_player("Mrs Ames")
        with pytest.raises(StoreError, match="invisible character"):
            store.edit_player(ames.__class__(ames.id, name, f"Elm{hidden}", None, None))
    assert main(["event", "players", str(path), "--add", name]) == 2
    assert "invisible character" in capsys.readouterr().err


SEEN = st.characters(
    codec="utf-8", exclude_categories=("Cs", "Cc", "Cf", "Zl", "Zp"), exclude_characters=",\"'"
)


@given(
    st.text(SEEN, min_size=1, max_size=8).filter(str.strip),
    st.sampled_from([*HIDDEN, "\u00ad", "\u2060", "\u061c"]),
    st.integers(0, 8),
)
def test_a_hidden_character_anywhere_in_a_name_refuses_its_row(
    seen: str, hidden: str, at: int
) -> None:
    name = seen[:at] + hidden + seen[at:]
    assert unicodedata.category(hidden) == "Cf"
    read = parse_roster(f"name\n{name}\n")
    assert read.rows == ()
    assert [r.line for r in read.refused] == [2]


CELL = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=8)


@given(st.lists(st.lists(CELL, min_size=1, max_size=6), min_size=1, max_size=8))
def test_no_cell_is_dropped_unseen(rows: list[list[str]]) -> None:
    """Whatever the rows' lengths, a row is imported only when every cell it has was read
    into its player; any other row is refused by its line."""
    out = io.StringIO(newline="")
    writer = csv.writer(out)
    writer.writerow(["name", "club", "member"])
    for row in rows:
        writer.writerow(row)
    read = parse_roster(out.getvalue())
    starts = [record_line for record_line, _ in _record_lines(out.getvalue())][1:]
    by_line = dict(zip(starts, rows, strict=True))
    for imported in read.rows:
        cells = by_line[imported.line]
        assert not any(c.strip() for c in cells[3:])
        kept = (imported.player.name, imported.player.club, imported.player.member_number)
        assert kept == tuple((c.strip() or None) for c in [*cells, "", "", ""][:3])


def _record_lines(text: str) -> list[tuple[int, list[str]]]:
    reader = csv.reader(io.StringIO(text, newline=""))
    found, start = [], 1
    for record in reader:
        found.append((start, record))
        start = reader.line_num + 1
    return found


def test_a_pipe_is_refused_not_waited_on(tmp_path: Path) -> None:
    pipe = tmp_path / "roster.csv"
    os.mkfifo(pipe)
    outcome: list[BaseException] = []

    def read() -> None:
        try:
            read_roster(pipe)
        except StoreError as exc:
            outcome.append(exc)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(10)
    assert not reader.is_alive(), "reading the pipe waited for a writer"
    assert "is a pipe, not a file" in str(outcome[0])


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_a_device_is_refused(device: str) -> None:
    with pytest.raises(StoreError, match="is a device or socket, not a file"):
        read_roster(Path(device))


def test_a_file_far_larger_than_a_roster_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "roster.csv"
    with path.open("wb") as fh:
        fh.truncate(ROSTER_LIMIT + 1)
    with pytest.raises(StoreError, match=r"is 4\.0 MB; a file this large is not a roster"):
        read_roster(path)


def test_the_command_line_imports_a_roster_without_a_header(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "event.whist"
    EventStore.create(path, "Club").close()
    csv_file = roster(tmp_path, "Mrs Ames;Elm;1\nMr Bell;Oak;1\n")
    assert main(["event", "players", str(path), "--import", str(csv_file)]) == 2
    assert "--columns name,club,pair" in capsys.readouterr().err
    columns = ["--columns", "name,club,pair"]
    assert main(["event", "players", str(path), "--import", str(csv_file), *columns]) == 0
    with EventStore.open(path, read_only=True) as store:
        players = [(p.name, p.club) for p in store.players()]
        assert players == [("Mr Bell", "Oak"), ("Mrs Ames", "Elm")]
        assert [p.label for p in store.partnerships()] == ["1"]
