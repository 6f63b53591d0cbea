"""The laws panel: the seed's text split into sections, searched, quoted by citation."""

from __future__ import annotations

import re
from collections import Counter

from director.gui.laws import LAWS_FILE, LawsPanel, cited, search, section, sections


def test_sections_follow_the_numbering_of_each_law() -> None:
    found = sections()
    revoke = [s for s in found if s.subject == "The revoke"]
    assert [s.number for s in revoke] == [1, 2, 3, 4, 5, 6]
    assert "transfer of two tricks" in section("The revoke", 4).text
    # the pair-match paragraph belongs to Sec.4, not to a section of its own
    assert "In Pair Matches" in section("The revoke", 4).text
    assert len({s.subject for s in found}) == 12


def test_search_needs_every_word() -> None:
    both = search("trump slip")
    assert both
    for s in both:
        where = f"{s.heading} {s.text}".lower()
        assert "trump" in where
        assert "slip" in where
    assert search("trump slip revoke zebra") == ()
    assert len(search("")) == len(sections())


def test_citations_of_the_spec_name_the_sections_they_mean() -> None:
    assert cited("Law IV Sec.9").text.startswith("Sec.9. If such error")
    assert cited("Law V Sec.1").subject == "Irregularities in the hands"
    assert cited("Law VII Sec.4") == section("The revoke", 4)
    assert cited("W5 / WBF Law 12C") is None


def test_panel_filters_as_the_director_types(qtbot) -> None:
    panel = LawsPanel()
    qtbot.addWidget(panel)
    everything = panel.hits.count()
    qtbot.keyClicks(panel.query, "new deal")
    assert 0 < panel.hits.count() < everything
    shown = panel.text.toPlainText().lower()
    assert "new" in shown
    assert "deal" in shown
    panel.query.clear()
    qtbot.keyClicks(panel.query, "xylophone")
    assert panel.hits.count() == 0
    assert "No section" in panel.text.toPlainText()
    panel.show_section("The revoke", 5)
    assert panel.hits.currentItem().text() == "The revoke, Sec.5"


# Real words that the join check below would take for two words run together.
COMPOUNDS = frozenset(
    {
        "forfeited",
        "further",
        "incorrect",
        "inform",
        "overplayed",
        "therefore",
        "together",
        "whenever",
        "withdraw",
        "withdrawn",
    }
)
# Short words an OCR join most often swallows at either end ("tricksfrom", "fromcommitting").
JOINERS = frozenset((
    "from", "the", "and", "his", "her", "for", "with", "that", "which", "any", "each", "all",
    "one", "two", "shall", "may", "must", "has", "have", "was", "are", "not", "but", "who",
    "when", "such", "their", "him", "its", "been", "than", "then", "there", "this", "after",
    "before",
))  # fmt: skip


def joined_words(text: str) -> list[str]:
    """Words of `text` that look like two run together: used only once, and either made of
    two words the text uses elsewhere, or a common short word glued to a longer one."""
    count = Counter(w.lower() for w in re.findall(r"[A-Za-z]+", text))
    found = []
    for word, times in count.items():
        splits = [(word[:i], word[i:]) for i in range(2, len(word) - 1)]
        if (
            times == 1
            and word not in COMPOUNDS
            and any(
                (count[a] and count[b])
                or (a in JOINERS and len(b) >= 4)
                or (b in JOINERS and len(a) >= 4)
                for a, b in splits
            )
        ):
            found.append(word)
    return sorted(found)


def test_the_check_finds_words_run_together() -> None:
    assert joined_words("Two tricks, the tricks from him; from the rest.") == []
    assert joined_words("Two tricks, the tricksfrom him; from the rest.") == ["tricksfrom"]
    assert joined_words("the partner fromcommitting it") == ["fromcommitting"]


def test_the_laws_have_no_words_run_together() -> None:
    text = LAWS_FILE.read_text(encoding="utf-8")
    assert joined_words(text) == []
    assert re.findall(r"[a-z][.,;:][A-Za-z]", text) == []  # no space after a stop
    for line in text.splitlines():
        if line.startswith("Sec"):
            assert re.match(r"Sec\.\d+\. ", line), line


def test_every_section_is_listed_by_a_heading_of_its_own_read_whole(qtbot) -> None:
    """The title and each definition are told apart in the list ("Definition (a)"), and no
    heading is cut at the list's edge ("The trump slip and the trump card, Sec")."""
    panel = LawsPanel()
    qtbot.addWidget(panel)
    panel.resize(1180, 600)  # the window's Laws screen at its opening size
    panel.show()
    qtbot.waitExposed(panel)
    headings = [panel.hits.item(row).text() for row in range(panel.hits.count())]
    assert [h for h, n in Counter(headings).items() if n > 1] == []
    assert headings[:3] == ["Title", "Definitions", "Definition (a)"]
    room = panel.hits.viewport().width()
    metrics = panel.hits.fontMetrics()
    assert [h for h in headings if metrics.horizontalAdvance(h) > room] == []
