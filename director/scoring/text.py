"""The scored session as plain text: winners, standings and per-deal scores.

Figures are exact until here; this is where they are rounded, to two decimals.
"""

from __future__ import annotations

from fractions import Fraction

from director.scoring.model import TRICKS, DealScore, Method, SessionResult, Standing


def figure(x: Fraction | None, signed: bool = False) -> str:
    """A figure for display: two decimals at most, trailing zeros dropped.

    >>> figure(Fraction(7, 2)), figure(Fraction(-1, 3)), figure(Fraction(2), signed=True)
    ('3.5', '-0.33', '+2')
    """
    if x is None:
        return "-"
    text = f"{float(x):.2f}".rstrip("0").rstrip(".")
    text = "0" if text == "-0" else text
    return f"+{text}" if signed and x > 0 else text


def report(result: SessionResult, names: dict[str, str] | None = None) -> str:
    """The whole session as text."""
    names = names or {}
    lines = ["Winners"]
    for w in result.winners:
        who = " = ".join(f"{label} {names.get(label, '')}".strip() for label in w.labels)
        lines.append(f"  {w.title:<10} {who}  ({figure(w.figure)})")
    for name, rows in result.standings.items():
        lost = bool(result.subtotals)  # Safford ranks on tricks lost
        lines += ["", f"Standings: {name}", _header(result.method) + ("    lost" if lost else "")]
        lines += [
            _row(s, result.method, names)
            + (f"{figure(TRICKS * s.deals - s.raw):>8}" if lost else "")
            for s in rows
        ]
    if result.teams:
        lines += ["", "Teams", f"  {'place':<6}{'team':<10}{'tricks':>9}{'margin':>9}{'won':>6}"]
        lines += [
            f"  {t.place:<6}{t.team:<10}{figure(t.tricks):>9}{figure(t.margin, True):>9}"
            f"{figure(t.matches_won):>6}"
            for t in result.teams
        ]
    if result.couples:
        lines += ["", "Husband against wife (tricks lost on the hands both held)"]
        lines += [
            f"  {c.couple:<6} {c.deals:>3} hands  wife {figure(c.wife_lost)}"
            f"  husband {figure(c.husband_lost)}"
            for c in result.couples
        ]
    if result.subtotals:
        lines += ["", "Tricks lost, subtotal after each four hands"]
        lines += [
            f"  {s.label:<6} " + " ".join(f"{figure(v):>5}" for v in s.lost)
            for s in result.subtotals
        ]
    lines += ["", "Deals"]
    for deal in result.deals:
        lines += _deal(deal)
    if result.warnings:
        lines += ["", "Warnings"] + [f"  {w}" for w in result.warnings]
    return "\n".join(lines)


def _header(method: Method) -> str:
    if method is Method.MATCHPOINTS:
        return f"  {'place':<6}{'who':<16}{'deals':>6}{'MP':>9}{'top':>7}{'%':>8}"
    return f"  {'place':<6}{'who':<16}{'deals':>6}{'tricks':>8}{'+/-':>8}{'equated':>9}"


def _row(s: Standing, method: Method, names: dict[str, str]) -> str:
    who = f"{s.label} {names.get(s.label, '')}".strip()[:15]
    if method is Method.MATCHPOINTS:
        return (
            f"  {s.place:<6}{who:<16}{s.deals:>6}{figure(s.matchpoints):>9}"
            f"{figure(s.top):>7}{figure(s.percent):>8}"
        )
    return (
        f"  {s.place:<6}{who:<16}{s.deals:>6}{figure(s.raw):>8}"
        f"{figure(s.plus_minus, True):>8}{figure(s.equated):>9}"
    )


def _deal(d: DealScore) -> list[str]:
    version = f" (new deal {d.version})" if d.version > 1 else ""
    avg = (
        "no counting result"
        if d.avg_ns is None
        else (
            f"average N/S {figure(d.avg_ns)} E/W {figure(TRICKS - d.avg_ns)},"
            f" top N/S {d.top_ns}, bottom N/S {d.bottom_ns}"
        )
    )
    out = [f"  Tray {d.tray}{version}: {avg}"]
    for t in d.tables:
        made = "-" if t.made_ns is None else str(t.made_ns)
        mp = "" if t.mp_ns is None else f"  MP {figure(t.mp_ns)}/{figure(t.mp_ew)}"
        note = "" if t.adjustment.value == "as made" else f"  [{t.adjustment.value}]"
        marks = " ".join(m for m in t.marks if m)
        out.append(
            f"    T{t.table} R{t.round}  {'+'.join(t.ns):>5} v {'+'.join(t.ew):<5}"
            f" made {made:>2}  N/S {figure(t.final_ns):>5} {figure(t.pm_ns, True):>6}"
            f"  E/W {figure(t.final_ew):>5} {figure(t.pm_ew, True):>6}{mp}{note} {marks}".rstrip()
        )
    return out
