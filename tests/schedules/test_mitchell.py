"""The Mitchell family: every variant verifies and keeps the promise its method makes."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.cli import main
from schedules import catalog
from schedules.findings import ImpossibleMovementError, Law
from schedules.jsonio import load_movement
from schedules.mitchell import FAMILY, pair_mitchell
from schedules.mitchell_layouts import RULES, default_stationary
from schedules.mnemonic import make_mnemonic
from schedules.promises.mitchell_variants import section_of
from schedules.tally import opponent_counts, pair_key, plays_by_competitor
from schedules.types import Movement
from schedules.verify import verify
from tests.conftest import MOVEMENTS

ODD = st.integers(1, 12).map(lambda k: 2 * k + 1)
EVEN = st.integers(2, 15).map(lambda k: 2 * k)
ODD_HALF = st.integers(1, 7).map(lambda k: 4 * k + 2)
TRAYS = st.integers(1, 3)


def ns_pairs(m: Movement) -> list[str]:
    return [p for p in m.field if "NS" in p]


def ew_pairs(m: Movement) -> list[str]:
    return [p for p in m.field if "EW" in p]


def meetings(m: Movement) -> Callable[[str, str], int]:
    """How often two pairs meet (counted once for the whole movement)."""
    counts = opponent_counts(m)
    return lambda a, b: counts[pair_key(a, b)]


def trays_played(m: Movement) -> Counter[str]:
    """How many tray plays each pair makes (a tray twice would count twice)."""
    return Counter(who for (who, _), plays in plays_by_competitor(m).items() for _ in plays)


def distinct_trays(m: Movement) -> Counter[str]:
    return Counter(who for who, _ in plays_by_competitor(m))


@given(ODD, TRAYS)
def test_odd_tables_every_ns_meets_every_ew_once_and_plays_every_set_once(t: int, k: int) -> None:
    m = pair_mitchell(t, None, k)
    met = meetings(m)
    assert verify(m) == []
    assert (m.variant, m.promise, m.rounds, m.winners) == (
        "regular",
        "mitchell-odd",
        t,
        ("N-S", "E-W"),
    )
    for a in ns_pairs(m):
        for b in ew_pairs(m):
            assert met(a, b) == 1
    assert set(trays_played(m).values()) == {t * k}
    assert set(distinct_trays(m).values()) == {t * k} == {len(m.trays)}


@given(ODD, TRAYS)
def test_pairs_are_named_by_starting_table_and_move_as_the_seed_says(t: int, k: int) -> None:
    m = pair_mitchell(t, None, k)
    where = {(s.round, p): s for s in m.seatings for p in s.places}
    for table in range(1, t + 1):
        first = where[(1, f"NS{table}")]
        assert first.table == table
        assert first.ew == f"EW{table}"
        for r in range(2, t + 1):
            assert where[(r, f"NS{table}")].table == table
            # E-W one table up, trays one table down.
            assert where[(r, f"EW{table}")].table == where[(r - 1, f"EW{table}")].table % t + 1
    at = {(s.round, s.table): s.trays for s in m.seatings}
    for r in range(2, t + 1):
        for table in range(1, t + 1):
            assert at[(r, table)] == at[(r - 1, table % t + 1)]


@pytest.mark.slow
@given(EVEN, TRAYS)
def test_skip_nobody_plays_a_tray_twice_and_each_ew_misses_one_ns(t: int, k: int) -> None:
    m = pair_mitchell(t, "skip", k)
    met = meetings(m)
    assert verify(m) == []
    assert m.rounds == t - 1
    assert set(trays_played(m).values()) == set(distinct_trays(m).values()) == {(t - 1) * k}
    for x in range(1, t + 1):
        missed = [b for b in ns_pairs(m) if met(f"EW{x}", b) == 0]
        assert missed == [f"NS{(x + t // 2 - 1) % t + 1}"]
    assert any(f"after round {t // 2}" in n for n in m.notes)
    originals = next(n for n in m.notes if n.startswith("Each E-W pair's original trays"))
    assert f"EW{t} " in originals


@given(EVEN, TRAYS)
def test_skip_revenge_meets_the_first_opponents_again_in_the_last_round(t: int, k: int) -> None:
    m = pair_mitchell(t, "skip-revenge", k)
    assert verify(m) == []
    assert m.promise == "mitchell-revenge"
    assert m.rounds == t
    last = {s.ew: s.ns for s in m.seatings if s.round == t}
    assert last == {f"EW{x}": f"NS{x}" for x in range(1, t + 1)}
    assert set(distinct_trays(m).values()) == {len(m.trays)}


@given(EVEN, st.integers(2, 4), st.data())
def test_stationary_table_deals_nothing_and_overplays_its_east_neighbour(
    t: int, k: int, data: st.DataObject
) -> None:
    still = data.draw(st.integers(2, t - 1))
    m = pair_mitchell(t, "stationary", k, stationary_table=still)
    met = meetings(m)
    assert verify(m) == []
    assert m.rounds == t - 1
    assert all(tray.original_table != still for tray in m.trays)
    mine = [s for s in m.seatings if s.table == still]
    assert {s.places for s in mine} == {(f"NS{still}", f"EW{still}")}
    east = {s.round: set(s.trays) for s in m.seatings if s.table == still + 1}
    assert all(set(s.trays) == east[s.round] for s in mine)
    # Within a round the two tables never hold the same tray at the same moment.
    assert all(s.trays[0] != min(east[s.round]) for s in mine if s.round > 1)
    assert set(distinct_trays(m).values()) == {(t - 1) * k}
    movers = [p for p in ew_pairs(m) if p != f"EW{still}"]
    for a in [p for p in ns_pairs(m) if p != f"NS{still}"]:
        for b in movers:
            assert met(a, b) == 1
    assert sum(met(f"NS{still}", b) for b in movers) == 0


def test_stationary_default_is_the_middle_table() -> None:
    assert [default_stationary(t) for t in (4, 6, 10)] == [3, 4, 6]
    m = pair_mitchell(6, "stationary", 2)
    assert any("Table 4 is the stationary table" in n for n in m.notes)


@given(ODD_HALF, TRAYS)
def test_halves_every_mover_plays_every_set_once_and_meets_his_half_twice(t: int, k: int) -> None:
    m = pair_mitchell(t, "halves", k)
    met = meetings(m)
    assert verify(m) == []
    assert m.rounds == t
    assert m.promise == "mitchell-halves"
    assert set(trays_played(m).values()) == {t * k} == {len(m.trays)}
    half = t // 2
    for x in range(1, t + 1):
        for y in range(1, t + 1):
            same_half = (x <= half) == (y <= half)
            assert met(f"EW{x}", f"NS{y}") == (2 if same_half else 0)


@given(ODD_HALF, TRAYS)
def test_sections_are_two_complete_odd_mitchells(t: int, k: int) -> None:
    m = pair_mitchell(t, "sections", k)
    met = meetings(m)
    assert verify(m) == []
    assert m.rounds == t // 2
    assert m.winners == ("A N-S", "A E-W", "B N-S", "B E-W")
    trays = {name: set() for name in "AB"}
    for s in m.seatings:
        assert section_of(s.ns) == section_of(s.ew)
        trays[section_of(s.ns)].update(s.trays)
    assert not trays["A"] & trays["B"]
    for a in ns_pairs(m):
        for b in ew_pairs(m):
            assert met(a, b) == (1 if section_of(a) == section_of(b) else 0)


@given(EVEN, TRAYS)
def test_relay_and_bye_stand(t: int, k: int) -> None:
    m = pair_mitchell(t, "relay", k)
    met = meetings(m)
    assert verify(m) == []
    assert m.rounds == t
    assert m.promise == "mitchell-odd"
    assert {sh.tables for sh in m.shared} == {(1, t)}
    assert len(m.shared) == t
    for a in ns_pairs(m):
        for b in ew_pairs(m):
            assert met(a, b) == 1
    assert set(distinct_trays(m).values()) == {t * k} == {len(m.trays)}
    # One set rests on the bye stand each round.
    for _, seatings in m.by_round():
        assert len({x for s in seatings for x in s.trays}) == (t - 1) * k


@given(EVEN, TRAYS)
def test_dummy_table_sits_out_those_who_reach_it(t: int, k: int) -> None:
    m = pair_mitchell(t, "dummy", k)
    met = meetings(m)
    assert verify(m) == []
    assert m.rounds == t + 1
    assert len(m.field) == 2 * t
    assert 1 not in m.sitouts
    for r in range(2, t + 2):
        out = m.sitouts[r]
        assert len(out) == 2
        assert {p[:2] for p in out} == {"NS", "EW"}
        assert f"Round {r}: {' and '.join(sorted(out))} sit out." in m.notes
    for a in ns_pairs(m):
        for b in ew_pairs(m):
            assert met(a, b) == 1


@given(st.integers(3, 20), TRAYS, st.data())
def test_odd_number_of_pairs_leaves_one_place_empty(t: int, k: int, data: st.DataObject) -> None:
    variant = data.draw(st.sampled_from([v for v, rule in RULES.items() if rule.accepts(t)]))
    m = pair_mitchell(t, variant, max(k, 2), pairs=2 * t - 1)
    assert verify(m) == []
    assert len(m.field) == 2 * t - 1
    missing = f"B-NS{t // 2}" if variant == "sections" else f"NS{t}"
    assert missing not in m.field
    assert not any(s.table == t for s in m.seatings if s.round == 1)
    for r, seatings in m.by_round():
        idle = set(m.sitouts.get(r, ()))
        seated = {p for s in seatings for p in s.places}
        assert idle == set(m.field) - seated
        assert len(idle) <= (3 if variant == "dummy" else 1)
        assert all("EW" in p for p in idle) or variant == "dummy"


@given(st.integers(3, 20), st.data())
def test_fewer_rounds_is_a_verified_prefix(t: int, data: st.DataObject) -> None:
    variant = data.draw(st.sampled_from([v for v, rule in RULES.items() if rule.accepts(t)]))
    full = pair_mitchell(t, variant, 2)
    r = data.draw(st.integers(1, full.rounds))
    short = pair_mitchell(t, variant, 2, rounds=r)
    assert verify(short) == []
    assert short.rounds == r
    assert {(s.round, s.table, s.places) for s in short.seatings} == {
        (s.round, s.table, s.places) for s in full.seatings if s.round <= r
    }


@given(st.integers(3, 16), st.data())
def test_arrow_switched_rounds_make_one_winner(t: int, data: st.DataObject) -> None:
    variant = data.draw(st.sampled_from([v for v, rule in RULES.items() if rule.accepts(t)]))
    rounds = RULES[variant].full_rounds(t)
    chosen = data.draw(st.sets(st.integers(1, rounds), min_size=1, max_size=rounds))
    m = catalog.build(
        catalog.Request("mitchell", tables=t, variant=variant, arrow_switch=tuple(chosen))
    )
    assert {s.round for s in m.seatings if s.switched} == chosen
    assert all(s.switched == (s.round in chosen) for s in m.seatings)
    assert m.winners == (("A overall", "B overall") if variant == "sections" else ("overall",))


# -- the published tables (docs/movement-rules.md#mitchell), cell by cell -------------------

RESEARCH_5_TABLES = """
| 1 | 1–1 / 1 | 2–2 / 2 | 3–3 / 3 | 4–4 / 4 | 5–5 / 5 |
| 2 | 1–5 / 2 | 2–1 / 3 | 3–2 / 4 | 4–3 / 5 | 5–4 / 1 |
| 3 | 1–4 / 3 | 2–5 / 4 | 3–1 / 5 | 4–2 / 1 | 5–3 / 2 |
| 4 | 1–3 / 4 | 2–4 / 5 | 3–5 / 1 | 4–1 / 2 | 5–2 / 3 |
| 5 | 1–2 / 5 | 2–3 / 1 | 3–4 / 2 | 4–5 / 3 | 5–1 / 4 |
"""

RESEARCH_6_SKIP = """
| 1 | 1–1 / 1 | 2–2 / 2 | 3–3 / 3 | 4–4 / 4 | 5–5 / 5 | 6–6 / 6 |
| 2 | 1–6 / 2 | 2–1 / 3 | 3–2 / 4 | 4–3 / 5 | 5–4 / 6 | 6–5 / 1 |
| 3 | 1–5 / 3 | 2–6 / 4 | 3–1 / 5 | 4–2 / 6 | 5–3 / 1 | 6–4 / 2 |
| 4 | 1–3 / 4 | 2–4 / 5 | 3–5 / 6 | 4–6 / 1 | 5–1 / 2 | 6–2 / 3 |
| 5 | 1–2 / 5 | 2–3 / 6 | 3–4 / 1 | 4–5 / 2 | 5–6 / 3 | 6–1 / 4 |
"""

RESEARCH_6_STATIONARY = """
| 1 | 1–1 / 1 | 2–2 / 2 | 3–3 / 3 | 4–4 / 5 | 5–5 / 5 | 6–6 / 6 |
| 2 | 1–6 / 2 | 2–1 / 3 | 3–2 / 5 | 4–4 / 6 | 5–3 / 6 | 6–5 / 1 |
| 3 | 1–5 / 3 | 2–6 / 5 | 3–1 / 6 | 4–4 / 1 | 5–2 / 1 | 6–3 / 2 |
| 4 | 1–3 / 5 | 2–5 / 6 | 3–6 / 1 | 4–4 / 2 | 5–1 / 2 | 6–2 / 3 |
| 5 | 1–2 / 6 | 2–3 / 1 | 3–5 / 2 | 4–4 / 3 | 5–6 / 3 | 6–1 / 5 |
"""

RESEARCH_6_RELAY = """
| 1 | 1–1 / 1 | 2–2 / 2 | 3–3 / 3 | 4–4 / 5 | 5–5 / 6 | 6–6 / 1 | 4 |
| 2 | 1–6 / 2 | 2–1 / 3 | 3–2 / 4 | 4–3 / 6 | 5–4 / 1 | 6–5 / 2 | 5 |
| 3 | 1–5 / 3 | 2–6 / 4 | 3–1 / 5 | 4–2 / 1 | 5–3 / 2 | 6–4 / 3 | 6 |
| 4 | 1–4 / 4 | 2–5 / 5 | 3–6 / 6 | 4–1 / 2 | 5–2 / 3 | 6–3 / 4 | 1 |
| 5 | 1–3 / 5 | 2–4 / 6 | 3–5 / 1 | 4–6 / 3 | 5–1 / 4 | 6–2 / 5 | 2 |
| 6 | 1–2 / 6 | 2–3 / 1 | 3–4 / 2 | 4–5 / 4 | 5–6 / 5 | 6–1 / 6 | 3 |
"""


def parse_research(table: str) -> set[tuple[int, int, str, str, int]]:
    """(round, table, N-S, E-W, set) for every cell "ns–ew / set" of a research table."""
    cells = set()
    for line in table.strip().splitlines():
        row = [c.strip() for c in line.strip("|").split("|")]
        for t, cell in enumerate(row[1:], start=1):
            if "/" in cell:
                who, tray_set = cell.split("/")
                a, b = who.strip().split("–")
                cells.add((int(row[0]), t, f"NS{a}", f"EW{b}", int(tray_set)))
    return cells


def cells(m: Movement, set_of) -> set[tuple[int, int, str, str, int]]:
    return {(s.round, s.table, s.ns, s.ew, set_of(m, s)) for s in m.seatings}


def block_number(m: Movement, s) -> int:
    return (min(s.trays) - 1) // len(s.trays) + 1


def dealing_table(m: Movement, s) -> int:
    return m.tray(min(s.trays)).original_table


@pytest.mark.parametrize(
    ("tables", "variant", "published", "set_of"),
    [
        (5, None, RESEARCH_5_TABLES, block_number),
        (6, "skip", RESEARCH_6_SKIP, block_number),
        (6, "stationary", RESEARCH_6_STATIONARY, dealing_table),
        (6, "relay", RESEARCH_6_RELAY, block_number),
    ],
)
def test_reproduces_the_research_tables_cell_for_cell(tables, variant, published, set_of) -> None:
    for k in (2, 3):
        m = pair_mitchell(tables, variant, k)
        assert cells(m, set_of) == parse_research(published)


def test_relay_bye_stand_holds_the_set_the_research_table_names() -> None:
    m = pair_mitchell(6, "relay", 1)
    for line in RESEARCH_6_RELAY.strip().splitlines():
        row = [c.strip() for c in line.strip("|").split("|")]
        r, bye = int(row[0]), int(row[-1])
        assert bye not in {x for s in m.seatings if s.round == r for x in s.trays}


def test_reproduces_the_published_three_table_mitchell() -> None:
    published = load_movement(str(MOVEMENTS / "bridgescorer-Mitchell3Table.json"))
    ours = pair_mitchell(3, None, 6)
    rename = {f"NS{t}": str(t) for t in (1, 2, 3)} | {f"EW{t}": str(t + 3) for t in (1, 2, 3)}
    assert {(s.round, s.table, s.trays, rename[s.ns], rename[s.ew]) for s in ours.seatings} == {
        (s.round, s.table, s.trays, s.ns, s.ew) for s in published.seatings
    }


# -- refusals -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"tables": 8, "variant": "halves"}, "half of 8 tables is 4, an even number"),
        ({"tables": 12, "variant": "sections"}, "6, 10, 14"),
        ({"tables": 6, "variant": "stationary", "trays_per_round": 1}, "at least 2 trays"),
        ({"tables": 6, "variant": "stationary", "stationary_table": 1}, "neither the first"),
        ({"tables": 6, "variant": "stationary", "stationary_table": 6}, "choose 2 to 5"),
        ({"tables": 6, "variant": "skip", "stationary_table": 3}, "only for --variant stationary"),
        ({"tables": 6, "variant": "regular"}, "3, 5, 7"),
        ({"tables": 5, "variant": "skip"}, "4, 6, 8"),
        ({"tables": 6, "variant": "howell"}, "unknown Mitchell variant"),
        ({"tables": 2}, "at least 3 tables"),
        ({"tables": 5, "rounds": 6}, "1 to 5"),
        ({"tables": 6, "rounds": 6}, "1 to 5"),
        ({"tables": 6, "rounds": -2, "minutes": Fraction(60)}, "not -2"),
        ({"tables": 5, "trays_per_round": 0}, "at least 1"),
    ],
)
def test_refusals_name_what_works(kwargs: dict, message: str) -> None:
    with pytest.raises(ImpossibleMovementError, match=message):
        catalog.build(catalog.Request("mitchell", **kwargs))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"pairs": 4}, "at least 5 pairs"),
        ({}, "--tables N or --pairs N"),
        ({"tables": 5, "pairs": 10}, "not both"),
        ({"tables": 5, "arrow_switch": (6,)}, r"not in 1\.\.5"),
        ({"tables": 5, "arrow_switch": (2,), "balance": "best"}, "give one"),
        ({"tables": 102, "balance": "best"}, "up to 101 tables, not 102"),
        ({"pairs": 203, "balance": "best"}, "up to 101 tables, not 102"),
    ],
)
def test_bad_requests(kwargs: dict, message: str) -> None:
    with pytest.raises(ImpossibleMovementError, match=message):
        catalog.build(catalog.Request("mitchell", **kwargs))


def test_pairs_must_fit_the_tables() -> None:
    with pytest.raises(ImpossibleMovementError, match="seat 9 or 10 pairs"):
        pair_mitchell(5, None, 2, pairs=12)


def test_trays_per_round_from_the_time_available() -> None:
    m = catalog.build(
        catalog.Request("mitchell", tables=7, minutes=Fraction(150), minutes_per_tray=Fraction(7))
    )
    assert {len(s.trays) for s in m.seatings} == {3}  # 7 rounds x 3 trays x 7 min <= 150


# -- the catalog entry and the command line ---------------------------------------------------


def test_family_help_quotes_the_seed_and_lists_every_variant() -> None:
    assert "1st Method" in FAMILY.help
    assert "2nd Method" in FAMILY.help
    assert "bell tap" in FAMILY.help
    assert "docs/movement-rules.md" in FAMILY.help
    assert [v.name for v in FAMILY.variants] == list(RULES)
    assert catalog.family("mitchell") is FAMILY


def test_cli_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "mitchell", "--tables", "6", "--variant", "skip"]) == 0
    out = capsys.readouterr().out
    assert "mitchell (skip): 12 pairs, 6 tables, 5 rounds" in out
    assert "after round 3" in out
    assert "Verified: yes" in out
    assert "NS1-EW1 / 1-2" in out


def test_cli_json_with_arrow_switch(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["movement", "mitchell", "--pairs", "9", "--arrow-switch", "5", "--format", "json"]
    assert main(argv) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["verified"] is True
    assert doc["winners"] == ["overall"]
    assert doc["sitouts"]
    assert all(len(x["who"]) == 1 for x in doc["sitouts"])
    assert {row["round"] for row in doc["seatings"] if row.get("switched")} == {5}


def test_cli_balance_best(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "mitchell", "--tables", "7", "--balance", "best"]) == 0
    out = capsys.readouterr().out
    assert "Arrow switch: rounds" in out
    assert "*" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["--tables", "8", "--variant", "halves"],
        ["--tables", "6", "--variant", "stationary", "--trays-per-round", "1"],
        ["--tables", "6", "--variant", "stationary", "--stationary-table", "6"],
    ],
)
def test_cli_refusal_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "mitchell", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("director movement: ")
    assert err.count("\n") == 1


# -- the promises catch what they promise against ----------------------------------------------


@pytest.mark.parametrize(
    ("movement", "promise"),
    [
        (lambda: pair_mitchell(6, "skip", 2), "mitchell-revenge"),
        (lambda: pair_mitchell(6, "skip-revenge", 2), "mitchell-stationary"),
        (lambda: pair_mitchell(6, "halves", 2, rounds=4), "mitchell-halves"),
        (lambda: pair_mitchell(6, "halves", 2), "mitchell-sections"),
        # played through twice without mnemonic play: revenge opponents meet four times
        # (under mnemonic play "twice" counts per pass: tests/schedules/test_mnemonic_mitchell.py)
        (
            lambda: replace(make_mnemonic(pair_mitchell(6, "skip-revenge", 2)), mnemonic=False),
            "mitchell-twice",
        ),
    ],
)
def test_variant_promises_reject_other_movements(movement, promise: str) -> None:
    findings = verify(movement(), promise)
    assert any(f.law in (Law.MEETS_TWICE, Law.NEVER_MEETS) for f in findings)


def test_halves_promise_wants_every_tray_played() -> None:
    m = pair_mitchell(6, "halves", 2)
    seatings = tuple(s for s in m.seatings if s.round < m.rounds)
    short = replace(m, rounds=m.rounds - 1, seatings=seatings)
    assert verify(short, "any") == []
    assert any(f.law is Law.TRAY_NEVER_PLAYED for f in verify(short, "mitchell-halves"))
