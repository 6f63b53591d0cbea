"""`director event table-links` and `director serve`, run as the director runs them."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from director.cli import main
from director.store.services import EventStore
from schedules.catalog import Request, build
from schedules.progressive import MovingRule
from tests.server.test_drive_tables import small_drive

BASE = "http://192.168.1.20:8765"


def _links(path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> list[dict[str, object]]:
    code = main(["event", "table-links", str(path), "--base", BASE, "--format", "json", *extra])
    assert code == 0
    return list(json.loads(capsys.readouterr().out))


def test_table_links_lists_every_table_with_its_own_link(
    store: EventStore, capsys: pytest.CaptureFixture[str]
) -> None:
    assert store.path is not None
    links = _links(store.path, capsys)
    assert [link["table"] for link in links] == list(range(1, store.movement().tables + 1))
    tokens = {link.table: link.token for link in store.table_links()}
    for link in links:
        assert link["url"] == f"{BASE}/table/{link['table']}/{tokens[int(str(link['table']))]}"
    assert main(["event", "table-links", str(store.path), "--base", BASE]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[0] == f"table 1: {links[0]['url']}"


def test_renewing_gives_every_table_a_new_link(
    store: EventStore, capsys: pytest.CaptureFixture[str]
) -> None:
    assert store.path is not None
    before = _links(store.path, capsys)
    assert _links(store.path, capsys) == before
    renewed = _links(store.path, capsys, "--renew")
    assert not {str(x["url"]) for x in before} & {str(x["url"]) for x in renewed}


def test_a_drives_table_links_are_one_a_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hall.whist"
    small_drive(path, MovingRule.PROGRESSIVE, players=6).close()
    links = _links(path, capsys)
    assert [link["table"] for link in links] == [1, 2, 3]
    assert _links(path, capsys) == links
    assert not {str(x["url"]) for x in links} & {
        str(x["url"]) for x in _links(path, capsys, "--renew")
    }


def test_an_event_without_a_movement_has_no_links(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    EventStore.create(tmp_path / "bare.whist", name="Bare").close()
    code = main(["event", "table-links", str(tmp_path / "bare.whist"), "--base", BASE])
    assert code == 2
    assert "choose the movement first" in capsys.readouterr().err


def test_serve_refuses_a_bad_port(store: EventStore, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", str(store.path), "--port", "70000"])
    assert "0 to 65535" in capsys.readouterr().err


def _serve(
    path: Path, *extra: str, port: str | None = "0", stderr: int | None = subprocess.DEVNULL
) -> tuple[subprocess.Popen[str], str]:
    """`director serve` in a child process (on a free port, unless `port` says otherwise); its
    base address."""
    given = ["--port", port] if port is not None else []
    child = subprocess.Popen(
        [sys.executable, "-m", "director", "serve", str(path), *given, *extra],
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
    )
    assert child.stdout is not None
    first = child.stdout.readline()
    assert first.startswith("Serving"), first
    return child, first.split(" on ", 1)[1].split(";")[0]


@pytest.mark.slow
def test_a_result_survives_a_sigkill_right_after_its_200(store: EventStore) -> None:
    assert store.path is not None
    link = store.table_links()[0]
    tray = next(s.trays[0] for s in store.movement().seatings if (s.round, s.table) == (1, 1))
    child, base = _serve(store.path)
    try:
        address = urlsplit(base)
        connection = http.client.HTTPConnection(address.hostname, address.port, timeout=30)
        body = json.dumps({"round": 1, "tray": tray, "ns": 9})
        headers = {"Content-Type": "application/json"}
        connection.request("POST", f"/table/1/{link.token}/results", body=body, headers=headers)
        answer = connection.getresponse()
        assert answer.status == 200
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.kill()
        child.wait(30)
    assert child.returncode == -signal.SIGKILL
    with EventStore.open(store.path) as reopened:
        (result,) = reopened.results()
    assert (result.tray, result.ns_tricks, result.entered_by) == (tray, 9, "table 1")


def test_serve_with_minutes_shows_the_round_timer_on_every_page(store: EventStore) -> None:
    assert store.path is not None
    child, base = _serve(store.path, "--minutes", "25")
    try:
        assert child.stdout is not None
        said = "".join(child.stdout.readline() for _ in store.table_links())
        said += child.stdout.readline()
        assert "Round timer: 25 minutes a round, round 1 now" in said
        address = urlsplit(base)
        connection = http.client.HTTPConnection(address.hostname, address.port, timeout=30)
        for link in store.table_links():
            connection.request("GET", f"/table/{link.table}/{link.token}/state")
            clock = json.loads(connection.getresponse().read())["clock"]
            assert clock["round"] == 1
            assert 25 * 60 - 30 <= clock["seconds_left"] <= 25 * 60
    finally:
        child.kill()
        child.wait(30)


def test_serve_gives_a_drives_table_links_and_big_screen_with_a_timer_for_each_hand(
    tmp_path: Path,
) -> None:
    path = tmp_path / "hall.whist"
    small_drive(path, MovingRule.PROGRESSIVE, players=4).close()
    child, base = _serve(path, "--minutes", "8")
    try:
        assert child.stdout is not None
        with EventStore.open(path) as drive:
            tokens = {t.table: t.token for t in drive.table_links()}
        assert sorted(tokens) == [1, 2]
        for table in (1, 2):
            told = child.stdout.readline().strip()
            assert told == f"table {table}: {base}/table/{table}/{tokens[table]}"
        screen = child.stdout.readline()
        assert screen.startswith("The drive's big screen (open it on the projector): ")
        assert "Hand timer: 8 minutes a hand, hand 1 now." in child.stdout.readline()
        link = urlsplit(screen.split(": ", 1)[1].strip())
        assert f"{link.scheme}://{link.netloc}" == base
        assert link.hostname is not None
        connection = http.client.HTTPConnection(link.hostname, link.port, timeout=30)
        connection.request("GET", f"{link.path}/state")
        state = json.loads(connection.getresponse().read())
        assert (state["hand"], state["trump"], state["clock"]["round"]) == (1, "Hearts", 1)
        assert 8 * 60 - 30 <= state["clock"]["seconds_left"] <= 8 * 60
        connection.request("GET", f"/table/2/{tokens[2]}/state")
        table = json.loads(connection.getresponse().read())
        assert (table["table"], table["hand"], table["clock"]["round"]) == (2, 1, 1)
    finally:
        child.kill()
        child.wait(30)


def test_serve_refuses_a_round_of_no_minutes(
    store: EventStore, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["serve", str(store.path), "--minutes", "0"])
    assert "a round lasts some minutes" in capsys.readouterr().err


def test_table_cards_carry_each_tables_link_as_a_code_a_phone_reads(
    store: EventStore, tmp_path: Path
) -> None:
    """Printed with the server's address, every table card's QR code reads back (as a phone's
    camera would, with zbarimg) as that table's own link."""
    assert store.path is not None
    # the whole field entered: papers seat nobody who is not there
    for n in range(6):
        store.add_player(f"Mx Late{chr(97 + n)}")
    store.pair_in_order()
    out = tmp_path / "cards.pdf"
    args = ["print", "table-cards", "--event", str(store.path), "--links", BASE, "--out"]
    assert main([*args, str(out)]) == 0
    subprocess.run(["pdftoppm", "-r", "150", "-png", out, tmp_path / "page"], check=True)
    links = {t.table: t.url(BASE) for t in store.table_links()}
    read = {}
    for page in sorted(tmp_path.glob("page-*.png")):
        found = subprocess.run(
            ["zbarimg", "-q", "--raw", page], capture_output=True, text=True, check=False
        ).stdout.split()
        read.update({int(urlsplit(url).path.split("/")[2]): url for url in found})
    assert read == links


