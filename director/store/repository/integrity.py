"""The database's own refusals (its constraints) said in words."""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError

from director.store.values import ConflictError, StoreError

# -- integrity errors --------------------------------------------------------------------------

_CONSTRAINT_MESSAGES = {
    "ck_results_ns_tricks_range": "N/S tricks must be 0 to 13",
    "ck_results_ew_tricks_range": "E/W tricks must be 0 to 13",
    "ck_results_tricks_total_13": "N/S and E/W tricks must add up to 13",
    "ck_results_ew_record_range": "E/W's record must be 0 to 13 tricks",
    "ck_results_tricks_or_awards": "a result has either tricks or awards (not played)",
    "ck_results_awards_known": "an award is A+, A or A-",
    "ck_results_revokes_range": "revoke counts and tricks after a revoke are out of range",
    "uq_results_one_per_table": (
        "this table already has a result on this tray in this round (entered at another"
        " station?); look again and correct it instead"
    ),
    "ck_trump_slips_suit_known": "a trump suit is S, H, D or C",
    "ck_trump_slips_rank": "a trump rank is 2-9, T, J, Q, K or A",
    "uq_trump_slips_deal_id": "this deal already has a slip (entered at another station?)",
    "ck_players_gender_known": "gender is lady or gentleman",
    "ck_players_name_given": "a player needs a name",
    "uq_players_member_number": "that member number is already on the roster",
    "ck_trays_dealer_seat": "a dealer is N, E, S or W",
}


_SQLITE_UNIQUE = {
    "results.": "uq_results_one_per_table",
    "trump_slips.": "uq_trump_slips_deal_id",
    "players.member_number": "uq_players_member_number",
}
"""SQLite names the columns of a failed unique constraint, not the constraint."""


def explain_integrity_error(exc: IntegrityError) -> StoreError:
    """A readable refusal for a constraint the database enforced."""
    text = str(exc.orig)
    for name, message in _CONSTRAINT_MESSAGES.items():
        if name in text:
            kind = ConflictError if name.startswith("uq_") else StoreError
            return kind(f"refused: {message}")
    for columns, name in _SQLITE_UNIQUE.items():
        if f"UNIQUE constraint failed: {columns}" in text:
            return ConflictError(f"refused: {_CONSTRAINT_MESSAGES[name]}")
    if "FOREIGN KEY" in text.upper():
        return StoreError(f"refused: the entry refers to something that does not exist ({text})")
    return StoreError(f"refused by the event file's rules: {text}")
