"""Odd fields of pairs at the balance of the even field (schedules.odd_field, the Howell
family's odd path): one place of the even field's movement left empty, whoever would have met
it sitting out, chosen where its absence balances best."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.cli import main
from schedules import howell, odd_field, odd_search, odd_stored
from schedules.balance import balance
from schedules.catalog import Request, build
from schedules.findings import ImpossibleMovementError
from schedules.types import Movement
from schedules.verify import verify
from tools import odd_field_search
from tools.odd_field_exhaust import best

ALLOWED_GAP = 2.0
WHOLE_SETS_BEST = {(7, 2): 48.98}
"""Sizes no movement of whole tray sets brings within `ALLOWED_GAP` of the even field:
(pairs, rounds) -> the best index any movement of one tray set per table and round reaches,
relays allowed, found by exhaustive search (tools/odd_field_exhaust.py). Switching the second
half of the trays at some tables (stored: tools/odd_field_search.py --halves) gets there."""


def _index(pairs: int, rounds: int) -> float | None:
    """The balance index of the best-balanced movement for `pairs` pairs in `rounds` rounds
    (None where none is built); every movement built is verified."""
    try:
        return balance(build(Request("howell", pairs=pairs, rounds=rounds, balance="best"))).index
    except ImpossibleMovementError:
        return None


def _gap_within_bound(pairs: int, rounds: int) -> None:
    even = _index(pairs + 1, rounds)
    odd = _index(pairs, rounds)
    if even is None:
        return
    assert odd is not None, f"{pairs} pairs, {rounds} rounds: not built, the even field is"
    assert even - odd <= ALLOWED_GAP, (
        f"{pairs} pairs, {rounds} rounds: {odd:.2f} against {even:.2f}"
    )


@pytest.mark.parametrize(
    ("pairs", "rounds"), [(25, 7), (27, 7), (13, 7), (21, 10), (41, 8), (59, 16), (9, 9)]
)
def test_odd_field_is_within_two_points_of_the_even_field(pairs: int, rounds: int) -> None:
    _gap_within_bound(pairs, rounds)


@pytest.mark.parametrize(("pairs", "rounds"), sorted(WHOLE_SETS_BEST))
def test_where_no_movement_of_whole_tray_sets_reaches_the_even_field_switched_halves_do(
    pairs: int, rounds: int
) -> None:
    proven, _ = best(pairs, rounds, relay=True)
    assert proven == pytest.approx(WHOLE_SETS_BEST[pairs, rounds], abs=0.005)
    even = _index(pairs + 1, rounds)
    assert even is not None
    assert even - proven > ALLOWED_GAP
    m = build(Request("howell", pairs=pairs, rounds=rounds, balance="best"))
    assert balance(m).index >= even - ALLOWED_GAP
    assert any(s.switched for s in m.seatings)
    assert verify(m, "howell") == []


def test_the_exhaustive_search_can_ask_that_every_tray_set_is_compared() -> None:
    # a set played at one table only compares nobody: 5 pairs in 5 rounds reach 80 with two
    # (docs/movements.md#odd-fields), 71.4 without; at 2 and 3 rounds it makes no difference
    assert best(5, 2, relay=True, compared=True)[0] == pytest.approx(40.0)
    assert best(5, 3, relay=True, compared=True)[0] == pytest.approx(60.0)
    # 3 pairs play at one table: no set is compared, so no movement qualifies
    assert best(3, 3, relay=True)[1]
    assert best(3, 3, relay=True, compared=True)[1] == []


def test_five_pairs_in_two_rounds_reach_the_even_field_with_a_relay() -> None:
    # without two tables sharing a tray set, 20 is the most; the search finds a relay every
    # round, 40: the 6-pair figure
    assert best(5, 2)[0] == pytest.approx(20.0)
    assert best(5, 2, relay=True)[0] == pytest.approx(40.0) == _index(5, 2) == _index(6, 2)


@pytest.mark.parametrize(("pairs", "rounds"), [(9, 2), (13, 2), (13, 3), (17, 3)])
def test_the_search_closes_what_leaving_a_place_empty_left_open(pairs: int, rounds: int) -> None:
    """Sizes that trailed by more than 2 points before the search (docs/movements.md)."""
    m = build(Request("howell", pairs=pairs, rounds=rounds, balance="best"))
    assert m.variant == "reseated"
    assert verify(m, "howell") == []
    assert len(m.field) == pairs
    # one pair rests each round, nobody twice
    assert all(len(out) == 1 for out in m.sitouts.values())
    assert max(Counter(p for out in m.sitouts.values() for p in out).values()) == 1
    # every tray dealt is played
    assert {t for s in m.seatings for t in s.trays} == set(m.tray_numbers)
    _gap_within_bound(pairs, rounds)


def test_half_rounds_pass_the_best_of_whole_tray_sets() -> None:
    # 5 pairs in 3 rounds: 60 is the most with one tray set per table and round; the
    # arrow-switched Mitchell of 6 pairs splits a table's set into switched halves, 80
    assert best(5, 3, relay=True)[0] == pytest.approx(60.0)
    m = build(Request("howell", pairs=5, rounds=3, balance="best"))
    assert m.variant == "arrow-switched Mitchell"
    assert balance(m).index == pytest.approx(80.0)


@pytest.mark.parametrize(("pairs", "rounds"), [(7, 4), (9, 5)])
def test_an_arrow_switched_mitchell_of_one_pair_more_balances_best(pairs: int, rounds: int) -> None:
    """Sizes where a Mitchell with switched rounds and half rounds and a place left empty
    beats every Howell with one: 7 pairs in 4 rounds reach the 8-pair figure, 9 in 5 pass the
    10-pair one."""
    m = build(Request("howell", pairs=pairs, rounds=rounds, balance="best"))
    assert m.notes[0].startswith("Arrow-switched Mitchell")
    assert verify(m, "howell") == []
    assert m.field == tuple(map(str, range(1, pairs + 1)))
    assert m.winners == ("overall",)
    # some rounds are switched, some at one table for half the trays only
    assert any(s.switched for s in m.seatings)
    assert len(m.seatings) > len({(s.round, s.table) for s in m.seatings})
    # one pair rests each round, nobody twice
    assert all(len(out) == 1 for out in m.sitouts.values())
    assert max(Counter(p for out in m.sitouts.values() for p in out).values()) == 1
    even = _index(pairs + 1, rounds)
    assert even is not None
    assert balance(m).index >= even - 1e-9


def test_the_search_builds_the_same_movement_every_time() -> None:
    request = Request("howell", pairs=13, rounds=3, balance="best")
    assert build(request) == build(request)


@pytest.mark.slow
def test_every_odd_field_5_to_59_pairs_trails_the_even_field_by_two_points_at_most() -> None:
    """Every odd field of 5-59 pairs at every number of rounds, beside the even field one pair
    larger: within 2 points."""
    for pairs in range(5, 60, 2):
        for rounds in range(1, pairs + 1):
            _gap_within_bound(pairs, rounds)


def test_25_pairs_in_6_rounds_play_the_even_fields_interwoven_howell(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # what the engine builds itself; the longer search's stored movement balances better still
    monkeypatch.setattr(odd_stored, "stored_sizes", dict)
    m = build(Request("howell", pairs=25, rounds=6, balance="best"))
    assert m.variant == "interwoven"
    assert verify(m) == []
    # numbered as a field of 25 in two lines; nothing seats a 26th pair
    assert m.field == (*map(str, range(1, 14)), *map(str, range(21, 33)))
    assert {p for s in m.seatings for p in s.places} == set(m.field)
    # one pair sits out each round, and the notes name it round by round
    assert all(len(out) == 1 for out in m.sitouts.values())
    assert len(m.sitouts) == 6
    rest = next(n for n in m.notes if n.startswith("Sitting out"))
    for r, (who,) in m.sitouts.items():
        assert f"round {r}: pair {who}" in rest
    assert "line 2 pairs 21-32" in m.notes[0]
    assert balance(m).index > 84  # 37 before: a plain Howell design


def test_seven_pairs_in_five_rounds_are_built_though_no_howell_design_exists() -> None:
    # refused before: no H(5,8); the reseated 4-table movement with one place empty
    m = build(Request("howell", pairs=7, rounds=5))
    assert len(m.field) == 7
    assert any("No 5-round Howell for 7 pairs exists" in note for note in m.notes)
    assert verify(m) == []


def test_a_table_only_the_missing_pairs_opponents_used_closes_up() -> None:
    # 4 tables, 5 rounds (a reseated Howell): the best place to leave empty is a stationary
    # one, so 7 pairs play at 3 tables
    m = build(Request("howell", pairs=7, rounds=5, balance="best"))
    assert m.tables == 3
    assert m.table_numbers == (1, 2, 3)
    assert verify(m) == []


def test_without_leaves_the_place_empty_and_closes_up_the_numbers() -> None:
    even = build(Request("howell", tables=6, rounds=5, balance="best"))
    odd = odd_field.without(even, "7")
    assert odd.field == tuple(map(str, range(1, 12)))
    opponents = {
        r: s.ew if s.ns == "7" else s.ns
        for s in even.seatings
        if "7" in s.places
        for r in [s.round]
    }
    # whoever met pair 7 sits out; pairs 8-12 are now 7-11
    closed = {str(p): str(p - 1) for p in range(8, 13)}
    assert odd.sitouts == {r: (closed.get(p, p),) for r, p in opponents.items()}
    assert verify(odd) == []


@given(
    tables=st.integers(3, 12),
    length=st.integers(1, 23),
    absent=st.integers(1, 24),
    per_round=st.integers(1, 3),
)
def test_the_index_chosen_from_the_comparisons_is_the_built_movements(
    tables: int, length: int, absent: int, per_round: int
) -> None:
    """The place `best_without` weighs is weighed right: the index counted from the even
    movement's comparisons equals the balance of the movement built without it."""
    rounds = 1 + (length - 1) % (2 * tables - 1)
    try:
        even = build(
            Request(
                "howell", tables=tables, rounds=rounds, balance="best", trays_per_round=per_round
            )
        )
    except ImpossibleMovementError:
        return
    who = even.field[(absent - 1) % len(even.field)]
    counted = odd_field.index_without(even)(who)
    assert counted == pytest.approx(balance(odd_field.without(even, who)).index)


