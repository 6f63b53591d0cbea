"""The results site of a whist drive: the prizes with how each tie was broken, the standings
after the last hand and at half time, and a page per player with their card hand by hand
(docs/drive.md#the-results-site).

Pure: built from the drive's stored values, with the same markup and stylesheet as the pairs
results (`director.publish.html`), so a club's drive and duplicate pages look alike.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from fractions import Fraction

from director.publish.html import Cell, Link, bullets, escape, page, paragraphs, table
from director.publish.pages import INDEX, event_subtitle
from director.scoring.drive import (
    Hand,
    Standing,
    hand_scores,
    penalty_notes,
    shared_places,
    standings,
)
from director.scoring.drive_prizes import prizes
from director.scoring.text import figure
from director.store import drive_play
from director.store.drive_play import DriveRecord
from director.store.values import EventInfo
from schedules.progressive import Field, Player, Role, Seating

FOLDER = "drive"
_SEATS = ("North", "East", "South", "West")
_PARTNER = (2, 3, 0, 1)
"""The seat of each seat's partner, in a table's order North, East, South, West."""


def drive_site_pages(info: EventInfo, record: DriveRecord, published: datetime) -> dict[str, str]:
    """Every page of the drive's site, by its path inside the site."""
    subtitle = event_subtitle(info)
    hands = drive_play.played(record)
    final = standings(record.settings, hands)
    slugs = player_pages(final)
    footer = f"Published {published:%d %B %Y at %H:%M} by Whist Director."
    body = "\n".join(
        (
            _summary(record, hands),
            _status(record, hands),
            _prize_list(record, hands, slugs),
            (
                _standings_table(f"Standings after hand {len(hands)}", final, record, slugs)
                if hands
                else paragraphs(["No hand has been entered yet."])
            ),
            _half_time(record, hands, final, slugs),
            paragraphs(penalty_notes(record.settings, hands)),
        )
    )
    out = {INDEX: page(f"{info.name}: results", info.name, subtitle, body, "", footer=footer)}
    for place, standing in zip(shared_places(final), final, strict=True):
        crumbs = (Link(f"Standings: {info.name}", f"../{INDEX}"),)
        card = _card_page(record, hands, standing, place, len(final), slugs)
        status = _status(record, hands) if len(hands) < record.settings.hands else ""
        out[f"{FOLDER}/{slugs[standing.player]}"] = page(
            f"{standing.player}: {info.name}",
            standing.player,
            f"{info.name} — the card hand by hand",
            status + "\n" + card,
            "../",
            crumbs,
            footer,
        )
    return out


def player_pages(table: Sequence[Standing]) -> dict[Player, str]:
    """Each player's page name ("player-mrs-hale.html"), numbered instead if two names would
    give the same one."""
    slugs = [re.sub(r"[^a-z0-9]+", "-", s.player.lower()).strip("-") or "x" for s in table]
    if len(set(slugs)) < len(slugs):
        slugs = [str(i) for i in range(1, len(table) + 1)]
    return {s.player: f"player-{slug}.html" for s, slug in zip(table, slugs, strict=True)}


def _summary(record: DriveRecord, hands: Sequence[Hand]) -> str:
    settings = record.settings
    trumps = (
        "trumps called in rotation, hearts first"
        if settings.trump(1)
        else "trumps turned by each dealer"
    )
    halves = "one half" if settings.halves == 1 else f"{settings.halves} halves"
    line = (
        f"A {settings.rule.value} whist drive: {settings.tables} tables, {settings.hands} hands"
        f" in {halves}, {trumps}."
    )
    return paragraphs([line], "subtitle")


def _status(record: DriveRecord, hands: Sequence[Hand]) -> str:
    total = record.settings.hands
    if len(hands) >= total:
        return '<p class="final">Final: every hand is in.</p>'
    words = f"Provisional: {len(hands)} of {total} hands are in, so places and figures may change."
    return f'<p class="provisional">{escape(words)}</p>'


