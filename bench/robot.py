"""The computer players at each level: how long a card takes, and how many tricks they give away.

Plays random deals at each level (``beginner``, ``club``, ``expert``, or the ones named). First four computer
players: the median time per card (goal: under 0.5 s with the default samples), also as a ratio to one
double-dummy solve of a whole deal measured in the same run. Then the computer declarer against defenders who
see all four hands and play double-dummy perfectly: the average shortfall in tricks against the double-dummy
result of the contract (0 is perfect). Then the computer defenders against such a declarer: the tricks they
give away against the double-dummy result. A table of the levels side by side ends the report.

    python bench/robot.py [--deals 40] [--samples 20] [--seed 1] [--levels beginner club expert]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from minibridge.analysis import double_dummy_card, double_dummy_tricks
from minibridge.announce import announce
from minibridge.cards import Seat
from minibridge.deal import Deal
from minibridge.knowledge import Knowledge
from minibridge.play import Play
from minibridge.robot import DEFAULT_SAMPLES, LEVELS, Robot, robot_for
from minibridge.rules import find_rules


def deals(count: int, seed: int) -> list[tuple[Deal, Seat]]:
    """Random deals that are not redeals, dealer passing clockwise."""
    rng = random.Random(seed)
    found: list[tuple[Deal, Seat]] = []
    while len(found) < count:
        dealer = Seat(len(found) % 4)
        deal = Deal.random(rng)
        if not announce(deal, dealer).redeal:
            found.append((deal, dealer))
    return found


def play_deal(
    deal: Deal, dealer: Seat, robot: Robot, *, perfect_defence: bool = False, perfect_declarer: bool = False
) -> tuple[list[float], int, int]:
    """Play one deal: seconds for each computer card, declarer's tricks, and the double-dummy tricks. With
    ``perfect_defence`` the defenders, with ``perfect_declarer`` declarer and dummy, play double-dummy perfectly."""
    announced = announce(deal, dealer)
    declarer = announced.declarer
    assert declarer is not None
    contract = robot.choose_contract(deal, declarer, announced.hcp)
    trumps = contract.strain.trumps
    table = Knowledge.of(robot.rules, declarer=declarer, hcp=announced.hcp, contract=contract)
    play = Play(deal, trumps=trumps, declarer=declarer)
    times: list[float] = []
    while not play.finished:
        seat = play.to_play
        assert seat is not None
        defending = seat.side is not declarer.side
        if (perfect_defence and defending) or (perfect_declarer and not defending):
            play.play(double_dummy_card(play))
            continue
        start = time.perf_counter()
        card = robot.choose_card(play, table)
        times.append(time.perf_counter() - start)
        play.play(card)
    return times, play.declarer_tricks, double_dummy_tricks(deal, declarer, trumps)


def reference(deal: Deal) -> float:
    """Seconds for one double-dummy solve of the whole deal in no-trumps (every opening lead scored)."""
    start = time.perf_counter()
    double_dummy_card(Play(deal, trumps=None, declarer=Seat.SOUTH))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", nargs="+", choices=list(LEVELS), default=list(LEVELS))
    options = parser.parse_args()
    boards = deals(options.deals, options.seed)
    reference(deals(1, options.seed + 1)[0][0])  # the first solve also starts DDS
    solve = statistics.median(reference(deal) for deal, _ in boards)
    summary = []
    for level in options.levels:
        robot = robot_for(level, find_rules("ebu"), samples=options.samples, seed=options.seed)
        print(f"--- {level} ---")
        summary.append((level, *report(robot, boards, options.samples, solve)))
    print(f"\nover {options.deals} deals: tricks lost to double dummy on average, and the time a card takes")
    print(f"  {'level':<10} {'declarer':>9} {'defenders':>10} {'median card':>14} {'mean card':>12}")
    for level, declaring, defending, median, mean in summary:
        print(f"  {level:<10} {declaring:>9.2f} {defending:>10.2f} {median * 1000:>11.2f} ms {mean * 1000:>9.2f} ms")


def report(robot: Robot, boards: list[tuple[Deal, Seat]], samples: int, solve: float) -> tuple[float, ...]:
    """Print one level's figures; its average tricks lost as declarer and as defenders, its median and mean
    seconds per card."""
    times: list[float] = []
    for deal, dealer in boards:
        times += play_deal(deal, dealer, robot)[0]
    median = statistics.median(times)
    thinking = [t for t in times if t > 0.002]
    print(f"{len(boards)} deals, {samples} samples, four computer players: {len(times)} cards")
    print(f"  median time per card: {median:.3f} s (goal < 0.5 s); slowest {max(times):.2f} s")
    if thinking:
        print(f"  median of the {len(thinking)} cards that needed thought: {statistics.median(thinking):.3f} s")
    print(f"  one double-dummy solve of a whole deal: {solve:.3f} s; median card / solve = {median / solve:.2f}")

    shortfalls = []
    for deal, dealer in boards:
        _, taken, best = play_deal(deal, dealer, robot, perfect_defence=True)
        shortfalls.append(best - taken)
    print("computer declarer against double-dummy-perfect defenders:")
    print(f"  tricks short of the double-dummy result, per deal: {shortfalls}")
    print(f"  average shortfall: {statistics.mean(shortfalls):.2f} tricks")

    given = []
    for deal, dealer in boards:
        _, taken, best = play_deal(deal, dealer, robot, perfect_declarer=True)
        given.append(taken - best)
    print("computer defenders against a double-dummy-perfect declarer:")
    print(f"  tricks given away against the double-dummy result, per deal: {given}")
    print(f"  average given away: {statistics.mean(given):.2f} tricks")
    return statistics.mean(shortfalls), statistics.mean(given), median, statistics.mean(times)


if __name__ == "__main__":
    main()
