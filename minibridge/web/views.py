"""What a pupil sees of the classroom besides the game: a finished deal's tricks one by one, worked out from the
pupil's view alone, and a lesson's exercises before they are answered (never an answer).

The view of a game itself is the library's (:func:`minibridge.classroom.pupil_view`): the one place that decides
what a pupil may see.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from minibridge.board import Board
from minibridge.cards import Seat
from minibridge.language import gettext
from minibridge.lessons import find_kind
from minibridge.lessons.exercises import answer_form, pupil_answer
from minibridge.lessons.lesson import Exercise, Lesson
from minibridge.lessons.reading import Form, Part

__all__ = ["replay_view", "exercise_view", "answer_words", "answer_from_form"]


def replay_view(view: dict[str, Any], number: int) -> dict[str, Any] | None:
    """Trick ``number`` of a deal that is over, worked out from its view alone: the trick (``trick``: ``leader``,
    ``cards``, ``winner``) in the middle, the cards each hand still held once it was played (``hands``: neither
    the earlier tricks' cards nor this trick's, so no card is shown twice), ``number`` (kept within the tricks)
    and ``count``; None before the deal is over or when no trick was played."""
    tricks = view["tricks"]
    if view["phase"] not in ("deal_over", "game_over") or not tricks:
        return None
    number = min(max(number, 1), len(tricks))
    gone = {card for trick in tricks[:number] for card in trick["cards"].values()}
    return {
        "number": number,
        "count": len(tricks),
        "hands": {seat: [card for card in cards if card not in gone] for seat, cards in view["hands"].items()},
        "trick": tricks[number - 1],
    }


def _letter(seat: Seat | None) -> str | None:
    return seat.letter if seat is not None else None


# --- a lesson's exercises --------------------------------------------------------------------------------------


def exercise_view(lesson: Lesson, exercise: Exercise) -> dict[str, Any]:
    """An exercise as a pupil sees it before answering: the question, the form of the answer and what the
    question needs (the deal, the recorded play, the contract and tricks given), never the answer; and how the
    page asks it, from its kind in the registry (:func:`answer_words`, and the facts of the kind: ``how``,
    ``counts_in_hands``, ``play_in_order``, ``play_upto``, ``play_in_answer``, ``one_tap``)."""
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
    board = lesson.board(exercise.board) if exercise.board is not None else None
    if board is not None:
        view["deal"] = _board_view(board, full=not kind.hands_only, play=kind.needs_play)
    tricks = len(board.play.tricks) if board is not None and board.play is not None else 0
    view |= answer_words(exercise, tricks_played=tricks)
    view |= {
        "how": gettext(kind.how) if kind.how else None,
        "counts_in_hands": kind.counts_in_hands,
        "play_in_order": kind.play_in_order,
        "play_upto": exercise.trick if kind.play_up_to_trick else None,
        "play_in_answer": kind.play_in_answer,
        "one_tap": kind.one_tap,
    }
    return view


def answer_words(exercise: Exercise, *, tricks_played: int = 0) -> dict[str, Any]:
    """How the pages ask an exercise's answer and show it, in the language in use: ``parts``, the parts asked
    in the kind's order (``key``, ``field``: the form field that gives it, ``form``, ``label``, ``question``,
    ``seat``: the seat whose hand it is about, if any, ``choices``: ``value``, ``words`` and ``hint`` each, and
    for a number ``least``, ``most``, ``step`` and
    ``pad``: tiles to tap rather than − and +), and ``offers``, the whole answers offered besides (``value``,
    ``question``, ``words``, ``said``). ``tricks_played`` bounds a number that is a trick of the recorded play."""
    kind = find_kind(exercise.kind)
    given = exercise.answer if isinstance(exercise.answer, dict) else None
    seat = exercise.seat.in_words if exercise.seat is not None else ""
    offers = [
        {"value": o.answer, "question": gettext(o.question), "words": gettext(o.words), "said": gettext(o.said)}
        for o in kind.offers
    ]
    return {"parts": [_part_view(part, seat, tricks_played) for part in kind.parts_asked(given)], "offers": offers}


def _part_view(part: Part, seat: str, tricks_played: int) -> dict[str, Any]:
    """One part of an answer as the pages ask it (see :func:`answer_words`); ``seat``: the exercise's seat in
    words, for a question that names it (a part about a seat's hand names that seat)."""
    label = part.named
    named = part.seat.in_words if part.seat is not None else seat
    return {
        "key": part.key,
        "field": part.key or "answer",
        "form": part.form.value,
        "label": label,
        "question": gettext(part.question) % {"seat": named} if part.question else label,
        "seat": _letter(part.seat),
        "choices": [
            {
                "value": value,
                "words": gettext(part.choice_words[value]) if value in part.choice_words else value,
                "hint": gettext(part.choice_hints[value]) if value in part.choice_hints else None,
            }
            for value in part.choices
        ],
        "least": 1 if part.of_the_play else 0,
        "most": tricks_played if part.of_the_play else part.most,
        "step": part.step,
        "pad": part.pad,
    }


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


def answer_from_form(view: Mapping[str, Any], fields: Mapping[str, str]) -> tuple[Any, list[str]]:
    """The answer the widgets give, tidied into the form of the lesson files as ``minibridge check`` tidies a
    pupil's answer, and the fields of the parts still to answer; an answer with parts missing is not marked.
    A whole answer (a number, a word, ``redeal``) comes as the field ``answer``; the parts asked (the view's
    ``parts``, in order) as a field each, a seat for each trick as one field per trick (``winners-1``, …)."""
    whole = fields.get("answer", "").strip()
    if whole:
        return pupil_answer(view["kind"], whole, view["asks"]), []
    given: dict[str, Any] = {}
    for part in view["parts"]:
        if not part["key"]:
            continue  # the whole answer, not given
        if part["form"] == Form.SEAT_EACH_TRICK:
            count = len(view["deal"]["play"]["tricks"])
            values = [fields.get(f"{part['field']}-{number}", "").strip() for number in range(1, count + 1)]
            if all(values):
                given[part["key"]] = values
        elif fields.get(part["field"], "").strip():
            given[part["key"]] = fields[part["field"]].strip()
    missing = [part["field"] for part in view["parts"] if part["key"] not in given]
    return (pupil_answer(view["kind"], given, view["asks"]) if given else None), missing
