"""The set-up sheet: where every set of trays starts (at a table, or on the stand beside the
table that plays it first), who deals each tray, which tables share trays, and where stands
are needed during play. For the director, before the players arrive."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer

from director.printing.base import Header, Progress, build_document, escape, report, stylesheet
from director.printing.columns import column_shares
from director.printing.grids import content_width, grid
from director.printing.paging import frame_height, height_of, paged
from director.printing.tray_words import SetupRow, numbers_text, setup_rows, tables_word
from schedules.render import counted
from schedules.routes import tray_ways
from schedules.shared_order import copies
from schedules.types import Movement, Share, TableNo, TrayNo

identifier = "setup"
verbose_name = "Set-up sheet (trays and dealers)"

SIZE = 10


def render(
    movement: Movement, header: Header, paper: str, progress: Progress | None = None
) -> bytes:
    """The set-up sheet as a PDF."""
    styles = stylesheet()
    width = content_width(paper)
    ways = tray_ways(movement)
    rows = setup_rows(movement, ways)
    legs = [leg for table_ways in ways.values() for w in table_ways for _, leg in w.goes]
    stands = sorted(
        {leg.stand for leg in legs if leg.stand is not None}
        | {r.stand for r in rows if r.stand is not None}
    )
    story: list[Flowable] = [
        Paragraph("Setting up the room", styles["title"]),
        Paragraph(escape(_summary(movement, len(rows))), styles["body"]),
        Spacer(1, 3 * mm),
    ]
    if stands:
        text = (
            f"Put a bye-stand (a side table or a chair) beside {tables_word(stands)}: trays "
            "wait there between plays; each table card says which trays to leave there and "
            "which to take."
        )
        story += [Paragraph(escape(text), styles["body"]), Spacer(1, 3 * mm)]

    headings = ("Trays", "Put them at", "First played", "Dealer of each tray")
    shares = column_shares(headings, [_cells(r) for r in rows], width, SIZE)

    def piece(part: Sequence[SetupRow], k: int, count: int) -> list[Flowable]:
        return [grid(headings, [_cells(r) for r in part], shares, width, SIZE, 8 * mm)]

    if any(r.copies > 1 for r in rows):
        text = (
            "Trays played at several tables at once need a copy for each of those tables, "
            "dealt alike: deal the tray, then sort another pack into the same four hands for "
            "each further copy, the trump card in the dealer's hand as its slip records."
        )
        story += [Paragraph(escape(text), styles["body"]), Spacer(1, 3 * mm)]
    room = frame_height(paper)
    # the grid starts under the opening lines rather than leaving page 1 with those alone
    story += paged(rows, piece, width, room, room - height_of(story, width, room))
    if movement.shared:
        shared = [Spacer(1, 4 * mm), Paragraph("Trays shared in a round", styles["heading"])]
        lines = shared_lines(movement.shared, movement.rounds, copies(movement))
        shared += [Paragraph(escape(line), styles["body"]) for line in lines]
        story.append(KeepTogether(shared))
    report(progress, 1, 1)
    return build_document(story, header, paper)


def _cells(row: SetupRow) -> list[str]:
    return [row.trays, row.start, row.first_play, row.dealers]


def _summary(movement: Movement, sets: int) -> str:
    trays = len(movement.trays)
    first = sum(1 for t in movement.trays if t.original_round == 1)
    later = trays - first
    # the trays to put out are the physical ones: a tray played at two tables at once is two
    physical = sum(copies(movement).values())
    put_out = (
        f"{trays} trays"
        if physical == trays
        else (f"{physical} trays ({trays} deals, some dealt alike in several copies)")
    )
    text = (
        f"{counted(movement.tables, 'table')}, {counted(movement.rounds, 'round')}, "
        f"{put_out} in {sets} sets. "
        + (f"{first} deals start" if first != 1 else "1 deal starts")
        + " at the tables for round 1"
    )
    text += (
        f"; {later} wait{'s' if later == 1 else ''} on stands for a later round." if later else "."
    )
    return text + " The dealer of each tray is also printed on its trump slip."


def shared_lines(
    shares: tuple[Share, ...], rounds: int, copies: Mapping[TrayNo, int] | None = None
) -> list[str]:
    """One line per group of tables that share trays, its rounds in order: "Tables 1-4 play
    the same trays, each in its own order: round 1 trays 1-4; round 2 trays 5-8." A group that
    shares in every round is one short line: listing every round would repeat the table cards
    and push the list onto a page of its own. Tables that each hold their own copy of the
    trays (`copies`: more than one of each) are said to, rather than to take turns."""
    by_tables: dict[tuple[TableNo, ...], list[Share]] = {}
    for share in shares:
        by_tables.setdefault(share.tables, []).append(share)
    lines = []
    for tables, group in by_tables.items():
        single = all(len(s.trays) == 1 for s in group)  # one tray a round: no order to keep
        start = f"{tables_word(tables).capitalize()} play the same tray{'' if single else 's'}"
        own = copies is not None and all(copies[t] > 1 for s in group for t in s.trays)
        if own:
            how = "each its own copy, dealt alike"
        else:
            how = "taking turns with it" if single else "each in its own order"
        if {s.round for s in group} == set(range(1, rounds + 1)):
            lines.append(f"{start} in every round, {how}: see the table cards.")
        else:
            lines.append(f"{start}, {how}: " + "; ".join(map(_round_trays, group)) + ".")
    return lines


def _round_trays(share: Share) -> str:
    """ "round 2 tray 5" or "round 2 trays 5-6"."""
    plural = "s" if len(share.trays) > 1 else ""
    return f"round {share.round} tray{plural} {numbers_text(share.trays)}"
