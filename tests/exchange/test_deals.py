"""Deals for hand records: dealt from a seed the way the laws deal (the dealer's last card is
the trump turned), written as PBN and read back, a dealing machine's PBN read, malformed
deals refused with their line, and the hand records printed."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from director.errors import DirectorError
from director.exchange.hand_records import hand_records_pdf
from director.exchange.pbn import PACK, deal_text, deal_tray, deal_trays, read_pbn, write_pbn
from schedules import catalog
from schedules.catalog import Request
from schedules.types import Seat

MACHINE = """\
% PBN 2.1
% EXPORT
[Event "Tuesday"]
[Site ""]
[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "W:KQ4.J742.JT97.A8 AJ5.KT93.AQ.KQT4 T972.Q5.642.J763 863.A86.K853.952"]
[DoubleDummyTricks "89967899674347643476"]
[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]
N NT 9
N S 8
{ a comment
  over two lines }

[Event "Tuesday"]
[Board "4"]
[Deal "N:- AJ5.KT93.AQ.KQT4 T972.Q5.642.J763 863.A86.K853.952"]
"""


@given(st.integers(), st.integers(1, 200), st.sampled_from(list(Seat)))
def test_a_deal_gives_each_seat_thirteen_cards_and_the_dealer_the_trump(
    seed: int, tray: int, dealer: Seat
) -> None:
    d = deal_tray(seed, tray, dealer)
    assert [len(d.hand(s)) for s in Seat] == [13] * 4
    assert set().union(*d.hands) == set(PACK)
    assert d.trump_card in d.hand(dealer)
    assert deal_tray(seed, tray, dealer) == d  # the same seed deals the same cards


def test_seeds_and_trays_deal_different_cards() -> None:
    assert deal_tray(1, 1, Seat.N).hands != deal_tray(2, 1, Seat.N).hands
    assert deal_tray(1, 1, Seat.N).hands != deal_tray(1, 2, Seat.N).hands


@pytest.mark.parametrize("dealer", list(Seat))
def test_cards_go_round_from_the_dealers_left_and_the_last_is_the_trump(dealer: Seat) -> None:
    pack = list(PACK)
    random.Random("whist-director:5:3").shuffle(pack)  # the pack as shuffled for seed 5, tray 3
    d = deal_tray(5, 3, dealer)
    for n in range(4):
        assert d.hand(dealer.next(1 + n)) == set(pack[n::4])
    assert d.trump_card == pack[-1]


def test_pbn_reads_back_the_same_deals() -> None:
    movement = catalog.build(Request("howell", pairs=8))
    deals = deal_trays(11, movement.trays)
    assert [d.dealer for d in deals] == [t.dealer for t in movement.trays]
    assert read_pbn(write_pbn(deals, 'Club "A"'), "d.pbn") == deals


def test_a_dealing_machines_file_is_read() -> None:
    three, four = read_pbn(MACHINE, "machine.pbn")
    assert (three.tray, three.dealer, three.trump_card) == (3, Seat.S, None)
    assert deal_text(three) == (
        "N:AJ5.KT93.AQ.KQT4 T972.Q5.642.J763 863.A86.K853.952 KQ4.J742.JT97.A8"
    )
    assert four.dealer is Seat.W  # no Dealer tag: the rotating dealer of tray 4
    assert four.hand(Seat.N) == three.hand(Seat.W)  # the "-" hand: the cards left over


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("AJ5.KT93", "AJ5.KT9"), "line 8: North holds 12 cards"),
        (("AJ5.KT93", "AJ5.KT9X"), "line 8: North holds 'X', not a card"),
        (("AJ5.KT93", "AJ5.KT9Q"), "line 8: HQ dealt twice"),
        (('[Dealer "S"]', '[Dealer "Q"]'), "line 6: Dealer must be N, E, S or W"),
        (('[Board "3"]', '[Board "three"]'), "line 5: Board must be a number"),
        (('[Board "4"]', '[Board "3"]'), "line 17: board 3 twice"),
        (("N:- AJ5", "N:- - "), "line 18: a Deal is a seat, a colon and four hands"),
        (('[Deal "W:', '[Deal "X:'), "line 8: a Deal is a seat"),
    ],
)
def test_a_malformed_deal_is_refused_with_its_line(change: tuple[str, str], message: str) -> None:
    with pytest.raises(DirectorError, match=re.escape(message)):
        read_pbn(MACHINE.replace(*change, 1), "machine.pbn")


def test_a_trump_card_not_in_the_dealers_hand_is_refused() -> None:
    text = write_pbn([deal_tray(5, 1, Seat.N)]).replace('TrumpCard "', 'TrumpCard "X')
    with pytest.raises(DirectorError, match="not in the dealer's"):
        read_pbn(text, "d.pbn")


@given(st.text(max_size=300))
def test_any_text_is_read_or_refused_in_one_line(text: str) -> None:
    assert "\n" not in _refusal(text)


@given(st.integers(0, len(MACHINE) - 1), st.sampled_from(["", "A", ".", " ", "-", '"', "]"]))
def test_a_damaged_machine_file_is_read_or_refused_in_one_line(at: int, put: str) -> None:
    assert "\n" not in _refusal(MACHINE[:at] + put + MACHINE[at + 1 :])


def _refusal(text: str) -> str:
    """What reading `text` is refused with ("" when it reads)."""
    try:
        read_pbn(text, "fuzz.pbn")
    except DirectorError as exc:
        return str(exc)
    return ""


def test_hand_records_print_every_hand() -> None:
    deals = [deal_tray(3, n, Seat((n - 1) % 4)) for n in range(1, 8)]
    reader = PdfReader(io.BytesIO(hand_records_pdf(deals, "Club night")))
    assert len(reader.pages) == 2  # six diagrams a page
    text = " ".join(page.extract_text() for page in reader.pages)
    for d in deals:
        assert f"Tray {d.tray}" in text
    assert "Dealer North" in text
    assert text.count("Trump") == len(deals)


# -- read by an independent parser: endplay's --------------------------------------------

MANDATORY = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
             "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")  # fmt: skip
"""PBN's Mandatory Tag Set, in the order export format writes it."""


