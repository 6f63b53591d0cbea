"""The table server started and stopped in a background thread (the GUI's "Serve tables").

server = TableServer(store, host="192.168.1.20", port=8765)
base = server.start()            # "http://192.168.1.20:8765", once it accepts requests
server.clock.start(round=1, minutes=28)
...
server.stop()

The server binds its socket itself, before uvicorn runs, so that an address that cannot be used
is refused in one line saying why: not an address of this machine, a port in use, a port that
needs administrator rights. `host="0.0.0.0"` serves on every address of the machine; the links
then name its address on the room's network (`links.link_host`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import socket
import threading

import uvicorn

from director.server.app import create_app
from director.server.clock import RoundClock
from director.server.connections import guarded_protocol
from director.server.drive_room import DriveRoom
from director.server.limits import DEFAULT_LIMITS, Limits
from director.server.links import (
    EVERY_ADDRESS,
    LOOPBACK,
    answers_to,
    base_url,
    listen_address,
)
from director.server.logs import guard_logs, unguard_logs
from director.server.room import Room
from director.store.services import EventStore, StoreError
from director.store.table_values import new_token

DEFAULT_PORT = 8765
START_SECONDS = 10.0
FILES_WANTED = 4096
"""Open files the serving process asks to be allowed (many systems allow 1024 by default):
room for the connections the server keeps, and for those it accepts in a burst before it
closes the idle ones."""


class TableServer:
    """Serves the tables' pages for one open event from a thread of this process."""

    def __init__(
        self,
        store: EventStore,
        host: str = LOOPBACK,
        port: int = DEFAULT_PORT,
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        self.clock = RoundClock()
        self.room = Room(store)
        self.drive_room = DriveRoom(store)
        self.screen_token = new_token()
        """The secret of this run's big-screen link (a whist drive's projector page): kept in
        memory only, as the screen is opened from this computer, not from a printed card."""
        self.host = host
        self.port = port
        self._store = store
        self._limits = limits
        self._server: uvicorn.Server | None = None
        self._socket: socket.socket | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> str:
        """Start serving; returns the base address once requests are accepted.

        Refused with `StoreError` in one line if the address cannot be used (not this
        machine's, the port taken or reserved)."""
        if self._thread is not None:
            raise StoreError("the table server is already running")
        address = listen_address(self.host)
        listening = _bind(address, self.port, self._limits.max_connections)
        port = listening.getsockname()[1]
        hosts = answers_to(self.host, port)
        app = create_app(
            self._store,
            self.clock,
            room=self.room,
            limits=self._limits,
            hosts=hosts,
            screen_token=self.screen_token,
            drive_room=self.drive_room,
        )
        config = uvicorn.Config(
            app,
            http=guarded_protocol(self._limits),
            timeout_keep_alive=self._limits.idle_seconds,
            backlog=self._limits.max_connections,
            log_level="warning",
            access_log=False,
            lifespan="off",
        )
        guard_logs()
        _allow_open_files(FILES_WANTED)
        self._server = server = uvicorn.Server(config)
        self._socket, self.port = listening, port
        self._thread = threading.Thread(
            target=self._serve, args=(server, listening), name="table server", daemon=True
        )
        self._thread.start()
        waited = threading.Event()
        while not server.started and self._thread.is_alive():
            waited.wait(0.02)
        if not server.started:
            self._thread.join(START_SECONDS)
            self._thread = None
            listening.close()
            unguard_logs()
            raise StoreError(f"cannot serve the tables on {self.base}; see the log for why")
        return self.base

    @staticmethod
    def _serve(server: uvicorn.Server, listening: socket.socket) -> None:
        # uvicorn ends the process with SystemExit when it cannot start; here that ends only
        # this thread, and `start` says so.
        with contextlib.suppress(SystemExit):
            server.run(sockets=[listening])

    def follow(self, session: int) -> None:
        """Move the timer on as the event stands, whoever entered what: a whist drive's to its
        hand being played, a pairs event's to the open round of `session`."""
        if self.drive_room.holds():
            self.drive_room.follow(self.clock)
        else:
            self.room.follow(self.clock, session)

    @property
    def base(self) -> str:
        """The address the tables' links start with, e.g. "http://192.168.1.20:8765"."""
        return base_url(self.host, self.port)

    @property
    def screen_url(self) -> str:
        """The big screen's link, for a whist drive's projector or TV."""
        return f"{self.base}/screen/{self.screen_token}"

    @property
    def running(self) -> bool:
        """Whether the server is accepting requests."""
        return self._thread is not None and self._server is not None and self._server.started

    def stop(self) -> None:
        """Stop serving: requests under way finish, new ones are refused."""
        if self._thread is None or self._server is None:
            return
        self._server.should_exit = True
        self._thread.join()
        self._thread = None
        unguard_logs()
        if self._socket is not None:
            self._socket.close()


def _bind(address: str, port: int, backlog: int) -> socket.socket:
    """A socket listening on `address` and `port`; `StoreError` saying why it cannot."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    # Named TCP, not left 0: asyncio sets TCP_NODELAY only on connections of a socket that
    # says so, and without it an answer's headers and body, written apart, wait 40 ms for the
    # phone's delayed acknowledgement (Nagle's algorithm).
    listening = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        if os.name == "posix":  # serve again at once on the port just left (not on Windows,
            # where the option lets another program take a port in use)
            listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind((address, port))
        listening.listen(backlog)
    except OSError as exc:
        listening.close()
        raise StoreError(_why_not(address, port, exc)) from None
    listening.setblocking(False)
    return listening


def _why_not(address: str, port: int, exc: OSError) -> str:
    """Why the tables cannot be served on `address`, `port`, in one line."""
    where = "every address of this computer" if address == EVERY_ADDRESS else address
    if exc.errno == errno.EADDRINUSE:
        return (
            f"cannot serve the tables on {where}, port {port}: another program (perhaps another"
            " table server) uses that port; stop it or choose another port"
        )
    if exc.errno in (errno.EACCES, errno.EPERM):
        return (
            f"cannot serve the tables on port {port}: ports below 1024 need administrator"
            " rights; choose a port from 1024 up"
        )
    if exc.errno == errno.EADDRNOTAVAIL:
        return f"cannot serve the tables on {address}: it is not an address of this computer"
    return f"cannot serve the tables on {where}, port {port}: {exc.strerror or exc}"


def _allow_open_files(wanted: int) -> None:
    """Raise this process's limit of open files towards `wanted`, as far as the system allows
    (not on Windows, which has no such limit for sockets)."""
    try:
        import resource
    except ImportError:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
