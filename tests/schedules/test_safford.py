"""Safford married couples: the search, the stored seatings, the promise and the proof."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from director.cli import main
from schedules import safford
from schedules.catalog import Request
from schedules.designs.safford_search import best_possible, check_couples, find, score, search
from schedules.findings import ImpossibleMovementError, Law
from schedules.promises.couples import couples_of, same_cards_counts
from schedules.tally import partner_counts
from schedules.types import Movement, Seat, Seating
from schedules.verify import verify


def laws(movement: Movement, promise: str | None = None) -> set[Law]:
    return {f.law for f in verify(movement, promise)}


def stored(couples: int) -> dict:
    return json.loads((safford.SEATINGS / f"{couples}-couples.json").read_text())


@pytest.mark.parametrize("couples", [8, 12, 16, 20])
def test_stored_seating_keeps_every_promise(couples: int) -> None:
    m = safford.build(Request("safford", couples=couples))
    assert m.promise == "safford"
    assert verify(m) == []
    assert m.rounds == couples - 1
    assert m.tables == couples // 2
    counts = same_cards_counts(m)
    for wife, husband in couples_of(m).values():
        assert counts[min(wife, husband), max(wife, husband)] >= 1


def test_eight_couples_is_the_default_and_each_round_shares_its_trays() -> None:
    m = safford.build(Request("safford"))
    assert len(m.field) == 16
    for r, seatings in m.by_round():
        dealt = {t.number for t in m.trays if t.original_round == r}
        assert all(set(s.trays) == dealt for s in seatings)
        assert len({m.tray(t).dealer for t in dealt}) == 4


def test_four_couples_promise_what_holds_and_name_every_shortfall() -> None:
    m = safford.build(Request("safford", couples=4))
    assert m.promise == "safford-seating"
    assert verify(m) == []
    missing = [f for f in verify(m, "safford") if f.law is Law.NEVER_SAME_CARDS]
    assert len(missing) == best_possible(4).uncovered
    for f in missing:
        assert any(f.detail in note for note in m.notes)


@pytest.mark.parametrize("couples", safford.stored_counts())
def test_stored_score_is_the_verifiers_count(couples: int) -> None:
    data = stored(couples)
    seating = safford.SaffordSeating.from_json(data["seating"])
    m = safford.movement_from_seating(seating)
    missing = [f for f in verify(m, "safford") if f.law is Law.NEVER_SAME_CARDS]
    assert data["score"]["uncovered"] == score(seating).uncovered == len(missing)
    assert data["optimal"] == (score(seating) == best_possible(couples))
    # The search's own counts agree with the promise module's, computed from the seatings.
    counts = same_cards_counts(m).values()
    assert score(seating).spread == sum(c * c for c in counts)
    repeated = sum(n - 1 for n in partner_counts(m).values() if n > 1)
    assert score(seating).repeated == repeated


def test_search_reproduces_the_stored_four_couples() -> None:
    data = stored(4)
    assert find(4, data["seed"], data["steps"]).best.to_json() == data["seating"]


@pytest.mark.parametrize("couples", safford.stored_counts())
def test_every_stored_seating_records_the_command_that_reproduces_it(couples: int) -> None:
    data = stored(couples)
    assert data["command"] == (
        f"python tools/safford_search.py --couples {couples} --seed {data['seed']} "
        f"--steps {data['steps']}"
    )


@pytest.mark.slow
@pytest.mark.parametrize("couples", [8, 14])
def test_the_recorded_command_reproduces_the_stored_seating(couples: int) -> None:
    data = stored(couples)
    assert find(couples, data["seed"], data["steps"]).best.to_json() == data["seating"]


@pytest.mark.parametrize(
    ("couples", "promise"), [(14, "safford-rotation"), (18, "safford-rotation"), (20, "safford")]
)
def test_fourteen_eighteen_and_twenty_couples_are_built(couples: int, promise: str) -> None:
    m = safford.build(Request("safford", couples=couples))
    assert (m.promise, m.rounds, m.tables) == (promise, couples - 1, couples // 2)
    assert verify(m) == []


@settings(max_examples=8)
@given(
    couples=st.sampled_from([4, 6, 8, 10, 12]),
    seed=st.integers(0, 10_000),
    steps=st.integers(1, 30),
)
def test_every_seating_the_search_reports_keeps_the_seating_rules(
    couples: int, seed: int, steps: int
) -> None:
    reports = list(search(couples, seed, steps, report_every=10))
    assert [p.done for p in reports] == [False] * (len(reports) - 1) + [True]
    for p in reports:
        m = safford.movement_from_seating(p.best)
        rules = "safford-seating" if couples % 4 == 0 else "safford-rotation"
        assert [f for f in verify(m, rules) if f.law is not Law.COUPLE_PARTNERS] == []
        assert len([f for f in verify(m, rules) if f.law is Law.COUPLE_PARTNERS]) == (
            p.score.partnered
        )
        missing = [f for f in verify(m, "safford") if f.law is Law.NEVER_SAME_CARDS]
        assert len(missing) == p.score.uncovered >= best_possible(couples).uncovered
        assert p.score.value >= best_possible(couples).value


@pytest.mark.parametrize("couples", [0, 2, 3, 5, 7, 9])
def test_counts_that_do_not_fill_tables_are_refused(couples: int) -> None:
    with pytest.raises(ImpossibleMovementError, match="even number of couples"):
        check_couples(couples)


@pytest.mark.parametrize("couples", [6, 10])
def test_two_couples_over_share_the_larger_set_and_are_named(couples: int) -> None:
    m = safford.build(Request("safford", couples=couples))
    assert m.promise == "safford-rotation"
    assert verify(m) == []
    together = [f for f in verify(m, "safford-seating") if f.law is Law.COUPLE_SAME_SET]
    assert sorted(f.round for f in together) == sorted(2 * list(range(1, couples)))
    assert all(any(str(f) in note for note in m.notes) for f in together)


def _swap(m: Movement, r: int, a: str, b: str) -> Movement:
    """The movement with players a and b exchanging places in round r."""

    def fix(s: Seating) -> Seating:
        if s.round != r:
            return s
        swap = {a: b, b: a}
        return replace(s, places=tuple(swap.get(p, p) for p in s.places))

    return replace(m, seatings=tuple(fix(s) for s in m.seatings))


@pytest.fixture
def eight() -> Movement:
    return safford.build(Request("safford", couples=8))


def test_a_couple_put_at_one_table_is_rejected(eight: Movement) -> None:
    first = next(s for s in eight.seatings if s.round == 3 and s.table == 2)
    partner_of_north = first.places[Seat.S]
    wife = next(w for w, h in couples_of(eight).values() if h == first.places[Seat.N])
    broken = _swap(eight, 3, partner_of_north, wife)
    found = laws(broken)
    assert {Law.COUPLE_PARTNERS, Law.COUPLE_SAME_SET} <= found


def test_a_fixed_player_who_moves_is_rejected(eight: Movement) -> None:
    assert Law.FIXED_PLAYER_MOVED in laws(_swap(eight, 4, "a", "c"))


def test_a_player_out_of_the_rotation_is_rejected(eight: Movement) -> None:
    found = [f for f in verify(_swap(eight, 2, "b", "d")) if f.law is Law.ROTATION_BROKEN]
    assert {f.who for f in found} == {("b",), ("d",)}


def test_two_tables_dealing_from_one_point_are_rejected(eight: Movement) -> None:
    trays = tuple(replace(t, dealer=Seat.N) if t.number == 2 else t for t in eight.trays)
    assert Law.DEALERS_NOT_DISTINCT in laws(replace(eight, trays=trays))


def test_mnemonic_replay_still_keeps_the_promise(eight: Movement) -> None:
    from schedules.mnemonic import make_mnemonic

    assert verify(make_mnemonic(eight)) == []


def test_cli_prints_the_proof_for_every_player(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "safford", "--couples", "8", "--format", "text"]) == 0
    out = capsys.readouterr().out
    assert "Verified: yes" in out
    assert out.count(": holds") == 6
    for who in [*"abcdefgh", *map(str, range(1, 9))]:
        assert f"  {who} (" in out


def test_cli_json_carries_sexes_and_couples(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "safford", "--couples", "8", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["verified"] is True
    assert doc["attributes"]["c"] == "lady:c-3"
    assert doc["attributes"]["3"] == "gentleman:c-3"


@pytest.mark.parametrize(
    "args",
    [["--couples", "7"], ["--couples", "22"], ["--couples", "8", "--rounds", "3"]],
)
def test_cli_refuses_impossible_requests(args: list[str]) -> None:
    assert main(["movement", "safford", *args]) == 2


def test_the_json_file_verifies_on_its_own(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "safford", "--format", "json"]) == 0
    path = tmp_path / "safford.json"
    path.write_text(capsys.readouterr().out)
    assert main(["movement", "verify", str(path), "--promise", "safford"]) == 0
    doc = json.loads(path.read_text())
    doc["seatings"][0]["north"], doc["seatings"][0]["south"] = (
        doc["seatings"][0]["south"],
        doc["seatings"][0]["north"],
    )
    path.write_text(json.dumps(doc))
    assert main(["movement", "verify", str(path)]) == 1
    assert "fixed-player-moved" in capsys.readouterr().out
