"""How long the review after a deal takes: every card of a 13-trick deal weighed double dummy, and what each
contract would have scored, as the classroom works it out when a deal ends; and how long the help while playing
takes: a hint (the card the computer would play, with its reason) at every position of the deal, and why each card
was played.

Ten random deals are announced, contracted and played by the computer (a few layouts a decision, to be quick),
then each is reviewed: every card (the review proper), then every contract from the deal's double-dummy table (which
the classroom has already worked out for the best contract when the deal ends, unless it was in the disk cache).
The median and the slowest of each and of both together are printed. The goal: ready within 2 seconds. Then the
median and the slowest hint over every position of those deals, and the reasons for every card of a deal.

    python bench/review.py [--deals 10] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from minibridge.board import Board
from minibridge.card_reasons import hint, reasons_of_cards
from minibridge.cards import Seat
from minibridge.deal import Deal
from minibridge.knowledge import Knowledge
from minibridge.play import Play
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
    cards, tables, hints, whys = [], [], [], []
    while len(cards) < args.deals:
        board = Board(number=len(cards) + 1, dealer=Seat.NORTH, deal=Deal.random(dealing))
        game = play_by_computers(rules, board, robot)
        if game.play is None or not game.play.finished:
            continue  # a redeal
        start = time.perf_counter()
        reviewed = review_game(game.play)
        cards.append(time.perf_counter() - start)
        assert game.declarer is not None
        start = time.perf_counter()
        contracts_dd(game.deal, game.declarer, rules)
        tables.append(time.perf_counter() - start)
        knowledge = game.knowledge
        hints += _hints(game.play, knowledge)
        start = time.perf_counter()
        reasons_of_cards(game.play, knowledge)
        whys.append(time.perf_counter() - start)
        costly = sum(1 for card in reviewed if card.cost)
        timed = f"cards {cards[-1]:.3f} s, table {tables[-1]:.3f} s"
        print(f"deal {len(cards):>2}: {costly} of 52 cards cost a trick; {timed}")
    both = [a + b for a, b in zip(cards, tables, strict=True)]
    for name, seconds in (("every card", cards), ("every contract", tables), ("both", both)):
        median, slowest = statistics.median(seconds), max(seconds)
        verdict = "within" if median <= GOAL else "OVER"
        print(f"{name:>14}: median {median:.3f} s, slowest {slowest:.3f} s ({verdict} the {GOAL} s goal)")
    for name, seconds in (("a hint", hints), ("every card's why", whys)):
        print(f"{name:>16}: median {statistics.median(seconds):.4f} s, slowest {max(seconds):.4f} s")


def _hints(played: Play, knowledge: Knowledge) -> list[float]:
    """The time of a hint at every position of the deal ``played``, replayed card by card."""
    leader = played.tricks[0].leader
    fresh = Play(played.deal, trumps=played.trumps, declarer=played.declarer, leader=leader)
    seconds = []
    for trick in played.tricks:
        for seat, card in trick.in_order():
            start = time.perf_counter()
            hint(fresh, knowledge, seat)
            seconds.append(time.perf_counter() - start)
            fresh.play(card, seat)
    return seconds


if __name__ == "__main__":
    main()
