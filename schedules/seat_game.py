"""Eight players at two tables, each keeping one seat all evening: four seat winners.

The Mitchell for ladies and gentlemen needs three tables; with two, its travelling gentlemen would
meet their own trays again. Here every player keeps a compass point (the ladies-and-gentlemen
style, docs/movement-rules.md#fosters-ladies-and-gentlemen: "there must be four winners"), the two
tables deal their own trays each round and exchange them, and the players of the other seats change
tables so that in four rounds every two players of different seats meet exactly twice: each North
partners each South twice and opposes each East and each West twice, and so on round the table. The
two players of one seat never meet: they hold the same hands of every tray and are compared.

The rounds are the four rows of an orthogonal array of strength 2: which East, South and West
player sits at table 1 (the Norths never move), every two of the three seats taking each of
their four combinations once.
"""

from __future__ import annotations

from schedules.exchange import dealt, exchange
from schedules.findings import ImpossibleMovementError
from schedules.types import Competitors, Label, Movement, Seat

PLAYERS = 8
ROUNDS = 4
AT_TABLE_1 = ((1, 1, 1), (2, 2, 1), (2, 1, 2), (1, 2, 2))
"""Per round, which East, South and West player (1 or 2) sits at table 1."""
WINNERS = tuple(seat.word for seat in Seat)


def player(seat: Seat, k: int) -> Label:
    """The k-th player of a seat: "N1", "W2"."""
    return f"{seat.name}{k}"


def seat_game(per: int) -> Movement:
    """The four-round game; `per` trays dealt at each table each round."""
    exchanges = []
    for r, (e, s, w) in enumerate(AT_TABLE_1, start=1):
        first = (1, e, s, w)
        places = tuple(
            tuple(
                player(seat, k if table == 1 else 3 - k)
                for seat, k in zip(Seat, first, strict=True)
            )
            for table in (1, 2)
        )
        exchanges.append(exchange(r, (1, 2), (places[0], places[1]), (2 * r - 1, 2 * r), per))
    return Movement(
        family="individual",
        competitors=Competitors.INDIVIDUALS,
        tables=2,
        rounds=ROUNDS,
        trays=dealt(exchanges),
        seatings=tuple(s for x in exchanges for s in x.seatings),
        field=tuple(player(seat, k) for seat in Seat for k in (1, 2)),
        shared=tuple(x.share for x in exchanges),
        variant="seats",
        promise="individual-seats",
        winners=WINNERS,
        notes=(
            "Every player keeps a seat all evening: N1 and N2 never move; each round two "
            "players of each table change places with their fellows at the other table.",
            "Each round: both tables deal their trays, play them, and exchange them.",
            "Four winners: best North, best East, best South, best West, each against the "
            "other player who held that seat; every two players of different seats meet "
            "twice.",
        ),
    )


def build_seat_game(players: int, rounds: int | None, per: int) -> Movement:
    """`director movement individual --players 8 --variant seats`."""
    if players != PLAYERS:
        raise ImpossibleMovementError(
            f"the two-table game with four seat winners seats {PLAYERS} players, not {players}; "
            "for more, the Mitchell for ladies and gentlemen keeps seats at 3 or more tables"
        )
    if rounds not in (None, ROUNDS):
        raise ImpossibleMovementError(
            f"the two-table game with four seat winners has {ROUNDS} rounds; leave out --rounds"
        )
    return seat_game(per)
