"""Fitting text into boxes: shrink first, then wrap; every character kept, no line too wide."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from reportlab.pdfbase.pdfmetrics import stringWidth

from director.printing import fit
from director.printing.fonts import BOLD, REGULAR, register_fonts

register_fonts()


def test_text_that_fits_keeps_its_size() -> None:
    fitted = fit.fit("Table 12", 200, 20)
    assert fitted == fit.Fitted(("Table 12",), 20, REGULAR)


def test_slightly_long_text_shrinks_on_one_line() -> None:
    natural = stringWidth("Pair 12 and Pair 13", REGULAR, 20)
    fitted = fit.fit("Pair 12 and Pair 13", natural * 0.8, 20)
    assert fitted.lines == ("Pair 12 and Pair 13",)
    assert 20 * fit.SHRINK_FLOOR <= fitted.size < 20


def test_much_longer_text_wraps_at_the_floor_size() -> None:
    text = "Mrs Featherstonehaugh and Mr Cholmondeley"
    fitted = fit.fit(text, stringWidth(text, BOLD, 20) / 3, 20, BOLD)
    assert fitted.size == 20 * fit.SHRINK_FLOOR
    assert len(fitted.lines) >= 2
    assert " ".join(fitted.lines) == text


def test_text_never_shrinks_below_the_legible_floor() -> None:
    text = "Mrs Featherstonehaugh and Mr Cholmondeley"
    for size in (6, 9, 12):
        fitted = fit.fit(text, stringWidth(text, BOLD, fit.FLOOR_SIZE) / 2, size, BOLD)
        assert fitted.size == fit.FLOOR_SIZE
        assert " ".join(fitted.lines) == text


def test_wrapped_text_too_tall_for_its_box_is_cut_short_with_an_ellipsis() -> None:
    text = "word " * 15
    with fit.recording() as measured:
        fitted = fit.fit(text, 60, 12, height=30)
    assert fitted.height <= 30
    assert fitted.size == fit.FLOOR_SIZE
    assert fitted.lines[-1].endswith(fit.ELLIPSIS)
    assert measured[0].cut
    assert not measured[0].overflows


@given(
    text=st.text(
        alphabet=st.sampled_from("abcdefghijKLMNOPQ WW  ♠♥♦♣-é"), min_size=1, max_size=80
    ).filter(str.strip),
    width=st.floats(min_value=12, max_value=400),
    size=st.floats(min_value=8, max_value=40),
)
def test_no_line_is_wider_than_its_box_and_no_character_is_lost(
    text: str, width: float, size: float
) -> None:
    with fit.recording() as measured:
        fitted = fit.fit(text, width, size)
    assert all(stringWidth(line, REGULAR, fitted.size) <= width + 0.01 for line in fitted.lines)
    assert "".join(fitted.lines).replace(" ", "") == text.replace(" ", "")
    assert len(measured) == 1
    assert not measured[0].overflows


def test_a_measure_wider_than_its_box_is_an_overflow() -> None:
    assert fit.Measure("x", widest=10.5, box=10).overflows
    assert fit.Measure("x", widest=9, box=10, tallest=12, box_height=11).overflows
    assert not fit.Measure("x", widest=10, box=10, tallest=11, box_height=11).overflows


words = st.lists(
    st.text("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN", min_size=1, max_size=14),
    min_size=1,
    max_size=8,
)


@given(words, st.floats(8, 24), st.floats(1.0, 3.0))
def test_a_word_that_fits_at_the_floor_is_never_broken(
    chosen: list[str], size: float, room: float
) -> None:
    """Headings like "Round" in a narrow column shrink before they are cut ("Roun|d")."""
    text = " ".join(chosen)
    width = max(stringWidth(w, REGULAR, fit.FLOOR_SIZE) for w in chosen) * room
    fitted = fit.fit(text, width, size)
    assert fitted.size >= fit.FLOOR_SIZE
    assert [w for line in fitted.lines for w in line.split()] == chosen
