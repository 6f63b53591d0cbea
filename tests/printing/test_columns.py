"""Column widths from what the columns hold."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from reportlab.pdfbase.pdfmetrics import stringWidth

from director.printing import fit
from director.printing.columns import SPARE, column_shares
from director.printing.fonts import REGULAR, register_fonts
from director.printing.grids import PADDING

WIDTH = 523.0
SIZE = 11.0
words = st.text(alphabet="abcdefghij &-0123456789", min_size=0, max_size=40)


@given(st.integers(1, 6).flatmap(lambda n: st.lists(st.lists(words, min_size=n, max_size=n))))
def test_shares_fill_the_width_and_give_each_column_its_longest_word(
    rows: list[list[str]],
) -> None:
    register_fonts()
    columns = len(rows[0]) if rows else 1
    rows = rows or [[""]]
    headings = ["H"] * columns
    shares = column_shares(headings, rows, WIDTH, SIZE)
    assert len(shares) == columns
    assert abs(sum(shares) - 1) < 1e-9
    smallest = max(SIZE * fit.SHRINK_FLOOR, fit.FLOOR_SIZE)
    # a line may end between words and after the hyphen of a double-barrelled name
    needs = [
        max(stringWidth(w, REGULAR, smallest) for row in rows for w in [*fit.pieces(row[k]), "H"])
        + 2 * PADDING
        + SPARE
        for k in range(columns)
    ]
    if sum(needs) < WIDTH:  # room for every longest word: none is broken across lines
        assert all(s * WIDTH >= n - 1e-6 for s, n in zip(shares, needs, strict=True))
        for row in rows:
            for text, share in zip(row, shares, strict=True):
                laid = fit.fit(text, share * WIDTH - 2 * PADDING, SIZE)
                kept = {w for line in laid.lines for w in fit.pieces(line)}
                assert kept <= set(fit.pieces(text))


def test_a_column_of_long_names_gets_more_room_than_a_column_of_numbers() -> None:
    register_fonts()
    rows = [[str(n), f"Mrs Featherstone-{n} & Mr Cholmondeley-{n}", "table 4"] for n in range(9)]
    shares = column_shares(["Round", "Names", "Passed to"], rows, WIDTH, SIZE)
    assert shares[1] > shares[2] > shares[0]
