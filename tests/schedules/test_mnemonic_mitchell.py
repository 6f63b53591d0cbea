"""Mnemonic play over every Mitchell variant (issue #31): each meeting happens once per pass,
so the variants' promises count meetings per pass, and `--format json` is always JSON."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import schedules.mnemonic
from director.cli import main
from schedules import catalog
from schedules.findings import Law
from schedules.mitchell_layouts import RULES
from schedules.promises import check_promise
from schedules.tally import opponent_counts
from schedules.types import Movement, Seating
from schedules.verify import verify

FOUR = ("stationary", "skip-revenge", "halves", "sections")
"""The variants issue #31 found failing under mnemonic play."""

SIZES = [(v, t) for v, rule in RULES.items() for t in range(3, 31) if rule.accepts(t)]


def mnemonic(tables: int, variant: str, **kwargs: object) -> Movement:
    request = catalog.Request(
        family="mitchell", tables=tables, variant=variant, mnemonic=True, **kwargs
    )
    return catalog.build(request, check=False)


def single(tables: int, variant: str) -> Movement:
    return catalog.build(catalog.Request(family="mitchell", tables=tables, variant=variant))


@pytest.mark.parametrize(("variant", "tables"), SIZES, ids=[f"{v}-{t}" for v, t in SIZES])
def test_every_variant_and_size_verifies_under_mnemonic_play(variant: str, tables: int) -> None:
    m = mnemonic(tables, variant)
    assert verify(m) == []
    once = single(tables, variant)
    assert m.rounds == 2 * once.rounds
    assert m.promise == once.promise
    assert opponent_counts(m) == {k: 2 * n for k, n in opponent_counts(once).items()}


@pytest.mark.slow
@settings(max_examples=25)
@given(st.sampled_from(FOUR), st.integers(2, 15), st.integers(2, 4), st.data())
def test_shortened_odd_and_switched_mnemonic_movements_verify(
    variant: str, half: int, trays: int, data: st.DataObject
) -> None:
    tables = 2 * half if RULES[variant].accepts(2 * half) else 2 * half + 2
    full = RULES[variant].full_rounds(tables)
    rounds = data.draw(st.integers(1, full), label="rounds")
    assert verify(mnemonic(tables, variant, rounds=rounds, trays_per_round=trays)) == []
    odd = catalog.Request(family="mitchell", pairs=2 * tables - 1, variant=variant, mnemonic=True)
    assert verify(catalog.build(odd, check=False)) == []
    switch = (data.draw(st.integers(1, full), label="switch"),)
    assert verify(mnemonic(tables, variant, arrow_switch=switch)) == []


# -- the verifier stays strict ------------------------------------------------------------------


def _drop_one_replayed_tray(m: Movement) -> Movement:
    """`m` with the last tray of the first replayed seating left unplayed."""
    first = next(s for s in m.seatings if s.round > m.rounds // 2 and len(s.trays) > 1)
    cut = Seating(first.round, first.table, first.trays[:-1], first.places, first.switched)
    return replace(m, seatings=tuple(cut if s is first else s for s in m.seatings))


@pytest.mark.parametrize("variant", FOUR)
def test_a_tray_not_replayed_is_found(variant: str) -> None:
    broken = _drop_one_replayed_tray(mnemonic(10, variant))
    assert any(f.law is Law.MNEMONIC_NOT_TWICE for f in verify(broken))


@pytest.mark.parametrize("variant", FOUR)
def test_a_double_pass_without_mnemonic_play_still_breaks_the_promise(variant: str) -> None:
    m = mnemonic(10, variant)
    findings = check_promise(m.promise, replace(m, mnemonic=False))
    assert any(f.law is Law.MEETS_TWICE for f in findings)


@pytest.mark.parametrize("variant", ["skip-revenge", "halves"])
def test_meetings_not_repeated_in_the_second_pass_break_the_promise(variant: str) -> None:
    once = single(10, variant)
    findings = check_promise(once.promise, replace(once, mnemonic=True))
    assert any(f.law is Law.MEETS_TWICE for f in findings)


def _swap_movers(m: Movement, round_no: int, a: int, b: int) -> Movement:
    """`m` with the E-W pairs of tables `a` and `b` exchanged in one round."""
    at = {s.table: s for s in m.seatings if s.round == round_no}
    ew = {a: at[b].places[1], b: at[a].places[1]}
    seatings = tuple(
        replace(s, places=(s.places[0], ew[s.table]))
        if s.round == round_no and s.table in ew
        else s
        for s in m.seatings
    )
    return replace(m, seatings=seatings)


@pytest.mark.parametrize(
    ("variant", "a", "b"),
    [
        ("sections", 1, 6),  # a meeting across the sections
        ("stationary", 5, 6),  # the stationary pair (table 6 of 10) meets a mover
        ("skip-revenge", 1, 2),
        ("halves", 1, 6),  # movers leave their half
    ],
)
def test_a_wrong_meeting_in_the_replay_breaks_the_promise(variant: str, a: int, b: int) -> None:
    m = mnemonic(10, variant)
    broken = _swap_movers(m, m.rounds, a, b)
    assert any(f.law is Law.MEETS_TWICE for f in check_promise(m.promise, broken))


# -- `--format json` is always JSON -----------------------------------------------------------


@pytest.mark.parametrize("variant", FOUR)
def test_cli_json_mnemonic_verified(variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["movement", "mitchell", "--tables", "10", "--variant", variant, "--mnemonic"]
    assert main([*argv, "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["verified"] is True
    assert doc["problems"] == []
    assert doc["mnemonic"] is True


def test_cli_json_failing_movement_is_still_json(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = schedules.mnemonic.make_mnemonic
    monkeypatch.setattr(
        schedules.mnemonic, "make_mnemonic", lambda m: _drop_one_replayed_tray(real(m))
    )
    argv = ["movement", "mitchell", "--tables", "8", "--variant", "stationary", "--mnemonic"]
    assert main([*argv, "--format", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["verified"] is False
    assert Law.MNEMONIC_NOT_TWICE.value in {p["law"] for p in doc["problems"]}
    assert set(doc["problems"][0]) == {"law", "round", "table", "who", "detail"}
    # the text format still lists every finding
    assert main(argv) == 1
    out = capsys.readouterr().out
    assert "Verified: NO (2 problems" in out  # the whole report, verdict and findings
    assert "[mnemonic-not-twice]" in out
