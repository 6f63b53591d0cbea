"""Rankings and winners: fixed directions, Howell (W4), individuals and four seat winners,
one lady and one gentleman, mnemonic play, ties."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from director.scoring import score_section
from director.scoring.model import TableResult
from director.scoring.standings import places
from schedules.types import Direction, Seating, infer_trays
from tests.scoring.builders import (
    ladies_gentlemen,
    mitchell,
    one_deal,
    published,
    random_results,
    session,
)


def test_equal_totals_share_the_place() -> None:
    assert places([Fraction(3), Fraction(3), Fraction(1), Fraction(1), Fraction(0)]) == (
        "1=", "1=", "3=", "3=", "5",
    )  # fmt: skip


def test_howell_is_equated_deal_by_deal_against_the_exponent() -> None:
    mv = published("howellcards-howell-08pairs")
    res = score_section(session(mv, random_results(mv, 3)))
    assert set(res.standings) == {"overall"}  # pairs change direction: one ranking
    for row in res.standings["overall"]:
        exponent = Fraction(0)
        for deal in res.deals:
            for t in deal.tables:
                if row.label in t.ns:
                    exponent += deal.avg_ns
                elif row.label in t.ew:
                    exponent += deal.avg_ew
        assert row.plus_minus == row.raw - exponent


def test_mitchell_ranks_each_direction_and_overall() -> None:
    mv = mitchell(5, 2)
    res = score_section(session(mv, random_results(mv, 5)))
    assert {s.label for s in res.standings["N-S"]} == {"1", "2", "3", "4", "5"}
    assert all(s.direction is Direction.EW for s in res.standings["E-W"])
    for name in ("N-S", "E-W"):
        assert sum(s.plus_minus for s in res.standings[name]) == 0


def test_four_seat_winners_and_one_lady_and_one_gentleman() -> None:
    mv = ladies_gentlemen(3, 2)
    res = score_section(session(mv, random_results(mv, 11)))
    for seat in ("North", "East", "South", "West"):
        rows = res.standings[seat]
        assert {r.label[0] for r in rows} == {seat[0].lower()}
    won = {w.title: w for w in res.winners}
    assert set(won) == {"North", "East", "South", "West", "lady", "gentleman"}
    best_lady = max(
        (s for s in res.standings["overall"] if mv.attributes[s.label] == "lady"),
        key=lambda s: s.plus_minus,
    )
    assert won["lady"].figure == best_lady.plus_minus  # most tricks above average wins
    assert won["North"].labels == tuple(
        r.label for r in res.standings["North"] if r.place.rstrip("=") == "1"
    )


def test_tied_winners_are_all_named() -> None:
    res = score_section(
        session(
            one_deal(4),
            [TableResult(1, t, 1, ns) for t, ns in zip((1, 2, 3, 4), (8, 8, 6, 6), strict=True)],
        )
    )
    assert [s.place for s in res.standings["overall"][:4]] == ["1="] * 4
    assert res.winners[0].labels == ("1", "2", "7", "8")


def test_unknown_promised_winner_is_a_warning() -> None:
    mv = replace(one_deal(3), winners=("overall", "the best dressed"))
    res = score_section(session(mv, [TableResult(1, t, 1, 7) for t in (1, 2, 3)]))
    assert any("best dressed" in w for w in res.warnings)


def _mnemonic_pair():
    first = Seating.pair(1, 1, (1, 2), "1", "2")
    replay = Seating.pair(2, 1, (1, 2), "1", "2", switched=True)
    mv = replace(one_deal(1), seatings=(first, replay), trays=infer_trays((first, replay)))
    return replace(mv, field=("1", "2"), rounds=2, mnemonic=True)


def test_mnemonic_each_pair_compared_with_the_pair_that_held_the_other_hands() -> None:
    mv = _mnemonic_pair()
    results = [
        TableResult(1, 1, 1, 9),  # pair 1 holds N/S: 9
        TableResult(1, 1, 2, 6),
        TableResult(2, 1, 1, 5),  # replay: pair 2 holds N/S: 5
        TableResult(2, 1, 2, 6),
    ]
    res = score_section(session(mv, results))
    rows = {s.label: s for s in res.standings["overall"]}
    assert rows["1"].raw == 9 + 6 + (13 - 5) + (13 - 6)
    assert rows["1"].plus_minus == (9 - 5) + (6 - 6)  # raw totals, no equating
    assert rows["2"].plus_minus == -4
    assert [s.label for s in res.standings["N-S"]] == ["1"]  # the pair seated N/S


def test_a_round_split_at_a_table_scores_each_half_with_its_own_seating() -> None:
    """The half-round trick seats a table's two halves of a round the other way round: each
    tray's N/S hands belong to whoever held them in that half, never the round's last half."""
    from schedules.catalog import Request, build

    mv = build(Request("howell", tables=5, trays_per_round=2, variant="half-rounds"))
    split = {(s.round, s.table) for s in mv.seatings if s.switched}
    assert split  # the trick is there to test
    expected = {
        (s.round, s.table, tray): s.side(Direction.EW if s.switched else Direction.NS)
        for s in mv.seatings
        for tray in s.trays
    }
    res = score_section(session(mv, random_results(mv, 5)))
    scored = {(t.round, t.table, t.tray): t.ns for deal in res.deals for t in deal.tables}
    assert scored == expected
