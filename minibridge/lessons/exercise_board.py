"""The board an exercise is about, and what the engine works out from it for the kinds of exercise: the deal,
the contract given, the announcement, the recorded play replayed under the Laws, and the score."""

from __future__ import annotations

from minibridge.announce import Announcement, announce
from minibridge.board import Board
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.errors import LessonError
from minibridge.language import gettext, ngettext
from minibridge.lessons.lesson import Exercise, Lesson
from minibridge.play import Play
from minibridge.recorded import replay_record
from minibridge.scoring import Score, score

__all__ = [
    "board_of",
    "tricks_played",
    "deal_of",
    "contract_of",
    "announcement_of",
    "recorded_play",
    "declaring_points",
    "score_of",
    "scores",
]


def board_of(lesson: Lesson, exercise: Exercise) -> Board:
    """The lesson's board the exercise names; refused when it names none."""
    if exercise.board is None:
        raise LessonError(
            gettext("exercise %(id)s of %(lesson)s names no board") % {"id": exercise.id, "lesson": lesson.name},
            where=str(lesson.path),
        )
    return lesson.board(exercise.board)


def tricks_played(board: Board, played: int, asked: int) -> str:
    """The words for a trick asked about that the board's play does not reach."""
    return ngettext(
        "board %(board)s has only %(played)s trick played, not %(asked)s",
        "board %(board)s has only %(played)s tricks played, not %(asked)s",
        played,
    ) % {"board": board.number, "played": played, "asked": asked}


def deal_of(board: Board) -> Deal:
    """A lesson board's deal (every lesson board has one)."""
    assert board.deal is not None
    return board.deal


def contract_of(exercise: Exercise) -> Contract:
    """The contract an exercise gives (the kinds that need one are refused without it)."""
    assert exercise.contract is not None
    return exercise.contract


def announcement_of(lesson: Lesson, exercise: Exercise) -> Announcement:
    """The announcement of the exercise's board under the lesson's tie rule."""
    board = board_of(lesson, exercise)
    assert board.dealer is not None
    return announce(deal_of(board), board.dealer, tie_rule=lesson.rules.tie_rule)


def recorded_play(lesson: Lesson, exercise: Exercise) -> Play:
    """The board's recorded play replayed under the Laws, with its claim."""
    return replay_record(board_of(lesson, exercise))


def declaring_points(lesson: Lesson, exercise: Exercise) -> int | None:
    """The declaring side's points on the exercise's board (for the schemes by points), or None."""
    if exercise.board is None:
        return None
    board = lesson.board(exercise.board)
    assert board.dealer is not None
    result = announce(deal_of(board), board.dealer)
    return None if result.declaring_side is None else result.side_hcp(result.declaring_side)


def score_of(lesson: Lesson, exercise: Exercise, contract: Contract, tricks: int) -> Score:
    """The score of ``contract`` with declarer's side taking ``tricks``, under the lesson's rules."""
    return score(contract, tricks, lesson.rules, points=declaring_points(lesson, exercise))


def scores(result: Score) -> dict[str, int]:
    """A score as the parts of an answer: the declarers' points and the defenders'."""
    return {"declarers": result.declarers_score, "defenders": result.defenders_score}
