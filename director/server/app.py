"""The table server's web application: each table's page and the JSON it uses.

    GET  /table/{table}/{token}           the table's page (HTML, its own style and script)
    GET  /table/{table}/{token}/state     round, seats, trays, moves, round timer (JSON)
    POST /table/{table}/{token}/results   {"round": R, "tray": K, "ns": N[, "ew": M]}
    POST /table/{table}/{token}/calls     {"round": R, "tray": K, "kind": "revoke"[, "note": ""]}
    POST /table/{table}/{token}/hand      a whist drive's table: {"hand": H, "winners": "NS" or
                                          "EW", "tricks": 7-13[, "correct": true]}
    GET  /screen/{token}                  a whist drive's big screen (read-only, for a projector)
    GET  /screen/{token}/state            hand, trump, moves, standings, prizes, timer (JSON)

Answers: 200 when stored; 400 for a request that is not such JSON; 403 for a wrong or
renewed link (logged); 409 for a round or tray that is not this table's now, or already
entered; 422 for a value the laws refuse, with the reason, or JSON nested deeper than an entry
is; 429 for a call to the director about a tray just called about (once a minute per tray, a
few a minute per table); 503 when the event cannot be saved (a full disk, a read-only file).
Before the application, `Protection` refuses a request for another host (421), an entry from
another site's page (403) or not in JSON (415), and a body over a few KiB (413). Every refusal
is JSON `{"error": "..."}` in plain words.

On a whist drive's event the same links open the drive's table page (`DriveRoom`): the state
is the hand, its trump, the seats, what the table entered and where its players go next, and
a table enters each hand's winners and their tricks (`EventStore.enter_drive_hand` by "table
T", from the phone).

A result is `EventStore.record_result` entered by "table T": one transaction with the grid's
checks, one step the director can undo, and on disk before the 200 is sent. Each request runs
its store calls in a worker thread (the store runs each call in a transaction of its own, so it
is safe to share).
"""

from __future__ import annotations

import html
import json
import logging
import secrets
import traceback
from collections.abc import Awaitable, Callable, Collection, Mapping

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp

from director.errors import DirectorError
from director.server.clock import WARNING_SECONDS, ClockReading, RoundClock
from director.server.drive_room import DriveRoom
from director.server.drive_screen import screen_state
from director.server.limits import DEFAULT_LIMITS, Limits, RateLimit, nesting_depth
from director.server.logs import shorten_token
from director.server.protection import Protection, RefusedError
from director.server.room import Room
from director.server.table_view import NotTheTablesTurnError
from director.store.services import (
    ConflictError,
    EventStore,
    ResultEntry,
    StoreError,
)
from director.store.table_values import CallKind, TableToken
from director.store.values import DamagedEventError, DiskFullError, ReadOnlyEventError
from schedules.package_data import data_file
from schedules.progressive import Side

LOGGER = logging.getLogger("director.server")
NO_STORE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
PAGE = data_file("director", "server", "table.html")
SCREEN = data_file("director", "server", "screen.html")


Handler = Callable[[Request], Awaitable[Response]]


