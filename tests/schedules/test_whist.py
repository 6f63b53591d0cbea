"""Whist tournament constructions and the negative cases the verifier must reject."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schedules.balance import balance
from schedules.designs.whist import (
    Spread,
    Starter,
    all_starters,
    binary_starter,
    develop,
    drive_rounds,
    field_product_starter,
    field_spread,
    is_difference_matrix,
    multiplier_levels,
    product_rounds,
    ring_starter,
    rotational_field_product,
    search_starter,
    sit_out_product_rounds,
    starter_defects,
)
from schedules.designs.whist_sizes import (
    prime_power_factors,
    spread_for,
    stored_spreads,
    stored_starters,
    whist_rounds,
    whist_starter,
)
from schedules.findings import Law
from schedules.individual import starter_movement, whist_movement
from schedules.jsonio import load_movement
from schedules.tally import all_pairs, opponent_counts, pair_key, partner_counts
from schedules.types import Direction, Movement, Seating
from schedules.verify import verify
from tests.conftest import MOVEMENTS
from tools import difference_matrix_search

RING_SIZES = [v for v in range(5, 202, 4) if all(q % 4 == 1 for q in prime_power_factors(v))]


@pytest.mark.parametrize("v", RING_SIZES)
def test_ring_starter_is_a_whist_starter(v: int) -> None:
    starter = ring_starter(prime_power_factors(v))
    assert starter.players == v
    assert starter_defects(starter) == 0


@pytest.mark.parametrize("q", [4, 8, 16, 32, 64, 128, 256])
def test_binary_starter_is_a_whist_starter(q: int) -> None:
    starter = binary_starter(q)
    assert starter.players == q
    assert starter_defects(starter) == 0


@pytest.mark.parametrize("v", sorted(stored_starters()))
def test_stored_search_results_are_whist_starters(v: int) -> None:
    """Every first round in schedules/data/whist/starters.json loads and develops into a Wh(v)."""
    starter = stored_starters()[v]
    assert starter.players == v
    assert starter_defects(starter) == 0


@pytest.mark.parametrize("v", [13, 17])
def test_stored_first_round_balances_perfectly_unlike_the_closed_form(v: int) -> None:
    starter = whist_starter(v)
    assert starter is not None
    stored = balance(starter_movement(starter))
    closed = balance(starter_movement(ring_starter([v])))
    assert stored.ss == 0 < closed.ss


def test_defects_see_a_broken_starter() -> None:
    good = ring_starter([13])
    a, b, c, d = good.games[0]
    broken = Starter(good.moduli, ((a, c, b, d), *good.games[1:]), False, "swapped")
    assert starter_defects(broken) > 0


@pytest.mark.parametrize(("moduli", "rotational"), [((13,), False), ((17,), False), ((11,), True)])
def test_search_finds_small_starters(moduli: tuple[int, ...], rotational: bool) -> None:
    starter = search_starter(moduli, rotational, seed=3)
    assert starter is not None
    assert starter_defects(starter) == 0


def test_ring_and_field_constructions_refuse_wrong_orders() -> None:
    with pytest.raises(ValueError, match="1 mod 4"):
        ring_starter([7])
    with pytest.raises(ValueError, match="2\\^k"):
        binary_starter(12)


def _z9_candidates() -> list[Starter]:
    """Every first round over Z_9: two games splitting 1..8, seated in each distinct way."""
    rest = set(range(1, 9))
    out = []
    for trio in itertools.combinations(sorted(rest - {1}), 3):
        first = (1, *trio)
        second = tuple(sorted(rest - set(first)))
        for g1 in _seatings(first):
            for g2 in _seatings(second):
                out.append(Starter((9,), (g1, g2), False, "candidate"))
    return out


def _seatings(four: tuple[int, ...]) -> list[tuple[int, int, int, int]]:
    """The three ways to split four players into partnerships, lowest at North."""
    low, *others = four
    return [(low, others[i - 1], partner, others[i - 2]) for i, partner in enumerate(others)]


def test_no_z_cyclic_wh9_every_candidate_is_rejected() -> None:
    candidates = _z9_candidates()
    assert len(candidates) == 35 * 9
    assert list(all_starters((9,), False)) == []
    for starter in candidates:
        findings = verify(starter_movement(starter), "individual-wh")
        laws = {f.law for f in findings}
        assert laws <= {Law.PARTNERS_WRONG, Law.OPPONENTS_WRONG}
        assert laws, starter.games
        assert starter_defects(starter) > 0


def test_wh9_exists_over_gf9_instead() -> None:
    assert verify(starter_movement(ring_starter([9])), "individual-wh") == []


def test_no_twh13_every_z_cyclic_wh13_fails_triplewhist() -> None:
    starters = list(all_starters((13,), False))
    assert starters
    for starter in starters:
        movement = starter_movement(starter)
        assert verify(movement, "individual-wh") == []
        findings = verify(movement, "individual-twh")
        assert findings
        assert all("triplewhist" in f.detail for f in findings)


def test_no_twh12_ours_and_rotational_candidates_fail() -> None:
    candidates = [stored_starters()[12]]
    candidates += list(itertools.islice(all_starters((11,), True), 40))
    for starter in candidates:
        movement = starter_movement(starter)
        assert verify(movement, "individual-wh") == []
        assert any("triplewhist" in f.detail for f in verify(movement, "individual-twh"))


def test_published_12_player_movement_is_neither_wh_nor_twh() -> None:
    movement = load_movement(MOVEMENTS / "bridgescorer-Individual3Tables.json")
    wh = verify(movement, "individual-wh")
    assert any(f.law is Law.OPPONENTS_WRONG for f in wh)
    assert len(verify(movement, "individual-twh")) > len(wh)


def test_triplewhist_promise_can_hold_twh8_exists() -> None:
    """Positive control: some 1-rotational Wh(8) over Z_7 is a triplewhist tournament."""
    passing = [
        s for s in all_starters((7,), True) if verify(starter_movement(s), "individual-twh") == []
    ]
    assert passing


def _meetings(
    rounds: list[list[tuple[int, int, int, int]]], players: int
) -> tuple[Counter[tuple[int, int]], Counter[tuple[int, int]]]:
    """How often each two players partner and oppose; every round must seat everyone once."""
    partners: Counter[tuple[int, int]] = Counter()
    opponents: Counter[tuple[int, int]] = Counter()
    for games in rounds:
        assert sorted(x for g in games for x in g) == list(range(players))
        for n, e, s, w in games:
            for a, b in ((n, s), (e, w)):
                partners[min(a, b), max(a, b)] += 1
            for a, b in ((n, e), (n, w), (s, e), (s, w)):
                opponents[min(a, b), max(a, b)] += 1
    return partners, opponents


def _assert_tournament(rounds: list[list[tuple[int, int, int, int]]], players: int) -> None:
    partners, opponents = _meetings(rounds, players)
    pairs = list(itertools.combinations(range(players), 2))
    assert all(partners[p] == 1 for p in pairs)
    assert all(opponents[p] == 2 for p in pairs)


@pytest.mark.parametrize("by_seat", [False, True])
def test_drive_product_meets_everyone_outside_the_fibre_three_times(by_seat: bool) -> None:
    u, q = 8, 8
    spread = field_spread(4 if by_seat else u, [q])
    rounds = list(drive_rounds(whist_rounds(u), u, spread, by_seat=by_seat))
    assert len(rounds) == (u - 1) * q
    partners, opponents = _meetings(rounds, u * q)
    for a, b in itertools.combinations(range(u * q), 2):
        same_fibre = a // q == b // q
        assert partners[a, b] == (0 if same_fibre else 1)
        assert opponents[a, b] == (0 if same_fibre else 2)


def test_drive_by_player_needs_a_row_per_base_player() -> None:
    with pytest.raises(ValueError, match="4 rows, not 8"):
        next(drive_rounds(whist_rounds(8), 8, field_spread(4, [5])))


@pytest.mark.parametrize("m", sorted(stored_spreads()))
def test_stored_spreads_are_difference_matrices(m: int) -> None:
    """Every matrix in schedules/data/whist/spreads.json loads and is a difference matrix."""
    spread = stored_spreads()[m]
    assert len(spread.rows) >= 4
    assert all(len(row) == m for row in spread.rows)
    assert is_difference_matrix(spread)
    rows = list(spread.rows)
    rows[3] = (*rows[3][:2], rows[3][3], rows[3][2], *rows[3][4:])  # two entries swapped
    assert not is_difference_matrix(Spread(spread.moduli, tuple(rows), "broken"))


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([4, 5, 7, 8, 9, 11, 13, 16, 4 * 5, 7 * 8]), st.integers(2, 4))
def test_field_spreads_are_difference_matrices(m: int, u: int) -> None:
    spread = spread_for(u, m)
    assert spread is not None
    assert len(spread.rows) == u
    assert is_difference_matrix(spread)


def test_the_c_search_finds_a_difference_matrix_and_a_seed_repeats_it() -> None:
    rows = difference_matrix_search.search_cc(21, seed=1, nodes=100_000)
    assert len(rows) == 4
    assert rows[:2] == [[0] * 21, list(range(21))]
    assert is_difference_matrix(Spread((21,), tuple(map(tuple, rows)), "found"))
    assert difference_matrix_search.search_cc(21, seed=1, nodes=100_000) == rows


def test_no_spread_without_a_field_or_a_stored_matrix() -> None:
    assert spread_for(4, 3 * 13) is None  # GF(3) is too small and nothing is stored


@pytest.mark.parametrize(("q", "k"), [(5, 5), (5, 13), (13, 5), (9, 9), (5, 21), (9, 21), (5, 33)])
def test_field_product_is_a_whist_first_round(q: int, k: int) -> None:
    inner = whist_starter(k)
    assert inner is not None
    starter = field_product_starter(q, inner)
    assert starter.players == q * k
    assert starter_defects(starter) == 0


def test_field_product_refuses_a_one_rotational_inner_round() -> None:
    inner = whist_starter(12)
    assert inner is not None
    assert inner.rotational
    with pytest.raises(ValueError, match="sit-outs"):
        field_product_starter(5, inner)


@pytest.mark.parametrize(
    ("inner_players", "q"),
    [(8, 5), (8, 13), (8, 17), (12, 5), (12, 9), (12, 17), (20, 9), (24, 5), (28, 5), (32, 5)],
)
def test_rotational_field_product_is_a_whist_first_round(inner_players: int, q: int) -> None:
    inner = whist_starter(inner_players)
    assert inner is not None
    levels = multiplier_levels(inner.moduli)
    assert levels is not None
    starter = rotational_field_product(q, inner, levels)
    assert starter.rotational
    assert starter.players == q * (inner_players - 1) + 1
    assert starter_defects(starter) == 0


def test_rotational_field_product_needs_level_rows_and_infinity() -> None:
    assert multiplier_levels((15,)) is None  # 3 is not a unit of Z_15
    z15 = whist_starter(16)
    assert z15 is not None
    stored = stored_spreads()[15].rows[1:5]
    starter = rotational_field_product(13, z15, stored)
    assert starter.players == 196
    assert starter_defects(starter) == 0
    # rows whose differences are not permutations break it
    broken = (stored[0], stored[0], stored[2], stored[3])
    assert starter_defects(rotational_field_product(13, z15, broken)) > 0
    with_sitouts = whist_starter(13)
    assert with_sitouts is not None
    with pytest.raises(ValueError, match="infinity"):
        rotational_field_product(5, with_sitouts, stored)


def test_develop_round_count_and_sitouts() -> None:
    rounds = develop(ring_starter([13]))
    assert len(rounds) == 13
    for shift, games in enumerate(rounds):
        seated = {x for g in games for x in g}
        assert set(range(13)) - seated == {shift}
    assert json.dumps(rounds)


@pytest.mark.parametrize(("u", "q"), [(4, 4), (8, 8), (4, 16), (12, 16), (4, 20), (4, 12), (4, 24)])
def test_product_of_two_tournaments_is_a_tournament(u: int, q: int) -> None:
    spread = spread_for(u, q)
    assert spread is not None
    rounds = product_rounds(whist_rounds(u), u, whist_rounds(q), spread)
    assert len(rounds) == u * q - 1
    _assert_tournament(rounds, u * q)


@pytest.mark.parametrize(("u", "m"), [(4, 5), (8, 5), (12, 5), (4, 9), (4, 13), (8, 21)])
def test_sit_out_product_is_a_tournament(u: int, m: int) -> None:
    spread = spread_for(4, m)
    assert spread is not None
    rounds = sit_out_product_rounds(whist_rounds(u), u, whist_rounds(m), spread)
    assert len(rounds) == u * m - 1
    _assert_tournament(rounds, u * m)


def test_sit_out_product_needs_a_zero_column_and_a_fibre_with_sit_outs() -> None:
    spread = field_spread(4, [5])
    shifted = Spread(
        spread.moduli, tuple(tuple((x + 1) % 5 for x in row) for row in spread.rows), "+1"
    )
    assert is_difference_matrix(shifted)
    with pytest.raises(ValueError, match="column 0 is zero"):
        sit_out_product_rounds(whist_rounds(4), 4, whist_rounds(5), shifted)
    with pytest.raises(ValueError, match="with sit-outs"):
        sit_out_product_rounds(whist_rounds(4), 4, whist_rounds(4), field_spread(4, [4]))


# -- balanced whist BWh(v): our reading is in schedules/promises/whist_variants.py -------------


def _turned(seating: Seating) -> Seating:
    """The same table with the partnerships' directions exchanged (N-S takes E-W's seats)."""
    north, east, south, west = seating.places
    return replace(seating, places=(east, north, west, south))


def _oriented(movement: Movement, turn: Callable[[Seating], bool]) -> Movement:
    """`movement` with the tables `turn` picks turned: still the same whist tournament."""
    seatings = tuple(_turned(s) if turn(s) else s for s in movement.seatings)
    return replace(movement, seatings=seatings)


def _balanced_orientation(movement: Movement) -> Movement | None:
    """Exhaustive search over which tables to turn for a balanced orientation, or None.

    Two players at one table contribute the same whatever the turning (+1 partners, -1 each
    opposition), and turning every table of a round changes nothing, so the search turns
    tables 2.. of each round and prunes on each pair's same-minus-opposite count, which
    the remaining rounds can change by at most one each.
    """
    rounds: dict[int, list[Seating]] = {}
    for s in movement.seatings:
        rounds.setdefault(s.round, []).append(s)
    order = sorted(rounds)
    sign = {Direction.NS: 1, Direction.EW: -1}
    # per round: (pair, table i, table j, sign product) for two players at different tables
    terms = [
        [
            (pair_key(a, b), i, j, sign[x.direction_of(a)] * sign[y.direction_of(b)])
            for (i, x), (j, y) in itertools.combinations(enumerate(rounds[r]), 2)
            for a in x.places
            for b in y.places
        ]
        for r in order
    ]
    left = [Counter(key for rnd in terms[k:] for key, *_ in rnd) for k in range(len(order))]
    left.append(Counter())
    target = Counter({key: -1 - same_table for key, same_table in _same_table(movement).items()})
    total: Counter[tuple[str, str]] = Counter()
    chosen: list[tuple[int, ...]] = []

    def search(k: int) -> bool:
        if k == len(order):
            return all(total[key] == target[key] for key in target)
        for turns in itertools.product((1, -1), repeat=len(rounds[order[k]]) - 1):
            o = (1, *turns)
            for key, i, j, z in terms[k]:
                total[key] += z * o[i] * o[j]
            if all(abs(target[key] - total[key]) <= left[k + 1][key] for key in target):
                chosen.append(o)
                if search(k + 1):
                    return True
                chosen.pop()
            for key, i, j, z in terms[k]:
                total[key] -= z * o[i] * o[j]
        return False

    if not search(0):
        return None
    turned = {
        (r, s.table)
        for r, o in zip(order, chosen, strict=True)
        for s, t in zip(rounds[r], o, strict=True)
        if t < 0
    }
    return _oriented(movement, lambda s: (s.round, s.table) in turned)


def _same_table(movement: Movement) -> Counter[tuple[str, str]]:
    """Per two players, what their meetings at one table add: +1 partners, -1 opponents."""
    partners, opponents = partner_counts(movement), opponent_counts(movement)
    return Counter({key: partners[key] - opponents[key] for key in all_pairs(movement.field)})


@pytest.mark.parametrize("v", [8, 9, 16])
def test_balanced_whist_holds_where_the_paper_has_examples(v: int) -> None:
    """Positive control: BWh(8), BWh(9) (examples in Finizio & Mosconi) and BWh(16)."""
    movement = _balanced_orientation(whist_movement(v))
    assert movement is not None
    assert verify(movement, "individual-bwh") == []


def test_no_bwh12_no_orientation_of_our_wh12_is_balanced() -> None:
    movement = whist_movement(12)
    assert verify(movement, "individual-wh") == []
    assert _balanced_orientation(movement) is None
    findings = verify(movement, "individual-bwh")
    assert findings
    assert {f.law for f in findings} == {Law.DIRECTIONS_UNBALANCED}


@settings(max_examples=60, deadline=None)
@given(v=st.sampled_from([12, 21]), seed=st.integers(0, 2**32 - 1))
def test_no_bwh12_or_bwh21_whichever_tables_are_turned(v: int, seed: int) -> None:
    """No turning of tables makes our Wh(12) or Wh(21) balanced (21: Belevitch's theorem)."""
    coin = random.Random(seed)
    turns = {(s.round, s.table): coin.random() < 0.5 for s in whist_movement(v).seatings}
    movement = _oriented(whist_movement(v), lambda s: turns[(s.round, s.table)])
    assert verify(movement, "individual-wh") == []
    findings = verify(movement, "individual-bwh")
    assert any(f.law is Law.DIRECTIONS_UNBALANCED for f in findings)


def test_balanced_whist_counts_an_arrow_switch_as_the_hands_held() -> None:
    movement = _balanced_orientation(whist_movement(8))
    assert movement is not None
    first = movement.seatings[0]
    switched = replace(
        movement,
        seatings=(replace(first, switched=True), *movement.seatings[1:]),
    )
    turned = _oriented(movement, lambda s: s == first)
    # Switching the arrows holds the same hands as turning the table: the same verdict.
    assert verify(switched, "individual-bwh") == verify(turned, "individual-bwh") != []
