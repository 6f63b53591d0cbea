"""One test per law clause quoted in W13 (AWL Laws II, IV, V), new deals, deals not played and
disagreeing records."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from director.scoring import score_section
from director.scoring.awards import Outcome, plays_of, ruling
from director.scoring.errors import AwardError
from director.scoring.model import (
    Adjustment,
    Irregularity,
    IrregularityKind,
    NewDeal,
    Suit,
    TableResult,
    TrumpSlip,
)
from schedules.catalog import Request, build
from schedules.types import Direction
from tests.scoring.builders import one_deal, one_deal_results, revoke, session

K = IrregularityKind


def _irr(kind: IrregularityKind, trump: Suit | None = None) -> dict:
    return {"irregularity": Irregularity(kind, trump)}


def _pm(res, table: int) -> tuple[Fraction, Fraction]:
    t = next(t for t in res.deal(1).tables if t.table == table)
    return t.pm_ns, t.pm_ew


def test_law_iv_sec8_wrong_trump_corrected_before_play_is_no_scoring_event() -> None:
    plain = score_section(session(one_deal(4), one_deal_results([8, 7, 9, 6])))
    marked = score_section(
        session(
            one_deal(4),
            one_deal_results([8, 7, 9, 6], **{"3": _irr(K.WRONG_TRUMP_CORRECTED, Suit.CLUBS)}),
            slips=(TrumpSlip(1, Suit.HEARTS),),
        )
    )
    assert [t.pm_ns for t in marked.deal(1).tables] == [t.pm_ns for t in plain.deal(1).tables]


def test_law_iv_sec9_wrong_trump_on_overplay_that_table_takes_the_average() -> None:
    res = score_section(
        session(
            one_deal(4),
            one_deal_results([8, 7, 13, 6], **{"3": _irr(K.WRONG_TRUMP_OVERPLAY, Suit.CLUBS)}),
            slips=(TrumpSlip(1, Suit.HEARTS),),
        )
    )
    deal = res.deal(1)
    assert deal.avg_ns == 7  # (8 + 7 + 6) / 3: table 3's 13 does not count
    assert deal.counting == 3
    t3 = deal.tables[2]
    assert (t3.final_ns, t3.pm_ns, t3.pm_ew, t3.adjustment) == (7, 0, 0, Adjustment.AVERAGE)


def test_law_iv_sec9_fewer_than_three_tables_calls_for_a_new_deal() -> None:
    bad = session(one_deal(2), one_deal_results([8, 7], **{"2": _irr(K.WRONG_TRUMP_OVERPLAY)}))
    with pytest.raises(AwardError, match="new deal"):
        score_section(bad)


def test_new_deal_replaces_the_earlier_results() -> None:
    first = one_deal_results([8, 2], **{"2": _irr(K.WRONG_TRUMP_OVERPLAY)})
    replay = [TableResult(1, 1, 1, 6, version=2), TableResult(1, 2, 1, 9, version=2)]
    res = score_section(
        session(
            one_deal(2),
            first + replay,
            new_deals=(NewDeal(1, 2, K.WRONG_TRUMP_OVERPLAY),),
        )
    )
    deal = res.deal(1)
    assert (deal.version, deal.replaced, deal.avg_ns) == (2, (1,), Fraction(15, 2))
    assert [t.made_ns for t in deal.tables] == [6, 9]


def test_law_iv_sec10_slip_error_found_at_next_table_is_a_new_deal() -> None:
    bad = session(
        one_deal(5), one_deal_results([8, 7, 9, 6, 7], **{"1": _irr(K.SLIP_FOUND_AT_NEXT_TABLE)})
    )
    with pytest.raises(AwardError, match=r"Law IV Sec\.10"):
        score_section(bad)


def test_law_iv_sec10_slip_stands_only_the_original_table_takes_the_average() -> None:
    res = score_section(
        session(
            one_deal(4),
            one_deal_results([12, 7, 9, 5], **{"1": _irr(K.SLIP_MISRECORDED, Suit.SPADES)}),
            slips=(TrumpSlip(1, Suit.HEARTS),),
        )
    )
    deal = res.deal(1)
    assert deal.avg_ns == 7
    assert [t.pm_ns for t in deal.tables] == [0, 0, 2, -2]


def test_law_iv_sec10_is_reported_at_the_original_table_only() -> None:
    bad = session(one_deal(4), one_deal_results([8, 7, 9, 5], **{"2": _irr(K.SLIP_MISRECORDED)}))
    with pytest.raises(AwardError, match="original table"):
        score_section(bad)


def test_law_iv_sec10_fewer_than_three_tables_calls_for_a_new_deal() -> None:
    bad = session(one_deal(2), one_deal_results([8, 7], **{"1": _irr(K.SLIP_MISRECORDED)}))
    with pytest.raises(AwardError, match="new deal"):
        score_section(bad)


def test_law_v_sec1_wrong_cards_discovering_table_takes_the_average() -> None:
    results = one_deal_results([8, 7, 9, 6])
    results[3] = TableResult(1, 4, 1, None, irregularity=Irregularity(K.WRONG_CARDS))
    res = score_section(session(one_deal(4), results))
    assert res.deal(1).avg_ns == 8
    assert _pm(res, 4) == (0, 0)
    assert _pm(res, 1) == (0, 0)


def test_law_v_sec1_the_discovering_table_does_not_play_the_deal() -> None:
    bad = session(one_deal(4), one_deal_results([8, 7, 9, 6], **{"4": _irr(K.WRONG_CARDS)}))
    with pytest.raises(AwardError, match="does not play the deal; omit ns"):
        score_section(bad)


def test_law_v_sec1_fewer_than_three_tables_calls_for_a_new_deal() -> None:
    results = [
        TableResult(1, 1, 1, 8),
        TableResult(1, 2, 1, None, irregularity=Irregularity(K.WRONG_CARDS)),
    ]
    with pytest.raises(AwardError, match="new deal"):
        score_section(session(one_deal(2), results))


def test_law_v_sec2_short_hand_result_stands_and_its_revokes_are_revokes() -> None:
    extra = {"4": _irr(K.SHORT_HAND) | {"revokes": (revoke("ew", 1, 2),)}}
    res = score_section(session(one_deal(5), one_deal_results([8, 7, 9, 7, 7], **extra)))
    t4 = res.deal(1).tables[3]
    assert t4.adjustment is Adjustment.REVOKE
    assert t4.marks == ("+R", "-R")
    assert t4.made_ns == 7


def test_law_ii_misdeal_on_the_original_play_is_a_new_deal() -> None:
    bad = session(one_deal(4), one_deal_results([8, 7, 9, 6], **{"1": _irr(K.MISDEAL)}))
    with pytest.raises(AwardError, match="Law II"):
        score_section(bad)


def test_mnemonic_play_any_irregularity_in_the_hands_is_a_new_deal() -> None:
    mv = replace(one_deal(4), mnemonic=True)
    bad = session(mv, one_deal_results([8, 7, 9, 6], **{"3": _irr(K.WRONG_CARDS)}))
    with pytest.raises(AwardError, match="Mnemonic"):
        score_section(bad)


def test_deal_not_played_is_credited_the_average() -> None:
    results = one_deal_results([8, 7, 9])
    results.append(TableResult(1, 4, 1, None, irregularity=Irregularity(K.NOT_PLAYED)))
    res = score_section(session(one_deal(4), results))
    assert res.deal(1).avg_ns == 8
    assert _pm(res, 4) == (0, 0)


def test_disagreeing_records_warn_and_east_west_prevails() -> None:
    results = one_deal_results([8, 7, 9, 6], **{"2": {"ew_record": 4}})
    res = score_section(session(one_deal(4), results))
    assert res.deal(1).tables[1].made_ns == 9
    assert any("E/W recorded 4" in w for w in res.warnings)


def test_disagreeing_records_director_may_take_north_south() -> None:
    results = one_deal_results([8, 7, 9, 6], **{"2": {"ew_record": 4, "prevails": Direction.NS}})
    res = score_section(session(one_deal(4), results))
    assert res.deal(1).tables[1].made_ns == 7
    assert any("the N/S record is taken" in w for w in res.warnings)


def _six_pairs_wrong_trump(tray: int, overplay: tuple[int, int], new_deal: bool):
    mv = build(Request("classic", pairs=6))
    original = mv.tray(tray)
    first = [
        TableResult(original.original_round, original.original_table, tray, 7),
        TableResult(*overplay, tray, 9, irregularity=Irregularity(K.WRONG_TRUMP_OVERPLAY)),
    ]
    replay = [replace(r, version=2, irregularity=None) for r in first] if new_deal else []
    new_deals = (NewDeal(tray, 2, K.WRONG_TRUMP_OVERPLAY),) if new_deal else ()
    return session(mv, first + replay, new_deals=new_deals)


@pytest.mark.parametrize(("tray", "overplay"), [(1, (1, 2)), (3, (3, 3))])
def test_more_than_two_tables_counts_the_tables_that_play_the_deal(
    tray: int, overplay: tuple[int, int]
) -> None:
    # Foster's six pairs: three tables, but each tray is played twice (tray 3 twice at table 3),
    # so an average would rest on one other result: the laws call for a new deal.
    with pytest.raises(AwardError, match="new deal"):
        score_section(_six_pairs_wrong_trump(tray, overplay, new_deal=False))
    deal = score_section(_six_pairs_wrong_trump(tray, overplay, new_deal=True)).deal(tray)
    assert (deal.version, deal.counting) == (2, 2)


def test_the_tables_in_play_are_counted_per_deal() -> None:
    assert ruling(K.WRONG_TRUMP_OVERPLAY, tables=2, mnemonic=False) is Outcome.NEW_DEAL
    mv = build(Request("classic", pairs=6))
    assert [plays_of(mv, tray) for tray in (1, 3)] == [2, 2]
    assert plays_of(one_deal(4), 1) == 4
