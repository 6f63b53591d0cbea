"""The paper route in the event file: cards typed one undoable step each, the agreed hands
entered from them, slips flagged and rulings taken (docs/drive.md#the-paper-route)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from director.scoring.drive import Hand, hand_scores
from director.scoring.drive_cards import Card, Slip
from director.store.services import EventStore, Gender, StoreError
from schedules.progressive import DriveSettings, Side, TableResult, next_seating

LADIES = [f"Mrs {n}" for n in ("Ames", "Bell", "Cole", "Dunn", "Eyre", "Fox")]
GENTLEMEN = [f"Mr {n}" for n in ("Gray", "Hale", "Ince", "Judd", "Kerr", "Lamb")]
DRIVE = DriveSettings(tables=3, hands=4, halves=2)
WINNERS = (Side.NS, Side.EW, Side.EW, Side.NS)


def _event(target: str | Path) -> EventStore:
    store = EventStore.create(target, name="Paper drive")
    for name in LADIES:
        store.add_player(name, gender=Gender.LADY)
    for name in GENTLEMEN:
        store.add_player(name, gender=Gender.GENTLEMAN)
    store.start_drive(DRIVE, seed=5)
    return store


def _played(store: EventStore) -> list[Hand]:
    """The drive as the tables played it: results made up here, seated by the rule."""
    seating, hands = store.drive().first, []
    for number in range(1, DRIVE.hands + 1):
        results = tuple(
            TableResult(t, WINNERS[(number + t) % 4], 7 + (number * t) % 7) for t in (1, 2, 3)
        )
        hands.append(Hand(number, seating, results))
        seating = next_seating(DRIVE, seating, results)
    return hands


def _cards(hands: list[Hand]) -> dict[str, Card]:
    scored = [hand_scores(DRIVE, hand).tricks for hand in hands]
    return {
        p: Card(p, tuple(Fraction(t[p]) for t in scored), Fraction(sum(t[p] for t in scored)))
        for p in LADIES + GENTLEMEN
    }


def test_typed_cards_become_the_drives_entries_and_its_standings(target: str | Path) -> None:
    with _event(target) as store:
        hands = _played(store)
        cards = _cards(hands)
        report = store.type_drive_cards(list(cards.values()), who="Mrs Host")
        assert report.flags == ()
        assert report.check.seated == 4
        entries = store.drive().entries
        assert {(e.hand, e.result) for e in entries} == {
            (h.number, r) for h in hands for r in h.results
        }
        assert {e.method for e in entries} == {"card"}
        assert {s.player: s.total for s in store.drive_standings()} == {
            p: c.total for p, c in cards.items()
        }
        assert len(store.audit_log()) >= 12


def test_a_slip_is_flagged_its_hand_waits_and_undo_takes_the_retyped_card_back(
    target: str | Path,
) -> None:
    with _event(target) as store:
        hands = _played(store)
        cards = _cards(hands)
        store.type_drive_cards(list(cards.values()))
        seating = hands[1].seating
        lady = seating.tables[0][0]
        assert lady is not None
        good = cards[lady]
        second = good.hands[1] or Fraction(0)
        wrong = Fraction(0) if second == 13 else second + 1
        row = (good.hands[0], wrong, *good.hands[2:])
        check = store.type_drive_card(Card(lady, row, good.total))
        assert {f.slip for f in check.flags} == {Slip.PARTNERS, Slip.TOTAL}
        partner = seating.tables[0][2]
        assert any(
            f.words.startswith(f"Hand 2, table 1: {lady}'s card says") and partner in f.players
            for f in check.flags
        )
        assert (2, 1) not in {(e.hand, e.table) for e in store.drive().entries}
        store.undo()
        assert (2, 1) in {(e.hand, e.table) for e in store.drive().entries}
        assert store.drive_cards().flags == ()


def test_a_ruling_takes_one_card_and_a_card_of_a_stranger_is_refused(target: str | Path) -> None:
    with _event(target) as store:
        hands = _played(store)
        cards = _cards(hands)
        store.type_drive_cards(list(cards.values()))
        north, _, south, _ = hands[0].seating.tables[1]
        assert north is not None
        assert south is not None
        card = cards[north]
        mine = card.hands[0] or Fraction(0)
        store.type_drive_card(Card(north, (13 - mine, *card.hands[1:]), card.total))
        with pytest.raises(StoreError, match="no dispute there"):
            store.rule_drive_card(1, 1, north)
        check = store.rule_drive_card(1, 2, south)
        assert any(r.ruled == south for r in check.results)
        held = {(e.hand, e.table): e.result for e in store.drive().entries}
        assert held[(1, 2)] == hands[0].results[1]
        with pytest.raises(StoreError, match="Mrs Nobody is not in the drive"):
            store.type_drive_card(Card("Mrs Nobody", (), Fraction(3)))
        with pytest.raises(StoreError, match="card has 2 hands; the drive has 4"):
            store.type_drive_card(Card(north, (Fraction(3), None), None))


def test_the_short_form_flags_each_total_unlike_the_entered_hands(target: str | Path) -> None:
    with _event(target) as store:
        hands = _played(store)
        for hand in hands:
            for result in hand.results:
                store.enter_drive_hand(hand.number, result.table, result.winners, result.tricks)
        cards = _cards(hands)
        short = [Card(p, (), c.total) for p, c in cards.items()]
        short[0] = Card(short[0].player, (), (short[0].total or Fraction(0)) + 2)
        report = store.type_drive_cards(short)
        assert [f.words for f in report.flags] == [
            f"{short[0].player}'s card says {short[0].total} tricks; the hands entered give"
            f" {cards[short[0].player].total} tricks after hand 4."
        ]
        assert {e.method for e in store.drive().entries} == {"keyboard"}
