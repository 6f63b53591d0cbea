"""What the results say for a scored session: standings, per-deal sheets, personal sheets, and
Safford's husband against wife. Every figure comes from `director.scoring`'s result and is
rounded here, for display only, with the scoring's own `figure` formatter."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from director.scoring.model import (
    TRICKS,
    Adjustment,
    DealScore,
    IrregularityKind,
    Method,
    NewDeal,
    SectionPlay,
    SectionResult,
    Standing,
    TableScore,
)
from director.scoring.session import marked_names
from director.scoring.session import provisional as missing_results
from director.scoring.text import figure as _figure
from schedules.types import Label


def figure(value: Fraction | int | None, signed: bool = False) -> str:
    """The scoring's `figure`, remembered: a large event's sheets print the same few thousand
    figures tens of thousands of times."""
    if value is None:
        return _figure(None)
    # Keyed by the integers: a Fraction's hash is a modular inverse, computed on every call.
    return _figure_of(value.numerator, value.denominator, signed)


@lru_cache(maxsize=1 << 14)
def _figure_of(numerator: int, denominator: int, signed: bool) -> str:
    return _figure(Fraction(numerator, denominator), signed)


WINNER_MARK = "★"
"""Marks the winners' rows in the standings (drawn with the embedded font)."""


@dataclass(frozen=True, slots=True)
class Table:
    """A titled grid of text: headings and rows, already formatted."""

    title: str
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ResultsDocument:
    """Everything the results print: winners, rankings, deals, personal sheets, couples."""

    winners: tuple[str, ...]
    rankings: tuple[Table, ...]
    deals: tuple[Table, ...]
    personal: tuple[Table, ...]
    couples: Table | None
    provisional: str = ""
    """"Provisional: 40 of 45 results entered" until every play has its result, else ""."""
    replay: tuple[str, ...] = ()
    """Each tray given a new deal after play whose new deal is not played yet, and what to do."""

    @property
    def winners_title(self) -> str:
        """ "Winners" once every result is in; "Leading" before, when nobody has won yet."""
        return "Leading" if self.provisional else "Winners"


def results_document(play: SectionPlay, result: SectionResult) -> ResultsDocument:
    """What the results papers say for a scored play."""
    names = play.names
    mp = result.method is Method.MATCHPOINTS
    won = {label for w in result.winners for label in w.labels}
    # Safford ranks by tricks lost (fewest wins): print them beside the tricks won.
    lost = bool(result.subtotals)
    winners = tuple(
        f"{WINNER_MARK} {w.title}: "
        + " = ".join(_who(label, names) for label in w.labels)
        + f" ({winning_figure(w.figure, mp, lost, w.title == 'team')})"
        for w in result.winners
    )
    marked = marked_names(play)
    rankings = tuple(
        _ranking(field, rows, marked, won, mp, lost) for field, rows in result.standings.items()
    )
    irregular = {r.key: r.irregularity.kind for r in play.results if r.irregularity is not None}
    new_deals = {(n.tray, n.version): n for n in play.new_deals}
    deals = tuple(_deal(d, names, mp, irregular, new_deals) for d in result.deals)
    personal = _personal(play, result, names, mp, deals)
    couples = None
    if result.couples:
        couples = Table(
            "Husband against wife (tricks lost on the hands both held; fewer is better)",
            ("Couple", "Wife", "Husband", "Hands", "Wife lost", "Husband lost"),
            tuple(
                (
                    c.couple,
                    _who(c.wife, names),
                    _who(c.husband, names),
                    str(c.deals),
                    figure(c.wife_lost),
                    figure(c.husband_lost),
                )
                for c in result.couples
            ),
        )
    replay = _replays(play, result)
    provisional = missing_results(play)
    return ResultsDocument(winners, rankings, deals, personal, couples, provisional, replay)


