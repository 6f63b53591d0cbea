"""Rests: an unfilled place of a movement is a rest for whoever would meet it, never a
competitor."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from schedules.catalog import Request, build
from schedules.rests import rest, seat_field
from schedules.verify import verify

SIZES = st.sampled_from(
    [
        Request(family="howell", variant="interwoven", tables=7),
        Request(family="howell", tables=4),
        Request(family="mitchell", tables=6),
        Request(family="mitchell", variant="relay", tables=8),
        Request(family="individual", players=16),
        Request(family="team", teams=4),
    ]
)


@settings(max_examples=25, deadline=None)
@given(request=SIZES, data=st.data())
def test_a_rested_place_leaves_the_field_and_the_movement_still_verifies(
    request: Request, data: st.DataObject
) -> None:
    movement = build(request)
    empty = data.draw(st.sampled_from(movement.field))
    rested = rest(movement, {empty})
    assert empty not in rested.field
    assert all(empty not in s.places for s in rested.seatings)
    assert verify(rested) == []
    played = {t for s in rested.seatings for t in s.trays}
    assert set(rested.tray_numbers) == played  # no tray dealt that nobody plays
    for tray in rested.trays:  # the original play is a play that happens
        assert any(
            s.round == tray.original_round
            and s.table == tray.original_table
            and tray.number in s.trays
            for s in rested.seatings
        )
    # whoever met the empty place rests that round
    for s in movement.seatings:
        if empty in s.places:
            for other in s.places:
                if other != empty:
                    assert other in rested.sitouts[s.round]


def test_the_thirteen_pair_proposal_rests_the_empty_place_instead_of_a_phantom_pair() -> None:
    from fractions import Fraction

    from director.evening.proposals import Ask, FieldKind, propose
    from schedules.catalog import family

    ask = Ask(FieldKind.PAIRS, 13, None, Fraction(7))
    proposal = propose(ask, family("howell"), "interwoven")
    assert proposal.movement is not None
    assert len(proposal.movement.field) == 13
    assert "17" not in proposal.movement.field
    assert proposal.movement.sitouts  # someone rests each round instead


@settings(max_examples=25, deadline=None)
@given(request=SIZES, data=st.data())
def test_a_field_seated_keeps_its_filled_places_and_rests_the_highest_numbered_others(
    request: Request, data: st.DataObject
) -> None:
    movement = build(request)
    present = data.draw(st.integers(0, len(movement.field) + 2))
    filled = data.draw(st.lists(st.sampled_from(movement.field), max_size=present, unique=True))
    seated = seat_field(movement, present, filled)
    if present == 0 or present >= len(movement.field):
        assert seated == movement
        return
    assert len(seated.field) == present
    assert set(filled) <= set(seated.field)
    rested = [label for label in movement.field if label not in seated.field]
    # those rested are the last of the places nobody fills
    unfilled = [label for label in movement.field if label not in filled]
    assert rested == unfilled[len(unfilled) - len(rested) :]