def _plays(m: Movement) -> Counter[str]:
    return Counter(p for s in m.seatings for p in s.places)


def test_everyone_else_keeps_every_round_they_had() -> None:
    even = build(Request("howell", tables=9, rounds=6, balance="best"))
    odd = odd_field.best_without(even)
    assert odd is not None
    # 17 pairs, 6 rounds: six of them sit out once, the others play all six
    assert sorted(_plays(odd).values()) == [5] * 6 + [6] * 11


def test_in_time_builds_what_the_rounds_and_best_balance_build() -> None:
    # 25 tables in 150 minutes: 10 rounds of 2 trays, refused before (at least 13 rounds)
    m = build(Request("howell", tables=25, variant="in-time", minutes=Fraction(150)))
    assert m == build(Request("howell", tables=25, rounds=10, balance="best"))
    # without --balance best on the command line too: the best balance, not the plain design
    plain = build(Request("howell", tables=12, rounds=10))
    timed = build(Request("howell", tables=12, variant="in-time", minutes=Fraction(150)))
    assert timed == build(Request("howell", tables=12, rounds=10, balance="best"))
    assert balance(timed).index > balance(plain).index


def test_odd_interwoven_howell_leaves_one_place_empty() -> None:
    m = build(Request("howell", pairs=31, variant="interwoven"))
    assert len(m.field) == 31
    assert verify(m) == []
    assert all(len(out) == 1 for out in m.sitouts.values())


