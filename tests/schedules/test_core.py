"""Views, timing, mnemonic play, the JSON contract and `director movement verify`."""

from __future__ import annotations

import dataclasses
import inspect
import json
import pickle
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.cli import main
from schedules.catalog import Request, build
from schedules.findings import ImpossibleMovementError, ScheduleError
from schedules.jsonio import load_movement, movement_document, movement_from_json
from schedules.mnemonic import SEED_WARNING, make_mnemonic
from schedules.render import describe, size
from schedules.routes import itineraries, itinerary, next_stop, tray_flow
from schedules.timing import duration_minutes, trays_per_round_for
from schedules.types import Direction, Seat, Seating, Share, Tray, default_dealer
from schedules.verify import verify
from tests.conftest import MOVEMENTS

FIXTURES = sorted(MOVEMENTS.glob("*.json"))


def test_seat_geometry() -> None:
    assert [s.partner for s in Seat] == [Seat.S, Seat.W, Seat.N, Seat.E]
    assert Seat.W.next() is Seat.N
    assert Seat.parse(" east ") is Seat.E
    assert Seat.S.direction is Direction.NS
    with pytest.raises(ValueError, match="not a seat"):
        Seat.parse("x")


def test_dealer_rotates_with_tray_number() -> None:
    assert [default_dealer(n).name for n in range(1, 9)] == list("NESWNESW")


def test_individual_seating_sides() -> None:
    s = Seating.individual(1, 2, (3,), "a", "b", "c", "d")
    assert s.partners_of("a") == ("c",)
    assert s.opponents_of("b") == ("a", "c")
    assert s.at(Seat.W) == "d"
    switched = Seating.individual(1, 2, (3,), "a", "b", "c", "d", switched=True)
    assert switched.hands_of("a") is Direction.EW


@pytest.mark.parametrize("value", [Tray, Seating, Share])
def test_movement_values_take_the_fields_they_declare(value: type) -> None:
    # their `__init__` is our own (schedules.types._stored_by_slot), not the dataclass's
    fields = dataclasses.fields(value)
    params = list(inspect.signature(value).parameters.values())
    assert [p.name for p in params] == [f.name for f in fields]
    assert [p.default for p in params] == [
        inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default for f in fields
    ]


