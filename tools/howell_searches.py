"""Store the slow design searches behind the shortened Howells in
schedules/data/howell/searches.json, so that every size is built in well under a second.

    .venv/bin/python tools/howell_searches.py [--tables 3-30] [--slower-than 0.05]

A shortened Howell's Howell design comes from a seeded search (schedules.designs.starters
`find_starter`, schedules.designs.bordered `find_bordered`); the same call always finds the
same result, but some take seconds. This tool builds every shortened Howell from half the
complete rounds with nothing stored, times each search, and stores the result of every search
that took longer than `--slower-than` seconds with its time; `schedules.howell_layouts` then
reads the result instead of searching. Nothing else changes: the stored result is exactly what
the search returns.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # run as tools/NAME.py: the `tools` package is not on the path
    sys.path.insert(0, str(ROOT))

from schedules import howell_layouts as layouts  # noqa: E402
from schedules.designs.bordered import Bordered  # noqa: E402
from schedules.designs.starters import Starter  # noqa: E402
from schedules.howell import layout_for  # noqa: E402
from tools.howell_balance_search import sizes  # noqa: E402

PATH = ROOT / "schedules" / "data" / "howell" / "searches.json"


def recorded(
    search: Callable[..., Any], key: Callable[..., str], found: dict[str, tuple[float, Any]]
) -> Callable[..., Any]:
    """`search`, timed, each result kept in `found` under `key(*args)`."""

    def run(*args: Any) -> Any:
        start = time.perf_counter()
        result = search(*args)
        found[key(*args)] = (time.perf_counter() - start, result)
        return result

    return run


def entry(result: Starter | Bordered, seconds: float) -> dict[str, object]:
    """The stored form: the result's fields (a starter without its group) and the time."""
    fields = asdict(result)
    fields.pop("group", None)
    return {**fields, "seconds": round(seconds, 2)}


def main(argv: list[str] | None = None) -> int:
    """Time every search and store the slow ones."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="3-30", help="a table count or a range, e.g. 5-14")
    parser.add_argument("--slower-than", type=float, default=0.05)
    args = parser.parse_args(argv)
    found: dict[str, tuple[float, Any]] = {}
    layouts._searches().clear()  # nothing stored: every design is searched afresh
    layouts.find_starter = recorded(  # type: ignore[assignment]
        layouts.find_starter, lambda g, k: f"starter {g.name} {k}", found
    )
    layouts.find_bordered = recorded(  # type: ignore[assignment]
        layouts.find_bordered, lambda m, fixed: f"bordered {m} {fixed}", found
    )
    for tables, rounds in sizes(args.tables):
        layout_for(tables, rounds)
    slow = {
        key: entry(result, seconds)
        for key, (seconds, result) in found.items()
        if result is not None and seconds > args.slower_than
    }
    stored = json.loads(PATH.read_text(encoding="utf-8")) if PATH.exists() else {"searches": {}}
    stored["searches"].update(slow)
    lines = [f" {json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(stored["searches"].items())]
    PATH.write_text('{"searches": {\n' + ",\n".join(lines) + "\n}}\n", encoding="utf-8")
    total = sum(seconds for seconds, _ in found.values())
    print(
        f"{len(found)} searches, {total:.1f} s; stored the {len(slow)} slower than "
        f"{args.slower_than} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