def create_app(
    store: EventStore,
    clock: RoundClock | None = None,
    *,
    room: Room | None = None,
    limits: Limits = DEFAULT_LIMITS,
    hosts: Collection[str] | None = None,
    screen_token: str | None = None,
    drive_room: DriveRoom | None = None,
) -> ASGIApp:
    """The application serving `store`'s tables; `clock` is the round timer the pages show,
    `room` the event as the pages read it, `hosts` the names the server answers to (`Host`
    headers; None: any), behind the checks of `Protection`. `screen_token` opens a whist
    drive's big screen (None: no big screen is served); `drive_room` a drive's tables as their
    pages read them."""
    clock = clock or RoundClock()
    room = room or Room(store)
    drive_room = drive_room or DriveRoom(store)
    page = PAGE.read_text(encoding="utf-8")
    screen = SCREEN.read_text(encoding="utf-8")
    per_tray = RateLimit(1, limits.calls_per_tray_seconds)
    per_table = RateLimit(limits.calls_per_table, 60.0)

    async def show_page(request: Request) -> Response:
        try:
            await _link(store, request)
        except RefusedError as refused:
            return HTMLResponse(_notice(refused.reason), refused.status, headers=NO_STORE)
        return HTMLResponse(page, headers=NO_STORE)

    async def state(request: Request) -> Response:
        link = await _link(store, request)

        def work() -> dict[str, object]:
            # One look at the audit trail answers the whole poll: it is the one question a
            # poll asks the event when nothing has changed.
            step = store.newest_step()
            if drive_room.holds(step):
                # Whoever entered it (a phone, the host at the keyboard), a hand fully entered
                # starts the next hand's timer.
                drive_room.follow(clock, step)
                return drive_room.state(link.table, step)
            # Whoever finished it (a phone, the director at the grid), a finished round moves
            # the timer on, and a repaired movement decides which round is next.
            room.follow(clock, link.session, step)
            return room.state(link, step)

        shown = await run_in_threadpool(work)
        return JSONResponse(shown | {"clock": _clock(clock.reading())}, headers=NO_STORE)

    async def enter_result(request: Request) -> Response:
        link = await _link(store, request)
        body = await _json(request, limits)
        round_no, tray, ns = (_number(body, key) for key in ("round", "tray", "ns"))
        ew = _number(body, "ew") if body.get("ew") is not None else None

        def work() -> dict[str, object]:
            _not_a_drive(drive_room)
            room.view(link).check_open(round_no, tray)
            entry = ResultEntry(
                link.session,
                round_no,
                link.table,
                tray,
                ns,
                ew_record=ew,
                section=link.section,
                entered_by=f"table {link.table}",
            )
            stored = store.record_result(entry)
            LOGGER.info("table %s entered round %s tray %s", link.table, round_no, tray)
            room.follow(clock, link.session)
            return {"stored": {"round": round_no, "tray": tray, "ns": stored.ns_tricks}}

        return JSONResponse(await run_in_threadpool(work), headers=NO_STORE)

    async def enter_hand(request: Request) -> Response:
        link = await _link(store, request)
        body = await _json(request, limits)
        hand, tricks = _number(body, "hand"), _number(body, "tricks")
        winners = _side(body.get("winners"))
        correct = body.get("correct") is True

        def work() -> dict[str, object]:
            drive_room.check_entry(link.table, hand, correct)
            if not 7 <= tricks <= 13:
                raise RefusedError(
                    422, f"the winners take 7 to 13 tricks (the losers the rest), not {tricks}"
                )
            who = f"table {link.table}"
            store.enter_drive_hand(hand, link.table, winners, tricks, method="phone", who=who)
            LOGGER.info("table %s entered hand %s: %s %s", link.table, hand, winners.name, tricks)
            drive_room.follow(clock)
            return {"stored": {"hand": hand, "winners": winners.name, "tricks": tricks}}

        return JSONResponse(await run_in_threadpool(work), headers=NO_STORE)

    async def call_director(request: Request) -> Response:
        link = await _link(store, request)
        body = await _json(request, limits)
        round_no, tray = _number(body, "round"), _number(body, "tray")
        kind = _kind(body.get("kind"))
        note = body.get("note") or ""
        if not isinstance(note, str):
            raise RefusedError(400, "the note must be text")

        def work() -> dict[str, object]:
            _not_a_drive(drive_room)
            view = room.view(link)
            if view.current_round() != round_no or tray not in view.plays().get(round_no, ()):
                raise NotTheTablesTurnError(
                    f"table {link.table} is not playing tray {tray} of round {round_no} now;"
                    " call the director in person"
                )
            table = (link.session, link.section, link.table)
            if not per_tray.allow((*table, tray)):
                raise RefusedError(
                    429,
                    f"the director was called about tray {tray} a moment ago and will come;"
                    " please wait",
                )
            if not per_table.allow(table):
                raise RefusedError(
                    429, f"table {link.table} has called the director several times; please wait"
                )
            call = store.call_director(
                round=round_no,
                table=link.table,
                tray=tray,
                kind=kind,
                note=note,
                session=link.session,
                section=link.section,
                who=f"table {link.table}",
            )
            LOGGER.info("table %s calls the director: %s, tray %s", link.table, kind.value, tray)
            return {"called": {"id": call.id, "round": round_no, "tray": tray, "kind": kind.value}}

        return JSONResponse(await run_in_threadpool(work), headers=NO_STORE)

    async def show_screen(request: Request) -> Response:
        try:
            _screen_link(screen_token, request)
        except RefusedError as refused:
            return HTMLResponse(_notice(refused.reason), refused.status, headers=NO_STORE)
        return HTMLResponse(screen, headers=NO_STORE)

    async def screen_now(request: Request) -> Response:
        _screen_link(screen_token, request)
        shown = await run_in_threadpool(screen_state, store)
        await run_in_threadpool(drive_room.follow, clock)
        return JSONResponse(shown | {"clock": _clock(clock.reading())}, headers=NO_STORE)

    async def home(_request: Request) -> Response:
        return HTMLResponse(_notice("Open your table's link from its table card."))

    routes = [
        Route("/", home),
        Route("/table/{table:int}/{token}", _answering(show_page)),
        Route("/table/{table:int}/{token}/state", _answering(state)),
        Route("/table/{table:int}/{token}/results", _answering(enter_result), methods=["POST"]),
        Route("/table/{table:int}/{token}/calls", _answering(call_director), methods=["POST"]),
        Route("/table/{table:int}/{token}/hand", _answering(enter_hand), methods=["POST"]),
        Route("/screen/{token}", _answering(show_screen)),
        Route("/screen/{token}/state", _answering(screen_now)),
    ]
    return Protection(Starlette(routes=routes), limits, hosts)


