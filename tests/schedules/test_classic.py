"""Foster's classic schemes: four pairs, six pairs, memory duplicate at one table."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.cli import main
from schedules import classic
from schedules.balance import balance
from schedules.catalog import Request
from schedules.findings import ImpossibleMovementError, Law
from schedules.mnemonic import make_mnemonic
from schedules.types import Movement
from schedules.verify import verify


def build(variant: str, per: int | None = None) -> Movement:
    return classic.build(Request("classic", variant=variant, trays_per_round=per))


def laws(m: Movement) -> set[Law]:
    return {f.law for f in verify(m)}


@given(
    variant=st.sampled_from(["four-pairs", "six-pairs", "one-table-memory"]),
    per=st.integers(1, 6),
)
def test_every_scheme_keeps_its_promise(variant: str, per: int) -> None:
    m = build(variant, per)
    assert verify(m) == []
    if not m.mnemonic:
        assert verify(make_mnemonic(m)) == []


@pytest.mark.parametrize("variant", ["four-pairs", "six-pairs"])
def test_every_two_pairs_are_matched_exactly_once(variant: str) -> None:
    m = build(variant)
    real = [p for p in m.field if p not in classic.SUBSTITUTES]
    comparisons = balance(m).comparisons
    assert {comparisons[(a, b)] for a, b in comparisons if a in real and b in real} == {1}


def test_four_pairs_is_a_complete_howell_with_fosters_hands() -> None:
    m = build("four-pairs")
    assert m.promise == "howell-complete"
    assert len(m.trays) == 24
    assert [s.trays[0] for s in m.seatings if s.table == 2] == [5, 13, 21]


def test_a_pair_meeting_another_twice_is_rejected() -> None:
    m = build("four-pairs")
    again = tuple(
        replace(s, places=("b", "a")) if (s.round, s.table) == (2, 1) else s
        for s in m.seatings
        if (s.round, s.table) != (2, 2)
    )
    assert Law.MEETS_TWICE in laws(replace(m, seatings=again, shared=m.shared[::2]))


def test_a_memory_replay_made_the_same_way_round_is_rejected() -> None:
    m = build("one-table-memory")
    same = tuple(replace(s, switched=False) for s in m.seatings)
    assert Law.MNEMONIC_SAME_WAY in laws(replace(m, seatings=same))


def test_unknown_scheme_and_sizes_are_refused() -> None:
    with pytest.raises(ImpossibleMovementError, match="choose one of"):
        build("eight-pairs")
    with pytest.raises(ImpossibleMovementError, match="choose one of"):
        classic.build(Request("classic", pairs=8))
    with pytest.raises(ImpossibleMovementError, match="fixed sizes"):
        classic.build(Request("classic", pairs=4, variant="six-pairs"))


@pytest.mark.parametrize(
    ("pairs", "variant"), [(2, "one-table-memory"), (4, "four-pairs"), (6, "six-pairs")]
)
def test_the_number_of_pairs_chooses_the_scheme(pairs: int, variant: str) -> None:
    assert classic.build(Request("classic", pairs=pairs)).variant == variant


def test_cli_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "classic", "--variant", "six-pairs"]) == 0
    assert "Verified: yes" in capsys.readouterr().out
    assert main(["movement", "classic", "--variant", "one-table-memory", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["mnemonic"] is True
    assert doc["field"] == ["NS", "EW"]


@pytest.mark.parametrize(
    "args",
    [["--variant", "nine-pairs"], ["--pairs", "5"], ["--variant", "six-pairs", "--rounds", "2"]],
)
def test_cli_refusals_exit_2(args: list[str]) -> None:
    assert main(["movement", "classic", *args]) == 2
