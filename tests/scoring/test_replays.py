"""What was really played after a repair: a deal a pair plays twice (W15), rounds of unequal
length, a tray played at fewer tables or once."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from director.scoring import score_section
from director.scoring.explain import explain_text
from director.scoring.model import Adjustment, Method, Settings, TableResult
from director.scoring.replays import replays
from schedules.catalog import Request, build
from schedules.repair import cut_rounds, late_pair, wrong_move
from schedules.types import Competitors, Movement, Seating, infer_trays
from tests.scoring.builders import mitchell, plays, session


def _movement(*seats: Seating) -> Movement:
    field = tuple(sorted({p for s in seats for p in s.places}, key=int))
    rounds = max(s.round for s in seats)
    tables = max(s.table for s in seats)
    return Movement("repaired", Competitors.PAIRS, tables, rounds, infer_trays(seats), seats, field)


def test_the_second_play_of_a_tray_takes_the_average_and_the_first_counts() -> None:
    # Pair 1 plays tray 1 in round 1 at table 1 and, after a wrong move, again in round 2.
    m = _movement(
        Seating.pair(1, 1, (1,), "1", "2"),
        Seating.pair(1, 2, (1,), "3", "4"),
        Seating.pair(2, 1, (1,), "1", "6"),
        Seating.pair(2, 2, (1,), "5", "7"),
    )
    results = [TableResult(1, 1, 1, 9), TableResult(1, 2, 1, 5), TableResult(2, 1, 1, 13)]
    results.append(TableResult(2, 2, 1, 7))
    res = score_section(session(m, results))
    deal = res.deals[0]
    assert deal.avg_ns == Fraction(9 + 5 + 7, 3)
    again = next(t for t in deal.tables if (t.round, t.table) == (2, 1))
    assert (again.adjustment, again.pm_ns, again.pm_ew) == (Adjustment.AVERAGE, 0, 0)
    assert again.final_ns == deal.avg_ns
    why = explain_text(res, "6", tray=1)
    assert "pair 1 had already played tray 1 in round 1 at table 1: the table takes" in why
    assert "[Law V Sec.1, law (f) (W15)]" in why
    totals = {s.label: s.plus_minus for s in res.standings["overall"]}
    assert totals["1"] == 9 - deal.avg_ns
    assert totals["6"] == 0


def test_rounds_of_unequal_length_and_a_tray_played_once_score() -> None:
    m = _movement(
        Seating.pair(1, 1, (1, 2, 3), "1", "2"),
        Seating.pair(1, 2, (4, 5, 6), "3", "4"),
        Seating.pair(2, 1, (4, 5), "1", "4"),
        Seating.pair(2, 2, (1, 2), "3", "2"),
    )
    results = [TableResult(r, t, tray, 6 + tray % 4) for r, t, tray in plays(m)]
    res = score_section(session(m, results))
    alone = {d.tray: d for d in res.deals}
    for tray in (3, 6):
        (table,) = alone[tray].tables
        assert (table.pm_ns, table.pm_ew) == (0, 0)
    assert sum(s.plus_minus for s in res.standings["overall"]) == 0


def test_mnemonic_play_has_no_replays() -> None:
    assert replays(build(Request("mitchell", tables=3, mnemonic=True))) == {}


@settings(max_examples=40, deadline=None)
@given(st.data(), st.sampled_from([Method.PLUS_MINUS, Method.MATCHPOINTS]))
def test_after_any_wrong_move_every_replay_takes_the_average(
    data: st.DataObject, method: Method
) -> None:
    m = mitchell(5, 2)
    r = data.draw(st.integers(1, m.rounds))
    table = data.draw(st.integers(1, m.tables))
    actual = tuple(data.draw(st.permutations(m.field))[:2])
    planned = next(s for s in m.seatings if (s.round, s.table) == (r, table))
    if actual == planned.places:
        return
    played = wrong_move(m, r, table, actual).movement
    tricks = data.draw(st.lists(st.integers(0, 13), min_size=50, max_size=50))
    results = [TableResult(r, t, tray, tricks[i]) for i, (r, t, tray) in enumerate(plays(played))]
    res = score_section(session(played, results, Settings(method=method)))
    again = replays(played)
    for deal in res.deals:
        first = [t for t in deal.tables if (t.round, t.table, deal.tray) not in again]
        for t in deal.tables:
            if (t.round, t.table, deal.tray) in again:
                assert t.adjustment is Adjustment.AVERAGE
                assert (t.pm_ns, t.pm_ew) == (0, 0)
        if method is Method.PLUS_MINUS:
            assert deal.avg_ns == Fraction(sum(t.made_ns for t in first), len(first))
    if method is Method.PLUS_MINUS:
        assert sum(s.plus_minus for s in res.standings["overall"]) == 0


def test_a_competitors_total_says_how_the_movement_was_repaired() -> None:
    movement = build(Request("howell", tables=4))
    repaired = cut_rounds(late_pair(movement, 3).movement, 5).movement
    played = session(repaired, [TableResult(r, t, tray, 7) for r, t, tray in plays(repaired)])
    result = score_section(played)
    assert len(result.repairs) == 2
    assert "joined before round 3" in result.repairs[0]
    assert "ended after round 5" in result.repairs[1]
    text = explain_text(result, repaired.field[0])
    for repair in result.repairs:
        assert f"The movement was repaired in play: {repair}" in text
    assert score_section(session(movement, [])).repairs == ()
