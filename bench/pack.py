"""Time a 32-board lesson pack against endplay's calc_all_tables on the same 32 deals, in the same run.

Prints two ratios: the cold build (empty cache) over the double-dummy solving alone (goal: at most 1.2,
so everything else costs less than a fifth of the solving), and a rebuild with the cache warm over the
cold build (goal: under 0.1).

    .venv/bin/python bench/pack.py [--lesson N] [--deals K] [--seed S] [--rounds R]
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from pathlib import Path

from click.testing import CliRunner
from endplay.dds import calc_all_tables
from endplay.types import Deal as EndplayDeal

from minibridge.cli import main
from minibridge.deal import Deal
from minibridge.lessons import find_lesson
from minibridge.practice import pack_deals


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def build(folder: Path, lesson: int, deals: int, seed: int) -> None:
    args = ["pack", "--lesson", str(lesson), "--deals", str(deals), "--seed", str(seed), "-o", str(folder), "--force"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output


def main_bench() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lesson", type=int, default=5)
    parser.add_argument("--deals", type=int, default=32)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--rounds", type=int, default=2)
    options = parser.parse_args()

    deals, _ = pack_deals(find_lesson(options.lesson), options.deals, seed=options.seed)
    theirs = [EndplayDeal.from_pbn(d.deal.to_pbn()) for d in deals]
    with tempfile.TemporaryDirectory() as scratch:
        os.environ["XDG_CACHE_HOME"] = str(Path(scratch) / "cache-warm-up")
        out = Path(scratch) / "out"
        # Warm up both sides once (library loading, fonts, DDS memory) on a deal not in the pack.
        calc_all_tables([EndplayDeal.from_pbn(Deal.random(random.Random(0)).to_pbn())])
        build(out, 1, 1, 1)

        # Best of a few rounds, each cold build with a new empty cache, so that other work on the machine
        # weighs less on the ratios.
        reference = cold = warm = float("inf")
        for round_ in range(options.rounds):
            os.environ["XDG_CACHE_HOME"] = str(Path(scratch) / f"cache-{round_}")
            reference = min(reference, timed(lambda: calc_all_tables(theirs)))
            cold = min(cold, timed(lambda: build(out, options.lesson, options.deals, options.seed)))
            warm = min(warm, timed(lambda: build(out, options.lesson, options.deals, options.seed)))

    print(f"{options.deals} boards of MiniLesson {options.lesson}")
    print(f"endplay calc_all_tables  {reference:7.3f} s")
    print(f"pack, empty cache        {cold:7.3f} s   ratio {cold / reference:5.2f}  (goal <= 1.2)")
    print(f"pack, warm cache         {warm:7.3f} s   ratio {warm / cold:5.3f} of the cold build (goal < 0.1)")


if __name__ == "__main__":
    main_bench()
