"""Making a file or folder truly read-only for the tests, whoever runs them.

An ordinary user is stopped by the permission bits. Root is not (it may write any file), so as
root the file or folder is bind-mounted read-only over itself: a read-only medium, which stops
root too. Both are undone afterwards.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def read_only(path: Path) -> Iterator[Path]:
    """`path` (a file or a folder) cannot be written inside the block."""
    if os.geteuid() != 0:
        mode = path.stat().st_mode
        path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield path
        finally:
            path.chmod(mode)
        return
    _mount("--bind", str(path), str(path))
    try:
        _mount("-o", "remount,bind,ro", str(path))
        yield path
    finally:
        subprocess.run(["umount", str(path)], check=True, capture_output=True)


def _mount(*args: str) -> None:
    done = subprocess.run(["mount", *args], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(
            f"running as root, these tests make a read-only medium with `mount --bind`, which"
            f" failed ({done.stderr.strip()}): run them as an ordinary user, or with CAP_SYS_ADMIN"
        )
