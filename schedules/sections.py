"""Several sections played side by side as one event: each keeps its own tables, trays, field
and winners; competitors are prefixed with the section's name ("B-NS3"), tables and trays are
numbered on from the section before."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from schedules.findings import ImpossibleMovementError
from schedules.types import Movement, Seating, Share, Tray
from schedules.verify import ensure_valid


def combine_sections(sections: Sequence[Movement], names: Sequence[str] | None = None) -> Movement:
    """One movement holding every section; rounds run together (the longest sets the count).

    Each section is verified against its own promise first; the whole then promises the
    universal rules only, since no one meets anyone from another section.

    >>> from schedules.catalog import Request, build
    >>> a = build(Request("mitchell", tables=3))
    >>> both = combine_sections([a, a])
    >>> both.tables, len(both.field), both.field[:2], both.winners[:2]
    (6, 12, ('A-NS1', 'A-NS2'), ('A N-S', 'A E-W'))
    """
    names = list(names or (chr(ord("A") + i) for i in range(len(sections))))
    if len(names) != len(sections) or len(set(names)) != len(names) or not sections:
        raise ImpossibleMovementError("give one distinct name for each section")
    competitors = {m.competitors for m in sections}
    if len(competitors) > 1:
        raise ImpossibleMovementError("sections must all seat pairs, or all individuals")
    seatings: list[Seating] = []
    trays: list[Tray] = []
    shared: list[Share] = []
    field: list[str] = []
    winners: list[str] = []
    notes: list[str] = []
    attributes: dict[str, str] = {}
    table_base = tray_base = 0
    for name, m in zip(names, sections, strict=True):
        ensure_valid(m)
        tables = {t: table_base + i for i, t in enumerate(m.table_numbers, start=1)}
        tray_no = {t: tray_base + i for i, t in enumerate(m.tray_numbers, start=1)}

        def label(who: str, prefix: str = name) -> str:
            return f"{prefix}-{who}"

        seatings += [
            replace(
                s,
                table=tables[s.table],
                trays=tuple(tray_no[t] for t in s.trays),
                places=tuple(label(p) for p in s.places),
            )
            for s in m.seatings
        ]
        trays += [
            replace(
                t,
                number=tray_no[t.number],
                original_table=tables.get(t.original_table, t.original_table),
            )
            for t in m.trays
        ]
        shared += [
            Share(
                sh.round, tuple(tray_no[t] for t in sh.trays), tuple(tables[t] for t in sh.tables)
            )
            for sh in m.shared
        ]
        field += [label(c) for c in m.field]
        winners += [f"{name} {w}" for w in m.winners]
        notes += [f"Section {name}: {n}" for n in m.notes]
        attributes |= {label(k): v for k, v in m.attributes.items()}
        table_base += len(tables)
        tray_base += len(tray_no)
    first = sections[0]
    return Movement(
        family=first.family,
        competitors=first.competitors,
        tables=table_base,
        rounds=max(m.rounds for m in sections),
        trays=tuple(trays),
        seatings=tuple(seatings),
        field=tuple(field),
        shared=tuple(shared),
        mnemonic=first.mnemonic,
        variant=f"{len(sections)} sections",
        promise="any",
        attributes=attributes,
        winners=tuple(winners),
        notes=tuple(notes),
    )
