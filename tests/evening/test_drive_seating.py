"""A drive's first seating from the players' numbered cards as the host types them, without Qt:
where each card seats its holder, who waits without one, and the refusals in words."""

from __future__ import annotations

import pytest

from director.errors import DirectorError
from director.evening.drive_seating import read_card_numbers
from director.store.values import Gender, Player
from schedules.progressive import DriveError, DriveSettings, Field, Place, Seat

ROSTER = (
    Player(1, "Mrs Hale", gender=Gender.LADY),
    Player(2, "Mr Cole", gender=Gender.GENTLEMAN),
    Player(3, "Sam Page"),  # not marked either way
    Player(4, "Mrs Late", gender=Gender.LADY),
)
TWO_TABLES = DriveSettings(2)


def test_each_card_seats_its_holder_and_a_player_without_one_waits() -> None:
    typed = {"Mrs Hale": "6", "Mr Cole": " No. 3 ", "Sam Page": "8", "Mrs Late": ""}
    drawn = read_card_numbers(TWO_TABLES, ROSTER, typed)
    assert drawn.cards == {
        "Mrs Hale": Place(2, Seat.E),
        "Mr Cole": Place(1, Seat.S),
        "Sam Page": Place(2, Seat.W),
    }
    assert drawn.waiting == ("Mrs Late",)


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ({"Mr Cole": "9"}, "Mr Cole: '9' is not one of the drive's cards; type the number on"),
        ({"Mr Cole": "0"}, "Mr Cole: '0' is not one of the drive's cards"),
        ({"Mr Cole": "three"}, "Mr Cole: 'three' is not one of the drive's cards"),
        ({"Mr Cole": "1"}, "Mr Cole is a gentleman and card 1 is a lady's; give Mr Cole a"),
        ({"Mrs Hale": "3"}, "Mrs Hale is a lady and card 3 is a gentleman's"),
        ({}, "no cards yet: type the number on each player's card"),
    ],
)
def test_cards_that_cannot_start_the_drive_are_refused_in_words(
    typed: dict[str, str], said: str
) -> None:
    with pytest.raises(DirectorError, match=said):
        read_card_numbers(TWO_TABLES, ROSTER, typed)


def test_two_players_with_one_card_are_refused_by_the_engine() -> None:
    with pytest.raises(DriveError, match="Mr Cole and Sam Page hold the same card"):
        read_card_numbers(TWO_TABLES, ROSTER, {"Mr Cole": "3", "Sam Page": "3"})


def test_by_seat_any_player_takes_any_card() -> None:
    by_seat = DriveSettings(2, field=Field.BY_SEAT)
    drawn = read_card_numbers(by_seat, ROSTER, {"Mr Cole": "1", "Mrs Hale": "3"})
    assert drawn.cards == {"Mrs Hale": Place(1, Seat.S), "Mr Cole": Place(1, Seat.N)}
