"""`director import`: the JSON export read back as the same event. Export, import and export
again give the same bytes; the event read back has every result, ruling, new deal, repair
and step of the trail, undoes as the original does, and scores the same; a file changed after
export, or damaged, is refused in one line and leaves no file behind."""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from director.cli import main
from director.errors import DirectorError
from director.exchange.event_import import import_event
from director.exchange.export import export_event
from director.exchange.results import read_results_json
from director.scoring import score_section
from director.scoring.session_json import result_to_json
from director.store.services import EventStore
from tests.exchange.evening import rich_evening
from tests.json_mutations import mutated_text
from tests.reader_cases import assert_read_or_refused


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[EventStore, Path]]:
    """The rich evening (a wrong move repaired among its steps) and its JSON export."""
    folder = tmp_path_factory.mktemp("import")
    store = rich_evening(folder / "evening.whist")
    path = folder / "evening.json"
    path.write_text(export_event(store, "json"), encoding="utf-8")
    yield store, path
    store.close()


def _state(store: EventStore) -> tuple[object, ...]:
    """Everything an event holds, as its services give it."""
    return (
        store.info(),
        store.players(),
        store.partnerships(),
        store.teams(),
        store.sessions(),
        store.movement(),
        store.movement_choice(),
        store.slips(counting_only=False),
        store.deals(),
        store.results(counting_only=False),
        store.irregularities(),
        store.audit_log(),
        store.scoring_input(),
        store.standings(),
    )


def test_export_import_export_gives_the_same_bytes(
    exported: tuple[EventStore, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, path = exported
    event, again = tmp_path / "back.whist", tmp_path / "again.json"
    assert main(["import", str(path), "--out", str(event)]) == 0
    assert "steps of history" in capsys.readouterr().out
    assert main(["export", str(event), "--format", "json", "--out", str(again)]) == 0
    assert again.read_bytes() == path.read_bytes()


def test_the_event_read_back_is_the_event_exported(
    exported: tuple[EventStore, Path], tmp_path: Path
) -> None:
    store, path = exported
    made = import_event(path, tmp_path / "back.whist")
    assert made.steps == len(store.audit_log())
    with EventStore.open(made.path) as back:
        assert _state(back) == _state(store)
        actions = {e.action for e in back.audit_log()}
        assert {"repair movement", "new deal", "correct result", "undo", "redo"} <= actions
        assert any(i.kind.name == "WRONG_TRUMP_OVERPLAY" for i in back.irregularities())
        assert any(d.version == 2 for d in back.deals())


def test_undo_in_the_event_read_back_takes_back_the_same_step(
    exported: tuple[EventStore, Path], tmp_path: Path
) -> None:
    _, path = exported
    first, second = (import_event(path, tmp_path / f"{n}.whist").path for n in ("a", "b"))
    with EventStore.open(first) as a, EventStore.open(second) as b:
        a.undo()
        a.undo()  # the venue's change, then the correction of a result
        assert a.results() != b.results()
        b.undo()
        b.undo()
        assert _state(a)[:-4] == _state(b)[:-4]  # the trail differs only in its times
        assert a.standings() == b.standings()


def test_a_repaired_event_scores_again_to_the_same_figures(
    exported: tuple[EventStore, Path],
) -> None:
    store, path = exported
    assert any(e.action == "repair movement" for e in store.audit_log())
    [(number, section, session)] = read_results_json(path)
    assert (number, section) == (1, "A")
    assert session == store.scoring_input()
    assert result_to_json(score_section(session)) == result_to_json(store.standings())
    twice = [t for d in store.standings().deals for t in d.tables if t.adjustment.value != "none"]
    assert twice, "the wrong move makes a pair play a tray again: that table takes the average"


def test_a_file_changed_after_export_is_refused_and_nothing_is_written(
    exported: tuple[EventStore, Path], tmp_path: Path
) -> None:
    _, path = exported
    document = json.loads(path.read_text("utf-8"))
    document["sections"][0]["entered"]["results"][0]["ns"] = 13 - (
        document["sections"][0]["entered"]["results"][0]["ns"] or 0
    )
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(DirectorError, match="changed after it was exported"):
        import_event(changed, tmp_path / "back.whist")
    assert list(tmp_path.iterdir()) == [changed]


def _corrected(history: dict[str, Any]) -> dict[str, Any]:
    """The change of the step that corrected a result."""
    step = next(s for s in history["steps"] if s["action"] == "correct result")
    return step["changes"][0]  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda h: h["steps"][40]["changes"][0]["new"].update(ns_tricks=14), "tricks"),
        (lambda h: h["steps"][40]["changes"][0]["new"].update(colour="red"), "no column 'colour'"),
        (lambda h: h["steps"][40]["changes"][0].update(entity="bank"), "no such part"),
        (lambda h: h["steps"][40].update(state="maybe"), "state must be one of"),
        (lambda h: _corrected(h)["old"].update(ns_tricks=0), "does not hold what the history says"),
        (lambda h: h.update(schema="0099"), "revision '0099'"),
        (lambda h: h["origin"]["event"].append(h["origin"]["event"][0]), "twice"),
    ],
)
def test_a_damaged_history_is_refused_in_one_line(
    exported: tuple[EventStore, Path], tmp_path: Path, damage: object, message: str
) -> None:
    _, path = exported
    document = json.loads(path.read_text("utf-8"))
    damage(document["history"])  # type: ignore[operator]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(DirectorError, match=re.escape(message)) as caught:
        import_event(bad, tmp_path / "back.whist")
    assert "\n" not in str(caught.value)
    assert list(tmp_path.iterdir()) == [bad]


def test_an_export_without_history_says_what_it_can_do(
    exported: tuple[EventStore, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, path = exported
    document = json.loads(path.read_text("utf-8"))
    del document["history"]
    document["version"] = 1
    old = tmp_path / "old.json"
    old.write_text(json.dumps(document), encoding="utf-8")
    assert main(["import", str(old)]) == 2
    assert "director score" in capsys.readouterr().err
    assert main(["import", str(path), "--out", str(path)]) == 2
    assert "exists" in capsys.readouterr().err


@pytest.fixture(scope="module")
def small_document(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A short evening's export, for the fuzz test (every case imports it afresh)."""
    from tests.publish.conftest import make_event

    with make_event(tmp_path_factory.mktemp("small") / "e.whist", leave_out=30) as store:
        return json.loads(export_event(store, "json"))  # type: ignore[no-any-return]


def _import(path: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "back.whist"
        try:
            import_event(path, target)
        finally:
            left = set(Path(folder).iterdir()) - {target}
            assert not left, f"left behind: {left}"


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_a_damaged_export_is_imported_or_refused_in_one_line(
    small_document: dict[str, object], data: st.DataObject
) -> None:
    text = data.draw(mutated_text([small_document]))
    assert_read_or_refused(_import, text.encode("utf-8"), (DirectorError,))
