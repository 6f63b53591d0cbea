"""The movement recommender: what the chooser proposes for a field and the time available,
and in what order.

The proposals come from the catalog (`schedules.catalog`): every family whose size unit fits
the field is asked, variant by variant, to build a movement for it. The usable ones (built, and
played within the time available) come first, best balanced first; families refuse what they
cannot do with `ImpossibleMovementError`, and the chooser can show why, in plain words.
Qt-free, so the window, the command line and the table server can share it.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction

from director.evening import movement_words as words
from schedules import howell
from schedules.balance import BalanceReport, balance
from schedules.catalog import Family, Request, build, families
from schedules.findings import ScheduleError
from schedules.ladies_gentlemen import Fill, fill_tables
from schedules.mnemonic import SEED_WARNING, player_count
from schedules.rests import seat_field
from schedules.timing import duration_minutes
from schedules.types import Movement

MNEMONIC_WARN_PLAYERS = 8
"""Foster: mnemonic play with eight or more players is "extremely undesirable"."""


class FieldKind(enum.Enum):
    """What the director counts when stating the field."""

    PAIRS = "pairs"
    PLAYERS = "players"
    COUPLES = "couples"
    TEAMS = "teams"
    LADIES_GENTLEMEN = "ladies and gentlemen"
    """Players marked lady or gentleman, for Mitchell's social game
    (docs/movement-rules.md#fosters-ladies-and-gentlemen)."""


_SIZE_UNITS = {
    FieldKind.PAIRS: ("pairs", "tables"),
    FieldKind.PLAYERS: ("players",),
    FieldKind.COUPLES: ("couples",),
    FieldKind.TEAMS: ("teams",),
    FieldKind.LADIES_GENTLEMEN: (),
}
"""The catalog's size units each kind of field can fill."""
_PLAYERS_PER = {
    FieldKind.PAIRS: 2,
    FieldKind.PLAYERS: 1,
    FieldKind.COUPLES: 2,
    FieldKind.TEAMS: 4,
    FieldKind.LADIES_GENTLEMEN: 1,
}
MIXED_FAMILY = "ladies-gentlemen"


@dataclass(frozen=True)
class Ask:
    """What the director asked for: the field, the time, and whether to play mnemonic."""

    kind: FieldKind
    size: int
    minutes: Fraction | None
    minutes_per_tray: Fraction
    mnemonic: bool = False
    ladies: tuple[str, ...] = ()
    gentlemen: tuple[str, ...] = ()
    """A mixed field's players by name, in roster order (who fills the tables first)."""

    @property
    def genders(self) -> bool:
        """The roster says who is a lady and who a gentleman."""
        return bool(self.ladies and self.gentlemen)

    @property
    def fill(self) -> Fill:
        """The tables a mixed field fills, and who is left over (the engine decides)."""
        return fill_tables(self.ladies, self.gentlemen)

    @property
    def players(self) -> int:
        """People at the tables."""
        return self.size * _PLAYERS_PER[self.kind]

    @property
    def mnemonic_undesirable(self) -> bool:
        """Mnemonic play with eight or more players (Foster's warning applies:
        docs/movement-rules.md#mnemonic-duplicate)."""
        return self.mnemonic and self.players >= MNEMONIC_WARN_PLAYERS

    def requests(self, fam: Family, variant: str | None) -> list[Request]:
        """The catalog requests to try for one family and variant, best first.

        A field of pairs is offered to families sized in tables both as pairs (so that an
        odd pair is seated against an empty place) and as the tables it fills.
        """
        base = Request(
            family=fam.name,
            variant=variant,
            minutes=self.minutes,
            minutes_per_tray=self.minutes_per_tray,
            mnemonic=self.mnemonic,
            # the club Howells at the best balance the engine knows (stored reseatings
            # included), as the command line's --balance best gives them
            balance="best" if fam.name == "howell" and variant in howell.CLUB else None,
        )
        if fam.name == MIXED_FAMILY:
            return [replace(base, tables=self.fill.tables)]
        if self.kind is FieldKind.PAIRS and fam.size_unit == "tables":
            tables = -(-self.size // 2)  # two pairs a table
            return [replace(base, pairs=self.size), replace(base, tables=tables)]
        unit = "pairs" if self.kind is FieldKind.PAIRS else fam.size_unit
        # the size keyword is chosen at run time, beyond what the type checker can follow
        return [replace(base, **{unit: self.size})]  # type: ignore[arg-type]


@dataclass(frozen=True)
class Proposal:
    """One movement that fits, or one family that was asked and said why it cannot."""

    family: str
    title: str
    variant: str | None
    movement: Movement | None
    refusal: str | None = None
    left_over: tuple[str, ...] = ()
    """Players of a mixed field who find no place at a table."""
    minutes: Fraction | None = None
    """How long it plays."""
    limit: Fraction | None = None
    """The time available (None: no limit)."""
    report: BalanceReport | None = None

    @property
    def fits(self) -> bool:
        """Built and verified."""
        return self.movement is not None

    @property
    def usable(self) -> bool:
        """Built, verified and played within the time available."""
        return self.fits and (
            self.limit is None or self.minutes is None or self.minutes <= self.limit
        )

    @property
    def why_not(self) -> str:
        """Why it is not usable, in plain words ("" when it is)."""
        if self.refusal:
            return words.plain_refusal(self.refusal)
        if not self.usable:
            return (
                f"Takes about {round(self.minutes or 0)} minutes;"
                f" {round(self.limit or 0)} are available"
            )
        return ""

    @property
    def fairness(self) -> float:
        """The balance index within the rankings it promises (0 when not built)."""
        if self.movement is None or self.report is None:
            return 0.0
        return words.fairness(self.movement, self.report)

    def summary(self) -> str:
        """The plain-words line: what kind of movement it is, who meets whom, rounds and
        trays, time, balance, who sits out."""
        if self.movement is None or self.report is None or self.minutes is None:
            return self.why_not
        engine = next(
            (v.summary for v in families()[self.family].variants if v.name == self.variant), ""
        )
        left = f"no place for {', '.join(self.left_over)}" if self.left_over else ""
        return "; ".join(
            part
            for part in (
                words.kind_of(self.family, self.variant, engine),
                words.summary(self.movement, self.report, self.minutes),
                left,
            )
            if part
        )

    @property
    def trays_per_round(self) -> int:
        """Trays each table plays in a round (the first seating's)."""
        assert self.movement is not None
        return len(self.movement.seatings[0].trays) if self.movement.seatings else 0

    def warnings(self) -> tuple[str, ...]:
        """What the director must be told before choosing it: who is left over, and the
        warning against mnemonic play with many players. How the movement is made (its notes)
        is for the details pane."""
        if self.movement is None:
            return ()
        out: list[str] = []
        if self.left_over:
            out.insert(0, f"Left over (no place at a table): {', '.join(self.left_over)}")
        if self.movement.mnemonic and player_count(self.movement) >= MNEMONIC_WARN_PLAYERS:
            out.append(SEED_WARNING)
        return tuple(out)


def candidates(kind: FieldKind, genders: bool = False) -> Iterator[tuple[Family, str | None]]:
    """Every (family, variant) of the catalog whose size unit fits this kind of field; the
    ladies and gentlemen's Mitchell (four winners: ladies North and East, gentlemen South and
    West) for a field of ladies and gentlemen, or of players when the roster says who is a
    lady or a gentleman (`genders`), never for pairs (its four seat winners mean nothing
    there)."""
    for fam in families().values():
        mixed = fam.name == MIXED_FAMILY
        if (fam.size_unit in _SIZE_UNITS[kind] and not mixed) or (
            mixed
            and (kind is FieldKind.LADIES_GENTLEMEN or (kind is FieldKind.PLAYERS and genders))
        ):
            if fam.variants:
                for variant in fam.variants:
                    yield fam, variant.name
            else:
                yield fam, None


def propose(ask: Ask, fam: Family, variant: str | None) -> Proposal:
    """Ask one family for a movement; a refusal becomes a `Proposal` holding its (last) reason."""
    refusal = ""
    left = ask.fill.left_over if fam.name == MIXED_FAMILY else ()
    for request in ask.requests(fam, variant):
        try:
            movement = build(request)
        except ScheduleError as exc:
            refusal = str(exc)
            continue
        if ask.kind is FieldKind.PAIRS:
            movement = seat_field(movement, ask.size)
        trays = len(movement.seatings[0].trays) if movement.seatings else 0
        minutes = duration_minutes(movement.rounds, trays, ask.minutes_per_tray, movement.mnemonic)
        return Proposal(
            fam.name, fam.title, variant, movement, None, left, minutes, ask.minutes,
            balance(movement),
        )  # fmt: skip
    return Proposal(fam.name, fam.title, variant, None, refusal, limit=ask.minutes)


CLUB_HOWELL_TABLES = 7
"""From here clubs play a shortened Howell rather than a complete one, which takes too many
rounds for an evening (docs/movements.md#shortened-howells)."""


def club_howell(p: Proposal) -> bool:
    """A three-quarter, interwoven or in-time Howell for a field of seven tables or more
    (13 pairs and up, however many tables the movement uses): what clubs play."""
    return (
        p.family == "howell"
        and p.variant in howell.CLUB
        and p.movement is not None
        and -(-len(p.movement.field) // 2) >= CLUB_HOWELL_TABLES
    )


def best_first(rows: list[Proposal]) -> list[Proposal]:
    """The usable proposals, best first: from seven tables a three-quarter or in-time Howell,
    then best balanced, then one ranking of everybody before two (N-S and E-W), then nobody
    left over or sitting out, then more of the time used; then those that do not fit, in
    catalog order."""

    def merit(p: Proposal) -> tuple[bool, float, bool, bool, Fraction]:
        assert p.movement is not None
        idle = bool(p.left_over or p.movement.sitouts)
        two = words.two_fields(p.movement)
        return (
            not club_howell(p), -round(p.fairness, 1), two, idle,
            -(p.minutes or Fraction(0)),
        )  # fmt: skip

    usable = sorted((p for p in rows if p.usable), key=merit)
    return usable + [p for p in rows if not p.usable]
