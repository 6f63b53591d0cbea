"""The individual family: a verified whist tournament for every size we claim."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from director.cli import main
from schedules import catalog, odd_players
from schedules.balance import balance
from schedules.findings import ImpossibleMovementError
from schedules.individual import (
    FAMILY,
    drive_movement,
    nearest_sizes,
    phantom_movement,
    supported_sizes,
    whist_movement,
)
from schedules.tally import opponent_counts, partner_counts
from schedules.verify import verify

SIZES = supported_sizes()
ISSUE_11_MINIMUM = [8, 12, 13, 16, 17, 20, 21]


def test_claimed_sizes_include_the_issue_minimum_and_every_family() -> None:
    assert set(ISSUE_11_MINIMUM) <= set(SIZES)
    assert {9, 25, 45, 64, 128, 197} <= set(SIZES)
    assert all(v % 4 in (0, 1) for v in SIZES)


@pytest.mark.slow
@pytest.mark.parametrize("v", SIZES)
def test_every_supported_size_is_a_whist_tournament(v: int) -> None:
    m = catalog.build(catalog.Request(family="individual", players=v))
    assert verify(m, "individual-wh") == []
    assert m.promise == "individual-wh"
    assert m.rounds == (v - 1 if v % 4 == 0 else v)
    assert m.tables == v // 4
    assert m.field == tuple(str(x) for x in range(1, v + 1))
    if v % 4 == 1:
        out = [who for r in range(1, m.rounds + 1) for who in m.sitouts.get(r, ())]
        assert sorted(out, key=int) == list(m.field)
    else:
        assert m.sitouts == {}


def test_partners_sit_north_south_and_east_west() -> None:
    m = whist_movement(13)
    s = m.seatings[0]
    north, east, south, west = s.places
    assert s.partners_of(north) == (south,)
    assert s.partners_of(east) == (west,)


def test_every_table_plays_the_rounds_tray_set() -> None:
    m = whist_movement(16, trays_per_round=3)
    for r, seats in m.by_round():
        assert {s.trays for s in seats} == {(3 * r - 2, 3 * r - 1, 3 * r)}
    assert len(m.trays) == 3 * 15


@pytest.mark.parametrize("v", [2, 3, 6, 7, 10, 11, 14, 15, 18, 19])
def test_counts_two_or_three_mod_4_are_refused(v: int) -> None:
    with pytest.raises(ImpossibleMovementError, match="nearest sizes that work"):
        catalog.build(catalog.Request(family="individual", players=v))


def test_cli_refuses_ten_players_with_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "individual", "--players", "10"]) == 2
    err = capsys.readouterr().err
    assert "nearest sizes that work: 9 or 12" in err
    assert "--variant phantom" in err


def test_unbuilt_size_is_refused_with_neighbours() -> None:
    # the first count we do not build, beyond the range once every count in it is built
    v = next(x for x in itertools.count(8) if x % 4 in (0, 1) and x not in SIZES)
    below, above = nearest_sizes(v)
    assert below in SIZES
    assert above is None or above in SIZES
    near = f"{below} or {above}" if above else f"work: {below} "
    with pytest.raises(ImpossibleMovementError, match=near):
        catalog.build(catalog.Request(family="individual", players=v))


def test_cli_json_has_compass_points(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["movement", "individual", "--players", "8", "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0
    assert doc["verified"] is True
    row = doc["seatings"][0]
    assert {"north", "east", "south", "west"} <= set(row)
    assert len(doc["seatings"]) == 7 * 2


def test_cli_text_and_minutes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "individual", "--players", "13", "--minutes", "195"]) == 0
    assert "Balance" in capsys.readouterr().out
    m = catalog.build(catalog.Request(family="individual", players=13, minutes=195))
    assert len(m.trays) == 13 * 2  # 195 minutes / (13 rounds x 7 minutes) = 2 trays a round


def test_balance_best_returns_the_tournament() -> None:
    m = catalog.build(catalog.Request(family="individual", players=12, balance="best"))
    assert verify(m, "individual-wh") == []


@given(st.sampled_from([v for v in SIZES if v <= 64]), st.data())
@settings(max_examples=30, deadline=None)
def test_any_prefix_of_rounds_is_a_valid_drive(v: int, data: st.DataObject) -> None:
    full = v - 1 if v % 4 == 0 else v
    rounds = data.draw(st.integers(1, full))
    m = catalog.build(catalog.Request(family="individual", players=v, rounds=rounds))
    assert m.rounds == rounds
    assert verify(m) == []
    assert m.promise == ("individual-wh" if rounds == full else "individual-partial")


@pytest.mark.parametrize("v", [6, 7, 10, 11, 14, 18, 23, 26])
def test_phantom_schedules_never_repeat_a_partner(v: int) -> None:
    m = catalog.build(catalog.Request(family="individual", players=v, variant="phantom"))
    assert verify(m, "individual-partial") == []
    assert len(m.field) == v
    assert max(partner_counts(m).values()) == 1
    assert max(opponent_counts(m).values()) <= 2
    assert balance(m).comparisons
    # seated with phantoms, or afresh with everyone resting in turn (schedules.odd_players)
    assert "phantom" in m.notes[0] or "rest in turn" in m.notes[0]


def test_phantom_refuses_sizes_beyond_the_range() -> None:
    with pytest.raises(ImpossibleMovementError, match="phantom"):
        phantom_movement(500)


def test_thousand_player_drive() -> None:
    m = drive_movement(1000, 1, 10)
    assert m.tables == 250
    assert m.rounds == 10
    assert m.sitouts == {}
    assert verify(m) == []


@pytest.mark.parametrize(
    ("players", "rounds", "note"),
    [
        (1000, 12, "12 rounds, 24 hands: a whist drive's usual length (20 to 24 hands)"),
        (16, 12, "12 rounds, 24 hands: a whist drive's usual length (20 to 24 hands)"),
        (9, 9, "9 rounds, 18 hands: every round there is for 9 players"),
    ],
)
def test_a_drive_without_rounds_has_a_drives_usual_length_and_says_so(
    players: int, rounds: int, note: str
) -> None:
    m = catalog.build(catalog.Request(family="individual", players=players, variant="drive"))
    assert m.rounds == rounds
    assert any(n.startswith(note) for n in m.notes), m.notes


def test_a_drive_of_four_trays_a_round_is_six_rounds_long() -> None:
    request = catalog.Request(family="individual", players=1000, variant="drive", trays_per_round=4)
    assert catalog.build(request).rounds == 6


def test_a_drive_refuses_fewer_than_four_players() -> None:
    with pytest.raises(ImpossibleMovementError, match="a drive needs at least 4 players"):
        catalog.build(catalog.Request(family="individual", players=3, variant="drive"))


def _drive_with_phantoms(players: int) -> None:
    m = catalog.build(catalog.Request(family="individual", players=players, variant="drive"))
    assert len(m.field) == players
    assert verify(m, "individual-partial") == []
    # with phantoms, whose tables rest, or as a longer search seated the field
    # (schedules.odd_players): every table full, the others resting in turn
    if "rounds" in (odd_players.stored(players) or {}):
        assert "rest in turn" in m.notes[0]
        assert {s.round for s in m.seatings} == set(range(1, m.rounds + 1))
        # every table full (a table switching half its trays has two seatings)
        assert len({(s.round, s.table) for s in m.seatings}) == m.rounds * (players // 4)
    else:
        assert any("phantom" in note for note in m.notes)
    assert m.sitouts  # the players of a phantom's table rest


@pytest.mark.parametrize("players", [6, 7, 998, 999])
def test_a_drive_of_2_or_3_more_than_a_multiple_of_4_rests_players(players: int) -> None:
    _drive_with_phantoms(players)


@pytest.mark.slow
@pytest.mark.parametrize("players", [v for v in range(6, 200) if v % 4 in (2, 3)])
def test_every_count_2_or_3_more_than_a_multiple_of_4_has_a_drive(players: int) -> None:
    _drive_with_phantoms(players)


def test_rounds_out_of_range_and_unknown_variant_are_refused() -> None:
    with pytest.raises(ImpossibleMovementError, match="--rounds"):
        catalog.build(catalog.Request(family="individual", players=8, rounds=9))
    with pytest.raises(ImpossibleMovementError, match="unknown variant"):
        catalog.build(catalog.Request(family="individual", players=8, variant="x"))
    with pytest.raises(ImpossibleMovementError, match="--players"):
        catalog.build(catalog.Request(family="individual", tables=3))


def test_help_quotes_the_seed_and_states_the_guarantee() -> None:
    assert "ingenious methods" in FAMILY.help
    assert "partners exactly once" in FAMILY.help
    assert FAMILY.size_unit == "players"
    assert catalog.family("individual").help == FAMILY.help


def test_drive_through_the_catalog_derives_trays_from_minutes() -> None:
    request = catalog.Request(
        family="individual", players=1000, variant="drive", rounds=3, minutes=Fraction(42)
    )
    m = catalog.build(request)
    assert m.rounds == 3
    assert len(m.trays) == 3 * 2  # 42 minutes / (3 rounds x 7 minutes a tray)
    assert "product of Wh(37) and Wh(28)" in m.notes[0]  # 1000 = 37 x 27 + 1


def test_mnemonic_play_doubles_the_tournament() -> None:
    m = catalog.build(catalog.Request(family="individual", players=13, mnemonic=True))
    assert m.rounds == 26
    assert verify(m, "individual-wh") == []
    assert max(partner_counts(m).values()) == 2


def test_meeting_counts_are_each_movements_own_and_a_fresh_copy() -> None:
    """The counts are kept for the movement last counted (the verifier and the balance report
    both ask): another movement gets its own, and changing a result changes nothing kept."""
    small, large = whist_movement(8), whist_movement(9)
    first = opponent_counts(small)
    assert set(first.values()) == {2}
    first[("1", "2")] = 99
    assert opponent_counts(small)[("1", "2")] == 2
    assert len(partner_counts(large)) == 36
    assert len(partner_counts(small)) == 28
    assert sum(opponent_counts(large).values()) == 2 * 36
