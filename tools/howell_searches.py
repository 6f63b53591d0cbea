"""Store the slow design searches behind the Howells in schedules/data/howell/searches.json,
so that every size is built in well under a second.

    .venv/bin/python tools/howell_searches.py [--tables 3-30] [--slower-than 0.05]
        [--complete-only]

A Howell's design comes from seeded searches (schedules.designs.starters `find_starter`,
schedules.designs.bordered `find_bordered`, schedules.designs.difference_sets `base_sets` for
the North-South sets of a complete Howell, and the starter balanced on such a set); the same
call always finds the same result, but some take seconds. This tool builds every shortened
Howell from half the complete rounds and every complete Howell (plain, --balance best, and the
options an odd field tries) with nothing stored, times each search, and stores the result of
every search that took longer than `--slower-than` seconds with its time;
`schedules.howell_layouts` then reads the result instead of searching. Nothing else changes:
the stored result is exactly what the search returns. `--complete-only` leaves the shortened
Howells' searches as they are stored.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, is_dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # run as tools/NAME.py: the `tools` package is not on the path
    sys.path.insert(0, str(ROOT))

from schedules import howell_layouts as layouts  # noqa: E402
from schedules.designs.bordered import Bordered, find_bordered  # noqa: E402
from schedules.designs.difference_sets import BaseSet, base_sets  # noqa: E402
from schedules.designs.starters import Starter, find_starter  # noqa: E402
from schedules.howell import layout_for  # noqa: E402
from tools.howell_balance_search import sizes  # noqa: E402

PATH = ROOT / "schedules" / "data" / "howell" / "searches.json"
COMMAND = "tools/howell_searches.py --tables 3-30 --slower-than 0.05"
"""The command that wrote the stored file, recorded in it."""


def recorded(
    search: Callable[..., Any], key: Callable[..., str], found: dict[str, tuple[float, Any]]
) -> Callable[..., Any]:
    """`search`, timed, each result kept in `found` under `key(*args)`. A call with keyword
    options is another search (a balanced starter's), recorded by its caller under its own key."""

    def run(*args: Any, **options: Any) -> Any:
        start = time.perf_counter()
        result = search(*args, **options)
        if not options:
            found[key(*args)] = (time.perf_counter() - start, result)
        return result

    return run


def searching(name: str, search: Callable[..., Any]) -> None:
    """Make `schedules.howell_layouts` call `search` for its search `name`. The module calls each
    search by the name it imported it under, so the replacement goes in its namespace; a name
    it does not have is refused rather than added unused."""
    if not callable(getattr(layouts, name, None)):
        raise AttributeError(f"schedules.howell_layouts calls no search named {name}")
    setattr(layouts, name, search)


def entry(result: Starter | Bordered | list[BaseSet] | None, seconds: float) -> dict[str, object]:
    """The stored form: the result's fields (a starter without its group), or the base sets'
    elements and origins in order, or that the search found nothing; and the time."""
    if result is None:
        return {"none": True, "seconds": round(seconds, 2)}
    if not is_dataclass(result):
        sets = [
            {"group": b.group.name, "elements": sorted(b.elements), "origin": b.origin}
            for b in result
        ]
        return {"sets": sets, "seconds": round(seconds, 2)}
    fields = asdict(result)
    fields.pop("group", None)
    return {**fields, "seconds": round(seconds, 2)}


def main(argv: list[str] | None = None) -> int:
    """Time every search and store the slow ones."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="3-30", help="a table count or a range, e.g. 5-14")
    parser.add_argument("--slower-than", type=float, default=0.05)
    parser.add_argument("--complete-only", action="store_true")
    args = parser.parse_args(argv)
    found: dict[str, tuple[float, Any]] = {}
    layouts._searches().clear()  # nothing stored: every design is searched afresh
    searching("find_starter", recorded(find_starter, lambda g, k: f"starter {g.name} {k}", found))
    searching(
        "find_bordered", recorded(find_bordered, lambda m, fixed: f"bordered {m} {fixed}", found)
    )
    searching(
        "find_balanced_starter",
        recorded(layouts.find_balanced_starter, layouts.balanced_key, found),
    )
    all_sets = recorded(lambda v: list(base_sets(v)), lambda v: f"base sets Z_{v}", found)
    searching("base_sets", lambda v: iter(all_sets(v)))
    shortened = sizes(args.tables)
    for tables in sorted({t for t, _ in shortened}):
        if tables >= 4:
            layouts.complete(tables)
            layouts.complete_options(tables)  # with --balance best, and for an odd field
    if not args.complete_only:
        for tables, rounds in shortened:
            layout_for(tables, rounds)
    slow = {
        key: entry(result, seconds)
        for key, (seconds, result) in found.items()
        if seconds > args.slower_than
    }
    stored = json.loads(PATH.read_text(encoding="utf-8")) if PATH.exists() else {"searches": {}}
    stored["searches"].update(slow)
    lines = [f" {json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(stored["searches"].items())]
    head = f'{{"command": {json.dumps(COMMAND)},\n "searches": {{\n'
    PATH.write_text(head + ",\n".join(lines) + "\n}}\n", encoding="utf-8")
    total = sum(seconds for seconds, _ in found.values())
    print(
        f"{len(found)} searches, {total:.1f} s; stored the {len(slow)} slower than "
        f"{args.slower_than} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
