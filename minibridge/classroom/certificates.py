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

__all__ = [
    "Answer",
    "Finished",
    "Certificate",
    "earned_lessons",
    "deals_by_lesson",
    "earned_by_pupil",
    "class_certificates",
    "named_certificates",
    "certificates_for",
    "pupil_names",
]


class Finished(Protocol):
    """A deal a pupil finished, in a lesson's games (None: free play)."""

    pupil: str
    lesson: int | None


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


def deals_by_lesson(deals: Iterable[Finished]) -> dict[str, dict[int, int]]:
    """How many deals each pupil finished in each lesson's games (free play left out)."""
    counted: dict[str, dict[int, int]] = {}
    for deal in deals:
        if deal.lesson is not None:
            by_lesson = counted.setdefault(deal.pupil, {})
            by_lesson[deal.lesson] = by_lesson.get(deal.lesson, 0) + 1
    return counted


def earned_by_pupil(
    answers: Iterable[Answer], *, deals: Iterable[Finished] = (), need_deals: bool = False
) -> dict[str, list[int]]:
    """For each pupil who answered (alphabetical order), the lessons earned (:func:`earned_lessons`); ``deals``:
    the deals the pupils finished."""
    answers = list(answers)
    played = deals_by_lesson(deals)
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


def class_certificates(
    answers: Iterable[Answer],
    *,
    lesson: int | None,
    date: datetime.date,
    school: str = "",
    deals: Iterable[Finished] = (),
    need_deals: bool = False,
    names: Iterable[str] | None = None,
) -> list[Certificate]:
    """The certificates of ``lesson`` (None: the course) that the class's pupils have earned, from everything kept,
    in alphabetical order; with ``names``, only theirs."""
    earned = earned_by_pupil(answers, deals=deals, need_deals=need_deals)
    if names is not None:
        wanted = set(names)
        earned = {name: lessons for name, lessons in earned.items() if name in wanted}
    return certificates_for(earned, lesson=lesson, date=date, school=school)


def named_certificates(
    names: Iterable[str], *, lesson: int | None, date: datetime.date, school: str = ""
) -> list[Certificate]:
    """Certificates of ``lesson`` (None: the course) for the pupils the teacher names, in that order (names tidied,
    empty ones left out)."""
    tidied = (" ".join(name.split()) for name in names)
    return [Certificate(name=name, lesson=lesson, date=date, school=school) for name in tidied if name]
