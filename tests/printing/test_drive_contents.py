"""What the drive's papers say, checked without drawing them: places shared by equal totals,
a card's lines, the directions at every table, and every text fitting its box on the papers."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.printing import fit
from director.printing.drive import blank_papers, print_drive_papers
from director.printing.drive_cards import card_lines
from director.printing.drive_contents import directions, placed, standing_headings
from director.scoring.drive import Standing, ranked
from schedules.progressive import DriveSettings, Field, Layout, MovingRule, Trumps


@given(st.lists(st.integers(0, 8), min_size=1, max_size=30))
def test_equal_totals_share_a_place_and_the_next_place_counts_them(tricks: list[int]) -> None:
    table = ranked(Standing(f"P{k:02d}", (t,)) for k, t in enumerate(tricks))
    places = placed(table)
    for k, (place, standing) in enumerate(zip(places, table, strict=True)):
        ahead = sum(1 for other in table if other.total > standing.total)
        tied = sum(1 for other in table if other.total == standing.total) > 1
        assert place == f"{ahead + 1}{'=' if tied else ''}", k


def test_a_half_trick_average_is_not_equal_to_the_whole_trick_below_it() -> None:
    table = ranked([Standing("A", (Fraction(13, 2),)), Standing("B", (6,)), Standing("C", (6,))])
    assert placed(table) == ("1", "2=", "2=")


@given(st.integers(1, 8), st.integers(1, 4), st.booleans())
def test_a_card_has_every_hand_once_in_order_and_a_total_after_each_half(
    per_half: int, halves: int, turned: bool
) -> None:
    trumps = Trumps.TURNED if turned else Trumps.ROTATION
    settings = DriveSettings(tables=2, hands=per_half * halves, halves=halves, trumps=trumps)
    lines = card_lines(settings)
    assert [line.hand for line in lines if line.hand] == list(range(1, settings.hands + 1))
    totals = [k for k, line in enumerate(lines) if line.hand is None]
    assert totals == [(per_half + 1) * h - 1 for h in range(1, halves + 1)]
    assert lines[-1].words == "Final total"
    assert all((settings.trump(line.hand) or "") in line.words for line in lines if line.hand)


@pytest.mark.parametrize("rule", list(MovingRule))
@pytest.mark.parametrize("layout", list(Layout))
def test_every_table_sends_its_movers_to_a_neighbour_and_says_the_end_of_a_line(
    rule: MovingRule, layout: Layout
) -> None:
    settings = DriveSettings(tables=5, rule=rule, layout=layout, field=Field.BY_SEAT)
    for table in range(1, 6):
        said = " ".join(directions(settings, table))
        up = table % 5 + 1
        assert f"up to table {up}" in said
        if rule is not MovingRule.PARTNER:
            assert f"down to table {(table - 2) % 5 + 1}" in said
            assert "player from North or East" in said
        # from the last table up, or (but for pairs, who only move up) from table 1 down
        ends = (5,) if rule is MovingRule.PARTNER else (1, 5)
        wraps = table in ends and layout is not Layout.CIRCLE
        assert (f"of the {layout.value}" in said) == wraps


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_text_on_the_blank_papers_runs_out_of_its_box(paper: str) -> None:
    for turned in (False, True):
        trumps = Trumps.TURNED if turned else Trumps.ROTATION
        papers = blank_papers("Harvest drive", DriveSettings(tables=13, hands=24, trumps=trumps))
        with fit.recording() as measured:
            print_drive_papers(papers, ["score-cards", "table-cards", "caller"], paper)
        assert measured
        assert [m for m in measured if m.overflows or m.cut] == []


def test_progress_runs_once_through_every_paper_and_never_goes_back() -> None:
    papers = blank_papers("Harvest drive", DriveSettings(tables=3, hands=8))
    heard: list[tuple[int, int]] = []
    print_drive_papers(papers, ["table-cards", "score-cards"], "a4", lambda *d: heard.append(d))
    done = [d for d, _ in heard]
    assert done == sorted(done)
    assert heard[-1] == (2000, 2000)
    assert {total for _, total in heard} == {2000}
    assert len(heard) == 3 + 12  # a step per table card, then per score card


def test_a_drive_by_seat_has_no_ladies_and_gentlemen_on_its_papers() -> None:
    settings = DriveSettings(tables=2, hands=4, halves=1, field=Field.BY_SEAT)
    papers = blank_papers("Open drive", settings)
    assert standing_headings(papers) == ("Place", "Name", "Tricks", "Won", "Sat out")
    assert {card.part for card in papers.cards} == {""}
    assert (
        standing_headings(
            replace(papers, settings=replace(settings, field=Field.LADIES_GENTLEMEN))
        )[2]
        == "Part"
    )
