"""The tables' calls on an open event: their links, where they are served, their calls to the
director."""

from __future__ import annotations

from director.store import repository
from director.store.operations.unit import UnitOfWork
from director.store.table_values import CallKind, ServingAddress, TableCall, TableToken


class TableOperations(UnitOfWork):
    """Entry at the table: links, the serving address and calls to the director."""

    def issue_table_links(
        self, *, session: int = 1, section: str = "A", renew: bool = False
    ) -> tuple[TableToken, ...]:
        """Give every table of the section the token of its link (kept if it has one), or
        with `renew` a new token in place of each, so every link printed before stops working.

        Not an undoable step: a link is a key to the event, not part of it, and undo must never
        bring a withdrawn key back.
        """
        with self._unit(writes=True) as db:
            repository.table_links.issue_table_tokens(db, session, section, renew)
        return tuple(t for t in self.table_links() if (t.session, t.section) == (session, section))

    def table_links(self) -> tuple[TableToken, ...]:
        """Every table's link token, by session, section and table."""
        with self._unit() as db:
            return repository.table_links.table_tokens(db)

    def table_of_token(self, token: str) -> TableToken | None:
        """The table a link's token opens; None for an unknown or renewed token."""
        with self._unit() as db:
            return repository.table_links.token_table(db, token)

    def serving_address(self) -> ServingAddress | None:
        """Where the tables were last served from this event (None: never), so that serving
        again uses the links printed on the table cards."""
        with self._unit() as db:
            return repository.table_links.serving_address(db)

    def keep_serving_address(self, host: str, port: int) -> None:
        """Keep where the tables are served. Not an undoable step, as links are not: undo
        must never move the server away from the address on the cards."""
        with self._unit() as db:
            repository.table_links.keep_serving_address(db, host, port)

    def call_director(
        self,
        *,
        round: int,
        table: int,
        tray: int,
        kind: CallKind,
        note: str = "",
        session: int = 1,
        section: str = "A",
        who: str = "director",
    ) -> TableCall:
        """A table calls the director about a tray it plays (a revoke, an irregularity, ...);
        one step, so the audit trail names the table and the director can undo it."""
        with self._step("call director", who) as step:
            call = repository.rulings.insert_table_call(
                step.db, session, section, (round, table, tray), kind, note, who
            )
            step.summary = f"{kind.value} at table {table}, round {round}, tray {tray}"
        return call

    def table_calls(self, *, session: int = 1, section: str = "A") -> tuple[TableCall, ...]:
        """The section's calls to the director, in the order made."""
        with self._unit() as db:
            sid = repository.event.section_id(db, session, section)
            return repository.rulings.table_calls(db, sid, session, section)

    def settle_table_call(self, call_id: int, who: str = "director") -> None:
        """Mark a table's call settled (the director has ruled)."""
        with self._step("settle call", who) as step:
            step.summary = repository.rulings.settle_table_call(step.db, call_id)
