"""A private CUPS print server, started for the printing tests and the printer benchmark so that
they need no printer set up on the machine and leave the machine's own CUPS alone.

`private_cups()` starts `cupsd` with a configuration of its own in a temporary folder (its
server root, spool, logs and a Unix socket to listen on: nothing under /etc/cups is read or
written), adds a queue with the cups-pdf driver (the PostScript printer description of
Debian's printer-driver-cups-pdf) with `lpadmin -h`, and points `CUPS_SERVER` at it for as long
as it runs; libcups, and so `director.printing.print_queue`, Qt's printer list and `lpstat`,
all honour that variable. The queue's printer writes each job, as the printer would receive
it, into a file in the same folder (`PrivateCups.output`). On leaving, the server is stopped
and the folder removed.

Why the queue writes to a file and not through the cups-pdf backend: cups-pdf reads its
settings only from /etc/cups/cups-pdf.conf and writes into the job owner's home folder, the
system spool and the system log folder, so it cannot be kept inside a temporary folder.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

CUPS_PDF_PPD = Path("/usr/share/ppd/cups-pdf/CUPS-PDF_opt.ppd")
"""The printer description printer-driver-cups-pdf installs (Debian's path)."""
START_SECONDS = 20
"""How long the server may take to answer on its socket."""
INSTALL = "install them with tools/system-deps (Debian packages cups, printer-driver-cups-pdf)"


class CupsStartError(RuntimeError):
    """The private server could not be started; the message says what is missing."""


@dataclass(frozen=True)
class PrivateCups:
    """A running private CUPS server and its one queue."""

    socket: Path
    """The Unix socket it listens on (the value of `CUPS_SERVER`)."""
    queue: str
    output: Path
    """The file the queue's printer writes each job into. CUPS writes a job over the start of
    it without shortening it: empty it before a job to see that job alone."""


def _program(name: str, folder: str) -> str:
    found = shutil.which(name) or shutil.which(name, path=folder)
    if found is None:
        raise CupsStartError(f"no CUPS program {name}: {INSTALL}")
    return found


def _configure(folder: Path) -> tuple[Path, Path]:
    """Write the server's two configuration files into `folder`; their paths."""
    for sub in ("root", "spool", "spool/tmp", "state", "cache", "log"):
        (folder / sub).mkdir()
    cupsd_conf = folder / "root" / "cupsd.conf"
    # Nobody but this machine's own processes reach the socket: every operation is allowed.
    cupsd_conf.write_text(
        f"Listen {folder / 'cups.sock'}\n"
        "Browsing No\nLogLevel warn\nDefaultAuthType None\nWebInterface No\n"
        "<Location />\n  Order allow,deny\n  Allow all\n</Location>\n"
        "<Policy default>\n  JobPrivateAccess all\n  JobPrivateValues none\n"
        "  SubscriptionPrivateAccess all\n  SubscriptionPrivateValues none\n"
        "  <Limit All>\n    Order allow,deny\n    Allow all\n  </Limit>\n</Policy>\n"
    )
    files_conf = folder / "root" / "cups-files.conf"
    files_conf.write_text(
        f"ServerRoot {folder / 'root'}\nRequestRoot {folder / 'spool'}\n"
        f"TempDir {folder / 'spool' / 'tmp'}\nStateDir {folder / 'state'}\n"
        f"CacheDir {folder / 'cache'}\nErrorLog {folder / 'log' / 'error_log'}\n"
        f"AccessLog {folder / 'log' / 'access_log'}\nPageLog {folder / 'log' / 'page_log'}\n"
        # the queue's printer is a file in this folder
        "FileDevice Yes\n"
    )
    return cupsd_conf, files_conf


def _wait_until_up(server: subprocess.Popen[bytes], lpstat: str, socket: Path) -> None:
    end = time.monotonic() + START_SECONDS
    while time.monotonic() < end:
        if server.poll() is not None:
            raise CupsStartError(
                f"cupsd stopped at once (exit status {server.returncode}): {_said(socket)}"
            )
        asked = subprocess.run([lpstat, "-h", str(socket), "-r"], capture_output=True, text=True)
        if asked.returncode == 0 and "not running" not in asked.stdout:
            return
        time.sleep(0.1)
    raise CupsStartError(f"cupsd did not answer on {socket} within {START_SECONDS} s")


def _said(socket: Path) -> str:
    """The last lines the server wrote to its error log or its error output (next to its
    socket)."""
    logs = [socket.parent / "log" / name for name in ("error_log", "cupsd.err")]
    lines = [line for log in logs if log.exists() for line in log.read_text().splitlines()]
    return " / ".join(lines[-3:])


def _forget_server() -> None:
    """Make libcups read `CUPS_SERVER` again in this process: it keeps the server it first
    used (per thread), and Qt's printer list may have asked the machine's own already."""
    name = ctypes.util.find_library("cups")
    if name is not None:
        ctypes.CDLL(name).cupsSetServer(None)


@contextmanager
def private_cups(queue: str = "CUPS-PDF") -> Iterator[PrivateCups]:
    """Run a private CUPS server with one cups-pdf queue named `queue`, `CUPS_SERVER` set to
    it, until the block ends; `CupsStartError` says what is missing if it cannot start."""
    cupsd = _program("cupsd", "/usr/sbin")
    lpadmin = _program("lpadmin", "/usr/sbin")
    lpstat = _program("lpstat", "/usr/bin")
    if not CUPS_PDF_PPD.exists():
        raise CupsStartError(f"no cups-pdf printer description {CUPS_PDF_PPD}: {INSTALL}")
    folder = Path(tempfile.mkdtemp(prefix="director-cups-"))
    # the filters run as CUPS' own user, which must reach the spool inside
    folder.chmod(0o755)
    server = None
    before = os.environ.get("CUPS_SERVER")
    try:
        cupsd_conf, files_conf = _configure(folder)
        socket, output = folder / "cups.sock", folder / "printed"
        with (folder / "log" / "cupsd.err").open("wb") as errors:
            server = subprocess.Popen(
                [cupsd, "-f", "-c", str(cupsd_conf), "-s", str(files_conf)],
                stdout=subprocess.DEVNULL,
                stderr=errors,
            )
        _wait_until_up(server, lpstat, socket)
        add = [lpadmin, "-h", str(socket), "-p", queue, "-E", "-v", f"file:{output}"]
        added = subprocess.run([*add, "-P", str(CUPS_PDF_PPD)], capture_output=True, text=True)
        if added.returncode != 0:
            raise CupsStartError(
                f"lpadmin could not add {queue}: {' '.join(added.stderr.split())} {_said(socket)}"
            )
        output.touch()  # CUPS writes only into a file that is there
        os.environ["CUPS_SERVER"] = str(socket)
        _forget_server()
        yield PrivateCups(socket, queue, output)
    finally:
        if before is None:
            os.environ.pop("CUPS_SERVER", None)
        else:
            os.environ["CUPS_SERVER"] = before
        _forget_server()
        if server is not None:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        shutil.rmtree(folder, ignore_errors=True)