def test_cli_says_who_sits_out(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "howell", "--pairs", "25", "--rounds", "6", "--balance", "best"]) == 0
    out = capsys.readouterr().out
    assert "25 pairs" in out
    assert "Sitting out (no opponents that round): round 1: pair" in out


@pytest.mark.slow
def test_in_time_plays_every_length_the_best_balance_builds() -> None:
    """For every table count, the lengths the in-time Howell counts as built are exactly those
    `--rounds R --balance best` builds, and some length fits whenever a round does."""
    for tables in range(2, 31):
        for rounds in range(1, 2 * tables):
            try:
                build(Request("howell", tables=tables, rounds=rounds, balance="best"), check=False)
                built = True
            except ImpossibleMovementError:
                built = False
            assert built == howell._builds_at_best(tables, rounds), (tables, rounds)
        # one round of 2 trays fits in 14 minutes
        assert build(Request("howell", tables=tables, variant="in-time", minutes=Fraction(14)))


@given(st.integers(0, 2**32), st.lists(st.integers(1, 200), min_size=1, max_size=20))
def test_the_searchs_draws_are_randranges_numbers(seed: int, sizes: list[int]) -> None:
    ours, library = random.Random(seed), random.Random(seed)
    assert [odd_search.below(ours, n) for n in sizes] == [library.randrange(n) for n in sizes]


