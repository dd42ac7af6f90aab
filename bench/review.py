"""How long the review after a deal takes: every card of a 13-trick deal weighed double dummy, and what each
contract would have scored, as the classroom works it out when a deal ends.

Ten random deals are announced, contracted and played by the computer (a few layouts a decision, to be quick),
then each is reviewed; the median and the slowest are printed. The goal: ready within 2 seconds.

    python bench/review.py [--deals 10] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from minibridge.board import Board
from minibridge.cards import Seat
from minibridge.deal import Deal
from minibridge.review import contracts_dd, review_game
from minibridge.robot import Robot
from minibridge.rules import find_rules
from minibridge.table import play_by_computers

GOAL = 2.0
"""Seconds a review may take, at most, on the classroom's computer."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = find_rules("ebu")
    robot = Robot(rules, samples=4, seed=args.seed)
    dealing = random.Random(args.seed)
    seconds = []
    while len(seconds) < args.deals:
        board = Board(number=len(seconds) + 1, dealer=Seat.NORTH, deal=Deal.random(dealing))
        game = play_by_computers(rules, board, robot)
        if game.play is None or not game.play.finished:
            continue  # a redeal
        start = time.perf_counter()
        reviewed = review_game(game.play)
        assert game.declarer is not None
        contracts_dd(game.deal, game.declarer, rules)
        seconds.append(time.perf_counter() - start)
        costly = sum(1 for card in reviewed if card.cost)
        print(f"deal {len(seconds):>2}: {len(reviewed)} cards, {costly} cost a trick, {seconds[-1]:.3f} s")
    median = statistics.median(seconds)
    verdict = "within" if median <= GOAL else "OVER"
    slowest = max(seconds)
    print(f"review of a 13-trick deal: median {median:.3f} s, slowest {slowest:.3f} s ({verdict} the {GOAL} s goal)")


if __name__ == "__main__":
    main()
