"""Replay speed, the way ``minibridge replay`` works: read a PBN game, then replay its recorded play.

This engine (``pbn.loads`` then ``replay_record``) against endplay (its PBN reader, then ``Deal.play`` card by
card) on the same random games, each read from its PBN text inside the timed loop on both sides, in one run.
Prints games per second for each and the ratio (goal: at least 10). Then the reading's part of the loop: the
same loop with the reading alone, in this engine and in its reader before it was made twice as fast
(``before.py``, its own replay beside), and how many times as fast the reading is now (goal: at least 2).

    python bench/replay.py [--games 2000] [--seed 1] [--rounds 5]
"""

from __future__ import annotations

import time

from before import BEFORE, BeforeReader
from games import random_games
from timing import arguments, best_in_turn

from minibridge.pbn import loads
from minibridge.recorded import replay_record


def time_ours(texts: list[str]) -> float:
    """Seconds to read each game and replay its play in this engine."""
    start = time.process_time()
    for text in texts:
        replay_record(loads(text)[0])
    return time.process_time() - start


def time_reading(texts: list[str]) -> float:
    """Seconds to read each game in this engine, the loop of :func:`time_ours` without its replay."""
    start = time.process_time()
    for text in texts:
        loads(text)
    return time.process_time() - start


def time_endplay(texts: list[str]) -> float:
    """Seconds to read each game with endplay's PBN reader and play its cards with ``Deal.play``."""
    from endplay.parsers import pbn

    start = time.process_time()
    for text in texts:
        board = pbn.loads(text)[0]
        deal = board.deal
        deal.first = board.contract.declarer.lho
        deal.trump = board.contract.denom
        for card in board.play:
            deal.play(card)
    return time.process_time() - start


def main() -> None:
    args = arguments(__doc__.splitlines()[0], what="games", count=2000, rounds=5)
    texts = random_games(args.games, args.seed)
    time_endplay(texts[:50])  # load endplay before timing it
    with BeforeReader(texts) as before:
        before.seconds("replay")  # the reader before, loaded and warmed up the same way
        endplay_seconds, ours_seconds, reading_seconds, before_seconds, before_reading_seconds = best_in_turn(
            args.rounds,
            lambda: time_endplay(texts),
            lambda: time_ours(texts),
            lambda: time_reading(texts),
            lambda: before.seconds("replay"),
            lambda: before.seconds("read"),
        )
    per_game = 1e6 / args.games
    print(f"{args.games} random complete games read from PBN text and replayed, 52 cards each")
    print(f"endplay pbn + Deal.play : {args.games / endplay_seconds:10.0f} games/s")
    print(f"minibridge loads + Play : {args.games / ours_seconds:10.0f} games/s")
    print(f"ratio                   : {endplay_seconds / ours_seconds:10.1f} x endplay's rate (goal: at least 10)")
    print(
        f"reading before          : {before_reading_seconds * per_game:10.1f} µs/game, "
        f"{before_reading_seconds / before_seconds:.0%} of its loop ({BEFORE[:7]})"
    )
    print(
        f"reading now             : {reading_seconds * per_game:10.1f} µs/game, "
        f"{reading_seconds / ours_seconds:.0%} of the loop"
    )
    print(
        f"ratio                   : {before_reading_seconds / reading_seconds:10.2f} x the reading's speed before "
        "(goal: at least 2)"
    )


if __name__ == "__main__":
    main()
