"""A whist drive's prizes and how ties for them are broken, each explained in words
(docs/drive.md#prizes-and-ties).

>>> Prize("top lady", "Mrs Hale", "168 tricks", "tie with Mrs Dunn broken by the last hand").words
'top lady: Mrs Hale, 168 tricks; tie with Mrs Dunn broken by the last hand'
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from director.scoring.drive import Hand, Standing, Tricks, ranked, standings, tricks_words
from schedules.progressive.seating import DriveError, Player, Role
from schedules.progressive.settings import DriveSettings

PLACES = ("top", "second", "third", "fourth", "fifth")


class TieRule(enum.Enum):
    """How a tie for a prize is broken; lots decide whatever the rule leaves tied."""

    LAST_HAND = "the last hand"
    """The better score on the last hand, then the hand before, and so on back."""
    MOST_WON = "most hands won"
    LOTS = "lots drawn by the program"


@dataclass(frozen=True, slots=True)
class PrizeSettings:
    """Which prizes the drive gives and how ties are broken."""

    by_role: bool = True
    """Top lady and top gentleman (and seconds...), rather than top overall."""
    places: int = 3
    """Placings for each of ladies and gentlemen (or overall): 1 to 5."""
    half_time: bool = True
    booby: bool = True
    big_hands: bool = True
    """A prize for the most hands of 10 or more tricks."""
    tie_rule: TieRule = TieRule.LAST_HAND
    seed: int = 0
    """Seeds the lots, so a re-run draws the same lots."""

    def __post_init__(self) -> None:
        if not 1 <= self.places <= len(PLACES):
            raise DriveError(f"Prizes go to 1 to {len(PLACES)} places, not {self.places}.")


@dataclass(frozen=True, slots=True)
class Prize:
    """One prize: its title, the winner, their figure, and how a tie was broken (if any)."""

    title: str
    player: Player
    figure: str
    tie: str = ""

    @property
    def words(self) -> str:
        """The prize as the host reads it out."""
        tie = f"; {self.tie}" if self.tie else ""
        return f"{self.title}: {self.player}, {self.figure}{tie}"


Key = Callable[[Standing], Tricks]


def prizes(
    settings: DriveSettings,
    rules: PrizeSettings,
    hands: Sequence[Hand],
    roles: Mapping[Player, Role],
) -> tuple[Prize, ...]:
    """The prizes after `hands`: placings (by role or overall), half-time, booby, most big
    hands. A player takes at most one placing; the booby goes to the lowest player without
    one; the half-time and big-hands prizes are won on their own. The placings and the booby
    go to whole cards only, the half-time prize to cards whole at half time: a late arrival's
    or a leaver's shorter card is not measured against full ones."""
    final = standings(settings, hands)
    whole = [s for s in final if s.whole]
    won = list(_placings(whole, rules, roles))
    placed = {prize.player for prize in won}
    if rules.half_time and settings.halves > 1 and len(hands) >= settings.hands_per_half:
        first = (s.after(settings.hands_per_half) for s in final)
        half = ranked(s for s in first if s.whole)
        won.extend(_first("half-time", half, _total, rules))
    if rules.booby:
        rest = [s for s in whole if s.player not in placed]
        won.extend(_first("booby", rest, lambda s: -s.total, rules, worst=True))
    if rules.big_hands and any(s.big_hands for s in final):
        won.extend(_first("most hands of 10 or more tricks", final, _big, rules))
    return tuple(won)


def _placings(
    final: Sequence[Standing], rules: PrizeSettings, roles: Mapping[Player, Role]
) -> list[Prize]:
    if not rules.by_role:
        groups = [("score", list(final))]
    else:
        unknown = sorted(s.player for s in final if s.player not in roles)
        if unknown:
            raise DriveError(
                f"Prizes by ladies and gentlemen: say which {', '.join(unknown)} "
                f"{'is' if len(unknown) == 1 else 'are'}, or give prizes overall."
            )
        groups = [(role.value, [s for s in final if roles[s.player] is role]) for role in Role]
    return [
        Prize(f"{place} {noun}", standing.player, tricks_words(standing.total), tie)
        for noun, group in groups
        for place, (standing, tie) in zip(
            PLACES[: rules.places], _ranked(group, _total, rules), strict=False
        )
    ]


def _first(
    title: str, group: Sequence[Standing], key: Key, rules: PrizeSettings, worst: bool = False
) -> list[Prize]:
    """The prize `title` for the first of `group` by `key` (none for an empty group)."""
    ranked = _ranked(group, key, rules, worst)
    if not ranked:
        return []
    standing, tie = ranked[0]
    figure = tricks_words(standing.total)
    if key is _big:
        figure = f"{standing.big_hands} hand{'s' if standing.big_hands > 1 else ''}"
    return [Prize(title, standing.player, figure, tie)]


def _total(standing: Standing) -> Tricks:
    return standing.total


def _big(standing: Standing) -> int:
    return standing.big_hands


def _ranked(
    group: Sequence[Standing], key: Key, rules: PrizeSettings, worst: bool = False
) -> list[tuple[Standing, str]]:
    """`group` best first by `key`, ties broken by the drive's rule then lots, each with the
    words saying how its tie (if any) was broken. With `worst` the tie rule counts against a
    player (for the booby: the worse last hand takes it)."""
    rnd = random.Random(rules.seed)
    by_key: dict[Tricks, list[Standing]] = {}
    for standing in sorted(group, key=lambda s: s.player):
        by_key.setdefault(key(standing), []).append(standing)
    ranked: list[tuple[Standing, str]] = []
    for value in sorted(by_key, reverse=True):
        tied = by_key[value]
        ranked.extend(_break(tied, rules.tie_rule, rnd, worst))
    return ranked


def _break(
    tied: list[Standing], rule: TieRule, rnd: random.Random, worst: bool
) -> list[tuple[Standing, str]]:
    if len(tied) == 1:
        return [(tied[0], "")]
    lots = dict(
        zip((s.player for s in tied), rnd.sample(range(1, len(tied) + 1), len(tied)), strict=True)
    )
    sign = -1 if worst else 1
    order = sorted(
        tied,
        key=lambda s: (tuple(sign * v for v in _tie_key(s, rule)), -lots[s.player]),
        reverse=True,
    )
    decided = len({_tie_key(s, rule) for s in tied}) == len(tied)
    drawn = ", ".join(f"{p} drew {n}" for p, n in sorted(lots.items(), key=lambda pn: pn[1]))
    how = rule.value if decided else f"lots drawn by the program ({drawn})"
    if not decided and rule is not TieRule.LOTS:
        how = f"{rule.value}, then {how}"
    return [
        (s, f"tie with {', '.join(o.player for o in order if o is not s)} broken by {how}")
        for s in order
    ]


def _tie_key(standing: Standing, rule: TieRule) -> tuple[Tricks, ...]:
    if rule is TieRule.LAST_HAND:
        # back from the last hand; a hand the player missed counts below any score
        return tuple(-1 if t is None else t for t in reversed(standing.by_hand))
    if rule is TieRule.MOST_WON:
        return (standing.hands_won,)
    return ()
