"""What a pupil sees of the classroom besides the game: a finished deal's tricks one by one, worked out from the
pupil's view alone, and a lesson's exercises before they are answered (never an answer).

The view of a game itself is the library's (:func:`minibridge.classroom.pupil_view`): the one place that decides
what a pupil may see.
"""

from __future__ import annotations

from typing import Any

from minibridge.board import Board
from minibridge.cards import Seat
from minibridge.lessons import find_kind
from minibridge.lessons.exercises import answer_form
from minibridge.lessons.lesson import Exercise, Lesson

__all__ = ["replay_view", "exercise_view"]


def replay_view(view: dict[str, Any], number: int) -> dict[str, Any] | None:
    """Trick ``number`` of a deal that is over, worked out from its view alone: the hands as they stood before
    it (``hands``), the trick (``trick``: ``leader``, ``cards``, ``winner``), ``number`` (kept within the
    tricks) and ``count``; None before the deal is over or when no trick was played."""
    tricks = view["tricks"]
    if view["phase"] not in ("deal_over", "game_over") or not tricks:
        return None
    number = min(max(number, 1), len(tricks))
    gone = {card for trick in tricks[: number - 1] for card in trick["cards"].values()}
    return {
        "number": number,
        "count": len(tricks),
        "hands": {seat: [card for card in cards if card not in gone] for seat, cards in view["hands"].items()},
        "trick": tricks[number - 1],
    }


def _letter(seat: Seat | None) -> str | None:
    return seat.letter if seat is not None else None


# --- a lesson's exercises --------------------------------------------------------------------------------------

_DEAL_ONLY = ("hcp", "declarer")
"""Kinds whose answer the board's declarer, contract or play would give away: the pupil sees the hands only."""


def exercise_view(lesson: Lesson, exercise: Exercise) -> dict[str, Any]:
    """An exercise as a pupil sees it before answering: the question, the form of the answer and what the
    question needs (the deal, the recorded play, the contract and tricks given), never the answer."""
    kind = find_kind(exercise.kind)
    view: dict[str, Any] = {
        "id": exercise.id,
        "kind": exercise.kind,
        "board": exercise.board,
        "question": exercise.question,
        "form": answer_form(exercise),
        "asks": sorted(exercise.answer) if isinstance(exercise.answer, dict) else None,
        "contract": str(exercise.contract) if exercise.contract is not None else None,
        "tricks": exercise.tricks,
        "trick": exercise.trick,
        "seat": _letter(exercise.seat),
        "deal": None,
    }
    if exercise.board is not None:
        view["deal"] = _board_view(
            lesson.board(exercise.board), full=exercise.kind not in _DEAL_ONLY, play=kind.needs_play
        )
    return view


def _board_view(board: Board, *, full: bool, play: bool) -> dict[str, Any]:
    """A lesson's board: the dealer and the hands; with ``full`` declarer and the contract, with ``play`` the
    recorded play (the cards in the order they fell when known, and the tricks by seat)."""
    assert board.deal is not None
    shown: dict[str, Any] = {
        "dealer": _letter(board.dealer),
        "hands": {seat.letter: [str(card) for card in board.deal[seat]] for seat in Seat},
    }
    if full:
        shown["declarer"] = _letter(board.declarer)
        shown["contract"] = str(board.contract) if board.contract is not None else None
    if play and board.play is not None:
        record = board.play
        shown["play"] = {
            "leader": record.leader.letter,
            "order": [str(card) for card in record.order] if record.order is not None else None,
            "tricks": [
                {seat.letter: str(row[seat]) for seat in Seat if row[seat] is not None} for row in record.tricks
            ],
        }
    return shown
