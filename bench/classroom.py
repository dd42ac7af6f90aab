"""A class at the classroom server: N pupils each play one deal through the JSON API against one server.

The server runs in this process on a free loopback port (uvicorn in a thread), with the computer thinking as
it does in class (the robot's usual samples). Each pupil is a thread with its own HTTP client that thinks 1 to
3 seconds (times ``--think``) before each move, starting the game included, then plays a legal card at random
and chooses the contract as the lessons teach three times in four (any contract offered otherwise).
Prints the median and the 95th percentile of the server's answer time per pupil action, the longest wait for
a game's start and for the computer's contract, and whether every game finished. Goal on a 2-core machine:
every game finishes, 95th percentile at most 2 s.

    python bench/classroom.py [--pupils 30] [--think 1.0] [--rules ebu]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx2

from minibridge.robot import Robot
from minibridge.rules import find_rules
from minibridge.web.app import create_app
from minibridge.web.server import running


def taught_contract(view: dict[str, Any]) -> str | None:
    """The contract the lessons teach: trumps in the longest suit with eight cards between the hands, otherwise
    no-trumps; game with 25 points between them, otherwise a part-score (None if the view offers neither)."""
    hands = [view["hands"][seat] for seat in ("N", "S") if seat in view["hands"]]
    lengths = {suit: sum(card[0] == suit for hand in hands for card in hand) for suit in "SHDC"}
    suit = max(lengths, key=lambda s: lengths[s])
    strain = suit if lengths[suit] >= 8 else "NT"
    offered = [c for c in view["contracts"] if c[1:] == strain]
    if not offered:
        return None
    game = sum(view["hcp"].get(seat) or 0 for seat in ("N", "S")) >= 25
    return max(offered) if game else min(offered)


def decision(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A pupil's decision: a legal card at random; three times in four the contract the lessons teach, else any
    contract the view offers."""
    phase = view["phase"]
    if phase == "declarer":
        return {"declarer": rng.choice(view["declarers"])}
    if phase == "contract":
        taught = taught_contract(view) if rng.random() < 0.75 else None
        return {"contract": taught or rng.choice(view["contracts"])}
    return {"card": rng.choice(view["legal"])}


class Pupil(threading.Thread):
    """One pupil playing one deal: the server's answer time of each action, the start, and how it ended."""

    def __init__(self, number: int, address: str, think: float, rules: str) -> None:
        super().__init__(name=f"pupil-{number}")
        self.number, self.address, self.think, self.rules = number, address, think, rules
        self.actions: list[float] = []
        self.start_time = 0.0
        self.computer_contract = False
        self.finished = False
        self.error = ""

    def run(self) -> None:
        rng = random.Random(self.number)
        try:
            with httpx2.Client(base_url=self.address, timeout=120) as client:
                time.sleep(rng.uniform(1, 3) * self.think)
                began = time.perf_counter()
                response = client.post("/api/games", json={"rules": self.rules, "deals": 1, "seed": self.number})
                self.start_time = time.perf_counter() - began
                response.raise_for_status()
                view = response.json()
                self.computer_contract = view["declarer"] in ("E", "W")
                while view["phase"] not in ("deal_over", "game_over"):
                    time.sleep(rng.uniform(1, 3) * self.think)
                    began = time.perf_counter()
                    response = client.post(f"/api/games/{view['id']}/actions", json=decision(view, rng))
                    self.actions.append(time.perf_counter() - began)
                    response.raise_for_status()
                    view = response.json()
                self.finished = True
        except (httpx2.HTTPError, KeyError, IndexError) as error:
            self.error = f"{type(error).__name__}: {error}"


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=30, help="pupils playing at once")
    parser.add_argument("--think", type=float, default=1.0, help="scale of each pupil's 1-3 s thinking")
    parser.add_argument("--rules", default="ebu", help="free play under these rules: ebu, nbb or targets")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(data=Path(folder), class_code=None, teacher_token="bench", loopback=True)
        with running(app) as address:
            began = time.perf_counter()
            pupils = [Pupil(n, address, args.think, args.rules) for n in range(1, args.pupils + 1)]
            for pupil in pupils:
                pupil.start()
            for pupil in pupils:
                pupil.join()
            wall = time.perf_counter() - began
    times = [t for pupil in pupils for t in pupil.actions]
    starts = [pupil.start_time for pupil in pupils if pupil.start_time]
    contracts = [pupil.start_time for pupil in pupils if pupil.computer_contract]
    done = sum(pupil.finished for pupil in pupils)
    p95 = percentile(times, 0.95) if times else float("nan")
    print(f"{args.pupils} pupils, one deal each under {args.rules}, thinking 1-3 s x {args.think}: {wall:.1f} s")
    print(f"pupil actions answered     : {len(times)}")
    print(f"answer time, median        : {statistics.median(times) * 1000:7.0f} ms" if times else "no actions")
    print(f"answer time, 95th pct      : {p95 * 1000:7.0f} ms (goal: at most 2000)")
    print(f"answer time, longest       : {max(times, default=0) * 1000:7.0f} ms")
    print(f"game start, longest        : {max(starts, default=0) * 1000:7.0f} ms")
    print(f"computer's contract, longest wait: {max(contracts, default=0) * 1000:7.0f} ms ({len(contracts)} games)")
    print(f"games finished             : {done} of {args.pupils}")
    for pupil in pupils:
        if pupil.error:
            print(f"  pupil {pupil.number}: {pupil.error}")
    print(f"the computer's play beside it (bench/robot.py): declarer {shortfall():.2f} tricks short of double dummy")


def shortfall(count: int = 4, seed: int = 1) -> float:
    """The computer declarer's average shortfall against double-dummy defence, as ``bench/robot.py`` measures it
    (same deals, same robot): thinking faster must not make it grow."""
    from robot import deals, play_deal  # bench/robot.py, beside this file

    robot = Robot(find_rules("ebu"), seed=seed)
    found = [play_deal(deal, dealer, robot, perfect_defence=True) for deal, dealer in deals(count, seed)]
    return statistics.mean(best - taken for _, taken, best in found)


if __name__ == "__main__":
    main()
