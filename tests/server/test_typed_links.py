"""A table's link can be typed from its card: its token has no characters that look alike."""

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
