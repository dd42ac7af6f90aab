"""A class quiz: a lesson's exercises asked one at a time to the whole class, each open for a time the teacher sets.

A quiz is plain data (:func:`new_quiz`), kept by the caller between steps, so that a restart loses nothing. The
teacher opens the next question (:func:`next_question`); pupils answer while it is open (:func:`take_answer`: the
first answer of each pupil counts, marked as ``minibridge check`` marks it); it closes when the teacher says
(:func:`close_question`) or when its time has run out, which is read from the clock each time the quiz is looked at
(:func:`is_open`). Only a closed question may show its answer and reason. Each right answer scores a point; pupils
level on points are ranked by speed, the seconds their right answers took together (:func:`leaderboard`).

>>> from datetime import UTC, datetime, timedelta
>>> from minibridge.lessons import find_lesson
>>> lesson, start = find_lesson(3), datetime(2026, 1, 5, 9, tzinfo=UTC)
>>> quiz = new_quiz(lesson, start, seconds=30)
>>> phase(quiz, start)
'waiting'
>>> next_question(quiz, start)["exercise"]
'1'
>>> take_answer(quiz, lesson, "Ann", {"N": 11, "E": 7, "S": 14, "W": 8}, start + timedelta(seconds=4))
True
>>> phase(quiz, start + timedelta(seconds=10)), phase(quiz, start + timedelta(seconds=31))
('open', 'closed')
>>> leaderboard(quiz, start + timedelta(seconds=31))
[{'name': 'Ann', 'points': 1, 'seconds': 4.0, 'place': 1}]
"""

from __future__ import annotations

import unicodedata
from datetime import datetime
from typing import Any

from minibridge.errors import MiniBridgeError
from minibridge.language import gettext
from minibridge.lessons.answers import Mark, mark_answers
from minibridge.lessons.lesson import Exercise, Lesson

__all__ = [
    "LEAST_SECONDS",
    "MOST_SECONDS",
    "SECONDS",
    "QuizError",
    "new_quiz",
    "phase",
    "is_open",
    "question",
    "exercise_of",
    "next_question",
    "close_question",
    "take_answer",
    "answer_of",
    "answered",
    "answers_to_keep",
    "seconds_left",
    "started",
    "right_answer",
    "leaderboard",
]

SECONDS = 30
"""The time for each question when the teacher sets none."""
LEAST_SECONDS = 5
MOST_SECONDS = 600


class QuizError(MiniBridgeError):
    """A step the quiz cannot take now (its ``status``: 409 for the wrong moment, 422 for a refused answer)."""

    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.status = status


def new_quiz(lesson: Lesson, now: datetime, *, seconds: int = SECONDS) -> dict[str, Any]:
    """A quiz of every exercise of ``lesson``, started at ``now``, ``seconds`` for each, no question open yet."""
    if not lesson.exercises:
        raise QuizError(gettext("%(lesson)s has no exercises to ask") % {"lesson": lesson.name}, 422)
    return {
        "lesson": lesson.number,
        "started": now.isoformat(),
        "seconds": seconds,
        "questions": [exercise.id for exercise in lesson.exercises],
        "at": -1,
        "opened": None,
        "closed": False,
        "answers": [],
        "kept": [],
    }


def phase(quiz: dict[str, Any], now: datetime) -> str:
    """Where the quiz stands at ``now``: ``waiting`` (no question asked yet), ``open``, ``closed`` (the question's
    answer may be shown) or ``finished`` (after the last question)."""
    if quiz["at"] < 0:
        return "waiting"
    if quiz["at"] >= len(quiz["questions"]):
        return "finished"
    return "open" if is_open(quiz, now) else "closed"


def is_open(quiz: dict[str, Any], now: datetime) -> bool:
    """Whether the question in play takes answers at ``now``: asked, not closed by the teacher, time not run out."""
    if quiz["at"] < 0 or quiz["at"] >= len(quiz["questions"]) or quiz["closed"]:
        return False
    return _elapsed(quiz, now) < quiz["seconds"]


def started(quiz: dict[str, Any]) -> datetime:
    """When the quiz was started."""
    return datetime.fromisoformat(quiz["started"])


def seconds_left(quiz: dict[str, Any], now: datetime) -> int:
    """The whole seconds the question in play stays open (0 when it does not take answers)."""
    return max(0, int(quiz["seconds"] - _elapsed(quiz, now) + 0.999)) if is_open(quiz, now) else 0


def question(quiz: dict[str, Any]) -> dict[str, Any] | None:
    """The question in play: its ``number`` (from 1), ``count`` of questions and the lesson's ``exercise`` id; None
    before the first and after the last."""
    at = quiz["at"]
    if at < 0 or at >= len(quiz["questions"]):
        return None
    return {"number": at + 1, "count": len(quiz["questions"]), "exercise": quiz["questions"][at]}