STORED = sorted(tuple(map(int, key.split())) for key in odd_stored.stored_sizes())
"""(pairs, rounds) of every odd field the longer search (tools/odd_field_search.py) bettered."""


@pytest.mark.parametrize(("pairs", "rounds"), STORED)
def test_a_stored_odd_field_is_what_the_engine_builds(pairs: int, rounds: int) -> None:
    entry = odd_stored.stored_sizes()[f"{pairs} {rounds}"]
    m = build(Request("howell", pairs=pairs, rounds=rounds, balance="best"))
    # the same seats and sets (a relay's tables start on different trays of the set)
    assert _seats(m) == _seats(odd_stored.movement_of(entry, 2))
    assert verify(m, "howell") == []
    assert m.field == tuple(map(str, range(1, pairs + 1))) or entry["interwoven"]
    assert len(m.field) == pairs
    assert balance(m).index == pytest.approx(entry["index"], abs=1e-4)
    assert entry["index"] > entry["before_index"]
    # the rests fall evenly, and every tray dealt is played
    rests = Counter(p for out in m.sitouts.values() for p in out)
    assert max(rests.values()) - min(rests[p] for p in m.field) <= 1
    assert {t for s in m.seatings for t in s.trays} == set(m.tray_numbers)


HALVES = [size for size in STORED if "halves" in odd_stored.stored_sizes()[f"{size[0]} {size[1]}"]]
"""The stored sizes whose movements switch the second half of the trays at some tables."""


def test_a_stored_odd_field_deals_the_trays_asked_for() -> None:
    pairs, rounds = next(size for size in STORED if size not in HALVES)
    m = build(Request("howell", pairs=pairs, rounds=rounds, balance="best", trays_per_round=3))
    assert m.variant == "reseated"
    assert {len(s.trays) for s in m.seatings} == {3}
    assert verify(m, "howell") == []
    entry = odd_stored.stored_sizes()[_key(pairs, rounds)]
    assert balance(m).index == pytest.approx(entry["index"], abs=1e-4)


def test_a_stored_odd_field_switches_halves_of_the_trays_asked_for() -> None:
    pairs, rounds = HALVES[0]
    entry = odd_stored.stored_sizes()[_key(pairs, rounds)]
    # three trays a round: the first one, then the two switched
    m = build(Request("howell", pairs=pairs, rounds=rounds, balance="best", trays_per_round=3))
    switched = {(s.round, s.table): s.trays for s in m.seatings if s.switched}
    assert sorted(switched) == sorted(map(tuple, entry["halves"]))
    assert {len(trays) for trays in switched.values()} == {2}
    assert verify(m, "howell") == []
    # one tray a round has no halves: the engine builds its own movement
    one = build(Request("howell", pairs=pairs, rounds=rounds, balance="best", trays_per_round=1))
    assert {len(s.trays) for s in one.seatings} == {1}
    assert verify(one, "howell") == []


