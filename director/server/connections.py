"""Connections held to account: each must deliver a whole request soon, and only so many are
open at once.

uvicorn (0.54) times out only the wait between requests on a connection kept open after an
answer; a connection that opens and sends nothing, or sends a request's headers a byte at a
time, is kept for ever, and a thousand of them use up the server's sockets. Its own cap
(`limit_concurrency`) makes it worse: once idle sockets fill it, every table's request is
answered 503. So the server speaks HTTP through this subclass of uvicorn's h11 protocol, which:

- closes a connection that has not delivered a whole request `request_seconds` after it opened
  or after its last answer (idle sockets, half-sent headers, a body that stalls);
- past `max_connections` open at once, closes the one that has waited longest without a request
  being answered to make room for the newcomer (a newcomer is a phone asking now; the sockets
  that wait longest are those opened to do nothing).

The protocol is chosen explicitly (h11, not uvicorn's "auto"), so installing httptools later
does not take these guards away. Everything here runs on the server's event loop thread.
"""

from __future__ import annotations

import asyncio
import logging
from typing import ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from director.server.limits import Limits

LOGGER = logging.getLogger("director.server")

_RECEIVED = (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR)
"""The client's states once its request is wholly received (or the connection is over)."""


class GuardedH11(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline per request and a cap on connections.

    One subclass is made per server (`guarded_protocol`): its class attributes are that
    server's limits and its connections waiting for a request, oldest first."""

    limits: ClassVar[Limits] = Limits()
    waiting: ClassVar[dict[GuardedH11, None]] = {}
    """Open connections with no request being answered, in the order they began to wait."""
    open: ClassVar[set[GuardedH11]] = set()

    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Count the connection in, making room if the server is full; start its deadline."""
        super().connection_made(transport)
        self.open.add(self)
        self.waiting[self] = None
        self._arm()
        self._make_room()

    def data_received(self, data: bytes) -> None:
        """Take the bytes; once a whole request is in, it is being answered: no deadline."""
        super().data_received(data)
        if self in self.waiting and self.conn.their_state in _RECEIVED:
            del self.waiting[self]
            self._disarm()

    def on_response_complete(self) -> None:
        """The answer is sent: the connection waits for its next request, with a deadline."""
        super().on_response_complete()
        # (a request sent before the answer, pipelined, may already be wholly in)
        closing = self.transport.is_closing()
        if self in self.open and not closing and self.conn.their_state not in _RECEIVED:
            self.waiting.pop(self, None)
            self.waiting[self] = None  # waits afresh: the newest
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        """Count the connection out."""
        self._leave()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.limits.request_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self in self.waiting:
            LOGGER.warning(
                "closed connections that sent no whole request within %g seconds",
                self.limits.request_seconds,
            )
            self._drop()

    def _make_room(self) -> None:
        while len(self.open) > self.limits.max_connections:
            oldest = next((c for c in self.waiting if c is not self), self)
            LOGGER.warning(
                "more than %d connections at once: closed those waiting longest without a request",
                self.limits.max_connections,
            )
            oldest._drop()
            if oldest is self:
                return

    def _leave(self) -> None:
        self._disarm()
        self.open.discard(self)
        self.waiting.pop(self, None)

    def _drop(self) -> None:
        """Close at once (counted out now, not when the loop next turns)."""
        self._leave()
        self.transport.close()


def guarded_protocol(limits: Limits) -> type[GuardedH11]:
    """A protocol class for one server: `limits`, and its own count of connections."""

    class ServerProtocol(GuardedH11):
        """One server's connections."""

    ServerProtocol.limits = limits
    ServerProtocol.waiting = {}
    ServerProtocol.open = set()
    return ServerProtocol