def exercise_of(quiz: dict[str, Any], lesson: Lesson) -> Exercise | None:
    """The lesson's exercise the question in play asks, or None when no question is in play."""
    asked = question(quiz)
    return next((e for e in lesson.exercises if e.id == asked["exercise"]), None) if asked else None


def next_question(quiz: dict[str, Any], now: datetime) -> dict[str, Any] | None:
    """Open the next question at ``now`` (the one in play closes); the question, or None after the last."""
    if quiz["at"] >= len(quiz["questions"]):
        raise QuizError(gettext("the quiz is over: start a new one"))
    quiz["at"] += 1
    quiz["opened"] = now.isoformat()
    quiz["closed"] = False
    return question(quiz)


def close_question(quiz: dict[str, Any], now: datetime) -> None:
    """The teacher closes the question in play: no more answers, its answer may be shown."""
    if not is_open(quiz, now):
        raise QuizError(gettext("no question is open now"))
    quiz["closed"] = True


def take_answer(quiz: dict[str, Any], lesson: Lesson, name: str, given: Any, now: datetime) -> bool:
    """Keep ``name``'s answer ``given`` (in the form of the lesson files) to the question in play, marked; whether
    it was kept (False: the pupil had answered it already, and the first answer counts). Refused when no question
    is open, or when the answer cannot be read."""
    exercise = exercise_of(quiz, lesson)
    if exercise is None or not is_open(quiz, now):
        raise QuizError(gettext("This question is closed. Wait for the next one."))
    if answer_of(quiz, name) is not None:
        return False
    mark = _mark(lesson, exercise, given)
    entry = {"at": quiz["at"], "name": name, "given": mark.given, "right": mark.right, "seconds": _elapsed(quiz, now)}
    quiz["answers"].append(entry)
    return True


def answer_of(quiz: dict[str, Any], name: str) -> dict[str, Any] | None:
    """``name``'s answer to the question in play (``given``, ``right``, ``seconds``), or None."""
    key = _key(name)
    found = (a for a in quiz["answers"] if a["at"] == quiz["at"] and _key(a["name"]) == key)
    return next(found, None)


def answered(quiz: dict[str, Any]) -> int:
    """How many pupils answered the question in play."""
    return sum(1 for a in quiz["answers"] if a["at"] == quiz["at"])


def answers_to_keep(quiz: dict[str, Any], now: datetime) -> list[dict[str, Any]]:
    """The answers to the question in play, once it has closed and only the first time they are asked for (the
    caller keeps them with the pupils' progress, then saves the quiz): none while it is open."""
    if phase(quiz, now) != "closed" or quiz["at"] in quiz["kept"]:
        return []
    quiz["kept"].append(quiz["at"])
    return [a for a in quiz["answers"] if a["at"] == quiz["at"]]


def right_answer(quiz: dict[str, Any], lesson: Lesson, now: datetime) -> Mark | None:
    """The right answer to the question in play and its reason, only once the question has closed."""
    exercise = exercise_of(quiz, lesson)
    if exercise is None or phase(quiz, now) != "closed":
        return None
    return _mark(lesson, exercise, None)


def leaderboard(quiz: dict[str, Any], now: datetime) -> list[dict[str, Any]]:
    """The pupils by points (a right answer each), then by the seconds their right answers took together; each
    ``name``, ``points``, ``seconds`` and ``place`` (pupils level on both share a place). Only questions closed
    count: an open question's answers are not shown yet."""
    still_open = quiz["at"] if is_open(quiz, now) else None
    table: dict[str, dict[str, Any]] = {}
    for answer in quiz["answers"]:
        row = table.setdefault(_key(answer["name"]), {"name": answer["name"], "points": 0, "seconds": 0.0})
        if answer["at"] != still_open and answer["right"]:
            row["points"] += 1
            row["seconds"] = round(row["seconds"] + answer["seconds"], 1)
    rows = sorted(table.values(), key=lambda r: (-r["points"], r["seconds"], _key(r["name"])))
    for number, row in enumerate(rows):
        before = rows[number - 1] if number else None
        same = before is not None and (before["points"], before["seconds"]) == (row["points"], row["seconds"])
        row["place"] = before["place"] if same and before is not None else number + 1
    return rows


def _mark(lesson: Lesson, exercise: Exercise, given: Any) -> Mark:
    """The answer ``given`` to one exercise marked as ``minibridge check`` marks it; refused when unreadable."""
    try:
        marks = mark_answers(lesson, {exercise.id: given})
    except MiniBridgeError as error:
        raise QuizError(str(error), 422) from None
    return next(m for m in marks if m.exercise == exercise.id)


def _key(name: str) -> str:
    """A name as the quiz compares names: in any case, with any spaces."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def _elapsed(quiz: dict[str, Any], now: datetime) -> float:
    """Seconds since the question in play was asked."""
    return round((now - datetime.fromisoformat(quiz["opened"])).total_seconds(), 1)
