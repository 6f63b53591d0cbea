"""The service API against real databases: what goes in comes back out, bad input is refused
with a readable message, and a new deal's replaced results stop counting."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest

from director.errors import DirectorError
from director.store.services import (
    Award,
    ConflictError,
    EventSettings,
    EventStore,
    Gender,
    IrregularityKind,
    Method,
    ResultEntry,
    Revoke,
    StoreError,
    Suit,
)
from director.store.values import Card
from schedules.jsonio import load_movement
from schedules.types import Direction, Movement
from tests.conftest import MOVEMENTS

# In the 3-table Mitchell, tray 1 is played at table 1 in round 1, table 3 in round 2 and
# table 2 in round 3.
TRAY1_PLAYS = ((1, 1), (2, 3), (3, 2))


def entry(round: int, table: int, tray: int, ns: int | None, **more: object) -> ResultEntry:
    return ResultEntry(1, round, table, tray, ns, **more)  # type: ignore[arg-type]  # fields by name


def test_event_and_settings_round_trip(target: str | Path) -> None:
    settings = EventSettings(method=Method.MATCHPOINTS, trays_per_round=3, declared_trump="S")
    with EventStore.create(
        target, "  Spring pairs ", held_on=date(1910, 4, 2), venue="Hall", settings=settings
    ) as store:
        info = store.info()
        assert (info.name, info.held_on, info.venue, info.settings) == (
            "Spring pairs",
            date(1910, 4, 2),
            "Hall",
            settings,
        )
        changed = store.update_event(venue="Club room")
        assert changed.venue == "Club room"
        assert changed.name == "Spring pairs"


def test_players_partnerships_and_teams_round_trip(target: str | Path) -> None:
    with EventStore.create(target, "Club") as store:
        ames = store.add_player("Mrs Ames", "Elm", "101", Gender.LADY)
        bell = store.add_player("Mr Bell", gender=Gender.GENTLEMAN)
        cole = store.add_player("Miss Cole")
        dunn = store.add_player("Mr Dunn")
        assert store.players() == (cole, bell, dunn, ames)
        renamed = store.edit_player(ames.__class__(ames.id, "Mrs Ames-Bell", "Oak", "101"))
        assert renamed.name == "Mrs Ames-Bell"
        assert renamed.gender is None
        pair = store.form_partnership("1", (ames.id, bell.id))
        store.form_partnership("2", (cole.id, dunn.id))
        team = store.form_team("Elm", ("1", "2"))
        assert store.partnerships()[0] == pair
        assert store.teams() == (team,)
        with pytest.raises(StoreError, match="plays in partnership 1"):
            store.remove_player(ames.id)
        store.dissolve_partnership("1")
        store.remove_player(ames.id)
        assert ames.id not in {p.id for p in store.players()}


def test_couple_needs_a_lady_and_a_gentleman(target: str | Path) -> None:
    with EventStore.create(target, "Club") as store:
        lady = store.add_player("Mrs Ames", gender=Gender.LADY)
        gent = store.add_player("Mr Ames", gender=Gender.GENTLEMAN)
        with pytest.raises(StoreError, match="lady then a gentleman"):
            store.form_couple("a", gent.id, lady.id)
        assert store.form_couple("a", lady.id, gent.id).kind == "couple"


def test_member_numbers_are_unique(target: str | Path) -> None:
    with EventStore.create(target, "Club") as store:
        store.add_player("Mrs Ames", member_number="7")
        with pytest.raises(StoreError, match="already belongs to Mrs Ames"):
            store.add_player("Mr Bell", member_number="7")


def test_roster_import_adds_and_updates_by_member_number(
    target: str | Path, tmp_path: Path
) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text(
        "\ufeffName;Club;Member number;Gender\nMrs Ames;Elm;101;L\nMr Bell;;102;gentleman\n"
    )
    with EventStore.create(target, "Club") as store:
        first = store.import_roster(roster)
        assert [(p.name, p.club, p.member_number, p.gender) for p in first] == [
            ("Mrs Ames", "Elm", "101", Gender.LADY),
            ("Mr Bell", None, "102", Gender.GENTLEMAN),
        ]
        roster.write_text("name,member\nMrs Ames-Bell,101\n")
        store.import_roster(roster)
        assert {p.name for p in store.players()} == {"Mrs Ames-Bell", "Mr Bell"}


def test_roster_errors_name_the_line(target: str | Path, tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("name,gender\nMrs Ames,x\n")
    with EventStore.create(target, "Club") as store:
        with pytest.raises(StoreError, match="line 2: not lady or gentleman"):
            store.import_roster(roster)
        roster.write_text("club\nElm\n")
        with pytest.raises(StoreError, match="no 'name' column"):
            store.import_roster(roster)


@pytest.mark.parametrize(
    "name",
    [
        "bridgescorer-Howell06T3B15Relay.json",
        "bridgescorer-Individual3Tables.json",
        "bridgescorer-Howell2Table5Teams.json",
        "howellcards-mitchell8x3Sq.json",
    ],
)
def test_movement_round_trips_with_everything(target: str | Path, name: str) -> None:
    movement = load_movement(str(MOVEMENTS / name))
    with EventStore.create(target, "Club") as store:
        back = store.choose_movement(movement, size=movement.tables)
        assert back == movement
        assert back.teams == movement.teams
        assert back.attributes == movement.attributes
        choice = store.movement_choice()
        assert (choice.family, choice.size, choice.variant) == (
            movement.family,
            movement.tables,
            movement.variant,
        )


@pytest.mark.slow
def test_every_published_movement_round_trips(tmp_path: Path) -> None:
    with EventStore.create(tmp_path / "all.whist", "Club") as store:
        for number, path in enumerate(sorted(MOVEMENTS.glob("*.json")), start=2):
            session = store.add_session(sections=("A",)).number
            assert session == number
            movement = load_movement(str(path))
            assert store.choose_movement(movement, session=session) == movement, path.name


def test_result_round_trip_with_revokes(store: EventStore) -> None:
    revokes = (Revoke(Direction.NS, 2, 4, 1), Revoke(Direction.EW, 1, 0))
    stored = store.record_result(entry(1, 1, 1, 8, revokes=revokes, ew_record=5, entered_by="T1"))
    assert (stored.ns_tricks, stored.ew_tricks, stored.revokes, stored.ew_record) == (
        8,
        5,
        revokes,
        5,
    )
    assert stored.entered_by == "T1"
    assert stored.counting
    assert stored.deal_version == 1
    assert store.results() == (stored,)
    assert store.result(stored.id) == stored


def test_not_played_result_keeps_its_awards(store: EventStore) -> None:
    artificial = entry(1, 1, 2, None, awards=(Award.AVERAGE_PLUS, Award.AVERAGE))
    with pytest.raises(DirectorError, match="the whist laws give only the average"):
        store.record_result(artificial)
    assert store.results() == ()
    # Under matchpoints the modern artificial scores (60/50/40) are allowed.
    store.update_event(settings=EventSettings(method=Method.MATCHPOINTS))
    stored = store.record_result(artificial)
    assert stored.ns_tricks is None
    assert stored.ew_tricks is None
    assert store.results()[0].awards == (Award.AVERAGE_PLUS, Award.AVERAGE)


def test_a_deal_not_played_scores_the_average(store: EventStore) -> None:
    store.record_result(entry(1, 1, 1, 8))
    store.record_result(entry(1, 2, 7, 6))
    store.record_result(entry(2, 3, 1, 5))
    store.record_result(entry(3, 2, 1, None, awards=(Award.AVERAGE, Award.AVERAGE)))
    deal = next(d for d in store.standings().deals if d.tray == 1)
    unplayed = next(t for t in deal.tables if t.table == 2)
    assert unplayed.made_ns is None
    assert unplayed.pm_ns == 0
    assert unplayed.pm_ew == 0


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (entry(1, 1, 1, 14), "N/S tricks must be 0 to 13, not 14"),
        (entry(1, 1, 1, -1), "N/S tricks must be 0 to 13"),
        (entry(1, 1, 1, None), "enter the tricks N/S made"),
        (entry(1, 1, 1, 7, awards=(Award.AVERAGE, Award.AVERAGE)), "either tricks or awards"),
        (entry(1, 2, 1, 7), "does not play tray 1 at table 2 in round 1"),
        (entry(1, 1, 99, 7), "no tray 99"),
        (entry(1, 1, 1, 7, ew_record=20), "E/W's record must be 0 to 13"),
        (entry(1, 1, 1, 7, revokes=(Revoke(Direction.NS, 0, 0),)), "a revoke needs a count"),
        (
            entry(1, 1, 1, 7, revokes=(Revoke(Direction.NS, 1, 0), Revoke(Direction.NS, 1, 0))),
            "each side's revokes once",
        ),
        (ResultEntry(2, 1, 1, 1, 7), "no session 2 section A"),
    ],
)
def test_bad_results_are_refused_readably(
    store: EventStore, bad: ResultEntry, message: str
) -> None:
    with pytest.raises(StoreError, match=message):
        store.record_result(bad)
    assert store.results() == ()


def test_the_schema_refuses_what_the_code_would(store: EventStore, backend: str) -> None:
    """The CHECK constraints hold even when the code's checks are bypassed."""
    from sqlalchemy import update

    from director.store.schema import ResultRow

    stored = store.record_result(entry(1, 1, 1, 7))
    for values, message in [
        ({"ns_tricks": 8}, "add up to 13"),
        ({"ns_tricks": 14, "ew_tricks": -1}, "0 to 13"),
        ({"ns_tricks": None, "ew_tricks": None}, "either tricks or awards"),
    ]:
        with pytest.raises(StoreError, match=message), store._unit() as db:
            db.execute(update(ResultRow).where(ResultRow.id == stored.id).values(**values))
    assert store.result(stored.id) == stored


