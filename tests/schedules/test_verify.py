"""The verifier finds every kind of fault in hand-broken copies of good movements."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from director.cli import main
from schedules import catalog
from schedules.balance import NOBODY_COMPARED, balance
from schedules.findings import InvalidMovementError, Law
from schedules.jsonio import load_movement, movement_document, movement_from_json
from schedules.mnemonic import make_mnemonic
from schedules.types import Movement, Seating, Share, Tray
from schedules.verify import ensure_valid, verify
from tests.conftest import MOVEMENTS


@pytest.fixture
def howell7() -> Movement:
    return load_movement(str(MOVEMENTS / "bridgescorer-Howell07T3B21.json"))


def laws(movement: Movement, promise: str | None = None) -> set[Law]:
    return {f.law for f in verify(movement, promise)}


def swap_seating(movement: Movement, index: int, new: Seating) -> Movement:
    seatings = list(movement.seatings)
    seatings[index] = new
    return replace(movement, seatings=tuple(seatings))


def test_good_movement_has_no_findings(howell7: Movement) -> None:
    assert verify(howell7) == []
    assert ensure_valid(howell7) is howell7


def test_tray_played_twice_names_pair_round_and_table(howell7: Movement) -> None:
    first = howell7.seatings[0]
    later = next(
        (i, s)
        for i, s in enumerate(howell7.seatings)
        if s.round > first.round and first.ns in s.places
    )
    broken = swap_seating(howell7, later[0], replace(later[1], trays=first.trays))
    found = [f for f in verify(broken) if f.law is Law.TRAY_PLAYED_TWICE]
    assert found
    assert any(f.who == (first.ns,) and f.round == later[1].round for f in found)


def test_competitor_in_two_places(howell7: Movement) -> None:
    s0, s1 = howell7.seatings[0], howell7.seatings[1]
    assert s0.round == s1.round
    broken = swap_seating(howell7, 1, replace(s1, places=(s0.ns, s1.ew)))
    assert Law.SEAT_DOUBLE_BOOKED in laws(broken)


def test_table_double_booked(howell7: Movement) -> None:
    s0, s1 = howell7.seatings[0], howell7.seatings[1]
    broken = swap_seating(howell7, 1, replace(s1, table=s0.table))
    assert Law.TABLE_DOUBLE_BOOKED in laws(broken)


def test_undeclared_relay_and_phantom_relay(howell7: Movement) -> None:
    s0, s1 = howell7.seatings[0], howell7.seatings[1]
    broken = swap_seating(howell7, 1, replace(s1, trays=s0.trays))
    assert Law.TRAY_SHARED_UNDECLARED in laws(broken)
    declared = replace(broken, shared=(Share(1, s0.trays, (s0.table, s1.table)),))
    assert Law.TRAY_SHARED_UNDECLARED not in laws(declared)
    phantom = replace(howell7, shared=(Share(1, s0.trays, (s0.table, s1.table)),))
    assert Law.SHARE_NOT_PLAYED in laws(phantom)


def test_unknown_competitor_and_malformed(howell7: Movement) -> None:
    s0 = howell7.seatings[0]
    assert Law.UNKNOWN_COMPETITOR in laws(
        swap_seating(howell7, 0, replace(s0, places=("99", s0.ew)))
    )
    assert Law.SEATING_MALFORMED in laws(
        swap_seating(howell7, 0, replace(s0, places=(s0.ns, s0.ns)))
    )
    assert Law.SEATING_MALFORMED in laws(swap_seating(howell7, 0, replace(s0, trays=())))


def test_tray_original_must_be_first_play(howell7: Movement) -> None:
    t = howell7.trays[0]
    wrong = replace(t, original_round=t.original_round + 1)
    broken = replace(howell7, trays=(wrong, *howell7.trays[1:]))
    assert laws(broken) == {Law.TRAY_ORIGINAL_WRONG}


def test_unlisted_and_unplayed_trays(howell7: Movement) -> None:
    extra = replace(howell7, trays=(*howell7.trays, Tray(99, howell7.trays[0].dealer, 1, 1)))
    assert Law.TRAY_NEVER_PLAYED in laws(extra)
    fewer = replace(howell7, trays=howell7.trays[1:])
    assert Law.TRAY_UNKNOWN in laws(fewer)


def test_complete_howell_pair_meeting_twice(howell7: Movement) -> None:
    # Exchange the E-W pairs of two tables in round 1: some pairs now meet twice, others never.
    s0, s1 = howell7.seatings[0], howell7.seatings[1]
    broken = swap_seating(howell7, 0, replace(s0, places=(s0.ns, s1.ew)))
    broken = swap_seating(broken, 1, replace(s1, places=(s1.ns, s0.ew)))
    found = laws(broken, "howell-complete")
    assert {Law.MEETS_TWICE, Law.NEVER_MEETS} <= found


def test_mnemonic_replay_made_the_same_way_round(howell7: Movement) -> None:
    good = make_mnemonic(howell7)
    assert verify(good) == []
    same_way = replace(
        good,
        seatings=tuple(
            replace(s, switched=False) if s.round > howell7.rounds else s for s in good.seatings
        ),
    )
    assert Law.MNEMONIC_SAME_WAY in laws(same_way)


def test_mnemonic_needs_both_plays(howell7: Movement) -> None:
    good = make_mnemonic(howell7)
    half = replace(good, seatings=good.seatings[: len(howell7.seatings)])
    assert Law.MNEMONIC_NOT_TWICE in laws(half)


def test_ensure_valid_raises_with_every_finding(howell7: Movement) -> None:
    s0, s1 = howell7.seatings[0], howell7.seatings[1]
    broken = swap_seating(howell7, 1, replace(s1, table=s0.table, trays=s0.trays))
    with pytest.raises(InvalidMovementError) as info:
        ensure_valid(broken)
    assert len(info.value.findings) == len(verify(broken))
    assert "more" in str(info.value)


def test_unknown_promise_is_refused(howell7: Movement) -> None:
    with pytest.raises(ValueError, match="unknown promise"):
        verify(howell7, "nonsense")


def test_round_split_at_one_table_is_allowed(howell7: Movement) -> None:
    # Half a round arrow-switched: same pairs, the trays divided between two seatings.
    s0 = howell7.seatings[0]
    first, second = replace(s0, trays=s0.trays[:1]), replace(s0, trays=s0.trays[1:], switched=True)
    split = replace(howell7, seatings=(first, second, *howell7.seatings[1:]))
    assert verify(split) == []
    other = replace(second, places=(howell7.seatings[1].ns, s0.ew))
    wrong = replace(howell7, seatings=(first, other, *howell7.seatings[1:]))
    assert Law.TABLE_DOUBLE_BOOKED in laws(wrong)


def _document(name: str) -> dict:
    return json.loads((MOVEMENTS / f"{name}.json").read_text(encoding="utf-8"))


def test_declared_sitout_who_is_seated_is_a_finding() -> None:
    doc = _document("tichu-9-pair-2-hands")
    seated = doc["seatings"][0]  # round 1
    doc["sitouts"][0]["who"].append(seated["ew"])
    with pytest.raises(InvalidMovementError) as refused:
        movement_from_json(doc)
    [finding] = refused.value.findings
    assert (finding.law, finding.round, finding.table) == (Law.SITOUT_SEATED, 1, seated["table"])
    assert finding.who == (seated["ew"],)


def test_sitout_no_longer_declared_is_a_finding() -> None:
    doc = _document("tichu-9-pair-2-hands")
    dropped = doc["sitouts"].pop(2)
    with pytest.raises(InvalidMovementError) as refused:
        movement_from_json(doc)
    [finding] = refused.value.findings
    assert (finding.law, finding.round) == (Law.SITOUT_UNDECLARED, dropped["round"])
    assert finding.who == tuple(dropped["who"])


def test_cli_verify_fails_on_sitouts_and_names_round_and_competitor(tmp_path, capsys) -> None:
    doc = _document("tichu-9-pair-2-hands")
    doc["sitouts"][1]["who"] = ["1"]
    path = tmp_path / "m.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["movement", "verify", str(path)]) == 1  # fails verification, every finding
    out = capsys.readouterr().out
    assert "[sitout-seated] round 2" in out
    assert "1 is declared sitting out" in out
    assert "[sitout-undeclared] round 2" in out


def test_cli_verify_fails_on_a_missing_round(tmp_path, capsys) -> None:
    doc = _document("bridgescorer-Howell07T3B21")
    doc["seatings"] = [s for s in doc["seatings"] if s["round"] != 4]
    path = tmp_path / "m.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["movement", "verify", str(path)]) == 1
    assert "[round-empty] round 4: no table plays in round 4" in capsys.readouterr().out


def test_a_round_everyone_sits_out_is_not_missing() -> None:
    doc = _document("bridgescorer-Howell07T3B21")
    doc["seatings"] = [s for s in doc["seatings"] if s["round"] != 4]
    everyone = [str(p) for p in range(1, 8)]
    doc["sitouts"] = [e for e in doc["sitouts"] if e["round"] != 4] + [
        {"round": 4, "who": everyone}
    ]
    assert movement_from_json(doc).sitouts[4] == tuple(everyone)


def test_cli_verify_fails_on_rounds_the_header_promises_but_nobody_plays(tmp_path, capsys) -> None:
    """Without declared sit-outs too: a header of R rounds over fewer played is a finding."""
    doc = _document("howellcards-mitchell9x3")
    doc.pop("sitouts", None)
    played = doc["rounds"]
    doc["rounds"] = played + 2
    path = tmp_path / "m.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["movement", "verify", str(path)]) == 1
    out = capsys.readouterr().out
    for r in (played + 1, played + 2):
        assert f"[round-empty] round {r}: no table plays in round {r}" in out


def test_a_phantom_round_nobody_could_play_is_left_out() -> None:
    """Six players seated as eight with two phantoms: the rounds where both tables hold a
    phantom have no game, so the movement has only the rounds that are played."""
    m = catalog.build(catalog.Request(family="individual", players=6, variant="phantom"))
    assert verify(m, "individual-partial") == []
    assert all(any(s.round == r for s in m.seatings) for r in range(1, m.rounds + 1))
    assert m.rounds == 3


def test_uneven_tray_counts_are_a_balance_remark_not_a_failure(tmp_path, capsys) -> None:
    # A published 4-table Howell whose last table plays two fresh trays: trays 11-12 are then
    # played 3 times, 15-16 once, the rest 4 times, as in published movements with odd counts.
    doc = _document("bridgescorer-Howell08T4B14")
    doc["seatings"][-1]["trays"] = [15, 16]
    doc["trays"] = [*doc["trays"], 15, 16]
    path = tmp_path / "m.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    movement = load_movement(str(path))
    assert verify(movement, "howell") == []
    assert balance(movement).remarks == (
        "trays are played 1 or 3 or 4 times though nobody sits out (uneven tray counts)",
    )
    assert main(["movement", "verify", str(path), "--promise", "howell"]) == 0
    out = capsys.readouterr().out
    assert "Verified: yes" in out
    assert "remark: trays are played 1 or 3 or 4 times" in out


def test_even_tray_counts_have_no_remark(howell7: Movement) -> None:
    assert balance(howell7).remarks == ()
    assert balance(howell7).to_json()["remarks"] == []


def test_tray_played_again_names_the_first_play_first_however_the_file_is_ordered(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file listing its seatings last round first: the repeat is still the later play."""
    doc = _document("bridgescorer-Howell07T3B21")
    first = doc["seatings"][0]
    later = next(
        s
        for s in doc["seatings"]
        if s["round"] > first["round"] and first["ns"] in (s["ns"], s["ew"])
    )
    later["trays"] = first["trays"]
    doc["seatings"].reverse()
    path = tmp_path / "m.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["movement", "verify", str(path), "--promise", "any"]) == 1
    out = capsys.readouterr().out
    tray = first["trays"][0]
    assert (
        f"[tray-played-twice] round {later['round']}, table {later['table']}: {first['ns']} plays "
        f"tray {tray} again (first in round {first['round']} at table {first['table']})"
    ) in out


