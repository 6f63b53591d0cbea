"""Every change the program makes to an event is one named step that undo takes back exactly.

Each case below runs one service call on a prepared event, then checks that undo names that
step and puts every table back as it was, and that redo puts every table back as the step left
it. The tables are compared whole (apart from the version counters that undo and redo raise),
so a change that escaped the audit trail fails here.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import select

from director.store.schema import AUDITED
from director.store.services import (
    EventSettings,
    EventStore,
    Gender,
    IrregularityKind,
    Method,
    Partnership,
    ResultEntry,
)
from schedules.catalog import Request, build
from schedules.types import Movement

Tables = dict[str, list[dict[str, object]]]


def everything(store: EventStore) -> Tables:
    """Every audited table's rows, in key order, without version counters."""
    with store._unit() as db:
        return {
            name: [
                {k: v for k, v in row.items() if k != "row_version"}
                for row in db.execute(
                    select(model.__table__).order_by(*model.__table__.primary_key.columns)
                ).mappings()
            ]
            for name, model in AUDITED.items()
        }


def prepared(store: EventStore, movement: Movement) -> dict[str, int]:
    """A field of six pairs with names, a slip and two results entered (the fixture's movement
    is already chosen), and an empty second session; the ids the cases use."""
    ids = {}
    for number in range(1, 13):
        gender = Gender.LADY if number % 2 else Gender.GENTLEMAN
        ids[f"p{number}"] = store.add_player(f"Player {number}", gender=gender).id
    store.form_partnerships(
        [
            Partnership(label, (ids[f"p{2 * i + 1}"], ids[f"p{2 * i + 2}"]), "pair")
            for i, label in enumerate(movement.field)
        ]
    )
    store.record_slip(1, "QH")
    ids["result"] = store.record_result(ResultEntry(1, 1, 1, 1, 7)).id
    store.record_result(ResultEntry(1, 1, 1, 2, 6))
    ids["spare"] = store.add_player("Spare Player").id
    store.add_session()
    return ids


def _correct(store: EventStore, ids: dict[str, int]) -> object:
    found = store.result(ids["result"])
    return store.correct_result(found.id, found.version, ns_tricks=9)


def _delete(store: EventStore, ids: dict[str, int]) -> object:
    found = store.result(ids["result"])
    return store.delete_result(found.id, found.version)


def _edit(store: EventStore, ids: dict[str, int]) -> object:
    player = next(p for p in store.players() if p.id == ids["p1"])
    return store.edit_player(player.__class__(player.id, "Mrs Ames", "Hoyle", "77", player.gender))


def _relabel(store: EventStore, _ids: dict[str, int]) -> object:
    labels = [p.label for p in store.partnerships()]
    return store.relabel_partnerships(dict(zip(labels, [*labels[1:], labels[0]], strict=True)))


def _other_movement(store: EventStore, _ids: dict[str, int]) -> object:
    return store.choose_movement(build(Request("howell", tables=2)), session=2)


