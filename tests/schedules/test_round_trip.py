"""Generate, save, verify again: every movement the engine builds reads back from its JSON
document with the same verdict under its own promise (issue 45).

The sweep is every request `make bench` times (benchmarks/movements.py: every pairs, teams and
classic family at its sizes) and every individual request: each whist tournament, each other
count seated with phantoms, the eight-player seat game and drives of 1,000 and 998. All of it is
slow-marked; a sample of it runs with the fast tests.
"""

from __future__ import annotations

import argparse
import json

import pytest

from benchmarks.movements import commands
from director.cli.options import add_movement_options, movement_request
from schedules import catalog
from schedules.catalog import Request
from schedules.findings import ImpossibleMovementError
from schedules.individual import LARGEST, supported_sizes
from schedules.jsonio import movement_document, movement_from_text, movement_to_json
from schedules.types import Movement
from schedules.verify import verify


def _individuals() -> list[tuple[str, ...]]:
    built = supported_sizes()
    return [
        *(("individual", "--players", str(v)) for v in built),
        *(
            ("individual", "--players", str(v), "--variant", "phantom")
            for v in range(4, LARGEST + 1)
            if v not in built
        ),
        ("individual", "--players", "8", "--variant", "seats"),
        ("individual", "--players", "1000", "--variant", "drive", "--rounds", "12"),
        ("individual", "--players", "998", "--variant", "drive"),
    ]


SWEEP = [*commands(), *_individuals()]
SAMPLE = SWEEP[::37]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser()
    parser.add_argument("family")
    add_movement_options(parser)
    return parser


def _built_or_refused(request: Request) -> Movement | str:
    """The movement, or the engine's refusal in words."""
    try:
        return catalog.build(request, check=False)
    except ImpossibleMovementError as refusal:
        return str(refusal)


def _same_verdict_after_saving(args: tuple[str, ...]) -> None:
    movement = _built_or_refused(movement_request(args[0], _parser().parse_args(args)))
    if isinstance(movement, str):  # a size refused (the bench times refusals): one line why
        assert movement.strip()
        assert "\n" not in movement
        return
    verdict = [f.to_json() for f in verify(movement)]
    text = json.dumps(movement_document(movement))
    again, found = movement_from_text(text, "saved.json")
    assert again.promise == movement.promise
    assert [f.to_json() for f in [*found, *verify(again)]] == verdict
    assert verdict == []  # and the builder's movement holds its promise
    assert movement_to_json(again) == movement_to_json(movement)


@pytest.mark.parametrize("args", SAMPLE, ids=" ".join)
def test_a_sample_of_the_sweep_reads_back_with_the_same_verdict(args: tuple[str, ...]) -> None:
    _same_verdict_after_saving(args)


@pytest.mark.slow
@pytest.mark.parametrize("args", SWEEP, ids=" ".join)
def test_every_movement_of_the_sweep_reads_back_with_the_same_verdict(
    args: tuple[str, ...],
) -> None:
    _same_verdict_after_saving(args)


def test_the_sweep_covers_every_family_and_variant() -> None:
    """A family or variant added to the catalog but not to the sweep fails here."""
    asked = {(args[0], _variant(args)) for args in SWEEP}
    for fam in catalog.families().values():
        for v in fam.variants:
            assert (fam.name, v.name) in asked or (
                (fam.name, None) in asked and v.name in _DEFAULTS
            ), (fam.name, v.name)


_DEFAULTS = ("whist", "standard", "skip", "regular")
"""Variants the sweep asks for without naming them: a family's default."""


def _variant(args: tuple[str, ...]) -> str | None:
    return args[args.index("--variant") + 1] if "--variant" in args else None
