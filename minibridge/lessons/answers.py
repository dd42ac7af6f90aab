"""A pupil's answers file: the empty form to fill in, reading a filled one, and marking every answer.

An answers file names its lesson (a number, or a lesson file beside it) and gives an answer per exercise,
as fields or as a line of text; seats and numbers may be written as words::

    lesson: 3
    pupil: Sam
    answers:
      1: N 11, E 7, S 14, W 8
      2: {declarer: South, dummy: North}
      5: seven

The answers are marked on their content (:mod:`.reading`), against the parts each question asks.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from minibridge.errors import LessonError
from minibridge.language import N_, at_board, gettext
from minibridge.lessons import find_lesson, not_a_lesson
from minibridge.lessons.exercises import answer_form, asked_keys, find_kind, read_pupil_answer
from minibridge.lessons.lesson import Exercise, Lesson
from minibridge.lessons.schema import load_lesson
from minibridge.places import place, read_yaml_file
from minibridge.reading import digits

__all__ = ["Answers", "Mark", "answers_template", "read_answers", "mark_answers", "marks_data"]


@dataclass(frozen=True, kw_only=True)
class Answers:
    """A pupil's answers file as read: the lesson, the pupil's name if given, the answers by exercise id."""

    lesson: Lesson
    pupil: str | None
    given: dict[str, Any]


@dataclass(frozen=True, kw_only=True)
class Mark:
    """One exercise marked: the pupil's answer (tidied), whether it is right, the engine's answer and why."""

    exercise: str
    board: int | None
    given: Any
    """The pupil's answer in the form of the lesson files, or None when not answered."""
    right: bool
    answer: Any
    """The engine's answer, with only the keys the lesson's own answer gives."""
    answer_text: str
    reason: str
    """Why that is the answer; what is wrong with the form of the pupil's answer, if anything, in brackets."""
    cue: str | None = None
    """What the rule book tells a pupil whose answer is wrong in the way it names (points that do not add up
    to 40: a re-count is necessary)."""


def answers_template(lesson: Lesson, ref: str) -> str:
    """The empty answers file for a lesson named by ``ref`` (a number or a lesson file): each exercise's
    question and the form of its answer, as YAML comments in the language in use (the fields in English: they
    are what the pupil types)."""
    import yaml

    lesson = lesson.in_language()
    lines = [
        "# " + gettext("Answers to %(lesson)s: %(title)s") % {"lesson": lesson.name, "title": lesson.title},
        *(
            f"# {line}"
            for line in textwrap.wrap(
                gettext(
                    "Write each answer after its number in the form shown, a value in place of each __; words are "
                    "fine too: a seat as N or North, a number in figures or in words. Then run: minibridge check "
                    "THIS-FILE"
                ),
                100,
            )
        ),
        f"lesson: {ref if not ref.strip().isdigit() else lesson.number}",
        "pupil: ''",
        "answers:",
    ]
    for e in lesson.exercises:
        board = f" ({at_board(e.board)})" if e.board is not None else ""
        lines.append(f"  # {e.question}{board}")
        lines.append("  # " + gettext("answer: %(form)s") % {"form": answer_form(e)})
        lines.append(f"  {yaml.safe_dump(e.id if not e.id.isdigit() else int(e.id)).splitlines()[0]}:")
    return "\n".join(lines) + "\n"


def read_answers(path: Path, folder: Path | None = None) -> Answers:
    """Read a pupil's answers file; its lesson is found in ``folder`` (by default the lessons shipped), or
    read from the lesson file it names (beside the answers file unless the path is absolute)."""
    data, lines = read_yaml_file(path, LessonError, N_("an answers file"))
    if not isinstance(data, dict) or "lesson" not in data:
        raise LessonError(
            gettext(
                "an answers file names its lesson ('lesson: 3') and gives 'answers:'; "
                "write one with 'minibridge check --template 3'"
            ),
            where=str(path),
        )
    ref = str(data["lesson"]).strip()
    if digits(ref) is not None:
        lesson = find_lesson(int(ref), folder)
    else:
        ref = str(path.parent / ref) if not Path(ref).is_absolute() else ref
        if not Path(ref).exists():
            raise LessonError(not_a_lesson(data["lesson"], directory=folder), where=place(path, lines, ("lesson",)))
        lesson = load_lesson(Path(ref))
    answers = data.get("answers") or {}
    if not isinstance(answers, dict):
        raise LessonError(gettext("'answers' should list the exercises by number, one per line"), where=str(path))
    known = {e.id for e in lesson.exercises}
    unknown = [str(k) for k in answers if str(k) not in known]
    if unknown:
        raise LessonError(
            gettext("%(lesson)s has no exercise %(id)s; its exercises are %(ids)s")
            % {"lesson": lesson.name, "id": unknown[0], "ids": ", ".join(sorted(known, key=_natural))},
            where=str(path),
        )
    pupil = data.get("pupil") or None
    return Answers(lesson=lesson, pupil=str(pupil) if pupil else None, given={str(k): v for k, v in answers.items()})


def mark_answers(lesson: Lesson, given: dict[str, Any]) -> list[Mark]:
    """Every exercise of the lesson marked against the answers given by exercise id, on their content: a
    missing one is not answered; one that cannot be read, or without every part the question asks, is wrong."""
    return [_mark(lesson, exercise, given.get(exercise.id)) for exercise in lesson.exercises]


def _mark(lesson: Lesson, exercise: Exercise, given: Any) -> Mark:
    kind = find_kind(exercise.kind)
    asked = asked_keys(exercise)
    reading = read_pupil_answer(exercise.kind, given, asked) if given is not None else None
    answer = reading.value if reading is not None else None
    problem = kind.form_problem(answer, asked) if answer is not None else None
    missing = [key for key in asked if key not in answer] if isinstance(answer, dict) and not problem else []
    if missing:
        problem = gettext("give %(keys)s too") % {"keys": ", ".join(missing)}
    if problem and reading is not None and reading.unread:
        problem = gettext("%(words)s could not be read; %(problem)s") % {
            "words": ", ".join(repr(w) for w in reading.unread),
            "problem": problem,
        }
    found = kind.solve(lesson, exercise)
    right = (
        answer is not None
        and not problem
        and kind.matches(answer, found, may_declare=kind.may_declare(lesson, exercise))
    )
    if isinstance(exercise.answer, dict) and isinstance(found, dict):
        found = {key: found[key] for key in asked if key in found}
    reason = kind.explain(lesson, exercise)
    return Mark(
        exercise=exercise.id,
        board=exercise.board,
        given=answer,
        right=right,
        answer=found,
        answer_text=_answer_text(found),
        reason=f"{reason} ({problem})" if problem else reason,
        cue=None if right or answer is None else kind.cue(lesson, exercise, answer),
    )


def marks_data(lesson: Lesson, pupil: str | None, marks: list[Mark]) -> dict[str, Any]:
    """Marks as plain data: the object of ``minibridge check --json``."""
    shown = [
        {
            "exercise": m.exercise,
            "board": m.board,
            "given": m.given,
            "right": m.right,
            "answer": m.answer,
            "answer_text": m.answer_text,
            "reason": m.reason,
            "cue": m.cue,
        }
        for m in marks
    ]
    right = sum(m.right for m in marks)
    return {"lesson": lesson.number, "pupil": pupil, "marks": shown, "right": right, "exercises": len(marks)}


def _natural(text: str) -> tuple[int, str]:
    return (int(text), "") if digits(text) is not None else (10**9, text)


def _answer_text(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_answer_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(map(str, value)) + "]"
    return str(value)
