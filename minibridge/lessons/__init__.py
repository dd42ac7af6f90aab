"""The MiniLessons as YAML files: finding and reading them, their rules, and their exercises' answers.

The format is described in ``lessons/README.md``. A file is read within bounds (``places.py``) and validated (a
JSON schema, then the deals and answers against the engine: :mod:`.schema`) before anything uses it; every
problem is reported at once with its file, line and field. The kinds of exercise are in :mod:`.exercises`,
a pupil's answers file in :mod:`.answers`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from minibridge.errors import LessonError
from minibridge.language import at_board, gettext, ngettext
from minibridge.lessons.exercises import (
    EXERCISE_KINDS,
    answer_form_problem,
    answer_matches,
    explain,
    find_kind,
    is_right,
    may_declare,
    pupil_answer,
    solve,
)
from minibridge.lessons.lesson import FILE_NAMES, NUMBER_WORDS, Exercise, Lesson, shown
from minibridge.lessons.reading import numbers_in_words
from minibridge.lessons.schema import load_lesson

__all__ = [
    "EXERCISE_KINDS",
    "FILE_NAMES",
    "NUMBER_WORDS",
    "Exercise",
    "Lesson",
    "Failure",
    "load_lesson",
    "lesson_files",
    "lesson_numbers",
    "find_lesson",
    "no_such_lesson",
    "no_lesson_at",
    "a_lesson_number",
    "not_a_lesson",
    "find_kind",
    "solve",
    "explain",
    "answer_matches",
    "answer_form_problem",
    "is_right",
    "may_declare",
    "verify",
    "pupil_answer",
]


@dataclass(frozen=True, kw_only=True)
class Failure:
    """An answer that the engine does not confirm."""

    lesson: str
    board: int | None
    exercise: str
    expected: Any
    found: Any
    reason: str
    where: str

    def describe(self) -> str:
        """One line: where, which exercise, what the file says and what the engine finds (in the language in
        use)."""
        lesson = self.lesson if self.board is None else f"{self.lesson}, {at_board(self.board)}"
        said = gettext(
            "%(lesson)s, exercise %(exercise)s: the answer given is %(given)s but the deal gives %(found)s (%(reason)s)"
        ) % {
            "lesson": lesson,
            "exercise": self.exercise,
            "given": shown(self.expected),
            "found": shown(self.found),
            "reason": self.reason,
        }
        return f"{self.where}: {said}"


def _shipped() -> Path:
    return Path(str(files("minibridge.lesson_files")))


def lesson_files(directory: Path | None = None) -> list[Path]:
    """The lesson files of a folder (by default the lessons shipped with the toolkit), in lesson order."""
    folder = _shipped() if directory is None else directory
    if not folder.is_dir():
        raise LessonError(gettext("'%(folder)s' is not a folder of lesson files") % {"folder": folder})
    order = {name: number for number, name in FILE_NAMES.items()}
    return sorted(folder.glob("*.yaml"), key=lambda p: (order.get(p.name, 7), p.name))


def lesson_numbers(directory: Path | None = None) -> tuple[int, ...]:
    """The numbers of the lessons in a folder of lesson files (by default the lessons shipped), in order.

    >>> lesson_numbers()
    (1, 2, 3, 4, 5, 6)
    """
    return tuple(_shipped_paths() if directory is None else _lesson_paths(directory))


@functools.cache
def _shipped_paths() -> dict[int, Path]:
    return _lesson_paths(_shipped())


def _lesson_paths(folder: Path) -> dict[int, Path]:
    """The file of each lesson in a folder, by the lesson's number: a file named for its lesson (``five.yaml``)
    is that lesson's, any other is read for its number; the first file of a number is the one found."""
    named = {name: number for number, name in FILE_NAMES.items()}
    paths: dict[int, Path] = {}
    for path in lesson_files(folder):
        paths.setdefault(named[path.name] if path.name in named else load_lesson(path).number, path)
    return dict(sorted(paths.items()))


