"""Every request checked before the table server's application sees it, and every answer
marked so that no other page can use it.

A request must name this server as its host (a page from elsewhere that points a name of its
own at the director's computer is refused: 421). An entry (a POST) must come from a table's
own page: a browser sends `Origin` with it, and another site's page is refused (403); it must
be JSON (415 otherwise: a cross-site form can send only text, form or multipart bodies without
asking first); and its body is read up to `Limits.max_body` bytes (413 above, without reading
the rest). Every answer forbids framing (`X-Frame-Options: DENY`, CSP `frame-ancestors
'none'`), content sniffing (`nosniff`) and loading anything from elsewhere.
"""

from __future__ import annotations

import json
from collections.abc import Collection

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from director.server.limits import Limits

SECURITY_HEADERS = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "content-security-policy": "default-src 'none'; script-src 'unsafe-inline';"
    " style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none';"
    " form-action 'none'; frame-ancestors 'none'",
}
"""On every answer. The table's page carries its own script and style, and asks only its own
server."""
ENTRY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
"""Requests that would change something (only POST is served; the others get 405)."""
SAME_SITE = frozenset({"same-origin", "none"})
"""`Sec-Fetch-Site` values of a request from the table's own page (or typed in)."""


class RefusedError(Exception):
    """A request answered with `status` and a one-line reason (here, or by the application)."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


class Protection:
    """ASGI middleware in front of the table server's application (see the module's text).

    `hosts`: the names the server answers to, as a `Host` header gives them ("192.168.1.20:8765");
    None when any is (an application tested without a network)."""

    def __init__(self, app: ASGIApp, limits: Limits, hosts: Collection[str] | None) -> None:
        self.app = app
        self.limits = limits
        self.hosts = None if hosts is None else frozenset(h.lower() for h in hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Check the request, then hand it (with its body read) to the application."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def marked(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        try:
            headers = Headers(scope=scope)
            self._check_host(headers)
            if scope["method"] in ENTRY_METHODS:
                self._check_entry(headers)
                body = await self._body(headers, receive)
                if body is None:
                    return  # the client went away
                receive = _replaying(body, receive)
        except RefusedError as refused:
            await _refuse(refused, marked)
            return
        await self.app(scope, receive, marked)

    def _check_host(self, headers: Headers) -> None:
        host = headers.get("host", "").lower()
        if self.hosts is not None and host not in self.hosts:
            raise RefusedError(
                421, "this is not the address on the table cards; open the card's link"
            )

    def _check_entry(self, headers: Headers) -> None:
        origin = headers.get("origin")
        site = headers.get("sec-fetch-site")
        if (origin is not None and origin != f"http://{headers.get('host', '')}") or (
            site is not None and site not in SAME_SITE
        ):
            raise RefusedError(403, "entries are taken only from the table's own page")
        media = headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if media != "application/json":
            raise RefusedError(415, 'send the entry as JSON ("Content-Type: application/json")')

    async def _body(self, headers: Headers, receive: Receive) -> bytes | None:
        """The request's body, read up to the limit (413 above it); None if the client left."""
        too_big = RefusedError(413, f"an entry is at most {self.limits.max_body} bytes")
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.limits.max_body:
            raise too_big
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            body += message.get("body", b"")
            if len(body) > self.limits.max_body:
                raise too_big
            if not message.get("more_body", False):
                return bytes(body)


def _replaying(body: bytes, receive: Receive) -> Receive:
    """A `receive` that gives the body read already, then whatever the client does next."""
    given = False

    async def replay() -> Message:
        nonlocal given
        if given:
            return await receive()
        given = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replay


async def _refuse(refused: RefusedError, send: Send) -> None:
    """Answer the refusal as the application answers its own: JSON `{"error": ...}`. The
    connection is closed after it (a refused body may be still coming)."""
    content = json.dumps({"error": refused.reason}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(content)).encode()),
        (b"cache-control", b"no-store"),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": refused.status, "headers": headers})
    await send({"type": "http.response.body", "body": content})
