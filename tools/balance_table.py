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

from schedules import individual, interwoven, reseated
from schedules.balance import balance
from schedules.balance_table import figure, howell_rows, index_bound, shortened_rows
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


_DUTCH = "hansvanstaveren/movements"
_EBU = "the EBU library in rhindonltd/bridge-box-scorer"

QUOTED: dict[tuple[int, int], tuple[float, str]] = {
    (7, 7): (90.0, "a published 7-table 7-round movement, not among the fixtures"),
    (13, 13): (95.44, "Jannersten's published 13-table 13-round movement, not among the fixtures"),
} | {
    size: (index, f"{name} in {where}, figure only")
    for size, (index, name, where) in {
        (3, 4): (80.00, "N030_Short_Howell_6.txt", _DUTCH),
        (6, 7): (91.53, "N231_Clubcompetitie_12p_7r_zit1.txt", _DUTCH),
        (6, 8): (93.24, "N261_12SHHO08_WSC.txt", _DUTCH),
        (6, 9): (90.98, "N040_Short_Howell_12.txt", _DUTCH),
        (7, 8): (90.16, "N262_14EXMI08_WSC.txt", _DUTCH),
        (7, 9): (89.52, "N041_Short_Howell_14.txt", _DUTCH),
        (7, 11): (93.00, "[G171] 7 Table 3/4 Howell 11 Rounds, Groner", _EBU),
        (7, 12): (96.92, "[F48] Full Howell (Yellow EBU26 F 7) ACBL", _EBU),
        (8, 6): (86.79, "N191_Cyclisch_16p_6r_zit2.txt", _DUTCH),
        (8, 7): (91.47, "N028_Dubbele_Howell_8.txt", _DUTCH),
        (8, 8): (93.33, "[M109] Double Howell", _EBU),
        (8, 9): (89.69, "N102_Aarzelend_Scheveningen_16.txt", _DUTCH),
        (8, 11): (92.03, "[G172] 8 Table 3/4 Howell 11 Rounds, Groner", _EBU),
        (8, 12): (90.64, "[M57] 3/4 Howell", _EBU),
        (8, 13): (95.51, "[F49] 3/4 Howell (Yellow EBU26 T 8)", _EBU),
        (8, 14): (96.28, "[M61] 3/4 Howell", _EBU),
        (9, 7): (89.07, "N086_Draaiend_Mitchell_18.txt", _DUTCH),
        (9, 8): (85.24, "N264_18DRSC08_WSC.txt", _DUTCH),
        (9, 9): (88.65, "[M112] Double Howell (SBU 9T 27B DblH)", _EBU),
        (9, 10): (90.30, "N121_Aarzelend_Scheveningen_18.txt", _DUTCH),
        (9, 11): (88.36, "[G173] 9 Table 3/4 Howell 11 Rounds, Groner", _EBU),
        (9, 12): (87.38, "[M67] 3/4 Howell", _EBU),
        (9, 13): (95.31, "[F49] 3/4 Howell (Yellow EBU26 T 9,SBU 9Tab 26B 34)", _EBU),
        (9, 14): (92.54, "[M71] 3/4 Howell", _EBU),
        (10, 6): (86.42, "N203_Cyclisch_20p_6r_zit1.txt", _DUTCH),
        (10, 7): (88.59, "N087_Draaiend_Mitchell_20.txt", _DUTCH),
        (10, 8): (92.18, "N301_barom20_s1of3_r1_8_asc.txt", _DUTCH),
        (10, 9): (93.58, "[M114] Double Howell", _EBU),
        (10, 10): (94.74, "[M115] Double Howell", _EBU),
        (10, 11): (92.61, "[G174] 10 Table 3/4 Howell 11 Rounds, Groner", _EBU),
        (10, 12): (84.47, "[M79] 3/4 Howell", _EBU),
        (10, 13): (93.50, "[F50] 3/4 Howell (Yellow EBU26 T 10,SBU 10Tab 26B 34)", _EBU),
        (10, 14): (89.12, "[M83] 3/4 Howell", _EBU),
        (10, 17): (95.55, "[F36] Extended 9T Howell SBU (T8/10 share)", _EBU),
        (11, 6): (86.34, "N211_Cyclisch_22p_6r_zit1.txt", _DUTCH),
        (11, 8): (85.87, "N266_22DRSC08_WSC.txt", _DUTCH),
        (11, 11): (94.46, "[M118] Double Howell (SBU 11T 22B DblH)", _EBU),
        (11, 12): (82.20, "[M89] Hesitation Mitchell", _EBU),
        (11, 13): (91.54, "[F51] 3/4 Howell (Yellow EBU26 T 11,SBU 11Tab 26B 34)", _EBU),
        (11, 14): (88.08, "[M93] 3/4 Howell", _EBU),
        (12, 6): (84.80, "N218_Cyclisch_24p_6r_zit1.txt", _DUTCH),
        (12, 8): (85.89, "N267_24DRSC08_WSC.txt", _DUTCH),
        (12, 11): (94.87, "[M120] Double Howell", _EBU),
        (12, 12): (95.65, "[M121] Double Howell", _EBU),
        (12, 13): (90.02, "[F52] 3/4 Howell (Yellow EBU26 T 12,SBU 12Tab 26B 34)", _EBU),
        (12, 14): (83.88, "[M97] 3/4 Howell", _EBU),
        (13, 8): (85.82, "N268_26DRSC08_WSC.txt", _DUTCH),
        (13, 11): (92.34, "N241_26DRMI11_1_X.txt", _DUTCH),
        (13, 12): (75.85, "[M99] Hesitation Bowman", _EBU),
        (13, 14): (81.54, "[M101] Hesitation Mitchell", _EBU),
        (14, 8): (85.70, "N269_28DRSC08_WSC.txt", _DUTCH),
        (14, 11): (92.12, "N243_28DRMI11_1_X.txt", _DUTCH),
        (14, 13): (95.73, "[M126] Double Howell", _EBU),
        (14, 14): (96.30, "[M127] Double Howell", _EBU),
        (15, 8): (85.55, "N270_30DRSC08_WSC.txt", _DUTCH),
        (15, 11): (92.02, "N246_30DRMI11_1_X.txt", _DUTCH),
        (16, 11): (92.01, "N248_32DRMI11_1_X.txt", _DUTCH),
        (16, 15): (93.05, "[F60] Double Howell", _EBU),
        (17, 11): (91.92, "N250_34DRMI11_1_X.txt", _DUTCH),
        (18, 11): (91.78, "N252_36DRMI11_1_X.txt", _DUTCH),
        (19, 11): (91.72, "N254_38DRMI11_1_X.txt", _DUTCH),
        (20, 11): (91.70, "N256_40DRMI11_1_X.txt", _DUTCH),
        (21, 11): (91.69, "N258_42DRMI11_1_X.txt", _DUTCH),
        (23, 15): (95.29, "N305_stanza_howell_3x15_1_s1of3_r1_15_asc.txt", _DUTCH),
    }.items()
}
"""Published balance indices of shortened Howells we know only as figures (tables, rounds).

After the first two, each is the index schedules.balance gives the best published movement of
its size that we could read and no fixture equals, read seat by seat from a repository that
carries no licence, so the movement itself is not kept: the Dutch schema collection in
hansvanstaveren/movements (commit cd30cce5c570394b874fab612a86c9bcb0a841d7, files under
schemaas/NBBR/), and the English Bridge Union's Pairs Scorer movement library copied into
rhindonltd/bridge-box-scorer (commit a04a1b72d780a31f267eef04cf9d6409ca85b008,
src/movement/PSMovements.txt; named by its section and title). In every one each pair plays
every round and nobody meets anyone twice or plays a board set twice; sets are shared between
tables as the movement says.
"""

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


