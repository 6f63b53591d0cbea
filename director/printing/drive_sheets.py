"""A whist drive's sheets: the caller's list of hands and trumps with the breaks, the
half-time and final standings, and the prize list with how each tie was broken
(docs/drive.md)."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from director.printing.base import Header, Progress, build_document, report, stylesheet
from director.printing.columns import fitting_sizes
from director.printing.drive_contents import (
    DrivePapers,
    caller_notes,
    rules_words,
    sit_out_words,
    standing_headings,
    standing_rows,
    trump_words,
)
from director.printing.grids import content_width, grid
from director.printing.paging import frame_height, height_of, paged
from director.printing.plain import PlainText

CALLER = "caller"
STANDINGS = "standings"
PRIZES = "prizes"

SIZE = 12
"""The sheets' text size, where every cell of a column fits it."""
CALLER_SHARES = (0.1, 0.22, 0.12, 0.56)
CALLER_ROW = 8 * mm
STANDING_SHARES = {"Place": 0.09, "Part": 0.14, "Tricks": 0.11, "Won": 0.08, "Sat out": 0.1}
"""The standings' column shares by heading; the name takes the rest."""
PRIZE_SHARES = (0.24, 0.26, 0.14, 0.36)


def render_caller(papers: DrivePapers, header: Header, paper: str, p: Progress | None) -> bytes:
    """The caller's sheet: a line per hand with its trump to call, a box to tick when called,
    and the breaks; the drive's rules to read out underneath."""
    settings = papers.settings
    styles = stylesheet()
    width = content_width(paper)
    rows = [
        (
            str(hand),
            trump_words(settings, hand) or "turned by the dealer",
            "",
            caller_notes(papers, hand),
        )
        for hand in range(1, settings.hands + 1)
    ]
    headings = ("Hand", "Trumps", "Called", "Notes for the caller")
    sizes = fitting_sizes(rows, [s * width for s in CALLER_SHARES], (SIZE,) * 4)

    def piece(chunk: Sequence[tuple[str, ...]], k: int, count: int) -> list[Flowable]:
        title = "Hands and trumps" + (" (continued)" if k else "")
        return [
            PlainText(title, styles["heading"]),
            Spacer(1, 1.5 * mm),
            grid(headings, chunk, CALLER_SHARES, width, sizes, CALLER_ROW, (0, 1), False),
        ]

    story: list[Flowable] = [PlainText("The caller's sheet", styles["title"])]
    room = frame_height(paper)
    story += paged(rows, piece, width, room, room - height_of(story, width, room))
    story.append(PlainText("The drive's rules", styles["heading"]))
    story += [PlainText(line, styles["body"]) for line in rules_words(papers)]
    report(p, 1, 1)
    return build_document(story, header, paper)


def render_standings(papers: DrivePapers, header: Header, paper: str, p: Progress | None) -> bytes:
    """The half-time standings (once the first half is in) and the standings after the last
    hand played, said to be the final ones only when every hand is in."""
    settings = papers.settings
    styles = stylesheet()
    width = content_width(paper)
    room = frame_height(paper)
    story: list[Flowable] = [PlainText("Standings", styles["title"])]
    tables = []
    if settings.halves > 1 and papers.played >= settings.hands_per_half:
        tables.append((f"Half-time (after hand {settings.hands_per_half})", papers.half_time))
    if papers.played == settings.hands:
        tables.insert(0, ("Final standings", papers.final))
    elif papers.played:
        tables.insert(0, (f"After hand {papers.played} of {settings.hands}", papers.final))
    if not tables:
        story.append(PlainText("No hand has been played yet.", styles["body"]))
    headings = standing_headings(papers)
    shares = tuple(STANDING_SHARES.get(h, 0.0) for h in headings)
    shares = tuple(share or 1 - sum(shares) for share in shares)
    for title, table in tables:
        rows = standing_rows(papers, table)
        sizes = fitting_sizes(rows, [s * width for s in shares], (SIZE,) * len(shares))
        # the first grid starts under the title; a later one where it fits whole
        first = room - height_of(story, width, room) if len(story) == 1 else None
        story += _titled(title, headings, rows, shares, sizes, width, room, first)
    if any(s.sat_out for s in papers.final):
        story.append(
            PlainText(
                "Sat out: hands a player sat out at a short table; each scored"
                f" {sit_out_words(papers.settings)}.",
                styles["small"],
            )
        )
    report(p, 1, 1)
    return build_document(story, header, paper)


def render_prizes(papers: DrivePapers, header: Header, paper: str, p: Progress | None) -> bytes:
    """The prize list: each prize, its winner, their figure and how a tie for it was broken;
    then the house penalties given, for the record."""
    styles = stylesheet()
    width = content_width(paper)
    room = frame_height(paper)
    settings = papers.settings
    final = papers.played == settings.hands
    title = "Prizes" if final else f"Prizes after hand {papers.played} of {settings.hands}"
    story: list[Flowable] = [PlainText(title, styles["title"])]
    if not papers.prizes:
        story.append(PlainText("No hand has been played yet.", styles["body"]))
    else:
        rows = [
            (prize.title.capitalize(), prize.player, prize.figure, prize.tie or "no tie")
            for prize in papers.prizes
        ]
        headings = ("Prize", "Winner", "Score", "Tie")
        sizes = fitting_sizes(rows, [s * width for s in PRIZE_SHARES], (SIZE,) * 4)
        first = room - height_of(story, width, room)
        story += _titled("The winners", headings, rows, PRIZE_SHARES, sizes, width, room, first)
    if papers.penalties:
        story.append(PlainText("Penalties", styles["heading"]))
        story += [PlainText(line, styles["body"]) for line in papers.penalties]
    report(p, 1, 1)
    return build_document(story, header, paper)


def _titled(
    title: str,
    headings: Sequence[str],
    rows: Sequence[tuple[str, ...]],
    shares: tuple[float, ...],
    sizes: tuple[float, ...],
    width: float,
    room: float,
    first_room: float | None,
) -> list[Flowable]:
    """A titled grid, each column at one size, continued under its title (marked so) on the
    next page when too long (see `paging.paged` for `first_room`)."""
    styles = stylesheet()

    def piece(chunk: Sequence[tuple[str, ...]], k: int, count: int) -> list[Flowable]:
        return [
            PlainText(title + (" (continued)" if k else ""), styles["heading"]),
            Spacer(1, 1.5 * mm),
            grid(headings, chunk, shares, width, sizes, shrink=False),
        ]

    return paged(rows, piece, width, room, first_room)
