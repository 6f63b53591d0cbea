"""The movement chooser's words: one plain line per proposal, the engine's refusals without
command-line syntax, and the details pane (construction notes, balance figures explained).

The engine words its refusals for the command line ("--variant skip needs 4, 6, 8, ...
tables"); the chooser rewrites those phrases into what a director reads. The details pane is
the only place that shows how a movement is made (its designs, squares and fields) and the
balance figures: a main line says in plain words what kind of movement it is, who meets whom
and who sits out. Qt-free, so it is tested without a display.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from schedules.balance import BalanceReport
from schedules.render import number_ranges
from schedules.tally import pair_key
from schedules.types import Competitors, Direction, Label, Movement

PERFECT, WELL, FAIRLY = 99.95, 90.0, 75.0
"""Balance index thresholds for "perfectly", "well" and "fairly" balanced."""

_REWRITES: tuple[tuple[str, str], ...] = (
    (r"--variant ([\w-]+) needs", r"the \1 method needs"),
    (r"\(or --variant ([\w-]+) to seat", r"(or the \1 method, to seat"),
    (r"; leave out --pairs", ""),
    (r" \(even tables balance perfectly with --balance best\)", ""),
    (r"; use --trays-per-round (\d+) or more", r": allow time for \1 or more trays a round"),
    (r"instead: --tables P seats P", "instead: P tables seat P"),
    (r": --tables P seats P", ": P tables seat P"),
    (r"; find one with: python \S+ --couples \d+", "; none is worked out for that number yet"),
    (r"for (\d+) tables use ", r"for \1 tables choose: "),
)
"""Command-line phrases of the engine's refusals, and what the chooser says instead."""


def plain_refusal(text: str) -> str:
    """An engine refusal in a director's words (no options, no tool commands)."""
    for pattern, replacement in _REWRITES:
        text = re.sub(pattern, replacement, text)
    return text[:1].upper() + text[1:]


def nouns(movement: Movement) -> tuple[str, str]:
    """What one competitor is called, singular and plural."""
    if movement.competitors is Competitors.INDIVIDUALS:
        return "player", "players"
    return "pair", "pairs"


def sides(movement: Movement) -> dict[Label, set[Direction]]:
    """The side of the table each competitor sits at."""
    out: dict[Label, set[Direction]] = {}
    for s in movement.seatings:
        for label in s.places:
            out.setdefault(label, set()).add(s.direction_of(label))
    return out


def two_fields(movement: Movement) -> bool:
    """The movement ranks N-S and E-W separately, each competitor keeping one side."""
    promised = {w.strip().lower() for w in movement.winners}
    fixed = all(len(d) == 1 for d in sides(movement).values())
    return fixed and bool(promised & {"n-s", "ns", "e-w", "ew"})


def groups(movement: Movement) -> dict[Label, object]:
    """The ranking each competitor is compared within (one for all, or its side)."""
    if two_fields(movement):
        return {label: next(iter(d)) for label, d in sides(movement).items()}
    return dict.fromkeys(movement.field, "all")


def fairness(movement: Movement, report: BalanceReport) -> float:
    """The balance index over the competitors ranked together (for a Mitchell: within N-S
    and within E-W, the rankings it promises), 0-100."""
    group = groups(movement)
    values = [count for (a, b), count in report.comparisons.items() if group.get(a) == group.get(b)]
    squares = sum(v * v for v in values)
    return 100.0 * sum(values) ** 2 / (len(values) * squares) if squares else 0.0


def balance_words(index: float) -> str:
    """ "perfectly balanced", "well balanced", ..., or that nobody is compared."""
    if index <= 0:  # no two competitors ever hold the same hands at different tables
        return "nobody is compared: each tray is played at one table only"
    if index >= PERFECT:
        return "perfectly balanced"
    if index >= WELL:
        return "well balanced"
    if index >= FAIRLY:
        return "fairly balanced"
    return "unevenly balanced"


