"""Whist tournament constructions and the negative cases the verifier must reject."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest

from schedules.balance import balance
from schedules.designs.whist import (
    Starter,
    all_starters,
    binary_starter,
    develop,
    drive_rounds,
    product_rounds,
    ring_starter,
    search_starter,
    starter_defects,
)
from schedules.findings import Law
from schedules.individual import (
    STORED,
    prime_power_factors,
    starter_movement,
    whist_rounds,
    whist_starter,
)
from schedules.jsonio import load_movement
from schedules.verify import verify
from tests.conftest import MOVEMENTS

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


@pytest.mark.parametrize("v", sorted(STORED))
def test_stored_search_results_are_whist_starters(v: int) -> None:
    moduli, games, _ = STORED[v]
    starter = Starter(moduli, games, v % 4 == 0, "stored")
    assert starter.players == v
    assert starter_defects(starter) == 0


@pytest.mark.parametrize("v", [13, 17])
def test_stored_first_round_is_better_balanced_than_the_closed_form(v: int) -> None:
    stored = balance(starter_movement(whist_starter(v)))  # type: ignore[arg-type]
    closed = balance(starter_movement(ring_starter([v])))
    assert stored.ss < closed.ss


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
    candidates = [Starter((11,), STORED[12][1], True, "stored")]
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


def test_drive_product_meets_everyone_outside_the_fibre_three_times() -> None:
    u, q = 8, 8
    rounds = list(drive_rounds(whist_rounds(u), u, [q]))
    assert len(rounds) == (u - 1) * q
    partners: Counter[tuple[int, int]] = Counter()
    opponents: Counter[tuple[int, int]] = Counter()
    for games in rounds:
        assert sorted(x for g in games for x in g) == list(range(u * q))
        for n, e, s, w in games:
            for a, b in ((n, s), (e, w)):
                partners[min(a, b), max(a, b)] += 1
            for a, b in ((n, e), (n, w), (s, e), (s, w)):
                opponents[min(a, b), max(a, b)] += 1
    for a, b in itertools.combinations(range(u * q), 2):
        same_fibre = a // q == b // q
        assert partners[a, b] == (0 if same_fibre else 1)
        assert opponents[a, b] == (0 if same_fibre else 2)


def test_develop_round_count_and_sitouts() -> None:
    rounds = develop(ring_starter([13]))
    assert len(rounds) == 13
    for shift, games in enumerate(rounds):
        seated = {x for g in games for x in g}
        assert set(range(13)) - seated == {shift}
    assert json.dumps(rounds)


@pytest.mark.parametrize(("u", "q"), [(4, 4), (8, 8), (4, 16), (12, 16), (4, 20)])
def test_product_of_two_tournaments_is_a_tournament(u: int, q: int) -> None:
    rounds = product_rounds(whist_rounds(u), u, whist_rounds(q), prime_power_factors(q))
    assert len(rounds) == u * q - 1
    partners: Counter[tuple[int, int]] = Counter()
    opponents: Counter[tuple[int, int]] = Counter()
    for games in rounds:
        assert sorted(x for g in games for x in g) == list(range(u * q))
        for n, e, s, w in games:
            for a, b in ((n, s), (e, w)):
                partners[min(a, b), max(a, b)] += 1
            for a, b in ((n, e), (n, w), (s, e), (s, w)):
                opponents[min(a, b), max(a, b)] += 1
    pairs = list(itertools.combinations(range(u * q), 2))
    assert all(partners[p] == 1 for p in pairs)
    assert all(opponents[p] == 2 for p in pairs)
