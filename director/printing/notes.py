"""The movement's notes for the director: how it was built, the proof that it keeps the laws
(the verifier's findings), and every note the families attach. Kept off the players' cards."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer

from director.printing.base import Header, Progress, build_document, escape, report, stylesheet
from director.printing.contents import recap
from schedules.types import Movement
from schedules.verify import verify

identifier = "movement-notes"
verbose_name = "Movement notes and proof (for the director)"


def render(
    movement: Movement, header: Header, paper: str, progress: Progress | None = None
) -> bytes:
    """The notes and the verifier's findings as a PDF."""
    styles = stylesheet()
    findings = verify(movement)
    story: list[Flowable] = [
        Paragraph(escape(recap(movement).title), styles["heading"]),
        Spacer(1, 2 * mm),
        Paragraph("Checked against the laws", styles["heading"]),
    ]
    if findings:
        story += [Paragraph(escape(str(f)), styles["body"]) for f in findings]
    else:
        text = (
            "The verifier replayed every round and found nothing wrong: nobody plays a tray "
            "twice, every seating is complete, and the movement keeps its promise "
            f"({movement.promise})."
        )
        story.append(Paragraph(escape(text), styles["body"]))
    if movement.notes:
        story += [Spacer(1, 3 * mm), Paragraph("Notes", styles["heading"])]
        story += [Paragraph(escape(n), styles["body"]) for n in movement.notes]
    report(progress, 1, 1)
    return build_document(story, header, paper)
