"""`director publish`: the results as a small website, ready to copy to the club's site.

    director publish FILE --out FOLDER

Writes index.html (winners and standings, with links to every deal and every competitor), a
page per deal and a page per competitor, and style.css. No scripts and nothing fetched from
elsewhere: the folder can be opened from a disk or put on any web server as it is. While
results are missing every page says the results are provisional. On an event holding a whist
drive the site is the drive's: the prizes, the standings after the last hand and at half time,
and a page per player with their card hand by hand.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from director.cli.subcommands import usage_shown
from director.publish.site import publish_event


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="director publish", description="Publish the results site.")
    p.add_argument("file", help="the event file")
    p.add_argument("--out", required=True, metavar="FOLDER", help="where to write the site")
    return p


def run(argv: Sequence[str]) -> int:
    """Write the site; 0 on success, 2 (via DirectorError) when it cannot be written."""
    if (shown := usage_shown(argv, __doc__)) is not None:
        return shown
    args = _parser().parse_args(argv)
    written = publish_event(args.file, args.out)
    print(f"wrote {len(written)} files; open {written[0]}")
    return 0