def test_one_result_per_table_tray_and_round(store: EventStore) -> None:
    store.record_result(entry(1, 1, 1, 7, entered_by="T1"))
    with pytest.raises(ConflictError, match=r"already has a result .*entered by T1.*correct it"):
        store.record_result(entry(1, 1, 1, 9))


def test_correct_and_delete_result(store: EventStore) -> None:
    first = store.record_result(entry(1, 1, 1, 7))
    corrected = store.correct_result(first.id, first.version, ns_tricks=6, who="TD")
    assert (corrected.ns_tricks, corrected.ew_tricks, corrected.version) == (6, 7, 2)
    assert corrected.entered_by == "TD"
    with pytest.raises(ConflictError, match="was changed by TD"):
        store.correct_result(first.id, first.version, ns_tricks=5)
    store.delete_result(corrected.id, corrected.version)
    assert store.results() == ()


def test_slips_one_per_deal_version(store: EventStore) -> None:
    store.record_slip(1, "QH")
    changed = store.record_slip(1, Card.parse("10s"), who="TD")
    assert (changed.tray, changed.version, str(changed.card)) == (1, 1, "10S")
    assert [str(s.card) for s in store.slips()] == ["10S"]
    with pytest.raises(StoreError, match="not a card"):
        store.record_slip(2, "ZZ")