def reseated_commands() -> str:
    """The commands stored with the reseated Howells (";" between them), each in backticks."""
    commands: str = json.loads(reseated.STORED.read_text())["command"]
    return " and ".join(f"`.venv/bin/python {c.strip()}`" for c in commands.split(";"))


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
        "sets unplayed by each pair). Beside it, our interwoven Howell of as many rounds",
        "(below), which shares every tray set between its two lines, and where a search that",
        "moves pairs between tables did better than both, the reseated Howell it found",
        "(`schedules/data/howell/reseated.json`, reproduced by",
        f"{reseated_commands()}).",
        "`--balance best` gives whichever balances best, and that is what is held against the",
        "published: the highest index among the fixtures of that size, or a quoted figure.",
        "",
        "| tables | rounds | our SS | our index | interwoven: index | reseated: index "
        "| bound on the index | best published index |",
        "|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    woven = {
        (int(key.split()[0]), int(key.split()[1])): interwoven.stored_index(key)
        for key in interwoven.turned_sizes()
    }
    moved = {
        (int(key.split()[0]), int(key.split()[1])): entry["index"]
        for key, entry in reseated.stored_sizes().items()
        if "index" in entry
    }
    verdicts: dict[str, list[str]] = {"ahead": [], "level": [], "behind": []}

    def judge(ours: float, theirs: float, size: str) -> None:
        a, b = round(ours, 2), round(theirs, 2)
        verdicts["ahead" if a > b else "level" if a == b else "behind"].append(size)

    plain = {(row.tables, row.rounds): row for row in shortened_rows(SHORTENED_TABLES)}
    # sizes only the reseated search builds (no Howell design of that length: 4 tables, 5)
    for tables, rounds in sorted(plain.keys() | moved.keys()):
        row = plain.get((tables, rounds))
        pub = known.get((2 * tables, tables, rounds))
        pub_text = f"{pub[0]:.2f} ({pub[1]})" if pub else "-"
        bound = index_bound(tables, rounds)
        others = [woven.get((tables, rounds)), moved.get((tables, rounds))]
        texts = " | ".join(f"{x:.2f}" if x is not None else "-" for x in others)
        our_cells = f"{figure(row.ss)} | {row.index:.2f}" if row else "- | -"
        lines.append(
            f"| {tables} | {rounds} | {our_cells} | {texts} "
            f"| {f'{bound:.2f}' if bound is not None else '-'} | {pub_text} |"
        )
        if pub:
            best = max(x for x in [row.index if row else None, *others] if x is not None)
            judge(best, pub[0], f"{tables} tables {rounds} rounds")
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
        "Against the published shortened Howells, ours (`--balance best`) is "
        + "; ".join(f"{k} at {', '.join(v) or 'no size'}" for k, v in verdicts.items())
        + ".",
    ]
    return lines + level_search_lines(known)


