"""The laws panel: the seed's text split into sections, searched, quoted by citation."""

from __future__ import annotations

from director.gui.laws import LawsPanel, cited, search, section, sections


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
