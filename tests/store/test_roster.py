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

from director.store.roster import (
    Layout,
    Roster,
    RosterError,
    open_roster,
    parse_roster,
    read_roster,
)
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


@pytest.mark.parametrize(
    ("encoding", "names"),
    [
        ("cp1252", ("Zoë Bell", "François Côté")),
        ("utf-8-sig", ("Łukasz Nowak", "Борис Петров")),
        ("utf-8", ("Åsa Öberg", "Łukasz Nowak")),
        ("utf-16", ("Борис Петров", "Zoë Bell")),
        ("utf-16-le", ("Łukasz Nowak", "Zoë Bell")),
    ],
)
@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_spreadsheet_encodings_and_separators_are_read(
    tmp_path: Path, encoding: str, names: tuple[str, str], delimiter: str
) -> None:
    path = tmp_path / "roster.csv"
    lines = [["Name", "Club"], [names[0], "Elm"], [names[1], "Oak, West"]]
    text = "".join(delimiter.join(f'"{c}"' if "," in c else c for c in r) + "\r\n" for r in lines)
    path.write_bytes(text.encode(encoding))
    read = read_roster(path)
    assert read.refused == ()
    assert [(r.player.name, r.player.club) for r in read.rows] == [
        (names[0], "Elm"),
        (names[1], "Oak, West"),
    ]


def test_the_encoding_is_named_for_the_preview(tmp_path: Path) -> None:
    path = tmp_path / "roster.csv"
    path.write_bytes("name\nZoë Bell\n".encode("cp1252"))
    assert open_roster(path).encoding == "Windows-1252"
    path.write_bytes("name\nZoë Bell\n".encode("utf-16"))
    assert open_roster(path).encoding == "UTF-16"


def test_bytes_no_spreadsheet_writes_name_their_line(tmp_path: Path) -> None:
    path = tmp_path / "roster.csv"
    path.write_bytes(b"name\nMrs Ames\nZo\x81\xe9 Bell\n")  # 0x81 is no Windows-1252 letter
    with pytest.raises(StoreError, match=r"line 3: cannot be read as text .* as 'CSV UTF-8'"):
        read_roster(path)


def test_a_roster_without_a_header_is_read_with_the_columns_named(tmp_path: Path) -> None:
    path = roster(tmp_path, "Mrs Ames;Elm;1\nMr Bell;Oak;1\n")
    with pytest.raises(StoreError, match=r"no header line .* --columns name,club,pair"):
        read_roster(path)
    read = read_roster(path, Layout.named("name,club,pair"))
    assert [(r.line, r.player.name, r.player.club, r.pair) for r in read.rows] == [
        (1, "Mrs Ames", "Elm", "1"),
        (2, "Mr Bell", "Oak", "1"),
    ]
    assert [(f.label, f.lines) for f in read.formed] == [("1", (1, 2))]


def test_a_list_of_names_alone_needs_no_header(tmp_path: Path) -> None:
    read = read_roster(roster(tmp_path, "Mrs Ames\nMr Bell\n"))
    assert [r.player.name for r in read.rows] == ["Mrs Ames", "Mr Bell"]


def test_named_columns_skip_a_header_row_that_names_them(tmp_path: Path) -> None:
    read = read_roster(roster(tmp_path, "Player,Club\nMrs Ames,Elm\n"), Layout.named("name,-"))
    assert [(r.line, r.player.name, r.player.club) for r in read.rows] == [(2, "Mrs Ames", None)]


def test_the_preview_guesses_the_columns_a_header_names(tmp_path: Path) -> None:
    header = "First name;Surname;Club;Member No.;Sex;Pair no;Team;Notes\n"
    rows = "Ann;Ames;Elm;7;L;3;Reds;late\nBo;Bell;Elm;8;G;3;;\n"
    cells = open_roster(roster(tmp_path, header + rows))
    assert cells.guess() == Layout(
        True, ("first", "last", "club", "member", "gender", "pair", "team", None)
    )
    read = cells.read(cells.guess())
    assert [(r.player.name, r.player.member_number, r.pair, r.team) for r in read.rows] == [
        ("Ann Ames", "7", "3", "Reds"),
        ("Bo Bell", "8", "3", None),
    ]
    assert [(f.label, f.team) for f in read.formed] == [("3", "Reds")]


def test_the_preview_guesses_names_and_genders_without_a_header(tmp_path: Path) -> None:
    cells = open_roster(roster(tmp_path, "12,Mrs Ames,L\n14,Mr Bell,G\n"))
    assert cells.guess() == Layout(False, (None, "name", "gender"))


@pytest.mark.parametrize(
    ("columns", "message"),
    [
        ("name,shoe size", "unknown roster field 'shoe size'"),
        ("club,member", "no 'name' column"),
        ("name,pair,couple", "pairs or couples, not both"),
        ("name,name", "two columns are read as the name"),
        ("name,team", "a team groups pairs"),
    ],
)
def test_a_column_choice_that_makes_no_players_is_refused(columns: str, message: str) -> None:
    with pytest.raises(StoreError, match=message):
        Layout.named(columns)


def test_a_pair_column_forms_the_pairs_players_share() -> None:
    read = parse_roster("name,pair\nMrs Ames,NS1\nMr Bell,EW1\nMr Cole,NS1\nMrs Dale,EW1\n")
    assert read.refused == ()
    assert [(f.label, f.kind, f.lines) for f in read.formed] == [
        ("NS1", "pair", (2, 4)),
        ("EW1", "pair", (3, 5)),
    ]


@pytest.mark.parametrize(
    ("rows", "refused"),
    [
        ("A,1\nB,1\nC,1\nD,2\nE,2\n", {2, 3, 4}),
        ("A,1\nB,2\nC,2\n", {2}),
    ],
)
def test_a_pair_label_two_players_do_not_share_refuses_its_lines(
    rows: str, refused: set[int]
) -> None:
    read = parse_roster("name,pair\n" + rows)
    assert {r.line for r in read.refused} == refused
    assert all("pair 1" in r.reason for r in read.refused)
    assert {r.line for r in read.rows}.isdisjoint(refused)


def test_a_partner_refused_for_its_own_reason_is_named() -> None:
    read = parse_roster("name,gender,pair\nMrs Ames,x,1\nMr Bell,G,1\n")
    assert [str(r) for r in read.refused] == [
        "line 2: not lady or gentleman: 'x' (use L, G or leave it empty)",
        "line 3: pair 1: the partner's line 2 is refused",
    ]


def test_a_couple_column_puts_the_lady_first_and_needs_both() -> None:
    read = parse_roster("name,gender,couple\nMr Ames,G,a\nMrs Ames,L,a\nMr B,G,b\nMr C,G,b\n")
    assert [(f.label, f.kind, f.lines) for f in read.formed] == [("a", "couple", (3, 2))]
    assert [r.line for r in read.refused] == [4, 5]
    assert "needs a lady and a gentleman" in read.refused[0].reason


def test_partners_given_two_teams_are_refused() -> None:
    read = parse_roster("name,pair,team\nA,1,Reds\nB,1,Blues\nC,2,Reds\nD,2,\n")
    assert [str(r) for r in read.refused] == [
        "line 2: pair 1 (lines 2 and 3) is given two teams: Blues and Reds",
        "line 3: pair 1 (lines 2 and 3) is given two teams: Blues and Reds",
    ]
    assert [(f.label, f.team) for f in read.formed] == [("2", "Reds")]


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
