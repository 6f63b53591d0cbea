"""The Mitchell for ladies and gentlemen (docs/movement-rules.md#fosters-ladies-and-gentlemen).

Built on the pair Mitchell (`schedules.mitchell.pair_mitchell`): the N-S pair of table t
becomes the two ladies of table t, North and East; the E-W pair that starts at table x becomes
the two gentlemen who start there, South and West. The Mitchell arithmetic (rounds, skips, the
stationary table, the dummy, halves, sections) is the pair Mitchell's; this module only names
the players. Ladies are "N3"/"E3" (table 3), gentlemen "S3"/"W3" (starting at table 3); two
sections prefix the section, "A-N3".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from schedules.catalog import Family, Request, Variant
from schedules.findings import ImpossibleMovementError
from schedules.mitchell import pair_mitchell
from schedules.mitchell_layouts import RULES, rule_for
from schedules.promises.couples import GENTLEMAN, LADY
from schedules.types import Competitors, Label, Movement, Seating

_PAIR = re.compile(r"\b(?:([A-Z])-)?(NS|EW)(\d+)\b")

SEED_RULE = (
    '"As many tables as possible are filled; all the ladies sitting N & E; the gentlemen S '
    'and W." "The trays containing the hands are passed to the West, and all the gentlemen '
    "move one table to the East, the ladies sitting still. In all the changes each gentleman "
    "keeps to his original point of the compass, South or West. When he arrives at the table "
    'he started from, the round is finished." "If an odd number of tables are engaged in '
    "play, the changes may take place in regular order to the end. If even, a dummy must be "
    "put in; [...] it is better to adopt one of the two systems following, unless half the "
    'number of tables is an odd number." "There must be four winners; the ladies with the '
    "best scores for the N & E hands respectively, and the gentlemen with the best S & W "
    "scores. If a choice is necessary, the lady and the gentleman taking the greatest number "
    "of tricks above the average should be selected as the winners.\" (Foster's Hoyle, "
    "Duplicate Whist: large numbers of individuals.)"
)
READING = (
    "Our reading (docs/movement-rules.md#fosters-ladies-and-gentlemen): ladies N and E never move; "
    "gentlemen S and W keep their compass point and move one table East each round, two by two; "
    "trays pass West. Odd tables play in regular order; even tables by every method of the pair "
    "Mitchell: skip (default), skip-revenge, stationary, dummy, halves, sections, relay. Four "
    "winners: best North, East, South and West, each ranked on plus/minus against the others who "
    "held that seat. If one lady and one gentleman must be chosen, the most tricks above average "
    "wins. Given a field of ladies and gentlemen, `fill_tables` seats as many tables as possible "
    "and names who is left over; a director may seat anyone anywhere, with a warning."
)


def ladies_of(pair: Label) -> tuple[Label, Label]:
    """The ladies (North, East) standing for a Mitchell N-S pair: "NS3" -> ("N3", "E3")."""
    return _split(pair, ("N", "E"))


def gentlemen_of(pair: Label) -> tuple[Label, Label]:
    """The gentlemen (South, West) standing for a Mitchell E-W pair: "EW3" -> ("S3", "W3")."""
    return _split(pair, ("S", "W"))


def _split(pair: Label, seats: tuple[str, str]) -> tuple[Label, Label]:
    match = _PAIR.fullmatch(pair)
    if match is None:
        raise ValueError(f"not a Mitchell pair label: {pair!r}")
    section = f"{match[1]}-" if match[1] else ""
    return (f"{section}{seats[0]}{match[3]}", f"{section}{seats[1]}{match[3]}")


def _players(pair: Label) -> tuple[Label, Label]:
    return ladies_of(pair) if "NS" in pair else gentlemen_of(pair)


def _rename(note: str) -> str:
    """A Mitchell note in the players' words: "EW3" -> "gentlemen S3/W3"."""

    def word(match: re.Match[str]) -> str:
        a, b = _players(match[0])
        return f"{'ladies' if match[2] == 'NS' else 'gentlemen'} {a}/{b}"

    return _PAIR.sub(word, note)


