"""One deal scored at every table that played it: the laws' awards (W13), revokes (W14), the
average over the counting tables and each table's plus/minus (W2), and matchpoints (M1-M5).

Input is assumed valid (`director.scoring.validate` refuses bad input first).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache

from director.scoring import matchpoints as mp
from director.scoring.awards import ARTIFICIAL_SHARE, Outcome, rule_for, ruling
from director.scoring.ceiling import final_average
from director.scoring.exact import mean
from director.scoring.model import (
    TRICKS,
    Adjustment,
    Award,
    DealScore,
    Method,
    Revoke,
    RevokeReference,
    Settings,
    Step,
    TableResult,
    TableScore,
)
from director.scoring.replays import RULE as REPLAY_RULE
from director.scoring.replays import Replay
from director.scoring.revokes import Penalty, capped_innocent, held_to, transfer
from schedules.types import Direction, Label, RoundNo, Seating, TableNo, TrayNo

HALF = Fraction(TRICKS, 2)


@dataclass(frozen=True, slots=True)
class DealContext:
    """What scoring a deal needs to know about the event."""

    settings: Settings
    mnemonic: bool
    record_revokes: bool
    """Pair matches (or individuals by option): the +R/-R record with cap and floor (W14.4)."""


@dataclass(slots=True)
class _Line:
    """A table's figures while the deal is being worked out."""

    result: TableResult
    seating: Seating
    made_ns: int | None
    outcome: Outcome
    counted_ns: Fraction | None = None
    final_ns: Fraction | None = None
    final_ew: Fraction | None = None
    adjustment: Adjustment = Adjustment.NONE
    marks: tuple[str, str] = ("", "")
    steps: list[Step] = field(default_factory=list)

    def say(self, text: str, rule: str = "") -> None:
        """Add a step to the table's explanation."""
        self.steps.append(Step(text, rule))


# Steps and figures that many tables share are made once: fewer objects to build, and fewer
# for the garbage collector to walk through while a large session is scored.


@cache
def _as_made(ns: int) -> Step:
    """The first step at a table that played the deal (W1)."""
    return Step(f"As made: N/S {ns}, E/W {TRICKS - ns}", "W1")


@cache
def _whole(tricks: int) -> Fraction:
    """Tricks as made, as a fraction."""
    return Fraction(tricks)


def holders(seating: Seating, hands: Direction) -> tuple[Label, ...]:
    """Who held the `hands` of the trays at this seating (an arrow switch swaps the sides)."""
    return seating.side(hands.opposite if seating.switched else hands)


def made_ns(result: TableResult, settings: Settings) -> int | None:
    """N/S tricks as made, taking E/W's record when the records disagree and E/W prevails
    (W12; 1894 code) unless the director chose otherwise."""
    if result.ns_tricks is None or result.ew_record is None:
        return result.ns_tricks
    if result.ns_tricks + result.ew_record == TRICKS:
        return result.ns_tricks
    default = Direction.EW if settings.ew_prevails else Direction.NS
    prevails = result.prevails or default
    return TRICKS - result.ew_record if prevails is Direction.EW else result.ns_tricks


def score_deal(
    tray: TrayNo,
    version: int,
    plays: Sequence[tuple[TableResult, Seating]],
    expected: int,
    ctx: DealContext,
    replaced: tuple[int, ...] = (),
    replays: Mapping[tuple[RoundNo, TableNo], Replay] | None = None,
) -> tuple[DealScore, tuple[str, ...]]:
    """Score one version of a tray from its table results; also return warnings.

    `expected` is the number of plays the movement gives the tray: the Neuberg N, and the
    laws' "tables in play" for this deal. `replays` are the plays (round, table) at which
    someone plays the tray a second time: those tables take the average (W15)."""
    warnings: list[str] = []
    again = replays or {}
    lines = [
        _line(result, seating, ctx, expected, warnings, again.get((result.round, result.table)))
        for result, seating in plays
    ]
    standing = [ln for ln in lines if ln.outcome is Outcome.STANDS]
    _apply_revokes(standing, ctx)
    counting = [ln.counted_ns for ln in lines if ln.counted_ns is not None]
    avg_ns = mean(counting) if counting else None
    if avg_ns is None and any(ln.outcome is not Outcome.STANDS for ln in lines):
        warnings.append(
            f"tray {tray}: no table's result counts, so an average is credited as half the tricks"
        )
    average = _Average(avg_ns)
    tables = tuple(_finish(ln, average, lines, ctx) for ln in lines)
    made = [ln.made_ns for ln in standing if ln.made_ns is not None]
    deal = DealScore(
        tray=tray,
        version=version,
        avg_ns=avg_ns,
        avg_ew=None if avg_ns is None else average.ew,
        top_ns=max(made) if made else None,
        bottom_ns=min(made) if made else None,
        counting=len(counting),
        tables=tables,
        replaced=replaced,
    )
    if ctx.settings.method is Method.MATCHPOINTS:
        deal = _matchpoint(deal, lines, expected, ctx)
    return deal, tuple(warnings)


