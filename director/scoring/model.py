"""The scoring vocabulary: what a session's results are made of, and what scoring returns.

Inputs (`SectionPlay` and everything in it) are what the director enters: the movement, each
tray's trump from its slip, and per table and tray the tricks N/S took, revokes and
irregularities. Outputs (`SectionResult` and everything in it) are exact: every average,
plus/minus and matchpoint is a `Fraction`; rounding belongs to presentation only.

The main entry point is `director.scoring.score_section(play) -> SectionResult`.

>>> r = TableResult(round=1, table=2, tray=3, ns_tricks=8)
>>> r.key, r.ew_record
((3, 1, 1, 2), None)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction

from schedules.types import Direction, Label, Movement, RoundNo, TableNo, TrayNo

TRICKS = 13
"""Tricks in a deal; N/S tricks plus E/W tricks always make this."""

ResultKey = tuple[TrayNo, int, RoundNo, TableNo]
"""(tray, version, round, table): one play of one version of a deal."""


class Suit(enum.Enum):
    """A trump suit, as written on the trump slip (Law IV Sec.1)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read "S", "spades", "♠" and the like.

        >>> Suit.parse("hearts"), Suit.parse("♣")
        (<Suit.HEARTS: 'H'>, <Suit.CLUBS: 'C'>)
        """
        key = text.strip()
        key = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}.get(key, key[:1].upper())
        try:
            return cls(key)
        except ValueError:
            raise ValueError(f"not a suit: {text!r} (use C, D, H or S)") from None


class Method(enum.Enum):
    """How the session is ranked."""

    PLUS_MINUS = "plusminus"
    """Tricks above or below the own direction's average (W2-W5); the laws' method."""
    MATCHPOINTS = "matchpoints"
    """The modern layer: matchpoints and percentages (M1-M7)."""


class Scale(enum.Enum):
    """Matchpoint scale (M1)."""

    TWO_ONE = "2-1"
    """EBU/WBF: 2 per result beaten, 1 per tie; top 2(n-1)."""
    ONE_HALF = "1-1/2"
    """ACBL: 1 per result beaten, 1/2 per tie; top n-1."""


class RevokeReference(enum.Enum):
    """Which other tables set the cap and floor of a pair-match revoke (Law VII Sec.4, W14.4)."""

    ALL_OTHER_TABLES = "all"
    """The law's text: "as made at the other tables" (tables given an average are left out)."""
    CLEAN_TABLES_ONLY = "clean"
    """A departure from the text: other tables without a revoke only."""


class TeamMethod(enum.Enum):
    """How several teams are ranked (W7)."""

    MATCHES_WON = "matches"
    """Foster's round robin: most matches won, a tie half a match, tricks break ties (W7b)."""
    AGGREGATE = "aggregate"
    """1894 code: each team's aggregate against the average of all teams (W7a)."""


class Award(enum.Enum):
    """An artificial adjusted score for a deal not played (modern layer, WBF Law 12C, M4).

    Under the whist laws the only award is the average; `AVERAGE_PLUS` and `AVERAGE_MINUS`
    are refused unless the session is scored by matchpoints."""

    AVERAGE_PLUS = "A+"
    AVERAGE = "A"
    AVERAGE_MINUS = "A-"


class IrregularityKind(enum.Enum):
    """An irregularity the director reports for one table's play of a deal; the value names
    the law. What each one does to the score is the table in `director.scoring.awards`."""

    WRONG_TRUMP_CORRECTED = "Law IV Sec.8"
    """Wrong trump turned on the overplay, corrected before play began: no scoring event."""
    WRONG_TRUMP_OVERPLAY = "Law IV Sec.9"
    """Wrong trump turned on the overplay, found after play began: the table takes the average
    (fewer than three tables: a new deal). Give the table's own trump."""
    SLIP_FOUND_AT_NEXT_TABLE = "Law IV Sec.10 (next table)"
    """The original table recorded a trump other than the one turned; found at the next
    table: a new deal."""
    SLIP_MISRECORDED = "Law IV Sec.10"
    """The original table recorded a trump other than the one turned; found after tables
    played to the slip: the slip stands, only the original table (this result) takes the
    average (fewer than three tables: a new deal). Give the trump actually turned."""
    WRONG_CARDS = "Law V Sec.1"
    """On the overplay, a player had more than thirteen cards, the trump card was not in the
    dealer's hand, or a card was faced in the tray: the discovering table does not play the
    deal and takes the average (fewer than three tables: a new deal)."""
    SHORT_HAND = "Law V Sec.2"
    """A hand short of cards found after the first trick of the overplay: the result stands;
    revokes it caused are revokes."""
    MISDEAL = "Law II Sec.2"
    """Exposed card in dealing, incorrect pack, wrong number dealt, cards left in the tray
    after the first trick of the original play: a new deal."""
    NOT_PLAYED = "not played"
    """The table did not play the deal (time, absence): credited the average (W5), or an
    artificial score under matchpoints (M4)."""

    @property
    def words(self) -> str:
        """What happened, in a player's words ("wrong trump on the overplay")."""
        return _IRREGULARITY_WORDS[self]


