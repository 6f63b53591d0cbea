"""One section's results as the Bridgewebs results CSV, for a club to upload to its site.

The layout (docs/guide.md#bridgewebs): option lines first (`#Version,std1`, `#Source`,
`#Title`, `#Description`, `#Date` as DD/MM/YYYY, `#Boards`, `#Winners`, and `#Aggregate,1`
when the session is not matchpointed); then a `#Scores` block per ranking (N-S first, then E-W
when they are ranked apart), each a line naming its columns and a line per pair; then
`#BoardFormat` naming the traveller columns, `#Travellers`, the same names again and, per
tray, `#Board,N` and a line per table that played it.

Cells are never quoted: Bridgewebs takes the separator from the first line, and a reader
that splits lines at it (a club tool's does) must find every cell whole. So the separator is
the comma (what such a reader splits at), or a semicolon when a name holds a comma, or a tab
when a name holds both; tabs and line breaks inside a name become spaces and double quotes
single ones.

How whist fills a bridge upload: Position is the place as a number (pairs who tie share it);
a pair's Score is its plus/minus (or its matchpoints under matchpoints) and Percent its
percentage: under matchpoints the matchpoint percentage, under plus/minus its equated total
as a share of all the tricks (docs/scoring-rules.md#w3-equating-ns-with-ew: 50 is level, and
the order is the plus/minus's), since readers take Percent as the pair's score. On a traveller
NSScore and EWScore are each side's tricks as they count after any revoke penalty (an average
awarded is "A" and the side's share of the top, as bridge programs write it), NSPts and EWPts
each side's plus/minus (or matchpoints) on the deal, and Tricks the tricks N-S took as made.
Every text cell goes through the same spreadsheet guard as our own CSV
(`director.exchange.results.cell`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from director import __version__
from director.errors import DirectorError
from director.exchange.results import SectionResults, cell
from director.exchange.usebio import average_shares, figure, pair_number, rankings
from director.scoring.model import Method, Standing, TableScore
from director.store.values import EventInfo, joined_names

SCORE_COLUMNS = ("Position", "Pair", "Name1", "Name2", "Score", "Percent")
SEPARATORS = (",", ";", "\t")
"""The separators Bridgewebs takes, in the order they are chosen: the first no cell holds."""
TRAVELLER_COLUMNS = ("NS", "EW", "NSScore", "EWScore", "NSPts", "EWPts", "Tricks")


def results_bridgewebs(
    info: EventInfo, s: SectionResults, players: Mapping[str, Sequence[str]]
) -> str:
    """The section's results as a Bridgewebs upload; `players` gives each label's players'
    names in seat order."""
    if s.scoring.movement.competitors.places_per_table == 4:
        raise DirectorError(
            "the Bridgewebs results file is written for pairs events only; export an"
            " individual event as JSON or CSV"
        )
    matchpoints = s.result.method is Method.MATCHPOINTS
    ranked = rankings(s.result)
    rows: list[Sequence[object]] = [
        ("#Version", "std1"),
        ("#Source", f"Whist Director {__version__}"),
        ("#Title", info.name),
        ("#Description", s.title),
    ]
    if info.held_on is not None:
        rows.append(("#Date", info.held_on.strftime("%d/%m/%Y")))
    rows += [("#Boards", len(s.result.deals)), ("#Winners", len(ranked))]
    if not matchpoints:
        rows.append(("#Aggregate", 1))
    for ranking in ranked:
        rows += [("#Scores",), SCORE_COLUMNS]
        for st in s.result.standings[ranking]:
            first, second = _names(players.get(st.label), s.scoring.names.get(st.label, ""))
            score = st.matchpoints if matchpoints and st.matchpoints is not None else st.plus_minus
            place = st.place.rstrip("=")
            rows.append((place, pair_number(st.label), first, second, figure(score), _percent(st)))
    rows += [("#BoardFormat", *TRAVELLER_COLUMNS), ("#Travellers",), TRAVELLER_COLUMNS]
    for deal in s.result.deals:
        rows.append(("#Board", deal.tray))
        rows += (_traveller(t, matchpoints) for t in deal.tables)
    lines = [[_text(cell(v)) for v in row] for row in rows]
    texts = "".join(c for line in lines for c in line)
    separator = next(c for c in SEPARATORS if c not in texts)
    return "".join(separator.join(line) + "\r\n" for line in lines)


def _percent(st: Standing) -> str:
    """The matchpoint percentage; under plus/minus the equated total's share of the tricks."""
    if st.percent is not None:
        return figure(st.percent)
    if st.equated is None or st.equated == st.plus_minus:
        return ""
    all_tricks = 2 * (st.equated - st.plus_minus)  # 13 x the deals in full
    return figure(100 * st.equated / all_tricks)


def _text(value: str) -> str:
    """A cell no reader can split or take for a quoted one."""
    return re.sub(r"[\t\r\n]", " ", value).replace('"', "'")


def _names(players: Sequence[str] | None, printed: str) -> tuple[str, str]:
    """The two partners' names (the pair's printed name when no players are named)."""
    named = [p for p in players or () if p]
    if not named:
        return printed, ""
    return named[0], joined_names(named[1:])


def _traveller(t: TableScore, matchpoints: bool) -> tuple[object, ...]:
    shares = average_shares(t)
    if shares is None:
        scores = (figure(t.final_ns), figure(t.final_ew))
    else:
        scores = (f"A{shares[0]}", f"A{shares[1]}")
    ns, ew = (t.mp_ns, t.mp_ew) if matchpoints else (t.pm_ns, t.pm_ew)
    points = ("" if ns is None else figure(ns), "" if ew is None else figure(ew))
    made = "" if t.made_ns is None else t.made_ns
    return (pair_number(t.ns[0]), pair_number(t.ew[0]), *scores, *points, made)
