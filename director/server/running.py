"""The table server started and stopped in a background thread (the GUI's "Serve tables").

server = TableServer(store, host="192.168.1.20", port=8765)
base = server.start()            # "http://192.168.1.20:8765", once it accepts requests
server.clock.start(round=1, minutes=28)
...
server.stop()
"""

from __future__ import annotations

import contextlib
import threading

import uvicorn

from director.server.app import create_app
from director.server.clock import RoundClock
from director.server.links import LOOPBACK
from director.store.services import EventStore, StoreError

DEFAULT_PORT = 8765
START_SECONDS = 10.0


class TableServer:
    """Serves the tables' pages for one open event from a thread of this process."""

    def __init__(self, store: EventStore, host: str = LOOPBACK, port: int = DEFAULT_PORT) -> None:
        self.clock = RoundClock()
        config = uvicorn.Config(
            create_app(store, self.clock),
            host=host,
            port=port,
            log_level="warning",
            access_log=False,
            lifespan="off",
        )
        self._server = uvicorn.Server(config)
        self._thread: threading.Thread | None = None
        self._host = host

    def start(self) -> str:
        """Start serving; returns the base address once requests are accepted.

        Refused with `StoreError` if the address cannot be used (the port is taken, the
        address is not this machine's).
        """
        if self._thread is not None:
            raise StoreError("the table server is already running")
        self._thread = threading.Thread(target=self._serve, name="table server", daemon=True)
        self._thread.start()
        waited = threading.Event()
        while not self._server.started and self._thread.is_alive():
            waited.wait(0.02)
        if not self._server.started:
            self._thread.join(START_SECONDS)
            self._thread = None
            raise StoreError(
                f"cannot serve the tables on {self._host}, port {self._server.config.port}:"
                " the port may be in use by another program; choose another port"
            )
        return self.base

    def _serve(self) -> None:
        # uvicorn ends the process with SystemExit when it cannot listen; here that ends only
        # this thread, and `start` says why.
        with contextlib.suppress(SystemExit):
            self._server.run()

    @property
    def base(self) -> str:
        """The address the tables' links start with, e.g. "http://127.0.0.1:8765"."""
        sockets = self._server.servers[0].sockets if self._server.servers else ()
        port = sockets[0].getsockname()[1] if sockets else self._server.config.port
        return f"http://{self._host}:{port}"

    @property
    def running(self) -> bool:
        """Whether the server is accepting requests."""
        return self._thread is not None and self._server.started

    def stop(self) -> None:
        """Stop serving: requests under way finish, new ones are refused."""
        if self._thread is None:
            return
        self._server.should_exit = True
        self._thread.join()
        self._thread = None
