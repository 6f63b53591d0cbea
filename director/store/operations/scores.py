"""The scores' calls on an open event: slips, deals, results, irregularities and standings."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from sqlalchemy.orm import Session as Db

from director.scoring.validate import validate
from director.store import live, repository, scoring_bridge
from director.store.values import (
    Award,
    Card,
    DealVersion,
    Irregularity,
    IrregularityKind,
    Result,
    ResultEntry,
    Revoke,
    StoreError,
    Suit,
    TrumpSlip,
)
from schedules.types import Direction

if TYPE_CHECKING:
    from director.scoring.model import SectionPlay, SectionResult

from director.store.operations.unit import UnitOfWork


class ScoreOperations(UnitOfWork):
    """Slips, deals, results, irregularities and the standings they give."""

    def record_slip(
        self,
        tray: int,
        card: Card | str,
        *,
        session: int = 1,
        section: str = "A",
        who: str = "director",
    ) -> TrumpSlip:
        """Enter (or change) the trump card of a tray's current deal, from its returned slip."""
        card = card if isinstance(card, Card) else Card.parse(card)
        with self._step("record slip", who) as step:
            deal = repository.deals.current_deal(step.db, session, section, tray)
            if repository.event.declared_trump(step.db) is not None:
                raise StoreError(
                    "a trump suit is declared for every tray (event settings): no slips are"
                    " kept; clear the declared trump to record slips"
                )
            slip = repository.deals.put_slip(step.db, deal, card, who)
            step.summary = f"tray {tray}: trump {card}"
        return slip

    def slips(
        self, *, session: int = 1, section: str = "A", counting_only: bool = True
    ) -> tuple[TrumpSlip, ...]:
        """The recorded slips by tray (and version), only the current deals' by default."""
        with self._unit() as db:
            return repository.deals.slips(
                db, repository.event.section_id(db, session, section), counting_only
            )

    def record_result(
        self,
        entry: ResultEntry,
        *,
        irregularity: IrregularityKind | None = None,
        table_trump: Suit | str | None = None,
    ) -> Result:
        """Enter one table's result on one tray; committed before this returns.

        Refused, with the reason, if the movement does not put that tray at that table in that
        round, if the tricks are out of range, or if a result is already entered (correct it).
        With `irregularity` (and the trump the table turned, for a wrong trump) the ruling at
        that table is recorded in the same step: both are stored, or neither.
        """
        with self._step("record result", entry.entered_by) as step:
            result = repository.results.insert_result(step.db, entry)
            step.summary = repository.results.describe(result)
            if irregularity is not None:
                ruling = _ruling(
                    entry.session, entry.section, entry.round, entry.table, entry.tray,
                    irregularity, table_trump, None, "", entry.entered_by,
                )  # fmt: skip
                repository.rulings.insert_irregularity(step.db, ruling)
                step.summary += f", {irregularity.value}"
            if entry.revokes or entry.awards or irregularity is not None:
                _check_against_laws(step.db, entry.session, entry.section, entry.tray)
        return result

    def record_round(
        self, entries: Iterable[ResultEntry], who: str = "director"
    ) -> tuple[Result, ...]:
        """Enter several results (a round's travellers, an imported sheet) as one operation:
        all are committed or, if one is refused, none; one undo takes them all back."""
        entries = tuple(entries)
        with self._step("record results", who) as step:
            stored = repository.results.insert_results(step.db, entries)
            if stored:
                step.summary = (
                    f"{len(stored)} results, from {repository.results.describe(stored[0])}"
                )
            # as for one result: a revoke or award the laws do not give refuses them all
            ruled = {(e.session, e.section, e.tray) for e in entries if e.revokes or e.awards}
            for session, section, tray in sorted(ruled):
                _check_against_laws(step.db, session, section, tray)
        return tuple(stored)

    def correct_result(
        self,
        result_id: int,
        expected_version: int,
        *,
        ns_tricks: int | None,
        revokes: tuple[Revoke, ...] = (),
        awards: tuple[Award, Award] | None = None,
        ew_record: int | None = None,
        who: str = "director",
    ) -> Result:
        """Change a stored result; `expected_version` is the version the caller last saw.

        If another station changed it since, `ConflictError` says who and when.
        """
        with self._step("correct result", who) as step:
            result = repository.results.update_result(
                step.db, result_id, expected_version, ns_tricks, revokes, awards, ew_record, who
            )
            if revokes or awards:
                _check_against_laws(step.db, result.session, result.section, result.tray)
            step.summary = repository.results.describe(result)
        return result

    def delete_result(self, result_id: int, expected_version: int, who: str = "director") -> None:
        """Remove a result entered by mistake (kept in the audit trail; undo restores it)."""
        with self._step("delete result", who) as step:
            old = repository.results.delete_result(step.db, result_id, expected_version)
            step.summary = repository.results.describe(old)

    def results(
        self, *, session: int = 1, section: str = "A", counting_only: bool = True
    ) -> tuple[Result, ...]:
        """Results by round, table and tray; with `counting_only=False` also replaced deals'."""
        with self._unit() as db:
            sid = repository.event.section_id(db, session, section)
            return repository.results.results(db, sid, session, section, counting_only)

    def entered_per_round(self, *, session: int = 1, section: str = "A") -> dict[int, int]:
        """How many counting results each round of the section has (rounds with none absent)."""
        with self._unit() as db:
            sid = repository.event.section_id(db, session, section)
            return repository.results.entered_per_round(db, sid)

    def results_of_trays(
        self, trays: Iterable[int], *, session: int = 1, section: str = "A"
    ) -> tuple[Result, ...]:
        """The counting results of some trays only (those `scoring_changes` names), for a
        reader that keeps the rest."""
        with self._unit() as db:
            sid = repository.event.section_id(db, session, section)
            return repository.results.counting_results_of_trays(db, sid, session, section, trays)

    def result(self, result_id: int) -> Result:
        """One result by id."""
        with self._unit() as db:
            return repository.results.result(db, result_id)

    def order_new_deal(
        self,
        tray: int,
        why: str,
        *,
        law: IrregularityKind = IrregularityKind.MISDEAL,
        session: int = 1,
        section: str = "A",
        who: str = "director",
    ) -> DealVersion:
        """A new deal (docs/laws.md#new-deal): the tray is dealt again and replayed by every table.

        `law` is the irregularity that called for it. The current version's slip and results
        are kept but stop counting; the new version is returned and receives its own slip and
        results.
        """
        with self._step("new deal", who) as step:
            deal = _new_deal(step.db, session, section, tray, why, law)
            step.summary = f"tray {tray}: version {deal.version}, {why}"
        return deal

    def deals(self, *, session: int = 1, section: str = "A") -> tuple[DealVersion, ...]:
        """Every deal version of every tray."""
        with self._unit() as db:
            return repository.deals.deals(db, repository.event.section_id(db, session, section))

    def record_irregularity(
        self,
        *,
        round: int,
        table: int,
        tray: int,
        kind: IrregularityKind,
        table_trump: Suit | str | None = None,
        side: Direction | None = None,
        detail: str = "",
        session: int = 1,
        section: str = "A",
        who: str = "director",
        new_deal: str | None = None,
    ) -> Irregularity:
        """Record an irregularity at one table on the tray's counting deal.

        Scoring applies what the laws give for it (`director.scoring.awards`): an average for
        the table, or nothing. Where the laws call for a new deal, also `order_new_deal`.
        `table_trump` is the trump the table itself turned (Law IV Sec.9/10), the only place
        a table's own trump is ever recorded. With `new_deal` (why the tray is dealt again) the
        new deal the laws call for is ordered in the same step.
        """
        value = _ruling(session, section, round, table, tray, kind, table_trump, side, detail, who)
        with self._step("record irregularity", who) as step:
            stored = repository.rulings.insert_irregularity(step.db, value)
            step.summary = f"{kind.value} at table {table}, round {round}, tray {tray}"
            if new_deal is not None:
                _new_deal(step.db, session, section, tray, new_deal, kind)
                step.summary += f", dealt again ({new_deal})"
            _check_against_laws(step.db, session, section, tray)
        return stored

    def irregularities(self, *, session: int = 1, section: str = "A") -> tuple[Irregularity, ...]:
        """Every irregularity recorded in the section."""
        with self._unit() as db:
            sid = repository.event.section_id(db, session, section)
            return repository.rulings.irregularities(db, sid, session, section)

    def scoring_input(self, *, session: int = 1, section: str = "A") -> SectionPlay:
        """The section as `director.scoring` reads it: movement, counting results with their
        irregularities, slips, new deals, settings and printed names."""
        with self._unit() as db:
            return scoring_bridge.scoring_input(db, session, section)

    def standings(self, *, session: int = 1, section: str = "A") -> SectionResult:
        """Score the section's counting results with `director.scoring.score_section`."""
        return scoring_bridge.score(self.scoring_input(session=session, section=section))

    def scoring_changes(
        self, mark: int, *, session: int = 1, section: str = "A"
    ) -> live.ScoringChanges | None:
        """The section's changed trays and their counting results since step `mark`; None
        when a step since changed more than results (then read `scoring_input` again)."""
        with self._unit() as db:
            return live.scoring_changes(db, session, section, mark)


def _ruling(
    session: int,
    section: str,
    round: int,
    table: int,
    tray: int,
    kind: IrregularityKind,
    table_trump: Suit | str | None,
    side: Direction | None,
    detail: str,
    who: str,
) -> Irregularity:
    """An irregularity to record at one table (its id and deal version are the store's)."""
    trump = Suit.parse(table_trump) if isinstance(table_trump, str) else table_trump
    return Irregularity(0, session, section, round, table, tray, 0, kind, trump, side, detail, who)


def _new_deal(
    db: Db, session: int, section: str, tray: int, why: str, law: IrregularityKind
) -> DealVersion:
    if not why.strip():
        raise StoreError("say why the tray is dealt again (--why), for the audit trail")
    return repository.deals.new_deal(db, session, section, tray, why.strip(), law)


def _check_against_laws(db: Db, session: int, section: str, tray: int) -> None:
    """Refuse, inside the entry's own transaction, a ruling the laws do not give (a revoke at a
    table awarded the average, an overplay law at the original play, ...): the scoring's checks
    run on the changed tray before anything is committed."""
    validate(scoring_bridge.scoring_input(db, session, section), trays=(tray,))
