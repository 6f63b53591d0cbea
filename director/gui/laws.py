"""The Laws of Duplicate Whist (A.W.L., as amended to 1910) as a searchable panel.

The text is Foster's (Complete Hoyle), copied into director/data/laws/ (public domain) with the
scan's run-together words ("tricksfrom") parted. The printed laws number their sections afresh under
each law; the scanned copy lost the law headings, so the panel groups the sections where the
numbering starts again and titles each group by its subject.
Irregularity dialogs quote a section through `section(subject, number)`.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import cache
from importlib.resources.abc import Traversable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from schedules.package_data import data_file

LAWS_FILE = data_file("director", "laws", "duplicate-whist-laws-1910.txt")

SUBJECTS = (
    "Title and definitions",
    "Shuffling",
    "Cutting",
    "Dealing",
    "The trump slip and the trump card",
    "Irregularities in the hands",
    "Playing the cards",
    "Cards liable to be called",
    "Leading out of turn",
    "Playing out of turn",
    "The revoke",
    "Calls, penalties and general rules",
)
"""One subject per group of sections, in the order of the text (the groups' own headings)."""

_SECTION = re.compile(r"^Sec\.?\s*(\d+)\.\s*")
_CLAUSE = re.compile(r"^\(\w\)")


@dataclass(frozen=True, slots=True)
class LawSection:
    """One section of the laws (or, for the definitions, one paragraph)."""

    subject: str
    number: int | None
    """The section number; None for the title and the definitions."""
    text: str
    named: str = ""
    """What a paragraph without a number is listed as: "Title", "Definition (a)"."""

    @property
    def heading(self) -> str:
        """As listed in the panel: "The revoke, Sec.4"; "Definition (a)"."""
        if self.number is None:
            return self.named or self.subject
        return f"{self.subject}, Sec.{self.number}"


@cache
def sections(path: Traversable = LAWS_FILE) -> tuple[LawSection, ...]:
    """Every section of the laws, grouped where the section numbers start again at 1."""
    found: list[LawSection] = []
    group = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        text = line.strip()
        if not text:
            continue
        match = _SECTION.match(text)
        if match is None:
            if found and found[-1].number is not None:
                # a lettered clause such as "(a) ..." continues the section above it
                last = found.pop()
                found.append(LawSection(last.subject, last.number, f"{last.text}\n{text}"))
            else:
                clause = _CLAUSE.match(text)
                named = f"Definition {clause[0]}" if clause else "Definitions" if found else "Title"
                found.append(LawSection(SUBJECTS[0], None, text, named))
            continue
        number = int(match.group(1))
        if number == 1:
            group += 1
        found.append(LawSection(SUBJECTS[min(group, len(SUBJECTS) - 1)], number, text))
    return tuple(found)


def section(subject: str, number: int) -> LawSection:
    """The section `number` under `subject` (a KeyError names what was not found)."""
    for s in sections():
        if s.subject == subject and s.number == number:
            return s
    raise KeyError(f"no section {number} under {subject!r} in the laws")


def search(query: str) -> tuple[LawSection, ...]:
    """Sections holding every word of `query` (case-insensitive); all of them for no words."""
    words = query.casefold().split()
    return tuple(
        s for s in sections() if all(w in f"{s.heading}\n{s.text}".casefold() for w in words)
    )


class LawsPanel(QWidget):
    """A search box over the laws, the matching sections, and the chosen one in full."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.query = QLineEdit()
        self.query.setPlaceholderText("Search the laws (e.g. revoke, trump slip, new deal)")
        self.query.setClearButtonEnabled(True)
        self.query.setToolTip("Type words to find; every word must appear in the section")
        self.hits = QListWidget()
        self.hits.setToolTip("Sections holding every word searched for")
        self.count = QLabel()
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)
        source = QLabel(
            "The Laws of Duplicate Whist, American Whist League, as amended to 1910 "
            "(Foster's Hoyle). Section titles are the program's."
        )
        source.setWordWrap(True)
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.query)
        column.addWidget(self.count)
        column.addWidget(self.hits)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(self.text)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(source)
        layout.addWidget(split, 1)
        self.query.textChanged.connect(self._refresh)
        self.hits.currentItemChanged.connect(self._show)
        self._refresh("")
        # every heading read whole ("…, Sec.10"), not cut at the list's edge
        self.hits.setMinimumWidth(
            self.hits.sizeHintForColumn(0)
            + self.hits.verticalScrollBar().sizeHint().width()
            + 2 * self.hits.frameWidth()
        )

    def _refresh(self, query: str) -> None:
        self.hits.clear()
        found = search(query)
        for s in found:
            item = QListWidgetItem(s.heading)
            item.setData(Qt.ItemDataRole.UserRole, s)
            item.setToolTip(s.text[:200])
            self.hits.addItem(item)
        self.count.setText(f"{len(found)} of {len(sections())} sections")
        if found:
            self.hits.setCurrentRow(0)
        else:
            self.text.setPlainText("No section holds every word searched for.")

    def _show(self, item: QListWidgetItem | None) -> None:
        if item is None:
            return
        s: LawSection = item.data(Qt.ItemDataRole.UserRole)
        body = _highlight(s.text, self.query.text().split())
        self.text.setHtml(f"<h3>{html.escape(s.heading)}</h3><p>{body}</p>")

    def show_section(self, subject: str, number: int) -> None:
        """Clear the search and select one section."""
        self.query.clear()
        wanted = section(subject, number)
        for row in range(self.hits.count()):
            if self.hits.item(row).data(Qt.ItemDataRole.UserRole) == wanted:
                self.hits.setCurrentRow(row)
                return


def _highlight(text: str, words: list[str]) -> str:
    """`text` as HTML with every searched word in bold."""
    if not words:
        return html.escape(text).replace("\n", "<br>")
    pattern = re.compile("|".join(re.escape(w) for w in words), re.IGNORECASE)
    parts: list[str] = []
    end = 0
    for match in pattern.finditer(text):
        parts.append(html.escape(text[end : match.start()]))
        parts.append(f"<b><u>{html.escape(match.group())}</u></b>")
        end = match.end()
    parts.append(html.escape(text[end:]))
    return "".join(parts).replace("\n", "<br>")


CITED_LAWS = {
    "Law II": "Dealing",
    "Law IV": "The trump slip and the trump card",
    "Law V": "Irregularities in the hands",
    "Law VII": "The revoke",
}
"""The law numbers the spec and the scoring engine cite, and the subject they name here."""


def cited(citation: str) -> LawSection | None:
    """The section a citation such as "Law IV Sec.9" names (None if it is not a law's)."""
    match = re.match(r"(Law [IVX]+) Sec\.(\d+)", citation)
    if match is None or match.group(1) not in CITED_LAWS:
        return None
    return section(CITED_LAWS[match.group(1)], int(match.group(2)))


class LawQuote(QTextBrowser):
    """The full text of the section a dialog applies, under its citation."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMaximumHeight(160)
        self.setAccessibleName("Law quoted")

    def show_law(self, citation: str, law: LawSection | None) -> None:
        """Quote `law` under `citation` ("Law IV Sec.9")."""
        if law is None:
            self.setHtml(f"<b>{html.escape(citation)}</b>")
            return
        self.setHtml(
            f"<b>{html.escape(citation)}</b> ({html.escape(law.heading)})"
            f"<p><i>{_highlight(law.text, [])}</i></p>"
        )