def _replays(play: SectionPlay, result: SectionResult) -> tuple[str, ...]:
    """A line for each tray dealt again after play (its new version counts) whose new deal
    has no result yet: the director must have it replayed, or score it not played."""
    entered = {(r.tray, r.version) for r in play.results}
    lines = []
    for deal in result.deals:
        played = any((deal.tray, v) in entered for v in deal.replaced)
        if played and (deal.tray, deal.version) not in entered:
            lines.append(
                f"Tray {deal.tray} was given a new deal after play: have every table that "
                "played it replay the new deal, or enter it as not played at each table."
            )
    return tuple(lines)


def winning_figure(value: Fraction, mp: bool, lost: bool, teams: bool) -> str:
    """The winners' figure with its sign and unit: "+7.5 tricks", "61.3%", "41 tricks lost"."""
    if teams:
        return f"{figure(value)} matches won"
    if lost:
        return f"{figure(value)} tricks lost"
    if mp:
        return f"{figure(value)}%"
    return f"{figure(value, signed=True)} tricks against the average"


def _who(label: Label, names: dict[Label, str]) -> str:
    name = names.get(label, "")
    return f"{label} {name}" if name else label


def _ranking(
    field: str,
    rows: tuple[Standing, ...],
    names: dict[Label, str],
    won: set[Label],
    mp: bool,
    lost: bool,
) -> Table:
    equated = any(s.equated is not None for s in rows)
    headings: tuple[str, ...] = ("", "Place", "No.", "Name", "Deals", "Tricks", "+/-")
    if equated:
        headings += ("Equated",)
    if mp:
        headings += ("Matchpoints", "%")
    if lost:
        headings += ("Tricks lost",)
    body = []
    for s in rows:
        row: tuple[str, ...] = (
            WINNER_MARK if s.label in won and s.place.rstrip("=") == "1" else "",
            s.place,
            s.label,
            names.get(s.label, ""),
            str(s.deals),
            figure(s.raw),
            figure(s.plus_minus, signed=True),
        )
        if equated:
            row += (figure(s.equated),)
        if mp:
            row += (figure(s.matchpoints), figure(s.percent))
        if lost:
            row += (figure(TRICKS * s.deals - s.raw),)
        body.append(row)
    return Table(f"Standings: {field}", headings, tuple(body))


def _deal(
    deal: DealScore,
    names: dict[Label, str],
    mp: bool,
    irregular: dict[tuple[int, int, int, int], IrregularityKind],
    new_deals: dict[tuple[int, int], NewDeal],
) -> Table:
    headings: tuple[str, ...] = ("Round", "Table", "N-S", "E-W", "N-S tricks", "Counted", "Marks")
    headings += ("MP N-S", "MP E-W") if mp else ("+/- N-S", "+/- E-W")
    headings += ("Note",)
    rows = tuple(_deal_row(t, mp, irregular) for t in deal.tables)
    notes = [_average_line(deal)]
    if deal.version > 1:
        law = new_deals.get((deal.tray, deal.version))
        why = f" ({law.law.value}{': ' + law.note if law.note else ''})" if law else ""
        replaced = ", ".join(str(v) for v in deal.replaced)
        notes.append(f"New deal: version {deal.version} replaces version {replaced}{why}")
    notes.extend(deal.warnings)
    title = f"Tray {deal.tray}" + (f" (deal version {deal.version})" if deal.version > 1 else "")
    return Table(title, headings, rows, tuple(notes))


def _average_line(deal: DealScore) -> str:
    """The deal's average over the tables that count, with its top and bottom."""
    if not deal.counting:
        return "No result counts yet: the average comes with the first one."
    line = (
        f"Average: N-S {figure(deal.avg_ns)}, E-W {figure(deal.avg_ew)} "
        f"over {deal.counting} table{'s' if deal.counting != 1 else ''}"
    )
    if deal.top_ns is not None and deal.bottom_ns is not None:
        line += f"; top N-S {deal.top_ns}, bottom N-S {deal.bottom_ns} tricks"
    return line


