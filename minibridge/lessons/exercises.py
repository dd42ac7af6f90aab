"""The kinds of exercise in one registry, and what is done with an exercise: checking it when a lesson is read,
the form of its answer, a pupil's answer read and marked, the engine's answer and its reason.

Adding a kind means writing its class (:mod:`.kinds` or :mod:`.play_kinds`: the parts of its answer in order,
each with its form and its words on a page, what a page shows of it, how the engine solves and explains it, and
where the defaults from its parts do not fit, the blanks of the pupils' sheet and the answer key's words) and
listing it in :data:`KINDS`, then translating its words in the catalogues; nothing else names a kind, neither the
web pages nor the printed sheet and answer key.

>>> find_kind("goal").form
'a number of tricks'
>>> find_kind("score").form
'{declarers: __, defenders: __} (declarers, defenders: the points each side scores)'
>>> pupil_answer("tricks", {"n-s": "3", "E-W": 2.0})
{'NS': 3, 'EW': 2}
>>> pupil_answer("declarer", "South declares, North is dummy")
{'declarer': 'S', 'dummy': 'N'}
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any

from minibridge import language
from minibridge.cards import Seat
from minibridge.errors import LessonError
from minibridge.language import gettext
from minibridge.lessons.exercise_kind import ExerciseKind, Problem
from minibridge.lessons.kinds import DeclarerKind, GoalKind, HcpKind, ScoreKind
from minibridge.lessons.lesson import Exercise, Lesson
from minibridge.lessons.play_kinds import IrregularityKind, ReplayKind, SignalKind, TricksKind
from minibridge.lessons.reading import Reading
from minibridge.rules import contract_problems

__all__ = [
    "ExerciseKind",
    "KINDS",
    "EXERCISE_KINDS",
    "find_kind",
    "exercise_problems",
    "answer_form_problem",
    "answer_form",
    "asked_keys",
    "exercise_hint",
    "pupil_answer",
    "read_pupil_answer",
    "solve",
    "explain",
    "may_declare",
    "answer_matches",
    "is_right",
]


KINDS: dict[str, ExerciseKind] = {
    kind.name: kind
    for kind in (
        HcpKind(),
        DeclarerKind(),
        GoalKind(),
        ScoreKind(),
        TricksKind(),
        ReplayKind(),
        IrregularityKind(),
        SignalKind(),
    )
}
"""Every kind of exercise by name, in the order the schema and the messages list them."""

with language.speaking(language.ENGLISH):  # whatever the language in use when the lessons are first read
    EXERCISE_KINDS: dict[str, str] = {name: kind.form for name, kind in KINDS.items()}
"""The kinds of exercise and the form of their answers, in English (``find_kind(name).form`` in the language in
use)."""


def find_kind(name: str) -> ExerciseKind:
    """The kind of exercise of that name."""
    try:
        return KINDS[name]
    except KeyError:
        raise LessonError(
            gettext("there is no kind of exercise '%(name)s'; the kinds are %(kinds)s")
            % {"name": name, "kinds": ", ".join(KINDS)}
        ) from None


# --- checking an exercise when a lesson is read ----------------------------------------------------------------


def exercise_problems(lesson: Lesson, exercise: Exercise, boards: list[int], given: set[str]) -> Iterator[Problem]:
    """What is wrong with an exercise's fields and the form of its answer; ``given`` names the fields the file
    gives (a field given but wrong is reported where it was read, not as missing here)."""
    kind = find_kind(exercise.kind)
    for needed in kind.needs:
        if needed not in given:
            text = (
                gettext("a '%(kind)s' exercise needs '%(field)s' (a contract like 1NT or 4S)")
                if needed == "contract"
                else gettext("a '%(kind)s' exercise needs '%(field)s'")
            )
            yield (needed,), text % {"kind": exercise.kind, "field": needed}
    scheme = lesson.rules.scheme
    if kind.scored and scheme.needs_points and exercise.board is None:
        yield (
            ("board",),
            gettext(
                "under %(scheme)s scoring a '%(kind)s' exercise needs 'board': "
                "the goal comes from the declaring side's points"
            )
            % {"scheme": scheme.name, "kind": exercise.kind},
        )
    if exercise.board is not None and exercise.board not in boards:
        yield ("board",), gettext("there is no board %(board)s in this lesson") % {"board": exercise.board}
        return
    if exercise.contract is not None:
        for wrong in contract_problems(exercise.contract, lesson.rules):
            yield ("contract",), wrong
    if kind.needs_play and exercise.board in boards and lesson.board(exercise.board).play is None:
        yield ("board",), gettext("board %(board)s has no play to replay: add its 'play'") % {"board": exercise.board}
    yield from kind.rule_problems(lesson, exercise, boards)
    problem = kind.form_problem(exercise.answer)
    if problem:
        yield ("answer",), problem


def answer_form_problem(kind: str, answer: Any) -> str | None:
    """Why an answer is not of the form its kind needs, or None."""
    return find_kind(kind).form_problem(answer)


def asked_keys(exercise: Exercise) -> list[str]:
    """The parts of an answer an exercise asks for, in the order of its form: the keys of the lesson's own
    answer (every part when that answer is a single value or an alternative like ``redeal``)."""
    kind = find_kind(exercise.kind)
    given = exercise.answer if isinstance(exercise.answer, dict) else kind.keys
    return [part.key for part in kind.parts_asked(given) if part.key]


def answer_form(exercise: Exercise) -> str:
    """The form of an exercise's answer, in words and blanks: the parts it asks for and what each holds; never
    an example value, so that the form cannot give the answer away."""
    return find_kind(exercise.kind).describe(asked_keys(exercise))


def read_pupil_answer(kind: str, answer: Any, asked: Collection[str] | None = None) -> Reading:
    """A pupil's answer read for its content, with the words that could not be read (see :mod:`.reading`)."""
    return find_kind(kind).read(answer, asked)