def level_search_lines(known: dict[tuple[int, int, int], tuple[float, str]]) -> list[str]:
    """The searches for better at the sizes where ours was level with a published movement,
    each with its command and what it found, better or not."""
    searches: dict[str, dict[str, object]] = json.loads(reseated.STORED.read_text()).get(
        "level_searches", {}
    )
    if not searches:
        return []
    lines = [
        "",
        "Where ours was level with a published movement, the reseating search was run again",
        "at that size with a seed of its own and a fixed number of moves from every movement",
        "we build for it (`tools/howell_level_search.py`, recorded under `level_searches` in",
        "`schedules/data/howell/reseated.json`); where it found better than every movement we",
        "build, the reseating is stored with its command and `--balance best` gives it (ours:",
        "what `--balance best` builds now). At the bound no movement of the size can do better.",
        "The search takes a tray set to be the boards a table holds, in whichever order it",
        "plays them; it once told the interwoven Howell's second line, which plays each set",
        "backwards, as playing other sets, and started from a field it saw at 42.64 for 10",
        "tables 8 rounds (the interwoven Howell is at 92.18). Since the fix, 10 tables 8 and 9",
        "rounds, 12 tables 11, 14 tables 13 and 23 tables 15 rounds were searched again with",
        "more moves.",
        "",
        "| tables | rounds | moves | seed | CPU seconds | best found | ours | published | bound "
        "| reproduced by |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    sizes = sorted(tuple(map(int, key.split())) for key in searches)
    better, at_bound = [], []
    for tables, rounds in sizes:
        entry = searches[f"{tables} {rounds}"]
        found, pub = float(str(entry["found_index"])), known[2 * tables, tables, rounds][0]
        bound = index_bound(tables, rounds)
        ours = balance(build(Request("howell", tables=tables, rounds=rounds, balance="best")))
        size = f"{tables} tables {rounds} rounds"
        if round(found, 2) > round(pub, 2):
            better.append(size)
        if bound is not None and round(found, 2) >= round(bound, 2):
            at_bound.append(size)
        lines.append(
            f"| {tables} | {rounds} | {entry['moves']} | {entry['seed']} "
            f"| {entry['seconds']} | {found:.2f} | {ours.index:.2f} | {pub:.2f} "
            f"| {f'{bound:.2f}' if bound is not None else '-'} "
            f"| `.venv/bin/python {entry['command']}` |"
        )
    lines += [
        "",
        f"Searched again at {len(sizes)} sizes: better than the published at "
        f"{', '.join(better) or 'no size'}; already at the bound at "
        f"{', '.join(at_bound) or 'no size'}.",
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
        before = interwoven.stored_index(f"{tables} {movement.rounds}", "before_index")
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
        key
        for key in stored
        if int(key.split()[1]) < 2 * interwoven.line_tables(int(key.split()[0])) - 1
    ]
    gains = [
        interwoven.stored_index(key) - interwoven.stored_index(key, "before_index")
        for key in shorter
    ]
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
        "seats them (their balance: movements.md#odd-individual-fields).",
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