_IRREGULARITY_WORDS = {
    IrregularityKind.WRONG_TRUMP_CORRECTED: "wrong trump turned, put right before play",
    IrregularityKind.WRONG_TRUMP_OVERPLAY: "wrong trump on the overplay",
    IrregularityKind.SLIP_FOUND_AT_NEXT_TABLE: "trump slip wrong, found at the next table",
    IrregularityKind.SLIP_MISRECORDED: "trump slip wrong at the original table",
    IrregularityKind.WRONG_CARDS: "wrong cards on the overplay",
    IrregularityKind.SHORT_HAND: "short hand found after the first trick",
    IrregularityKind.MISDEAL: "misdeal",
    IrregularityKind.NOT_PLAYED: "not played",
}


class Adjustment(enum.Enum):
    """Why a table's counted score differs from the tricks as made."""

    NONE = "as made"
    AVERAGE = "average"
    """The laws' average score: pm 0, moves no other score (W13)."""
    ARTIFICIAL = "artificial"
    """Modern Av+/Av/Av- (M4): no comparison, a share of the top."""
    REVOKE = "revoke"
    """Law VII Sec.4 transfer, ceiling and record (W14)."""
    MNEMONIC = "mnemonic"
    """Compared with the pair that held the other hands (docs/scoring-rules.md#mnemonic-play)."""


@dataclass(frozen=True, slots=True)
class TrumpSlip:
    """The trump written on a tray's slip at the original play (Law IV Sec.1)."""

    tray: TrayNo
    trump: Suit
    version: int = 1
    """The deal's version: a new deal has its own slip."""


@dataclass(frozen=True, slots=True)
class Revoke:
    """One side's established revokes at one table on one deal (Law VII Sec.4)."""

    side: Direction
    """The revoking side."""
    count: int
    """Established revokes by that side on the deal (k >= 1, counting failed calls)."""
    tricks_after: int
    """Tricks the revoking side won from the trick of its first revoke on, that trick included."""
    failed_calls: int = 0
    """Of `count`, how many were failures to obey a lawful call (Law X Sec.5: as a revoke)."""


@dataclass(frozen=True, slots=True)
class Irregularity:
    """An irregularity at one table on one deal, as the director ruled it."""

    kind: IrregularityKind
    table_trump: Suit | None = None
    """The trump the table itself turned, where it differs from the slip (Law IV Sec.9/10)."""
    note: str = ""


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's play of one deal (one version of one tray) in one round."""

    round: RoundNo
    table: TableNo
    tray: TrayNo
    ns_tricks: int | None
    """Tricks taken by N/S as made, from the N/S record (None: no result, see irregularity)."""
    ew_record: int | None = None
    """Tricks E/W say they took, when E/W's record was entered too (W12 compares them)."""
    version: int = 1
    """The deal's version: 1, then 2 after a new deal, ..."""
    revokes: tuple[Revoke, ...] = ()
    irregularity: Irregularity | None = None
    awards: tuple[Award, Award] = (Award.AVERAGE, Award.AVERAGE)
    """(N/S, E/W) artificial scores when not played, matchpoints only (M4)."""
    prevails: Direction | None = None
    """The director's choice of record when N/S and E/W disagree (default: settings)."""
    fouled_group: str | None = None
    """Modern fouled board (M5): results with the same group label are compared together."""

    @property
    def key(self) -> ResultKey:
        """(tray, version, round, table)."""
        return (self.tray, self.version, self.round, self.table)


@dataclass(frozen=True, slots=True)
class NewDeal:
    """The tray was dealt again and replayed by every table (docs/laws.md#new-deal)."""

    tray: TrayNo
    version: int
    """The replacement's version (2 for the first new deal); earlier versions stop counting."""
    law: IrregularityKind
    """The irregularity that made the laws call for it."""
    note: str = ""


@dataclass(frozen=True, slots=True)
class Settings:
    """Event settings that change the figures."""

    method: Method = Method.PLUS_MINUS
    scale: Scale = Scale.TWO_ONE
    revoke_reference: RevokeReference = RevokeReference.ALL_OTHER_TABLES
    individual_revoke_record: bool = False
    """Record individual-match revokes with +R/-R as pair matches (an inference; off)."""
    ew_prevails: bool = True
    """When the records disagree, E/W's is taken (1894 code); False takes N/S's."""
    team_method: TeamMethod = TeamMethod.MATCHES_WON
    declared_trump: Suit | None = None
    """Law IV Sec.11: one suit declared for every tray; no slips."""
    factor_sitouts: bool = False
    """M6: matchpoint totals scaled by deals in full / deals played."""


@dataclass(frozen=True)
class SectionPlay:
    """One section's play to score: its movement and everything entered for it (a session
    of several sections is scored a section at a time)."""

    movement: Movement
    results: tuple[TableResult, ...]
    slips: tuple[TrumpSlip, ...] = ()
    new_deals: tuple[NewDeal, ...] = ()
    settings: Settings = Settings()
    names: dict[Label, str] = field(default_factory=dict, compare=False, hash=False)
    """Optional printed names per competitor label (players, pairs or teams)."""
    couples: tuple[tuple[Label, Label], ...] = ()
    """Safford: (wife, husband) labels; by default lady "a" with gentleman "1", and so on."""


