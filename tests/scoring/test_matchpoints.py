"""The modern layer (M1-M6): both scales, Neuberg, artificial scores, fouled deals, percentages,
sit-outs."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from director.scoring import score_section
from director.scoring.matchpoints import matchpoint, neuberg
from director.scoring.model import (
    Award,
    Irregularity,
    IrregularityKind,
    Method,
    Scale,
    Settings,
    TableResult,
)
from tests.scoring.builders import mitchell, one_deal, one_deal_results, random_results, session

MP = Settings(method=Method.MATCHPOINTS)
ACBL = Settings(method=Method.MATCHPOINTS, scale=Scale.ONE_HALF)


def _not_played(table: int, ns: Award = Award.AVERAGE, ew: Award = Award.AVERAGE) -> TableResult:
    return TableResult(
        1, table, 1, None, irregularity=Irregularity(IrregularityKind.NOT_PLAYED), awards=(ns, ew)
    )


@pytest.mark.parametrize(("settings", "total"), [(MP, 20), (ACBL, 10)])
def test_a_clean_deal_sums_to_the_scales_constant(settings: Settings, total: int) -> None:
    deal = score_section(session(one_deal(5), one_deal_results([8, 7, 9, 7, 6]), settings)).deal(1)
    assert sum(t.mp_ns for t in deal.tables) == total
    assert [t.mp_ns for t in deal.tables][:2] == (
        [Fraction(6), Fraction(3)] if settings is MP else [Fraction(3), Fraction(3, 2)]
    )
    assert all(t.mp_ns + t.mp_ew == deal.mp_top for t in deal.tables)


def test_neuberg_scales_fewer_results_to_the_expected_number() -> None:
    results = [*one_deal_results([8, 7, 9]), _not_played(4)]
    deal = score_section(session(one_deal(4), results, MP)).deal(1)
    real = [t.mp_ns for t in deal.tables[:3]]
    assert sum(real) == 3 * (4 - 1)  # n(N-1)
    assert real == [(m + 1) * Fraction(4, 3) - 1 for m in (2, 0, 4)]
    assert (deal.tables[3].mp_ns, deal.tables[3].mp_ew) == (3, 3)  # 50% of the top 6


def test_neuberg_on_the_one_half_scale() -> None:
    assert neuberg(matchpoint((8, 7), Scale.ONE_HALF), 4, Scale.ONE_HALF) == (
        Fraction(5, 2),
        Fraction(1, 2),
    )


def test_artificial_average_plus_and_minus_are_sixty_and_forty_percent() -> None:
    results = [
        *one_deal_results([8, 7, 9]),
        _not_played(4, Award.AVERAGE_PLUS, Award.AVERAGE_MINUS),
    ]
    deal = score_section(session(one_deal(4), results, MP)).deal(1)
    assert (deal.tables[3].mp_ns, deal.tables[3].mp_ew) == (Fraction(18, 5), Fraction(12, 5))


def test_average_plus_is_refused_under_the_laws_plus_minus() -> None:
    from director.scoring.errors import AwardError

    results = [*one_deal_results([8, 7, 9]), _not_played(4, Award.AVERAGE_PLUS)]
    with pytest.raises(AwardError, match="only the average"):
        score_section(session(one_deal(4), results))


def test_fouled_deal_is_scored_in_groups_and_sums_like_a_normal_deal() -> None:
    fouled = {str(t): {"fouled_group": "b"} for t in (3, 4)}
    deal = score_section(session(one_deal(4), one_deal_results([8, 7, 2, 1], **fouled), MP))
    mps = [t.mp_ns for t in deal.deal(1).tables]
    assert sum(mps) == 4 * 3  # E(E-1)
    assert mps[0] == mps[2]  # each tops its own group


def test_session_percent_is_over_the_deals_actually_played() -> None:
    mv = mitchell(3, 2)
    res = score_section(session(mv, random_results(mv, 2), MP))
    for row in res.standings["overall"]:
        assert row.percent == row.matchpoints / row.top * 100
        assert row.top == 6 * 4  # six deals played, three plays each: top 4 on the 2-1 scale


def test_sitouts_are_factored_when_the_event_asks() -> None:
    full = mitchell(3, 2)
    mv = replace(full, seatings=full.seatings[1:])  # round 1, table 1 sits out
    results = [r for r in random_results(full, 4) if (r.round, r.table) != (1, 1)]
    plain = score_section(session(mv, results, MP))
    factored = score_section(session(mv, results, replace(MP, factor_sitouts=True)))
    short = {s.label: s for s in plain.standings["overall"] if s.deals == 4}
    assert set(short) == {"1", "4"}
    for row in factored.standings["overall"]:
        if row.label in short:
            assert row.matchpoints == short[row.label].matchpoints * Fraction(6, 4)
            assert row.percent == short[row.label].percent  # ranking is on the percentage
        # shown against the factored top: matchpoints over top is still the percentage
        assert row.percent == row.matchpoints / row.top * 100
