"""The front door: score a section's play, or re-score it after some deals changed.

>>> from schedules.types import Movement, Competitors, Seating, infer_trays
>>> seats = (Seating.pair(1, 1, (1,), "1", "2"), Seating.pair(1, 2, (1,), "3", "4"))
>>> mv = Movement("demo", Competitors.PAIRS, 2, 1, infer_trays(seats), seats, ("1", "2", "3", "4"))
>>> res = score_section(SectionPlay(mv, (TableResult(1, 1, 1, 8), TableResult(1, 2, 1, 13))))
>>> [(s.label, str(s.plus_minus)) for s in res.standings["N-S"]]
[('3', '5/2'), ('1', '-5/2')]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from director.scoring.deal import DealContext, score_deal
from director.scoring.model import (
    DealScore,
    SectionPlay,
    SectionResult,
    Standing,
    TableResult,
)
from director.scoring.safford import couples, default_couples, subtotals
from director.scoring.standings import (
    by_tricks_lost,
    count_deal,
    rank_all,
    rankings,
    tally,
    winners,
)
from director.scoring.teams import team_standings, team_winner
from director.scoring.validate import PlayIndex, validate
from schedules.repair import withdrawals
from schedules.types import REPAIR_NOTE, Competitors, Label, TrayNo


def score_section(play: SectionPlay) -> SectionResult:
    """Score every deal and every competitor of one section's play.

    Raises a `director.scoring.errors.ScoringError` (a `ValueError`) naming the deal, table
    and field at fault when any input is bad; nothing is computed from half-valid input."""
    index = validate(play)
    by_tray = _by_tray(play.results)
    deals = tuple(
        _score_tray(play, index, tray, by_tray.get(tray, ())) for tray in play.movement.tray_numbers
    )
    return _assemble(play, deals)


def marked_names(play: SectionPlay) -> dict[Label, str]:
    """The competitors' names for the standings, each who withdrew marked with when ("Hale &
    Dunn (withdrew after round 4)")."""

    def when(first: int) -> str:
        return f"withdrew after round {first - 1}" if first > 1 else "withdrew before play"

    left = withdrawals(play.movement)
    return dict(play.names) | {
        who: f"{play.names.get(who, '')} ({when(first)})".strip() for who, first in left.items()
    }


def provisional(play: SectionPlay) -> str:
    """What is missing while results are still coming in ("Provisional: 40 of 45 results
    entered"), or "" once every play of every tray has one."""
    expected = {(s.round, s.table, t) for s in play.movement.seatings for t in s.trays}
    entered = {(r.round, r.table, r.tray) for r in play.results} & expected
    if len(entered) == len(expected):
        return ""
    return f"Provisional: {len(entered)} of {len(expected)} results entered"


def rescore(play: SectionPlay, previous: SectionResult, trays: Iterable[TrayNo]) -> SectionResult:
    """Re-score after the results of `trays` changed: only those deals are worked out again,
    the others are taken from `previous`; totals and rankings are rebuilt. Gives the same
    result as `score_section(play)`."""
    index = validate(play)
    changed = set(trays)
    by_tray = _by_tray(r for r in play.results if r.tray in changed)
    deals = tuple(
        _score_tray(play, index, d.tray, by_tray.get(d.tray, ())) if d.tray in changed else d
        for d in previous.deals
    )
    return _assemble(play, deals)


class LiveScorer:
    """Keeps a section scored while results are entered: after a change only the changed
    deals are worked out again and only their figures leave and re-enter the competitors'
    running totals; the rankings are then rebuilt. `update` gives the same result as
    `score_section` on the new play (tested), fast enough to refresh on every keystroke.

    Pure and single-threaded: the caller owns the object (one per section on view)."""

    def __init__(self, play: SectionPlay) -> None:
        self.result = score_section(play)
        self._index = validate(play)
        self._tallies = tally(self.result.deals, play.movement.field)

    def update(self, play: SectionPlay, trays: Iterable[TrayNo]) -> SectionResult:
        """Re-score after the results (or new deals) of `trays` changed in `play`; the
        movement is the same, and only those trays' results are checked again."""
        changed = set(trays)
        index = validate(play, changed, self._index)
        by_tray = _by_tray(r for r in play.results if r.tray in changed)
        deals = []
        for old in self.result.deals:
            if old.tray not in changed:
                deals.append(old)
                continue
            new = _score_tray(play, index, old.tray, by_tray.get(old.tray, ()))
            count_deal(self._tallies, old, -1)
            count_deal(self._tallies, new)
            deals.append(new)
        self.result = _assemble(play, tuple(deals), rank_all(play, self._tallies))
        return self.result


def context(play: SectionPlay) -> DealContext:
    """What every deal of the section shares."""
    movement = play.movement
    record = movement.competitors is Competitors.PAIRS or (
        movement.competitors is Competitors.INDIVIDUALS and play.settings.individual_revoke_record
    )
    return DealContext(play.settings, movement.mnemonic, record)


def _by_tray(results: Iterable[TableResult]) -> dict[TrayNo, list[TableResult]]:
    out: dict[TrayNo, list[TableResult]] = {}
    for r in results:
        out.setdefault(r.tray, []).append(r)
    return out


def _score_tray(
    play: SectionPlay, index: PlayIndex, tray: TrayNo, mine: Iterable[TableResult]
) -> DealScore:
    version = index.latest[tray]
    by_place: dict[tuple[int, int], TableResult] = {
        (r.round, r.table): r for r in mine if r.version == version
    }
    plays = [(by_place[p], index.seatings[(*p, tray)]) for p in index.plays[tray] if p in by_place]
    replaced = tuple(range(1, version))
    again = {p: index.replays[(*p, tray)] for p in index.plays[tray] if (*p, tray) in index.replays}
    deal, warnings = score_deal(
        tray, version, plays, len(index.plays[tray]), context(play), replaced, again
    )
    missing = [p for p in index.plays[tray] if p not in by_place]
    if missing and by_place:
        where = ", ".join(f"table {t} (round {r})" for r, t in missing)
        warnings = (*warnings, f"tray {tray}: no result yet from {where}")
    return replace(deal, warnings=warnings)


def _assemble(
    play: SectionPlay,
    deals: tuple[DealScore, ...],
    table: dict[str, tuple[Standing, ...]] | None = None,
) -> SectionResult:
    movement = play.movement
    table = table if table is not None else rankings(play, deals)
    teams = (
        team_standings(deals, movement.teams, play.settings.team_method) if movement.teams else ()
    )
    promised = movement.winners
    if teams:  # a team event's overall winner is a team (W6, W7)
        promised = tuple(w for w in promised if w.lower() not in ("overall", "team"))
    won, unknown = winners(promised, table, by_lost=by_tricks_lost(play))
    if teams:
        won = (team_winner(teams), *won)
    warnings = tuple(w for d in deals for w in d.warnings) + unknown
    safford = by_tricks_lost(play)
    pairs = play.couples or default_couples(movement.field, movement.attributes)
    return SectionResult(
        deals=deals,
        standings=table,
        winners=won,
        warnings=warnings,
        teams=teams,
        subtotals=subtotals(deals, movement.field) if safford else (),
        couples=couples(deals, pairs) if safford else (),
        method=play.settings.method,
        repairs=tuple(
            n.removeprefix(REPAIR_NOTE) for n in movement.notes if n.startswith(REPAIR_NOTE)
        ),
    )