def test_a_seating_made_by_keyword_is_the_one_made_by_position() -> None:
    by_position = Seating(2, 3, (4, 5), ("1", "6"))
    by_keyword = Seating(places=("1", "6"), trays=(4, 5), table=3, round=2)
    assert by_keyword == by_position
    assert hash(by_keyword) == hash(by_position)
    assert (by_position.round, by_position.table, by_position.switched) == (2, 3, False)
    assert dataclasses.replace(by_position, switched=True).hands_of("1") is Direction.EW
    assert pickle.loads(pickle.dumps(by_position)) == by_position
    assert Tray(7, Seat.S, 2, 3) == Tray(
        number=7, dealer=Seat.S, original_round=2, original_table=3
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        by_position.round = 1  # type: ignore[misc]
    with pytest.raises(TypeError, match="original_table"):
        Tray(1, Seat.N, 1)  # type: ignore[call-arg]


@pytest.mark.parametrize("path", FIXTURES[::7], ids=lambda p: p.stem)
def test_itinerary_agrees_with_seatings(path) -> None:
    m = load_movement(str(path))
    all_stops = itineraries(m)
    for who in m.field:
        stops = itinerary(m, who)
        assert stops == all_stops[who]
        assert len(stops) == m.rounds
        for stop in stops:
            if stop.table is None:
                assert who in m.sitouts[stop.round]
                continue
            seating = next(s for s in m.seatings if s.round == stop.round and s.table == stop.table)
            assert who in seating.places
            assert set(stop.opponents) == set(seating.opponents_of(who))
    last = m.field[0]
    assert next_stop(m, last, m.rounds) is None
    assert next_stop(m, last, 1) == itinerary(m, last)[1]


def test_mitchell_trays_pass_to_the_next_lower_table() -> None:
    m = load_movement(str(MOVEMENTS / "bridgescorer-Mitchell3Table.json"))
    flows = tray_flow(m)
    for table, rounds in flows.items():
        for flow in rounds[1:]:
            assert flow.received_from == ((table % 3) + 1,)
        for flow in rounds[:-1]:
            assert flow.passed_to == ((table - 2) % 3 + 1,)
        assert rounds[0].received_from == ()
        assert rounds[-1].passed_to == ()


def test_trays_per_round_from_time() -> None:
    assert trays_per_round_for(120, 5) == 3
    assert trays_per_round_for(Fraction(120), 5, minutes_per_tray=Fraction(15, 2)) == 3
    assert trays_per_round_for(120, 5, mnemonic=True) == 1
    assert duration_minutes(5, 3) == 105
    assert duration_minutes(5, 3, mnemonic=True) == 210
    with pytest.raises(ImpossibleMovementError, match="at least 70 minutes"):
        trays_per_round_for(60, 10)


@given(
    minutes=st.integers(1, 600),
    rounds=st.integers(1, 30),
    per=st.fractions(Fraction(1), Fraction(20)),
)
def test_derived_trays_fit_the_time(minutes: int, rounds: int, per: Fraction) -> None:
    try:
        k = trays_per_round_for(minutes, rounds, per)
    except ImpossibleMovementError:
        assert per * rounds > minutes
        return
    assert duration_minutes(rounds, k, per) <= minutes < duration_minutes(rounds, k + 1, per)


@pytest.mark.parametrize("path", FIXTURES[::5], ids=lambda p: p.stem)
def test_mnemonic_of_any_fixture_verifies(path) -> None:
    m = load_movement(str(path))
    replayed = make_mnemonic(m)
    assert replayed.rounds == 2 * m.rounds
    assert verify(replayed) == []
    # Every competitor holds each tray's N-S hands once and its E-W hands once.
    assert (SEED_WARNING in replayed.notes) == (
        len(m.field) * (1 if len(m.seatings[0].places) == 4 else 2) >= 8
    )


def test_json_document_has_verdict_and_balance() -> None:
    m = load_movement(str(MOVEMENTS / "bridgescorer-Howell07T3B21.json"))
    doc = movement_document(m)
    assert doc["verified"] is True
    assert doc["problems"] == []
    assert doc["balance"]["ss"] == "0"
    first = min((s.round, s.table) for s in m.seatings if 1 in s.trays)
    assert doc["trays"][0] == {
        "tray": 1,
        "dealer": "N",
        "original": {"round": first[0], "table": first[1]},
    }
    assert movement_from_json(json.loads(json.dumps(doc))) == m


def test_malformed_json_names_the_seating() -> None:
    with pytest.raises(ScheduleError, match=r"^seatings\[1\]\.table: is missing"):
        movement_from_json(
            {"seatings": [{"round": 1, "table": 1, "trays": [1], "ns": 1, "ew": 2}, {"round": 1}]}
        )


def test_cli_verify_accepts_and_rejects(capsys, tmp_path) -> None:
    good = MOVEMENTS / "bridgescorer-Howell10T5B18.json"
    assert main(["movement", "verify", str(good)]) == 0
    out = capsys.readouterr().out
    assert "Verified: yes" in out
    assert "SS 36.000" in out
    bad = MOVEMENTS / "bridgescorer-Individual3Tables.json"
    assert main(["movement", "verify", str(bad), "--promise", "individual-wh"]) == 1
    out = capsys.readouterr().out
    assert "Verified: NO" in out
    assert "opponents-wrong" in out
    assert main(["movement", "verify", str(good), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["verified"] is True
    garbage = tmp_path / "x.json"
    garbage.write_text("{not json")
    assert main(["movement", "verify", str(garbage)]) == 2
    assert "is not JSON" in capsys.readouterr().err
    assert main(["movement", "verify", str(tmp_path / "missing.json")]) == 2


def test_cli_unknown_family_and_command(capsys) -> None:
    assert main(["movement", "no-such-family", "--tables", "3"]) == 2
    assert "unknown family" in capsys.readouterr().err
    assert main(["nonsense"]) == 2
    assert main(["movement", "list"]) == 0
    assert "Promises the verifier knows" in capsys.readouterr().out


def test_grid_shows_both_parts_of_a_split_round() -> None:
    from dataclasses import replace

    from schedules.render import grid

    m = load_movement(str(MOVEMENTS / "bridgescorer-Howell07T3B21.json"))
    s0 = m.seatings[0]
    halves = (replace(s0, trays=s0.trays[:1], switched=True), replace(s0, trays=s0.trays[1:]))
    text = grid(replace(m, seatings=(*halves, *m.seatings[1:])))
    first_row = text.splitlines()[1]
    assert f"{s0.ns}-{s0.ew}* / {s0.trays[0]} + {s0.ns}-{s0.ew} / " in first_row


def test_balance_listing_reports_reached_and_bound() -> None:
    from director.cli.movement import balance_text

    lines = balance_text(range(8, 12, 2)).splitlines()
    assert lines[1].split()[:4] == ["8", "4", "0", "100.00"]
    assert lines[2].split()[:3] == ["10", "5", "36"]
    assert "20 (any); 36 (cyclic); whole tray sets only" in lines[2]


def test_a_movement_of_one_round_says_one_round() -> None:
    m = build(Request("howell", pairs=8, rounds=1, balance="best"))
    assert describe(m).endswith(": 8 pairs, 4 tables, 1 round, 4 trays")
    assert size(build(Request("howell", tables=3))) == "3 tables, 5 rounds, 10 trays"
