"""The one order labels are listed in (`schedules.labels.natural_key`)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from schedules.labels import natural_key

prefixes = st.text(alphabet="ABENSWabc.-", max_size=3)
numbers = st.integers(min_value=0, max_value=10**30)


@given(st.lists(numbers, min_size=2))
def test_numbers_sort_by_value(values: list[int]) -> None:
    labels = [str(v) for v in values]
    assert sorted(labels, key=natural_key) == [str(v) for v in sorted(values)]


@given(st.lists(st.tuples(prefixes, numbers), min_size=2))
def test_a_prefix_then_a_number_sorts_by_prefix_then_value(labels: list[tuple[str, int]]) -> None:
    ordered = sorted((f"{p}{n}" for p, n in labels), key=natural_key)
    assert ordered == [f"{p}{n}" for p, n in sorted(labels)]


@given(st.text(max_size=12), st.text(max_size=12))
def test_two_labels_sort_the_same_way_whichever_comes_first(a: str, b: str) -> None:
    assert not (natural_key(a) < natural_key(b) and natural_key(b) < natural_key(a))
    assert (natural_key(a) == natural_key(b)) == (a == b)
    assert sorted([a, b], key=natural_key) == sorted([b, a], key=natural_key)


def test_team_pairs_and_mitchell_sides() -> None:
    labels = ["10.1", "2.2", "1.2", "NS10", "EW2", "NS2", "EW10", "1.10"]
    expected = ["1.2", "1.10", "2.2", "10.1", "EW2", "EW10", "NS2", "NS10"]
    assert sorted(labels, key=natural_key) == expected


def test_a_label_of_thousands_of_digits_sorts_without_converting_it() -> None:
    huge = "9" * 5000
    assert sorted([huge, "1" + "0" * 5000, "7"], key=natural_key) == ["7", huge, "1" + "0" * 5000]
