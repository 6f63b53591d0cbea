"""A section's play as the session file (`director score FILE.json`,
docs/guide.md#scoring-a-session) describes it: the inverse of
`director.scoring.session_json.play_from_json`, so an exported section reads back as the
same session."""

from __future__ import annotations

from director.scoring.model import Award, SectionPlay, TableResult
from schedules.jsonio import movement_to_json


def session_document(play: SectionPlay) -> dict[str, object]:
    """The session file's dictionary for `play`, one section's play."""
    s = play.settings
    settings: dict[str, object] = {
        "method": s.method.value,
        "scale": s.scale.value,
        "revoke_reference": s.revoke_reference.value,
        "team_method": s.team_method.value,
        "individual_revoke_record": s.individual_revoke_record,
        "ew_prevails": s.ew_prevails,
        "factor_sitouts": s.factor_sitouts,
    }
    if s.declared_trump is not None:
        settings["declared_trump"] = s.declared_trump.value
    return {
        "movement": movement_to_json(play.movement),
        "settings": settings,
        "competitors": dict(play.names),
        "couples": [list(c) for c in play.couples],
        "slips": [
            {"tray": slip.tray, "trump": slip.trump.value, "version": slip.version}
            for slip in play.slips
        ],
        "new_deals": [
            {"tray": n.tray, "version": n.version, "law": n.law.value, "note": n.note}
            for n in play.new_deals
        ],
        "results": [_result(r) for r in play.results],
    }


def _result(r: TableResult) -> dict[str, object]:
    row: dict[str, object] = {
        "round": r.round,
        "table": r.table,
        "tray": r.tray,
        "ns": r.ns_tricks,
        "version": r.version,
    }
    if r.ew_record is not None:
        row["ew"] = r.ew_record
    if r.revokes:
        row["revokes"] = [
            {
                "side": rv.side.value,
                "count": rv.count,
                "tricks_after": rv.tricks_after,
                "failed_calls": rv.failed_calls,
            }
            for rv in r.revokes
        ]
    if r.irregularity is not None:
        i = r.irregularity
        row["irregularity"] = {
            "kind": i.kind.value,
            "table_trump": None if i.table_trump is None else i.table_trump.value,
            "note": i.note,
        }
    if r.awards != (Award.AVERAGE, Award.AVERAGE):
        row["awards"] = [a.value for a in r.awards]
    if r.prevails is not None:
        row["prevails"] = r.prevails.value
    if r.fouled_group is not None:
        row["fouled_group"] = r.fouled_group
    return row
