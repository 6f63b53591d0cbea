"""`director score`: score a whole session from a JSON file.

    director score FILE.json [--method plusminus|matchpoints] [--scale 2-1|1-1/2]
        [--revoke-reference all|clean] [--format text|json] [--explain LABEL [--tray N]]

The file holds the movement (as `director movement --format json` prints it), the trump
slips, and per table and tray the results (docs/guide.md#scoring-a-session). Exit status 0 when
scored, 2 when the input is refused (one line names the deal, table and field at fault).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import replace

from director.scoring import score_section
from director.scoring.errors import ScoringError
from director.scoring.explain import explain_text
from director.scoring.model import Method, RevokeReference, Scale, SectionPlay
from director.scoring.session import marked_names, provisional
from director.scoring.session_json import load_play, result_to_json
from director.scoring.text import Rounding, report

EXIT_REFUSED = 2


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="director score", description="Score a session file.")
    p.add_argument("file")
    p.add_argument("--method", choices=[m.value for m in Method])
    p.add_argument("--scale", choices=[s.value for s in Scale])
    p.add_argument("--revoke-reference", choices=[r.value for r in RevokeReference])
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.add_argument(
        "--rounding",
        choices=["exact", "tenths", "halves", "whole"],
        default="exact",
        help="display only: exact shows two decimals; whole is the historical nearest number",
    )
    p.add_argument("--explain", metavar="LABEL", help="explain this competitor's score")
    p.add_argument("--tray", type=int, help="with --explain: one tray only")
    return p


def run(argv: Sequence[str]) -> int:
    """Score the file named in `argv`; print the standings and per-deal scores."""
    args = _parser().parse_args(list(argv))
    try:
        play = _with_options(load_play(args.file), args)
        result = score_section(play)
    except ScoringError as exc:
        print(f"director score: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    if args.explain:
        print(explain_text(result, args.explain, args.tray))
    elif args.format == "json":
        print(json.dumps(result_to_json(result), indent=1))
    else:
        print(report(result, marked_names(play), Rounding.named(args.rounding), provisional(play)))
    return 0


def _with_options(play: SectionPlay, args: argparse.Namespace) -> SectionPlay:
    """The file's settings, overridden by the command-line options given."""
    settings = play.settings
    if args.method:
        settings = replace(settings, method=Method(args.method))
    if args.scale:
        settings = replace(settings, scale=Scale(args.scale))
    if args.revoke_reference:
        settings = replace(settings, revoke_reference=RevokeReference(args.revoke_reference))
    return replace(play, settings=settings)