def _clock(reading: ClockReading | None) -> dict[str, object] | None:
    """The round timer as the pages read it."""
    if reading is None:
        return None
    return {
        "round": reading.round,
        "seconds_left": reading.seconds_left,
        "warning": reading.warning,
        "warn_at": WARNING_SECONDS,
    }


def _answering(handler: Handler) -> Handler:
    """Turn every refusal into its status and a one-line JSON reason; nothing else leaks."""

    async def answer(request: Request) -> Response:
        try:
            return await handler(request)
        except RefusedError as refused:
            return _refusal(refused.status, refused.reason)
        except ConflictError as exc:
            return _refusal(409, str(exc))
        except (DiskFullError, ReadOnlyEventError, DamagedEventError) as exc:
            LOGGER.error("table entry not saved: %s", exc)
            return _refusal(503, f"the director's computer could not save it: {exc}")
        except (StoreError, DirectorError) as exc:
            return _refusal(422, str(exc))
        except Exception as exc:
            # The link's token is the table's secret: the line keeps only its first characters,
            # wherever it appears (a database error quotes what it was asked).
            token = str(request.path_params.get("token", ""))
            told = "".join(traceback.format_exception(exc))
            LOGGER.error(
                "table server: unexpected error on %s\n%s",
                shorten_token(request.url.path, token),
                shorten_token(told, token).rstrip(),
            )
            return _refusal(
                500, "something went wrong on the director's computer; call the director"
            )

    return answer


def _notice(text: str) -> str:
    """A page saying one thing, readable on a phone."""
    return (
        "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>"
        "<title>Whist Director</title><body style='font:20px system-ui,sans-serif;margin:24px'>"
        f"<p>{html.escape(text[:1].upper() + text[1:])}.</p>"
    )


def _refusal(status: int, reason: str) -> Response:
    return JSONResponse({"error": reason}, status_code=status, headers=NO_STORE)


async def _link(store: EventStore, request: Request) -> TableToken:
    """The table the request's link opens; 403 (and a log line) for any other link."""
    table = int(request.path_params["table"])
    token = str(request.path_params["token"])
    link = await run_in_threadpool(store.table_of_token, token)
    if link is None or link.table != table:
        client = request.client.host if request.client else "unknown"
        # A few characters say which link was tried, without writing a valid secret to a log.
        LOGGER.warning(
            "refused a link for table %s from %s: unknown or renewed token %s...",
            table,
            client,
            token[:4],
        )
        raise RefusedError(
            403, "this table link is not valid (renewed?); ask the director for the new one"
        )
    return link


def _screen_link(screen_token: str | None, request: Request) -> None:
    """Refuse (403) a big-screen link other than the one the server gave."""
    token = str(request.path_params["token"])
    if screen_token is None or not secrets.compare_digest(token, screen_token):
        LOGGER.warning("refused a big-screen link: unknown token %s...", token[:4])
        raise RefusedError(
            403, "this big-screen link is not valid; ask the director for the new one"
        )


async def _json(request: Request, limits: Limits) -> dict[str, object]:
    text = await request.body()
    if nesting_depth(text) > limits.max_depth:
        raise RefusedError(422, 'send one flat JSON object, e.g. {"round": 1, "tray": 2, "ns": 7}')
    try:
        body = json.loads(text)
    except ValueError:
        raise RefusedError(400, "send the entry as JSON") from None
    if not isinstance(body, dict):
        raise RefusedError(400, 'send a JSON object, e.g. {"round": 1, "tray": 2, "ns": 7}')
    return body


def _number(body: Mapping[str, object], key: str) -> int:
    value = body.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RefusedError(400, f'"{key}" must be a whole number (got {value!r})')
    return value


def _not_a_drive(drive_room: DriveRoom) -> None:
    """Refuse a pairs table's entry or call on a whist drive's event (409), in words."""
    if drive_room.holds():
        raise NotTheTablesTurnError(
            "this event is a whist drive: enter each hand's winners and tricks on the table's"
            " page, and call the host in person"
        )


def _side(value: object) -> Side:
    if value not in ("NS", "EW"):
        raise RefusedError(400, f'"winners" must be "NS" or "EW" (got {value!r})')
    return Side[value]


def _kind(value: object) -> CallKind:
    try:
        return CallKind(value)
    except ValueError:
        kinds = ", ".join(k.value for k in CallKind)
        raise RefusedError(400, f'"kind" must be one of {kinds} (got {value!r})') from None
