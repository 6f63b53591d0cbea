"""A drive's first seating taken from the numbered cards the players drew at the door, as the
host types each player's card number (docs/drive.md#the-moving-rules): what the numbers say,
or why they cannot start the drive, in words a host acts on."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from director.errors import DirectorError
from schedules.progressive import (
    DriveSettings,
    Field,
    Place,
    card_place,
    seating_from_cards,
)
from schedules.progressive.seating import role_of

if TYPE_CHECKING:
    from director.store.values import Player


@dataclass(frozen=True, slots=True)
class DrawnCards:
    """The players' cards as typed: where each card holder sits for the first hand, and the
    players with no card yet (not seated: they may join later as late arrivals)."""

    cards: Mapping[str, Place]
    waiting: tuple[str, ...]


def read_card_numbers(
    settings: DriveSettings, roster: Sequence[Player], typed: Mapping[str, str]
) -> DrawnCards:
    """The cards from the number typed for each player on the roster (blank: no card yet).

    Refused, saying which player and what to do: a number that is not one of the drive's
    cards, two players with the same card, a lady holding a gentleman's card or the other way
    round (in a drive of ladies and gentlemen), and no card at all."""
    last = 4 * settings.tables
    cards: dict[str, Place] = {}
    waiting: list[str] = []
    for player in roster:
        text = typed.get(player.name, "").strip().removeprefix("No.").strip()
        if not text:
            waiting.append(player.name)
            continue
        if not text.isdigit() or not 1 <= int(text) <= last:
            raise DirectorError(
                f"{player.name}: {text!r} is not one of the drive's cards; type the number on"
                f" the card, 1 to {last}"
            )
        place = card_place(int(text))
        part = role_of(place.seat).value
        if (
            settings.field is Field.LADIES_GENTLEMEN
            and player.gender is not None
            and player.gender.value != part
        ):
            raise DirectorError(
                f"{player.name} is a {player.gender.value} and card {text} is a {part}'s; give"
                f" {player.name} a {player.gender.value}'s card"
            )
        cards[player.name] = place
    if not cards:
        raise DirectorError("no cards yet: type the number on each player's card")
    seating_from_cards(settings, cards)  # the engine's own checks: one player a card
    return DrawnCards(cards, tuple(waiting))
