"""A whist drive's papers read back as the players, the caller and the host read them: every
player's card with every hand's trump, every table's number, link and directions, every hand on
the caller's sheet, every player in the standings and every prize with its tie, on A4 and
Letter, for a drive of 50 players on 13 tables where two sit out each hand."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from director.printing import fit
from director.printing.drive import (
    DRIVE_PAPERS,
    blank_papers,
    print_drive_papers,
    read_drive_papers,
)
from director.printing.drive_contents import DrivePapers
from director.scoring.drive_prizes import PrizeSettings
from director.store.drive_play import DriveRecord
from director.store.services import EventStore, Gender
from director.store.table_values import TableToken
from director.store.values import EventInfo, Player
from schedules.progressive import DriveSettings, Layout, MovingRule, Side, Trumps
from schedules.progressive.settings import SUITS
from tests.printing.pdf import page_size
from tests.printing.test_tonights_papers import PRINTER_EDGE_MM, nearest_edge_mm, read_back

SIGNS = {"hearts": "♥", "clubs": "♣", "diamonds": "♦", "spades": "♠"}
LADIES = tuple(f"Mrs Lady{k:02d}" for k in range(25))
GENTLEMEN = tuple(f"Mr Gent{k:02d}" for k in range(25))
PLAYED = 12
LATE, ARRIVES, LATER, LEAVES = "Mr Late", 6, "Mrs Wren", "Mrs Lady05"
"""Hands entered in the 24-hand drive: the first half."""
BASE = "http://192.168.1.20:8765"


@pytest.fixture(scope="module")
def drive_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """50 players on 13 tables (table 13 holds two, who sit out each hand), 24 hands, the
    first half entered with a revoke penalty in hand 3; Mr Late arrives for hand 6, Mrs Lady05
    leaves at half time, and Mrs Wren, named as coming late, has not come yet."""
    path = tmp_path_factory.mktemp("drive") / "harvest.whist"
    rng = random.Random(48)
    with EventStore.create(path, name="Harvest drive") as store:
        for lady, gentleman in zip(LADIES, GENTLEMEN, strict=True):
            store.add_player(lady, gender=Gender.LADY)
            store.add_player(gentleman, gender=Gender.GENTLEMAN)
        store.add_player(LATE, gender=Gender.GENTLEMAN)
        store.add_player(LATER, gender=Gender.LADY)
        store.start_drive(DriveSettings(tables=13, hands=24), seed=5, absent=(LATE, LATER))
        for hand in range(1, PLAYED + 1):
            if hand == ARRIVES:
                store.drive_arrival(LATE, ARRIVES)
            for table in store.drive_seating(hand).playing_tables(False):
                winners = rng.choice((Side.NS, Side.EW))
                store.enter_drive_hand(hand, table, winners, rng.randint(7, 13))
        store.record_drive_penalty(3, 2, Side.EW, "revoke in clubs")
        store.drive_leaver(LEAVES, PLAYED + 1)
    return path


class Tokens:
    """The event with a link token for each drive table (what serving the tables gives)."""

    def __init__(self, store: EventStore, tables: int) -> None:
        self.store = store
        at = datetime(2026, 12, 5, tzinfo=UTC)
        self.tokens = tuple(TableToken(1, "A", t, f"tok{t}x", at) for t in range(1, tables + 1))

    def info(self) -> EventInfo:
        return self.store.info()

    def drive(self) -> DriveRecord:
        return self.store.drive()

    def table_links(self) -> tuple[TableToken, ...]:
        return self.tokens

    def players(self) -> tuple[Player, ...]:
        return self.store.players()


@pytest.fixture(scope="module")
def papers(drive_file: Path) -> DrivePapers:
    with EventStore.open(drive_file, read_only=True) as store:
        return read_drive_papers(Tokens(store, 13), BASE)


@pytest.fixture(scope="module")
def record(drive_file: Path) -> DriveRecord:
    with EventStore.open(drive_file, read_only=True) as store:
        return store.drive()


def flat(text: str) -> str:
    """Text with its line breaks as spaces, for phrases a narrow column wraps."""
    return re.sub(r"\s+", " ", text)


def hand_lines(hands: int) -> Iterator[str]:
    for hand in range(1, hands + 1):
        suit = SUITS[(hand - 1) % 4]
        yield f"{hand} {SIGNS[suit]} {suit}"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_player_has_a_numbered_card_with_every_hands_trump(
    papers: DrivePapers, record: DriveRecord, paper: str
) -> None:
    pdf = print_drive_papers(papers, ["score-cards"], paper)
    pages = read_back(pdf)[:-1]  # the last piece follows the last page break
    assert len(pages) == 13  # 52 cards, four to a page
    width, height = page_size(pdf)
    assert width > height  # landscape: four cards of two columns
    cards = [card for page in pages for card in re.split(r"\n(?=\S[^\n]* No\. \d+\n)", page)]
    named = {}
    for card in cards:
        head, start, *rest = (
            line for line in card.strip().splitlines() if not line.startswith("Score cards —")
        )
        name, number = head.rsplit(" No. ", 1)
        named[name] = (int(number), start)
        body = "\n".join(rest)
        assert [line for line in rest if line[0].isdigit()] == list(hand_lines(24))
        assert body.count("Hand Tricks Total Table") == 2
        assert "\nHalf-time\n" in f"\n{body}\n"
        assert body.endswith("Final total")
    assert set(named) == {*LADIES, *GENTLEMEN, LATE, LATER}
    assert sorted(n for n, _ in named.values()) == list(range(1, 53))
    for place, player in record.first.places():
        seat = {"N": "North", "E": "East", "S": "South", "W": "West"}[place.seat.name]
        assert named[player][1] == f"First hand: Table {place.table}, {seat}"
    assert named[LATE] == (51, f"Joins at hand {ARRIVES}")
    assert named[LATER] == (52, "Joins later")


def test_blank_cards_are_numbered_by_table_and_seat_with_a_line_for_the_name() -> None:
    settings = DriveSettings(tables=3, hands=20, trumps=Trumps.TURNED)
    pdf = print_drive_papers(blank_papers("Harvest drive", settings), ["score-cards"], "a4")
    text = "".join(read_back(pdf))
    assert text.count("Name: ____") == 12
    assert "No. 12" in text
    assert "No. 13" not in text
    assert "First hand: Table 1, North (Lady)" in text
    assert "First hand: Table 3, West (Gentleman)" in text
    # trumps turned by each dealer: a column to write the trump in, no suit printed
    assert "Hand Trumps Tricks Total Table" in text
    assert not any(suit in text for suit in SUITS)
    assert "\n20\nFinal total" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_table_card_has_its_number_its_link_and_where_its_players_go(
    papers: DrivePapers, paper: str
) -> None:
    pages = read_back(print_drive_papers(papers, ["table-cards"], paper))[:-1]
    assert len(pages) == 13
    for table, page in enumerate(pages, 1):
        text = flat(page)
        assert f"Table {table} " in text
        assert f"{BASE}/table/{table}/tok{table}x" in text.replace(" ", "")
        up, down = table % 13 + 1, (table - 2) % 13 + 1
        assert f"The losing lady moves up to table {up}." in text
        assert f"The losing gentleman moves down to table {down}." in text
        assert "winning gentleman changes seats" in text
        sits_out = "This table is short: whoever sits here sits out the hand and scores the hand's"
        assert (sits_out in text) == (table == 13)


def test_table_cards_say_the_end_of_a_line_and_a_partner_drives_moves(
    papers: DrivePapers,
) -> None:
    settings = replace(
        papers.settings, tables=4, layout=Layout.LINE, rule=MovingRule.PARTNER, halves=1
    )
    pages = read_back(print_drive_papers(replace(papers, settings=settings), ["table-cards"]))
    assert "The winners move up to table 1, at the start of the line, together." in flat(pages[3])
    assert "The losers stay at this table. Partners stay together all drive." in flat(pages[3])


def test_the_callers_sheet_lists_every_hand_its_trump_and_the_breaks(
    papers: DrivePapers,
) -> None:
    text = "".join(read_back(print_drive_papers(papers, ["caller"], "letter")))
    rows = [line for line in text.splitlines() if re.match(r"\d+ [♥♣♦♠] ", line)]
    assert [" ".join(row.split()[:3]) for row in rows] == list(hand_lines(24))
    assert re.search(r"^12 ♠ spades Half-time", text, re.M)
    assert re.search(r"^24 ♠ spades Last hand", text, re.M)
    assert "Short table: 13. A player there sits out the hand and scores the hand's" in flat(text)
    assert "revoking side 3 tricks" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_standings_hold_every_player_at_half_time_and_say_the_drive_is_not_over(
    papers: DrivePapers, paper: str
) -> None:
    text = "".join(read_back(print_drive_papers(papers, ["standings"], paper)))
    assert "After hand 12 of 24" in text
    assert "Half-time (after hand 12)" in text
    assert "Final standings" not in text
    for player in (*LADIES, *GENTLEMEN, LATE):
        assert text.count(f" {player} ") == 2, player  # the standings after 12 and half-time
    assert LATER not in text
    best = papers.final[0]
    assert re.search(rf"^1=? {best.player} \w+ {best.total:g} {best.hands_won}", text, re.M)
    sat_out = [s for s in papers.final if s.sat_out]
    assert sat_out  # the two at table 13 each hand
    assert "Sat out: hands a player sat out at a short table; each scored the hand's" in flat(text)


def test_every_prize_is_printed_with_how_its_tie_was_broken(papers: DrivePapers) -> None:
    text = flat("".join(read_back(print_drive_papers(papers, ["prizes"], "a4"))))
    assert "Prizes after hand 12 of 24" in text
    assert len(papers.prizes) >= 8
    for prize in papers.prizes:
        assert prize.title.capitalize() in text
        assert f"{prize.player} {prize.figure}" in text
        assert (prize.tie or "no tie") in text
    assert "Hand 3, table 2: East-West gave 3 tricks to North-South (revoke in clubs)." in text


def test_a_tie_is_explained_on_the_prize_list(tmp_path: Path) -> None:
    path = tmp_path / "small.whist"
    with EventStore.create(path, name="Tie night") as store:
        for k in range(4):
            store.add_player(f"Mrs {k}", gender=Gender.LADY)
            store.add_player(f"Mr {k}", gender=Gender.GENTLEMAN)
        store.start_drive(
            DriveSettings(tables=2, hands=2, halves=1), PrizeSettings(places=1), seed=1
        )
        for hand in (1, 2):
            for table in (1, 2):
                store.enter_drive_hand(hand, table, Side.NS, 7)
        papers = read_drive_papers(store)
    text = flat("".join(read_back(print_drive_papers(papers, ["prizes", "standings"]))))
    assert "Prizes " in text
    assert "Final standings" in text
    ties = [p.tie for p in papers.prizes if p.tie]
    assert ties
    assert all(tie in text for tie in ties)
    assert "lots drawn by the program" in text


def test_every_paper_prints_together_in_the_order_asked(papers: DrivePapers) -> None:
    pages = read_back(print_drive_papers(papers, ["prizes", *DRIVE_PAPERS], "letter"))
    assert pages[0].startswith("Prizes")
    assert pages[1].startswith(f"{papers.cards[0].player} No. 1")
    assert len(pages) - 1 == 1 + 13 + 13 + 1 + 4 + 1  # the caller's sheet on one page


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("kind", sorted(DRIVE_PAPERS))
def test_no_drive_paper_prints_where_a_printer_cannot(
    papers: DrivePapers, kind: str, paper: str
) -> None:
    assert nearest_edge_mm(print_drive_papers(papers, [kind], paper)) >= PRINTER_EDGE_MM


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_table_cards_qr_code_opens_its_tables_page(
    papers: DrivePapers, paper: str, tmp_path: Path
) -> None:
    if shutil.which("zbarimg") is None or shutil.which("pdftoppm") is None:
        pytest.skip("zbarimg or pdftoppm not found (tools/system-deps)")
    pdf = tmp_path / "tables.pdf"
    pdf.write_bytes(print_drive_papers(papers, ["table-cards"], paper))
    subprocess.run(["pdftoppm", "-r", "100", "-gray", "-png", pdf, tmp_path / "t"], check=True)
    found = []
    for image in sorted(tmp_path.glob("t-*.png")):
        read = subprocess.run(["zbarimg", "-q", "--raw", image], capture_output=True, text=True)
        found.append(read.stdout.strip())
    assert found == [f"{BASE}/table/{t}/tok{t}x" for t in range(1, 14)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_text_on_the_drives_papers_runs_out_of_its_box(papers: DrivePapers, paper: str) -> None:
    with fit.recording() as measured:
        print_drive_papers(papers, list(DRIVE_PAPERS), paper)
    assert len(measured) > 1000
    assert [m for m in measured if m.overflows or m.cut] == []
