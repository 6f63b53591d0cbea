"""Hypothesis properties of scoring (docs/scoring-rules.md)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from director.scoring import LiveScorer, rescore, score_section
from director.scoring.model import (
    Irregularity,
    IrregularityKind,
    Method,
    NewDeal,
    Scale,
    Settings,
    TableResult,
)
from tests.scoring.builders import mitchell, one_deal, one_deal_results, revoke, session

tricks = st.integers(min_value=0, max_value=13)
deal_results = st.lists(tricks, min_size=1, max_size=9)


@given(deal_results)
def test_each_counting_deal_sums_to_zero_per_direction(ns: list[int]) -> None:
    deal = score_section(session(one_deal(len(ns)), one_deal_results(ns))).deal(1)
    assert sum(t.pm_ns for t in deal.tables) == 0
    assert sum(t.pm_ew for t in deal.tables) == 0
    assert all(t.pm_ns == -t.pm_ew for t in deal.tables)


@given(st.lists(tricks, min_size=3, max_size=9), st.data())
def test_an_average_award_moves_no_other_score(ns: list[int], data: st.DataObject) -> None:
    table = data.draw(st.integers(min_value=2, max_value=len(ns)))
    award = {str(table): {"irregularity": Irregularity(IrregularityKind.WRONG_TRUMP_OVERPLAY)}}
    awarded = score_section(session(one_deal(len(ns)), one_deal_results(ns, **award))).deal(1)
    absent = [r for r in one_deal_results(ns) if r.table != table]
    without = score_section(session(one_deal(len(ns)), absent)).deal(1)
    pm = {t.table: (t.pm_ns, t.pm_ew) for t in awarded.tables}
    assert pm.pop(table) == (0, 0)
    assert pm == {t.table: (t.pm_ns, t.pm_ew) for t in without.tables}


@given(
    st.lists(tricks, min_size=1, max_size=8),
    tricks,
    st.sampled_from(["ns", "ew"]),
    st.integers(min_value=1, max_value=4),
    st.data(),
)
def test_a_revoke_never_lifts_revokers_above_average_nor_drops_the_innocent(
    others: list[int], made_ns: int, side: str, count: int, data: st.DataObject
) -> None:
    made = made_ns if side == "ns" else 13 - made_ns
    after = data.draw(st.integers(min_value=0, max_value=made))
    ns = [*others, made_ns]
    where = {str(len(ns)): {"revokes": (revoke(side, count, after),)}}
    deal = score_section(session(one_deal(len(ns)), one_deal_results(ns, **where))).deal(1)
    t = deal.tables[-1]
    revokers, innocent = (t.final_ns, t.final_ew) if side == "ns" else (t.final_ew, t.final_ns)
    ref = [n if side == "ns" else 13 - n for n in others]
    average = Fraction(sum(ref), len(ref))
    assert revokers <= max(average, made - after)  # the ceiling, save protected tricks
    assert revokers <= made
    assert innocent >= 13 - made


@given(deal_results, st.sampled_from(Scale))
def test_matchpoints_on_a_deal_sum_to_the_scales_constant(ns: list[int], scale: Scale) -> None:
    settings = Settings(method=Method.MATCHPOINTS, scale=scale)
    deal = score_section(session(one_deal(len(ns)), one_deal_results(ns), settings)).deal(1)
    n = len(ns)
    constant = n * (n - 1) if scale is Scale.TWO_ONE else Fraction(n * (n - 1), 2)
    assert sum(t.mp_ns for t in deal.tables) == constant
    assert sum(t.mp_ew for t in deal.tables) == constant


@given(st.lists(tricks, min_size=2, max_size=6), st.data())
def test_a_new_deal_leaves_no_trace_of_the_replaced_results(
    first: list[int], data: st.DataObject
) -> None:
    second = data.draw(st.lists(tricks, min_size=len(first), max_size=len(first)))
    mv = one_deal(len(first))
    replay = [replace(r, version=2) for r in one_deal_results(second)]
    new_deal = (NewDeal(1, 2, IrregularityKind.MISDEAL),)
    with_old = score_section(session(mv, one_deal_results(first) + replay, new_deals=new_deal))
    without = score_section(session(mv, replay, new_deals=new_deal))
    assert with_old.deals == without.deals
    assert with_old.standings == without.standings


@given(st.lists(tricks, min_size=18, max_size=18), st.integers(0, 17), tricks)
def test_rescoring_one_deal_equals_a_full_recompute(ns: list[int], which: int, value: int) -> None:
    mv = mitchell(3, 2)
    plays = [(s.round, s.table, tray) for s in mv.seatings for tray in s.trays]
    results = [TableResult(r, t, tray, n) for (r, t, tray), n in zip(plays, ns, strict=True)]
    before = score_section(session(mv, results))
    changed = list(results)
    changed[which] = replace(changed[which], ns_tricks=value)
    after = session(mv, changed)
    assert rescore(after, before, [changed[which].tray]) == score_section(after)
    live = LiveScorer(session(mv, results))
    assert live.update(after, [changed[which].tray]) == score_section(after)


@given(st.lists(tricks, min_size=18, max_size=18))
def test_equated_totals_average_half_the_tricks_in_each_direction(ns: list[int]) -> None:
    mv = mitchell(3, 2)
    plays = [(s.round, s.table, tray) for s in mv.seatings for tray in s.trays]
    results = [TableResult(r, t, tray, n) for (r, t, tray), n in zip(plays, ns, strict=True)]
    res = score_section(session(mv, results))
    for name in ("N-S", "E-W"):
        rows = res.standings[name]
        assert sum(r.equated for r in rows) / len(rows) == Fraction(13 * 6, 2)
