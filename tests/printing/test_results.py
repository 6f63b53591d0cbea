"""Results read back from the PDF: every standing and figure equals the scoring engine's."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from director.errors import DirectorError
from director.printing import fit, results
from director.printing.base import Header
from director.printing.result_contents import (
    REVOKE_KEY,
    TRICKS_HEADING,
    WINNER_MARK,
    results_document,
    revoke_marks,
    winning_figure,
)
from director.printing.scorecards import NAME_LINE
from director.scoring import score_section
from director.scoring.model import (
    Irregularity,
    IrregularityKind,
    Method,
    NewDeal,
    SectionPlay,
    SectionResult,
    Settings,
    TableResult,
)
from director.scoring.text import figure
from director.store.services import EventStore
from director.store.values import ResultEntry
from schedules import catalog
from tests.printing.event_files import print_event_file
from tests.printing.pdf import ink_fraction, lines, pages, to_png
from tests.scoring.builders import mitchell, random_results, revoke, session

HEADER = Header("Results", "Club night — 23 November 2026 — Session 1")


def scored(
    method: Method = Method.PLUS_MINUS, tables: int = 5
) -> tuple[SectionPlay, SectionResult]:
    movement = mitchell(tables, 2)
    names = {label: f"Name of {label}" for label in movement.field}
    s = session(movement, random_results(movement, 7), Settings(method=method), names=names)
    return s, score_section(s)


def standings_rows(text: list[str], title: str, columns: int) -> list[list[str]]:
    """The rows printed under one "Standings: ..." heading."""
    start = text.index(f"Standings: {title}")
    heading = text.index("+/-", start)
    rows: list[list[str]] = []
    cursor = heading + (3 if columns == 9 else 1)
    while cursor < len(text) and not text[cursor].startswith(("Standings:", "Deals")):
        row = text[cursor : cursor + columns]
        rows.append(row)
        cursor += columns
    return rows


@pytest.mark.parametrize("method", [Method.PLUS_MINUS, Method.MATCHPOINTS])
def test_every_standing_and_figure_equals_the_scoring_engines(method: Method) -> None:
    s, result = scored(method)
    pdf = results.render(results_document(s, result), HEADER, "a4", parts=("standings",))
    text = lines(pdf)
    won = {label for w in result.winners for label in w.labels}
    for field, standings in result.standings.items():
        printed = [
            line
            for line in text[text.index(f"Standings: {field}") :]
            if not line.startswith("page ")
        ]
        equated = any(st.equated is not None for st in standings)
        cursor = printed.index("%" if method is Method.MATCHPOINTS else "+/-") + 1
        cursor += 1 if equated and method is Method.PLUS_MINUS else 0
        for st in standings:
            expected = [st.place, st.label, s.names[st.label], str(st.deals), figure(st.raw)]
            expected.append(figure(st.plus_minus, signed=True))
            if equated:
                expected.append(figure(st.equated))
            if method is Method.MATCHPOINTS:
                expected += [figure(st.matchpoints), figure(st.percent)]
            if printed[cursor] == WINNER_MARK:
                assert st.label in won
                cursor += 1
            assert printed[cursor : cursor + len(expected)] == expected
            cursor += len(expected)
    for w in result.winners:
        assert any(line.startswith(f"{WINNER_MARK} {w.title}: ") for line in text)


def test_the_deal_sheet_shows_each_tables_tricks_average_and_plus_minus() -> None:
    s, result = scored()
    pdf = results.render(results_document(s, result), HEADER, "a4", parts=("deals",))
    text = " | ".join(lines(pdf))
    for deal in result.deals:
        average = f"Average: N-S {figure(deal.avg_ns)}, E-W {figure(deal.avg_ew)}"
        assert average in text
        for t in deal.tables:
            row = [str(t.round), str(t.table), *t.ns, *t.ew, str(t.made_ns)]
            row += [figure(t.counted_ns), figure(t.pm_ns, True), figure(t.pm_ew, True)]
            assert " | ".join(row) in text


def test_revoke_marks_awards_and_new_deals_are_printed_with_the_law() -> None:
    movement = mitchell(5, 1)
    plays = random_results(movement, 2)
    trays = {t.number: t for t in movement.trays}

    def overplay(r: TableResult) -> bool:
        return (r.round, r.table) != (trays[r.tray].original_round, trays[r.tray].original_table)

    wrong = next(i for i, r in enumerate(plays) if overplay(r))
    revoked = next(i for i, r in enumerate(plays) if r.tray != plays[wrong].tray)
    plays[wrong] = replace(
        plays[wrong], ns_tricks=None, irregularity=Irregularity(IrregularityKind.WRONG_CARDS)
    )
    plays[revoked] = replace(plays[revoked], ns_tricks=6, revokes=(revoke("ns", 1, 3),))
    tray = next(
        t for t in movement.tray_numbers if t not in (plays[wrong].tray, plays[revoked].tray)
    )
    replay = [replace(r, version=2) for r in plays if r.tray == tray]
    new = NewDeal(tray, 2, IrregularityKind.MISDEAL, "exposed card")
    s = SectionPlay(movement, tuple(plays + replay), new_deals=(new,))
    result = score_section(s)
    pdf = results.render(results_document(s, result), HEADER, "a4")
    text = " | ".join(lines(pdf))
    # what happened, what it did to the score and the law (a cell that wraps prints as lines)
    assert "wrong cards on the overplay: average, Law V Sec.1" in " ".join(lines(pdf))
    marks = result.deal(plays[revoked].tray).tables
    (scored_revoke,) = [t for t in marks if t.round == plays[revoked].round]
    assert "R" in "".join(scored_revoke.marks)
    printed = revoke_marks(scored_revoke.marks)
    side = "N-S" if scored_revoke.marks[0] else "E-W"
    assert printed.startswith(f"{side} ")
    assert f"| {printed} |" in text
    assert f"Tray {tray} (deal version 2)" in text
    assert "New deal: version 2 replaces version 1 (Law II Sec.2: exposed card)" in text


def test_personal_sheets_mark_a_revoke_from_each_sides_view_and_say_what_the_marks_mean() -> None:
    movement = mitchell(5, 1)
    plays = random_results(movement, 2)
    plays[0] = replace(plays[0], ns_tricks=6, revokes=(revoke("ns", 1, 3),))
    s = SectionPlay(movement, tuple(plays))
    sheets = {t.title: t for t in results_document(s, score_section(s)).personal}
    seating = next(x for x in movement.seatings if (x.round, x.table) == (1, plays[0].table))
    revoker, opponents = seating.ns, seating.ew
    for label, mark in (revoker, "-R"), (opponents, "+R"):
        sheet = sheets[label]
        (row,) = [r for r in sheet.rows if r[:3] == (str(plays[0].tray), "1", str(seating.table))]
        assert row[5].endswith(f" {mark}")
        assert sheet.headings[5] == TRICKS_HEADING
        assert REVOKE_KEY in sheet.notes
    untouched = [t for who, t in sheets.items() if who not in (revoker, opponents)]
    assert untouched
    assert all(REVOKE_KEY not in t.notes for t in untouched)


def test_personal_sheets_total_each_competitors_deals() -> None:
    s, result = scored()
    pdf = results.render(results_document(s, result), HEADER, "a4", parts=("personal",))
    text = lines(pdf)
    flat = " ".join(text)
    overall = {st.label: st for st in result.standings["overall"]}
    for label, st in overall.items():
        assert f"{label} {s.names[label]}" in text
        total = f"Total: {figure(st.raw)} tricks, plus/minus {figure(st.plus_minus, signed=True)}"
        if st.equated is not None:
            total += f", equated {figure(st.equated)}"
        assert total in flat


def test_headers_carry_event_date_session_and_page_n_of_m() -> None:
    s, result = scored(tables=9)
    pdf = results.render(results_document(s, result), HEADER, "letter")
    printed = pages(pdf)
    assert len(printed) > 2
    for n, text in enumerate(printed, start=1):
        assert HEADER.subtitle in text
        assert re.search(rf"page {n} of {len(printed)}\b", text)


def test_no_figure_overflows_with_very_long_names() -> None:
    s, result = scored(tables=15)
    long = dict.fromkeys(s.movement.field, "Featherstonehaugh-Cholmondeley " * 3)
    with fit.recording() as measured:
        results.render(results_document(replace(s, names=long), result), HEADER, "a4")
    assert [m for m in measured if m.overflows] == []


def test_an_unknown_part_is_refused_with_the_known_ones() -> None:
    s, result = scored()
    with pytest.raises(DirectorError, match="standings, deals, personal"):
        results.render(results_document(s, result), HEADER, "a4", parts=("winners",))


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "club.whist"
    movement = mitchell(5, 2)
    with EventStore.create(path, "Club night", held_on=date(2026, 11, 23)) as store:
        store.choose_movement(movement)
        ames = store.add_player("Mrs Ames").id
        brown = store.add_player("Mr Featherstonehaugh-Cholmondeley").id
        store.form_partnership("1", (ames, brown))
        for r in random_results(movement, 3):
            store.record_result(ResultEntry(1, r.round, r.table, r.tray, r.ns_tricks))
    return path


def test_results_from_an_event_file_match_its_standings(event: Path) -> None:
    pdf = print_event_file(event, "results", parts=("standings",))
    text = lines(pdf)
    with EventStore.open(event) as store:
        standings = store.standings()
    assert "Club night — 23 November 2026 — Session 1" in text
    overall = standings.standings["overall"]
    for st in overall:
        assert figure(st.plus_minus, signed=True) in text
    winner = standings.winners[0]
    shown = winning_figure(winner.figure, mp=False, lost=False, teams=False)
    assert shown == f"{figure(winner.figure, signed=True)} tricks against the average"
    assert f"{WINNER_MARK} {winner.title}: {winner.labels[0]} ({shown})" in text


def test_movement_documents_from_an_event_file(event: Path) -> None:
    pdf = print_event_file(event, "table-cards")
    assert len(pages(pdf)) == 5
    assert "Club night — 23 November 2026 — Session 1" in lines(pdf)


def test_an_event_session_that_does_not_exist_is_refused(event: Path) -> None:
    with pytest.raises(DirectorError, match="no session 3; it has 1"):
        print_event_file(event, "results", session=3)


def test_safford_results_show_tricks_lost_and_husband_against_wife() -> None:
    movement = catalog.build(catalog.Request(family="safford", couples=8))
    s = SectionPlay(movement, tuple(random_results(movement, 5)))
    result = score_section(s)
    text = " | ".join(lines(results.render(results_document(s, result), HEADER, "a4")))
    for st in result.standings["overall"]:
        equated = "" if st.equated is None else f" {figure(st.equated)} |"
        pm = figure(st.plus_minus, signed=True)
        assert f"| {pm} |{equated} {figure(13 * st.deals - st.raw)} |" in text
    assert "Husband against wife" in text
    for c in result.couples:
        row = [c.couple, c.wife, c.husband, str(c.deals), figure(c.wife_lost)]
        assert " | ".join([*row, figure(c.husband_lost)]) in text


def test_score_cards_from_an_event_carry_the_players_names(event: Path) -> None:
    text = lines(print_event_file(event, "scorecards"))
    assert "Mrs Ames & Mr Featherstonehaugh-Cholmondeley" in text
    assert text.count(NAME_LINE) == 9  # the other nine pairs have no names yet


def test_results_render_to_pages_with_ink_and_report_progress(tmp_path: Path) -> None:
    s, result = scored()
    seen: list[tuple[int, int]] = []
    document = results_document(s, result)
    pdf = results.render(document, HEADER, "a4", lambda done, total: seen.append((done, total)))
    steps = len(document.deals) + len(document.personal)
    assert seen == [(i, steps) for i in range(1, steps + 1)]
    for png in to_png(pdf, tmp_path, first=1, last=3):
        assert ink_fraction(png) > 0.005


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("part", results.PARTS)
def test_no_results_paper_prints_where_a_printer_cannot(part: str, paper: str) -> None:
    from tests.printing.test_tonights_papers import PRINTER_EDGE_MM, nearest_edge_mm

    s, result = scored(Method.MATCHPOINTS)
    long = {who: f"Dr Featherstonehaugh{who} & Mrs Postlethwaite{who}" for who in s.names}
    document = results_document(replace(s, names=long), result)
    pdf = results.render(document, HEADER, paper, parts=[part])
    assert nearest_edge_mm(pdf) >= PRINTER_EDGE_MM


def test_a_provisional_sheet_leads_rather_than_names_winners() -> None:
    movement = mitchell(5, 1)
    plays = random_results(movement, 2)
    partial = SectionPlay(movement, tuple(plays[:-1]))
    text = lines(results.render(results_document(partial, score_section(partial)), HEADER, "a4"))
    assert "Leading" in text
    assert "Winners" not in text
    whole = SectionPlay(movement, tuple(plays))
    text = lines(results.render(results_document(whole, score_section(whole)), HEADER, "a4"))
    assert "Winners" in text
    assert "Leading" not in text


def test_a_tray_dealt_again_after_play_is_named_on_page_one_with_what_to_do() -> None:
    movement = mitchell(5, 1)
    plays = random_results(movement, 2)
    tray = movement.tray_numbers[2]
    new = NewDeal(tray, 2, IrregularityKind.WRONG_TRUMP_OVERPLAY)
    waiting = SectionPlay(movement, tuple(plays), new_deals=(new,))
    pdf = results.render(results_document(waiting, score_section(waiting)), HEADER, "a4")
    first = " ".join(pages(pdf)[0].split())
    assert f"Tray {tray} was given a new deal after play" in first
    assert "replay the new deal, or enter it as not played" in first
    replayed = [replace(r, version=2) for r in plays if r.tray == tray]
    done = SectionPlay(movement, tuple(plays + replayed), new_deals=(new,))
    pdf = results.render(results_document(done, score_section(done)), HEADER, "a4")
    assert "was given a new deal after play" not in " ".join(pages(pdf)[0].split())


def test_a_pair_that_withdrew_is_marked_on_the_standings() -> None:
    from schedules.repair import withdraw, withdrawals

    movement = withdraw(mitchell(5, 1), "2", 5).movement
    assert withdrawals(movement) == {"2": 5}
    s = SectionPlay(movement, tuple(random_results(movement, 3)))
    text = " ".join(lines(results.render(results_document(s, score_section(s)), HEADER, "a4")))
    marked = re.findall(r"(\S+) \(withdrew after round (\d+)\)", text)
    assert marked  # on every standings it is in, and nobody else
    assert set(marked) == {("2", "4")}
