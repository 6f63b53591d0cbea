"""Forming the field inside the caller's transaction: a roster read stored with its partnerships
and teams, players paired in roster order, a partnership named by its players."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from sqlalchemy.orm import Session as Db

from director.store import repository
from director.store.values import Gender, Partnership, Player, StoreError, Team

if TYPE_CHECKING:
    from director.store.roster import Roster


def store_roster(db: Db, roster: Roster) -> tuple[Player, ...]:
    """Add the roster's players (updating those whose member number is known) and form its
    partnerships and teams, inside the caller's transaction. A partnership already formed
    with the same players is kept; one that would change another's players is refused."""
    imported = tuple(repository.players.upsert_player(db, row.player) for row in roster.rows)
    id_of = {row.line: player.id for row, player in zip(roster.rows, imported, strict=True)}
    formed = [
        Partnership(f.label, tuple(id_of[line] for line in f.lines), f.kind) for f in roster.formed
    ]
    _form_new(db, formed)
    teams: dict[str, list[str]] = {}
    for f in roster.formed:
        if f.team is not None:
            teams.setdefault(f.team, []).append(f.label)
    for label, pairs in teams.items():
        _form_team(db, Team(label, tuple(pairs)))
    return imported


def _form_new(db: Db, partnerships: Sequence[Partnership]) -> None:
    existing = {p.label: p for p in repository.players.partnerships(db)}
    label_of = {pid: p.label for p in existing.values() for pid in p.players}
    for wanted in partnerships:
        if existing.get(wanted.label) == wanted:
            continue
        if wanted.label in existing:
            raise StoreError(
                f"{wanted.kind} {wanted.label} is formed already with other players;"
                " dissolve it first or change the roster's label"
            )
        for player in wanted.players:
            if player in label_of:
                raise StoreError(
                    f"{repository.players.player_name(db, player)} plays in partnership"
                    f" {label_of[player]} already; dissolve it first"
                )
        repository.players.form_partnership(db, wanted)


def _form_team(db: Db, team: Team) -> None:
    existing = {t.label: t for t in repository.players.teams(db)}
    if team.label in existing and set(team.pairs) <= set(existing[team.label].pairs):
        return
    repository.players.form_team(db, team)


def pairs_in_order(
    players: Sequence[Player], partnerships: Sequence[Partnership], labels: Iterable[str]
) -> list[Partnership]:
    """Pairs of the players in no partnership, two by two in roster order (the order they were
    added: a roster lists partners together), under the first of `labels` still free."""
    paired = {pid for p in partnerships for pid in p.players}
    taken = {p.label for p in partnerships}
    free = (label for label in labels if label not in taken)
    waiting = [p.id for p in sorted(players, key=lambda p: p.id) if p.id not in paired]
    twos = zip(waiting[0::2], waiting[1::2], strict=False)
    return [Partnership(label, pair) for pair, label in zip(twos, free, strict=False)]


def individuals_in_order(
    players: Sequence[Player],
    labels: Sequence[str],
    seats: Mapping[str, str] | None = None,
    order: Sequence[int] | None = None,
) -> tuple[list[Partnership], list[Player]]:
    """Every player an individual entry under the movement's places in turn: in roster order
    (the order they were added) or in `order` (player ids, e.g. drawn by lot). A movement that
    seats ladies and gentlemen apart (`seats`: each place's "lady" or "gentleman") gives the
    ladies its ladies' places and the gentlemen its gentlemen's; those it has no place for are
    returned as left over. Otherwise the numbers must agree, or it is refused saying so."""
    by_id = {p.id: p for p in players}
    ordered = (
        [by_id[i] for i in order] if order is not None else sorted(players, key=lambda p: p.id)
    )
    if not seats:
        if len(ordered) != len(labels):
            raise StoreError(
                f"the movement seats {len(labels)} players but {len(ordered)} are on the "
                "roster: add or remove players, or choose a movement for that number"
            )
        seated = zip(ordered, labels, strict=True)
        return [Partnership(label, (p.id,), "individual") for p, label in seated], []
    plan: list[Partnership] = []
    left: list[Player] = []
    for gender in Gender:
        places = [label for label in labels if seats.get(label) == gender.value]
        group = [p for p in ordered if p.gender is gender]
        seated = zip(group, places, strict=False)
        plan += [Partnership(label, (p.id,), "individual") for p, label in seated]
        left += group[len(places) :]
    if len(plan) < len(labels):
        raise StoreError(
            "this movement seats ladies North and East and gentlemen South and West: say "
            "who is a lady or a gentleman (edit each player) for every place to be filled"
        )
    return plan, left + [p for p in ordered if p.gender is None]


def numbers() -> Iterator[str]:
    """Labels 1, 2, 3, ... for a field with no movement yet."""
    return (str(n) for n in itertools.count(1))


def name_partnership(
    db: Db, label: str, names: Sequence[str], kind: str = "pair"
) -> tuple[Partnership, tuple[Player, ...]]:
    """The players named form the partnership under `label` (in place of the one there),
    inside the caller's transaction; a name not on the roster adds that player. Returns the
    partnership and the players added. A name two players share, or a player who plays
    under another label, is refused with what to do."""
    wanted = [" ".join(n.split()) for n in names]
    if not all(wanted):
        raise StoreError(f"a name for {kind} {label} is empty; type each player's name")
    roster = repository.players.players(db)
    added: list[Player] = []
    ids = []
    for name in wanted:
        same = [p for p in roster if p.name.casefold() == name.casefold()]
        if len(same) > 1:
            raise StoreError(
                f"{len(same)} players are named {name}; pair them on the roster instead"
                " (select the two players and form the pair)"
            )
        if not same:
            same = [repository.players.add_player(db, Player(0, name))]
            added.append(same[0])
        ids.append(same[0].id)
    players = {p.id: p for p in (*roster, *added)}
    if kind == "couple":
        ids.sort(key=lambda i: players[i].gender is not Gender.LADY)
    partnership = Partnership(label.strip(), tuple(ids), kind)
    existing = {p.label: p for p in repository.players.partnerships(db)}
    if existing.get(partnership.label) == partnership:
        return partnership, ()
    for p in existing.values():
        if p.label != partnership.label and (taken := set(p.players) & set(ids)):
            raise StoreError(
                f"{players[taken.pop()].name} plays in partnership {p.label} already;"
                f" take them out of {p.label} first"
            )
    if partnership.label in existing:
        repository.players.dissolve_partnership(db, partnership.label)
    return repository.players.form_partnership(db, partnership), tuple(added)
