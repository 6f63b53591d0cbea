"""Merge a search tool's results into its JSON file under schedules/data/whist: one line per size,
sizes in order, so a diff shows which sizes changed."""

from __future__ import annotations

import argparse
import json
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path


def store(path: Path, found: dict[int, dict[str, object]]) -> None:
    """Add (or replace) the entries in `found`, keyed by player count, in the file at `path`."""
    stored = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"sizes": {}}
    for players, entry in found.items():
        stored["sizes"][str(players)] = entry
    sizes = sorted(stored["sizes"].items(), key=lambda item: int(item[0]))
    lines = [f" {json.dumps(key)}: {json.dumps(entry)}" for key, entry in sizes]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"sizes": {\n' + ",\n".join(lines) + "\n}}\n", encoding="utf-8")


def search_and_store(
    path: Path, players: int, seed: int, seconds: float | None, run: Callable[[], dict[str, object]]
) -> int:
    """A search tool's main: store the entry `run` finds for `players` (0), or say that it
    found none within `seconds` (1, subprocess.TimeoutExpired)."""
    try:
        entry = run()
    except subprocess.TimeoutExpired:
        print(f"{players}: none in {seconds} s (seed {seed})")
        return 1
    store(path, {players: entry})
    print(f"{players}: {entry['seconds']} s, {entry['families']} families ({entry['command']})")
    return 0


def annealing_command_line(
    doc: str, sizes: Callable[[argparse.ArgumentParser], None], defaults: tuple[int, int, float]
) -> argparse.ArgumentParser:
    """An annealing search tool's arguments, as a stored command spells them: the players,
    what `sizes` adds, then the seed, the steps, the cover nodes and the temperature (their
    `defaults`) and the time limit."""
    steps, cover_nodes, temperature = defaults
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("players", type=int)
    sizes(parser)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=steps, help="annealing moves per try")
    parser.add_argument("--cover-nodes", type=int, default=cover_nodes)
    parser.add_argument("--temperature", type=float, default=temperature)
    parser.add_argument("--seconds", type=float, help="give up after this long")
    return parser


def search_main(
    path: Path,
    parser: argparse.ArgumentParser,
    search: Callable[..., tuple[object, dict[str, object]]],
    argv: Sequence[str] | None,
) -> int:
    """A search tool's main: search the size the command line names and merge what is found
    into the stored file at `path`."""
    args = parser.parse_args(argv)
    return search_and_store(
        path, args.players, args.seed, args.seconds, lambda: search(**vars(args))[1]
    )
