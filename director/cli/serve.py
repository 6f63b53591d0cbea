"""`director serve`: the tables enter their results from the players' phones.

    director serve FILE [--host ADDR] [--port N] [--minutes M]

Serves every table's page for the event in FILE until Ctrl+C, on this computer only (address
127.0.0.1) unless --host names one of this machine's addresses on the room's network (the
addresses are listed when the one given cannot be used), or 0.0.0.0 to serve on all of them
(the links then name the room's). The address and port are kept with the event: serving it
again without --host and --port uses the same links, those on the table cards; serving it on
another says that the table cards must be printed again. Each table opens its own page from its
link (printed here, and by `director event table-links`); what a table enters is saved at once,
as the director's own entries are, and the director can correct or undo it. With --minutes,
every table's page shows a round timer of M minutes for the open round (the first with a result
still to come), warning near the end; once every table has entered that round the timer moves
on to the next by itself.

For a whist drive, `director serve` serves each table's page, where the table enters each hand
(one link a table for the whole drive, printed here, kept as the pairs tables' are), and the
drive's big screen for a projector or TV (the hand and its trump, who moves where, the
standings and prizes), printing its link, which changes each time the server starts. With
--minutes the pages and the screen show a timer of M minutes for each hand, starting afresh
when every table has entered the hand.

    director event table-links FILE --base URL [--format text|json] [--renew]
        [--session S] [--section A]

Prints every table's link (JSON: [{"table": 1, "url": "..."}, ...]). --base is the address the
phones reach, e.g. http://192.168.1.20:8765. With --renew every table gets a new link and the
old ones stop working (a new event has new links anyway).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

from director.cli.subcommands import usage_shown
from director.errors import DirectorError
from director.server.links import LOOPBACK, base_url, table_url
from director.store import drive_play
from director.store.services import EventStore, StoreError
from director.store.table_values import ServingAddress, TableToken

if TYPE_CHECKING:  # uvicorn is loaded only to serve
    from director.server.running import TableServer

USAGE = __doc__ or ""


def run(argv: Sequence[str]) -> int:
    """`director serve FILE [--host ADDR] [--port N] [--minutes M]`: serve until Ctrl+C."""
    if (shown := usage_shown(argv, USAGE)) is not None:
        return shown
    from director.server.running import TableServer

    parser = argparse.ArgumentParser(prog="director serve", usage=USAGE)
    parser.add_argument("file", help="event file or database URL")
    parser.add_argument("--host", help="the address to serve on (kept with the event)")
    parser.add_argument("--port", type=_port, help="the port to serve on (kept with the event)")
    parser.add_argument("--minutes", type=_minutes, help="a round's minutes, for the timer")
    args = parser.parse_args(list(argv))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    with EventStore.open(args.file) as store:
        hand = _drive_hand(store)
        links = _issue_every_section(store) if hand is None else store.issue_drive_table_links()
        kept = store.serving_address()
        host, port = _where(args.host, args.port, kept)
        server = TableServer(store, host, port)
        try:
            base = server.start()
        except DirectorError as exc:
            if kept is None or args.host is not None:
                raise
            raise DirectorError(
                f"{exc} (this event was served on {kept.host}, port {kept.port} before; choose"
                " with --host and --port, then print the table cards again)"
            ) from None
        store.keep_serving_address(host, server.port)
        print(f"Serving {store.info().name} on {base}; press Ctrl+C to stop.", flush=True)
        if kept is not None and (kept.host, kept.port) != (host, server.port):
            before = base_url(kept.host, kept.port)
            print(
                f"The links have changed (they were {before}): print the table cards again,"
                f" e.g. director print table-cards --event {args.file} --links {base}"
                " --out table-cards.pdf",
                file=sys.stderr,
                flush=True,
            )
        if links:
            print(_text(links, base), flush=True)
        if hand is not None:
            print(f"The drive's big screen (open it on the projector): {server.screen_url}")
        if args.minutes is not None and hand is not None:
            server.clock.start(hand, args.minutes)
            print(f"Hand timer: {args.minutes:g} minutes a hand, hand {hand} now.", flush=True)
        elif args.minutes is not None:
            print(_start_clock(store, server, args.minutes), flush=True)
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            print("Stopped serving; every entry is saved.", file=sys.stderr)
        finally:
            server.stop()
    return 0


def _drive_hand(store: EventStore) -> int | None:
    """The hand the event's whist drive is playing (None: the event holds no drive)."""
    try:
        record = store.drive()
    except StoreError:
        return None
    return len(drive_play.seatings(record))


