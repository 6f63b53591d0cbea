"""The table server's web application: each table's page and the JSON it uses.

    GET  /table/{table}/{token}           the table's page (HTML, its own style and script)
    GET  /table/{table}/{token}/state     round, seats, trays, moves, round timer (JSON)
    POST /table/{table}/{token}/results   {"round": R, "tray": K, "ns": N[, "ew": M]}
    POST /table/{table}/{token}/calls     {"round": R, "tray": K, "kind": "revoke"[, "note": ""]}

Answers: 200 when stored; 400 for a request that is not such JSON; 403 for a wrong or
renewed link (logged); 409 for a round or tray that is not this table's now, or already
entered; 422 for a value the laws refuse, with the reason; 503 when the event cannot be saved
(a full disk, a read-only file). Every refusal is JSON `{"error": "..."}` in plain words.

A result is `EventStore.record_result` entered by "table T": one transaction with the grid's
checks, one step the director can undo, and on disk before the 200 is sent. Each request runs
its store calls in a worker thread (the store opens a session per call, so it is safe to share).
"""

from __future__ import annotations

import html
import logging
from collections.abc import Awaitable, Callable, Mapping

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from director.errors import DirectorError
from director.server.clock import RoundClock
from director.server.table_view import Movements, NotTheTablesTurnError, TableView, open_round
from director.store.services import (
    ConflictError,
    EventStore,
    ResultEntry,
    StoreError,
)
from director.store.table_values import CallKind, TableToken
from director.store.values import DamagedEventError, DiskFullError, ReadOnlyEventError
from schedules.package_data import data_file

LOGGER = logging.getLogger("director.server")
NO_STORE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
PAGE = data_file("director", "server", "table.html")


class RefusedError(Exception):
    """A request answered with `status` and a one-line reason."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


Handler = Callable[[Request], Awaitable[Response]]


def create_app(store: EventStore, clock: RoundClock | None = None) -> Starlette:
    """The application serving `store`'s tables; `clock` is the round timer the pages show."""
    clock = clock or RoundClock()
    movements = Movements()
    page = PAGE.read_text(encoding="utf-8")

    async def show_page(request: Request) -> Response:
        try:
            await _link(store, request)
        except RefusedError as refused:
            return HTMLResponse(_notice(refused.reason), refused.status, headers=NO_STORE)
        return HTMLResponse(page, headers=NO_STORE)

    opened: dict[int, tuple[int, int | None]] = {}
    """Session -> (the audit trail's newest step, its open round then)."""

    def follow(session: int, finished: int | None) -> None:
        """A table has finished round `finished` (None: every round): when that is the
        timer's round, the timer follows the room on to its open round."""
        reading = clock.reading()
        if reading is None or (finished is not None and finished < reading.round):
            return
        # Finished tables ask every few seconds while the room plays on: the open round is
        # worked out again only when the event has changed.
        step = store.newest_step()
        kept = opened.get(session)
        if kept is None or kept[0] != step:
            kept = opened[session] = (step, open_round(store, session, movements))
        clock.follow(kept[1])

    async def state(request: Request) -> Response:
        link = await _link(store, request)

        def work() -> TableView:
            view = TableView.load(store, link, movements)
            # The director's own entries at the grid finish rounds too: a finished table's
            # page, asking every few seconds, moves the timer on once the room has finished.
            now = view.current_round()
            follow(link.session, None if now is None else now - 1)
            return view

        view = await run_in_threadpool(work)
        return JSONResponse(view.state(clock.reading()), headers=NO_STORE)

    async def enter_result(request: Request) -> Response:
        link = await _link(store, request)
        body = await _json(request)
        round_no, tray, ns = (_number(body, key) for key in ("round", "tray", "ns"))
        ew = _number(body, "ew") if body.get("ew") is not None else None

        def work() -> dict[str, object]:
            view = TableView.load(store, link, movements)
            view.check_open(round_no, tray)
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
            if all((round_no, t) in view.results for t in view.plays()[round_no] if t != tray):
                follow(link.session, round_no)  # the table's last tray of the round
            return {"stored": {"round": round_no, "tray": tray, "ns": stored.ns_tricks}}

        return JSONResponse(await run_in_threadpool(work), headers=NO_STORE)

    async def call_director(request: Request) -> Response:
        link = await _link(store, request)
        body = await _json(request)
        round_no, tray = _number(body, "round"), _number(body, "tray")
        kind = _kind(body.get("kind"))
        note = body.get("note") or ""
        if not isinstance(note, str):
            raise RefusedError(400, "the note must be text")

        def work() -> dict[str, object]:
            view = TableView.load(store, link, movements)
            if view.current_round() != round_no or tray not in view.plays().get(round_no, ()):
                raise NotTheTablesTurnError(
                    f"table {link.table} is not playing tray {tray} of round {round_no} now;"
                    " call the director in person"
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

    async def home(_request: Request) -> Response:
        return HTMLResponse(_notice("Open your table's link from its table card."))

    routes = [
        Route("/", home),
        Route("/table/{table:int}/{token}", _answering(show_page)),
        Route("/table/{table:int}/{token}/state", _answering(state)),
        Route("/table/{table:int}/{token}/results", _answering(enter_result), methods=["POST"]),
        Route("/table/{table:int}/{token}/calls", _answering(call_director), methods=["POST"]),
    ]
    return Starlette(routes=routes)


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
        except Exception:
            LOGGER.exception("table server: unexpected error on %s", request.url.path)
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


async def _json(request: Request) -> dict[str, object]:
    try:
        body = await request.json()
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


def _kind(value: object) -> CallKind:
    try:
        return CallKind(value)
    except ValueError:
        kinds = ", ".join(k.value for k in CallKind)
        raise RefusedError(400, f'"kind" must be one of {kinds} (got {value!r})') from None