def find_lesson(number: int, directory: Path | None = None) -> Lesson:
    """Lesson ``number`` from a folder of lesson files (by default the lessons shipped, read once)."""
    if directory is None:
        if number not in lesson_numbers():
            raise LessonError(_no_lesson(number, lesson_numbers()))
        return _shipped_lesson(number)
    if number in FILE_NAMES and (directory / FILE_NAMES[number]).is_file():
        return load_lesson(directory / FILE_NAMES[number])
    paths = _lesson_paths(directory)
    if number not in paths:
        raise LessonError(_no_lesson(number, tuple(paths), folder=directory), where=str(directory))
    return load_lesson(paths[number])


@functools.cache
def _shipped_lesson(number: int) -> Lesson:
    return load_lesson(_shipped_paths()[number])


def _no_lesson(number: int, numbers: tuple[int, ...], *, folder: Path | None = None) -> str:
    """The words for a lesson number that names none of the lessons found."""
    if not numbers:
        return gettext("there are no lesson files in '%(folder)s'") % {"folder": folder}
    values = _lessons_found(numbers) | {"number": number}
    return (
        ngettext(
            "there is %(count)s MiniLesson, numbered %(numbers)s, not %(number)s",
            "there are %(count)s MiniLessons, numbered %(numbers)s, not %(number)s",
            len(numbers),
        )
        % values
    )


def _lessons_found(numbers: Sequence[int]) -> dict[str, str]:
    """How many lessons there are, in words (``six``), and their numbers (``1 to 6``, ``1 to 3 or 5``)."""
    runs: list[list[int]] = []
    for number in sorted(numbers):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    shown = [
        str(run[0]) if len(run) == 1 else gettext("%(first)s to %(last)s") % {"first": run[0], "last": run[-1]}
        for run in runs
    ]
    said = numbers_in_words()
    count = said[len(numbers)][0] if len(numbers) < len(said) else str(len(numbers))
    listed = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + gettext(" or ") + shown[-1]
    return {"count": count, "numbers": listed}


def no_such_lesson(number: object) -> str:
    """The words for a lesson number that names none of the lessons shipped, with the ones there are: ``there
    are six MiniLessons: choose a lesson from 1 to 6, not 7``."""
    numbers = lesson_numbers()
    return ngettext(
        "there is %(count)s MiniLesson: choose a lesson from %(numbers)s, not %(lesson)s",
        "there are %(count)s MiniLessons: choose a lesson from %(numbers)s, not %(lesson)s",
        len(numbers),
    ) % (_lessons_found(numbers) | {"lesson": number})


def no_lesson_at(number: object) -> str:
    """The words for an address that names a lesson there is not: ``there are six MiniLessons, 1 to 6: there is
    no lesson 7``."""
    numbers = lesson_numbers()
    return ngettext(
        "there is %(count)s MiniLesson, %(numbers)s: there is no lesson %(number)s",
        "there are %(count)s MiniLessons, %(numbers)s: there is no lesson %(number)s",
        len(numbers),
    ) % (_lessons_found(numbers) | {"number": number})


def a_lesson_number() -> str:
    """What a lesson number of the lessons shipped is, in words: ``a lesson from 1 to 6``."""
    return gettext("a lesson from %(numbers)s") % _lessons_found(lesson_numbers())


def not_a_lesson(ref: object, *, directory: Path | None = None) -> str:
    """The words for a lesson named by something that is neither a lesson's number nor a lesson file
    (``directory``: the folder of lesson files in use, by default the lessons shipped)."""
    numbers = lesson_numbers(directory)
    if not numbers:
        return gettext("'%(ref)s' is not a lesson file") % {"ref": ref}
    return gettext("'%(ref)s' is neither a lesson number (%(numbers)s) nor a lesson file") % {
        "ref": ref,
        "numbers": _lessons_found(numbers)["numbers"],
    }


def verify(lesson: Lesson) -> list[Failure]:
    """Replay the lesson's deals and check every stated answer; the answers the engine does not confirm."""
    failures = []
    for index, exercise in enumerate(lesson.exercises):
        right, found = is_right(lesson, exercise, exercise.answer)
        if not right:
            failures.append(
                Failure(
                    lesson=lesson.name,
                    board=exercise.board,
                    exercise=exercise.id,
                    expected=exercise.answer,
                    found=found,
                    reason=explain(lesson, exercise),
                    where=lesson.where("exercises", index, "answer"),
                )
            )
    return failures
