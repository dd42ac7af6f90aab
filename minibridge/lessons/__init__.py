"""The six MiniLessons as YAML files: finding and reading them, their rules, and their exercises' answers.

The format is described in ``lessons/README.md``. A file is read within bounds (``places.py``) and validated (a
JSON schema, then the deals and answers against the engine: :mod:`.schema`) before anything uses it; every
problem is reported at once with its file, line and field. The kinds of exercise are in :mod:`.exercises`,
a pupil's answers file in :mod:`.answers`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from minibridge.errors import LessonError
from minibridge.language import at_board, gettext
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
from minibridge.lessons.lesson import FILE_NAMES, NUMBER_WORDS, Exercise, Lesson, lesson_name, shown
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
    "find_lesson",
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


def find_lesson(number: int, directory: Path | None = None) -> Lesson:
    """Lesson ``number`` (1 to 6) from a folder of lesson files (by default the lessons shipped, read once)."""
    if number not in NUMBER_WORDS:
        raise LessonError(gettext("there are six MiniLessons, numbered 1 to 6, not %(number)s") % {"number": number})
    return _shipped_lesson(number) if directory is None else _folder_lesson(number, directory)


@functools.cache
def _shipped_lesson(number: int) -> Lesson:
    return _folder_lesson(number, _shipped())


def _folder_lesson(number: int, folder: Path) -> Lesson:
    expected = folder / FILE_NAMES[number]
    if expected.is_file():
        return load_lesson(expected)
    for path in lesson_files(folder):
        lesson = load_lesson(path)
        if lesson.number == number:
            return lesson
    raise LessonError(
        gettext("there is no file for %(lesson)s in '%(folder)s'") % {"lesson": lesson_name(number), "folder": folder}
    )


def not_a_lesson(ref: object) -> str:
    """The words for a lesson named by something that is neither a lesson's number nor a lesson file."""
    return gettext("'%(ref)s' is neither a lesson number (1 to 6) nor a lesson file") % {"ref": ref}


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
