"""Replay speed, the way ``minibridge replay`` works: read a PBN game, then replay its recorded play.

This engine (``pbn.loads`` then ``Play.from_record``) against endplay (its PBN reader, then ``Deal.play`` card by
card) on the same random games, each read from its PBN text inside the timed loop on both sides, in one run.
Prints games per second for each and the ratio (goal: at least 10).

    python bench/replay.py [--games 2000] [--seed 1] [--rounds 5]
"""

from __future__ import annotations

import time

from games import random_games
from timing import arguments, best_in_turn

from minibridge.pbn import loads
from minibridge.play import Play


def time_ours(texts: list[str]) -> float:
    """Seconds to read each game and replay its play in this engine."""
    start = time.perf_counter()
    for text in texts:
        Play.from_record(loads(text)[0])
    return time.perf_counter() - start


def time_endplay(texts: list[str]) -> float:
    """Seconds to read each game with endplay's PBN reader and play its cards with ``Deal.play``."""
    from endplay.parsers import pbn

    start = time.perf_counter()
    for text in texts:
        board = pbn.loads(text)[0]
        deal = board.deal
        deal.first = board.contract.declarer.lho
        deal.trump = board.contract.denom
        for card in board.play:
            deal.play(card)
    return time.perf_counter() - start


def main() -> None:
    args = arguments(__doc__.splitlines()[0], what="games", count=2000, rounds=5)
    texts = random_games(args.games, args.seed)
    time_endplay(texts[:50])  # load endplay before timing it
    endplay_seconds, ours_seconds = best_in_turn(args.rounds, lambda: time_endplay(texts), lambda: time_ours(texts))
    print(f"{args.games} random complete games read from PBN text and replayed, 52 cards each")
    print(f"endplay pbn + Deal.play : {args.games / endplay_seconds:10.0f} games/s")
    print(f"minibridge loads + Play : {args.games / ours_seconds:10.0f} games/s")
    print(f"ratio                   : {endplay_seconds / ours_seconds:10.1f} x endplay's rate (goal: at least 10)")


if __name__ == "__main__":
    main()