def meetings(movement: Movement, report: BalanceReport) -> str:
    """Who meets whom: "every pair meets every other", "every N-S pair meets every E-W
    pair", "each player partners every other once", or how many each meets: "meets 7 of the
    other 12 pairs"."""
    one, many = nouns(movement)
    field = movement.field
    met = {k for k, n in (*report.opponents.items(), *report.partners.items()) if n}
    individuals = movement.competitors is Competitors.INDIVIDUALS and report.partners
    if individuals and all(
        report.partners.get(pair_key(a, b)) == 1 for a in field for b in field if a < b
    ):
        return f"every {one} partners every other once"
    if two_fields(movement):
        group = groups(movement)
        across = [(a, b) for a in field for b in field if a < b and group[a] != group[b]]
        if all(pair_key(a, b) in met for a, b in across):
            return f"every N-S {one} meets every E-W {one}"
    counts = [sum(pair_key(a, b) in met for b in field if b != a) for a in field]
    if counts and min(counts) == len(field) - 1:
        return f"every {one} meets every other"
    low, high = min(counts, default=0), max(counts, default=0)
    span = str(low) if low == high else f"{low} to {high}"
    return f"each {one} meets {span} of the other {len(field) - 1} {many}"


def summary(movement: Movement, report: BalanceReport, minutes: Fraction) -> str:
    """The proposal in one line: "every pair meets every other; 9 rounds of 2 trays; about
    126 minutes; perfectly balanced"."""
    trays = len(movement.seatings[0].trays) if movement.seatings else 0
    rounds = f"{movement.rounds} round{'s' if movement.rounds != 1 else ''}"
    parts = [
        meetings(movement, report),
        f"{rounds} of {trays} tray{'s' if trays != 1 else ''}",
        f"about {round(minutes)} minutes",
        balance_words(fairness(movement, report)),
    ]
    if two_fields(movement):
        parts[-1] += " within each side"
    if movement.shared:
        parts.append(sharing(movement))
    if idle := sitting_out(movement):
        parts.append(idle)
    return "; ".join(parts)


def sitting_out(movement: Movement) -> str:
    """Who sits out, in words: "one pair sits out each round, each pair once"; "" when
    nobody does."""
    one, many = nouns(movement)
    # an empty place is no seating (schedules/rests.py): whoever is due there is among these
    rounds = {r: set(movement.sitouts.get(r, ())) for r in range(1, movement.rounds + 1)}
    if not any(rounds.values()):
        return ""
    per_round = {len(who) for who in rounds.values()}
    times = Counter(label for who in rounds.values() for label in who)
    counts = {times[label] for label in movement.field}
    if len(per_round) == 1:
        (n,) = per_round
        said = f"{_number(n)} {one if n == 1 else many} sit{'s' if n == 1 else ''} out each round"
    else:
        said = f"{_number(min(per_round))} to {_number(max(per_round))} {many} sit out a round"
    if len(counts) == 1:
        return f"{said}, each {one} {_times(counts.pop())}"
    low, high = min(counts), max(counts)
    if low > 0:
        return f"{said}, each {one} {_number(low)} to {_times(high)}"
    idle = [label for label in movement.field if times[label]]
    often = {times[label] for label in idle}
    how = _times(often.pop()) if len(often) == 1 else f"up to {_times(max(often))}"
    side = {sides(movement)[label].pop().label for label in idle} if two_fields(movement) else set()
    if len(side) == 1:
        return f"{said}: each {side.pop()} {one} {how}"
    who = _named(idle, many) or f"{len(idle)} of the {len(movement.field)} {many}"
    return f"{said}: {who}, each {how}"


NAMED_RUNS = 4
"""The most runs of numbers ("3-5, 9") by which a line names who sits out; more are counted
instead, and the grid names them round by round."""


def _named(labels: Sequence[Label], many: str) -> str:
    """ "pairs 27-32" for numbered competitors in a few runs, else ""."""
    if not all(label.isdigit() for label in labels):
        return ""
    runs = number_ranges(sorted(map(int, labels)))
    return f"{many} {runs}" if runs.count(",") < NAMED_RUNS else ""


_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _number(n: int) -> str:
    return _WORDS[n] if n < len(_WORDS) else str(n)


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{_number(n)} times")


