"""Replay speed: this engine's replay against endplay's ``Deal.play`` on the same random deals, in one run.

Prints deals per second for each and the ratio (goal: at least 10). Both sides start from the PBN deal
string and the played cards, so both pay for reading the deal.

    python bench/replay.py [--deals 3000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time

from minibridge.cards import Seat, Suit
from minibridge.deal import Deal
from minibridge.play import Play, replay


def random_games(count: int, seed: int) -> list[tuple[str, Suit | None, Seat, list[tuple[Seat, str]]]]:
    """Random complete deals, each with a random legal play: deal string, trumps, declarer, cards in order."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        deal = Deal.random(rng)
        trumps = rng.choice([None, *Suit])
        declarer = Seat(rng.randrange(4))
        play = Play(deal, trumps=trumps, declarer=declarer)
        order = []
        while not play.finished:
            seat = play.to_play
            assert seat is not None
            card = rng.choice(play.legal_cards())
            order.append((seat, str(card)))
            play.play(card)
        games.append((deal.to_pbn(), trumps, declarer, order))
    return games


def time_ours(games: list, records: list) -> float:
    """Seconds to read each deal and replay its record in this engine."""
    start = time.perf_counter()
    for (text, trumps, declarer, _), tricks in zip(games, records, strict=True):
        replay(Deal.from_pbn(text), tricks, trumps=trumps, declarer=declarer)
    return time.perf_counter() - start


def time_endplay(games: list) -> float:
    """Seconds to read each deal and play its cards with endplay's ``Deal.play``."""
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Denom, Player

    denoms = {None: Denom.nt, Suit.SPADES: Denom.spades, Suit.HEARTS: Denom.hearts,
              Suit.DIAMONDS: Denom.diamonds, Suit.CLUBS: Denom.clubs}
    start = time.perf_counter()
    for text, trumps, declarer, order in games:
        deal = EndplayDeal.from_pbn(text)
        deal.trump = denoms[trumps]
        deal.first = Player.find(declarer.lho.letter)
        for _, card in order:
            deal.play(card)
    return time.perf_counter() - start


def records_of(games: list) -> list[list[tuple]]:
    """The plays as PBN-style records: each trick's cards indexed by seat."""
    from minibridge.cards import Card

    records = []
    for _, _, _, order in games:
        tricks = []
        for start in range(0, 52, 4):
            row: list = [None] * 4
            for seat, card in order[start : start + 4]:
                row[seat] = Card.from_str(card)
            tricks.append(tuple(row))
        records.append(tricks)
    return records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3, help="timings taken in turn; the best of each counts")
    args = parser.parse_args()
    games = random_games(args.deals, args.seed)
    records = records_of(games)
    time_endplay(games[:50])  # load endplay's library before timing it
    endplay_seconds = ours_seconds = float("inf")
    for _ in range(args.rounds):  # in turn, so that a busy moment of the machine weighs on both
        endplay_seconds = min(endplay_seconds, time_endplay(games))
        ours_seconds = min(ours_seconds, time_ours(games, records))
    print(f"{args.deals} random complete deals, 52 cards each")
    print(f"endplay Deal.play : {args.deals / endplay_seconds:10.0f} deals/s")
    print(f"minibridge replay : {args.deals / ours_seconds:10.0f} deals/s")
    print(f"ratio             : {endplay_seconds / ours_seconds:10.1f} x endplay's rate (goal: at least 10)")


if __name__ == "__main__":
    main()