def test_no_slips_under_a_declared_trump(target: str | Path, movement: Movement) -> None:
    with EventStore.create(target, "Club", settings=EventSettings(declared_trump="H")) as store:
        store.choose_movement(movement)
        with pytest.raises(StoreError, match="declared for every tray"):
            store.record_slip(1, "QH")


def test_new_deal_keeps_the_old_version_but_it_no_longer_counts(store: EventStore) -> None:
    store.record_slip(1, "QH")
    old = [store.record_result(entry(r, t, 1, 7)) for r, t in TRAY1_PLAYS[:2]]
    deal = store.order_new_deal(1, "faced card in tray", law=IrregularityKind.WRONG_CARDS)
    assert (deal.tray, deal.version, deal.counting) == (1, 2, True)
    assert store.results() == ()
    assert store.slips() == ()
    kept = store.results(counting_only=False)
    assert [r.id for r in kept] == [r.id for r in old]
    assert not any(r.counting for r in kept)
    assert [str(s.card) for s in store.slips(counting_only=False)] == ["QH"]
    replaced = store.deals()[0]
    assert (replaced.version, replaced.counting, replaced.reason, replaced.law) == (
        1,
        False,
        "faced card in tray",
        IrregularityKind.WRONG_CARDS,
    )
    store.record_slip(1, "2C")
    fresh = store.record_result(entry(1, 1, 1, 9))
    assert fresh.deal_version == 2
    assert store.results() == (fresh,)
    scoring = store.scoring_input()
    assert [(r.tray, r.version, r.ns_tricks) for r in scoring.results] == [(1, 2, 9)]
    assert [(n.tray, n.version, n.law) for n in scoring.new_deals] == [
        (1, 2, IrregularityKind.WRONG_CARDS)
    ]
    assert [(s.tray, s.trump, s.version) for s in scoring.slips] == [(1, Suit.CLUBS, 2)]


def test_new_deal_needs_a_reason(store: EventStore) -> None:
    with pytest.raises(StoreError, match="say why"):
        store.order_new_deal(1, "  ")


def test_irregularities_reach_scoring(store: EventStore) -> None:
    # Tray 1 is dealt at table 1 in round 1 and overplayed at table 3 in round 2; tray 7 is
    # overplayed at table 1 in round 2.
    store.record_result(entry(2, 3, 1, 7))
    irregular = store.record_irregularity(
        round=2, table=3, tray=1, kind=IrregularityKind.WRONG_TRUMP_OVERPLAY, table_trump="S"
    )
    unplayed = store.record_irregularity(
        round=2, table=1, tray=7, kind=IrregularityKind.WRONG_CARDS, detail="14 cards"
    )
    assert store.irregularities() == (irregular, unplayed)
    assert irregular.table_trump is Suit.SPADES
    by_key = {(r.tray, r.table): r for r in store.scoring_input().results}
    assert by_key[1, 3].irregularity is not None
    assert by_key[1, 3].irregularity.table_trump is Suit.SPADES
    assert by_key[1, 3].ns_tricks == 7
    assert by_key[7, 1].ns_tricks is None
    assert by_key[7, 1].irregularity is not None
    assert by_key[7, 1].irregularity.note == "14 cards"