def _line(
    result: TableResult,
    seating: Seating,
    ctx: DealContext,
    tables: int,
    warnings: list[str],
    replay: Replay | None = None,
) -> _Line:
    ns = made_ns(result, ctx.settings)
    ln = _Line(result, seating, ns, Outcome.STANDS)
    if (
        ns is not None
        and result.ns_tricks is not None  # as `ns` is; said for the type checker
        and result.ew_record is not None
        and result.ew_record + result.ns_tricks != TRICKS
    ):
        taken = "E/W" if ns != result.ns_tricks else "N/S"
        warnings.append(
            f"tray {result.tray}, table {result.table}, round {result.round}: N/S recorded"
            f" {result.ns_tricks}, E/W recorded {result.ew_record}; the {taken} record is taken"
        )
        ln.say(
            f"Records disagree (N/S {result.ns_tricks}, E/W {result.ew_record}): the {taken}"
            f" record is taken, N/S made {ns}",
            "1894 code Law A (W12)",
        )
    if result.irregularity is not None:
        kind = result.irregularity.kind
        rule = rule_for(kind, ctx.mnemonic)
        ln.outcome = ruling(kind, tables, ctx.mnemonic)
        ln.say(f"{kind.name.replace('_', ' ').lower()}: {ln.outcome.value}", rule.law)
    if replay is not None:
        # Law (f): each deal is played only once by each player; Law V Sec.1: a table that
        # must not overplay a deal takes the average. The first play counts.
        ln.outcome = Outcome.AVERAGE
        ln.say(replay.text(result.tray), REPLAY_RULE)
    if ns is not None:
        ln.steps.append(_as_made(ns))
    if ln.outcome is Outcome.STANDS:
        ln.counted_ns = _whole(ns) if ns is not None else None
        ln.final_ns = ln.counted_ns
    return ln


def _reference(ln: _Line, standing: Sequence[_Line], ctx: DealContext) -> list[int]:
    """N/S tricks as made at the other tables that set the cap, floor and ceiling (A3)."""
    clean = ctx.settings.revoke_reference is RevokeReference.CLEAN_TABLES_ONLY
    # A table where both sides revoked takes the average: it made nothing for comparison.
    return [
        o.made_ns
        for o in standing
        if o is not ln
        and o.made_ns is not None
        and len(o.result.revokes) < 2
        and not (clean and o.result.revokes)
    ]


def _apply_revokes(standing: Sequence[_Line], ctx: DealContext) -> None:
    """Law VII Sec.4 at every table of the deal where a side revoked. Tables where one side
    revoked are held to the deal's final average, found together with their penalties."""
    played = [ln for ln in standing if ln.made_ns is not None]
    for ln in played:
        if len(ln.result.revokes) == 2:
            ln.adjustment = Adjustment.REVOKE
            _both_revoked(ln, ln.result.revokes, _reference(ln, standing, ctx))
    cases = [_Revoking.of(ln, standing, ctx) for ln in played if len(ln.result.revokes) == 1]
    if not cases:
        return
    revoking = {id(c.line) for c in cases}
    fixed = [
        ln.counted_ns for ln in standing if ln.counted_ns is not None and id(ln) not in revoking
    ]
    avg_ns = None
    if fixed or len(cases) > 1:
        alone = [c.counted_ns(None) for c in cases]
        start = sum(fixed + alone, Fraction(0)) / (len(fixed) + len(cases))
        avg_ns = final_average(fixed, [c.counted_ns for c in cases], start)
    for case in cases:
        others = [c.line.result.table for c in cases if c is not case]
        case.apply(avg_ns, others)


