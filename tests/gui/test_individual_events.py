"""An individual event in the window (whist tournaments, drives, four winners): the players
screen seats players, not pairs, and offers no pairing; the evening's path asks to seat them
and then goes on; the ladies and gentlemen's Mitchell is offered once the roster says who is
a lady or a gentleman, and the field step says how to say it."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from director.evening.progress import GENDERS_HOW, Step, next_step
from director.evening.proposals import Ask, FieldKind, candidates, propose
from director.gui.context import Changed
from director.gui.main_window import MainWindow
from director.store.values import Gender
from schedules.catalog import Request, build

pytestmark = pytest.mark.gui


def names(window: MainWindow) -> dict[str, tuple[str, ...]]:
    store = window.context.store
    name_of = {p.id: p.name for p in store.players()}
    return {p.label: tuple(name_of[i] for i in p.players) for p in store.partnerships()}


@pytest.fixture
def whist(window: MainWindow) -> MainWindow:
    """Eight players on the roster and the eight-player whist tournament chosen."""
    store = window.context.store
    for n in range(8):
        store.add_player(f"Player {n}")
    store.choose_movement(build(Request("individual", players=8)))
    window.context.notify(Changed.EVERYTHING)
    window.tabs.setCurrentWidget(window.players)
    window.refresh_path()
    return window


def test_seat_in_order_seats_the_players_and_no_pairing_is_offered(whist: MainWindow) -> None:
    players = whist.players
    players.refresh()
    assert not players.button["pair_in_order"].isVisible()
    assert not players.button["pair_selected"].isVisible()
    assert not players.button["couple_selected"].isVisible()
    assert players.button["seat_in_order"].isVisible()
    assert players.button["draw"].isVisible()
    assert "players" in players.button["seat_in_order"].toolTip()
    assert players.seat_in_order()
    field = whist.context.movement().field
    assert names(whist) == {label: (f"Player {n}",) for n, label in enumerate(field)}
    players.refresh()
    assert [players.field.row(n).names for n in range(8)] == [(f"Player {n}",) for n in range(8)]
    assert all(players.field.row(n).formed for n in range(8))


def test_draw_places_seats_every_player_by_lot(whist: MainWindow) -> None:
    assert whist.players.seat(random.Random(7))
    seated = names(whist)
    assert sorted(name for (name,) in seated.values()) == [f"Player {n}" for n in range(8)]
    assert list(seated) == list(whist.context.movement().field)


def test_the_path_asks_to_seat_the_players_then_goes_on_to_the_papers(whist: MainWindow) -> None:
    coming = next_step(whist.path_bar.states)
    assert (coming.step, coming.action) == (Step.FIELD, "Seat the players")
    assert "no pairs" not in coming.status
    assert GENDERS_HOW in whist.path_bar.buttons[Step.FIELD].toolTip()
    whist.players.seat_in_order()
    whist.refresh_path()
    assert next_step(whist.path_bar.states).step is Step.PAPERS


def test_the_field_step_says_nothing_of_genders_once_they_are_given(window: MainWindow) -> None:
    store = window.context.store
    store.add_player("Mrs Ames", gender=Gender.LADY)
    store.add_player("Mr Bell", gender=Gender.GENTLEMAN)
    window.refresh_path()
    assert GENDERS_HOW not in window.path_bar.buttons[Step.FIELD].toolTip()


def test_the_four_winners_are_offered_whenever_the_roster_gives_ladies_and_gentlemen() -> None:
    assert "ladies-gentlemen" not in {f.name for f, _ in candidates(FieldKind.PLAYERS)}
    offered = list(candidates(FieldKind.PLAYERS, genders=True))
    assert "ladies-gentlemen" in {f.name for f, _ in offered}
    ladies = tuple(f"Mrs {c}" for c in "ABCDEF")
    gentlemen = tuple(f"Mr {c}" for c in "ABCDEF")
    ask = Ask(FieldKind.PLAYERS, 12, Fraction(150), Fraction(7), False, ladies, gentlemen)
    mixed = [propose(ask, f, v) for f, v in offered if f.name == "ladies-gentlemen"]
    usable = [p for p in mixed if p.usable]
    assert usable
    assert all(p.movement is not None and p.movement.tables == 3 for p in usable)
    assert "four winners" in usable[0].summary()


def test_the_chooser_offers_the_four_winners_to_seated_players_with_genders(
    qtbot, window: MainWindow
) -> None:
    store = window.context.store
    for n in range(6):
        store.add_player(f"Mrs {n}", gender=Gender.LADY)
        store.add_player(f"Mr {n}", gender=Gender.GENTLEMAN)
    store.choose_movement(build(Request("individual", players=12)))
    store.seat_players()  # individual entries: the chooser's field is players
    window.context.notify(Changed.EVERYTHING)
    chooser = window.movement
    assert chooser.ask().kind is FieldKind.PLAYERS
    with qtbot.waitSignal(chooser.proposalsReady, timeout=60000):
        chooser.search()
    offered = [chooser.proposals.proposal(r) for r in range(chooser.proposals.rowCount())]
    assert any(p.family == "ladies-gentlemen" and p.usable for p in offered)


def test_ladies_and_gentlemen_with_no_pairs_go_on_to_choose_their_movement(
    window: MainWindow,
) -> None:
    store = window.context.store
    for n in range(6):
        store.add_player(f"Mrs {n}", gender=Gender.LADY)
        store.add_player(f"Mr {n}", gender=Gender.GENTLEMAN)
    window.context.notify(Changed.PLAYERS)
    window.refresh_path()
    field = window.path_bar.states[0]
    assert (field.step, field.done, field.status) == (Step.FIELD, True, "6 ladies, 6 gentlemen")
    assert next_step(window.path_bar.states).step is Step.MOVEMENT
    assert window.movement.ask().kind is FieldKind.LADIES_GENTLEMEN
