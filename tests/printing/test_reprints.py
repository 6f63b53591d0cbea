"""The papers to print again after a repair are worked out from what each paper prints, for
every repair kind: each paper whose content changed is offered, and no other."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from director.printing.documents import print_movement_document
from director.printing.printed import Printed
from director.printing.reprints import TABLE_PAPERS, reprints
from schedules.catalog import Request, build
from schedules.repair import (
    ArrowSwitch,
    CutRounds,
    LatePair,
    Repaired,
    RepairRequest,
    Withdraw,
    WrongMove,
)
from schedules.types import Label, Movement, Seating, TrayNo
from tests.printing.pdf import pages

SIZES = (
    Request("howell", tables=3),
    Request("howell", pairs=7),
    Request("mitchell", tables=5),
    Request("mitchell", tables=6),
    Request("individual", players=8),
)


@cache
def movement(i: int) -> Movement:
    return build(SIZES[i])


Draw = Callable[[st.DataObject, Movement], RepairRequest | None]


def _late(data: st.DataObject, m: Movement) -> RepairRequest:
    return LatePair(data.draw(st.integers(1, m.rounds)))


def _withdraw(data: st.DataObject, m: Movement) -> RepairRequest:
    return Withdraw(data.draw(st.sampled_from(m.field)), data.draw(st.integers(1, m.rounds)))


def _wrong(data: st.DataObject, m: Movement) -> RepairRequest | None:
    r = data.draw(st.integers(1, m.rounds))
    seating = data.draw(st.sampled_from([s for s in m.seatings if s.round == r]))
    actual = tuple(data.draw(st.permutations(m.field))[: len(seating.places)])
    return None if actual == seating.places else WrongMove(r, seating.table, actual)


def _cut(data: st.DataObject, m: Movement) -> RepairRequest:
    return CutRounds(data.draw(st.integers(1, m.rounds - 1)))


def _switch(data: st.DataObject, m: Movement) -> RepairRequest | None:
    if m.competitors.places_per_table != 2:
        return None  # individuals have no arrow to switch
    r = data.draw(st.integers(1, m.rounds))
    tables = sorted({s.table for s in m.seatings if s.round == r})
    return ArrowSwitch(r, data.draw(st.sampled_from([None, *tables])))


KINDS: dict[str, Draw] = {
    "late pair": _late,
    "withdrawal": _withdraw,
    "wrong move": _wrong,
    "rounds cut": _cut,
    "arrow switch": _switch,
}


def _plays_of_tray(m: Movement) -> dict[TrayNo, list[tuple[object, ...]]]:
    out: dict[TrayNo, list[tuple[object, ...]]] = {t: [] for t in m.tray_numbers}
    for s in m.seatings:
        for t in s.trays:
            out[t].append((s.round, s.table, s.places, s.switched))
    return {t: sorted(v) for t, v in out.items()}  # type: ignore[type-var]


def _itinerary(m: Movement) -> dict[Label, list[tuple[object, ...]]]:
    """Per competitor, each round's table, seating and trays, or that they sit it out."""
    at = {(s.round, who): s for s in m.seatings for who in s.places}
    return {
        who: [
            (r, s.table, s.places, s.trays, s.switched) if (s := at.get((r, who))) else (r,)
            for r in range(1, m.rounds + 1)
        ]
        for who in m.field
    }


def _originals(m: Movement) -> dict[TrayNo, tuple[int, int]]:
    return {t.number: (t.original_round, t.original_table) for t in m.trays}


def _seated(seatings: tuple[Seating, ...]) -> list[tuple[tuple[Label, ...], tuple[TrayNo, ...]]]:
    return [(s.places, s.trays) for s in seatings]