@dataclass(frozen=True, slots=True)
class _Revoking:
    """A table where one side revoked: its figures as functions of the deal's final average."""

    line: _Line
    revoke: Revoke
    made: int
    """The revokers' tricks as made, by the record that stands."""
    best: int | None
    """The innocent direction's best made at the reference tables (W14.4 cap); None: no cap."""

    @classmethod
    def of(cls, ln: _Line, standing: Sequence[_Line], ctx: DealContext) -> _Revoking:
        """The revoking table `ln` of the deal (one side revoked)."""
        assert ln.made_ns is not None
        revoke = ln.result.revokes[0]
        ns = revoke.side is Direction.NS
        made = ln.made_ns if ns else TRICKS - ln.made_ns
        ref = [v if ns else TRICKS - v for v in _reference(ln, standing, ctx)]
        record = ctx.record_revokes and ctx.settings.method is Method.PLUS_MINUS and ref
        return cls(ln, revoke, made, TRICKS - min(ref) if record else None)

    def penalty(self, avg_ns: Fraction | None) -> Penalty:
        """W14.1-W14.2 under the deal's final N/S average (None: no other table)."""
        ceiling = avg_ns
        if avg_ns is not None and self.revoke.side is Direction.EW:
            ceiling = TRICKS - avg_ns
        return held_to(self.made, self.revoke.count, self.revoke.tricks_after, ceiling)

    def innocent(self, pen: Penalty) -> Fraction:
        """The adversaries' counted tricks: capped in pair matches (W14.4), else i_pen."""
        if self.best is None:
            return TRICKS - pen.penalised
        return capped_innocent(TRICKS - self.made, TRICKS - pen.penalised, Fraction(self.best))

    def counted_ns(self, avg_ns: Fraction | None) -> Fraction:
        """N/S tricks as they count in the deal's average (a `ceiling.Counted`)."""
        innocent = self.innocent(self.penalty(avg_ns))
        return innocent if self.revoke.side is Direction.EW else TRICKS - innocent

    def apply(self, avg_ns: Fraction | None, others: Sequence[int]) -> None:
        """Set the table's figures and explain them."""
        ln, revoke, side = self.line, self.revoke, self.revoke.side
        pen = self.penalty(avg_ns)
        ln.adjustment = Adjustment.REVOKE
        law = "Law VII Sec.4"
        what = f"{side.label} revoked {revoke.count} time(s)"
        if revoke.failed_calls:
            what += f" ({revoke.failed_calls} a failure to obey a lawful call, Law X Sec.5)"
        ln.say(
            f"{what}: transfer {pen.transfer}, but the {pen.before} tricks won before the first"
            f" revoke are kept: {self.made} -> {pen.after_transfer}",
            law,
        )
        if pen.ceiling is None:
            ln.say(
                "No other table played the deal: the transfer alone applies", "W14 (no reference)"
            )
        else:
            ln.say(_ceiling_text(side, pen, others), law)
        innocent = self.innocent(pen)
        marks = ("-R", "+R") if side is Direction.NS else ("+R", "-R")
        ln.marks = marks
        if self.best is not None:
            ln.say(
                f"Recorded as made with {marks[0]}/{marks[1]}: adversaries counted at"
                f" {_fmt(innocent)} (capped at the best made elsewhere, {self.best}, never"
                f" below the {TRICKS - self.made} they made); revokers counted at"
                f" {_fmt(TRICKS - innocent)} for the averages, then reduced to"
                f" {_fmt(pen.penalised)} for the full penalty",
                "Law VII Sec.4, second paragraph (W14.4)",
            )
        ln.counted_ns = self.counted_ns(avg_ns)
        ln.final_ns = innocent if side is Direction.EW else pen.penalised
        ln.final_ew = pen.penalised if side is Direction.EW else innocent


