"""Worked examples of docs/scoring-rules.md: plus/minus (W2), Foster's compass session (W3),
a single revoke (W14)."""

from __future__ import annotations

from fractions import Fraction

from director.scoring import score_section
from director.scoring.model import TableResult
from tests.scoring.builders import mitchell, one_deal, one_deal_results, revoke, session


def test_e1_plus_minus_one_deal_four_tables() -> None:
    res = score_section(session(one_deal(4), one_deal_results([8, 7, 9, 6])))
    deal = res.deal(1)
    assert (deal.avg_ns, deal.avg_ew) == (Fraction(15, 2), Fraction(11, 2))
    assert [t.pm_ns for t in deal.tables] == [
        Fraction(1, 2),
        Fraction(-1, 2),
        Fraction(3, 2),
        Fraction(-3, 2),
    ]
    assert [t.pm_ew for t in deal.tables] == [
        Fraction(-1, 2),
        Fraction(1, 2),
        Fraction(-3, 2),
        Fraction(3, 2),
    ]
    assert (deal.top_ns, deal.bottom_ns) == (9, 6)


FOSTER_NS = {"a": 201, "b": 204, "c": 211, "d": 207, "e": 212}
FOSTER_EW = {"f": 189, "g": 186, "h": 179, "j": 183, "k": 178}


def _foster_session():
    """5 tables x 30 deals whose pair totals are Foster's (Compass Whist, p.114)."""
    labels = [*FOSTER_NS, *FOSTER_EW]
    mv = mitchell(5, 6, labels)
    # N/S tricks of each N/S pair against each E/W pair (six deals): row sums are Foster's
    # N/S totals, column sums 390 less his E/W totals. Start level, then move single tricks
    # within a row from a column over its sum to one under it.
    cols = {p: 390 - v for p, v in FOSTER_EW.items()}
    meeting = {(ns, ew): total // 5 for ns, total in FOSTER_NS.items() for ew in cols}
    for ns, total in FOSTER_NS.items():
        for ew in list(cols)[: total % 5]:
            meeting[(ns, ew)] += 1

    def excess(ew: str) -> int:
        return sum(meeting[(ns, ew)] for ns in FOSTER_NS) - cols[ew]

    while over := [ew for ew in cols if excess(ew) > 0]:
        under = next(ew for ew in cols if excess(ew) < 0)
        ns = next(ns for ns in FOSTER_NS if meeting[(ns, over[0])] > 0)
        meeting[(ns, over[0])] -= 1
        meeting[(ns, under)] += 1
    results = []
    for s in mv.seatings:
        left = meeting[(s.ns, s.ew)]
        for i, tray in enumerate(s.trays):
            share = -(-left // (len(s.trays) - i))  # as even as whole tricks allow
            results.append(TableResult(s.round, s.table, tray, share))
            left -= share
    return session(mv, results)


def test_e2_foster_compass_equating() -> None:
    res = score_section(_foster_session())
    pm = {s.label: s.plus_minus for s in res.standings["overall"]}
    assert pm == {
        "a": -6,
        "b": -3,
        "c": 4,
        "d": 0,
        "e": 5,
        "f": 6,
        "g": 3,
        "h": -4,
        "j": 0,
        "k": -5,
    }
    raw = {s.label: s.raw for s in res.standings["overall"]}
    assert raw == FOSTER_NS | FOSTER_EW
    equated = {s.label: s.equated for s in res.standings["overall"]}
    assert equated == {
        "a": 189, "b": 192, "c": 199, "d": 195, "e": 200,
        "f": 201, "g": 198, "h": 191, "j": 195, "k": 190,
    }  # fmt: skip
    order = [(s.place, s.label) for s in res.standings["overall"]]
    assert order == [
        ("1", "f"), ("2", "e"), ("3", "c"), ("4", "g"), ("5=", "d"), ("5=", "j"),
        ("7", "b"), ("8", "h"), ("9", "k"), ("10", "a"),
    ]  # fmt: skip
    won = {w.title: w.labels for w in res.winners}
    assert won == {"overall": ("f",), "N-S": ("e",), "E-W": ("f",)}


def test_e2_equated_totals_shift_by_half_the_difference() -> None:
    res = score_section(_foster_session())
    for s in res.standings["overall"]:
        h = Fraction(207 - 183, 2)
        assert s.equated == (s.raw - h if s.label in FOSTER_NS else s.raw + h)


def test_e3_single_revoke_no_limit_binds() -> None:
    results = one_deal_results([8, 7, 9, 7, 7], **{"5": {"revokes": (revoke("ew", 1, 2),)}})
    res = score_section(session(one_deal(5), results))
    deal = res.deal(1)
    assert deal.avg_ns == 8
    assert [t.pm_ns for t in deal.tables] == [0, -1, 1, -1, 1]
    assert [t.pm_ew for t in deal.tables] == [0, 1, -1, 1, -1]
    t5 = deal.tables[4]
    assert (t5.counted_ns, t5.final_ns, t5.final_ew, t5.marks) == (9, 9, 4, ("+R", "-R"))
