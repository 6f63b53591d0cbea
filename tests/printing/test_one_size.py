"""A name is printed as large as the one beside it: every text of a column of table cards and
indicators at one size across the document, wrapped rather than shrunk alone, never below the
legible floor."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reportlab.pdfbase.pdfmetrics import stringWidth

from director.printing import fit
from director.printing.fonts import REGULAR, register_fonts
from director.store.services import EventStore
from schedules.catalog import Request, build
from tests.printing.event_files import print_event_file
from tests.printing.pdf import text_sizes

register_fonts()

NAMES = (
    ("Mrs Ames", "Mr Bell"),
    ("Dr Featherstonehaugh-Cholmondeley", "Mrs Postlethwaite-Montgomery"),
    ("Ms Ng", "Mr Lee"),
    ("Mrs Delacroix-Smythe", "Mr Wainwright"),
)

texts = st.lists(
    st.text(alphabet="abcdefghij KLMN-", min_size=1, max_size=40).filter(str.strip),
    min_size=1,
    max_size=6,
)


@given(texts, st.floats(30, 300), st.floats(8, 20), st.one_of(st.none(), st.floats(10, 60)))
def test_the_common_size_is_the_largest_at_which_every_text_fits(
    chosen: list[str], width: float, size: float, height: float | None
) -> None:
    at = fit.common_size(chosen, width, size, REGULAR, height)
    assert fit.FLOOR_SIZE <= at <= max(size, fit.FLOOR_SIZE)

    def fits(s: float) -> bool:
        room = 1 if height is None else max(int(height / (s * fit.LEADING) + 0.001), 1)
        laid = [fit.fit(t, width, s, REGULAR, 1.0) for t in chosen]
        return all(x.size == s and len(x.lines) <= room for x in laid)

    if at > fit.FLOOR_SIZE:
        assert fits(at)
    if at < size and at + 0.5 <= size:
        assert not fits(at + 0.5)


def test_a_double_barrelled_name_wraps_at_its_hyphen_and_a_range_of_trays_never() -> None:
    width = stringWidth("Featherstonehaugh-", REGULAR, 10) + 1
    laid = fit.fit("Featherstonehaugh-Cholmondeley", width, 10, floor=1.0)
    assert laid.lines == ("Featherstonehaugh-", "Cholmondeley")
    assert fit.pieces("trays 101-102 for tables 1-5") == [
        "trays",
        "101-102",
        "for",
        "tables",
        "1-5",
    ]


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("one-size") / "club.whist"
    movement = build(Request("mitchell", tables=4))
    with EventStore.create(path, "Club night") as store:
        store.choose_movement(movement)
        for k, label in enumerate(movement.field):
            names = NAMES[k % len(NAMES)]
            ids = [store.add_player(f"{n} {label}").id for n in names]
            store.form_partnership(label, ids)
    return path


def _sizes_of(pdf: bytes, start: str) -> set[float]:
    return {size for text, size in text_sizes(pdf) if text.startswith(start)}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_name_on_the_table_cards_is_at_one_size(event: Path, paper: str) -> None:
    pdf = print_event_file(event, "table-cards", paper=paper)
    # the first line of every name ("Pair NS1: Mrs Ames NS1 & ...", long or short) in either column
    sizes = _sizes_of(pdf, "Pair ")
    assert len(sizes) == 1
    assert min(sizes) >= fit.FLOOR_SIZE


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_name_on_the_indicators_is_at_one_size(event: Path, paper: str) -> None:
    pdf = print_event_file(event, "indicators", paper=paper)
    sizes = _sizes_of(pdf, "Pair ")
    assert len(sizes) == 1
    assert min(sizes) >= fit.FLOOR_SIZE


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_entry_and_name_on_the_entry_list_is_at_one_size(event: Path, paper: str) -> None:
    pdf = print_event_file(event, "sign-in", paper=paper)
    assert len(_sizes_of(pdf, "Pair ")) == 1  # the entries
    names = {size for text, size in text_sizes(pdf) if text.startswith(("Mrs", "Dr", "Ms"))}
    assert len(names) == 1  # long names and short at one size


def test_every_cell_of_the_thirty_table_recap_is_at_one_size() -> None:
    from director.printing.documents import print_movement_document

    pdf = print_movement_document(build(Request("howell", tables=30)), "movement")
    cells = {size for text, size in text_sizes(pdf) if " v " in text}
    assert len(cells) == 1
    assert min(cells) >= fit.FLOOR_SIZE