def _ceiling_text(side: Direction, pen: Penalty, others: Sequence[int]) -> str:
    """The explanation of the average ceiling (W14.2) against the deal's final average."""
    assert pen.ceiling is not None
    text = f"Average ceiling: the deal's final {side.label} average, {_fmt(pen.ceiling)}"
    if others:
        tables = ", ".join(str(t) for t in others)
        penalty = "penalty at table" if len(others) == 1 else "penalties at tables"
        text += f" (found together with the {penalty} {tables})"
    text += f": revokers {_fmt(pen.penalised)}"
    if pen.before > pen.ceiling:
        return (
            f"{text}; the {pen.before} tricks won before the first revoke are kept, though"
            ' above the average ("in no case")'
        )
    return f"{text} (never below the {pen.before} won before the first revoke)"


def _both_revoked(ln: _Line, revokes: Sequence[Revoke], ref_ns: list[int]) -> None:
    """Both sides revoked: each is held at or below, and as the other's adversary at or above,
    the average, so both take the average (A6); with no other table the transfers net out."""
    ln.marks = ("-R", "-R")
    if ref_ns:
        ln.counted_ns = None
        ln.outcome = Outcome.AVERAGE
        ln.say("Both sides revoked: both take the average for the deal", "Law VII Sec.4 (A6)")
        return
    moved = {r.side: min(transfer(r.count), r.tricks_after) for r in revokes}
    ns = Fraction(ln.made_ns or 0) - moved[Direction.NS] + moved[Direction.EW]
    ln.counted_ns = ln.final_ns = ns
    ln.final_ew = TRICKS - ns
    ln.say(
        f"Both sides revoked and no other table played the deal: transfers net out, N/S {_fmt(ns)}",
        "Law VII Sec.4",
    )


class _Average:
    """A deal's average, and the figures each final score makes against it.

    A deal's tables share a few final scores (tricks 0 to 13, mostly): each one's plus/minus
    and its explanation are worked out once, not at every table, for Fraction arithmetic and
    its text are most of the cost of scoring a deal."""

    __slots__ = ("_figures", "_lead", "award", "counted", "ew", "ns")

    def __init__(self, avg_ns: Fraction | None) -> None:
        # No table's result counts: half the tricks stand for the average.
        self.counted = avg_ns is not None
        self.ns = HALF if avg_ns is None else avg_ns
        self.ew = TRICKS - self.ns
        # The explanation at a table credited the average.
        self.award = Step(
            f"Average score: N/S {_fmt(self.ns)}, E/W {_fmt(self.ew)}; plus/minus 0", "W13"
        )
        self._lead = f"Deal average N/S {_fmt(self.ns)}, E/W {_fmt(self.ew)}: plus/minus"
        # Keyed by numerators and denominators: hashing a Fraction costs more than the tuple.
        self._figures: dict[tuple[int, ...], tuple[Fraction, Fraction, Fraction, Step]] = {}

    def figures(
        self, final_ns: Fraction, final_ew: Fraction | None
    ) -> tuple[Fraction, Fraction, Fraction, Step]:
        """For a table's final N/S and E/W tricks (None: the rest of the 13): the final E/W
        tricks, the plus/minus of N/S and of E/W, and their explanation (W2)."""
        key: tuple[int, ...] = (final_ns.numerator, final_ns.denominator)
        if final_ew is not None:
            key += (final_ew.numerator, final_ew.denominator)
        found = self._figures.get(key)
        if found is None:
            pm_ns = final_ns - self.ns
            if final_ew is None:  # E/W's share of the 13 against theirs: -pm_ns, exactly
                ew, pm_ew = TRICKS - final_ns, -pm_ns
            else:
                ew, pm_ew = final_ew, final_ew - self.ew
            step = Step(f"{self._lead} N/S {_signed(pm_ns)}, E/W {_signed(pm_ew)}", "W2")
            found = self._figures[key] = (ew, pm_ns, pm_ew, step)
        return found


