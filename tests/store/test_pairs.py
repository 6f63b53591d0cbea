"""Forming the field in one step: a roster's pair, couple and team columns, names typed against
labels, and pairing the roster in order; each is one undoable step."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from director.store.forming import pairs_in_order
from director.store.services import EventStore, Gender, Partnership, Player, StoreError, Team
from schedules.catalog import Request, build


@pytest.fixture
def empty(target: str | Path) -> Iterator[EventStore]:
    """A new event with no movement."""
    with EventStore.create(target, name="Pairs") as opened:
        yield opened


def names(store: EventStore) -> dict[str, tuple[str, ...]]:
    """Each partnership's label with its players' names."""
    name_of = {p.id: p.name for p in store.players()}
    return {p.label: tuple(name_of[i] for i in p.players) for p in store.partnerships()}


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "roster.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_roster_with_a_pair_column_forms_its_pairs_in_the_same_step(
    empty: EventStore, tmp_path: Path
) -> None:
    roster = write(tmp_path, "name,pair\nMrs Ames,2\nMr Bell,1\nMr Cole,2\nMrs Dale,1\n")
    empty.import_roster(roster)
    assert names(empty) == {"1": ("Mr Bell", "Mrs Dale"), "2": ("Mrs Ames", "Mr Cole")}
    assert [e.action for e in empty.audit_log()] == ["import roster"]
    assert "4 players and 2 partnerships" in empty.audit_log()[0].summary
    empty.undo()
    assert (empty.players(), empty.partnerships()) == ((), ())


def test_importing_the_same_roster_again_keeps_its_pairs(empty: EventStore, tmp_path: Path) -> None:
    roster = write(tmp_path, "name,member,pair\nMrs Ames,1,NS1\nMr Bell,2,NS1\n")
    empty.import_roster(roster)
    empty.import_roster(roster)
    assert names(empty) == {"NS1": ("Mrs Ames", "Mr Bell")}
    write(tmp_path, "name,member,pair\nMrs Ames,1,NS1\nMr Cole,3,NS1\n")
    with pytest.raises(StoreError, match="pair NS1 is formed already with other players"):
        empty.import_roster(roster)
    assert len(empty.players()) == 2  # nothing of the refused import stays


def test_couple_and_team_columns_form_couples_and_teams(empty: EventStore, tmp_path: Path) -> None:
    empty.import_roster(write(tmp_path, "name,gender,couple\nMr Ames,G,a\nMrs Ames,L,a\n"))
    assert names(empty) == {"a": ("Mrs Ames", "Mr Ames")}
    assert empty.partnerships()[0].kind == "couple"
    empty.import_roster(write(tmp_path, "name,pair,team\nA,1,Reds\nB,1,\nC,2,Reds\nD,2,Reds\n"))
    assert empty.teams() == (Team("Reds", ("1", "2")),)


def test_names_typed_against_a_label_form_its_pair_adding_new_players(
    empty: EventStore,
) -> None:
    ames = empty.add_player("Mrs Ames")
    formed, added = empty.name_partnership("3", [" mrs  ames", "Mr Bell"])
    assert [p.name for p in added] == ["Mr Bell"]
    assert formed == Partnership("3", (ames.id, added[0].id))
    assert [e.action for e in empty.audit_log(1)] == ["name partnership"]
    empty.undo()
    assert [p.name for p in empty.players()] == ["Mrs Ames"]
    assert empty.partnerships() == ()


def test_names_typed_again_replace_the_pair_under_that_label(empty: EventStore) -> None:
    empty.name_partnership("3", ["Mrs Ames", "Mr Bell"])
    empty.name_partnership("3", ["Mrs Ames", "Mr Cole"])
    assert names(empty) == {"3": ("Mrs Ames", "Mr Cole")}
    entries = len(empty.audit_log())
    assert empty.name_partnership("3", ["Mrs Ames", "Mr Cole"])[1] == ()
    assert len(empty.audit_log()) == entries  # nothing changed, no step recorded


def test_names_that_cannot_form_the_pair_are_refused_with_what_to_do(empty: EventStore) -> None:
    empty.add_player("Mr Bell")
    empty.add_player("Mr Bell", club="Oak")
    with pytest.raises(StoreError, match="2 players are named Mr Bell; pair them on the roster"):
        empty.name_partnership("1", ["Mrs Ames", "Mr Bell"])
    empty.name_partnership("1", ["Mrs Ames", "Mr Cole"])
    with pytest.raises(StoreError, match="Mr Cole plays in partnership 1 already; take them out"):
        empty.name_partnership("2", ["Mr Cole", "Mrs Dale"])
    with pytest.raises(StoreError, match="a name for pair 2 is empty"):
        empty.name_partnership("2", ["Mrs Dale", " "])
    assert names(empty) == {"1": ("Mrs Ames", "Mr Cole")}
    assert len(empty.players()) == 4  # the refused steps added nobody


def test_a_couple_typed_gentleman_first_is_seated_lady_first(empty: EventStore) -> None:
    empty.add_player("Mr Ames", gender=Gender.GENTLEMAN)
    empty.add_player("Mrs Ames", gender=Gender.LADY)
    formed, _ = empty.name_partnership("a", ["Mr Ames", "Mrs Ames"], kind="couple")
    assert names(empty) == {"a": ("Mrs Ames", "Mr Ames")}
    assert formed.kind == "couple"


def test_pairing_in_order_fills_the_movements_free_labels_in_one_step(store: EventStore) -> None:
    field = store.choose_movement(build(Request("mitchell", tables=3, trays_per_round=2))).field
    assert field[0] == "NS1"
    for n in range(len(field) * 2 + 1):
        store.add_player(f"Player {n:02d}")
    store.name_partnership(field[1], ["Player 04", "Player 05"])
    formed = store.pair_in_order()
    assert [p.label for p in formed] == [label for label in field if label != field[1]]
    expected = {field[1]: ("Player 04", "Player 05")}
    free = [label for label in field if label != field[1]]
    waiting = [n for n in range(len(field) * 2 + 1) if n not in (4, 5)]
    for label, at in zip(free, range(0, len(waiting), 2), strict=False):
        expected[label] = (f"Player {waiting[at]:02d}", f"Player {waiting[at + 1]:02d}")
    assert names(store) == expected
    assert store.audit_log(1)[0].action == "pair in order"
    assert store.pair_in_order() == ()  # nobody left to pair with the one left over


def test_pairing_in_order_before_a_movement_numbers_the_pairs(empty: EventStore) -> None:
    for name in ("A", "B", "C", "D", "E"):
        empty.add_player(name)
    empty.name_partnership("2", ["C", "D"])
    empty.pair_in_order()
    assert names(empty) == {"1": ("A", "B"), "2": ("C", "D")}
    empty.add_player("F")
    empty.pair_in_order()
    assert names(empty) == {"1": ("A", "B"), "2": ("C", "D"), "3": ("E", "F")}


def test_the_order_is_the_order_players_were_added_not_their_names() -> None:
    players = [Player(3, "Able"), Player(1, "Zed"), Player(2, "Mid"), Player(4, "Bee")]
    assert pairs_in_order(players, [], ["x", "y"]) == [
        Partnership("x", (1, 2)),
        Partnership("y", (3, 4)),
    ]


def test_seating_players_gives_each_a_place_of_an_individual_movement_in_one_step(
    store: EventStore,
) -> None:
    field = store.choose_movement(build(Request("individual", players=8))).field
    for n in range(8):
        store.add_player(f"Player {n}")
    store.name_partnership("1", ["Player 0", "Player 1"])  # a pair formed before: it makes way
    formed, left = store.seat_players()
    assert left == ()
    assert [p.label for p in formed] == list(field)
    assert {p.kind for p in formed} == {"individual"}
    assert names(store) == {label: (f"Player {n}",) for n, label in enumerate(field)}
    assert store.audit_log(1)[0].action == "seat players"
    store.undo()
    assert names(store) == {"1": ("Player 0", "Player 1")}


def test_seating_players_by_lot_follows_the_order_drawn(store: EventStore) -> None:
    field = store.choose_movement(build(Request("individual", players=8))).field
    ids = [store.add_player(f"Player {n}").id for n in range(8)]
    store.seat_players(list(reversed(ids)))
    assert names(store) == {label: (f"Player {7 - n}",) for n, label in enumerate(field)}


def test_seating_players_refuses_a_roster_of_another_size_saying_what_to_do(
    store: EventStore,
) -> None:
    store.choose_movement(build(Request("individual", players=8)))
    for n in range(6):  # one short would rest the place nobody fills (schedules.rests)
        store.add_player(f"Player {n}")
    with pytest.raises(StoreError, match="seats 8 players but 6 are on the roster"):
        store.seat_players()
    assert names(store) == {}


def test_seating_ladies_and_gentlemen_gives_each_their_own_places(store: EventStore) -> None:
    movement = build(Request("ladies-gentlemen", tables=3))
    store.choose_movement(movement)
    for n in range(7):
        store.add_player(f"Mrs {n}", gender=Gender.LADY)
    for n in range(6):
        store.add_player(f"Mr {n}", gender=Gender.GENTLEMAN)
    formed, left = store.seat_players()
    assert [p.name for p in left] == ["Mrs 6"]  # no seventh lady's place at three tables
    seated = names(store)
    assert len(formed) == len(movement.field) == 12
    for label, (name,) in seated.items():
        assert movement.attributes[label] == ("lady" if name.startswith("Mrs") else "gentleman")
