"""PBN reading speed: this engine's ``pbn.loads`` against endplay's ``endplay.parsers.pbn.loads`` and against this
engine's reader before it was made twice as fast (``before.py``), in one run.

Prints microseconds per game for each and the ratios (goal: at least 2 against the reader before). The texts are
random complete games (a dozen tags, the deal, a random legal play of thirteen tricks) written by ``pbn.dumps``;
each reader reads each game's text on its own, so each pays for every game's whole text.

    python bench/pbn.py [--games 2000] [--seed 1]
"""

from __future__ import annotations

import time

from before import BEFORE, BeforeReader
from games import random_games
from timing import arguments, best_in_turn

from minibridge import pbn


def time_ours(texts: list[str]) -> float:
    """Seconds to read every text with this engine's ``pbn.loads``."""
    loads = pbn.loads
    start = time.process_time()
    for text in texts:
        loads(text)
    return time.process_time() - start


def time_endplay(texts: list[str]) -> float:
    """Seconds to read every text with endplay's ``pbn.loads``."""
    from endplay.parsers.pbn import loads

    start = time.process_time()
    for text in texts:
        loads(text)
    return time.process_time() - start


def main() -> None:
    args = arguments(__doc__.splitlines()[0], what="games", count=2000, rounds=3)
    texts = random_games(args.games, args.seed)
    time_endplay(texts[:50])  # load endplay's library before timing it
    time_ours(texts[:50])
    with BeforeReader(texts) as before:
        before.seconds("read")  # the reader before, loaded and warmed up the same way
        endplay_seconds, ours_seconds, before_seconds = best_in_turn(
            args.rounds, lambda: time_endplay(texts), lambda: time_ours(texts), lambda: before.seconds("read")
        )
    per_game = 1e6 / args.games
    print(f"{args.games} random complete games, a dozen tags and 13 tricks each")
    print(f"endplay pbn.loads            : {endplay_seconds * per_game:8.1f} µs/game")
    print(f"minibridge pbn.loads before  : {before_seconds * per_game:8.1f} µs/game  ({BEFORE[:7]})")
    print(f"minibridge pbn.loads         : {ours_seconds * per_game:8.1f} µs/game")
    print(f"ratio                        : {endplay_seconds / ours_seconds:8.1f} x endplay's speed")
    print(f"ratio                        : {before_seconds / ours_seconds:8.2f} x the speed before (goal: at least 2)")


if __name__ == "__main__":
    main()
