"""How the competitors take their places: the field's rows (a movement's labels with the
names typed against them) and the seat plan giving each partnership its starting place."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from director.errors import DirectorError
from director.store.services import EventStore
from director.store.values import Partnership, Player
from schedules.labels import natural_key


@dataclass(frozen=True, slots=True)
class FieldRow:
    """A label of the field with the names typed against it; `formed` once they are a pair."""

    label: str
    names: tuple[str, ...]
    formed: bool = False


def field_labels(
    movement_field: Sequence[str] | None, partnerships: Sequence[Partnership], players: int
) -> list[str]:
    """The rows of the grid: the movement's labels, then labels formed outside it; before a
    movement, pair numbers enough for every player and one more row to type a new pair."""
    formed = [p.label for p in partnerships]
    if movement_field is not None:
        return list(movement_field) + [label for label in formed if label not in movement_field]
    paired = sum(len(p.players) for p in partnerships)
    count = len(formed) + (players - paired + 1) // 2 + 1
    numbers = [str(n) for n in range(1, count + 1)]
    return sorted(set(numbers) | set(formed), key=natural_key)


def field_rows(
    labels: Sequence[str],
    per_row: int,
    players: Sequence[Player],
    partnerships: Sequence[Partnership],
) -> list[FieldRow]:
    """Each label with its partnership's names, or empty cells."""
    name_of = {p.id: p.name for p in players}
    by_label = {p.label: p for p in partnerships}
    rows = []
    for label in labels:
        formed = by_label.get(label)
        if formed is None:
            rows.append(FieldRow(label, ("",) * per_row))
        else:
            names = tuple(name_of.get(i, "") for i in formed.players)
            rows.append(FieldRow(label, names + ("",) * (per_row - len(names)), True))
    return rows


def seat_plan(
    partnerships: Sequence[Partnership], field: Sequence[str], draw: random.Random | None = None
) -> list[tuple[Partnership, str]]:
    """Each partnership with the movement label (starting place) it takes: in label order, or
    drawn at random with `draw`. Refused when the numbers differ, saying how to fix it."""
    if len(partnerships) != len(field):
        raise DirectorError(
            f"the movement seats {len(field)} competitors but {len(partnerships)} partnerships "
            "are formed: form or dissolve partnerships first"
        )
    ordered = sorted(partnerships, key=lambda p: natural_key(p.label))
    if draw is not None:
        draw.shuffle(ordered)
    return list(zip(ordered, field, strict=True))


def seat_partnerships(
    store: EventStore, field: Sequence[str], draw: random.Random | None = None
) -> None:
    """Give every partnership of the event its starting place in the movement's `field`:
    in label order, or by lot with `draw` (`seat_plan`)."""
    plan = seat_plan(store.partnerships(), field, draw)
    store.relabel_partnerships({p.label: label for p, label in plan})