def _unescaped(value: str) -> str:
    """A tag value as PBN's escapes mean it (endplay hands them back as written)."""
    return re.sub(r"\\(.)", r"\1", value)


def test_the_event_s_hand_records_are_in_pbn_export_format(tmp_path: Path) -> None:
    from endplay.parsers import pbn as endplay_pbn

    from director.cli import main
    from tests.exchange.evening import EVENT_NAME, rich_evening

    with rich_evening(tmp_path / "e.whist") as store:
        trays = store.movement().trays
        venue = store.info().venue
    out = tmp_path / "deals.pbn"
    assert main(["export", str(tmp_path / "e.whist"), "--format", "pbn", "--seed", "7",
                 "--out", str(out)]) == 0  # fmt: skip
    text = out.read_bytes().decode("utf-8")
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n")
    games = [g for g in text.split("\r\n\r\n")[1:] if g.strip()]
    assert len(games) == len(trays)
    for game in games:
        lines = game.strip().split("\r\n")
        names = [re.match(r"\[(\w+) ", line).group(1) for line in lines]  # type: ignore[union-attr]
        assert tuple(names[: len(MANDATORY)]) == MANDATORY
        assert all(len(line) <= 255 for line in lines)
    boards = endplay_pbn.loads(text)
    ours = read_pbn(text, "deals.pbn")
    assert [b.board_num for b in boards] == [d.tray for d in ours]
    for board, deal in zip(boards, ours, strict=True):
        assert board.deal.to_pbn() == deal_text(deal)
        assert "NESW"[int(board.dealer)] == deal.dealer.name
        assert _unescaped(board.info["Event"]) == EVENT_NAME
        assert _unescaped(board.info["Site"]) == venue
        assert board.info["Date"] == "2026.03.04"
        assert board.info["TrumpCard"] == deal.trump_card
        assert board.contract is None  # whist has none: "?"


def test_a_long_or_broken_name_keeps_each_tag_on_one_line() -> None:
    from endplay.parsers import pbn as endplay_pbn

    name = 'Q"\\' * 120 + "\nnext line"
    text = write_pbn([deal_tray(5, 1, Seat.N)], name)
    assert all(len(line) <= 255 for line in text.split("\r\n"))
    [board] = endplay_pbn.loads(text)
    assert name.startswith(_unescaped(board.info["Event"]))
    assert read_pbn(text, "d.pbn") == [deal_tray(5, 1, Seat.N)]
