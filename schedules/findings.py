"""What the verifier can find wrong with a movement, and the errors the engine raises."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from schedules.types import Label, RoundNo, TableNo


class Law(enum.Enum):
    """Each invariant a movement can break. The value is the code printed in JSON."""

    # -- universal: every movement ---------------------------------------------------------
    SEATING_MALFORMED = "seating-malformed"
    """A table without the right number of distinct competitors, or without trays."""
    UNKNOWN_COMPETITOR = "unknown-competitor"
    """A competitor seated who is not in the field."""
    ROUND_OUT_OF_RANGE = "round-out-of-range"
    """A seating in a round the movement does not have."""
    ROUND_EMPTY = "round-empty"
    """A round of the movement in which no table plays and not everyone is declared out."""
    SITOUT_SEATED = "sitout-seated"
    """A competitor declared sitting out in a round where they are seated."""
    SITOUT_UNDECLARED = "sitout-undeclared"
    """A competitor of the field absent from a round without being declared sitting out."""
    TABLE_DOUBLE_BOOKED = "table-double-booked"
    """Two seatings at one table in one round."""
    SEAT_DOUBLE_BOOKED = "seat-double-booked"
    """A competitor in two places in one round."""
    TRAY_UNKNOWN = "tray-unknown"
    """A tray played that the movement does not list."""
    TRAY_NEVER_PLAYED = "tray-never-played"
    """A listed tray nobody plays."""
    TRAY_PLAYED_TWICE = "tray-played-twice"
    """A competitor plays a tray a second time (the one universal hard rule)."""
    TRAY_SHARED_UNDECLARED = "tray-shared-undeclared"
    """A tray at two tables in one round without a declared relay."""
    SHARE_NOT_PLAYED = "share-not-played"
    """A declared relay that the seatings do not have."""
    TRAY_ORIGINAL_WRONG = "tray-original-wrong"
    """A tray's original play is not its first play in the seatings."""
    # -- mnemonic play -----------------------------------------------------------------------
    MNEMONIC_NOT_TWICE = "mnemonic-not-twice"
    """Mnemonic play: a competitor plays a tray other than exactly twice."""
    MNEMONIC_SAME_WAY = "mnemonic-same-way"
    """Mnemonic play: both plays of a tray with the same hands (must be once each way)."""
    # -- pair promises -------------------------------------------------------------------------
    MEETS_TWICE = "meets-twice"
    """Two competitors are opponents more often than the movement promises."""
    NEVER_MEETS = "never-meets"
    """Two competitors who must meet never do."""
    DIRECTION_CHANGED = "direction-changed"
    """A Mitchell pair that leaves its side of the table."""
    SAME_SIDE_MEETING = "same-side-meeting"
    """Two pairs of the same Mitchell field meet."""
    # -- individual promises -------------------------------------------------------------------
    PARTNERS_WRONG = "partners-wrong"
    """Two players partner other than the promised number of times."""
    OPPONENTS_WRONG = "opponents-wrong"
    """Two players oppose other than the promised number of times."""
    DIRECTIONS_UNBALANCED = "directions-unbalanced"
    """Balanced whist: two players in the same direction other than once less than opposite."""
    # -- ladies and gentlemen, couples ---------------------------------------------------------
    LADY_MOVED = "lady-moved"
    """A lady who leaves her seat (ladies N and E never move)."""
    GENTLEMAN_CHANGED_SEAT = "gentleman-changed-seat"
    """A gentleman who changes compass point or does not move one table East."""
    WRONG_SEX_AT_SEAT = "wrong-sex-at-seat"
    """A lady at S/W or a gentleman at N/E."""
    COUPLE_PARTNERS = "couple-partners"
    """Husband and wife partners."""
    COUPLE_SAME_SET = "couple-same-set"
    """Husband and wife in the same set of tables in one round."""
    FIXED_PLAYER_MOVED = "fixed-player-moved"
    """A player the movement keeps still (Safford: lady a, gentleman 1) moves."""
    ROTATION_BROKEN = "rotation-broken"
    """A moving player who does not take the next letter's (or number's) place."""
    NEVER_SAME_CARDS = "never-same-cards"
    """Two players who never hold the same cards (Safford: everyone with everyone, once)."""
    DEALERS_NOT_DISTINCT = "dealers-not-distinct"
    """In one round, two tables deal with the same compass point."""
    # -- teams ------------------------------------------------------------------------------------
    TEAM_SAME_HANDS = "team-same-hands"
    """Two pairs of one team play a tray with the same hands (teams need them opposite)."""
    TEAM_MEETS_ITSELF = "team-meets-itself"
    """Two pairs of one team at the same table."""
    TEAM_PAIRING_WRONG = "team-pairing-wrong"
    """Teams who do not meet as the team schedule promises."""
    # -- Snow -------------------------------------------------------------------------------------
    REPLAY_SAME_OPPONENTS = "replay-same-opponents"
    """Snow system: a pair replays a tray against the opponents of the first play."""
    REPLAY_TOO_CLOSE = "replay-too-close"
    """Snow system: a pair replays a tray sooner than half the rounds less one later."""


@dataclass(frozen=True, slots=True)
class Finding:
    """One broken invariant: which law, where, whom it concerns, and what exactly happened."""

    law: Law
    round: RoundNo | None
    table: TableNo | None
    who: tuple[Label, ...]
    detail: str

    def __str__(self) -> str:
        where = []
        if self.round is not None:
            where.append(f"round {self.round}")
        if self.table is not None:
            where.append(f"table {self.table}")
        prefix = ", ".join(where)
        return f"[{self.law.value}] {prefix + ': ' if prefix else ''}{self.detail}"

    def to_json(self) -> dict[str, object]:
        """The JSON form used in `"problems"`."""
        return {
            "law": self.law.value,
            "round": self.round,
            "table": self.table,
            "who": list(self.who),
            "detail": self.detail,
        }


class ScheduleError(ValueError):
    """Base of the engine's errors: the message is one line a director can act on."""


class ImpossibleMovementError(ScheduleError):
    """A request that no movement of the family can satisfy (CLI exit 2)."""


class InvalidMovementError(ScheduleError):
    """A built or imported movement that breaks its invariants."""

    def __init__(self, findings: Sequence[Finding]) -> None:
        self.findings = tuple(findings)
        first = str(self.findings[0]) if self.findings else "no findings"
        more = f" (and {len(self.findings) - 1} more)" if len(self.findings) > 1 else ""
        super().__init__(f"movement fails verification: {first}{more}")
