"""The movement chooser's words: one plain line per proposal, the engine's refusals without
command-line syntax, and the details pane (construction notes, balance figures explained).

The engine words its refusals for the command line ("--variant skip needs 4, 6, 8, ...
tables"); the chooser rewrites those phrases into what a director reads, and the details pane
is the only place that shows the balance figures.
"""

from __future__ import annotations

import re
from collections import Counter
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
    """ "perfectly balanced", "well balanced", ..."""
    if index >= PERFECT:
        return "perfectly balanced"
    if index >= WELL:
        return "well balanced"
    if index >= FAIRLY:
        return "fairly balanced"
    return "unevenly balanced"


def meetings(movement: Movement, report: BalanceReport) -> str:
    """Who meets whom: "every pair meets every other", "every N-S pair meets every E-W
    pair", "each player partners every other once", or how many each meets."""
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
    if movement.sitouts:
        parts.append(sitting_out(movement))
    return "; ".join(parts)


NAMED_RUNS = 4
"""The most runs of numbers ("3-5, 9") a summary names those who sit out by; more are
counted, and the grid names them round by round."""


def sitting_out(movement: Movement) -> str:
    """Who sits out, in words: "every pair sits out one round", "pairs 27-32 sit out one
    round each", "7 pairs sit out one round each, 2 pairs 2 rounds each"."""
    one, many = nouns(movement)
    times = Counter(p for out in movement.sitouts.values() for p in out)
    if len(times) == len(movement.field) and len(set(times.values())) == 1:
        return f"every {one} sits out {_rounds(next(iter(times.values())))}"
    by_count: dict[int, list[Label]] = {}
    for who in movement.field:
        if who in times:
            by_count.setdefault(times[who], []).append(who)
    parts = []
    for count, labels in sorted(by_count.items()):
        each = "" if len(labels) == 1 else " each"
        verb = "sits" if len(labels) == 1 else "sit"
        parts.append(f"{_named(labels, one, many)} {verb} out {_rounds(count)}{each}")
    return ", ".join(parts)


def _rounds(count: int) -> str:
    return "one round" if count == 1 else f"{count} rounds"


def _named(labels: list[Label], one: str, many: str) -> str:
    """ "pair 7", "pairs 27-32", or "16 pairs" where naming them takes too many runs."""
    noun = one if len(labels) == 1 else many
    if all(label.isdigit() for label in labels):
        runs = number_ranges(sorted(map(int, labels)))
        if runs.count(",") < NAMED_RUNS:
            return f"{noun} {runs}"
    elif len(labels) <= NAMED_RUNS:
        return f"{noun} {', '.join(labels)}"
    return f"{len(labels)} {noun}"


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
