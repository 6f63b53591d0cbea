"""The two-table individual game of 8 players with four seat winners."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.cli import main
from director.scoring import score_section
from director.scoring.model import TableResult
from schedules import catalog
from schedules.findings import ImpossibleMovementError, Law
from schedules.promises.seats import seats_held
from schedules.seat_game import seat_game
from schedules.tally import opponent_counts, pair_key, partner_counts
from schedules.types import Movement, Seat
from schedules.verify import verify
from tests.scoring.builders import session


def build(per: int, mnemonic: bool) -> Movement:
    request = catalog.Request(
        "individual", players=8, variant="seats", trays_per_round=per, mnemonic=mnemonic
    )
    return catalog.build(request)


@given(per=st.integers(1, 4), mnemonic=st.booleans())
def test_everyone_keeps_a_seat_and_meets_every_other_seat_evenly(per: int, mnemonic: bool) -> None:
    m = build(per, mnemonic)
    times = 2 if mnemonic else 1
    assert verify(m) == []
    assert (m.tables, m.rounds) == (2, 4 * times)
    seat = {who: seats.pop() for who, seats in seats_held(m).items() if len(seats) == 1}
    assert sorted(seat) == sorted(m.field)
    meets = partner_counts(m) + opponent_counts(m)
    for a, b in combinations(m.field, 2):
        assert meets[pair_key(a, b)] == (0 if seat[a] == seat[b] else 2 * times), (a, b)
    # Every player holds their seat's hands of every tray: the two of a seat are compared.
    plays = Counter((who, tray) for s in m.seatings for who in s.places for tray in s.trays)
    assert set(plays.values()) == {times}
    assert len(plays) == len(m.field) * len(m.trays)
    for s in m.seatings:
        assert len(set(s.places)) == 4


def test_a_player_changing_seat_is_rejected() -> None:
    m = seat_game(1)
    moved = tuple(
        replace(s, places=(s.places[2], s.places[1], s.places[0], s.places[3]))
        if (s.round, s.table) == (2, 1)
        else s
        for s in m.seatings
    )
    assert Law.DIRECTION_CHANGED in {f.law for f in verify(replace(m, seatings=moved))}


def test_uneven_meetings_are_rejected() -> None:
    m = seat_game(1)
    # Round 2 seats the tables as round 1 did: N1 partners S1 three times, S2 once.
    first = {s.table: s.places for s in m.seatings if s.round == 1}
    again = tuple(replace(s, places=first[s.table]) if s.round == 2 else s for s in m.seatings)
    found = {f.law for f in verify(replace(m, seatings=again))}
    assert {Law.PARTNERS_WRONG, Law.OPPONENTS_WRONG} <= found


def test_the_four_seat_winners_are_ranked() -> None:
    m = seat_game(1)
    results = [TableResult(s.round, s.table, t, (3 * t + s.table) % 14) for s in m.seatings
               for t in s.trays]  # fmt: skip
    res = score_section(session(m, results))
    assert [w.title for w in res.winners] == [seat.word for seat in Seat]
    for w in res.winners:
        assert all(label.startswith(w.title[0]) for label in w.labels)


@pytest.mark.parametrize(("players", "rounds"), [(12, None), (4, None), (8, 3)])
def test_other_sizes_and_lengths_are_refused(players: int, rounds: int | None) -> None:
    with pytest.raises(ImpossibleMovementError, match="seat winners"):
        catalog.build(
            catalog.Request("individual", players=players, variant="seats", rounds=rounds)
        )


def test_cli_builds_and_refuses() -> None:
    assert main(["movement", "individual", "--players", "8", "--variant", "seats"]) == 0
    assert main(["movement", "individual", "--players", "9", "--variant", "seats"]) == 2
