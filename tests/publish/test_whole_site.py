"""The results site is published whole or not at all, into a folder of its own.

A publish that fails or is killed half way leaves the earlier site as it was: never a front
page linking to pages not yet written, never two events' pages mixed. A folder holding
anything the program did not write (an event file, the club's own files) is refused, untouched.
"""

from __future__ import annotations

import errno
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from director.cli import main
from director.errors import DirectorError
from director.publish.site import SITE_MARK, publish_site
from director.store.services import EventStore

PROVISIONAL = "provisional"


def site_state(folder: Path) -> str:
    """What every page of the site says, "final" or "provisional", asserting that the site is
    whole (every link resolves, the list names exactly the files there) and one event's."""
    pages = sorted(folder.rglob("*.html"))
    assert pages, f"no pages in {folder}"
    kinds = {PROVISIONAL in p.read_text(encoding="utf-8") for p in pages}
    assert len(kinds) == 1, "pages of two publishes mixed"
    for page in pages:
        for href in re.findall(r'href="([^"#]+)', page.read_text(encoding="utf-8")):
            assert (page.parent / href).resolve().is_file(), f"{page.name} links to {href}"
    listed = set((folder / SITE_MARK).read_text(encoding="utf-8").split())
    present = {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()}
    assert present == listed | {SITE_MARK}
    return PROVISIONAL if kinds.pop() else "final"


def test_a_failure_half_way_leaves_the_earlier_site_whole(
    evening: EventStore, unfinished: EventStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "site"
    publish_site(evening, folder)
    assert site_state(folder) == "final"
    written = 0
    write_text = Path.write_text

    def fills_the_disk(self: Path, *args: object, **kwargs: object) -> int:
        nonlocal written
        written += 1
        if written > 4:
            raise OSError(errno.ENOSPC, "No space left on device")
        return write_text(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "write_text", fills_the_disk)
    with pytest.raises(DirectorError, match="free space"):
        publish_site(unfinished, folder)
    monkeypatch.undo()
    assert site_state(folder) == "final"
    assert not [p.name for p in tmp_path.iterdir() if "partial" in p.name]  # nor half a site


def test_publishing_makes_the_folder_given_and_the_folders_it_is_in(
    evening: EventStore, tmp_path: Path
) -> None:
    folder = tmp_path / "club" / "results" / "tonight"
    publish_site(evening, folder)
    assert site_state(folder) == "final"


def test_publishing_again_replaces_the_whole_site(
    evening: EventStore, unfinished: EventStore, tmp_path: Path
) -> None:
    folder = tmp_path / "site"
    publish_site(unfinished, folder)
    assert site_state(folder) == PROVISIONAL
    publish_site(evening, folder)
    assert site_state(folder) == "final"


@pytest.mark.parametrize("other", ["notes.txt", "event.whist"])
def test_a_folder_holding_other_files_is_refused_untouched(
    evening: EventStore, tmp_path: Path, other: str
) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    if other.endswith(".whist"):
        EventStore.create(folder / other, "Another evening").close()
    else:
        (folder / other).write_text("the club's own notes", encoding="utf-8")
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    with pytest.raises(DirectorError, match=f"holds .*{re.escape(other)}.*did not write"):
        publish_site(evening, folder)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_a_file_added_to_a_published_site_is_never_removed(
    evening: EventStore, tmp_path: Path
) -> None:
    folder = tmp_path / "site"
    publish_site(evening, folder)
    (folder / "logo.png").write_bytes(b"the club's logo")
    with pytest.raises(DirectorError, match=r"logo\.png"):
        publish_site(evening, folder)
    assert (folder / "logo.png").read_bytes() == b"the club's logo"


def test_the_command_refuses_the_event_files_own_folder(
    evening: EventStore, capsys: pytest.CaptureFixture[str]
) -> None:
    assert evening.path is not None
    assert main(["publish", str(evening.path), "--out", str(evening.path.parent)]) == 2
    assert "did not write" in capsys.readouterr().err
    assert evening.path.is_file()


def test_a_site_published_before_the_list_is_replaced(evening: EventStore, tmp_path: Path) -> None:
    folder = tmp_path / "site"
    publish_site(evening, folder)
    (folder / SITE_MARK).unlink()  # as an earlier version of the program left its sites
    publish_site(evening, folder)
    assert site_state(folder) == "final"


def test_a_half_built_site_left_by_a_kill_is_removed_later(
    evening: EventStore, tmp_path: Path
) -> None:
    left = tmp_path / ".site.0123abcd.partial"
    left.mkdir()
    (left / "index.html").write_text("half", encoding="utf-8")
    an_hour_ago = time.time() - 3600
    os.utime(left, (an_hour_ago, an_hour_ago))
    publish_site(evening, tmp_path / "site")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


@pytest.mark.slow
def test_killed_at_any_moment_the_site_is_one_whole_publish(
    evening: EventStore, unfinished: EventStore, tmp_path: Path
) -> None:
    """`director publish` of two evenings in turn into one folder, each killed with SIGKILL
    at a random moment: after each, the folder is the whole of one publish, or none yet."""
    assert evening.path is not None
    assert unfinished.path is not None
    folder = tmp_path / "site"
    rng = random.Random(42)
    outcomes = set()
    for attempt in range(12):
        event = (evening, unfinished)[attempt % 2].path
        publish = subprocess.Popen(
            [sys.executable, "-m", "director", "publish", str(event), "--out", str(folder)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(rng.uniform(0.2, 2.0))
        publish.send_signal(signal.SIGKILL)
        outcomes.add(publish.wait())
        if folder.exists():
            site_state(folder)
    assert -signal.SIGKILL in outcomes  # some were killed half way
