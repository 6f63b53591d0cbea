"""Roster CSV import: every data row is imported or refused with its line number and reason;
nothing is joined, dropped or overwritten silently."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from director.store.roster import Roster, RosterError, parse_roster, read_roster
from director.store.services import EventStore, StoreError


def roster(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "roster.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_two_rows_with_one_member_number_are_refused_not_overwritten(tmp_path: Path) -> None:
    path = roster(tmp_path, "name,member\nMrs Ames,101\nMr Bell,102\nMrs Cole,101\n")
    with EventStore.create(tmp_path / "event.whist", "Club") as store:
        with pytest.raises(RosterError) as refused:
            store.import_roster(path)
        assert store.players() == ()
    assert [str(r) for r in refused.value.refused] == [
        "line 4: member number 101 is already on line 2"
    ]
    assert "nothing imported, 1 row refused: line 4" in str(refused.value)


def test_a_name_with_a_line_break_is_refused_and_later_lines_keep_their_numbers(
    tmp_path: Path,
) -> None:
    read = read_roster(roster(tmp_path, 'name,club\n"Mrs\nAmes",Elm\nMr Bell,Elm\n'))
    assert [str(r) for r in read.refused] == [
        "line 2: the name runs over several lines (a line break in a quoted cell)"
    ]
    assert [(r.line, r.player.name) for r in read.rows] == [(4, "Mr Bell")]


def test_a_field_over_128_kib_is_refused_by_its_row(tmp_path: Path) -> None:
    long = "x" * 200 * 1024
    limit = csv.field_size_limit()
    read = read_roster(roster(tmp_path, f"name,club\n{long},Elm\nMr Bell,{long}\n"))
    assert [str(r) for r in read.refused] == [
        "line 2: the name is 204800 characters long; at most 200 fit",
        "line 3: the club is 204800 characters long; at most 200 fit",
    ]
    assert csv.field_size_limit() == limit  # lifted only while reading


def test_text_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "roster.csv"
    path.write_bytes("name\nMrs Ames\nZoë Bell\n".encode("cp1252"))
    with pytest.raises(StoreError, match=r"line 3: not UTF-8 text; save it .* as 'CSV UTF-8'"):
        read_roster(path)


def test_many_refusals_are_summed_up(tmp_path: Path) -> None:
    text = "name,gender\n" + "".join(f"Player {n},x\n" for n in range(25))
    with pytest.raises(RosterError, match=r"25 rows refused: line 2: .*; and 15 more;") as refused:
        read_roster(roster(tmp_path, text)).check()
    assert [r.line for r in refused.value.refused] == list(range(2, 27))


# -- properties ------------------------------------------------------------------------------

CELL = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
ROW = st.lists(CELL, min_size=4, max_size=4)


def written(rows: list[list[str]], delimiter: str) -> tuple[str, list[int]]:
    """The CSV text of a header and `rows`, and the line each row starts on."""
    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=delimiter)
    writer.writerow(["name", "club", "member", "gender"])
    starts = []
    for row in rows:
        starts.append(len(io.StringIO(out.getvalue(), newline="").readlines()) + 1)
        writer.writerow(row)
    return out.getvalue(), starts


@given(st.lists(ROW, max_size=12), st.sampled_from([",", ";", "\t"]))
@example(rows=[["", "", "", '"\n0']], delimiter=",")  # a sniffed dialect split this cell
def test_every_data_row_is_imported_or_refused_by_its_line(
    rows: list[list[str]], delimiter: str
) -> None:
    text, starts = written(rows, delimiter)
    read = parse_roster(text)
    data_lines = [
        line for line, row in zip(starts, rows, strict=True) if any(c.strip() for c in row)
    ]
    accounted = sorted([r.line for r in read.rows] + [r.line for r in read.refused])
    assert accounted == data_lines
    by_line = dict(zip(starts, rows, strict=True))
    for imported in read.rows:
        name, club, member, _ = (cell.strip() or None for cell in by_line[imported.line])
        assert (imported.player.name, imported.player.club) == (name, club)
        assert imported.player.member_number == member
    members = [r.player.member_number for r in read.rows if r.player.member_number]
    assert len(members) == len(set(members))


def read_or_refusal(read: Callable[[], Roster]) -> Roster | str:
    """The roster read, or the message refusing the whole file (never another exception)."""
    try:
        return read()
    except StoreError as exc:
        return str(exc)


def one_line_each(outcome: Roster | str) -> None:
    messages = [outcome] if isinstance(outcome, str) else [r.reason for r in outcome.refused]
    assert all(m and "\n" not in m and "\r" not in m for m in messages)


@given(data=st.binary(max_size=300))
def test_any_bytes_are_read_or_refused_with_one_line(
    tmp_path_factory: pytest.TempPathFactory, data: bytes
) -> None:
    path = tmp_path_factory.mktemp("roster") / "roster.csv"
    path.write_bytes(data)
    one_line_each(read_or_refusal(lambda: read_roster(path)))


@given(st.text(max_size=300))
def test_any_text_is_read_or_refused_with_one_line(text: str) -> None:
    outcome = read_or_refusal(lambda: parse_roster("name,club,member,gender\n" + text))
    one_line_each(outcome)
    if isinstance(outcome, Roster):
        assert all(row.player.name for row in outcome.rows)
