"""The roster: players, the partnerships they form and the teams of partnerships."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from sqlalchemy import select
from sqlalchemy.orm import Session as Db
from sqlalchemy.orm import selectinload

from director.store.audit import delete_rows
from director.store.repository.rows import Columns
from director.store.schema import MemberRow, PartnershipRow, PlayerRow, TeamRow
from director.store.values import Gender, Partnership, Player, StoreError, Team, joined_names
from schedules.labels import natural_key

# -- players -----------------------------------------------------------------------------------


def _player(row: PlayerRow | Columns) -> Player:
    return Player(
        row.id, row.name, row.club, row.member_number, Gender(row.gender) if row.gender else None
    )


def refuse_hidden(value: str, what: str) -> None:
    """Refuse text holding a character that is not seen: a control character, a direction
    override or isolate (which makes a name read otherwise than it is stored and sorted), or a
    zero-width space, joiner or mark (two names that look the same would differ)."""
    for character in value:
        kind = unicodedata.category(character)
        if kind in ("Cc", "Cf"):
            named = unicodedata.name(character, "a control character")
            raise StoreError(
                f"the {what} holds an invisible character (U+{ord(character):04X},"
                f" {named.lower()}) that changes how it reads or compares; type it again"
                " without it"
            )


def _fill_player(row: PlayerRow, player: Player) -> None:
    name = player.name.strip()
    if not name:
        raise StoreError("a player needs a name")
    refuse_hidden(name, f"name {name!r}")
    for text, what in ((player.club, "club"), (player.member_number, "member number")):
        if text:
            refuse_hidden(text, what)
    row.name = name
    row.club = (player.club or "").strip() or None
    row.member_number = (player.member_number or "").strip() or None
    row.gender = player.gender.value if player.gender else None


def add_player(db: Db, player: Player) -> Player:
    """Insert a player; the id of `player` is ignored."""
    _refuse_duplicate_member(db, player)
    row = PlayerRow()
    _fill_player(row, player)
    db.add(row)
    db.flush()
    return _player(row)


def _refuse_duplicate_member(db: Db, player: Player) -> None:
    if not player.member_number:
        return
    other = db.scalars(
        select(PlayerRow).where(
            PlayerRow.member_number == player.member_number.strip(), PlayerRow.id != player.id
        )
    ).first()
    if other is not None:
        raise StoreError(f"member number {player.member_number} already belongs to {other.name}")


def upsert_player(db: Db, player: Player) -> Player:
    """Update the player with the same member number, or add a new one."""
    if player.member_number:
        row = db.scalars(
            select(PlayerRow).where(PlayerRow.member_number == player.member_number.strip())
        ).first()
        if row is not None:
            _fill_player(row, player)
            db.flush()
            return _player(row)
    return add_player(db, player)


def _player_row(db: Db, player_id: int) -> PlayerRow:
    row = db.get(PlayerRow, player_id)
    if row is None:
        raise StoreError(f"no player with id {player_id}")
    return row


def edit_player(db: Db, player: Player) -> Player:
    """Store a player's changed fields."""
    row = _player_row(db, player.id)
    _refuse_duplicate_member(db, player)
    _fill_player(row, player)
    db.flush()
    return _player(row)


def player_name(db: Db, player_id: int) -> str:
    """A player's name."""
    return _player_row(db, player_id).name


def remove_player(db: Db, player_id: int) -> Player:
    """Delete a player who belongs to no partnership; returns them as they were."""
    row = _player_row(db, player_id)
    label = db.scalar(
        select(PartnershipRow.label)
        .join(MemberRow, MemberRow.partnership_id == PartnershipRow.id)
        .where(MemberRow.player_id == player_id)
    )
    if label is not None:
        raise StoreError(f"{row.name} plays in partnership {label}; dissolve it first")
    removed = _player(row)
    db.delete(row)
    return removed


def players(db: Db) -> tuple[Player, ...]:
    """The roster by name."""
    # Sorted here, not by the database, so that every back-end's collation gives one order.
    rows = db.execute(select(PlayerRow.__table__)).all()
    return tuple(sorted((_player(r) for r in rows), key=lambda p: (p.name.casefold(), p.id)))


# -- partnerships and teams --------------------------------------------------------------------

_SIZES = {"pair": 2, "couple": 2, "individual": 1}


