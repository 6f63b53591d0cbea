"""The results site's pages as written: escaped names, "provisional" while results are
missing, the laws' awards and revoke marks on the deal pages, and the writing itself."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from director.cli import main
from director.errors import DirectorError
from director.publish.site import publish_site
from director.store.services import EventStore
from tests.publish.conftest import EVIL


def test_a_name_written_as_markup_is_escaped_on_every_page(
    evening: EventStore, tmp_path: Path
) -> None:
    files = publish_site(evening, tmp_path / "site")
    for f in files:
        text = f.read_text(encoding="utf-8")
        assert "<script" not in text
    index = files[0].read_text(encoding="utf-8")
    assert html.escape(EVIL, quote=True) in index


def test_provisional_while_results_are_missing_and_final_once_all_are_in(
    evening: EventStore, unfinished: EventStore, tmp_path: Path
) -> None:
    done = publish_site(evening, tmp_path / "done")
    assert "Final: every result is in." in done[0].read_text(encoding="utf-8")
    partial = publish_site(unfinished, tmp_path / "partial")
    for f in partial:
        if f.suffix == ".html":
            assert "Provisional: 3 of 24 results are still to come" in f.read_text("utf-8"), f


def test_the_deal_page_shows_the_revoke_marks_and_the_average_awarded(
    evening: EventStore, tmp_path: Path
) -> None:
    folder = tmp_path / "site"
    publish_site(evening, folder)
    deals = {d.tray: d for d in evening.standings().deals}
    revoked = (folder / "session-1" / "tray-1.html").read_text("utf-8")
    assert deals[1].tables[0].marks == ("+R", "-R")
    assert "<td>N-S +R, E-W -R</td>" in revoked
    awarded = (folder / "session-1" / "tray-2.html").read_text("utf-8")
    assert deals[2].tables[0].adjustment.value == "average"
    assert "<td>not played: average</td>" in awarded


def test_publishing_again_replaces_the_pages(evening: EventStore, tmp_path: Path) -> None:
    folder = tmp_path / "site"
    first = publish_site(evening, folder)
    first[0].write_text("stale", encoding="utf-8")
    second = publish_site(evening, folder)
    assert first == second
    assert second[0].read_text("utf-8") != "stale"
    assert not list(folder.rglob("*.part"))


def test_a_file_is_refused_as_the_folder(evening: EventStore, tmp_path: Path) -> None:
    target = tmp_path / "notes.txt"
    target.write_text("mine", encoding="utf-8")
    with pytest.raises(DirectorError, match="not a folder"):
        publish_site(evening, target)
    assert target.read_text("utf-8") == "mine"


def test_an_event_without_a_movement_has_nothing_to_publish(tmp_path: Path) -> None:
    with (
        EventStore.create(tmp_path / "empty.sqlite", name="Empty") as store,
        pytest.raises(DirectorError, match="nothing to publish yet"),
    ):
        publish_site(store, tmp_path / "site")


def test_the_command_writes_the_site(
    evening: EventStore, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert evening.path is not None
    assert main(["publish", str(evening.path), "--out", str(tmp_path / "web")]) == 0
    assert (tmp_path / "web" / "index.html").is_file()
    assert "wrote 18 files" in capsys.readouterr().out
    assert main(["publish", str(evening.path), "--out", str(evening.path)]) == 2
    assert "is an event file, not a folder" in capsys.readouterr().err
