"""Plain-text rendering of a movement for the director: the grid, the verdict, the balance."""

from __future__ import annotations

from schedules.balance import BalanceReport
from schedules.findings import Finding
from schedules.types import Movement, Seating


def cell(s: Seating) -> str:
    """One grid cell: who sits where and the trays, e.g. "3-7 / 5-6" or "1 2 3 4 / 9"."""
    who = "-".join(s.places) if not s.is_individual else " ".join(s.places)
    trays = _tray_range(s.trays)
    return f"{who}{'*' if s.switched else ''} / {trays}"


def number_ranges(values: list[int]) -> str:
    """Sorted numbers as runs: [1, 2, 3, 5] -> "1-3, 5"."""
    parts: list[str] = []
    for v in values:
        if parts and parts[-1].split("-")[-1] == str(v - 1):
            parts[-1] = f"{parts[-1].split('-')[0]}-{v}"
        else:
            parts.append(str(v))
    return ", ".join(parts)


def _tray_range(trays: tuple[int, ...]) -> str:
    # the ends first: most lists that are not a run (trays exchanged) end below their start
    if (
        len(trays) > 1
        and trays[-1] - trays[0] == len(trays) - 1
        and list(trays) == list(range(trays[0], trays[0] + len(trays)))
    ):
        return f"{trays[0]}-{trays[-1]}"
    return ",".join(map(str, trays))


def grid(movement: Movement) -> str:
    """The round-by-table grid a director reads; sit-outs in the last column."""
    tables = movement.table_numbers
    header = ["Rd", *[f"T{t}" for t in tables], "out"]
    rows = [header]
    for r, seatings in movement.by_round():
        at: dict[int, str] = {}
        for s in seatings:
            # A round split at one table (half-round arrow switch) shows both parts.
            at[s.table] = f"{at[s.table]} + {cell(s)}" if s.table in at else cell(s)
        out = " ".join(movement.sitouts.get(r, ())) or ""
        rows.append([str(r), *[at.get(t, "") for t in tables], out])
    # column by column and cell by cell in mapped passes: 58 teams make 20,000 cells
    widths = [max(map(len, column)) for column in zip(*rows, strict=True)]
    return "\n".join(["  ".join(map(str.ljust, row, widths)).rstrip() for row in rows])


def describe(movement: Movement) -> str:
    """Heading line: family, variant, size."""
    variant = f" ({movement.variant})" if movement.variant else ""
    mnemonic = ", mnemonic" if movement.mnemonic else ""
    # A team event's field is its pairs; the heading counts the teams they form.
    entrants = len(movement.teams) if movement.teams else len(movement.field)
    return (
        f"{movement.family}{variant}: {entrants} {movement.competitors.value}, "
        f"{size(movement)}{mnemonic}"
    )


def size(movement: Movement) -> str:
    """A movement's tables, rounds and trays in words: "3 tables, 1 round, 4 trays"."""
    parts = ((movement.tables, "table"), (movement.rounds, "round"), (len(movement.trays), "tray"))
    return ", ".join(counted(n, word) for n, word in parts)


def counted(n: int, word: str) -> str:
    """`n` and `word`, plural unless `n` is 1: "1 round", "2 rounds"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def report(
    movement: Movement,
    findings: list[Finding],
    balance: BalanceReport | None,
    promise: str | None = None,
) -> str:
    """The full text report: heading, notes, grid, verdict and balance summary. The verdict
    names the promise checked: `promise`, or the movement's own when none was asked for."""
    checked = promise or movement.promise
    parts = [describe(movement)]
    parts += [f"  note: {n}" for n in movement.notes]
    parts += ["", grid(movement), ""]
    if any(s.switched for s in movement.seatings):
        parts.append("* arrow-switched: the pair at N-S plays the E-W hands")
    if findings:
        problems = "1 problem" if len(findings) == 1 else f"{len(findings)} problems"
        parts.append(f"Verified: NO ({problems}, promise {checked!r})")
        parts += [f"  {f}" for f in findings]
    else:
        parts.append(f"Verified: yes (promise {checked!r} and the universal rules)")
    if balance is not None:
        parts.append(balance.summary())
    return "\n".join(parts)
