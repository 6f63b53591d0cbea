"""Movements in the YAML of the open-source bridgescorer program (github.com/thebridsk).

A pairs movement::

    name: Howell2Table5Teams
    short: Howell 2 Tables, 5 teams
    description: 2 tables, 5 teams, 20 hands, no relay
    numberTeams: 5
    hands:
    - table: 1
      round: 1
      ns: 4
      ew: 3
      boards: [5, 6, 17, 18]

An individual movement has `numberPlayers` and `north`, `south`, `east`, `west` in each hand.
We add `winners` (the winners the movement promises, e.g. [N-S, E-W]), which bridgescorer
does not read and we read back.
Its "teams" are our pairs, its "boards" our trays; relays (a board at two tables in one
round) are not declared but found from the hands. The file says nothing of dealers: trays
take the rotating dealer (1 N, 2 E, ...) and their first play as the original.

Reading never builds arbitrary objects (the YAML is composed to nodes and only mappings,
lists, whole numbers and text are taken) and refuses aliases, so a hostile file cannot make
the reader build or expand anything.
"""

from __future__ import annotations

import re

import yaml

from director.errors import DirectorError
from director.exchange.movement_rows import (
    SourceRow,
    held_rows,
    movement_from_rows,
    place_names,
)
from schedules.types import Movement

_INT_TAG = "tag:yaml.org,2002:int"
_NULL_TAG = "tag:yaml.org,2002:null"
_BOOL_TAG = "tag:yaml.org,2002:bool"
_WHOLE = re.compile(r"^[-+]?[0-9]{1,9}$")
_COUNT_KEYS = ("numberTeams", "numberPlayers")


def read_bridgescorer(text: str, where: str) -> Movement:
    """The movement a bridgescorer YAML file holds; anything wrong is refused with its line."""
    root = _compose(text, where)
    if not isinstance(root, yaml.MappingNode):
        line = root.start_mark.line + 1 if root is not None else 1
        raise DirectorError(
            f"{where}, line {line}: not a bridgescorer movement (expected name, numberTeams"
            " and hands)"
        )
    top = _mapping(root, where)
    hands = top.get("hands")
    if hands is None:
        raise DirectorError(f"{where}, line {root.start_mark.line + 1}: no hands: list")
    if not isinstance(hands, yaml.SequenceNode):
        raise DirectorError(f"{where}, line {hands.start_mark.line + 1}: hands must be a list")
    seen: set[int] = set()
    rows = [_row(node, where, seen) for node in hands.value]
    name = _text(top.get("name"), where) or "imported"
    notes = [t for t in (_text(top.get(k), where) for k in ("short", "description")) if t]
    return movement_from_rows(
        rows,
        where,
        family=name,
        competitors=_field(top, where),
        notes=notes,
        names={"trays": "boards"},
        winners=_winners(top.get("winners"), where),
    )


def _winners(node: yaml.Node | None, where: str) -> list[str]:
    """The winners the file names (none: the movement's one overall ranking)."""
    if node is None:
        return []
    value = _plain(node, where, set())
    if not isinstance(value, list) or not all(isinstance(w, str) and w for w in value):
        raise DirectorError(
            f"{where}, line {node.start_mark.line + 1}: winners must be a list of names,"
            " like [N-S, E-W]"
        )
    return [str(w) for w in value]


def _compose(text: str, where: str) -> yaml.Node | None:
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        at = f", line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise DirectorError(f"{where}{at}: not readable YAML ({exc.problem or exc})") from None
    except yaml.YAMLError as exc:
        position = getattr(exc, "position", 0) or 0
        line = text.count("\n", 0, position) + 1
        what = " ".join(str(exc).split())
        raise DirectorError(f"{where}, line {line}: not readable YAML ({what})") from None
    except RecursionError:
        raise DirectorError(f"{where}: nested too deeply to be a movement") from None


def _row(node: yaml.Node, where: str, seen: set[int]) -> SourceRow:
    line = node.start_mark.line + 1
    if not isinstance(node, yaml.MappingNode):
        raise DirectorError(f"{where}, line {line}: a hand must be table, round, ns, ew, boards")
    _once(node, where, seen)
    nodes = _mapping(node, where)
    values = {key: _plain(value, where, seen) for key, value in nodes.items()}
    lines = {key: value.start_mark.line + 1 for key, value in nodes.items()}
    values["trays"] = values.pop("boards", None)
    if values["trays"] is None:
        raise DirectorError(f"{where}, line {line}: boards is missing")
    lines["trays"] = lines.pop("boards")
    return SourceRow(line, values, lines)


