"""Refuse bad session input before anything is computed; index the plays for scoring.

Every message names the deal, table and field at fault and says how to put it right.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from director.scoring.awards import Outcome, rule_for, ruling
from director.scoring.deal import made_ns
from director.scoring.errors import (
    AwardError,
    InputFormatError,
    TrickCountError,
    UnknownCompetitorError,
    UnknownPlayError,
    where,
)
from director.scoring.model import (
    TRICKS,
    Award,
    IrregularityKind,
    Method,
    ResultKey,
    SectionPlay,
    Suit,
    TableResult,
)
from director.scoring.replays import Replay, replays
from schedules.types import Direction, RoundNo, Seating, TableNo, TrayNo

ON_OVERPLAY = frozenset(
    {
        IrregularityKind.WRONG_TRUMP_CORRECTED,
        IrregularityKind.WRONG_TRUMP_OVERPLAY,
        IrregularityKind.WRONG_CARDS,
        IrregularityKind.SHORT_HAND,
    }
)
"""Laws IV Sec.8-9 and V speak of "the overplay": never the original table."""
AT_ORIGINAL = frozenset(
    {IrregularityKind.SLIP_MISRECORDED, IrregularityKind.SLIP_FOUND_AT_NEXT_TABLE}
)
"""Law IV Sec.10 concerns the slip written at the original table."""
NOT_PLAYED_THERE = frozenset({IrregularityKind.WRONG_CARDS, IrregularityKind.NOT_PLAYED})
"""Law V Sec.1: "must not overplay the deal"; a deal not played has no tricks."""


@dataclass(frozen=True)
class PlayIndex:
    """Where each tray is played, per the movement, and which version of it counts."""

    seatings: dict[tuple[RoundNo, TableNo, TrayNo], Seating]
    """The seating of each play, by round, table and tray: a round split at a table (the
    half-round trick) seats its two halves differently."""
    plays: dict[TrayNo, tuple[tuple[RoundNo, TableNo], ...]]
    """Per tray, the (round, table) places that play it, in order."""
    latest: dict[TrayNo, int]
    """Per tray, the version that counts (1 unless a new deal was recorded)."""
    replays: dict[tuple[RoundNo, TableNo, TrayNo], Replay]
    """The plays at which someone plays a tray again: the table takes the average (W15)."""


def index_plays(play: SectionPlay) -> PlayIndex:
    """The movement's plays of every tray, and the counting version of each."""
    seatings = {(s.round, s.table, tray): s for s in play.movement.seatings for tray in s.trays}
    plays: dict[TrayNo, list[tuple[RoundNo, TableNo]]] = {n: [] for n in play.movement.tray_numbers}
    for s in sorted(play.movement.seatings, key=lambda s: (s.round, s.table)):
        where = (s.round, s.table)
        for tray in s.trays:
            plays.setdefault(tray, []).append(where)
    latest = dict.fromkeys(plays, 1)
    for nd in play.new_deals:
        latest[nd.tray] = max(latest.get(nd.tray, 1), nd.version)
    played = {t: tuple(p) for t, p in plays.items()}
    return PlayIndex(seatings, played, latest, replays(play.movement))


def validate(
    play: SectionPlay, trays: Collection[TrayNo] | None = None, index: PlayIndex | None = None
) -> PlayIndex:
    """Check the session; raise a `ScoringError` subclass at the first fault. With `trays`,
    only those trays' results are checked (the others were checked before and unchanged);
    `index` may be a previous index of the same movement (the versions are re-read)."""
    index = index_plays(play) if index is None else with_versions(index, play)
    _check_labels(play)
    _check_new_deals(play, index)
    _check_slips(play, index)
    seen: set[ResultKey] = set()
    results = play.results if trays is None else [r for r in play.results if r.tray in trays]
    for result in results:
        if result.key in seen:
            raise InputFormatError(
                f"{_at(result)}: entered twice; keep one result per table and round"
            )
        seen.add(result.key)
        check_result(play, index, result)
    return index


