"""Find Safford married-couples seatings and store them in schedules/data/safford/.

    .venv/bin/python tools/safford_search.py [--couples 4 6 8 10 12 16] [--seed 1] [--steps 30000]

For each couple count the seeded search (schedules.designs.safford_search) runs to the counting
bound or to the step budget; the best seating, its score and the bound are written to
schedules/data/safford/N-couples.json, and the movement it gives is verified before it is written.
The same seed and budget always give the same file.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from schedules.designs.safford_search import best_possible, search  # noqa: E402
from schedules.safford import movement_from_seating  # noqa: E402
from schedules.verify import verify  # noqa: E402

FOLDER = ROOT / "schedules" / "data" / "safford"


def run(couples: int, seed: int, steps: int) -> Path:
    """Search, verify, write; print progress and the time taken."""
    start = time.perf_counter()
    last = None
    for last in search(couples, seed, steps):
        print(
            f"  {couples} couples: step {last.step}/{last.steps}, best {last.score}",
            file=sys.stderr,
            flush=True,
        )
    assert last is not None  # search always yields a final report
    seconds = time.perf_counter() - start
    movement = movement_from_seating(last.best)
    findings = verify(movement, "safford-rotation")
    if findings:
        raise SystemExit(f"the search produced a broken seating: {findings[0]}")
    bound = best_possible(couples)
    document = {
        "couples": couples,
        "command": f"python tools/safford_search.py --couples {couples} --seed {seed} "
        f"--steps {steps}",
        "seed": seed,
        "steps": steps,
        "steps_taken": last.step,
        "score": vars(last.score),
        "best_possible": vars(bound),
        "optimal": last.score == bound,
        "seating": last.best.to_json(),
    }
    FOLDER.mkdir(parents=True, exist_ok=True)
    path = FOLDER / f"{couples}-couples.json"
    path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    print(
        f"{couples} couples: {last.score} (bound {bound}) after {last.step} steps, "
        f"{seconds:.2f} s -> {path.relative_to(ROOT)}"
    )
    return path


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run the search for each couple count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--couples", type=int, nargs="+", default=[4, 6, 8, 10, 12, 16])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=30_000)
    args = parser.parse_args(argv)
    for couples in args.couples:
        run(couples, args.seed, args.steps)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
