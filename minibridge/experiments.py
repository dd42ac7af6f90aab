"""Experiments for the classroom wall: the tricks a number of combined points takes (teaching tip 4), played out
by computer players and compared with best play all round.

>>> rows = tricks_by_points([(25, 9, 10), (25, 8, 9), (21, 7, 7)])
>>> [(row.points, row.deals, row.average(row.played)) for row in rows]
[(21, 1, 7.0), (25, 2, 8.5)]
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from minibridge.analysis import double_dummy_tricks
from minibridge.board import Board
from minibridge.cards import Seat
from minibridge.deal import Deal
from minibridge.robot import Robot
from minibridge.rules import RuleSet, find_rules
from minibridge.table import Game, play_by_computers

__all__ = ["PointsRow", "tricks_by_points", "tricks_chart_rows"]

_AT_ONCE = 6
"""Deals played at once for the chart: enough that the solver always has a position to work on."""


@dataclass(frozen=True, kw_only=True)
class PointsRow:
    """The tricks declaring sides with the same combined points took: in play and double dummy (teaching tip 4)."""

    points: int
    played: tuple[int, ...]
    """Tricks declarer took in each deal, played by the computer."""
    double_dummy: tuple[int, ...]
    """Tricks declarer takes in the same deals and contracts with best play all round."""

    @property
    def deals(self) -> int:
        """How many deals had these points."""
        return len(self.played)

    @staticmethod
    def average(tricks: Sequence[int]) -> float:
        """The average number of tricks."""
        return sum(tricks) / len(tricks)


def tricks_by_points(results: Sequence[tuple[int, int, int]]) -> list[PointsRow]:
    """Group (combined points, tricks played, tricks double dummy) of many deals by the points, fewest first."""
    grouped: dict[int, list[tuple[int, int]]] = {}
    for points, played, best in results:
        grouped.setdefault(points, []).append((played, best))
    return [
        PointsRow(points=points, played=tuple(p for p, _ in rows), double_dummy=tuple(b for _, b in rows))
        for points, rows in sorted(grouped.items())
    ]


def tricks_chart_rows(
    deals: int, *, seed: int, samples: int, progress: Callable[[int], None] | None = None
) -> list[PointsRow]:
    """Deal and play ``deals`` deals under EBU rules with computer players (the same for the same seed; redeals
    dealt again by the same dealer), and solve each contract double dummy: the tricks by combined points.

    The deals are independent, so several are played at once and the solver always has a position to work on.
    ``progress`` is told of each deal played.
    """
    rules = find_rules("ebu")
    robot = Robot(rules, samples=samples, seed=seed)
    boards = _boards(rules, deals, random.Random(seed))
    told = threading.Lock()

    def play(board: Board) -> tuple[int, int, int]:
        game = play_by_computers(rules, board, robot)
        assert game.declarer is not None and game.contract is not None and game.play is not None
        assert game.declaring_points is not None
        best = double_dummy_tricks(game.deal, game.declarer, game.contract.strain.trumps)
        if progress is not None:
            with told:
                progress(1)
        return game.declaring_points, game.play.declarer_tricks, best

    with ThreadPoolExecutor(max_workers=_AT_ONCE, thread_name_prefix="chart") as pool:
        return tricks_by_points(list(pool.map(play, boards)))


def _boards(rules: RuleSet, deals: int, dealing: random.Random) -> list[Board]:
    """The boards of a session of ``deals`` deals, the dealer passing clockwise; a redeal is dealt again by the
    same dealer and not counted."""
    boards: list[Board] = []
    while len(boards) < deals:
        board = Board(number=len(boards) + 1, dealer=Seat(len(boards) % 4), deal=Deal.random(dealing))
        if Game(rules, board).stage != "redeal":
            boards.append(board)
    return boards
