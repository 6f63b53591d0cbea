"""Mnemonic ("up and back") play over any schedule (docs/movement-rules.md#mnemonic-duplicate).

"It can be played under any of the Duplicate Whist schedules by playing them through twice,
the second time with the North and South hands given to the East and West players, and vice
versa." The second pass repeats every seating with the hands switched; the verifier then checks
"every tray a competitor plays, twice, once in each direction".
"""

from __future__ import annotations

from dataclasses import replace

from schedules.types import Competitors, Movement, Seating, Share

SEED_WARNING = (
    "Mnemonic play with eight or more players: Foster calls it 'extremely undesirable, from "
    "the element of memory entering into the replay and destroying the integrity of the game'."
)


def player_count(movement: Movement) -> int:
    """People at the tables: individuals count one, pairs two."""
    per = 1 if movement.competitors is Competitors.INDIVIDUALS else 2
    return per * len(movement.field)


def make_mnemonic(movement: Movement) -> Movement:
    """The schedule played through twice, the second time with the hands exchanged."""
    r = movement.rounds
    replay = tuple(
        Seating(s.round + r, s.table, s.trays, s.places, not s.switched) for s in movement.seatings
    )
    shares = tuple(Share(sh.round + r, sh.trays, sh.tables) for sh in movement.shared)
    notes = [
        f"Mnemonic play: rounds {r + 1}-{2 * r} replay rounds 1-{r} with the N-S and E-W hands "
        "exchanged; allow double the time.",
        "Any irregularity in the hands means a new deal (mnemonic play).",
    ]
    if player_count(movement) >= 8:
        notes.append(SEED_WARNING)
    return replace(
        movement,
        rounds=2 * r,
        seatings=movement.seatings + replay,
        shared=movement.shared + shares,
        mnemonic=True,
        notes=movement.notes + tuple(notes),
    )