def _deal_row(
    t: TableScore, mp: bool, irregular: dict[tuple[int, int, int, int], IrregularityKind]
) -> tuple[str, ...]:
    made = "—" if t.made_ns is None else str(t.made_ns)
    counted = "—" if t.counted_ns is None else figure(t.counted_ns)
    marks = revoke_marks(t.marks)
    if mp:
        scores = (figure(t.mp_ns), figure(t.mp_ew))
    else:
        scores = (figure(t.pm_ns, signed=True), figure(t.pm_ew, signed=True))
    note = [] if t.adjustment is Adjustment.NONE else [t.adjustment.value]
    kind = irregular.get((t.tray, t.version, t.round, t.table))
    if kind is not None:  # what happened, what it did to the score, and the law
        law = [kind.value] if kind.value.startswith("Law") else []
        note = [f"{kind.words}: {', '.join([*note, *law])}"]
    return (
        str(t.round),
        str(t.table),
        "-".join(t.ns),
        "-".join(t.ew),
        made,
        counted,
        marks,
        *scores,
        "; ".join(note),
    )


def revoke_marks(marks: tuple[str, str]) -> str:
    """The revoke marks naming their side: "N-S -R, E-W +R" ("" without a revoke)."""
    return ", ".join(
        f"{side} {mark}" for side, mark in zip(("N-S", "E-W"), marks, strict=True) if mark
    )


TRICKS_HEADING = "Tricks counted"
"""A personal sheet's tricks: counted after any revoke penalty."""
REVOKE_KEY = "+R: tricks gained by the opponents' revoke; -R: tricks lost by your own revoke."
"""Under a personal sheet with a revoke: what its marks mean, from the sheet's own side."""


def _personal(
    play: SectionPlay,
    result: SectionResult,
    names: dict[Label, str],
    mp: bool,
    deals: tuple[Table, ...],
) -> tuple[Table, ...]:
    """A sheet per competitor: every deal it played, from its side. The round, table, pairs
    and scores are the deal sheets' own text (`deals`, a row for each of `result`'s tables)."""
    played: dict[Label, list[tuple[tuple[int, int], tuple[str, ...]]]] = {
        who: [] for who in play.movement.field
    }
    for deal, sheet in zip(result.deals, deals, strict=True):
        tray = str(deal.tray)
        for t, (round_, table, ns, ew, *_, score_ns, score_ew, _note) in zip(
            deal.tables, sheet.rows, strict=True
        ):
            for mine, theirs, side, tricks, mark, score in (
                (t.ns, ew, "N-S", t.final_ns, t.marks[0], score_ns),
                (t.ew, ns, "E-W", t.final_ew, t.marks[1], score_ew),
            ):
                row = (
                    tray,
                    round_,
                    table,
                    side,
                    theirs,
                    figure(tricks) + (f" {mark}" if mark else ""),
                    score,
                )
                for who in mine:
                    played.setdefault(who, []).append(((t.round, t.tray), row))
    totals = {s.label: s for rows in result.standings.values() for s in rows}
    sheets = []
    for who, plays in played.items():
        rows = [row for _, row in sorted(plays, key=lambda play: play[0])]
        notes: tuple[str, ...] = ()
        if who in totals:
            s = totals[who]
            total = f"Total: {figure(s.raw)} tricks, plus/minus {figure(s.plus_minus, signed=True)}"
            if s.equated is not None:
                total += f", equated {figure(s.equated)}"
            if mp:
                total += f", {figure(s.matchpoints)} matchpoints, {figure(s.percent)}%"
            notes = (total,)
        if any(row[5].endswith("R") for row in rows):
            notes += (REVOKE_KEY,)
        headings: tuple[str, ...] = ("Tray", "Round", "Table", "Hands", "Opponents", TRICKS_HEADING)
        headings += ("Matchpoints",) if mp else ("+/-",)
        sheets.append(Table(_who(who, names), headings, tuple(rows), notes))
    return tuple(sheets)
