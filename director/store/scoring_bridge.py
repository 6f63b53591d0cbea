"""From stored rows to `director.scoring`'s input, and the call that scores it.

Only counting deals go in as results; replaced deals go in as `NewDeal` records so scoring
can say which versions were superseded. An irregularity is attached to the table's result on
the same deal version (the latest one if several were recorded); an irregularity at a table
with no result (it did not play the deal) becomes a result without tricks.
"""

from __future__ import annotations

from sqlalchemy.orm import Session as Db

from director.scoring import model, score_section
from director.store import repository
from director.store.repository.results import ScoredResult
from director.store.values import Irregularity, Result, names_by_label


def scoring_input(db: Db, session: int, section: str) -> model.SectionPlay:
    """The section as scoring reads it."""
    sid = repository.event.section_id(db, session, section)
    movement = repository.movement.load_movement(db, sid)
    info = repository.event.event_info(db, "")
    deals = repository.deals.deals(db, sid)
    counting = {(d.tray, d.version) for d in deals if d.counting}
    irregular: dict[tuple[int, int, int, int], Irregularity] = {}
    for irregularity in repository.rulings.irregularities(db, sid, session, section):
        if (irregularity.tray, irregularity.deal_version) in counting:
            irregular[_key(irregularity)] = irregularity
    # In key order from the database; sorted again only if unplayed deals join them.
    results = [
        _table_result(r, irregular.pop(_key(r), None) if irregular else None)
        for r in repository.results.scored_results(db, sid)
    ]
    if irregular:
        results += [_unplayed(i) for i in irregular.values()]
        results.sort(key=lambda r: r.key)
    settings = model.Settings(
        method=info.settings.method,
        scale=info.settings.scale,
        declared_trump=(
            model.Suit(info.settings.declared_trump) if info.settings.declared_trump else None
        ),
    )
    return model.SectionPlay(
        movement=movement,
        results=tuple(results),
        slips=tuple(
            model.TrumpSlip(s.tray, s.card.trump, s.version)
            for s in repository.deals.slips(db, sid, counting_only=True)
        ),
        new_deals=tuple(
            model.NewDeal(
                d.tray, d.version + 1, d.law or model.IrregularityKind.MISDEAL, d.reason or ""
            )
            for d in deals
            if not d.counting
        ),
        settings=settings,
        names=printed_names(db),
    )


def _key(entry: Result | ScoredResult | Irregularity) -> tuple[int, int, int, int]:
    return (entry.tray, entry.deal_version, entry.round, entry.table)


def _irregularity(value: Irregularity | None) -> model.Irregularity | None:
    if value is None:
        return None
    return model.Irregularity(value.kind, value.table_trump, value.detail)


def _table_result(
    result: Result | ScoredResult, irregularity: Irregularity | None
) -> model.TableResult:
    reported = _irregularity(irregularity)
    if reported is None and result.ns_tricks is None:
        # Stored with awards and no tricks: scoring calls that a deal not played (W5 / M4).
        reported = model.Irregularity(model.IrregularityKind.NOT_PLAYED)
    return model.TableResult(
        round=result.round,
        table=result.table,
        tray=result.tray,
        ns_tricks=result.ns_tricks,
        ew_record=result.ew_record,
        version=result.deal_version,
        revokes=result.revokes,
        irregularity=reported,
        awards=result.awards or (model.Award.AVERAGE, model.Award.AVERAGE),
    )


def _unplayed(irregularity: Irregularity) -> model.TableResult:
    return model.TableResult(
        round=irregularity.round,
        table=irregularity.table,
        tray=irregularity.tray,
        ns_tricks=None,
        version=irregularity.deal_version,
        irregularity=_irregularity(irregularity),
    )


def printed_names(db: Db) -> dict[str, str]:
    """Printed names per partnership label: its players' names joined."""
    return names_by_label(repository.players.players(db), repository.players.partnerships(db))


def score(play: model.SectionPlay) -> model.SectionResult:
    """Score a section's play with `director.scoring.score_section`."""
    return score_section(play)