def form_partnership(db: Db, value: Partnership) -> Partnership:
    """Insert a partnership under a new label."""
    label = value.label.strip()
    if not label:
        raise StoreError("a partnership needs a label (the number the movement gives it)")
    if value.kind not in _SIZES:
        raise StoreError(f"kind must be one of {', '.join(_SIZES)}, not {value.kind!r}")
    if len(value.players) != _SIZES[value.kind] or len(set(value.players)) != len(value.players):
        raise StoreError(f"a {value.kind} needs {_SIZES[value.kind]} different players")
    found = [_player_row(db, p) for p in value.players]
    if value.kind == "couple" and [p.gender for p in found] != ["lady", "gentleman"]:
        raise StoreError("a couple is a lady then a gentleman (set each player's gender)")
    if db.scalar(select(PartnershipRow.id).where(PartnershipRow.label == label)) is not None:
        raise StoreError(f"partnership {label} exists already; choose another label")
    row = PartnershipRow(label=label, kind=value.kind)
    row.members = [MemberRow(position=i, player_id=p) for i, p in enumerate(value.players)]
    db.add(row)
    db.flush()
    return Partnership(label, tuple(value.players), value.kind)


def _partnership_row(db: Db, label: str) -> PartnershipRow:
    row = db.scalars(
        select(PartnershipRow)
        .where(PartnershipRow.label == label)
        .options(selectinload(PartnershipRow.members))
    ).first()
    if row is None:
        raise StoreError(f"no partnership {label}")
    return row


def partnership(db: Db, label: str) -> Partnership:
    """The partnership under `label`."""
    row = _partnership_row(db, label)
    return Partnership(row.label, tuple(m.player_id for m in row.members), row.kind)


def dissolve_partnership(db: Db, label: str) -> None:
    """Delete a partnership (its players stay)."""
    row = _partnership_row(db, label)
    delete_rows(db, PartnershipRow, PartnershipRow.id == row.id)


def relabel_partnerships(db: Db, labels: Mapping[str, str]) -> None:
    """Give partnerships new labels (old -> new), keeping their players and teams."""
    new = [label.strip() for label in labels.values()]
    if len(set(new)) != len(new) or not all(new):
        raise StoreError("each partnership needs its own label")
    rows = {old: _partnership_row(db, old) for old in labels}
    kept = set(db.scalars(select(PartnershipRow.label))) - set(labels)
    if taken := sorted(kept & set(new), key=natural_key):
        raise StoreError(f"label {taken[0]} belongs to another partnership; dissolve it first")
    # Two passes, so that swapping two labels never meets the one-label-each rule half way.
    for row in rows.values():
        row.label = f"relabel-{row.id}"
    db.flush()
    for old, row in rows.items():
        row.label = labels[old].strip()
    db.flush()


def partnerships(db: Db) -> tuple[Partnership, ...]:
    """Every partnership with its players in seat order."""
    partnerships_, members = PartnershipRow.__table__, MemberRow.__table__
    found: dict[str, tuple[str, list[int]]] = {}
    for label, kind, player in db.execute(
        select(partnerships_.c.label, partnerships_.c.kind, members.c.player_id)
        .outerjoin(members, members.c.partnership_id == partnerships_.c.id)
        .order_by(partnerships_.c.id, members.c.position)
    ).all():
        held = found.setdefault(label, (kind, []))[1]
        if player is not None:  # no member: the outer join's one empty row
            held.append(player)
    values = [Partnership(label, tuple(held), kind) for label, (kind, held) in found.items()]
    return tuple(sorted(values, key=lambda p: natural_key(p.label)))


def form_team(db: Db, value: Team) -> Team:
    """Insert a team and attach its partnerships."""
    label = value.label.strip()
    if not label or not value.pairs:
        raise StoreError("a team needs a name and at least one partnership")
    if db.scalar(select(TeamRow.id).where(TeamRow.label == label)) is not None:
        raise StoreError(f"team {label} exists already")
    team = TeamRow(label=label)
    db.add(team)
    db.flush()
    for pair in value.pairs:
        row = db.scalars(select(PartnershipRow).where(PartnershipRow.label == pair)).first()
        if row is None:
            raise StoreError(f"no partnership {pair}; form it before the team")
        if row.team_id is not None:
            raise StoreError(f"partnership {pair} is in another team already")
        row.team_id = team.id
    return Team(label, tuple(value.pairs))


def teams(db: Db) -> tuple[Team, ...]:
    """Every team with its partnerships."""
    rows = db.execute(
        select(TeamRow.label, PartnershipRow.label)
        .join(PartnershipRow, PartnershipRow.team_id == TeamRow.id)
        .order_by(TeamRow.label)
    ).all()
    grouped: dict[str, list[str]] = {}
    for team, pair in rows:
        grouped.setdefault(team, []).append(pair)
    return tuple(Team(t, tuple(sorted(p, key=natural_key))) for t, p in grouped.items())


def named(db: Db, partnership: Partnership) -> str:
    """A partnership in words: its label and its players' names."""
    names = joined_names(player_name(db, p) for p in partnership.players)
    return f"{partnership.label} ({names})"
