"""Generate docs/balance-table.md: per Howell size, complete and shortened, the balance we reach,
the bound, and the best published figure among the fixtures (tests/data/movements, the
published movements); then, per player count, how the individual whist tournament is built or
why it is not.

    .venv/bin/python tools/balance_table.py [--out docs/balance-table.md]

Every figure is computed: our complete Howells by `schedules.catalog.build(...,
balance="best")`; our shortened ones are the figures stored with their search
(schedules/data/howell/shortened.json), which tests/schedules/test_shortened_howell.py rebuilds
and checks size by size; our interwoven ones are built and their figure before the balance
search read from its store (schedules/data/howell/interwoven.json); the published ones by
`schedules.balance` over each fixture whose `expect` is `howell-complete` or `howell`; two
published figures for sizes no fixture has are quoted (`QUOTED`).
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from pathlib import Path

from schedules import individual, interwoven
from schedules.balance import balance
from schedules.balance_table import figure, howell_rows, shortened_rows
from schedules.catalog import Request, build
from schedules.designs import whist_sizes
from schedules.designs.patterned_whist import obstructed
from schedules.findings import ImpossibleMovementError
from schedules.jsonio import load_movement

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "data" / "movements"
OUT = ROOT / "docs" / "balance-table.md"


def published() -> dict[int, tuple[Fraction, str]]:
    """Per number of pairs, the lowest SS among the published complete Howells, and where."""
    best: dict[int, tuple[Fraction, str]] = {}
    for path in sorted(FIXTURES.glob("*.json")):
        if json.loads(path.read_text()).get("expect") != "howell-complete":
            continue
        movement = load_movement(path)
        ss = balance(movement).ss
        pairs = len(movement.field)
        if pairs not in best or ss < best[pairs][0]:
            best[pairs] = (ss, path.stem)
    return best


QUOTED: dict[tuple[int, int], tuple[float, str]] = {
    (7, 7): (90.0, "a published 7-table 7-round movement, not among the fixtures"),
    (13, 13): (95.0, "a published 13-table 13-round movement, not among the fixtures"),
}
"""Published balance indices of shortened Howells we know only as figures (tables, rounds)."""

SHORTENED_TABLES = range(3, 31)


def published_shortened() -> dict[tuple[int, int, int], tuple[float, str]]:
    """Per (pairs, tables, rounds), the highest index among the published shortened Howells
    (the fixtures whose `expect` is `howell`), and which; the quoted figures for full fields."""
    best = {(2 * t, t, r): figure for (t, r), figure in QUOTED.items()}
    for path in sorted(FIXTURES.glob("*.json")):
        if json.loads(path.read_text()).get("expect") != "howell":
            continue
        movement = load_movement(path)
        key = (len(movement.field), movement.tables, movement.rounds)
        index = balance(movement).index
        if key not in best or index > best[key][0]:
            best[key] = (index, path.stem)
    return best


def shortened_lines() -> list[str]:
    """The section on shortened Howells: every size from half the complete rounds, every pair
    present; then the published ones with an odd field beside ours."""
    known = published_shortened()
    lines = [
        "",
        "# Shortened Howells",
        "",
        "Ours is `director movement howell --tables T --rounds R`: every pair plays every round,",
        "nobody meets anyone twice or plays a tray twice, no two tables share a tray set in a",
        "round, and from T rounds up every pair plays every tray set. Which pair of each table",
        "sits North-South was chosen by a search for balance, stored in",
        "`schedules/data/howell/shortened.json` and reproduced by",
        "`.venv/bin/python tools/howell_balance_search.py --seed 0 --sweeps 2000` (7 minutes",
        "of CPU for 3-30 tables, most of it building the designs); the slow design searches",
        "are stored too (`tools/howell_searches.py`), so every size builds at once.",
        "The bound is the highest index any movement",
        "of that size can reach in which every pair plays every tray set",
        "(`schedules.balance_table.index_bound`; - where fewer rounds than tables leave some",
        "sets unplayed by each pair). Published: the highest index among the fixtures of that",
        "size, or a quoted figure.",
        "",
        "| tables | rounds | our SS | our index | bound on the index | best published index |",
        "|---:|---:|---:|---:|---:|---|",
    ]
    verdicts: dict[str, list[str]] = {"ahead": [], "level": [], "behind": []}

    def judge(ours: float, theirs: float, size: str) -> None:
        a, b = round(ours, 2), round(theirs, 2)
        verdicts["ahead" if a > b else "level" if a == b else "behind"].append(size)

    for row in shortened_rows(SHORTENED_TABLES):
        pub = known.get((2 * row.tables, row.tables, row.rounds))
        pub_text = f"{pub[0]:.2f} ({pub[1]})" if pub else "-"
        bound = f"{row.bound:.2f}" if row.bound is not None else "-"
        lines.append(
            f"| {row.tables} | {row.rounds} | {figure(row.ss)} | {row.index:.2f} | {bound} | "
            f"{pub_text} |"
        )
        if pub:
            judge(row.index, pub[0], f"{row.tables} tables {row.rounds} rounds")
    odd = sorted(k for k in known if k[0] % 2)
    if odd:
        lines += [
            "",
            "Odd fields (one pair sits out each round), where a published movement exists:",
            "",
            "| pairs | tables | rounds | our index | published index |",
            "|---:|---:|---:|---:|---|",
        ]
        for pairs, tables, rounds in odd:
            ours = balance(build(Request("howell", pairs=pairs, rounds=rounds))).index
            pub = known[pairs, tables, rounds]
            lines.append(
                f"| {pairs} | {tables} | {rounds} | {ours:.2f} | {pub[0]:.2f} ({pub[1]}) |"
            )
            judge(ours, pub[0], f"{pairs} pairs {rounds} rounds")
    lines += [
        "",
        "Against the published shortened Howells, ours is "
        + "; ".join(f"{k} at {', '.join(v) or 'no size'}" for k, v in verdicts.items())
        + ".",
    ]
    return lines


def interwoven_lines() -> list[str]:
    """The section on interwoven Howells: every table count at the complete length of a line,
    before and after the balance search, beside the shortened Howell of as many rounds; then
    how the search did at the other rounds counts."""
    stored = interwoven.turned_sizes()
    lines = [
        "",
        "# Interwoven Howells",
        "",
        "Ours is `director movement howell --tables T --variant interwoven`: two lines of T pairs,",
        "each a complete Howell of T/2 tables (T odd: (T+1)/2, the spare pairs meeting across",
        "the lines), both lines playing the same tray sets in the same rounds",
        "([movements](movements.md#interwoven-howells)). Which pair of each table of either line",
        "sits North-South was chosen by a search for balance over the whole field, stored in",
        "`schedules/data/howell/interwoven.json` and reproduced by",
        "`.venv/bin/python tools/howell_balance_search.py --seed 0 --sweeps 2000 --interwoven`.",
        "Before the search: line 2 sitting as line 1 or with every table turned, the better.",
        "Beside it, ours for the same tables and rounds as a shortened Howell (`--rounds R`),",
        "where we build it. No published interwoven Howell was available to compare.",
        "",
        "| tables | rounds | our SS | our index | before the search: index "
        "| shortened Howell, same rounds: index |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for tables in range(interwoven.MIN_TABLES, 31):
        movement = build(Request("howell", tables=tables, variant="interwoven"))
        report = balance(movement)
        before = stored[f"{tables} {movement.rounds}"]["before_index"]
        try:
            plain = balance(build(Request("howell", tables=tables, rounds=movement.rounds)))
            beside = f"{plain.index:.2f}"
        except ImpossibleMovementError:
            beside = "-"
        lines.append(
            f"| {tables} | {movement.rounds} | {figure(report.ss)} | {report.index:.2f} | "
            f"{before:.2f} | {beside} |"
        )
    shorter = [
        entry
        for key, entry in stored.items()
        if int(key.split()[1]) < 2 * interwoven.line_tables(int(key.split()[0])) - 1
    ]
    # the stored figures are JSON numbers, read as `object`
    gains = [float(e["index"]) - float(e["before_index"]) for e in shorter]  # type: ignore[arg-type]
    raised = [g for g in gains if g > 0]
    lines += [
        "",
        f"Every shorter length the variant takes (`--rounds R`) is stored too: the search raised "
        f"the index at {len(raised)} of {len(gains)} of them, by {max(raised, default=0):.2f} "
        f"at most and {sum(raised) / max(1, len(raised)):.2f} on average.",
    ]
    return lines


def table() -> str:
    """The markdown document."""
    known = published()
    lines = [
        "# Balance of complete Howells: what we reach, the bound, the best published",
        "",
        "Generated by `tools/balance_table.py`; do not edit by hand. SS is the spread of the",
        "comparison counts (schedules.balance, per tray set); the index is 100 for perfect",
        "balance. Ours is `director movement howell --pairs P --balance best`. Published: the",
        "lowest SS among the fixtures that are complete Howells of that size",
        "(tests/data/movements).",
        "",
        "| pairs | tables | our SS | our index | lower bound on SS | best published SS "
        "| construction |",
        "|---:|---:|---:|---:|---|---|---|",
    ]
    for row in howell_rows(range(3, 61)):
        pub = known.get(row.pairs)
        pub_text = f"{figure(pub[0])} ({pub[1]})" if pub else "-"
        lines.append(
            f"| {row.pairs} | {row.tables} | {figure(row.ss)} | {row.index:.2f} | "
            f"{row.bound} | {pub_text} | {row.construction} |"
        )
    sections = shortened_lines() + interwoven_lines() + individual_lines()
    return "\n".join(lines + sections) + "\n"


def individual_lines() -> list[str]:
    """The section on whist tournaments Wh(v), v = 0 or 1 (mod 4) from 8 to the largest."""
    sizes = [v for v in range(8, individual.LARGEST + 1) if v % 4 in (0, 1)]
    built = individual.supported_sizes(8, individual.LARGEST)
    lines = [
        "",
        "# Individual whist tournaments Wh(v)",
        "",
        f"Built for {len(built)} of the {len(sizes)} counts v = 0 or 1 (mod 4) from 8 to "
        f"{individual.LARGEST}: `director movement individual --players v`. Every two players "
        "partner once and oppose twice, so all built tournaments are equally balanced in that "
        "sense. The others are refused with the nearest counts that work; `--variant phantom` "
        "seats them.",
        "",
        "| players | rounds | construction |",
        "|---:|---:|---|",
    ]
    for v in sizes:
        how = whist_sizes.construction(v)
        if how is None:
            how = "not built: no construction we know" + (
                "; the patterned first round is ruled out by a sum of squares"
                if obstructed(v)
                else ""
            )
        lines.append(f"| {v} | {individual.tournament_rounds(v)} | {how} |")
    return lines


def main() -> int:
    """Write the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    args.out.write_text(table())
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
