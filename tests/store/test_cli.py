"""`director event ...` end to end on a real file, through the dispatcher."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError

from director.cli import main
from director.store.backup import BackupPolicy, Backups
from director.store.paths import DATA_ENV
from director.store.services import EventStore, ResultEntry, StoreError
from tests.conftest import MOVEMENTS
from tests.store.readonly import read_only
from tests.store.test_files import fingerprint

MITCHELL = MOVEMENTS / "bridgescorer-Mitchell3Table.json"


def director(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_session_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "club.whist"
    roster = tmp_path / "roster.csv"
    roster.write_text("name,club,member,gender\nMrs Ames,Elm,101,L\nMr Bell,Elm,102,G\n")
    assert director(capsys, "event", "new", event, "--name", "Club night")[0] == 0
    code, out, _ = director(capsys, "event", "players", event, "--import", roster)
    assert code == 0
    assert "imported 2 players" in out
    assert "Mrs Ames  (Elm, 101, lady)" in out
    code, out, _ = director(capsys, "event", "movement", event, "--from-json", MITCHELL)
    assert (code, "3 tables, 3 rounds, 18 trays" in out) == (0, True)
    assert director(capsys, "event", "slip", event, "--tray", "1", "--trump", "QH")[0] == 0
    for table, round_no, tricks in ((1, 1, "8"), (3, 2, "6")):
        code, out, err = director(
            capsys,
            "event", "result", event, "--round", round_no, "--table", table, "--tray", "1",
            "--ns-tricks", tricks, "--by", f"table {table}",
        )  # fmt: skip
        assert code == 0, err
    code, out, err = director(
        capsys,
        "event", "result", event, "--round", "3", "--table", "2", "--tray", "1",
        "--ns-tricks", "7", "--revoke", "ew:1:3",
    )  # fmt: skip
    assert code == 0, err
    code, out, _ = director(
        capsys,
        "event", "result", event, "--round", "2", "--table", "3", "--tray", "2",
        "--ns-tricks", "5", "--irregularity", "wrong_trump_overplay:S",
    )  # fmt: skip
    assert code == 0
    assert "irregularity: wrong_trump_overplay" in out
    code, out, err = director(capsys, "event", "standings", event, "--format", "json")
    assert code == 0, err
    document = json.loads(out)
    assert document["standings"]
    with EventStore.open(event) as store:
        results = store.results()
        assert [(r.tray, r.table, r.ns_tricks) for r in results][:3] == [
            (1, 1, 8),
            (1, 3, 6),
            (2, 3, 5),
        ]
        assert results[3].revokes[0].tricks_after == 3
    code, out, _ = director(capsys, "event", "new-deal", event, "--tray", "1", "--why", "faced")
    assert (code, "new deal, version 2" in out) == (0, True)
    code, out, _ = director(capsys, "event", "log", event)
    assert code == 0
    assert out.index("record slip") < out.index("new deal")
    assert "faced" in out
    assert director(capsys, "event", "undo", event)[1].startswith("undid")
    code, out, _ = director(capsys, "event", "standings", event)
    assert code == 0
    assert "Standings" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["result", "--round", "1", "--table", "1", "--tray", "1", "--ns-tricks", "14"], "0 to 13"),
        (["slip", "--tray", "1", "--trump", "XX"], "not a card"),
        (["new-deal", "--tray", "1", "--why", "x", "--law", "nonsense"], "unknown irregularity"),
        (
            ["result", "--round", "1", "--table", "1", "--tray", "1", "--ns-tricks", "7",
             "--revoke", "up:1"],
            "write SIDE",
        ),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    event = tmp_path / "club.whist"
    director(capsys, "event", "new", event, "--name", "Club")
    director(capsys, "event", "movement", event, "--from-json", MITCHELL)
    code, _, err = director(capsys, "event", argv[0], event, *argv[1:])
    assert code == 2
    assert message in err
    assert err.count("\n") == 1


def test_a_foreign_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not an event")
    code, _, err = director(capsys, "event", "log", notes)
    assert code == 2
    assert "not an event file" in err
    assert notes.read_text() == "not an event"


@pytest.fixture
def event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """An event file with the small Mitchell and one result, in a folder of its own."""
    path = tmp_path / "club" / "club.whist"
    path.parent.mkdir()
    director(capsys, "event", "new", path, "--name", "Club")
    director(capsys, "event", "movement", path, "--from-json", MITCHELL)
    director(capsys, "event", "result", path, "--round", 1, "--table", 1, "--tray", 1,
             "--ns-tricks", 8)  # fmt: skip
    return path


def test_reading_commands_work_from_a_read_only_folder(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = {cmd: director(capsys, "event", cmd, event)[1] for cmd in ("standings", "log")}
    before = fingerprint(event.parent)
    with read_only(event.parent):
        for cmd, out in expected.items():
            assert director(capsys, "event", cmd, event) == (0, out, "")
        assert director(capsys, "event", "players", event)[0] == 0
    assert fingerprint(event.parent) == before


def test_printing_results_works_from_a_read_only_folder(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = fingerprint(event.parent)
    pdf = event.parent.parent / "results.pdf"
    with read_only(event.parent):
        code, _, err = director(capsys, "print", "results", "--event", event, "--out", pdf)
    assert code == 0, err
    assert pdf.read_bytes().startswith(b"%PDF")
    assert fingerprint(event.parent) == before


@pytest.mark.parametrize(
    "argv",
    [
        ["result", "--round", "1", "--table", "1", "--tray", "2", "--ns-tricks", "7"],
        ["players", "--add", "Mr Bell"],
        ["undo"],
    ],
)
@pytest.mark.parametrize("what", ["file", "folder"])
def test_writing_commands_on_a_read_only_event_are_one_line_and_exit_2(
    event: Path, capsys: pytest.CaptureFixture[str], argv: list[str], what: str
) -> None:
    before = fingerprint(event.parent)
    with read_only(event if what == "file" else event.parent):
        code, _, err = director(capsys, "event", argv[0], event, *argv[1:])
    assert code == 2
    assert err.startswith(f"director event: {event} cannot be changed:")
    assert "read-only" in err
    assert err.count("\n") == 1
    assert fingerprint(event.parent) == before


def test_a_huge_log_limit_is_one_line_and_exit_2(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for limit in (str(10**30), "0", "-3", "many"):
        code, _, err = director(capsys, "event", "log", event, "--limit", limit)
        assert code == 2
        assert err == (
            f"director event: --limit {limit}: give a number of entries from 1 to 1000000000,"
            " or leave it out to see them all\n"
        )
    code, out, _ = director(capsys, "event", "log", event, "--limit", "1")
    assert code == 0
    assert out.count("#") == 1


def test_a_roster_field_over_128_kib_is_one_line_and_exit_2(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    roster = event.parent.parent / "roster.csv"
    roster.write_text(f"name,club\nMrs Ames,Elm\n{'B' * 200 * 1024},Elm\n")
    before = fingerprint(event.parent)
    code, _, err = director(capsys, "event", "players", event, "--import", roster)
    assert code == 2
    assert "line 3: the name is 204800 characters long; at most 200 fit" in err
    assert "nothing imported" in err
    assert err.count("\n") == 1
    assert fingerprint(event.parent) == before


def test_a_bad_irregularity_suit_saves_nothing(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = director(
        capsys, "event", "result", event, "--round", "1", "--table", "1", "--tray", "2",
        "--ns-tricks", "7", "--irregularity", "wrong_trump_overplay:X",
    )  # fmt: skip
    assert code == 2
    assert "not a suit" in err
    assert err.count("\n") == 1
    with EventStore.open(event, read_only=True) as store:
        assert [r.tray for r in store.results()] == [1]


def failing_run(exc: BaseException) -> Callable[[Sequence[str]], int]:
    def run(_argv: Sequence[str]) -> int:
        raise exc

    return run


SQL_ERROR = OperationalError(
    "SELECT players.id FROM players WHERE players.name = ?",
    ("x",),
    sqlite3.OperationalError("disk I/O error"),
)


@pytest.mark.parametrize(
    ("exc", "said", "logged"),
    [
        (SQL_ERROR, "director event: the database could not do it (disk I/O error); the details",
         True),
        (sqlite3.OperationalError("database table is locked"), "(database table is locked)", True),
        (PermissionError(13, "Permission denied", "/srv/club.whist"),
         "director event: cannot use /srv/club.whist: Permission denied\n", False),
        (RuntimeError("a bug"), "unexpected error (RuntimeError): this is a bug in Whist Director",
         True),
    ],
)  # fmt: skip
def test_anything_unforeseen_is_one_line_without_sql_and_exit_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    exc: BaseException,
    said: str,
    logged: bool,
) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "data"))
    monkeypatch.setattr("director.cli.event.run", failing_run(exc))
    code, _, err = director(capsys, "event", "log", tmp_path / "x.whist")
    assert code == 2
    assert said in err
    assert err.count("\n") == 1
    assert "SELECT" not in err
    assert "Traceback" not in err
    log = tmp_path / "data" / "logs" / "crash.log"
    assert (f"the details are in {log}" in err) == logged
    assert log.exists() == logged
    assert not logged or f"{type(exc).__name__}" in log.read_text()


@pytest.mark.slow
def test_backups_are_written_by_count_across_separate_processes(event: Path) -> None:
    """Each command line is a process of its own: the count of entries since the last copy
    is kept in the event and its copies, not in any one process."""
    policy = BackupPolicy()
    backups = Backups(event, policy)
    with EventStore.open(event, backups=BackupPolicy(every_entries=10**6)) as store:
        plays = [(s.round, s.table, tray) for s in store.movement().seatings for tray in s.trays]
        entered = {(r.round, r.table, r.tray) for r in store.results()}
        todo = [p for p in plays if p not in entered]
        while len(store.audit_log()) < policy.every_entries - 3:
            store.record_result(ResultEntry(1, *todo.pop(0), 7))
    assert backups.copies() == []
    for process in range(3):
        round_no, table, tray = todo.pop(0)
        done = subprocess.run(
            [sys.executable, "-m", "director", "event", "result", str(event),
             "--round", str(round_no), "--table", str(table), "--tray", str(tray),
             "--ns-tricks", "7"],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert len(backups.copies()) == (1 if process == 2 else 0)
    with EventStore.open(backups.copies()[0], read_only=True) as copy:
        assert len(copy.audit_log()) == policy.every_entries


# -- forming the field from the command line -------------------------------------------------


def test_an_event_built_with_the_command_line_alone_prints_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "club.whist"
    roster = tmp_path / "roster.csv"
    rows = ["Mrs Ames;1", "Mr Bell;1", "Mrs Cole;2", "Mr Dale;2", "Mrs Eve;3", "Mr Föx;3"]
    roster.write_bytes(("\r\n".join(rows) + "\r\n").encode("cp1252"))
    director(capsys, "event", "new", event, "--name", "Club")
    director(capsys, "event", "movement", event, "--from-json", MITCHELL)
    code, out, err = director(
        capsys, "event", "players", event, "--import", roster, "--columns", "name,pair"
    )
    assert code == 0, err
    assert "Mr Föx  plays as 3" in out
    code, out, err = director(
        capsys, "event", "pair", event, "--label", "5", "--players", "Mrs Gray", "Mr Hunt"
    )
    assert code == 0, err
    assert out.splitlines() == [
        "added Mrs Gray to the roster",
        "added Mr Hunt to the roster",
        "pair 5: Mrs Gray & Mr Hunt",
    ]
    director(capsys, "event", "players", event, "--add", "Mrs Ives")
    director(capsys, "event", "players", event, "--add", "Mr Jay")
    code, out, err = director(capsys, "event", "pair", event, "--in-order")
    assert (code, out.strip()) == (0, "pair 4: Mrs Ives & Mr Jay"), err
    with EventStore.open(event) as store:
        movement = store.movement()
        store.record_round(
            ResultEntry(1, s.round, s.table, tray, 7) for s in movement.seatings for tray in s.trays
        )
    code, out, err = director(capsys, "event", "standings", event)
    assert code == 0, err
    for names in ("Mrs Ames & Mr Bell", "Mrs Eve & Mr Föx", "Mrs Gray & Mr Hunt", "Mrs Ives"):
        assert names in out


def test_teams_are_formed_by_pair_label(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event = tmp_path / "club.whist"
    roster = tmp_path / "roster.csv"
    roster.write_text("name,pair,team\nA,1,Reds\nB,1,Reds\nC,2,\nD,2,\nE,3,\nF,3,\n")
    director(capsys, "event", "new", event, "--name", "Club")
    assert director(capsys, "event", "players", event, "--import", roster)[0] == 0
    code, out, err = director(
        capsys, "event", "team", event, "--label", "Blues", "--pairs", "2", "3"
    )
    assert (code, out.strip()) == (0, "team Blues: 2, 3"), err
    with EventStore.open(event) as store:
        assert [(t.label, t.pairs) for t in store.teams()] == [
            ("Blues", ("2", "3")),
            ("Reds", ("1",)),
        ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["players", "--import", "ROSTER"], "no header line naming its columns; add one"),
        (["players", "--import", "ROSTER", "--columns", "name,shoe"], "unknown roster field"),
        (["players", "--columns", "name"], "give it with --import"),
        (["pair", "--label", "NS1"], "give the pair's --label and its --players together"),
        (["pair", "--in-order", "--players", "A", "B"], "--label and its --players together"),
        (["pair", "--label", "NS1", "--players", "A", ""], "a name for pair NS1 is empty"),
        (["pair", "--dissolve", "NS9"], "no partnership NS9"),
        (["team", "--label", "Reds", "--pairs", "NS9"], "no partnership NS9"),
    ],
)
def test_bad_field_commands_are_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    event = tmp_path / "club.whist"
    roster = tmp_path / "roster.csv"
    roster.write_text("Mrs Ames,1\nMr Bell,1\n")
    director(capsys, "event", "new", event, "--name", "Club")
    argv = [str(roster) if a == "ROSTER" else a for a in argv]
    code, _, err = director(capsys, "event", argv[0], event, *argv[1:])
    assert (code, err.count("\n")) == (2, 1), err
    assert message in err
    with EventStore.open(event) as store:
        assert (store.players(), store.partnerships()) == ((), ())


def test_in_order_on_an_individual_movement_seats_players_not_pairs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "individual.whist"
    director(capsys, "event", "new", event, "--name", "Individual")
    names = [f"Player {letter}" for letter in "ABCDEFGH"]
    for name in names:
        director(capsys, "event", "players", event, "--add", name)
    director(capsys, "event", "movement", event, "--family", "individual", "--players", "8")
    code, out, err = director(capsys, "event", "pair", event, "--in-order")
    assert code == 0, err
    with EventStore.open(event) as store:
        field = store.movement().field
        by_id = {p.id: p.name for p in store.players()}
        seated = {p.label: [by_id[i] for i in p.players] for p in store.partnerships()}
        with pytest.raises(StoreError, match="seats players one by one, not in pairs"):
            store.pair_in_order()
    assert seated == {label: [name] for label, name in zip(field, names, strict=True)}
    assert out.splitlines()[0] == f"individual {field[0]}: Player A"
