"""Start-up time: ``minibridge score 3NT 9`` against ``python -c "import click"``, in one run.

Prints the median wall time of each, in milliseconds, and the ratio (goal: at most 2.0). Wall time of
``subprocess.run`` from start to exit is what a teacher waits for, interpreter start-up included; both
commands pay that start-up, so the ratio says what minibridge adds to click. The two are timed in turn,
so that a busy moment of the machine weighs on both; one untimed run of each first writes the bytecode.

    python bench/latency.py [--rounds 20]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

SCORE = [str(Path(sys.executable).with_name("minibridge")), "score", "3NT", "9"]
CLICK = [sys.executable, "-c", "import click"]


def seconds(command: list[str]) -> float:
    """Wall seconds from starting the command to its exit; it must succeed."""
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="timings taken in turn; the median of each counts")
    args = parser.parse_args()
    seconds(SCORE)
    seconds(CLICK)
    score_times, click_times = [], []
    for _ in range(args.rounds):
        score_times.append(seconds(SCORE))
        click_times.append(seconds(CLICK))
    score_ms = statistics.median(score_times) * 1000
    click_ms = statistics.median(click_times) * 1000
    print(f"median of {args.rounds} runs each, wall time")
    print(f'python -c "import click"  : {click_ms:7.1f} ms')
    print(f"minibridge score 3NT 9    : {score_ms:7.1f} ms")
    print(f"ratio                     : {score_ms / click_ms:7.2f} x (goal: at most 2.0)")


if __name__ == "__main__":
    main()
