"""The scored session as plain text: winners, standings and per-deal scores.

Figures are exact until here; this is where they are rounded for display: to two decimals by
default, or to tenths, halves or the historical nearest whole number (an option, never the
default: docs/scoring-rules.md#w11-rounding).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import partial

from director.scoring.model import TRICKS, DealScore, Method, SectionResult, Standing

Figure = Callable[..., str]
"""`figure` with the rounding chosen."""


class Rounding(enum.Enum):
    """How figures are rounded for display; the value is the step."""

    HUNDREDTHS = "0.01"
    TENTHS = "0.1"
    HALVES = "0.5"
    WHOLE = "1"
    """The historical "nearest whole number"."""

    @classmethod
    def named(cls, word: str) -> Rounding:
        """From the event setting's word: exact (two decimals shown), tenths, halves, whole."""
        words = {"exact": cls.HUNDREDTHS, "tenths": cls.TENTHS, "halves": cls.HALVES}
        words["whole"] = cls.WHOLE
        try:
            return words[word]
        except KeyError:
            raise ValueError(f"rounding {word!r}: choose {', '.join(words)}") from None


_STEPS = {r: Fraction(r.value) for r in Rounding}
"""Each rounding's step, made once."""


def figure(
    x: Fraction | None, signed: bool = False, rounding: Rounding = Rounding.HUNDREDTHS
) -> str:
    """A figure for display, rounded half away from zero to the step, trailing zeros dropped.

    >>> figure(Fraction(7, 2)), figure(Fraction(-1, 3)), figure(Fraction(2), signed=True)
    ('3.5', '-0.33', '+2')
    >>> [figure(Fraction(-11, 4), rounding=r) for r in Rounding]
    ['-2.75', '-2.8', '-3', '-3']
    """
    if x is None:
        return "-"
    step = _STEPS[rounding]
    # floor(|x| / step + 1/2) in whole numbers: exact, and a screen rounds every figure it
    # shows at every score (Fraction arithmetic and parsing the step took most of the time)
    over = abs(x.numerator) * step.denominator
    under = x.denominator * step.numerator
    whole = (2 * over + under) // (2 * under)
    value = math.copysign(1, x) * whole * step
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    text = "0" if text in ("-0", "") else text
    return f"+{text}" if signed and value > 0 else text


def report(
    result: SectionResult,
    names: dict[str, str] | None = None,
    rounding: Rounding = Rounding.HUNDREDTHS,
    provisional: str = "",
) -> str:
    """The whole session as text, figures rounded as asked; while results are missing
    (`provisional` says which, `director.scoring.session.provisional`) it says so first and
    names those leading, not winners."""
    names = names or {}
    fig = partial(figure, rounding=rounding)
    lines = [provisional, "", "Leading"] if provisional else ["Winners"]
    for w in result.winners:
        who = " = ".join(labelled(label, names) for label in w.labels)
        lines.append(f"  {w.title:<10} {who}  ({fig(w.figure)})")
    for name, rows in result.standings.items():
        lost = bool(result.subtotals)  # Safford ranks on tricks lost
        width = max([WHO_WIDTH, *(len(_who(s, names)) for s in rows)])
        header = _header(result.method, width) + ("    lost" if lost else "")
        lines += ["", f"Standings: {name}", header]
        lines += [
            _row(s, result.method, names, fig, width)
            + (f"{fig(TRICKS * s.deals - s.raw):>8}" if lost else "")
            for s in rows
        ]
    if result.teams:
        lines += ["", "Teams", f"  {'place':<6}{'team':<10}{'tricks':>9}{'margin':>9}{'won':>6}"]
        lines += [
            f"  {t.place:<6}{t.team:<10}{fig(t.tricks):>9}{fig(t.margin, True):>9}"
            f"{fig(t.matches_won):>6}"
            for t in result.teams
        ]
    if result.couples:
        lines += ["", "Husband against wife (tricks lost on the hands both held)"]
        lines += [
            f"  {c.couple:<6} {c.deals:>3} hands  wife {fig(c.wife_lost)}"
            f"  husband {fig(c.husband_lost)}"
            for c in result.couples
        ]
    if result.subtotals:
        lines += ["", "Tricks lost, subtotal after each four hands"]
        lines += [
            f"  {s.label:<6} " + " ".join(f"{fig(v):>5}" for v in s.lost) for s in result.subtotals
        ]
    lines += ["", "Deals"]
    for deal in result.deals:
        lines += _deal(deal, fig)
    if result.warnings:
        lines += ["", "Warnings"] + [f"  {w}" for w in result.warnings]
    return "\n".join(lines)


WHO_WIDTH = 15
"""The narrowest the "who" column is; a longer name widens it, never cut short."""


def labelled(label: str, names: Mapping[str, str]) -> str:
    """The label and its name ("15 Opal Smith"), or the label alone when it has none."""
    return f"{label} {names.get(label, '')}".strip()


def _who(s: Standing, names: dict[str, str]) -> str:
    return labelled(s.label, names)


def _header(method: Method, width: int) -> str:
    who = "who".ljust(width + 1)
    if method is Method.MATCHPOINTS:
        return f"  {'place':<6}{who}{'deals':>6}{'MP':>9}{'top':>7}{'%':>8}"
    return f"  {'place':<6}{who}{'deals':>6}{'tricks':>8}{'+/-':>8}{'equated':>9}"


def _row(s: Standing, method: Method, names: dict[str, str], fig: Figure, width: int) -> str:
    who = _who(s, names).ljust(width + 1)
    if method is Method.MATCHPOINTS:
        return (
            f"  {s.place:<6}{who}{s.deals:>6}{fig(s.matchpoints):>9}"
            f"{fig(s.top):>7}{fig(s.percent):>8}"
        )
    return (
        f"  {s.place:<6}{who}{s.deals:>6}{fig(s.raw):>8}"
        f"{fig(s.plus_minus, True):>8}{fig(s.equated):>9}"
    )


def _deal(d: DealScore, fig: Figure) -> list[str]:
    version = f" (new deal {d.version})" if d.version > 1 else ""
    avg = (
        "no counting result"
        if d.avg_ns is None
        else (
            f"average N/S {fig(d.avg_ns)} E/W {fig(TRICKS - d.avg_ns)},"
            f" top N/S {d.top_ns}, bottom N/S {d.bottom_ns}"
        )
    )
    out = [f"  Tray {d.tray}{version}: {avg}"]
    for t in d.tables:
        made = "-" if t.made_ns is None else str(t.made_ns)
        mp = "" if t.mp_ns is None else f"  MP {fig(t.mp_ns)}/{fig(t.mp_ew)}"
        note = "" if t.adjustment.value == "as made" else f"  [{t.adjustment.value}]"
        marks = " ".join(m for m in t.marks if m)
        out.append(
            f"    T{t.table} R{t.round}  {'+'.join(t.ns):>5} v {'+'.join(t.ew):<5}"
            f" made {made:>2}  N/S {fig(t.final_ns):>5} {fig(t.pm_ns, True):>6}"
            f"  E/W {fig(t.final_ew):>5} {fig(t.pm_ew, True):>6}{mp}{note} {marks}".rstrip()
        )
    return out
