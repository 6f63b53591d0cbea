"""`director export`: results, movements and deals in the formats other programs speak.

    director export EVENT --format json|csv|usebio --out PATH [--force]
    director export EVENT --format bridgewebs [--session S] [--section A] --out RESULTS.csv
    director export EVENT --format pbn --seed N [--session S] [--section A] --out DEALS.pbn
    director export MOVEMENT --format json|yaml|csv [--seed N --format pbn] --out PATH
    director export DEALS.pbn --format pdf [--paper a4|letter] --out HANDS.pdf

EVENT is an event file. json: per section what was entered and every figure scored, exactly,
and the event's history (`director import FILE.json` reads it back as the same event); csv:
one row per standing and per table result, safe to open in a spreadsheet (UTF-8 with a
byte-order mark, for Excel); usebio: the English Bridge Union's results XML; bridgewebs: one
section's results (session 1 section A unless --session and --section say) as the CSV a club
uploads to its Bridgewebs site.
MOVEMENT is a movement file: .json (ours), .yaml (the bridgescorer program's) or .csv (round,
table, ns, ew, trays); it is read, checked by the verifier and written in the --format asked
(exit status 1 when the verifier finds a problem: the file is written all the same), naming
whatever of the movement the format asked cannot carry.
pbn: each tray dealt from the --seed, the dealer's last card turned as the trump; the deals
of a .pbn file (ours or a dealing machine's) print as hand records with --format pdf.
An existing --out file is replaced only with --force; an event file never is.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from director.cli.outputs import check_out, write_out
from director.cli.subcommands import usage_shown
from director.errors import DirectorError
from director.exchange import movement_files
from director.exchange.export import FORMATS as EVENT_FORMATS
from director.exchange.pbn import deal_trays, read_pbn, write_pbn
from director.store.files import is_sqlite_file, is_url, read_input_text
from schedules.findings import Finding
from schedules.json_input import UnreadableFileError
from schedules.verify import verify

PAPERS = ("a4", "letter")
ALL_FORMATS = (*EVENT_FORMATS, *movement_files.FORMATS, "pbn", "pdf")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="director export", description="Export for other programs.")
    p.add_argument("file", help="an event file, a movement file or a PBN file of deals")
    p.add_argument("--format", choices=sorted(set(ALL_FORMATS)), required=True)
    p.add_argument("--out", required=True, metavar="PATH")
    p.add_argument("--seed", type=int, help="pbn: the number the deals are dealt from")
    p.add_argument("--session", type=int, default=1)
    p.add_argument("--section", default="A")
    p.add_argument("--paper", choices=PAPERS, default="a4")
    p.add_argument("--force", action="store_true", help="replace an existing --out file")
    return p


def run(argv: Sequence[str]) -> int:
    """Write the export; 0 on success, 1 for a movement the verifier finds fault with, 2 (via
    DirectorError) when it cannot be made."""
    if (shown := usage_shown(argv, __doc__)) is not None:
        return shown
    args = _parser().parse_args(argv)
    out = Path(args.out)
    check_out(out, args.force, args.file)
    source = Path(args.file)
    if source.suffix.lower() == ".pbn":
        return _deals(args, out)
    is_event = is_url(args.file) or is_sqlite_file(source)
    if not is_event and movement_files.movement_format(source) is not None:
        return _movement(args, out)
    return _event(args, out)


def _event(args: argparse.Namespace, out: Path) -> int:
    from director.exchange.export import export_event
    from director.store.services import EventStore

    _allowed(args.format, (*EVENT_FORMATS, "pbn"), "an event file")
    with EventStore.open(args.file, read_only=True) as store:
        if args.format == "pbn":
            info = store.info()
            movement = store.movement(session=args.session, section=args.section)
            trays = deal_trays(_seed(args), movement.trays)
            text = write_pbn(trays, info.name, info.held_on, info.venue or "")
        else:
            text = export_event(store, args.format, args.session, args.section)
    _write(out, text, args.force)
    print(f"wrote {out} ({args.format})")
    return 0


def _movement(args: argparse.Namespace, out: Path) -> int:
    _allowed(args.format, (*movement_files.FORMATS, "pbn"), "a movement file")
    movement, found = movement_files.read_movement_file(args.file)
    findings = [*found, *verify(movement)]
    if args.format == "pbn":
        text = write_pbn(deal_trays(_seed(args), movement.trays), movement.family)
    else:
        text = movement_files.movement_text(movement, args.format)
    _write(out, text, args.force)
    print(f"wrote {out} ({args.format}): {_verdict(movement.family, findings)}")
    for f in findings:
        print(f"  {f}")
    lost = movement_files.not_carried(movement, args.format) if args.format != "pbn" else []
    if lost:
        print(f"  a {args.format} file does not carry: {'; '.join(lost)}")
    return 1 if findings else 0


def _deals(args: argparse.Namespace, out: Path) -> int:
    from director.exchange.hand_records import hand_records_pdf

    _allowed(args.format, ("pdf",), "a PBN file of deals")
    try:
        deals = read_pbn(read_input_text(args.file, "a PBN file of deals"), args.file)
    except UnreadableFileError as exc:
        raise DirectorError(str(exc)) from None
    except OSError as exc:
        raise DirectorError(f"cannot read {args.file}: {exc.strerror}") from None
    pdf = hand_records_pdf(deals, Path(args.file).stem, args.paper)
    _write(out, pdf, args.force)
    print(f"wrote {out} (hand records of {len(deals)} trays, {args.paper})")
    return 0


def _allowed(fmt: str, formats: Sequence[str], what: str) -> None:
    if fmt not in formats:
        raise DirectorError(f"--format {fmt} does not apply to {what}; use one of: "
                            f"{', '.join(formats)}")  # fmt: skip


def _seed(args: argparse.Namespace) -> int:
    if args.seed is None:
        raise DirectorError("--format pbn deals the trays afresh: give --seed N (any number)")
    return int(args.seed)


def _verdict(name: str, findings: Sequence[Finding]) -> str:
    if not findings:
        return f"{name} verified"
    return f"{name}: the verifier found {len(findings)} problem(s)"


def _write(out: Path, content: str | bytes, force: bool) -> None:
    """Write `content` whole or not at all, never over a file that appeared since the check
    (without --force)."""
    write_out(out, content, force)
