"""What a table reads of its link and its page: a link typed from the card has no characters
that look alike, and a pair going to rest reads where it plays after the rest."""

from __future__ import annotations

import math

from director.store.services import EventStore
from director.store.table_values import TOKEN_ALPHABET, TOKEN_BITS, new_token

LOOK_ALIKE = set("l1Ii0Oo")


def test_the_tokens_issued_have_no_look_alike_characters(store: EventStore) -> None:
    tokens = [link.token for link in store.table_links()]
    assert tokens
    for token in tokens:
        assert not LOOK_ALIKE & set(token), token
        assert set(token) <= set(TOKEN_ALPHABET)


def test_a_token_still_holds_128_random_bits() -> None:
    token = new_token()
    assert len(token) * math.log2(len(TOKEN_ALPHABET)) >= TOKEN_BITS
    assert not LOOK_ALIKE & set(TOKEN_ALPHABET)
    assert len({new_token() for _ in range(50)}) == 50


def test_a_pair_going_to_rest_reads_on_its_phone_where_it_plays_after() -> None:
    from datetime import UTC, datetime

    from director.server.table_view import TableView
    from director.store.table_values import TableToken
    from schedules.catalog import Request, build
    from schedules.routes import itinerary

    movement = build(Request("mitchell", pairs=13))
    r, (who,) = next((r, out) for r, out in sorted(movement.sitouts.items()) if r > 1)
    before = r - 1  # the round before the rest, at the table where `who` played it
    seating = next(s for s in movement.seatings if s.round == before and who in s.places)
    link = TableToken(1, "A", seating.table, new_token(), datetime.now(UTC))
    view = TableView(link, movement, {}, {}, ())
    (move,) = [m for m in view.moves(before) if m["who"].endswith(who)]
    back = next(s for s in itinerary(movement, who)[r:] if s.table is not None)
    assert move["to"].startswith(f"rest, then round {back.round}: table {back.table}")
