"""Bad input is refused with a message naming the deal, table and field; nothing is scored."""

from __future__ import annotations

from fractions import Fraction

import pytest

from director.scoring import score_section
from director.scoring.errors import (
    AwardError,
    InputFormatError,
    ScoringError,
    TrickCountError,
    UnknownCompetitorError,
    UnknownPlayError,
)
from director.scoring.model import (
    Irregularity,
    IrregularityKind,
    NewDeal,
    Suit,
    TableResult,
    TrumpSlip,
)
from director.scoring.validate import check_names
from tests.scoring.builders import mitchell, one_deal, one_deal_results, revoke, session

WRONG_TRUMP = IrregularityKind.WRONG_TRUMP_OVERPLAY

CASES = [
    ("tricks over 13", [TableResult(1, 1, 1, 14)], TrickCountError, "table 1.*field ns is 14"),
    ("negative tricks", [TableResult(1, 2, 1, -1)], TrickCountError, "table 2.*field ns is -1"),
    ("E/W record", [TableResult(1, 1, 1, 7, ew_record=15)], TrickCountError, "field ew is 15"),
    ("table not in play", [TableResult(1, 9, 1, 7)], UnknownPlayError, "table 9"),
    ("tray not at table", [TableResult(1, 1, 2, 7)], UnknownPlayError, "tray 2"),
    ("missing tricks", [TableResult(1, 1, 1, None)], InputFormatError, "field ns is missing"),
    (
        "revoke more tricks than made",
        [TableResult(1, 1, 1, 9, revokes=(revoke("ew", 1, 5),))],
        TrickCountError,
        "tricks_after is 5",
    ),
    (
        "revoke tricks checked against the E/W record that stands",
        [TableResult(1, 1, 1, 2, ew_record=12, revokes=(revoke("ns", 1, 2),))],
        TrickCountError,
        "tricks_after is 2, but N-S made 1 tricks in all by the E/W record",
    ),
    (
        "revoke count zero",
        [TableResult(1, 1, 1, 9, revokes=(revoke("ew", 0, 1),))],
        TrickCountError,
        "count is 0",
    ),
    (
        "two revoke entries for one side",
        [TableResult(1, 1, 1, 9, revokes=(revoke("ew", 1, 1), revoke("ew", 1, 1)))],
        InputFormatError,
        "two revoke entries",
    ),
    (
        "new deal version without a new deal",
        [TableResult(1, 1, 1, 9, version=2)],
        InputFormatError,
        "version 2",
    ),
    (
        "entered twice",
        [TableResult(1, 1, 1, 9), TableResult(1, 1, 1, 8)],
        InputFormatError,
        "entered twice",
    ),
    (
        "overplay law at the original table",
        [TableResult(1, 1, 1, 9, irregularity=Irregularity(WRONG_TRUMP))],
        AwardError,
        "original play",
    ),
    (
        "wrong trump equal to the slip",
        [
            TableResult(
                1,
                2,
                1,
                9,
                irregularity=Irregularity(IrregularityKind.WRONG_TRUMP_OVERPLAY, Suit.HEARTS),
            )
        ],
        AwardError,
        "table_trump",
    ),
]


@pytest.mark.parametrize(("name", "results", "error", "message"), CASES, ids=[c[0] for c in CASES])
def test_bad_results_are_refused(name, results, error, message) -> None:
    bad = session(one_deal(4), results, slips=(TrumpSlip(1, Suit.HEARTS),))
    with pytest.raises(error, match=message):
        score_section(bad)


def test_every_refusal_is_a_value_error_naming_tray_and_table() -> None:
    with pytest.raises(ValueError, match=r"tray 1, table 1, round 1"):
        score_section(session(one_deal(3), [TableResult(1, 1, 1, 14)]))


def test_unknown_competitor_is_refused() -> None:
    with pytest.raises(UnknownCompetitorError, match="'99'"):
        check_names(session(mitchell(3, 1), [], names={"99": "Smith"}))
    with pytest.raises(UnknownCompetitorError, match="couple 1-99"):
        score_section(session(mitchell(3, 1), [], couples=(("1", "99"),)))


def test_new_deals_must_be_numbered_without_gaps() -> None:
    with pytest.raises(ScoringError, match="skip"):
        score_section(
            session(one_deal(3), [], new_deals=(NewDeal(1, 3, IrregularityKind.MISDEAL),))
        )


def test_partial_sessions_are_scored_with_a_warning() -> None:
    res = score_section(session(one_deal(4), one_deal_results([8, 7])))
    assert res.deal(1).avg_ns == Fraction(15, 2)
    assert any("no result yet from table 3 (round 1), table 4 (round 1)" in w for w in res.warnings)