def _prize_list(record: DriveRecord, hands: Sequence[Hand], slugs: Mapping[Player, str]) -> str:
    if not hands:
        return ""
    won = prizes(record.settings, record.prizes, hands, record.roles)
    lines = [
        Link(p.words, f"{FOLDER}/{slugs[p.player]}") if p.player in slugs else p.words for p in won
    ]
    return "<h2>Prizes</h2>\n" + bullets(lines, "winners")


def _half_time(
    record: DriveRecord,
    hands: Sequence[Hand],
    final: Sequence[Standing],
    slugs: Mapping[Player, str],
) -> str:
    half = record.settings.hands_per_half
    if record.settings.halves < 2 or len(hands) < half:
        return ""
    at_half = sorted(
        (s.after(half) for s in final if any(t is not None for t in s.by_hand[:half])),
        key=lambda s: (-s.total, s.player),
    )
    return _standings_table(f"Half-time standings, after hand {half}", at_half, record, slugs)


def _standings_table(
    caption: str, ranked: Sequence[Standing], record: DriveRecord, slugs: Mapping[Player, str]
) -> str:
    by_role = record.settings.field is Field.LADIES_GENTLEMEN
    headings = ("Place", "Player", *(("Part",) if by_role else ()), "Tricks", "Hands won")
    rows: list[tuple[Cell, ...]] = []
    for place, s in zip(shared_places(ranked), ranked, strict=True):
        role = record.roles.get(s.player)
        part = ("lady" if role is Role.LADY else "gentleman" if role else "",) if by_role else ()
        link = Link(s.player, f"{FOLDER}/{slugs[s.player]}") if s.player in slugs else s.player
        rows.append((place, link, *part, figure(Fraction(s.total)), str(s.hands_won)))
    return table(caption, headings, rows)


def _card_page(
    record: DriveRecord,
    hands: Sequence[Hand],
    standing: Standing,
    place: str,
    field: int,
    slugs: Mapping[Player, str],
) -> str:
    """A player's card: their place and total first (what a player looks for on a phone),
    then each hand: its trump, their tricks and running total, where they sat and with
    whom."""
    won = f"{standing.hands_won} hand{'s' if standing.hands_won != 1 else ''} won"
    lines = [
        f"Place {place} of {field} with {figure(Fraction(standing.total))} tricks; {won}.",
    ]
    rows: list[tuple[Cell, ...]] = []
    for hand, tricks, running in zip(hands, standing.by_hand, standing.running, strict=True):
        trump = (record.settings.trump(hand.number) or "turned").capitalize()
        where, partner = _where(hand.seating, standing.player, record.settings.dummy)
        mate: Cell = "" if partner is None else partner
        if partner is not None and partner in slugs:
            mate = Link(partner, slugs[partner])
        shown = "-" if tricks is None else figure(Fraction(tricks))
        total = "-" if tricks is None else figure(running)
        rows.append((str(hand.number), trump, shown, total, where, mate))
    notes = [
        f"Hand {n}: sat out, scored {figure(Fraction(score))}."
        for n in sorted(standing.sat_out)
        if (score := hand_scores(record.settings, hands[n - 1]).tricks.get(standing.player))
        is not None
    ]
    # the figures before the seating: on a phone they stay in view without scrolling
    headings = ("Hand", "Trumps", "Tricks", "Total", "Table", "Partner")
    return "\n".join(
        (
            paragraphs(lines, "place"),
            table("Hand by hand", headings, rows),
            paragraphs(notes),
        )
    )


def _where(seating: Seating, player: Player, dummy: bool) -> tuple[str, Player | None]:
    """Where `player` sat for a hand, in words, and their partner (None when not there)."""
    place = seating.place_of(player)
    if place is None:
        return "not playing", None
    partner = seating.tables[place.table - 1][_PARTNER[place.seat]]
    out = "" if seating.plays(place.table, dummy) else ", sat out"
    return f"{place.table}, {_SEATS[place.seat]}{out}", partner