def _where(host: str | None, port: int | None, kept: ServingAddress | None) -> tuple[str, int]:
    """The address and port to serve on: those given, else those kept with the event, else
    this computer only on the usual port."""
    from director.server.running import DEFAULT_PORT

    return (
        host if host is not None else kept.host if kept is not None else LOOPBACK,
        port if port is not None else kept.port if kept is not None else DEFAULT_PORT,
    )


def table_links(args: argparse.Namespace) -> int:
    """`director event table-links FILE --base URL`: print (issuing any missing) links."""
    with EventStore.open(args.file) as store:
        if store.holds_drive():
            links = store.issue_drive_table_links(renew=args.renew)
        elif args.renew or args.session != 1 or args.section != "A":
            links = store.issue_table_links(
                session=args.session, section=args.section, renew=args.renew
            )
        else:
            links = _issue_every_section(store)
    if args.format == "json":
        print(json.dumps(_json(links, args.base), indent=2))
    else:
        print(_text(links, args.base))
    return 0


def add_table_links_options(parser: argparse.ArgumentParser) -> None:
    """The options of `director event table-links` (after FILE)."""
    parser.add_argument("--base", required=True, help="the address the phones reach")
    parser.add_argument("--format", choices=["text", "json"], default="text")
    parser.add_argument("--renew", action="store_true", help="new links; the old stop working")
    parser.add_argument("--session", type=int, default=1)
    parser.add_argument("--section", default="A")


def _issue_every_section(store: EventStore) -> tuple[TableToken, ...]:
    """Links for every section whose movement is chosen (existing links are kept)."""
    for info, section in store.scored_sections():
        store.issue_table_links(session=info.number, section=section)
    links = store.table_links()
    if not links:
        raise DirectorError(
            "no section has a movement yet, so there are no tables to link; choose the"
            " movement first (director event movement)"
        )
    return links


def _start_clock(store: EventStore, server: TableServer, minutes: float) -> str:
    """Start the round timer on the open round of the first session with one; what it says."""
    for session in sorted({info.number for info, _section in store.scored_sections()}):
        round_no = server.room.open_round(session)
        if round_no is not None:
            server.clock.start(round_no, minutes)
            return (
                f"Round timer: {minutes:g} minutes a round, round {round_no} now; it moves on"
                " when every table has entered the round."
            )
    return "Round timer: not started, every result is in."


def _minutes(text: str) -> float:
    try:
        minutes = float(text)
    except ValueError:
        minutes = 0.0
    if not 0 < minutes <= 600:
        raise argparse.ArgumentTypeError(f"a round lasts some minutes, at most 600, not {text!r}")
    return minutes


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, not {text!r}")
    return int(text)


def _json(links: Sequence[TableToken], base: str) -> list[dict[str, object]]:
    return [
        {
            "table": link.table,
            "url": table_url(base, link.table, link.token),
            "session": link.session,
            "section": link.section,
        }
        for link in links
    ]


def _text(links: Sequence[TableToken], base: str) -> str:
    several = len({(link.session, link.section) for link in links}) > 1
    return "\n".join(
        (f"session {link.session} section {link.section} " if several else "")
        + f"table {link.table}: {table_url(base, link.table, link.token)}"
        for link in links
    )