def test_a_relay_of_three_tables_says_so() -> None:
    threes = [
        key
        for key, entry in odd_stored.stored_sizes().items()
        if any(len(tables) > 2 for tables in _sharing(entry))
    ]
    assert threes, "no stored movement relays a set between three tables"
    pairs, rounds = map(int, threes[0].split())
    m = build(Request("howell", pairs=pairs, rounds=rounds, balance="best"))
    assert any("two or three tables share a set" in note for note in m.notes)
    assert max(len(share.tables) for share in m.shared) == 3


def _key(pairs: int, rounds: int) -> str:
    return f"{pairs} {rounds}"


def _seats(m: Movement) -> set[tuple[int, int, tuple[int, ...], tuple[str, ...], bool]]:
    return {(s.round, s.table, tuple(sorted(s.trays)), s.places, s.switched) for s in m.seatings}


def _sharing(entry: odd_stored.Entry) -> list[set[int]]:
    """Per round and tray set of a stored entry, the tables playing it."""
    tables: dict[tuple[int, int], set[int]] = {}
    for r, row in enumerate(entry["rounds"]):
        for table, _, _, tray_set in row:
            tables.setdefault((r, tray_set), set()).add(table)
    return list(tables.values())


def test_without_the_stored_file_the_engine_builds_what_its_own_search_finds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    entries = odd_stored.stored_sizes()
    monkeypatch.setattr(odd_stored, "stored_sizes", dict)
    for pairs, rounds in STORED[:3]:
        m = build(Request("howell", pairs=pairs, rounds=rounds, balance="best"))
        assert verify(m, "howell") == []
        before = entries[f"{pairs} {rounds}"]["before_index"]
        assert balance(m).index == pytest.approx(before, abs=1e-4)


@pytest.mark.slow
@pytest.mark.parametrize(("pairs", "rounds"), STORED)
def test_a_stored_odd_field_betters_the_engines_own_search(pairs: int, rounds: int) -> None:
    entry = odd_stored.stored_sizes()[f"{pairs} {rounds}"]
    assert odd_field_search.engine_index(pairs, rounds) == pytest.approx(
        entry["before_index"], abs=1e-4
    )
    assert odd_stored.stored_sizes()[f"{pairs} {rounds}"] is entry


@pytest.mark.slow
def test_the_smallest_stored_searches_find_what_is_stored() -> None:
    """Each entry's command reruns the one search that found it: of whole tray sets, or of
    the halves to switch in the entry's whole sets."""
    entries = sorted(odd_stored.stored_sizes().values(), key=lambda e: len(e["field"]))
    wholes = [e for e in entries if "halves" not in e][:2]
    halves = [e for e in entries if "halves" in e][:2]
    for entry in wholes:
        options = _options(entry["command"])
        found = odd_field_search.one_search(
            options["--pairs"],
            options["--rounds"],
            options["--start"],
            options["--seed"],
            options["--steps"],
            options["--relay"],
        )
        assert found == pytest.approx(entry["index"], abs=1e-4)
    for entry in halves:
        options = _options(entry["command"])
        whole = entry.copy()
        whole.pop("halves")
        _, target = howell.odd_starts(
            Request("howell", pairs=options["--pairs"], rounds=options["--rounds"], balance="best")
        )
        found = odd_field_search.switch_halves(
            odd_stored.movement_of(whole, 2), target, options["--seed"], options["--steps"]
        )
        assert found is not None
        assert found[0] == pytest.approx(entry["index"], abs=1e-4)
        assert sorted(found[1]) == sorted(map(tuple, entry["halves"]))


def _options(command: str) -> dict[str, int]:
    """A stored command's numbered options."""
    words = command.split()[1:]
    return {w: int(n) for w, n in pairwise(words) if n.isdigit()}
