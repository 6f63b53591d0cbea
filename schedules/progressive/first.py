"""The first seating (drawn, or from the numbered cards the players picked) and the changes
between hands: a late arrival takes an empty seat, a player leaving empties theirs."""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence

from schedules.progressive.seating import (
    DriveError,
    Place,
    Player,
    Role,
    Seat,
    Seating,
    Table,
    role_of,
)
from schedules.progressive.settings import DriveSettings, Field

_LADY_SEATS = (Seat.N, Seat.E)
_GENTLEMAN_SEATS = (Seat.S, Seat.W)
_FILL = (Seat.N, Seat.S, Seat.E, Seat.W)


def draw_seating(
    settings: DriveSettings,
    players: Sequence[Player],
    seed: int,
    ladies: Collection[Player] = (),
) -> Seating:
    """The first seating drawn at random from `seed` (the same seed draws the same seating).

    With ladies and gentlemen, the ladies (those in `ladies`) fill the North and East seats and
    the others South and West; by seat, everyone fills the seats in turn. Tables are filled
    from table 1, so any empty seats are at the last table."""
    _check_unique(players)
    rnd = random.Random(seed)
    if settings.field is Field.BY_SEAT:
        order = list(players)
        rnd.shuffle(order)
        # North-South before East-West, so the empty seats of a last table of two are a
        # whole side, which stays put while the players pass through (moves.py)
        places = [Place(t, seat) for t in range(1, settings.tables + 1) for seat in _FILL]
        if len(order) > len(places):
            raise DriveError(
                f"{len(order)} players need {-(-len(order) // 4)} tables; "
                f"the drive has {settings.tables}."
            )
        return _seat(settings, dict(zip(order, places, strict=False)))
    lady_list = [p for p in players if p in ladies]
    gentlemen = [p for p in players if p not in ladies]
    rnd.shuffle(lady_list)
    rnd.shuffle(gentlemen)
    cards: dict[Player, Place] = {}
    for group, seats in ((lady_list, _LADY_SEATS), (gentlemen, _GENTLEMAN_SEATS)):
        places = [Place(t, seat) for t in range(1, settings.tables + 1) for seat in seats]
        if len(group) > len(places):
            word = "ladies" if seats == _LADY_SEATS else "gentlemen"
            raise DriveError(
                f"{len(group)} {word} need {-(-len(group) // 2)} tables; "
                f"the drive has {settings.tables}."
            )
        cards.update(zip(group, places, strict=False))
    return _seat(settings, cards)


def card_place(number: int) -> Place:
    """The table and seat a numbered card says: four cards a table in seat order, No. 1 at
    table 1 North, No. 2 table 1 East, ..., No. 5 table 2 North (`card_number` reversed)."""
    if number < 1:
        raise DriveError(f"There is no card number {number}: the cards start at 1.")
    table, seat = divmod(number - 1, 4)
    return Place(table + 1, Seat(seat))


def card_number(place: Place) -> int:
    """The number of the card that says `place` (`card_place` reversed)."""
    return (place.table - 1) * 4 + place.seat + 1


def seating_from_cards(settings: DriveSettings, cards: Mapping[Player, Place]) -> Seating:
    """The first seating from the numbered cards the players drew: each card a table and seat."""
    taken: dict[Place, Player] = {}
    for player, place in cards.items():
        if not 1 <= place.table <= settings.tables:
            raise DriveError(
                f"{player}'s card says table {place.table}; the drive has tables 1 to "
                f"{settings.tables}."
            )
        if place in taken:
            raise DriveError(
                f"{taken[place]} and {player} hold the same card (table {place.table}, "
                f"{place.seat.name})."
            )
        taken[place] = player
    return _seat(settings, cards)


def arrive(seating: Seating, player: Player, role: Role) -> Seating:
    """`player` arriving late takes an empty seat of their part (a lady's seat for a lady; by
    seat, `role` says which part they take), at the table nearest to having four."""
    if player in seating.players():
        raise DriveError(f"{player} is already seated.")
    free = [
        Place(t, seat)
        for t in range(1, len(seating.tables) + 1)
        for seat in seating.empty_seats(t)
        if role_of(seat) is role
    ]
    if not free:
        raise DriveError(f"There is no seat for {player}: every {role.value}'s seat is taken.")
    place = min(free, key=lambda p: (len(seating.empty_seats(p.table)), p.table, p.seat))
    return _replace(seating, place, player)


def leave(seating: Seating, player: Player, field: Field) -> Seating:
    """`player` leaving the drive: their seat is empty from the next hand on, unless a table
    as short or shorter has a player who may take it (of the same part with ladies and
    gentlemen, anyone by seat), who then moves in so the empty seats stay together at one
    table (the moves never shift an empty seat, moves.py)."""
    place = seating.place_of(player)
    if place is None:
        raise DriveError(f"{player} is not seated.")
    emptied = _replace(seating, place, None)
    short = len(emptied.empty_seats(place.table))
    donors = [
        where
        for where, who in emptied.places()
        if where.table != place.table
        and (field is Field.BY_SEAT or role_of(where.seat) is role_of(place.seat))
        and len(emptied.empty_seats(where.table)) >= short
    ]
    if not donors:
        return emptied
    donor = max(donors, key=lambda p: (len(emptied.empty_seats(p.table)), p.table))
    return _replace(_replace(emptied, donor, None), place, emptied.at(donor))


def _replace(seating: Seating, place: Place, player: Player | None) -> Seating:
    tables = list(seating.tables)
    seats = list(tables[place.table - 1])
    seats[place.seat] = player
    tables[place.table - 1] = (seats[0], seats[1], seats[2], seats[3])
    return Seating(tuple(tables))


def _seat(settings: DriveSettings, cards: Mapping[Player, Place]) -> Seating:
    grid: list[list[Player | None]] = [[None] * 4 for _ in range(settings.tables)]
    for player, place in cards.items():
        grid[place.table - 1][place.seat] = player
    tables: tuple[Table, ...] = tuple((row[0], row[1], row[2], row[3]) for row in grid)
    return Seating(tables)


def _check_unique(players: Sequence[Player]) -> None:
    if len(set(players)) != len(players):
        twice = sorted({p for p in players if players.count(p) > 1})
        raise DriveError(f"{', '.join(twice)} listed twice.")