def check(repaired: Repaired) -> None:
    """What the reprints promise, each worked out again from the seatings themselves."""
    old, new = repaired.previous, repaired.movement
    papers = reprints(old, new).papers
    # every table whose seating changed (and still plays) gets its table card again, and
    # its indicators where who sits there or what they play changed
    playing = {s.table for s in new.seatings}
    assert {c.table for c in repaired.changed} & playing <= set(papers.get("table-cards", ()))
    moved = {
        c.table
        for c in repaired.changed
        if c.after
        and [(s.places, s.trays) for s in c.before] != [(s.places, s.trays) for s in c.after]
    }
    assert moved <= {table for table, _seat in papers.get("indicators", ())}  # type: ignore[misc]
    # a slip exactly when its tray's original play moved
    was, now = _originals(old), _originals(new)
    assert set(papers.get("slips", ())) == {t for t in now if was.get(t) != now[t]}
    # a traveller exactly when its tray's plays or its original play changed
    plays_was, plays_now = _plays_of_tray(old), _plays_of_tray(new)
    travel = {t for t in plays_now if plays_was.get(t) != plays_now[t] or was.get(t) != now[t]}
    assert set(papers.get("travellers", ())) == travel
    # a score card exactly for whoever's evening changed, a newcomer's included
    trip_was, trip_now = _itinerary(old), _itinerary(new)
    cards = [who for who in new.field if trip_was.get(who) != trip_now[who]]
    assert list(papers.get("scorecards", ())) == cards
    assert papers.get("personal-cards") == papers.get("scorecards")
    # and the ones not offered are the same papers as before
    for document, make in TABLE_PAPERS.items():
        before = {p.key: p for p in make(old, Printed())}
        for paper in make(new, Printed()):
            if paper.key not in papers.get(document, ()):
                assert before[paper.key] == paper


@pytest.mark.parametrize("kind", list(KINDS))
@settings(max_examples=25, deadline=None)
@given(st.integers(0, len(SIZES) - 1).map(movement), st.data())
def test_every_repair_offers_exactly_the_papers_it_changed(
    kind: str, m: Movement, data: st.DataObject
) -> None:
    request = KINDS[kind](data, m)
    if request is None:
        return
    check(request.apply(m))


def test_a_late_pair_has_a_new_card_and_an_arrow_switch_changes_one_tables_papers() -> None:
    m = build(Request("mitchell", tables=5))
    late = reprints(m, LatePair(2).apply(m).movement)
    assert late.papers["scorecards"][-1] == "NS6"
    assert "slips" not in late.papers  # the trays are first played where they were
    switched = reprints(m, ArrowSwitch(3, 2).apply(m).movement)
    assert switched.papers["table-cards"] == (2,)
    # nobody sits or goes anywhere else, but table 2's indicators say its trays are switched
    assert switched.papers["indicators"] == ((2, "N-S"), (2, "E-W"))
    assert switched.lines() == (
        "table cards for tables 2",
        "indicators at table 2 (N-S, E-W)",
        "travellers for trays 7-8",
        "personal score cards (or personal cards) for NS2, EW5",
    )


def test_a_withdrawal_moves_the_original_plays_and_reprints_those_slips() -> None:
    m = build(Request("howell", tables=3))
    repaired = Withdraw("1", 2).apply(m)
    check(repaired)
    # the trays pair 1's table would have played first are now first played elsewhere
    slips = reprints(m, repaired.movement).papers["slips"]
    assert slips == (5, 6, 9, 10)
    assert {t.number for t in repaired.movement.trays if t not in m.trays} == set(slips)


@pytest.mark.parametrize("kind", ["late pair", "withdrawal", "rounds cut", "arrow switch"])
def test_the_pages_left_out_print_as_before_and_only_the_changed_pages_print(kind: str) -> None:
    """Compared on the printed pages too: the tables and trays not offered print the same text
    before and after the repair, and a reprint prints only those offered."""
    m = build(Request("mitchell", tables=5))
    request = {
        "late pair": LatePair(3),
        "withdrawal": Withdraw("EW2", 3),
        "rounds cut": CutRounds(3),
        "arrow switch": ArrowSwitch(4, 3),
    }[kind]
    new = request.apply(m).movement
    papers = reprints(m, new).papers
    for document, heading in (("table-cards", r"Table (\d+)"), ("travellers", r"Tray (\d+)")):
        offered = {int(k) for k in papers.get(document, ())}  # type: ignore[call-overload]
        old_pages, new_pages = (
            _by_number(pages(print_movement_document(x, document)), heading) for x in (m, new)
        )
        assert new_pages
        for number, text in new_pages.items():
            if number not in offered:
                assert text == old_pages[number], (document, number)
        only = Printed(only=frozenset(papers.get(document, ())))
        again = _by_number(pages(print_movement_document(new, document, printed=only)), heading)
        assert set(again) == offered


def _by_number(texts: list[str], heading: str) -> dict[int, str]:
    """The text of each table's or tray's paper, from its heading to the next (a page may
    hold several), the pages' running header and footer left out (they carry the movement's
    title, which a repair changes)."""
    out: dict[int, str] = {}
    for text in texts:
        body = "\n".join(text.splitlines()[2:-2])
        parts = re.split(rf"^\s*{heading}\b", body, flags=re.M)
        for number, paper in zip(parts[1::2], parts[2::2], strict=True):
            out[int(number)] = paper
    return out