def pupil_answer(kind: str, answer: Any, asked: Collection[str] | None = None) -> Any:
    """A pupil's answer in the form of the lesson files, whatever its spelling: ``'7'``, ``7.0`` or ``seven`` for
    7, ``North`` or ``n`` for N, ``N-S`` for NS, ``Declarers`` for declarers, ``N 11, E 7, S 14, W 8`` as a
    line of text; a value not named by its part fills the next part ``asked`` that it fits."""
    return read_pupil_answer(kind, answer, asked).value


# --- solving, explaining and marking ---------------------------------------------------------------------------


def solve(lesson: Lesson, exercise: Exercise) -> Any:
    """The engine's answer to an exercise, in the form of the lesson files."""
    return find_kind(exercise.kind).solve(lesson, exercise)


def exercise_hint(exercise: Exercise) -> str:
    """What to tell a pupil after a first wrong answer, in the language in use: the lesson's own hint for the
    exercise, else its kind's; a way to find the answer, never the answer."""
    return exercise.hint or gettext(find_kind(exercise.kind).hint)


def explain(lesson: Lesson, exercise: Exercise) -> str:
    """A one-line reason for the right answer, in a teacher's words."""
    return find_kind(exercise.kind).explain(lesson, exercise)


def may_declare(lesson: Lesson, exercise: Exercise) -> tuple[Seat, ...]:
    """The seats that may declare, for an exercise about who declares (empty for other kinds)."""
    return find_kind(exercise.kind).may_declare(lesson, exercise)


def answer_matches(kind: str, given: Any, found: Any, *, may_declare: tuple[Seat, ...] = ()) -> bool:
    """True when the keys given in an answer agree with the engine's answer."""
    return find_kind(kind).matches(given, found, may_declare=may_declare)


def is_right(lesson: Lesson, exercise: Exercise, given: Any) -> tuple[bool, Any]:
    """Whether an answer is right, and the engine's answer."""
    kind = find_kind(exercise.kind)
    found = kind.solve(lesson, exercise)
    return kind.matches(given, found, may_declare=kind.may_declare(lesson, exercise)), found