def test_a_ruling_the_laws_do_not_give_is_refused_and_not_kept(store: EventStore) -> None:
    store.record_result(entry(1, 1, 1, 7))
    log_before = store.audit_log()
    # Law IV Sec.9 concerns the overplay; round 1 at table 1 is tray 1's original play.
    with pytest.raises(DirectorError, match="original play"):
        store.record_irregularity(
            round=1, table=1, tray=1, kind=IrregularityKind.WRONG_TRUMP_OVERPLAY, table_trump="S"
        )
    assert store.irregularities() == ()
    assert store.audit_log() == log_before
    assert store.standings().deals  # the event still scores


def test_movement_cannot_change_once_results_exist(store: EventStore, movement: Movement) -> None:
    store.record_result(entry(1, 1, 1, 7))
    with pytest.raises(StoreError, match="can no longer be changed"):
        store.choose_movement(movement)


def test_results_need_a_movement(target: str | Path) -> None:
    with EventStore.create(target, "Club") as store, pytest.raises(StoreError, match="no movement"):
        store.record_result(entry(1, 1, 1, 7))


def test_entries_are_committed_when_the_call_returns(
    store: EventStore, reopen: Callable[[], EventStore]
) -> None:
    stored = store.record_result(entry(1, 1, 1, 7))
    store.record_slip(1, "AS")
    other = reopen()
    assert other.results() == (stored,)
    assert [str(s.card) for s in other.slips()] == ["AS"]


def test_two_stations_correcting_the_same_result(
    store: EventStore, reopen: Callable[[], EventStore]
) -> None:
    first = store.record_result(entry(1, 1, 1, 7, entered_by="station 1"))
    second_station = reopen()
    seen = second_station.result(first.id)
    store.correct_result(first.id, first.version, ns_tricks=8, who="station 1")
    with pytest.raises(ConflictError, match="changed by station 1"):
        second_station.correct_result(seen.id, seen.version, ns_tricks=9, who="station 2")
    assert second_station.result(first.id).ns_tricks == 8
    with pytest.raises(ConflictError, match="already has a result"):
        second_station.record_result(entry(1, 1, 1, 9, entered_by="station 2"))


def test_sessions_and_sections(target: str | Path, movement: Movement) -> None:
    with EventStore.create(target, "Club") as store:
        second = store.add_session("Evening", sections=("A", "B"))
        assert second.number == 2
        store.choose_movement(movement, session=2, section="B")
        stored = store.record_result(ResultEntry(2, 1, 1, 1, 7, section="B"))
        assert (stored.session, stored.section) == (2, "B")
        assert store.results(session=2, section="B") == (stored,)
        assert store.results() == ()
        assert [s.sections for s in store.sessions()] == [("A",), ("A", "B")]


def test_record_round_is_all_or_nothing(store: EventStore) -> None:
    round_one = [
        entry(1, table, tray, 7) for table, trays in ((1, (1, 2)), (2, (7, 8))) for tray in trays
    ]
    stored = store.record_round(round_one, who="T1")
    assert [(r.table, r.tray, r.ns_tricks) for r in stored] == [
        (1, 1, 7),
        (1, 2, 7),
        (2, 7, 7),
        (2, 8, 7),
    ]
    assert store.results() == stored
    with pytest.raises(StoreError, match="does not play tray 1 at table 3 in round 1"):
        store.record_round([entry(1, 3, 13, 6), entry(1, 3, 1, 6)])
    with pytest.raises(ConflictError, match="already has a result"):
        store.record_round([entry(1, 3, 13, 6), entry(1, 1, 1, 6)])
    assert store.results() == stored
    assert store.undo(who="T1") is not None
    assert store.results() == ()


def test_record_round_refuses_a_revoke_the_laws_do_not_give_as_one_result_would(
    store: EventStore,
) -> None:
    # two tricks taken after the revoke by a side that took none at all
    impossible = entry(1, 1, 1, 0, revokes=(Revoke(Direction.NS, 1, 2),))
    with pytest.raises(DirectorError, match="made 0 tricks in all") as one:
        store.record_result(impossible)
    with pytest.raises(DirectorError, match="made 0 tricks in all") as many:
        store.record_round([entry(1, 1, 2, 7), impossible])
    assert str(many.value) == str(one.value)
    assert store.results() == ()
