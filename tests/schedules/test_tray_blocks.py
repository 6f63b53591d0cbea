"""Trays read in blocks played together (schedules.tally.tray_blocks) find what reading them
one by one finds: the same findings, the same balance, the same tray sets, on good movements
and on copies broken in every way that touches the trays."""

from __future__ import annotations

import weakref
from collections import defaultdict
from dataclasses import replace
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schedules import catalog, tally
from schedules.balance import BalanceReport, balance
from schedules.catalog import Request
from schedules.findings import Finding
from schedules.promises.teams import complete_matches
from schedules.types import Direction, Movement, Seating
from schedules.verify import verify

REQUESTS = (
    Request("team", teams=2, variant="league"),
    Request("team", teams=4, variant="six-sets", trays_per_round=2),
    Request("team", teams=6, trays_per_round=3),
    Request("team", teams=5, variant="howell"),
    Request("team", teams=7, variant="gilman", mnemonic=True),
    Request("team", tables=5, variant="club"),
    Request("individual", players=13),
    Request("individual", players=16, trays_per_round=3),
    Request("individual", players=11, variant="phantom"),
    Request("howell", pairs=14),
    Request("howell", tables=7, variant="half-rounds"),
    Request("mitchell", tables=8, variant="relay"),
    Request("mitchell", tables=6, variant="stationary", trays_per_round=2),
    Request("mitchell", tables=8, mnemonic=True),
)


@cache
def built(k: int) -> Movement:
    return catalog.build(REQUESTS[k])


def read(movement: Movement) -> tuple[list[Finding], BalanceReport, list[tuple[int, ...]]]:
    """What the verifier and the balance report make of a movement (a fresh copy of it, so
    nothing counted for another reading is reused)."""
    fresh = replace(movement)
    return verify(fresh), balance(fresh), tally.tray_sets(fresh)


def read_one_by_one(movement: Movement) -> tuple[object, ...]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tally, "_by_set", lambda listed: None)
        return read(movement)


def test_a_team_match_is_one_block_a_seating_and_a_barometer_one_a_round() -> None:
    match = catalog.build(Request("team", teams=6, trays_per_round=3))
    blocks = tally.tray_blocks(match)
    assert {len(b) for b in blocks.of_seating} == {1}
    # each match's two tables deal three trays each and exchange them: six trays travel
    assert {len(trays) for trays in blocks.trays} == {6}
    assert len(blocks.trays) == len(match.seatings) // 2
    whist = catalog.build(Request("individual", players=13))
    assert len(tally.tray_blocks(whist).trays) == whist.rounds


def test_trays_shared_in_part_are_read_one_by_one() -> None:
    m = built(0)
    s = m.seatings[0]
    split = (replace(s, trays=s.trays[:1]), replace(s, trays=s.trays[1:], switched=True))
    broken = replace(m, seatings=(*split, *m.seatings[1:]))
    blocks = tally.tray_blocks(broken)
    assert {len(trays) for trays in blocks.trays} == {1}
    assert blocks.of_seating[2] == tuple(blocks.block_of[t] for t in broken.seatings[2].trays)


def test_every_good_movement_reads_the_same_either_way() -> None:
    for k in range(len(REQUESTS)):
        m = built(k)
        found, report, sets = read(m)
        assert found == []
        assert (found, report, sets) == read_one_by_one(m)


Damage = tuple[str, int, int]
DAMAGES = st.tuples(
    st.sampled_from(
        [
            "trays",
            "split",
            "halves",
            "repeat",
            "places",
            "switch",
            "drop-share",
            "part-share",
            "original",
        ]
    ),
    st.integers(0, 10_000),
    st.integers(0, 10_000),
)


def damaged(m: Movement, damages: list[Damage]) -> Movement:
    """`m` with each damage done in turn: a seating playing another's trays, split in two
    (part of its trays arrow-switched, or two halves played alike), listing a tray twice,
    seating another's pair or switched; a relay dropped or declaring only part of its trays;
    a tray's original play moved."""
    for kind, i, j in damages:
        seatings = list(m.seatings)
        s, other = seatings[i % len(seatings)], seatings[j % len(seatings)]
        new: tuple[Seating, ...] = (s,)
        if kind == "trays":
            new = (replace(s, trays=other.trays),)
        elif kind == "split" and len(s.trays) > 1:
            cut = 1 + j % (len(s.trays) - 1)
            new = (replace(s, trays=s.trays[:cut]), replace(s, trays=s.trays[cut:], switched=True))
        elif kind == "halves" and len(s.trays) > 1:
            cut = 1 + j % (len(s.trays) - 1)
            new = (replace(s, trays=s.trays[:cut]), replace(s, trays=s.trays[cut:]))
        elif kind == "repeat":
            new = (replace(s, trays=(*s.trays, s.trays[0])),)
        elif kind == "places":
            new = (replace(s, places=(other.places[0], *s.places[1:])),)
        elif kind == "switch":
            new = (replace(s, switched=not s.switched),)
        seatings[i % len(seatings) : i % len(seatings) + 1] = new
        shared = list(m.shared)
        if shared and kind in ("drop-share", "part-share"):
            k = i % len(shared)
            part = replace(shared[k], trays=shared[k].trays[1:])
            shared[k : k + 1] = [] if kind == "drop-share" else [part]
        trays = list(m.trays)
        if kind == "original":
            t = trays[i % len(trays)]
            trays[i % len(trays)] = replace(t, original_round=t.original_round + 1 + j % 2)
        m = replace(m, seatings=tuple(seatings), shared=tuple(shared), trays=tuple(trays))
    return m