def with_versions(index: PlayIndex, play: SectionPlay) -> PlayIndex:
    """The same movement's index with the counting versions re-read from the new deals."""
    latest = dict.fromkeys(index.plays, 1)
    for nd in play.new_deals:
        latest[nd.tray] = max(latest.get(nd.tray, 1), nd.version)
    return PlayIndex(index.seatings, index.plays, latest, index.replays)


def _at(r: TableResult) -> str:
    return where(r.tray, r.table, r.round, r.version)


def check_names(play: SectionPlay) -> None:
    """Every named competitor is in the movement's field (the session file's check; the store
    may hold names of other sections, and names do not enter the figures)."""
    known = set(play.movement.field)
    for label in play.names:
        if label not in known:
            raise UnknownCompetitorError(
                f"competitors: {label!r} is not in the movement's field"
                f" ({', '.join(play.movement.field)})"
            )


def _check_labels(play: SectionPlay) -> None:
    known = set(play.movement.field)
    for wife, husband in play.couples:
        for label in (wife, husband):
            if label not in known:
                raise UnknownCompetitorError(
                    f"couple {wife}-{husband}: {label!r} is not in the movement's field"
                )


def _check_new_deals(play: SectionPlay, index: PlayIndex) -> None:
    versions: dict[TrayNo, set[int]] = {}
    for nd in play.new_deals:
        if nd.tray not in index.plays:
            raise UnknownPlayError(f"new deal for tray {nd.tray}: the movement has no such tray")
        if nd.version < 2 or nd.version in versions.get(nd.tray, set()):
            raise InputFormatError(
                f"new deal for tray {nd.tray}: version {nd.version} must be 2 or more and"
                " recorded once"
            )
        versions.setdefault(nd.tray, set()).add(nd.version)
    for tray, got in versions.items():
        if got != set(range(2, max(got) + 1)):
            raise InputFormatError(
                f"new deals for tray {tray}: versions {sorted(got)} skip a number; number them"
                " 2, 3, ..."
            )


def _check_slips(play: SectionPlay, index: PlayIndex) -> None:
    seen: set[tuple[TrayNo, int]] = set()
    for slip in play.slips:
        if slip.tray not in index.plays:
            raise UnknownPlayError(
                f"trump slip for tray {slip.tray}: the movement has no such tray"
            )
        if not 1 <= slip.version <= index.latest[slip.tray]:
            raise InputFormatError(
                f"trump slip for tray {slip.tray}, version {slip.version}: no such deal version"
            )
        if (slip.tray, slip.version) in seen:
            raise InputFormatError(f"trump slip for tray {slip.tray}: entered twice")
        seen.add((slip.tray, slip.version))


def _slip_trump(play: SectionPlay, tray: TrayNo, version: int) -> Suit | None:
    for slip in play.slips:
        if slip.tray == tray and slip.version == version:
            return slip.trump
    return play.settings.declared_trump


def check_result(play: SectionPlay, index: PlayIndex, r: TableResult) -> None:
    """One table result against the movement, the laws and the session's settings."""
    if r.tray not in index.plays:
        raise UnknownPlayError(f"{_at(r)}: the movement has no tray {r.tray}")
    if (r.round, r.table, r.tray) not in index.seatings:
        here = sorted(t for (n, table, t) in index.seatings if (n, table) == (r.round, r.table))
        played = ", ".join(str(t) for t in here) or "nothing"
        raise UnknownPlayError(
            f"{_at(r)}: per the movement this table plays {played} in round {r.round};"
            " check the table, round and tray"
        )
    if not 1 <= r.version <= index.latest[r.tray]:
        raise InputFormatError(
            f"{_at(r)}: field version {r.version}, but no new deal of tray {r.tray} is recorded"
            " to that version"
        )
    # Fields are named as the session file names them: ns (N/S tricks), ew (E/W's record).
    for name, value in (("ns", r.ns_tricks), ("ew", r.ew_record)):
        if value is not None and not 0 <= value <= TRICKS:
            raise TrickCountError(f"{_at(r)}: field {name} is {value}; tricks run from 0 to 13")
    if r.ew_record is not None and r.ns_tricks is None:
        raise InputFormatError(
            f"{_at(r)}: field ew given without ns; enter N/S tricks as 13 less the E/W record"
        )
    _check_irregularity(play, index, r)
    if r.revokes:
        _check_revokes(r, made_ns(r, play.settings))
    _check_awards(play, r)


