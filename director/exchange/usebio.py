"""Results as USEBIO XML (version 1.3), the English Bridge Union's results exchange format.

How whist fits a bridge format (docs/guide.md#exchange-formats):
- a CLUB: the venue's name (the event's when none is given) and an empty CLUB_ID_NUMBER
  (whist clubs have no federation number, and readers expect the element);
- one EVENT of EVENT_TYPE PAIRS (a teams event's pairs; the team totals are in the JSON and
  CSV exports); a SESSION per session, a SECTION per section; PARTICIPANTS hold one PAIR per
  competitor (PAIR_NUMBER is our label's number, DIRECTION when N-S and E-W are ranked
  apart, PLACE, TOTAL_SCORE, PERCENTAGE under matchpoints, a PLAYER per partner, two for a
  pair);
- a BOARD per tray, a TRAVELLER_LINE per table that played it: NS_PAIR_NUMBER,
  EW_PAIR_NUMBER, TRICKS (the tricks N-S took, as made), SCORE (N-S's tricks as they count
  after any revoke penalty; "A5050" and the like for an average awarded),
  NS_MATCH_POINTS and EW_MATCH_POINTS;
- whist has no contract, declarer or lead: CONTRACT, PLAYED_BY and LEAD are left out;
- BOARD_SCORING_METHOD is MATCH_POINTS when the session is scored by matchpoints; the laws'
  plus-or-minus tricks has no USEBIO name and is written as AGGREGATE, with each pair's
  plus/minus as its TOTAL_SCORE and each side's plus/minus on the deal in NS_MATCH_POINTS
  and EW_MATCH_POINTS.
Individual events are not written: USEBIO's individual layout could not be checked here.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from fractions import Fraction

from director import __version__
from director.errors import DirectorError
from director.exchange.results import SectionResults
from director.scoring.model import Adjustment, Method, SectionResult, Standing, TableScore
from director.store.values import EventInfo

VERSION = "1.3"
DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.usebio.org/files/usebio_v1_3.dtd">'
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_DIRECTED = ("N-S", "E-W")


def results_usebio(
    info: EventInfo, sections: Sequence[SectionResults], players: Mapping[str, Sequence[str]]
) -> str:
    """The event's results as a USEBIO 1.3 document; `players` gives each label's players'
    names in seat order."""
    if any(s.scoring.movement.competitors.places_per_table == 4 for s in sections):
        raise DirectorError(
            "USEBIO is written for pairs and teams events only; export an individual event"
            " as JSON or CSV"
        )
    root = ET.Element("USEBIO", Version=VERSION)
    # Readers take CLUB, its name and its federation number as given; a whist club has no
    # such number, so it is written empty.
    club = ET.SubElement(root, "CLUB")
    _text(club, "CLUB_NAME", info.venue or info.name)
    ET.SubElement(club, "CLUB_ID_NUMBER")
    # Every participant written is a pair (a teams event's pairs too; USEBIO's TEAM layout
    # holds team members and match scores whist does not keep), so the event is a pairs event.
    event = ET.SubElement(root, "EVENT", EVENT_TYPE="PAIRS")
    _text(event, "PROGRAM_NAME", "Whist Director")
    _text(event, "PROGRAM_VERSION", __version__)
    _text(event, "EVENT_DESCRIPTION", info.name)
    if info.held_on is not None:
        _text(event, "DATE", info.held_on.strftime("%d/%m/%Y"))
    _text(event, "BOARD_SCORING_METHOD", _method(sections[0].result))
    _text(event, "WINNER_TYPE", str(len(rankings(sections[0].result))))
    _text(event, "SESSION_COUNT", str(len({s.session.number for s in sections})))
    sessions: dict[int, ET.Element] = {}
    for s in sections:
        if s.session.number not in sessions:
            sessions[s.session.number] = ET.SubElement(
                event, "SESSION", SESSION_ID=str(s.session.number)
            )
        _section(sessions[s.session.number], s, players)
    ET.indent(root, space=" ")
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}\n'


def _method(result: SectionResult) -> str:
    return "MATCH_POINTS" if result.method is Method.MATCHPOINTS else "AGGREGATE"


def rankings(result: SectionResult) -> tuple[str, ...]:
    """N-S and E-W when the session ranks them apart, else the overall ranking."""
    if all(name in result.standings for name in _DIRECTED):
        return _DIRECTED
    return ("overall",) if "overall" in result.standings else tuple(result.standings)[:1]


def _section(parent: ET.Element, s: SectionResults, players: Mapping[str, Sequence[str]]) -> None:
    section = ET.SubElement(parent, "SECTION", SECTION_ID=s.section)
    participants = ET.SubElement(section, "PARTICIPANTS")
    ranked = rankings(s.result)
    directed = len(ranked) > 1
    for ranking in ranked:
        for standing in s.result.standings[ranking]:
            _pair(participants, standing, ranking if directed else None, s, players)
    matchpoints = s.result.method is Method.MATCHPOINTS
    for deal in s.result.deals:
        board = ET.SubElement(section, "BOARD")
        _text(board, "BOARD_NUMBER", str(deal.tray))
        for t in deal.tables:
            _line(board, t, matchpoints, directed)


def _pair(
    parent: ET.Element,
    st: Standing,
    ranking: str | None,
    s: SectionResults,
    players: Mapping[str, Sequence[str]],
) -> None:
    pair = ET.SubElement(parent, "PAIR")
    _text(pair, "PAIR_NUMBER", pair_number(st.label) if ranking else st.label)
    if ranking is not None:
        _text(pair, "DIRECTION", ranking.replace("-", ""))
    _text(pair, "PLACE", st.place)
    matchpoints = st.matchpoints if s.result.method is Method.MATCHPOINTS else None
    _text(pair, "TOTAL_SCORE", figure(st.plus_minus if matchpoints is None else matchpoints))
    if matchpoints is not None and st.percent is not None:
        _text(pair, "PERCENTAGE", figure(st.percent))
    names = list(players.get(st.label) or [s.scoring.names.get(st.label, "")])
    # A pair has two players: readers take the second; one not named is written empty.
    for name in names + [""] * (2 - len(names)):
        _text(ET.SubElement(pair, "PLAYER"), "PLAYER_NAME", name)


def _line(board: ET.Element, t: TableScore, matchpoints: bool, directed: bool) -> None:
    line = ET.SubElement(board, "TRAVELLER_LINE")
    number = pair_number if directed else str
    _text(line, "NS_PAIR_NUMBER", number(t.ns[0]))
    _text(line, "EW_PAIR_NUMBER", number(t.ew[0]))
    if t.made_ns is not None:
        _text(line, "TRICKS", str(t.made_ns))
    _text(line, "SCORE", _score(t))
    ns, ew = (t.mp_ns, t.mp_ew) if matchpoints else (t.pm_ns, t.pm_ew)
    if ns is not None and ew is not None:
        _text(line, "NS_MATCH_POINTS", figure(ns))
        _text(line, "EW_MATCH_POINTS", figure(ew))


def _score(t: TableScore) -> str:
    """N-S's counted tricks, or an average's shares of the top as "A" + N-S% + E-W%."""
    shares = average_shares(t)
    if shares is not None:
        return f"A{shares[0]:02d}{shares[1]:02d}"
    return figure(t.final_ns)


def average_shares(t: TableScore) -> tuple[int, int] | None:
    """An average awarded as each side's percentage of the top, as bridge programs write
    it (50/50 when the deal is not matchpointed); None for a result played."""
    if t.adjustment not in (Adjustment.AVERAGE, Adjustment.ARTIFICIAL):
        return None
    if t.mp_ns is not None and t.top:
        share = round(100 * t.mp_ns / t.top)
        return share, 100 - share
    return 50, 50


def pair_number(label: str) -> str:
    """A label as USEBIO numbers pairs ranked by direction: "NS3" and "EW3" are pair 3
    (DIRECTION tells them apart); other labels are written as they are.

    >>> pair_number("NS3"), pair_number("12"), pair_number("a")
    ('3', '12', 'a')
    """
    match = re.fullmatch(r"(?:NS|EW)(\d+)", label)
    return match.group(1) if match else label


def figure(value: Fraction | int) -> str:
    """A figure with at most two decimals, as USEBIO files write them."""
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _text(parent: ET.Element, tag: str, value: str) -> None:
    ET.SubElement(parent, tag).text = _NOT_XML.sub("", value)
