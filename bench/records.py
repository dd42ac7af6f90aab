"""Hand records' cost: CPU time of ``minibridge records FILE --json --no-cache`` against endplay, in one run.

Writes a PBN file of a few random complete boards to a temporary folder, then times two fresh processes in
turn: the command line analysing the file, and a reference that imports endplay and runs its
``calc_all_tables`` on the same deals. Each figure is the child's CPU time (user + system, every thread of
DDS included); the best of the rounds counts. Prints both and the ratio (goal: at most 0.8). The disk cache
is never used: ``--no-cache``, and ``XDG_CACHE_HOME`` points to the temporary folder.

    python bench/records.py [--boards 4] [--seed 1] [--rounds 10]
"""

from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import arguments, best_in_turn

from minibridge.board import Board
from minibridge.cards import Seat
from minibridge.deal import Deal
from minibridge.pbn import dumps

REFERENCE = (
    "import sys\n"
    "import endplay\n"
    "from endplay.dds import calc_all_tables\n"
    "from endplay.types import Deal\n"
    "tables = calc_all_tables([Deal.from_pbn(text) for text in sys.argv[1:]])\n"
    "assert len(tables) == len(sys.argv) - 1\n"
)


def random_deals(count: int, seed: int) -> list[Deal]:
    """Random complete deals."""
    rng = random.Random(seed)
    return [Deal.random(rng) for _ in range(count)]


def cpu_seconds(command: list[str], env: dict[str, str]) -> tuple[float, str]:
    """CPU seconds (user + system) a child process spends running ``command``, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), run.stdout


def main() -> None:
    args = arguments(__doc__.splitlines()[0], what="boards", count=4, rounds=10)
    deals = random_deals(args.boards, args.seed)
    script = Path(sys.executable).with_name("minibridge")
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "boards.pbn"
        boards = [Board(number=n, dealer=Seat((n - 1) % 4), deal=deal) for n, deal in enumerate(deals, start=1)]
        source.write_text(dumps(boards), encoding="utf-8")
        env = {**os.environ, "XDG_CACHE_HOME": str(Path(folder) / "cache")}
        ours_command = [str(script), "records", str(source), "--json", "--no-cache"]
        reference_command = [sys.executable, "-c", REFERENCE, *(deal.to_pbn() for deal in deals)]
        _, printed = cpu_seconds(ours_command, env)  # once first: the files read from disk are then warm for both
        assert len(json.loads(printed)) == args.boards
        cpu_seconds(reference_command, env)
        reference, ours = best_in_turn(
            args.rounds, lambda: cpu_seconds(reference_command, env)[0], lambda: cpu_seconds(ours_command, env)[0]
        )
        assert not (Path(folder) / "cache" / "minibridge").exists(), "the cache was used"
    print(f"{args.boards} random complete boards, CPU time of a fresh process (user + system), best of {args.rounds}")
    print(f"endplay calc_all_tables     : {reference:6.3f} s")
    print(f"minibridge records --json   : {ours:6.3f} s")
    print(f"ratio                       : {ours / reference:6.2f} x endplay's CPU time (goal: at most 0.8)")


if __name__ == "__main__":
    main()
