"""The pupils' games on a live event's boards (``minibridge.event_games``): the setup that plays the teacher's
boards, and each pupil's result on a board told for each side, whichever side declared."""

from __future__ import annotations

import random

import pytest
from pupils import finish_deal

from minibridge.cards import Side
from minibridge.classroom import PupilGame
from minibridge.duplicate import new_event
from minibridge.event_games import game_setup, pupil_row, pupils_traveller
from minibridge.table import Game


def _seed_declared_by(side: Side) -> int:
    """A seed whose first board the announcement gives to ``side``."""
    for seed in range(100):
        event = new_event(name="Class", boards=1, seed=seed)
        announced = Game(event.rules, event.boards[0]).announcement
        if announced is not None and announced.declarer is not None and announced.declarer.side is side:
            return seed
    raise AssertionError(f"no seed below 100 gives the first board to {side}")


@pytest.mark.parametrize("side", list(Side))
def test_a_pupils_result_on_a_board_is_told_for_each_side(side: Side):
    event = new_event(name="Class", boards=1, seed=_seed_declared_by(side), slam=True)
    setup = game_setup(event, samples=2)
    assert (setup.boards, setup.slam, setup.lesson, setup.seed) == (event.written_boards(), True, None, event.seed)
    game = PupilGame.start(setup)
    assert pupils_traveller([("Amy", game)], 1) == []  # nothing until the board is finished
    finish_deal(game, random.Random(1))
    finished = game.records[0].finished
    assert finished is not None and finished.declarer is not None and finished.declarer.side is side
    score = finished.result
    [row] = pupils_traveller([("Amy", game)], 1)
    declarers, defenders = (
        (row["ns_score"], row["ew_score"]) if side is Side.NORTH_SOUTH else (row["ew_score"], row["ns_score"])
    )
    assert (declarers, defenders) == (score.declarers_score, score.defenders_score)
    assert (row["declarer"], row["contract"], row["made"]) == (
        finished.declarer.letter,
        str(finished.contract),
        score.made,
    )
    assert row["tricks"] == finished.tricks(side) and sum(row["tricks_won"].values()) == 13
    at_the_end = pupil_row("Amy", game)
    assert (at_the_end["phase"], at_the_end["finished"], at_the_end["trick"]) == ("game_over", True, None)
    assert pupils_traveller([("Amy", game)], 2) == []