CASES: dict[str, tuple[str, Callable[[EventStore, dict[str, int]], object]]] = {
    "add player": ("add player", lambda s, _: s.add_player("New Player", club="Hoyle")),
    "edit player": ("edit player", _edit),
    "remove player": ("remove player", lambda s, ids: s.remove_player(ids["spare"])),
    "form partnership": (
        "form partnership",
        lambda s, ids: s.form_partnership("99", [ids["spare"]], "individual"),
    ),
    "dissolve partnership": ("dissolve partnership", lambda s, _: s.dissolve_partnership("1")),
    "seat partnerships": ("seat partnerships", _relabel),
    "form team": ("form team", lambda s, _: s.form_team("Hoyle", ["1", "2"])),
    "add session": ("add session", lambda s, _: s.add_session()),
    "choose movement": ("choose movement", _other_movement),
    "event settings": (
        "change event",
        lambda s, _: s.update_event(
            venue="Town Hall",
            held_on=date(2026, 11, 25),
            settings=EventSettings(method=Method.MATCHPOINTS),
        ),
    ),
    "slip": ("record slip", lambda s, _: s.record_slip(1, "2S")),
    "result": ("record result", lambda s, _: s.record_result(ResultEntry(1, 1, 2, 7, 5))),
    "round": (
        "record results",
        lambda s, _: s.record_round([ResultEntry(1, 1, 2, 7, 5), ResultEntry(1, 1, 2, 8, 8)]),
    ),
    "correction": ("correct result", _correct),
    "deletion": ("delete result", _delete),
    "new deal": ("new deal", lambda s, _: s.order_new_deal(1, "misdeal")),
    "irregularity": (
        "record irregularity",
        lambda s, _: s.record_irregularity(
            round=1, table=1, tray=3, kind=IrregularityKind.SHORT_HAND, new_deal="a short hand"
        ),
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_undo_takes_back_exactly_the_step(store: EventStore, movement: Movement, case: str) -> None:
    ids = prepared(store, movement)
    action, call = CASES[case]
    before = everything(store)
    call(store, ids)
    after = everything(store)
    assert after != before
    coming = store.next_undo()
    assert coming is not None
    assert coming.action == action
    undone = store.undo()
    assert undone is not None
    assert (undone.id, undone.action) == (coming.id, action)
    assert everything(store) == before
    redone = store.redo()
    assert redone is not None
    assert redone.action == action
    assert everything(store) == after


def test_undo_after_dissolving_a_pair_brings_the_pair_back_and_keeps_the_result(
    store: EventStore, movement: Movement
) -> None:
    ids = prepared(store, movement)
    results = store.results()
    store.dissolve_partnership("1")
    undone = store.undo()
    assert undone is not None
    assert undone.action == "dissolve partnership"
    assert "1 (Player 1 & Player 2)" in undone.summary
    assert store.results() == results
    assert [p.players for p in store.partnerships() if p.label == "1"] == [(ids["p1"], ids["p2"])]


def test_a_refused_step_leaves_nothing_behind(store: EventStore, movement: Movement) -> None:
    ids = prepared(store, movement)
    before, trail = everything(store), store.audit_log()
    with pytest.raises(Exception, match="partnership 2 exists already"):
        store.form_partnerships(
            [
                Partnership("98", (ids["spare"],), "individual"),
                Partnership("2", (ids["spare"],), "individual"),
            ]
        )
    assert everything(store) == before
    assert store.audit_log() == trail


def test_forming_a_whole_field_is_one_step(tmp_path: Path, movement: Movement) -> None:
    with EventStore.create(tmp_path / "e.whist", "Club") as store:
        store.choose_movement(movement)
        players = [store.add_player(f"P{n}").id for n in range(len(movement.field) * 2)]
        store.form_partnerships(
            [
                Partnership(label, (players[2 * i], players[2 * i + 1]), "pair")
                for i, label in enumerate(movement.field)
            ]
        )
        assert len(store.partnerships()) == len(movement.field)
        store.undo()
        assert store.partnerships() == ()
        assert len(store.players()) == len(players)


def test_a_result_with_a_ruling_the_laws_refuse_is_not_stored_at_all(
    store: EventStore, movement: Movement
) -> None:
    prepared(store, movement)
    before, trail = everything(store), store.audit_log()
    with pytest.raises(Exception, match="overplay"):
        store.record_result(
            ResultEntry(1, 1, 2, 7, 5),  # round 1: the tray's original play
            irregularity=IrregularityKind.WRONG_TRUMP_OVERPLAY,
            table_trump="S",
        )
    assert everything(store) == before
    assert store.audit_log() == trail


def test_the_engines_own_refusal_is_not_taken_for_a_damaged_file(
    store: EventStore, movement: Movement, monkeypatch: pytest.MonkeyPatch
) -> None:
    from director.store import repository
    from schedules.findings import ScheduleError

    def refuse(*_args: object) -> None:
        raise ScheduleError("the movement seats pair 3 twice in round 2")

    monkeypatch.setattr(repository.movement, "store_movement", refuse)
    with pytest.raises(ScheduleError, match="seats pair 3 twice"):
        store.choose_movement(movement, session=1)
