"""Why a competitor got a figure: the inputs, the law or rule applied, and the steps.

`explain(result, label, tray)` answers "why did we get minus two on tray 7?";
`explain(result, label)` adds every deal up to the total.
"""

from __future__ import annotations

from fractions import Fraction

from director.scoring.model import SectionResult, Step, TableScore
from schedules.types import Label, TrayNo


def _mine(t: TableScore, label: Label) -> tuple[str, Fraction, Fraction] | None:
    if label in t.ns:
        return "N/S", t.final_ns, t.pm_ns
    if label in t.ew:
        return "E/W", t.final_ew, t.pm_ew
    return None


def explain(result: SectionResult, label: Label, tray: TrayNo | None = None) -> tuple[Step, ...]:
    """The steps behind `label`'s score on one tray, or behind its total when `tray` is None."""
    steps: list[Step] = []
    total = Fraction(0)
    for deal in result.deals:
        if tray is not None and deal.tray != tray:
            continue
        for t in deal.tables:
            side = _mine(t, label)
            if side is None:
                continue
            hands, tricks, pm = side
            total += pm
            head = f"Tray {t.tray}"
            if t.version > 1:
                head += f" (new deal {t.version}; earlier versions no longer count)"
            steps.append(
                Step(
                    f"{head}, round {t.round}, table {t.table}: {label} held the {hands} hands"
                    f" against {', '.join(t.ew if hands == 'N/S' else t.ns)}",
                )
            )
            steps.extend(Step(f"  {s.text}", s.rule) for s in t.steps)
            steps.append(Step(f"  {label}: {tricks} tricks, plus/minus {_signed(pm)}"))
    if tray is None:
        # a repair changes whom a competitor met and which deals it played: say so with the total
        steps.extend(Step(f"The movement was repaired in play: {r}") for r in result.repairs)
        steps.append(Step(f"Total plus/minus for {label}: {_signed(total)}", "W2-W5"))
    elif not steps:
        steps.append(Step(f"{label} did not play tray {tray}: credited the average (pm 0)", "W5"))
    return tuple(steps)


def explain_text(result: SectionResult, label: Label, tray: TrayNo | None = None) -> str:
    """`explain` as printable lines, each with its rule in brackets."""
    return "\n".join(
        f"{s.text}  [{s.rule}]" if s.rule else s.text for s in explain(result, label, tray)
    )


def _signed(x: Fraction) -> str:
    return f"+{x}" if x > 0 else str(x)