def _check_irregularity(play: SectionPlay, index: PlayIndex, r: TableResult) -> None:
    irr = r.irregularity
    if irr is None:
        if r.ns_tricks is None:
            raise InputFormatError(
                f"{_at(r)}: field ns is missing; enter the tricks or report the deal not played"
            )
        return
    tray = play.movement.tray(r.tray)
    original = (r.round, r.table) == (tray.original_round, tray.original_table)
    rule = rule_for(irr.kind, play.movement.mnemonic)
    if irr.kind in ON_OVERPLAY and original and not play.movement.mnemonic:
        raise AwardError(
            f"{_at(r)}: {rule.law} concerns the overplay, but this is the tray's original play"
        )
    if irr.kind in AT_ORIGINAL and not original:
        raise AwardError(
            f"{_at(r)}: {rule.law} gives the average to the original table (table"
            f" {tray.original_table}, round {tray.original_round}); report it there"
        )
    if irr.kind in NOT_PLAYED_THERE and r.ns_tricks is not None:
        raise AwardError(f"{_at(r)}: {rule.law}: the table does not play the deal; omit ns")
    # The laws' "tables in play" are those at which this deal is played (awards.plays_of).
    outcome = ruling(irr.kind, len(index.plays[r.tray]), play.movement.mnemonic)
    if outcome is Outcome.NEW_DEAL and r.version == index.latest[r.tray]:
        raise AwardError(
            f"{_at(r)}: {rule.law} calls for a new deal here ({rule.quote}); record a new deal"
            f" of tray {r.tray} and enter its results as version {r.version + 1}"
        )
    if outcome is Outcome.AVERAGE and r.revokes:
        raise AwardError(f"{_at(r)}: the table takes the average, so field revokes cannot apply")
    slip = _slip_trump(play, r.tray, r.version)
    if irr.table_trump is not None and irr.table_trump == slip:
        raise AwardError(
            f"{_at(r)}: field table_trump is the slip's own trump ({slip}); no wrong trump"
        )


def _check_revokes(r: TableResult, ns: int | None) -> None:
    """The revokes against the N/S tricks `ns` by the record that stands (`deal.made_ns`): a
    side cannot win more tricks after its first revoke than it made in all."""
    sides: set[Direction] = set()
    for rev in r.revokes:
        if ns is None:
            raise TrickCountError(f"{_at(r)}: a revoke needs the tricks made (field ns)")
        if rev.side in sides:
            raise InputFormatError(f"{_at(r)}: two revoke entries for {rev.side.label}; give one")
        sides.add(rev.side)
        made = ns if rev.side is Direction.NS else TRICKS - ns
        if rev.count < 1 or not 0 <= rev.failed_calls <= rev.count:
            raise TrickCountError(
                f"{_at(r)}: {rev.side.label} revoke field count is {rev.count} with"
                f" {rev.failed_calls} failed calls; count is at least 1 and includes them"
            )
        if not 0 <= rev.tricks_after <= made:
            raise TrickCountError(
                f"{_at(r)}: {rev.side.label} revoke field tricks_after is {rev.tricks_after},"
                f" but {rev.side.label} made {made} tricks in all{_by_record(r, ns)}"
            )


def _by_record(r: TableResult, ns: int) -> str:
    """Which record the tricks made were read from, when the two records disagree."""
    if r.ns_tricks is None or r.ew_record is None or r.ns_tricks + r.ew_record == TRICKS:
        return ""
    return " by the N/S record" if ns == r.ns_tricks else " by the E/W record"


def _check_awards(play: SectionPlay, r: TableResult) -> None:
    if r.awards == (Award.AVERAGE, Award.AVERAGE):
        return
    kind = r.irregularity.kind if r.irregularity else None
    if kind is not IrregularityKind.NOT_PLAYED:
        raise AwardError(f"{_at(r)}: field awards is only for a deal not played")
    if play.settings.method is not Method.MATCHPOINTS:
        raise AwardError(
            f"{_at(r)}: field awards {r.awards[0].value}/{r.awards[1].value}: the whist laws give"
            " only the average; average plus and minus need the matchpoint method"
        )
