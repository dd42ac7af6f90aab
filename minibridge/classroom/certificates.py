"""Certificates to take home: which lessons a pupil has earned one for, and the certificates of a pupil or a class.

A pupil earns a lesson's certificate when every exercise of the lesson has been answered right at least once; when
the teacher asks for it (``need_deals``), the pupil must also have finished as many of the lesson's deals as the
lesson has deals of its own. A pupil who has earned every lesson's certificate earns the course's.
:func:`earned_lessons` is the one home of that rule.

>>> class Answer:
...     def __init__(self, lesson, exercise, right):
...         self.pupil, self.lesson, self.exercise, self.right = "Amy", lesson, exercise, right
>>> answers = [Answer(1, str(n), True) for n in range(1, 7)] + [Answer(2, "1", True)]
>>> earned_lessons(answers)
[1]
>>> earned_lessons(answers, deals={1: 2}, need_deals=True)
[]
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

from minibridge.lessons import find_lesson, lesson_numbers

__all__ = ["Answer", "Certificate", "earned_lessons", "earned_by_pupil", "certificates_for", "pupil_names"]


class Answer(Protocol):
    """One answer a pupil gave to an exercise, as the classroom keeps it."""

    pupil: str
    lesson: int
    exercise: str
    right: bool


@dataclass(frozen=True, kw_only=True)
class Certificate:
    """One certificate: the pupil's name, the lesson (None: the whole course), the date, the school (or "")."""

    name: str
    lesson: int | None
    date: datetime.date
    school: str = ""


def earned_lessons(
    answers: Iterable[Answer], *, deals: Mapping[int, int] | None = None, need_deals: bool = False
) -> list[int]:
    """The lessons one pupil has earned a certificate for, in order: every exercise of the lesson answered right
    at least once (``answers``: that pupil's), and with ``need_deals`` at least as many deals of the lesson finished
    (``deals``: how many the pupil finished, by lesson) as the lesson has deals of its own."""
    right: dict[int, set[str]] = {}
    for answer in answers:
        if answer.right:
            right.setdefault(answer.lesson, set()).add(answer.exercise)
    played = deals or {}
    earned = []
    for number in lesson_numbers():
        lesson = find_lesson(number)
        exercises = {exercise.id for exercise in lesson.exercises}
        if not exercises or not exercises <= right.get(number, set()):
            continue
        if need_deals and played.get(number, 0) < len(lesson.deals):
            continue
        earned.append(number)
    return earned


def pupil_names(answers: Iterable[Answer]) -> list[str]:
    """The names of the pupils who answered, in alphabetical order (each once)."""
    return sorted({answer.pupil for answer in answers}, key=lambda name: (name.casefold(), name))


def earned_by_pupil(
    answers: Iterable[Answer], *, deals: Mapping[str, Mapping[int, int]] | None = None, need_deals: bool = False
) -> dict[str, list[int]]:
    """For each pupil who answered (alphabetical order), the lessons earned (:func:`earned_lessons`); ``deals``:
    the deals each pupil finished, by name then lesson."""
    answers = list(answers)
    played = deals or {}
    return {
        name: earned_lessons([a for a in answers if a.pupil == name], deals=played.get(name, {}), need_deals=need_deals)
        for name in pupil_names(answers)
    }


def certificates_for(
    earned: Mapping[str, list[int]],
    *,
    lesson: int | None,
    date: datetime.date,
    school: str = "",
) -> list[Certificate]:
    """The certificates of ``lesson`` (None: the whole course, for those who earned every lesson) for each pupil of
    ``earned`` (name → lessons earned) who earned it, in that order."""
    every = list(lesson_numbers())
    return [
        Certificate(name=name, lesson=lesson, date=date, school=school)
        for name, lessons in earned.items()
        if (lesson in lessons if lesson is not None else lessons == every)
    ]