def test_table_cards_need_links_issued_first(tmp_path: Path, capsys) -> None:
    path = tmp_path / "bare.whist"
    with EventStore.create(path, name="Bare") as bare:
        bare.choose_movement(build(Request("mitchell", tables=3, trays_per_round=2)))
    out = tmp_path / "cards.pdf"
    assert (
        main(["print", "table-cards", "--event", str(path), "--links", BASE, "--out", str(out)])
        == 2
    )
    assert "no links yet" in capsys.readouterr().err
    assert not out.exists()


def _stop(child: subprocess.Popen[str], store: EventStore) -> str:
    """Ctrl+C the server once it has listed the links; what it wrote to stderr (if captured)."""
    assert child.stdout is not None
    for _ in store.table_links():
        child.stdout.readline()
    child.send_signal(signal.SIGINT)
    _out, err = child.communicate(timeout=30)
    return err or ""


def test_serving_again_uses_the_links_on_the_cards(store: EventStore) -> None:
    """The address and port are kept with the event: serving it again without them serves on
    the same links; serving on another port says the table cards must be printed again."""
    assert store.path is not None
    first, base = _serve(store.path, stderr=subprocess.PIPE)
    assert "print the table cards again" not in _stop(first, store)
    kept = store.serving_address()
    assert kept is not None
    assert (kept.host, f"http://{kept.host}:{kept.port}") == ("127.0.0.1", base)
    again, same = _serve(store.path, port=None, stderr=subprocess.PIPE)
    assert same == base
    assert "print the table cards again" not in _stop(again, store)
    moved, elsewhere = _serve(store.path, stderr=subprocess.PIPE)
    said = _stop(moved, store)
    assert elsewhere != base
    assert f"The links have changed (they were {base}): print the table cards again" in said
    assert f"--links {elsewhere}" in said


def test_serve_names_an_address_that_is_not_this_machines(
    store: EventStore, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", str(store.path), "--host", "192.0.2.77"]) == 2
    said = capsys.readouterr().err.strip()
    assert said.startswith("director serve: 192.0.2.77 is not an address of this computer")
    assert "port" not in said
    assert len(said.splitlines()) == 1


def test_serve_says_when_the_address_kept_is_not_this_machines_now(
    store: EventStore, capsys: pytest.CaptureFixture[str]
) -> None:
    """The laptop was given another address by tonight's network."""
    store.keep_serving_address("192.0.2.77", 8765)
    assert main(["serve", str(store.path)]) == 2
    said = capsys.readouterr().err
    assert "192.0.2.77 is not an address of this computer" in said
    assert "served on 192.0.2.77, port 8765 before" in said


def test_where_the_tables_are_served_is_kept_but_never_undone(store: EventStore) -> None:
    step = store.newest_step()
    store.keep_serving_address("127.0.0.1", 9000)
    assert store.newest_step() == step
    store.add_player("Mr Late")
    store.undo()
    kept = store.serving_address()
    assert kept is not None
    assert (kept.host, kept.port) == ("127.0.0.1", 9000)
