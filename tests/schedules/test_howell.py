"""The Howell pairs family: every size builds and verifies, promises hold, refusals are clear."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from director.cli import main
from schedules.balance import balance
from schedules.catalog import Request, build
from schedules.designs.bordered import STORED_BORDERED
from schedules.findings import ImpossibleMovementError
from schedules.howell import exception, layout_for, reachable
from schedules.howell_layouts import stored_designs
from schedules.tally import opponent_counts
from schedules.types import Movement
from schedules.verify import verify

PERFECT = (4, 6, 8, 10, 12, 14, 16, 18, 22, 24)
ODD_OPTIMUM = (5, 7, 9, 11, 13, 15)


def howell(**size: int | str) -> Movement:
    return build(Request("howell", **size), check=False)


def assert_everyone_meets_once(m: Movement) -> None:
    counts = opponent_counts(m)
    field = m.field
    assert all(counts[(a, b) if a <= b else (b, a)] == 1 for a in field for b in field if a != b)


@pytest.mark.parametrize("tables", range(2, 31))
def test_complete_howell_every_size(tables: int) -> None:
    m = howell(tables=tables)
    assert verify(m) == []
    assert m.promise == "howell-complete"
    assert m.rounds == 2 * tables - 1
    assert m.field == tuple(str(i) for i in range(1, 2 * tables + 1))
    assert_everyone_meets_once(m)
    # From 4 tables a Room square: no tray set is shared; 2 and 3 tables must relay.
    assert (m.shared == ()) == (tables >= 4)


@given(tables=st.integers(2, 30), per_round=st.integers(1, 4))
def test_odd_pairs_sit_out_once_each(tables: int, per_round: int) -> None:
    m = howell(pairs=2 * tables - 1, trays_per_round=per_round)
    assert verify(m) == []
    assert len(m.field) == 2 * tables - 1
    assert_everyone_meets_once(m)
    sitting_out = Counter(who for out in m.sitouts.values() for who in out)
    assert sorted(sitting_out) == sorted(m.field)
    assert set(sitting_out.values()) == {1}
    assert all(len(s.trays) == per_round for s in m.seatings)


@settings(max_examples=30)
@given(data=st.data())
def test_shortened_howells_meet_no_one_twice(data: st.DataObject) -> None:
    tables = data.draw(st.integers(2, 16))  # larger sizes: benchmarks/howell.py
    rounds = data.draw(st.integers(1, 2 * tables - 2))
    if (tables, rounds) == (4, 5):  # built with shared trays instead: see below
        return
    if not reachable(tables, rounds):
        with pytest.raises(ImpossibleMovementError, match="rounds that work"):
            howell(tables=tables, rounds=rounds)
        return
    m = howell(tables=tables, rounds=rounds)
    assert verify(m) == []
    assert m.promise == "howell"
    assert max(opponent_counts(m).values()) == 1
    assert m.shared == ()
    if rounds >= tables:
        # A Howell design: every pair plays every tray set in play.
        sets = {s.trays for s in m.seatings}
        for pair in m.field:
            assert {s.trays for s in m.seatings if pair in s.places} == sets


@pytest.mark.parametrize("tables", PERFECT)
def test_perfect_balance(tables: int) -> None:
    m = howell(tables=tables, balance="best")
    report = balance(m)
    assert verify(m) == []
    assert set(report.comparisons.values()) == {tables - 1}
    assert report.ss == 0


@pytest.mark.parametrize("tables", [23, 25, 29])
def test_large_odd_tables_reach_the_cyclic_optimum_without_searching(tables: int) -> None:
    # GF(49)'s quadratic residues, and the almost difference sets stored for Z_45 and Z_57
    m = howell(tables=tables)
    assert verify(m) == []
    assert balance(m).ss == (2 * tables - 1) * (tables - 1)


@pytest.mark.parametrize("tables", ODD_OPTIMUM)
def test_odd_tables_reach_the_cyclic_optimum(tables: int) -> None:
    m = howell(tables=tables, balance="best")
    assert verify(m) == []
    assert balance(m).ss == (2 * tables - 1) * (tables - 1)


@pytest.mark.parametrize(
    ("tables", "rounds", "theorem"),
    [(2, 2, "H(2,4)"), (4, 5, "H(5,8)"), (3, 5, None)],
)
def test_refusals_cite_the_theorem(tables: int, rounds: int, theorem: str | None) -> None:
    if theorem is None:
        # The complete 3-table Howell exists only with relays; the theorem is still named.
        assert "Room square of side 5" in (exception(tables, rounds) or "")
        assert howell(tables=tables).shared
        return
    with pytest.raises(ImpossibleMovementError, match=r"H\(\d,\d\)") as caught:
        layout_for(tables, rounds)
    assert theorem in str(caught.value)
    assert "rounds that work" in str(caught.value)


def test_a_length_only_the_best_balance_builds_is_built_and_the_note_says_why() -> None:
    """4 tables, 5 rounds: no Howell design H(5,8), but a reseated movement sharing trays."""
    plain = howell(tables=4, rounds=5)
    assert plain.shared
    assert replace(plain, notes=plain.notes[:-1]) == howell(tables=4, rounds=5, balance="best")
    assert plain.notes[-1] == (
        "No 5-round Howell for 4 tables exists without tables sharing trays, so this one "
        "shares them: the best-balanced movement of that size."
    )


@pytest.mark.parametrize("pairs", [3, 5, 7, 9, 15, 59])
def test_a_one_round_howell_for_an_odd_field_deals_only_the_trays_played(pairs: int) -> None:
    m = howell(pairs=pairs, rounds=1)
    assert verify(m) == []
    assert len(m.trays) == 2 * (pairs // 2)  # two trays at each table that plays


@pytest.mark.parametrize(
    "argv",
    [
        ["--tables", "31"],
        ["--tables", "1"],
        ["--pairs", "2"],
        ["--pairs", "7", "--rounds", "8"],
        ["--tables", "5", "--rounds", "10"],
        [],
    ],
)
def test_cli_refuses_with_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "howell", *argv]) == 2
    err = capsys.readouterr().err
    assert err.strip()
    assert "\n" not in err.strip()


def test_cli_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "howell", "--tables", "4", "--trays-per-round", "3"]) == 0
    text = capsys.readouterr().out
    assert "Verified: yes" in text
    assert "index 100.0/100" in text
    assert main(["movement", "howell", "--pairs", "9", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["family"] == "howell"
    assert doc["verified"] is True
    assert doc["rounds"] == 9
    assert len(doc["sitouts"]) == 9
    assert {w for s in doc["sitouts"] for w in s["who"]} == {str(i) for i in range(1, 10)}


def test_minutes_set_the_trays_per_round() -> None:
    from fractions import Fraction

    m = howell(tables=5, minutes=Fraction(9 * 7 * 3))
    assert {len(s.trays) for s in m.seatings} == {3}


@pytest.mark.parametrize("tables", range(2, 13))
def test_every_round_count_up_to_12_tables(tables: int) -> None:
    """Each rounds count either builds a verified movement without shared trays (every pair
    playing every tray set from n rounds up) or, exactly where `reachable` says not, is
    refused or built with shared trays, as --balance best builds it, saying so."""
    for rounds in range(1, 2 * tables - 1):
        if (tables, rounds) == (4, 5):  # the one a stored reseated movement serves
            instead = howell(tables=tables, rounds=rounds)
            assert instead.shared
            assert "without tables sharing trays" in instead.notes[-1]
            continue
        if not reachable(tables, rounds):
            with pytest.raises(ImpossibleMovementError, match="rounds that work"):
                howell(tables=tables, rounds=rounds)
            continue
        m = howell(tables=tables, rounds=rounds)
        assert verify(m) == []
        assert m.shared == ()
        per_pair = {p: {s.trays for s in m.seatings if p in s.places} for p in m.field}
        assert all(len(sets) == rounds for sets in per_pair.values())
        if rounds >= tables:
            assert len({s.trays for s in m.seatings}) == rounds


@pytest.mark.parametrize("tables", [4, 8, 12, 16, 20, 24, 28])
def test_h_n_2n_for_multiples_of_four(tables: int) -> None:
    """H(n, 2n) over Z_2 x Z_{n/2}: n rounds, n tray sets, each played at every table once."""
    m = howell(tables=tables, rounds=tables)
    assert verify(m) == []
    assert max(opponent_counts(m).values()) == 1
    assert len({s.trays for s in m.seatings}) == tables


STORED_SIZES = sorted((m + 1 if fixed else m, m + 1) for m, fixed in STORED_BORDERED)


@pytest.mark.parametrize(
    ("tables", "rounds"),
    [(n, n + 1) for n in range(6, 17, 2)] + [(6, 6), (10, 10), (14, 14)] + STORED_SIZES,
)
def test_bordered_designs_fill_the_cyclic_gaps(tables: int, rounds: int) -> None:
    """Where no design develops over a group of order s, the bordered one (over Z_s-1 with a
    fixed round and tray set) gives H(s, 2n): every pair plays every tray set once."""
    m = howell(tables=tables, rounds=rounds)
    assert verify(m) == []
    assert m.shared == ()
    sets = {s.trays for s in m.seatings}
    assert len(sets) == rounds
    for pair in m.field:
        assert {s.trays for s in m.seatings if pair in s.places} == sets


def test_stored_bordered_designs_reach_30_tables() -> None:
    """Every even n from 18 to 30 has its n + 1 rounds, and n rounds when n = 2 mod 4."""
    wanted = {(n, n + 1) for n in range(18, 31, 2)} | {(n, n) for n in (18, 22, 26, 30)}
    assert wanted <= set(STORED_SIZES)
    assert all(reachable(n, s) for n, s in wanted)


@pytest.mark.parametrize(("tables", "rounds"), sorted(stored_designs()))
def test_stored_howell_designs_fill_the_small_gaps(tables: int, rounds: int) -> None:
    """H(6,8) and H(8,10), which no developed design gives, from the stored search results."""
    m = howell(tables=tables, rounds=rounds)
    assert verify(m) == []
    assert max(opponent_counts(m).values()) == 1
    sets = {s.trays for s in m.seatings}
    assert len(sets) == rounds
    for pair in m.field:
        assert {s.trays for s in m.seatings if pair in s.places} == sets


def _plain_index(tables: int) -> float:
    return balance(howell(tables=tables, balance="best")).index


def test_the_half_round_trick_balances_five_tables_perfectly() -> None:
    m = howell(tables=5, variant="half-rounds")
    assert verify(m) == []
    report = balance(m)
    assert len(set(report.comparisons.values())) == 1
    assert report.index == pytest.approx(100.0)
    # table 5 plays every round in two seatings: the second half of its trays switched
    split = Counter((s.round, s.table) for s in m.seatings)
    assert {key for key, seatings in split.items() if seatings == 2} == {
        (r, 5) for r in range(1, 10)
    }
    assert _plain_index(5) < 100.0


@pytest.mark.parametrize("tables", [3, 7, 9, 11])
def test_the_half_round_trick_never_balances_worse(tables: int) -> None:
    m = howell(tables=tables, variant="half-rounds")
    assert verify(m) == []
    assert balance(m).index > _plain_index(tables)


@pytest.mark.parametrize(
    ("size", "message"),
    [
        ({"tables": 6}, "odd number of tables"),
        ({"tables": 5, "rounds": 7}, "odd number of tables"),
        ({"tables": 5, "variant": "quarters"}, "unknown Howell variant"),
        ({"tables": 5, "trays_per_round": 1}, "2 or more trays a round"),
    ],
)
def test_the_half_round_trick_is_refused_where_it_does_not_apply(
    size: dict[str, int | str], message: str
) -> None:
    size = {"variant": "half-rounds", **size}
    with pytest.raises(ImpossibleMovementError, match=message):
        howell(**size)
