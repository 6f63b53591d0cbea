"""A whist drive through the JSON export and `director import`: the event read back holds the
same drive (seatings, entries, cards, standings, prizes), undoes as the original does, and
exports again to the same bytes; a drive changed in the file is refused."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from director.errors import DirectorError
from director.exchange.event_import import import_event
from director.exchange.export import export_event
from director.scoring.drive_cards import Card
from director.store import drive_play
from director.store.services import EventStore
from tests.publish.drive_event import make_drive


def _drive(store: EventStore) -> tuple[object, ...]:
    """Everything a drive holds and gives, as the store's services say it."""
    record = store.drive()
    return (
        record,
        drive_play.seatings(record),
        store.drive_standings(),
        store.drive_standings(after=2),
        store.drive_prizes(),
        store.drive_cards(),
        store.drive_moves(3),
    )


@pytest.fixture
def exported(tmp_path: Path) -> tuple[Path, Path]:
    """A drive with its four hands entered, a revoke and one card typed, and its export."""
    event = tmp_path / "drive.whist"
    with make_drive(event) as store:
        standing = next(s for s in store.drive_standings() if s.player == "Mrs Ames")
        row = tuple(None if t is None else Fraction(t) for t in standing.by_hand)
        store.type_drive_card(Card("Mrs Ames", row, Fraction(standing.total) + 1))
        out = tmp_path / "drive.json"
        out.write_text(export_event(store, "json"), encoding="utf-8")
    return event, out


def test_an_exported_drive_imports_as_the_same_drive_and_exports_the_same(
    exported: tuple[Path, Path], tmp_path: Path
) -> None:
    event, out = exported
    made = import_event(out, tmp_path / "again.whist")
    assert made.drive
    with EventStore.open(event) as original, EventStore.open(made.path) as again:
        assert _drive(again) == _drive(original)
        assert again.drive_cards().flags[0].words.startswith("Mrs Ames's card: the hands add")
        assert export_event(again, "json") == out.read_text(encoding="utf-8")
        assert again.undo() is not None
        assert original.undo() is not None
        assert _drive(again) == _drive(original)
    document = json.loads(out.read_text(encoding="utf-8"))
    assert document["sections"] == []
    assert document["drive"]["prizes"][0].startswith("top lady: ")


def test_a_drive_changed_in_the_file_is_refused_and_nothing_is_written(
    exported: tuple[Path, Path], tmp_path: Path
) -> None:
    _, out = exported
    document = json.loads(out.read_text(encoding="utf-8"))
    document["drive"]["standings"][0]["total"] = "99"
    out.write_text(json.dumps(document), encoding="utf-8")
    target = tmp_path / "again.whist"
    with pytest.raises(DirectorError, match="its whist drive is not the one its history makes"):
        import_event(out, target)
    assert not target.exists()


def test_a_drive_exports_as_json_only(tmp_path: Path) -> None:
    with (
        make_drive(tmp_path / "drive.whist", hands=1) as store,
        pytest.raises(DirectorError, match="a whist drive exports as json only"),
    ):
        export_event(store, "csv")