def _finish(ln: _Line, avg: _Average, lines: Sequence[_Line], ctx: DealContext) -> TableScore:
    r = ln.result
    stands = ln.outcome is Outcome.STANDS
    if not stands:
        ln.final_ns, ln.final_ew = avg.ns, avg.ew
        if ln.adjustment is not Adjustment.REVOKE:
            ln.adjustment = Adjustment.AVERAGE
        ln.steps.append(avg.award)
    assert ln.final_ns is not None
    if ctx.mnemonic and stands:
        if ln.final_ew is None:
            ln.final_ew = TRICKS - ln.final_ns
        pm_ns = _mnemonic_pm(ln, lines)
        pm_ew = -pm_ns
        ln.adjustment = Adjustment.MNEMONIC if ln.adjustment is Adjustment.NONE else ln.adjustment
    else:
        ln.final_ew, pm_ns, pm_ew, explained = avg.figures(ln.final_ns, ln.final_ew)
        if avg.counted and stands:
            ln.steps.append(explained)
    return TableScore(
        round=r.round,
        table=r.table,
        tray=r.tray,
        version=r.version,
        ns=holders(ln.seating, Direction.NS),
        ew=holders(ln.seating, Direction.EW),
        made_ns=ln.made_ns,
        counted_ns=ln.counted_ns,
        final_ns=ln.final_ns,
        final_ew=ln.final_ew,
        pm_ns=pm_ns,
        pm_ew=pm_ew,
        adjustment=ln.adjustment,
        marks=ln.marks,
        steps=tuple(ln.steps),
    )


def _mnemonic_pm(ln: _Line, lines: Sequence[_Line]) -> Fraction:
    """Mnemonic play: N/S compared with the play in which the same competitors held the other
    hands (docs/scoring-rules.md#mnemonic-play); half the difference, so the two plays together
    give the difference."""
    who = set(ln.seating.places)
    for other in lines:
        replay = other is not ln and set(other.seating.places) == who
        if replay and other.outcome is Outcome.STANDS and other.final_ns is not None:
            assert ln.final_ns is not None
            pm = (ln.final_ns - other.final_ns) / 2
            ln.say(
                f"Mnemonic: compared with the replay (round {other.result.round}), where the"
                f" other hands made N/S {_fmt(other.final_ns)}: N/S {_signed(pm)}",
                "Mnemonic Duplicate (docs/scoring-rules.md#mnemonic-play)",
            )
            return pm
    ln.say("Mnemonic: the replay is not entered yet; credited level", "W5")
    return Fraction(0)


def _matchpoint(
    deal: DealScore, lines: Sequence[_Line], expected: int, ctx: DealContext
) -> DealScore:
    """Matchpoints over the real results (W14.2 penalised tricks, no clamp: M1), scaled with
    Neuberg to the expected plays; artificial and law averages take a share of the top."""
    scale = ctx.settings.scale
    expected = max(expected, len(lines))
    full_top = mp.top(expected, scale)
    real = [
        i for i, ln in enumerate(lines) if ln.outcome is Outcome.STANDS and ln.final_ns is not None
    ]
    # The final figures are W14.2's r_pen/i_pen: the W14.4 clamp is not applied here.
    ns_scores = [(lines[i].result.fouled_group, deal.tables[i].final_ns) for i in real]
    points = dict(zip(real, mp.score_groups(ns_scores, expected, scale), strict=True))
    tables = []
    for i, t in enumerate(deal.tables):
        if i in points:
            mp_ns = points[i]
            mp_ew = full_top - mp_ns
            note = f"Matchpoints N/S {_fmt(mp_ns)}, E/W {_fmt(mp_ew)} of {_fmt(full_top)}"
            rule = "M1" if len(real) == expected else "M1, Neuberg M3"
        else:
            awards = lines[i].result.awards
            if lines[i].outcome is Outcome.AVERAGE:
                awards = (Award.AVERAGE, Award.AVERAGE)
            mp_ns = ARTIFICIAL_SHARE[awards[0]] * full_top
            mp_ew = ARTIFICIAL_SHARE[awards[1]] * full_top
            note = f"Artificial score {awards[0].value}/{awards[1].value} of {_fmt(full_top)}"
            rule = "WBF Law 12C (M4)"
        steps = (*t.steps, Step(note, rule))
        tables.append(replace(t, mp_ns=mp_ns, mp_ew=mp_ew, top=full_top, steps=steps))
    return DealScore(
        deal.tray,
        deal.version,
        deal.avg_ns,
        deal.avg_ew,
        deal.top_ns,
        deal.bottom_ns,
        deal.counting,
        tuple(tables),
        deal.replaced,
        full_top,
    )


def _fmt(x: Fraction) -> str:
    """An exact figure for an explanation: 7, 15/2."""
    return str(x)


def _signed(x: Fraction) -> str:
    return f"+{x}" if x.numerator > 0 else str(x)  # the sign is the numerator's: no comparison