@pytest.mark.parametrize(
    ("request_", "promise", "verdict"),
    [
        (
            catalog.Request(family="howell", tables=7, variant="three-quarter"),
            "howell-complete",
            "Verified: NO (21 problems, promise 'howell-complete')",
        ),
        (
            catalog.Request(family="howell", tables=7, variant="three-quarter"),
            "any",
            "Verified: yes (promise 'any' and the universal rules)",
        ),
        (
            catalog.Request(family="mitchell", tables=6, variant="stationary", trays_per_round=2),
            "mitchell",
            "Verified: NO (1 problem, promise 'mitchell')",
        ),
    ],
)
def test_verify_names_the_promise_it_checked_in_text_and_json(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    request_: catalog.Request,
    promise: str,
    verdict: str,
) -> None:
    movement = catalog.build(request_)
    path = tmp_path / "m.json"
    path.write_text(json.dumps(movement_document(movement)), encoding="utf-8")
    verified = verdict.startswith("Verified: yes")
    assert main(["movement", "verify", str(path), "--promise", promise]) == (0 if verified else 1)
    assert verdict in capsys.readouterr().out.splitlines()
    main(["movement", "verify", str(path), "--promise", promise, "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert (doc["verified"], doc["verified_promise"]) == (verified, promise)
    assert doc["promise"] == movement.promise  # the movement itself is unchanged


def test_a_movement_that_compares_nobody_says_so() -> None:
    # 7 players seated in an 8-player whist tournament: one table plays a round
    m = catalog.build(catalog.Request("individual", players=7, variant="phantom"))
    assert balance(m).index == 0
    assert NOBODY_COMPARED in balance(m).remarks
    whole = catalog.build(catalog.Request("individual", players=8))
    assert NOBODY_COMPARED not in balance(whole).remarks