def _mapping(node: yaml.MappingNode, where: str) -> dict[str, yaml.Node]:
    out: dict[str, yaml.Node] = {}
    for key, value in node.value:
        if not isinstance(key, yaml.ScalarNode):
            raise DirectorError(f"{where}, line {key.start_mark.line + 1}: a key must be a word")
        out[key.value] = value
    return out


def _plain(node: yaml.Node, where: str, seen: set[int]) -> object:
    """A node as JSON-like data: mappings, lists, whole numbers, text, true/false, null."""
    _once(node, where, seen)
    if isinstance(node, yaml.SequenceNode):
        return [_plain(item, where, seen) for item in node.value]
    if isinstance(node, yaml.MappingNode):
        return {k: _plain(v, where, seen) for k, v in _mapping(node, where).items()}
    value = str(node.value)
    if node.tag == _INT_TAG and _WHOLE.match(value):
        return int(value)
    if node.tag == _NULL_TAG:
        return None
    if node.tag == _BOOL_TAG:
        return value.lower() in ("true", "yes", "on")
    return value


def _once(node: yaml.Node, where: str, seen: set[int]) -> None:
    """Refuse a node met twice: a YAML alias, which could expand without bound."""
    if id(node) in seen:
        raise DirectorError(
            f"{where}, line {node.start_mark.line + 1}: this data is used again through a YAML"
            " alias (*name), which a movement file may not do; write each use out"
        )
    seen.add(id(node))


def _text(node: yaml.Node | None, where: str) -> str:
    if node is None:
        return ""
    if not isinstance(node, yaml.ScalarNode):
        raise DirectorError(f"{where}, line {node.start_mark.line + 1}: expected text")
    return str(node.value)


def _field(top: dict[str, yaml.Node], where: str) -> list[str] | None:
    """Competitors 1..numberTeams (or numberPlayers), when the file says how many."""
    for key in _COUNT_KEYS:
        node = top.get(key)
        if node is None:
            continue
        value = _plain(node, where, set())
        if not isinstance(value, int) or not 1 <= value <= 5_000:
            raise DirectorError(
                f"{where}, line {node.start_mark.line + 1}: {key} must be a whole number"
                f" from 1 to 5000, not {node.value!r}"
            )
        return [str(n) for n in range(1, value + 1)]
    return None


def write_bridgescorer(movement: Movement) -> str:
    """The movement as a bridgescorer YAML file. bridgescorer numbers its competitors: labels
    that are not whole numbers ("NS1", "a") are numbered in field order, and the description
    says which number is whom."""
    numbers, renamed = _numbers(movement.field)
    keys = place_names(movement)
    hands = [
        {
            "table": row.table,
            "round": row.round,
            **{key: numbers[who] for key, who in zip(keys, row.places, strict=True)},
            "boards": list(row.trays),
        }
        for row in sorted(held_rows(movement), key=lambda r: (r.table, r.round))
    ]
    title = movement.family + (f" ({movement.variant})" if movement.variant else "")
    description = (
        f"{movement.tables} tables, {movement.rounds} rounds, {len(movement.trays)} trays;"
        " written by Whist Director"
    )
    if renamed:
        description += "; " + ", ".join(f"{numbers[who]} is {who}" for who in movement.field)
    count_key = "numberPlayers" if keys != ("ns", "ew") else "numberTeams"
    document = {
        "name": re.sub(r"[^A-Za-z0-9]+", "", title.title()) or "Movement",
        "short": title,
        "description": description,
        count_key: len(movement.field),
        "winners": list(movement.winners),
        "hands": hands,
    }
    return "---\n" + yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=100)


def _numbers(field: tuple[str, ...]) -> tuple[dict[str, int], bool]:
    """Each label's number in the file; True when the labels had to be renumbered."""
    if all(_WHOLE.match(label) and int(label) > 0 for label in field):
        return {label: int(label) for label in field}, False
    return {label: n for n, label in enumerate(field, start=1)}, True
