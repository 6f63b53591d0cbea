"""The 105 published movements: each verifies for its promise, and the balance report
reproduces the SS figures their README lists."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from schedules.balance import balance
from schedules.jsonio import load_movement, movement_from_json, movement_to_json
from schedules.verify import verify
from tests.conftest import MOVEMENTS

FILES = sorted(MOVEMENTS.glob("*.json"))
README = (MOVEMENTS / "README.md").read_text(encoding="utf-8")
SS_ROWS = dict(re.findall(r"\| `([^`]+\.json)` \|.*\| ok, SS ([0-9.]+|None) \|", README))


def test_all_fixtures_present() -> None:
    assert len(FILES) == 105
    assert len(SS_ROWS) == 105


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_fixture_holds_its_promise(path) -> None:
    expect = json.loads(path.read_text())["expect"]
    movement = load_movement(str(path))
    assert verify(movement, expect) == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_fixture_spread_matches_published(path) -> None:
    published = SS_ROWS[path.name]
    report = balance(load_movement(str(path)))
    if published == "None":
        # Individual movements: the README lists no pair SS; the report still counts comparisons.
        assert report.tray_sets > 0
    else:
        assert float(report.ss) == pytest.approx(float(published), abs=0.001)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_fixture_round_trips(path) -> None:
    movement = load_movement(str(path))
    assert movement_from_json(movement_to_json(movement)) == movement


def test_individual_3_tables_is_not_a_whist_tournament() -> None:
    movement = load_movement(str(MOVEMENTS / "bridgescorer-Individual3Tables.json"))
    findings = verify(movement, "individual-wh")
    assert findings
    assert {f.law.value for f in findings} == {"opponents-wrong"}
    # Every two players do partner once, as the README says.
    assert verify(movement, "any") == []


def test_double_round_robin_is_not_complete_howell() -> None:
    movement = load_movement(str(MOVEMENTS / "bridgescorer-Howell04T2B18.json"))
    laws = {f.law.value for f in verify(movement, "howell-complete")}
    assert laws == {"meets-twice"}


def test_five_table_howell_profile() -> None:
    report = balance(load_movement(str(MOVEMENTS / "bridgescorer-Howell10T5B18.json")))
    assert report.distribution == {3: 18, 4: 9, 5: 18}
    assert report.ss == 36
    assert report.mean == Fraction(4)
    assert report.cv == pytest.approx(0.2236, abs=1e-4)


def test_four_table_howell_is_perfect() -> None:
    report = balance(load_movement(str(MOVEMENTS / "bridgescorer-Howell08T4B14.json")))
    assert set(report.distribution) == {3}
    assert report.index == pytest.approx(100.0)
