"""Printing takes plain values: what an event's papers need is read once from any open event
(a file or a server database alike), and the grids they are drawn with cut across pages."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from director.errors import DirectorError
from director.printing.event import EventPapers, print_event_document, read_papers
from director.printing.fonts import register_fonts
from director.printing.grids import Grid, grid
from director.printing.printed import Printed
from director.scoring.model import SectionPlay
from director.store.table_values import TableToken
from director.store.values import EventInfo, EventSettings, SessionInfo
from schedules.types import Movement
from tests.printing.pdf import lines
from tests.scoring.builders import mitchell, random_results

MOVEMENT = mitchell(3, 2)
NAMES = {"1": "Mrs Ames & Mr Bell"}


@dataclass
class CountingEvent:
    """An open event held in memory, counting what is read from it."""

    reads: list[str] = field(default_factory=list)
    tokens: tuple[TableToken, ...] = ()
    empty: int = 0
    """Places of the movement the roster leaves empty."""

    def info(self) -> EventInfo:
        self.reads.append("info")
        return EventInfo("Club night", date(2026, 11, 23), None, EventSettings(), "head")

    def sessions(self) -> tuple[SessionInfo, ...]:
        self.reads.append("sessions")
        return (SessionInfo(1, "Session 1", ("A",)),)

    def movement(self, *, session: int = 1, section: str = "A") -> Movement:
        self.reads.append("movement")
        return MOVEMENT

    def scoring_input(self, *, session: int = 1, section: str = "A") -> SectionPlay:
        self.reads.append("scoring_input")
        return SectionPlay(MOVEMENT, tuple(random_results(MOVEMENT, 1)), names=NAMES)

    def empty_places(self, *, session: int = 1, section: str = "A") -> int:
        self.reads.append("empty_places")
        return self.empty

    def printed_names(self) -> dict[str, str]:
        self.reads.append("printed_names")
        return NAMES

    def table_links(self) -> tuple[TableToken, ...]:
        self.reads.append("table_links")
        return self.tokens


def test_several_papers_read_the_event_once_and_score_it_once() -> None:
    event = CountingEvent()
    papers = read_papers(event, ("results", "table-cards", "travellers"))
    # the scoring input holds the movement: the movement is not read a second time
    assert sorted(event.reads) == [
        "empty_places",
        "info",
        "printed_names",
        "scoring_input",
        "sessions",
    ]
    assert papers.scored is not None
    assert papers.movement is papers.scored.scoring.movement
    assert "Club night — 23 November 2026 — Session 1" in lines(
        print_event_document(papers, "results", parts=("standings",))
    )
    assert "Pair 1: Mrs Ames & Mr Bell" in " ".join(
        lines(print_event_document(papers, "table-cards"))
    )


def test_movement_papers_read_no_scores_and_links_only_for_the_table_cards() -> None:
    event = CountingEvent()
    papers = read_papers(event, ("indicators",), links_base="http://192.168.1.20:8765")
    assert "scoring_input" not in event.reads
    assert "table_links" not in event.reads
    assert papers.scored is None
    with pytest.raises(ValueError, match="not read"):
        print_event_document(papers, "results")


def test_table_cards_without_links_yet_are_refused_in_one_line() -> None:
    with pytest.raises(DirectorError, match="no links yet"):
        read_papers(CountingEvent(), ("table-cards",), links_base="http://192.168.1.20:8765")


def test_papers_seating_a_pair_who_is_not_there_are_refused_with_the_movement_to_choose() -> None:
    # the 3-table Mitchell seats 6 pairs; 4 are entered
    with pytest.raises(DirectorError) as refused:
        read_papers(CountingEvent(empty=2), ("indicators",))
    assert str(refused.value) == (
        "4 pairs are entered and the movement is for 6: choose the movement for 4 pairs (or"
        " enter the pairs still missing), so that no paper seats a competitor who is not there"
    )


def test_the_results_alone_print_whatever_places_are_empty() -> None:
    assert read_papers(CountingEvent(empty=2), ("results",)).scored is not None


def test_papers_print_from_plain_values_with_no_event_at_all() -> None:
    papers = EventPapers("Club night — Session 1", MOVEMENT, Printed(NAMES))
    text = " ".join(lines(print_event_document(papers, "scorecards")))
    assert "Club night — Session 1" in text
    assert "Mrs Ames & Mr Bell" in text


def test_an_unknown_document_names_those_that_can_be_printed() -> None:
    with pytest.raises(DirectorError, match="unknown document 'menu'; use one of: indicators"):
        read_papers(CountingEvent(), ("menu",))


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 60), st.floats(0, 800))
def test_a_grid_cut_across_pages_repeats_its_heading_and_keeps_every_row(
    rows: int, room: float
) -> None:
    register_fonts()
    whole = grid(
        ("Tray", "Where"), [[str(r), "stand by table 3"] for r in range(rows)], (0.3, 0.7), 300
    )
    parts = whole.split(300, room)
    if not parts:  # not even one row fits under the heading, or the whole grid fits
        fits = whole.heading.height + whole.row_heights[0] <= room
        assert not fits or whole.height <= room
        return
    first, rest = parts
    assert isinstance(first, Grid)
    assert isinstance(rest, Grid)
    assert first.heading is rest.heading is whole.heading
    assert first.rows + rest.rows == whole.rows
    assert first.height <= room < first.height + rest.row_heights[0]
