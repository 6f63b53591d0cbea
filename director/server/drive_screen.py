"""What the whist drive's big screen shows now: the hand being played and its trump, the
tables still to enter it, where everyone moves after the hand before, the standings' top ten,
and the half-time and final prizes as soon as they are known (docs/drive.md)."""

from __future__ import annotations

from director.scoring.drive import Standing, tricks_words
from director.store import drive_play
from director.store.services import EventStore, StoreError

TOP = 10
"""Players the standings on the screen show: what a room can read from the back."""


def screen_state(store: EventStore) -> dict[str, object]:
    """The big screen's content as JSON-ready values, replayed from the event's drive. The
    moves are by name, so a player finds their own line at a glance."""
    try:
        record = store.drive()
    except StoreError:
        # The store's words name a command; the screen is read in the hall.
        raise StoreError("this event holds no whist drive, so there is nothing to show") from None
    settings = record.settings
    known = drive_play.seatings(record)
    played = drive_play.played(record)
    hand = len(known)
    finished = len(played) == settings.hands
    entered = {e.table for e in record.entries_of(hand)}
    waiting = sorted(set(known[-1].playing_tables(settings.dummy)) - entered)
    moving = hand > 1 and not entered and not finished
    trump = settings.trump(hand)
    table = store.drive_standings()
    prizes = store.drive_prizes() if played else ()
    half_done = settings.halves > 1 and len(played) >= settings.hands_per_half
    return {
        "hand": hand,
        "hands": settings.hands,
        "half": min(settings.halves, (hand - 1) // settings.hands_per_half + 1),
        "halves": settings.halves,
        "trump": trump.capitalize() if trump else "Turned by each dealer",
        "finished": finished,
        "waiting": [] if finished else waiting,
        "move_now": moving,
        "moves": [
            {"player": m.player, "words": m.words}
            for m in sorted(store.drive_moves(hand - 1), key=lambda m: m.player)
        ]
        if moving
        else [],
        "standings": _top(table),
        "after": len(played),
        "half_time": [p.words for p in prizes if p.title == "half-time"] if half_done else [],
        "prizes": [p.words for p in prizes if p.title != "half-time"] if finished else [],
    }


def _top(table: tuple[Standing, ...]) -> list[dict[str, str]]:
    """The first `TOP` of the standings, equal totals sharing a place ("=" marks a tie)."""
    totals = [s.total for s in table]
    shown = []
    for s in table[:TOP]:
        place = totals.index(s.total) + 1
        tied = totals.count(s.total) > 1
        shown.append(
            {
                "place": f"{place}{'=' if tied else ''}",
                "player": s.player,
                "total": tricks_words(s.total),
            }
        )
    return shown
