"""The revoke law, AWL Law VII Sec.4 (W14), and Law X Sec.5 (a failed call counts as one)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from director.scoring import score_section
from director.scoring.model import Method, Revoke, RevokeReference, Settings, TableResult
from director.scoring.revokes import penalise, transfer
from schedules.types import Competitors
from tests.scoring.builders import one_deal, one_deal_results, revoke, session


@pytest.mark.parametrize(("count", "tricks"), [(1, 2), (2, 3), (3, 4), (5, 6)])
def test_transfer_is_two_then_one_for_each_further_revoke(count: int, tricks: int) -> None:
    assert transfer(count) == tricks


def test_tricks_won_before_the_first_revoke_are_never_taken() -> None:
    # 6 made, only 1 of them from the revoke trick on: only 1 can go.
    assert penalise(6, 1, 1, ()).after_transfer == 5
    # A4: the protection beats the ceiling; the revokers keep 6 though the average is 4.
    assert penalise(6, 1, 0, (Fraction(4),)).penalised == 6


def _deal(ns, revoking_table: str, rev, settings=None, movement=None):
    res = score_section(
        session(
            movement or one_deal(len(ns)),
            one_deal_results(ns, **{revoking_table: {"revokes": (rev,)}}),
            settings,
        )
    )
    return res.deal(1)


def test_average_ceiling_revokers_never_above_the_average() -> None:
    deal = _deal([8, 8, 8, 8, 5], "5", revoke("ew", 1, 5))
    t5 = deal.tables[4]
    assert t5.final_ew == 5  # 8 made, transfer to 6, ceiling 5
    assert t5.pm_ew == 0


def test_pair_match_cap_innocent_at_best_elsewhere_revokers_take_the_full_penalty() -> None:
    deal = _deal([7, 7, 7, 7, 5], "5", revoke("ew", 3, 8))
    t5 = deal.tables[4]
    assert (t5.counted_ns, t5.final_ns, t5.final_ew) == (7, 7, 4)
    assert deal.avg_ns == 7
    assert (t5.pm_ns, t5.pm_ew) == (0, -2)
    assert all(t.pm_ns == 0 for t in deal.tables[:4])
    assert sum(t.pm_ns + t.pm_ew for t in deal.tables) == -2  # = -(r_cnt - r_pen)


def test_innocent_side_that_made_more_than_the_best_elsewhere_keeps_it() -> None:
    deal = _deal([7, 6, 7, 6, 9], "5", revoke("ew", 1, 2))
    assert deal.tables[4].counted_ns == 9


def test_revokers_who_made_less_than_the_worst_elsewhere_are_not_raised() -> None:
    deal = _deal([7, 7, 7, 7, 12], "5", revoke("ew", 1, 1))
    assert deal.tables[4].final_ew == 0  # made 1, all of it from the revoke on


def test_clean_tables_only_is_an_option() -> None:
    # Table 4 also revoked; as made it holds the best N/S score elsewhere (10).
    ns = [7, 7, 7, 10, 6]
    results = one_deal_results(
        ns,
        **{"4": {"revokes": (revoke("ns", 1, 1),)}, "5": {"revokes": (revoke("ew", 3, 7),)}},
    )
    all_tables = score_section(session(one_deal(5), results)).deal(1)
    clean = score_section(
        session(one_deal(5), results, Settings(revoke_reference=RevokeReference.CLEAN_TABLES_ONLY))
    ).deal(1)
    assert all_tables.tables[4].counted_ns == 10
    assert clean.tables[4].counted_ns == 7


def test_both_sides_revoking_both_take_the_average() -> None:
    results = one_deal_results(
        [8, 7, 9, 12], **{"4": {"revokes": (revoke("ns", 1, 3), revoke("ew", 1, 1))}}
    )
    deal = score_section(session(one_deal(4), results)).deal(1)
    t4 = deal.tables[3]
    assert deal.avg_ns == 8
    assert (t4.pm_ns, t4.pm_ew, t4.marks) == (0, 0, ("-R", "-R"))


def test_no_other_table_the_transfer_alone_applies() -> None:
    deal = _deal([9], "1", revoke("ns", 2, 4))
    assert (deal.tables[0].final_ns, deal.tables[0].final_ew) == (6, 7)


def test_a_failure_to_obey_a_lawful_call_counts_as_a_revoke() -> None:
    one = _deal([7, 7, 7, 7, 5], "5", revoke("ew", 2, 8, failed=1))
    two = _deal([7, 7, 7, 7, 5], "5", revoke("ew", 2, 8))
    assert one.tables[4].final_ew == two.tables[4].final_ew == 5
    assert any("Law X Sec.5" in s.text for s in one.tables[4].steps)


def _individuals(tables: int):
    mv = one_deal(tables)
    seats = tuple(
        replace(s, places=(f"n{s.table}", f"e{s.table}", f"s{s.table}", f"w{s.table}"))
        for s in mv.seatings
    )
    field = tuple(p for s in seats for p in s.places)
    return replace(mv, competitors=Competitors.INDIVIDUALS, seatings=seats, field=field)


def test_individual_matches_apply_the_transfer_and_ceiling_directly_by_default() -> None:
    deal = _deal([7, 7, 7, 7, 5], "5", revoke("ew", 3, 8), movement=_individuals(5))
    t5 = deal.tables[4]
    assert (t5.counted_ns, t5.final_ns, t5.final_ew) == (9, 9, 4)
    assert sum(t.pm_ns for t in deal.tables) == 0


def test_individual_matches_may_record_revokes_as_pair_matches() -> None:
    settings = Settings(individual_revoke_record=True)
    deal = _deal([7, 7, 7, 7, 5], "5", revoke("ew", 3, 8), settings, _individuals(5))
    assert deal.tables[4].counted_ns == 7


def test_matchpoints_compare_the_penalised_tricks_without_the_clamp() -> None:
    settings = Settings(method=Method.MATCHPOINTS)
    deal = _deal([7, 7, 7, 7, 5], "5", revoke("ew", 3, 8), settings)
    t5 = deal.tables[4]
    assert t5.final_ns == 9  # i_pen, not capped at 7
    assert t5.mp_ns == 8  # beats all four others on the 2-1 scale


def test_revoke_tricks_are_applied_to_the_record_that_stands() -> None:
    # N/S say 2, E/W say 12 and E/W's record stands: N/S made 1, E/W 12.
    ew = score_section(
        session(one_deal(1), [TableResult(1, 1, 1, 2, 12, revokes=(revoke("ew", 1, 12),))])
    )
    assert (ew.deal(1).tables[0].final_ns, ew.deal(1).tables[0].final_ew) == (3, 10)
    ns = score_section(
        session(one_deal(1), [TableResult(1, 1, 1, 2, 12, revokes=(revoke("ns", 1, 1),))])
    )
    assert (ns.deal(1).tables[0].final_ns, ns.deal(1).tables[0].final_ew) == (0, 13)


def _several(ns: list[int], revokes: dict[int, Revoke], settings: Settings | None = None):
    extra = {str(t): {"revokes": (rev,)} for t, rev in revokes.items()}
    chosen = settings or Settings(method=Method.MATCHPOINTS)
    return score_section(session(one_deal(len(ns)), one_deal_results(ns, **extra), chosen)).deal(1)


def test_several_revoking_tables_are_held_to_the_final_average() -> None:
    # As made N/S 10, 8, 8. Transfers alone: 8 and 4 (three revokes); table 1's ceiling over
    # the others as made would be 8, but the final average is (r1 + 4 + 8) / 3 = r1: 6.
    deal = _several([10, 8, 8], {1: revoke("ns", 1, 10), 2: revoke("ns", 3, 8)})
    assert deal.avg_ns == 6
    assert [t.final_ns for t in deal.tables] == [6, 4, 8]


def test_tricks_won_before_the_first_revoke_stay_above_the_final_average() -> None:
    # Table 1 won 7 before its revoke; the final average is (7 + 4 + 8) / 3 = 19/3.
    deal = _several([10, 8, 8], {1: revoke("ns", 1, 3), 2: revoke("ns", 3, 8)})
    assert deal.avg_ns == Fraction(19, 3)
    assert [t.final_ns for t in deal.tables] == [7, 4, 8]
    steps = " ".join(s.text for s in deal.tables[0].steps)
    assert "the 7 tricks won before the first revoke are kept, though above" in steps


def test_when_every_table_revoked_the_ceiling_takes_no_more_than_it_must() -> None:
    # Transfers alone: N/S 8 and 6, average 7. Any average from 0 to 6 satisfies the law;
    # the least penalty is 6 for both.
    same = _several([10, 8], {1: revoke("ns", 1, 10), 2: revoke("ns", 1, 8)})
    assert [t.final_ns for t in same.tables] == [6, 6]
    # Opposite directions: N/S 8 at table 1, E/W 6 (N/S 7) at table 2, average 15/2. Every
    # average from 7 to 8 puts both tables at it; the one with transfers alone is kept.
    mixed = _several([10, 5], {1: revoke("ns", 1, 10), 2: revoke("ew", 1, 8)})
    assert mixed.avg_ns == Fraction(15, 2)
    assert [t.final_ns for t in mixed.tables] == [Fraction(15, 2)] * 2


def test_the_explanation_says_the_average_is_the_final_one() -> None:
    deal = _several([10, 8, 8], {1: revoke("ns", 1, 10), 2: revoke("ns", 3, 8)})
    steps = " ".join(s.text for s in deal.tables[0].steps)
    assert "the deal's final N-S average, 6" in steps
    assert "found together with the penalty at table 2" in steps
