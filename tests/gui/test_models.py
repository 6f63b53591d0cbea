"""Qt models read through `model.data(...)`, with no window."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from director.evening.proposals import Ask, FieldKind, candidates, propose
from director.gui.demo import pair_up
from director.gui.screens.movement.model import (
    COL_NOTES,
    COL_ROUNDS,
    COL_TABLES,
    GridModel,
    ProposalModel,
)
from director.gui.screens.players.model import roster_model, roster_rows, search_proxy
from director.gui.screens.scores.model import COL_NS_TRICKS, ScoreModel, ScoreRow, View, score_rows
from director.gui.screens.slips.model import COL_TRUMP, SlipModel, SlipRow, slip_rows
from director.gui.tablemodel import Column, RowRole, RowsModel, SortRole
from director.store.services import EventStore
from director.store.values import Partnership, Player, ResultEntry
from schedules.catalog import Request, build
from schedules.jsonio import load_movement
from tests.conftest import MOVEMENTS

MINUTES_PER_TRAY = Fraction(7)


def test_proposals_list_fitting_movements_first_with_reasons_for_the_rest(qapp) -> None:
    ask = Ask(FieldKind.PAIRS, 10, Fraction(150), MINUTES_PER_TRAY)
    rows = [propose(ask, fam, variant) for fam, variant in candidates(FieldKind.PAIRS)]
    model = ProposalModel(MINUTES_PER_TRAY)
    model.set_rows(rows, MINUTES_PER_TRAY)
    assert model.rowCount() == len(rows)
    first = model.data(model.index(0, 0), RowRole)
    assert first.fits
    assert model.data(model.index(0, COL_TABLES)) == 5
    assert model.data(model.index(0, COL_ROUNDS)) == first.movement.rounds
    refused = [
        r for r in range(model.rowCount()) if not model.data(model.index(r, 0), RowRole).fits
    ]
    assert refused, "an odd number of tables rules out the even-table variants"
    assert all(model.data(model.index(r, COL_NOTES)) for r in refused)
    assert model.data(model.index(refused[0], 0), Qt.ItemDataRole.ToolTipRole)


def test_grid_shows_who_sits_where_round_by_table(qapp) -> None:
    movement = load_movement(str(MOVEMENTS / "howellcards-mitchell8x4.json"))
    grid = GridModel()
    grid.set_movement(movement)
    assert grid.rowCount() == movement.rounds
    assert grid.columnCount() == len(movement.table_numbers)
    seating = movement.seatings[0]
    row, column = seating.round - 1, movement.table_numbers.index(seating.table)
    cell = grid.data(grid.index(row, column))
    assert f"{seating.ns} v {seating.ew}" in cell
    assert f"trays {','.join(map(str, seating.trays))}" in cell
    grid.set_movement(None)
    assert grid.rowCount() == 0


def test_grid_shows_both_parts_of_a_half_round(qapp) -> None:
    movement = build(Request("howell", tables=5, variant="half-rounds"))
    grid = GridModel()
    grid.set_movement(movement)
    first, second = [s for s in movement.seatings if (s.round, s.table) == (1, 5)]
    cell = grid.data(grid.index(0, movement.table_numbers.index(5)))
    assert (len(first.trays), len(second.trays)) == (1, 1)
    assert f"tray {first.trays[0]}\n" in cell  # one tray: "tray", not "trays"
    assert f"tray {second.trays[0]} (switched)" in cell


def test_roster_search_filters_on_any_column(qapp) -> None:
    players = [
        Player(1, "Mrs Ames", "Riverside"),
        Player(2, "Mr Brown", "Hill"),
        Player(3, "Dr Clay"),
    ]
    model = roster_model()
    model.set_rows(roster_rows(players, [Partnership("NS1", (1, 2))]))
    proxy = search_proxy(model)
    assert model.data(model.index(0, 4)) == "NS1"
    assert model.data(model.index(2, 4)) == ""
    proxy.setFilterFixedString("hill")
    assert proxy.rowCount() == 1
    assert proxy.data(proxy.index(0, 0)) == "Mr Brown"
    proxy.setFilterFixedString("ns1")
    assert proxy.rowCount() == 2


@pytest.fixture
def mitchell_store(store: EventStore) -> EventStore:
    movement = build(Request("mitchell", tables=3, trays_per_round=2))
    for n in range(len(movement.field) * 2):
        store.add_player(f"Player {n}")
    pair_up(store, movement.field)
    store.choose_movement(movement)
    return store


def test_score_grid_refuses_impossible_tricks_in_place(qapp, mitchell_store: EventStore) -> None:
    store = mitchell_store
    movement = store.movement()

    def enter(row: ScoreRow, tricks: int) -> ScoreRow:
        result = store.record_result(ResultEntry(1, row.round, row.table, row.tray, tricks))
        return ScoreRow(row.round, row.table, row.tray, row.ns, row.ew, result)

    model = ScoreModel(enter)
    model.set_rows(score_rows(movement, store.results(), View(round=1)))
    assert model.counts() == (0, 6)
    cell = model.index(0, COL_NS_TRICKS)
    assert model.flags(cell) & Qt.ItemFlag.ItemIsEditable
    assert not model.setData(cell, "14")
    assert "0 to 13" in model.data(cell, Qt.ItemDataRole.ToolTipRole)
    assert not model.setData(cell, "seven")
    assert "not a number of tricks" in model.data(cell, Qt.ItemDataRole.ToolTipRole)
    assert model.setData(cell, "8")
    assert model.data(cell) == "8"
    assert model.data(model.index(0, COL_NS_TRICKS + 1)) == "5"
    assert model.data(model.index(0, COL_NS_TRICKS + 2)) == "entered"
    assert "not a number" not in model.data(cell, Qt.ItemDataRole.ToolTipRole)
    assert model.counts() == (1, 6)
    by_tray = score_rows(movement, store.results(), View(tray=model.row(0).tray))
    assert {r.round for r in by_tray} == {
        s.round for s in movement.seatings if model.row(0).tray in s.trays
    }


def test_slip_grid_records_and_refuses(qapp, mitchell_store: EventStore) -> None:
    store = mitchell_store

    def record(row: SlipRow, text: str) -> SlipRow:
        slip = store.record_slip(row.tray.number, text)
        return SlipRow(row.tray, slip.version, slip)

    model = SlipModel(record)
    model.set_rows(slip_rows(store.movement(), store.deals(), store.slips()))
    cell = model.index(0, COL_TRUMP)
    assert not model.setData(cell, "ZZ")
    assert "not a card" in model.data(cell, Qt.ItemDataRole.ToolTipRole)
    assert model.setData(cell, "10h")
    assert model.data(cell) == "10H"  # a ten reads as players write it, never "TH"
    assert [s.card.suit for s in store.slips()] == ["H"]


def test_demo_roster_file_round_trips(tmp_path: Path, store: EventStore) -> None:
    from director.gui.demo import roster_csv

    store.import_roster(roster_csv(tmp_path / "roster.csv", 6))
    assert len(store.players()) == 6
    assert {p.club for p in store.players()} == {"Riverside"}


def test_a_mixed_field_fills_tables_and_names_who_is_left_over(qapp) -> None:
    ladies = tuple(f"Mrs {c}" for c in "ABCDEFG")  # seven ladies
    gentlemen = tuple(f"Mr {c}" for c in "ABCDEF")  # six gentlemen: three tables
    ask = Ask(
        FieldKind.LADIES_GENTLEMEN,
        13,
        Fraction(150),
        MINUTES_PER_TRAY,
        ladies=ladies,
        gentlemen=gentlemen,
    )
    offered = list(candidates(FieldKind.LADIES_GENTLEMEN))
    assert {fam.name for fam, _ in offered} == {"ladies-gentlemen"}
    rows = [propose(ask, fam, variant) for fam, variant in offered]
    fitting = [p for p in rows if p.fits]
    assert fitting
    assert all(p.movement.tables == 3 for p in fitting)
    assert fitting[0].left_over == ("Mrs G",)
    assert fitting[0].warnings()[0] == "Left over (no place at a table): Mrs G"
    assert fitting[0].summary().endswith("; no place for Mrs G")


def test_the_window_proposes_the_mixed_field_from_the_roster(window) -> None:
    from director.store.values import Gender

    store = window.context.store
    for i in range(4):
        store.add_player(f"Lady {i}", gender=Gender.LADY)
        store.add_player(f"Gentleman {i}", gender=Gender.GENTLEMAN)
    window._suggest_field()
    ask = window.movement.ask()
    assert ask.kind is FieldKind.LADIES_GENTLEMEN
    assert ask.fill.tables == 2
    assert ask.fill.left_over == ()


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("sv_SE", ["Anna", "Lucas", "Łukasz", "Zoe", "Åsa", "Örjan", "Борис"]),
        ("en_GB", ["Anna", "Åsa", "Lucas", "Łukasz", "Örjan", "Zoe", "Борис"]),
        ("pl_PL", ["Anna", "Åsa", "Lucas", "Łukasz", "Örjan", "Zoe", "Борис"]),
    ],
)
def test_the_roster_sorts_names_as_the_locale_reads_them(
    qapp, locale: str, expected: list[str]
) -> None:
    from PySide6.QtCore import QLocale

    from director.gui.screens.players.model import CollatingProxy

    shuffled = ["Борис", "Zoe", "Łukasz", "Åsa", "anna", "Örjan", "Lucas"]
    model = roster_model()
    model.set_rows(roster_rows([Player(n, name) for n, name in enumerate(shuffled)], []))
    proxy = CollatingProxy(locale=QLocale(locale))
    proxy.setSourceModel(model)
    proxy.setSortRole(SortRole)
    proxy.sort(0)
    shown = [proxy.data(proxy.index(r, 0)) for r in range(proxy.rowCount())]
    assert shown == [name if name != "Anna" else "anna" for name in expected]


def test_updating_rows_in_place_repaints_only_the_runs_that_changed(qapp) -> None:
    model: RowsModel[tuple[str, int]] = RowsModel(
        (Column("Name", lambda r: r[0]), Column("Figure", lambda r: r[1]))
    )
    model.set_rows([("a", 1), ("b", 2), ("c", 3), ("d", 4), ("e", 5)])
    painted: list[tuple[int, int, int]] = []
    resets: list[int] = []
    model.dataChanged.connect(
        lambda first, last, *_: painted.append((first.row(), last.row(), last.column()))
    )
    model.modelReset.connect(lambda: resets.append(1))
    moved = [("a", 1), ("b", 9), ("c", 8), ("d", 4), ("e", 7)]
    assert model.update_rows(moved, key=lambda r: r[0]) == [1, 2, 4]
    assert painted == [(1, 2, 1), (4, 4, 1)]
    assert model.rows() == moved
    assert model.update_rows(moved) == []  # nothing changed, nothing repainted
    assert painted == [(1, 2, 1), (4, 4, 1)]
    # other rows (another count, or other keys in place) are not put in place: reset them
    assert model.update_rows(moved[:4]) is None
    assert model.update_rows([("z", 1), *moved[1:]], key=lambda r: r[0]) is None
    assert model.rows() == moved
    assert resets == []


def test_a_shown_row_repaints_only_the_cells_that_read_otherwise(qapp) -> None:
    model: RowsModel[tuple[str, Fraction, int]] = RowsModel(
        (
            Column("Name", lambda r: r[0]),
            Column("Figure", lambda r: r[1]),
            Column("Count", lambda r: r[2]),
        )
    )
    model.set_rows([("a", Fraction(1), 1), ("b", Fraction(2), 2), ("c", Fraction(1, 3), 3)])
    shown = [[model.data(model.index(n, c)) for c in range(3)] for n in range(3)]  # painted
    assert shown == [["a", "1", "1"], ["b", "2", "2"], ["c", "0.33", "3"]]
    painted: list[tuple[int, int, int, int]] = []
    resets: list[int] = []
    model.dataChanged.connect(
        lambda first, last, *_: painted.append(
            (first.row(), first.column(), last.row(), last.column())
        )
    )
    model.modelReset.connect(lambda: resets.append(1))
    moved = [("a", Fraction(1), 1), ("b", Fraction(5, 2), 2), ("c", Fraction(3334, 10000), 4)]
    assert model.update_rows(moved) == [1, 2]
    # b's figure and c's count; c's figure still reads 0.33: no repaint for it
    assert sorted(painted) == [(1, 1, 1, 1), (2, 2, 2, 2)]
    assert model.data(model.index(1, 1)) == "2.5"
    assert model.data(model.index(2, 1)) == "0.33"
    assert model.rows() == moved
    painted.clear()
    model.replace_row(2, ("c", Fraction(1, 2), 4))
    assert painted == [(2, 1, 2, 1)]
    assert model.data(model.index(2, 1)) == "0.5"
    assert resets == []  # never reset: a view keeps its selection, scroll and open editor
