"""Two readers of USEBIO files that nobody here designed, written here in Python from what
their published sources do (nothing is copied):

- a pairs stratification program's reader (Steve Pomeroy's, which writes USEBIO 1.2 and 1.3
  too): it parses with lxml and takes as mandatory CLUB with CLUB_NAME and CLUB_ID_NUMBER,
  EVENT of EVENT_TYPE PAIRS with a DATE (ISO or DD/MM/YYYY), PARTICIPANTS whose PAIRs each
  have a whole PAIR_NUMBER and two PLAYERs with a PLAYER_NAME, and BOARDs whose TRAVELLER_LINEs
  each have whole NS_ and EW_PAIR_NUMBERs, a SCORE (a whole number, or "A" and the shares
  of an average) and NS_ and EW_MATCH_POINTS as decimals;
- a club tool's reader (Marc Shearer's ImportUsebio, `Usebio Parser.swift`): DATE as
  DD/MM/YYYY, PLACE as a whole number once any "=" is taken out, TOTAL_SCORE and PERCENTAGE
  as decimals.

Each raises where its original would fail (an element missing, a value it cannot convert).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from datetime import date, datetime

from lxml import etree


@dataclass(frozen=True)
class Line:
    ns: int
    ew: int
    tricks: int | None
    score: int | str
    ns_points: float
    ew_points: float


@dataclass(frozen=True)
class Stratified:
    club: str
    held_on: str
    winners: int
    pairs: list[tuple[int, str, str, str]]
    """(number, direction, first player, second player)."""
    boards: dict[int, list[Line]]


def read_like_the_stratifier(data: bytes) -> Stratified:
    root = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True))
    club = root.find(".//CLUB")
    name = club.find(".//CLUB_NAME").text
    club.find("./CLUB_ID_NUMBER").text  # noqa: B018  (its reader takes it: it must be there)
    event = root.find(".//EVENT")
    assert event.attrib["EVENT_TYPE"] in ("MP_PAIRS", "PAIRS"), "Not an MP Pairs event"
    winners = event.find(".//WINNER_TYPE")
    held_on = event.find(".//DATE").text
    with contextlib.suppress(ValueError):
        held_on = datetime.fromisoformat(held_on).strftime("%d/%m/%Y")
    pairs = []
    for pair in root.find(".//PARTICIPANTS").findall(".//PAIR"):
        players = pair.findall(".//PLAYER")
        direction = pair.find(".//DIRECTION")
        pairs.append(
            (
                int(pair.find(".//PAIR_NUMBER").text),
                "" if direction is None else direction.text,
                players[0].find(".//PLAYER_NAME").text or "",
                players[1].find(".//PLAYER_NAME").text or "",
            )
        )
    boards = {}
    for board in event.findall(".//BOARD"):
        lines = []
        for line in board.findall(".//TRAVELLER_LINE"):
            tricks = line.find(".//TRICKS")
            score = line.find(".//SCORE").text
            lines.append(
                Line(
                    int(line.find(".//NS_PAIR_NUMBER").text),
                    int(line.find(".//EW_PAIR_NUMBER").text),
                    None if tricks is None or tricks.text is None else int(tricks.text),
                    score if score[0] == "A" else int(score),
                    float(line.find(".//NS_MATCH_POINTS").text),
                    float(line.find(".//EW_MATCH_POINTS").text),
                )
            )
        boards[int(board.find(".//BOARD_NUMBER").text)] = lines
    return Stratified(name, held_on, 1 if winners is None else int(winners.text), pairs, boards)


@dataclass(frozen=True)
class Participant:
    place: int | None
    score: float | None


def read_like_the_club_tool(data: bytes) -> tuple[date, list[Participant]]:
    root = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True))
    held_on = datetime.strptime(root.findtext(".//EVENT/DATE"), "%d/%m/%Y").date()
    out = []
    for pair in root.iter("PAIR"):
        place = pair.findtext("PLACE")
        score = pair.findtext("PERCENTAGE") or pair.findtext("TOTAL_SCORE")
        digits = None if place is None else place.replace("=", "")
        out.append(
            Participant(
                int(digits) if digits and digits.isdigit() else None,
                None if score is None else float(score),
            )
        )
    return held_on, out
