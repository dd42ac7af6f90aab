"""The records of a lesson: the lesson itself, its exercises, and the lesson names and file names.

A lesson's deals are :class:`~minibridge.board.Board` records, the one board record of the toolkit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from minibridge import language
from minibridge.board import Board
from minibridge.cards import Seat
from minibridge.contract import Contract
from minibridge.dealing import DealSpec
from minibridge.errors import LessonError
from minibridge.language import N_, gettext
from minibridge.places import place
from minibridge.rules import RuleSet

__all__ = ["NUMBER_WORDS", "FILE_NAMES", "VARIANTS", "Exercise", "LessonTexts", "Lesson", "lesson_name", "shown"]

NUMBER_WORDS = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six"}
FILE_NAMES = {n: f"{word.lower()}.yaml" for n, word in NUMBER_WORDS.items()}
VARIANTS = {
    "slam": N_(
        "slams at the 6 and 7 level (goal 12 or 13 tricks, bonus 800): add --slam to score, play or duplicate "
        "score, with the lesson's rules (minibridge play --lesson 5 --slam)"
    ),
    "targets": N_(
        "targets by combined points, each deal won or lost: give --rules targets in place of --lesson to score "
        "(with --hcp), play or records (minibridge play --rules targets); a league of such deals: league new "
        "--scoring targets"
    ),
    "nbb": N_(
        "the Dutch rules (10 a trick, plus and minus points): give --rules nbb in place of --lesson to score, "
        "play or records (minibridge score 4H 10 --rules nbb)"
    ),
}
"""The variants a lesson may name, and how a teacher turns each on (translated where it is shown)."""


@dataclass(frozen=True, kw_only=True)
class Exercise:
    """One exercise: its kind (a name in the exercise registry), its question and the answer the lesson states."""

    id: str
    kind: str
    question: str
    answer: Any
    board: int | None = None
    contract: Contract | None = None
    tricks: int | None = None
    trick: int | None = None
    seat: Seat | None = None
    hint: str | None = None
    """What the pupil is told after a first wrong answer, if the lesson gives it (else the kind's hint)."""


@dataclass(frozen=True, kw_only=True)
class LessonTexts:
    """A lesson's own texts in another language, as its file gives them; what it leaves out stays in English."""

    title: str | None = None
    objectives: tuple[str, ...] | None = None
    teacher_notes: str | None = None
    tips: tuple[str, ...] | None = None
    notes: Mapping[int, str] = field(default_factory=dict)
    """The notes of the deals, by board number."""
    questions: Mapping[str, str] = field(default_factory=dict)
    """The questions of the exercises, by exercise id."""
    hints: Mapping[str, str] = field(default_factory=dict)
    """The hints of the exercises, by exercise id."""


@dataclass(frozen=True, kw_only=True)
class Lesson:
    """A MiniLesson: what it teaches, the rules in force, its deals (boards) and exercises."""

    number: int
    title: str
    objectives: tuple[str, ...]
    teacher_notes: str
    tips: tuple[str, ...]
    rules: RuleSet
    variants: tuple[str, ...]
    deals: tuple[Board, ...]
    exercises: tuple[Exercise, ...]
    path: Path
    generate_spec: DealSpec | None = None
    lines: Mapping[tuple[Any, ...], int] = field(default_factory=dict, repr=False, compare=False)
    translations: Mapping[str, LessonTexts] = field(default_factory=dict, repr=False, compare=False)
    """The lesson's own texts in other languages, by language code (``nl``, ``da``)."""

    def in_language(self, code: str | None = None) -> Lesson:
        """The lesson with its own texts in the language ``code`` (by default the language in use) wherever its
        file gives them, in English elsewhere."""
        texts = self.translations.get(code or language.current().code)
        if texts is None:
            return self
        return replace(
            self,
            title=texts.title or self.title,
            objectives=texts.objectives or self.objectives,
            teacher_notes=texts.teacher_notes or self.teacher_notes,
            tips=texts.tips or self.tips,
            deals=tuple(
                replace(board, note=texts.notes[board.number]) if board.number in texts.notes else board
                for board in self.deals
            ),
            exercises=tuple(
                replace(
                    exercise,
                    question=texts.questions.get(exercise.id, exercise.question),
                    hint=texts.hints.get(exercise.id, exercise.hint),
                )
                for exercise in self.exercises
            ),
        )

    @property
    def name(self) -> str:
        """``MiniLesson Three``, in the language in use."""
        return lesson_name(self.number)

    def board(self, number: int) -> Board:
        """The lesson's board of that number."""
        for board in self.deals:
            if board.number == number:
                return board
        raise LessonError(
            gettext("%(lesson)s has no board %(board)s") % {"lesson": self.name, "board": number}, where=str(self.path)
        )

    def where(self, *path: Any) -> str:
        """The file, line and field of a place in the lesson file."""
        return place(self.path, self.lines, path)


def lesson_name(number: int) -> str:
    """``MiniLesson Three``: the name of lesson ``number`` (1 to 6), in the language in use."""
    return (
        gettext("MiniLesson One"),
        gettext("MiniLesson Two"),
        gettext("MiniLesson Three"),
        gettext("MiniLesson Four"),
        gettext("MiniLesson Five"),
        gettext("MiniLesson Six"),
    )[number - 1]


def shown(value: Any) -> str:
    """A value as a lesson file would write it, for messages.

    >>> shown({"declarer": "S", "winners": ["N", "E"], "short": True})
    "{declarer: 'S', winners: ['N', 'E'], short: true}"
    """
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {shown(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(shown(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"'{value}'"
    return str(value)