# ---------------------------------------------------------------- outputs


@dataclass(frozen=True, slots=True)
class Step:
    """One line of an explanation: what was done and the rule or law it follows: a rule code
    of docs/scoring-rules.md ("W2", "M1") or a law ("Law IV Sec.9")."""

    text: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class TableScore:
    """One table's play of a deal, scored."""

    round: RoundNo
    table: TableNo
    tray: TrayNo
    version: int
    ns: tuple[Label, ...]
    """Who held the N/S hands (one pair, or two players)."""
    ew: tuple[Label, ...]
    made_ns: int | None
    """N/S tricks as made (None when not played)."""
    counted_ns: Fraction | None
    """N/S tricks as they count in the deal's average (None: not in the comparison)."""
    final_ns: Fraction
    """N/S's final tricks for the deal after every penalty (totals add these)."""
    final_ew: Fraction
    pm_ns: Fraction
    pm_ew: Fraction
    adjustment: Adjustment = Adjustment.NONE
    marks: tuple[str, str] = ("", "")
    """(N/S, E/W) revoke marks "+R"/"-R" as recorded (Law VII Sec.4)."""
    mp_ns: Fraction | None = None
    mp_ew: Fraction | None = None
    top: Fraction | None = None
    """The matchpoint top of the deal."""
    steps: tuple[Step, ...] = ()


@dataclass(frozen=True, slots=True)
class DealScore:
    """One tray (its counting version), scored at every table that played it."""

    tray: TrayNo
    version: int
    avg_ns: Fraction | None
    """Average N/S tricks over the counting tables (None: nobody's result counts)."""
    avg_ew: Fraction | None
    top_ns: int | None
    """Highest N/S tricks made (old-whist top); the E/W top is 13 - bottom_ns."""
    bottom_ns: int | None
    counting: int
    """Tables whose result counts in the average."""
    tables: tuple[TableScore, ...]
    replaced: tuple[int, ...] = ()
    """Earlier versions of this tray superseded by a new deal (audit only)."""
    mp_top: Fraction | None = None
    warnings: tuple[str, ...] = ()
    """What the director should look at on this deal (disagreeing records, missing results)."""


@dataclass(frozen=True, slots=True)
class Standing:
    """One competitor's totals and place."""

    label: Label
    field: str
    """The ranking this row belongs to: "overall", "N-S", "E-W", "North", ..."""
    place: str
    """ "1", "2=", ... (equal totals share the place)."""
    deals: int
    """Deals played (with a counting or awarded result)."""
    raw: Fraction
    """Tricks won, after penalties."""
    plus_minus: Fraction
    equated: Fraction | None = None
    """W3 equated total (fixed directions) or raw total for comparison."""
    matchpoints: Fraction | None = None
    top: Fraction | None = None
    percent: Fraction | None = None
    """Percentage as a fraction of 100 (e.g. 111/2 for 55.5%)."""
    direction: Direction | None = None
    """The direction a fixed-direction pair held; None when it changed."""


@dataclass(frozen=True, slots=True)
class Winner:
    """A winner the movement promises."""

    title: str
    labels: tuple[Label, ...]
    """One label, or several when tied."""
    figure: Fraction
    """The figure that won (plus/minus, percent, tricks lost, matches won)."""


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """A team's result (W6-W8)."""

    team: Label
    place: str
    tricks: Fraction
    """Aggregate tricks (W14.3 penalties applied)."""
    margin: Fraction
    """Above or below the average team (aggregate) or net over its matches."""
    matches_won: Fraction | None = None


@dataclass(frozen=True, slots=True)
class Subtotal:
    """Safford: a player's tricks lost after each group of four hands."""

    label: Label
    lost: tuple[Fraction, ...]
    """Running total after each four hands played."""


@dataclass(frozen=True, slots=True)
class CoupleComparison:
    """Safford: husband against wife on the hands both held."""

    couple: str
    wife: Label
    husband: Label
    deals: int
    wife_lost: Fraction
    husband_lost: Fraction


@dataclass(frozen=True)
class SectionResult:
    """Everything scoring produced for one section's play."""

    deals: tuple[DealScore, ...]
    standings: dict[str, tuple[Standing, ...]]
    """Ranking name -> rows in place order ("overall", "N-S", "E-W", "North", ...)."""
    winners: tuple[Winner, ...]
    warnings: tuple[str, ...] = ()
    teams: tuple[TeamStanding, ...] = ()
    subtotals: tuple[Subtotal, ...] = ()
    couples: tuple[CoupleComparison, ...] = ()
    method: Method = Method.PLUS_MINUS
    repairs: tuple[str, ...] = ()
    """The repairs made to the movement in play, in the order made, in words."""

    def deal(self, tray: TrayNo) -> DealScore:
        """The scored deal for a tray."""
        for d in self.deals:
            if d.tray == tray:
                return d
        raise KeyError(tray)
