"""One section's results as the Bridgewebs results CSV, for a club to upload to its site.

The layout (docs/guide.md#bridgewebs): semicolons between cells; option lines first
(`#Version;std1`, `#Source`, `#Title`, `#Description`, `#Date` as DD/MM/YYYY, `#Boards`,
`#Winners`, and `#Aggregate;1` when the session is not matchpointed); then a `#Scores` block
per ranking (N-S first, then E-W when they are ranked apart), each a line naming its columns
and a line per pair; then `#Travellers`, a line naming the traveller columns and, per tray,
`#Board;N` and a line per table that played it.

How whist fills a bridge upload: a pair's Score is its plus/minus (or its matchpoints, with
Percent, under matchpoints); on a traveller NSScore and EWScore are each side's tricks as they
count after any revoke penalty (an average awarded is "A" and the side's share of the top, as
bridge programs write it), NSPts and EWPts each side's plus/minus (or matchpoints) on the
deal, and Tricks the tricks N-S took as made. Every text cell goes through the same
spreadsheet guard as our own CSV (`director.exchange.results.cell`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence

from director import __version__
from director.errors import DirectorError
from director.exchange.results import SectionResults, cell
from director.exchange.usebio import average_shares, figure, pair_number, rankings
from director.scoring.model import Method, TableScore
from director.store.values import EventInfo

SCORE_COLUMNS = ("Position", "Pair", "Name1", "Name2", "Score", "Percent")
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
            percent = figure(st.percent) if matchpoints and st.percent is not None else ""
            rows.append((st.place, pair_number(st.label), first, second, figure(score), percent))
    rows += [("#Travellers",), TRAVELLER_COLUMNS]
    for deal in s.result.deals:
        rows.append(("#Board", deal.tray))
        rows += (_traveller(t, matchpoints) for t in deal.tables)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerows([_cells(row) for row in rows])
    return out.getvalue()


def _names(players: Sequence[str] | None, printed: str) -> tuple[str, str]:
    """The two partners' names (the pair's printed name when no players are named)."""
    named = [p for p in players or () if p]
    if not named:
        return printed, ""
    return named[0], " & ".join(named[1:])


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


def _cells(row: Sequence[object]) -> list[str]:
    """A line's cells: figures as they are, text behind the spreadsheet guard (the option
    words start with "#", which no spreadsheet runs)."""
    return [cell(v) for v in row]