@settings(max_examples=150, deadline=None)
@given(k=st.integers(0, len(REQUESTS) - 1), damages=st.lists(DAMAGES, min_size=1, max_size=3))
def test_a_broken_movement_reads_the_same_either_way(k: int, damages: list[Damage]) -> None:
    m = damaged(built(k), damages)
    try:
        by_block = read(m)
    except ValueError as exc:  # a seating the balance cannot read (its places and hands)
        with pytest.raises(type(exc)):
            read_one_by_one(m)
        return
    assert by_block == read_one_by_one(m)
    if m.teams:
        matches = complete_matches(replace(m))
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(tally, "_by_set", lambda listed: None)
            assert complete_matches(replace(m)) == matches


def tray_sets_by_definition(m: Movement) -> list[tuple[int, ...]]:
    """Trays played together: those with the same plays (round, table, who sits there and
    whether arrow-switched), in tray order."""
    plays: dict[int, list[tuple[int, int, tuple[str, ...], bool]]] = defaultdict(list)
    for s in m.seatings:
        for t in s.trays:
            plays[t].append((s.round, s.table, s.places, s.switched))
    sets: dict[tuple[object, ...], list[int]] = {}
    for t in m.tray_numbers:
        if t in plays:
            sets.setdefault(tuple(sorted(plays[t])), []).append(t)
    return [tuple(trays) for trays in sets.values()]


def test_every_good_movement_has_the_tray_sets_of_the_definition() -> None:
    for k in range(len(REQUESTS)):
        m = replace(built(k))
        assert tally.tray_sets(m) == tray_sets_by_definition(m)


@settings(max_examples=150, deadline=None)
@given(k=st.integers(0, len(REQUESTS) - 1), damages=st.lists(DAMAGES, min_size=1, max_size=3))
def test_a_broken_movement_has_the_tray_sets_of_the_definition(
    k: int, damages: list[Damage]
) -> None:
    m = damaged(built(k), damages)
    assert tally.tray_sets(m) == tray_sets_by_definition(m)


def test_a_match_played_in_halves_alike_is_one_tray_set() -> None:
    # Both tables of a match play their two tray groups as two seatings each: every seating
    # plays one group, and each table's two seatings are the same play, so both groups are
    # played together, one set.
    m = built(1)
    first, second = m.seatings[:2]
    per = len(first.trays) // 2
    halves = [
        replace(s, trays=part) for s in (first, second) for part in (s.trays[:per], s.trays[per:])
    ]
    share = m.shared[0]
    shares = [replace(share, trays=part) for part in (share.trays[:per], share.trays[per:])]
    split = replace(m, seatings=(*halves, *m.seatings[2:]), shared=(*shares, *m.shared[1:]))
    assert verify(split) == []
    assert {len(b) for b in tally.tray_blocks(split).of_seating} == {1}
    assert tuple(sorted(first.trays)) in tally.tray_sets(split)


def test_what_is_counted_for_a_movement_does_not_keep_it_alive() -> None:
    m = replace(built(1))
    assert verify(m) == []
    balance(m)
    counted = weakref.ref(m)
    del m
    assert counted() is None


def matches_by_definition(m: Movement) -> dict[tuple[str, str], int]:
    """Per two teams, the trays on which one holds the N-S hands against the other at one
    table and the E-W hands against it at another."""
    team_of = {p: team for team, pairs in m.teams.items() for p in pairs}
    held: dict[tuple[int, str, str], set[Direction]] = defaultdict(set)
    for s in m.seatings:
        ns, ew = (team_of.get(p) for p in s.places)
        if ns is not None and ew is not None:
            for t in s.trays:
                held[(t, ns, ew)].add(s.hands_of(s.places[0]))
                held[(t, ew, ns)].add(s.hands_of(s.places[1]))
    counts = dict.fromkeys(combinations(m.teams, 2), 0)
    for (_, x, y), hands in held.items():
        if (x, y) in counts and hands == {Direction.NS, Direction.EW}:
            counts[(x, y)] += 1
    return counts


TEAM_REQUESTS = [k for k, r in enumerate(REQUESTS) if r.family == "team"]


@settings(max_examples=100, deadline=None)
@given(k=st.sampled_from(TEAM_REQUESTS), damages=st.lists(DAMAGES, max_size=3))
def test_complete_matches_are_those_of_the_definition(k: int, damages: list[Damage]) -> None:
    m = damaged(built(k), damages)
    assert complete_matches(m) == matches_by_definition(m)
