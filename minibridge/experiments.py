"""Experiments for the classroom wall: the tricks a number of combined points takes (teaching tip 4), played out
by computer players and compared with best play all round.

>>> rows = tricks_by_points([(25, 9, 10), (25, 8, 9), (21, 7, 7)])
>>> [(row.points, row.deals, row.average(row.played)) for row in rows]
[(21, 1, 7.0), (25, 2, 8.5)]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from minibridge.analysis import dd_tables
from minibridge.robot import Robot
from minibridge.rules import find_rules
from minibridge.table import Session, play_by_computers

__all__ = ["PointsRow", "tricks_by_points", "tricks_chart_rows"]


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
    dealt again by the same dealer), then solve each double dummy: the tricks by combined points.

    ``progress`` is told of each deal played.
    """
    rules = find_rules("ebu")
    robot = Robot(rules, samples=samples, seed=seed)
    session = Session(rules=rules, deals=deals)
    dealing = random.Random(seed)
    games = []
    while not session.finished:
        game = play_by_computers(rules, session.next_board(dealing), robot)
        session.record_game(game)
        if game.stage == "over":
            games.append(game)
            if progress is not None:
                progress(1)
    tables = dd_tables([game.deal for game in games])
    results = []
    for game, table in zip(games, tables, strict=True):
        assert game.declarer is not None and game.contract is not None and game.play is not None
        assert game.declaring_points is not None
        results.append((game.declaring_points, game.play.declarer_tricks, table[game.declarer][game.contract.strain]))
    return tricks_by_points(results)