KINDS: dict[tuple[str, str | None], str] = {
    ("howell", "standard"): "the complete Howell: every round there is",
    ("howell", "three-quarter"): "three quarters of the complete Howell's rounds, whatever "
    "the time",
    ("howell", "in-time"): "as many Howell rounds as the time allows, two trays a round",
    ("howell", "interwoven"): "two groups of pairs, each a Howell within itself, on the same trays",
    ("howell", "half-rounds"): (
        "the complete Howell, one table turning its arrow half way through each round"
    ),
    ("mitchell", "regular"): "N-S pairs stay, E-W pairs move up a table each round",
    ("mitchell", "skip"): "N-S pairs stay, E-W pairs move; half way they skip a table",
    ("mitchell", "skip-revenge"): (
        "as the skip, with a last round against the first opponents again"
    ),
    ("mitchell", "stationary"): "N-S pairs stay, E-W pairs move; one table plays its "
    "neighbour's trays, so nobody skips",
    ("mitchell", "dummy"): "N-S pairs stay, E-W pairs move; an empty table is added, and the "
    "pair at it sits out",
    ("mitchell", "halves"): "N-S pairs stay; E-W pairs move within their half of the room",
    ("mitchell", "sections"): "two separate sections, each with its own trays and winners",
    ("mitchell", "relay"): "N-S pairs stay, E-W pairs move; the first and last tables share trays",
    ("individual", "whist"): "whist tournament: partner each other player once, oppose each twice",
    ("individual", "phantom"): "whist tournament for any number of players: those who do not "
    "fill a table sit out the round, in turn",
    ("individual", "drive"): "whist drive: partner anyone at most once and oppose at most "
    "twice, so it seats numbers a tournament cannot",
    ("individual", "seats"): "everyone keeps one seat all evening: four winners, the best "
    "North, East, South and West",
    ("ladies-gentlemen", None): "ladies sit North and East, gentlemen South and West: four winners",
    ("safford", None): "married couples who never partner each other",
    ("snow", None): "played from memory, each tray dealt again",
}
"""What each family and variant is, in plain words, so that proposals read apart."""


def kind_of(family: str, variant: str | None, engine_summary: str = "") -> str:
    """What a proposal is, in plain words ("three quarters of the complete Howell's rounds,
    always"); the ladies and gentlemen's Mitchell names its method after its own words. A
    family without words of ours uses the engine's summary of its variant, its command-line
    options left out."""
    if family == "ladies-gentlemen":
        method = KINDS.get(("mitchell", variant), "")
        method = method.replace("N-S pairs", "ladies").replace("E-W pairs", "gentlemen")
        return KINDS[(family, None)] + (f" ({method})" if method else "")
    if (family, variant) in KINDS:
        return KINDS[(family, variant)]
    if (family, None) in KINDS:
        return KINDS[(family, None)]
    return re.sub(r"\s*\(?--[\w-]+[^;)]*\)?", "", engine_summary).strip(" ;")


def sharing(movement: Movement) -> str:
    """Tables playing the same trays at once (a relay): the director needs a copy for each,
    or the trays passed between them, so the line says so."""
    rounds = {share.round for share in movement.shared}
    when = "every round" if len(rounds) == movement.rounds else "some rounds"
    return f"tables share trays in {when} (a relay)"


INDEX_HELP = (
    "The balance index says how evenly the competitors ranked together are compared: two are "
    "compared on a set of trays when both hold the same hands of it at different tables, so "
    "their scores stand against each other. 100 means every two are compared equally often; "
    "the lower the index, the more the ranking depends on whom you happened to be compared with."
)


def details(movement: Movement, report: BalanceReport) -> str:
    """The details pane: how the movement is made and its balance figures, explained."""
    lines = [f"{movement.family.title()} {movement.variant or ''}".rstrip()]
    lines += movement.notes
    lines += [
        "",
        f"Balance index {fairness(movement, report):.1f} of 100"
        + (" (within N-S and within E-W)" if two_fields(movement) else ""),
        INDEX_HELP,
        "",
        report.summary(),
        "SS is the spread of the comparison counts around their mean (0 when all are equal); "
        "CV is that spread relative to the mean. 'n xc' reads: n couples of competitors are "
        "compared c times.",
    ]
    return "\n".join(lines)