def from_pairs(pairs: Movement) -> Movement:
    """The ladies-and-gentlemen movement standing for a pair Mitchell."""
    seatings = tuple(
        Seating(s.round, s.table, s.trays, ladies_of(s.ns) + gentlemen_of(s.ew), s.switched)
        for s in pairs.seatings
    )
    attributes = {
        p: LADY if "NS" in pair else GENTLEMAN for pair in pairs.field for p in _players(pair)
    }
    field = tuple(attributes)
    return Movement(
        family="ladies-gentlemen",
        competitors=Competitors.INDIVIDUALS,
        tables=pairs.tables,
        rounds=pairs.rounds,
        trays=pairs.trays,
        seatings=seatings,
        field=field,
        shared=pairs.shared,
        variant=pairs.variant,
        promise="ladies-gentlemen",
        attributes=attributes,
        winners=_winners(pairs),
        notes=(
            "In the notes an N-S pair is the two ladies of a table and an E-W pair the two "
            "gentlemen who start together.",
            *(_rename(n) for n in pairs.notes),
            "Four winners: best North, best East, best South, best West, each on plus/minus "
            "against the others who held that seat. If one lady and one gentleman must be "
            "chosen: the most tricks above average.",  # docs/scoring-rules.md#winners
        ),
    )


def _winners(pairs: Movement) -> tuple[str, ...]:
    """One winner per seat, per section when there are sections."""
    seats = ("North", "East", "South", "West")
    sections = sorted({m[1] for p in pairs.field if (m := _PAIR.fullmatch(p)) and m[1]})
    if not sections:
        return seats
    return tuple(f"{section} {seat}" for section in sections for seat in seats)


def build(request: Request) -> Movement:
    """`director movement ladies-gentlemen --tables N [--variant ...]`."""
    if request.tables is None:
        raise ImpossibleMovementError("give the number of tables: --tables N")
    if request.arrow_switch or request.balance:
        raise ImpossibleMovementError(
            "the ladies-and-gentlemen Mitchell has four winners by seat; an arrow switch "
            "would move ladies to the E-W hands: leave out --arrow-switch and --balance"
        )
    name, rule = rule_for(request.tables, request.variant)
    rounds = request.rounds or rule.full_rounds(request.tables)
    pairs = pair_mitchell(
        request.tables, name, request.trays_for(rounds), request.rounds, request.stationary_table
    )
    return from_pairs(pairs)


@dataclass(frozen=True)
class Fill:
    """A field of ladies and gentlemen seated at as many tables as it fills."""

    tables: int
    seats: dict[Label, str]
    """Player label ("N1", "S2", ...) -> the person seated there in round 1."""
    left_over: tuple[str, ...]
    """Who has no place: ladies and gentlemen beyond the filled tables."""


def fill_tables(ladies: Sequence[str], gentlemen: Sequence[str]) -> Fill:
    """Fill as many tables as possible (two ladies and two gentlemen each); name who is over."""
    tables = min(len(ladies), len(gentlemen)) // 2
    seats: dict[Label, str] = {}
    for t in range(1, tables + 1):
        n, e = ladies_of(f"NS{t}")
        s, w = gentlemen_of(f"EW{t}")
        seats |= {n: ladies[2 * t - 2], e: ladies[2 * t - 1]}
        seats |= {s: gentlemen[2 * t - 2], w: gentlemen[2 * t - 1]}
    left = tuple(ladies[2 * tables :]) + tuple(gentlemen[2 * tables :])
    return Fill(tables, seats, left)


FAMILY = Family(
    name="ladies-gentlemen",
    title="Mitchell for ladies and gentlemen",
    competitors=Competitors.INDIVIDUALS,
    sizes="3+ tables (odd: regular; even: skip, skip-revenge, stationary, dummy, halves, "
    "sections, relay)",
    help=SEED_RULE + "\n\n" + READING,
    build=build,
    variants=tuple(Variant(name, rule.summary, rule.sizes) for name, rule in RULES.items()),
)
