"""The kinds of exercise as a registry: each kind solves, explains and marks the lesson files' exercises."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from minibridge import language
from minibridge.announce import announce
from minibridge.cards import Seat
from minibridge.errors import LessonError
from minibridge.lessons import Lesson, find_lesson
from minibridge.lessons.answers import mark_answers
from minibridge.lessons.exercise_kind import ExerciseKind
from minibridge.lessons.exercises import (
    EXERCISE_KINDS,
    KINDS,
    answer_form_problem,
    explain,
    find_kind,
    is_right,
    pupil_answer,
    solve,
)
from minibridge.lessons.lesson import Exercise
from minibridge.lessons.play_kinds import _settled
from minibridge.lessons.reading import Form, Part
from minibridge.lessons.schema import SCHEMA
from minibridge.trick import Irregularity, Settlement

PACKAGE = Path(__file__).parents[1] / "minibridge"
LESSONS = [find_lesson(number) for number in range(1, 7)]
EXERCISES = [(lesson, exercise) for lesson in LESSONS for exercise in lesson.exercises]


def by_kind(name: str) -> list[tuple[Lesson, Any]]:
    return [(lesson, exercise) for lesson, exercise in EXERCISES if exercise.kind == name]


def test_the_schema_lists_the_kinds_of_the_registry():
    items = SCHEMA["properties"]["exercises"]["items"]
    assert items["properties"]["kind"]["enum"] == list(KINDS)
    assert list(EXERCISE_KINDS) == list(KINDS)
    assert all(EXERCISE_KINDS[name] == kind.form for name, kind in KINDS.items())


def test_find_kind_names_every_kind_when_it_does_not_know_one():
    assert find_kind("signal").name == "signal"
    with pytest.raises(LessonError, match="no kind of exercise 'guess'; the kinds are hcp, declarer, goal, score"):
        find_kind("guess")


@pytest.mark.parametrize("name", list(KINDS))
def test_each_kind_solves_explains_and_marks_the_shipped_exercises(name: str):
    cases = by_kind(name)
    assert cases, f"no shipped lesson asks a '{name}' exercise"
    kind = find_kind(name)
    for lesson, exercise in cases:
        found = kind.solve(lesson, exercise)
        assert kind.matches(exercise.answer, found, may_declare=kind.may_declare(lesson, exercise)), exercise
        assert kind.form_problem(exercise.answer) is None
        reason = kind.explain(lesson, exercise)
        assert isinstance(reason, str) and reason.strip(), exercise
        assert set(kind.needs) <= {
            key for key in ("board", "contract", "tricks", "trick", "seat") if getattr(exercise, key) is not None
        }


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
def test_marking_the_lessons_own_answers_gives_full_marks_and_no_answers_none(lesson: Lesson):
    marks = mark_answers(lesson, {e.id: e.answer for e in lesson.exercises})
    assert [m.exercise for m in marks] == [e.id for e in lesson.exercises]
    assert all(m.right for m in marks), [m for m in marks if not m.right]
    blank = mark_answers(lesson, {})
    assert not any(m.right for m in blank) and all(m.given is None for m in blank)
    assert [m.reason for m in blank] == [m.reason for m in marks]


def test_a_wrong_answer_is_marked_wrong_with_the_engines_answer():
    lesson = find_lesson(3)
    goal = next(e for e in lesson.exercises if e.kind == "goal")
    (mark,) = [m for m in mark_answers(lesson, {goal.id: 8}) if m.exercise == goal.id]
    assert (mark.right, mark.given, mark.answer, mark.answer_text) == (False, 8, 7, "7")
    assert mark.reason == "in MiniLesson Three the goal is always 7 tricks"


@pytest.mark.parametrize(
    ("name", "answer", "problem"),
    [
        ("hcp", {"N": 10, "E": 12, "S": 8, "W": 10}, None),
        ("hcp", "ten", "write it like {N: __, E: __, S: __, W: __} (N, E, S, W: the points in each hand)"),
        ("declarer", "redeal", None),
        ("declarer", {"declarer": "Q"}, "declarer: 'Q' is not N, E, S or W; write it like {declarer: __, dummy: __}"),
        ("goal", 9, None),
        ("goal", 14, "write it like a number of tricks"),
        ("goal", True, "write it like a number of tricks"),
        ("score", {"declarers": 130}, None),
        ("score", {"declarers": "many"}, "declarers: 'many' is not the points each side scores"),
        ("tricks", {"NS": 3, "EW": 2}, None),
        ("tricks", {"North": 3}, "write it like {NS: __, EW: __} (NS, EW: the tricks each side won)"),
        ("replay", {"winners": ["W", "N"]}, None),
        ("replay", {"goal": "reached"}, None),
        ("replay", {"winners": ["X"]}, "winners: ['X'] is not the seat that won each trick, in order"),
        ("irregularity", {"kind": "revoke", "settled": "established"}, None),
        ("irregularity", "none", None),
        ("irregularity", {"settled": "forgiven"}, "settled: 'forgiven' is not established, not established, accepted"),
        ("signal", "top of sequence", None),
        ("signal", "high", "write it like encourage, discourage, top of sequence or no signal"),
    ],
)
def test_each_kind_knows_the_form_of_its_answer(name: str, answer: Any, problem: str | None):
    found = find_kind(name).form_problem(answer)
    assert found == problem if problem is None else found is not None and found.startswith(problem), found


@pytest.mark.parametrize(
    ("name", "answer", "tidied"),
    [
        ("hcp", {"North": "8", " east ": 11.0, "s": 20, "w": "seven"}, {"N": 8, "E": 11, "S": 20, "W": 7}),
        ("hcp", "N 11, E 7, S 14, W 8", {"N": 11, "E": 7, "S": 14, "W": 8}),
        ("hcp", "north 11 East seven SOUTH 14 west: 8", {"N": 11, "E": 7, "S": 14, "W": 8}),
        ("hcp", {"N 11": None, "E 7": None, "S 14": None, "W 8": None}, {"N": 11, "E": 7, "S": 14, "W": 8}),
        ("hcp", {"North": 8, "Centre": 1}, {"N": 8}),  # a part no answer has is not guessed
        ("declarer", {"Declarer": "south", "DUMMY": " n "}, {"declarer": "S", "dummy": "N"}),
        ("declarer", "South", {"declarer": "S"}),
        ("declarer", "s", {"declarer": "S"}),
        ("declarer", "North is dummy and South declares", {"dummy": "N", "declarer": "S"}),
        ("declarer", "South, North", {"declarer": "S", "dummy": "N"}),
        ("declarer", {"declarer S": None, "dummy": "N"}, {"declarer": "S", "dummy": "N"}),
        ("declarer", "Redeal", "redeal"),
        ("goal", "7", 7),
        ("goal", "seven", 7),
        ("goal", "Seven tricks", 7),
        ("goal", 7.0, 7),
        ("score", {"Declarers": 130.0, "defenders": "0"}, {"declarers": 130, "defenders": 0}),
        ("score", "130 to declarers, nil to defenders", {"declarers": 130, "defenders": 0}),
        ("score", "130, 0", {"declarers": 130, "defenders": 0}),
        ("score", {"declarers": "130 points", "defenders": 0}, {"declarers": 130, "defenders": 0}),
        ("score", {"declarers": 130, "defenders": "__"}, {"declarers": 130}),  # a blank of the form left blank
        ("tricks", {"n-s": 3, "E–W": 2}, {"NS": 3, "EW": 2}),
        ("tricks", "North-South three, East-West one", {"NS": 3, "EW": 1}),
        ("replay", {"Winners": ["west", "n"]}, {"winners": ["W", "N"]}),
        ("replay", "winners W N, declarer's tricks 8", {"winners": ["W", "N"], "declarer_tricks": 8}),
        ("replay", "goal reached, 90 to declarers", {"goal": "reached", "declarers": 90}),
        ("irregularity", "revoke by East at trick 4, 9 tricks", {"kind": "revoke", "seat": "E", "trick": 4,
                                                                 "declarer_tricks": 9}),
        ("irregularity", "nothing went wrong", "none"),
        ("signal", " Top  of Sequence ", "top of sequence"),
        ("signal", "It encourages", "encourage"),
    ],
)  # fmt: skip
def test_a_pupils_answer_is_read_for_its_content(name: str, answer: Any, tidied: Any):
    assert pupil_answer(name, answer) == tidied


@pytest.mark.parametrize(
    ("name", "answer", "asked", "tidied"),
    [
        ("score", "130", ["declarers", "defenders"], {"declarers": 130}),
        ("score", 50, ["defenders"], {"defenders": 50}),  # a lone number where one number is asked
        ("replay", "9", ["declarer_tricks"], {"declarer_tricks": 9}),
        ("replay", "yes, 90, 0", ["goal", "declarers", "defenders"], {"goal": "reached", "declarers": 90,
                                                                       "defenders": 0}),
        ("replay", "9, 170, 0", ["declarer_tricks", "declarers", "defenders"], {"declarer_tricks": 9,
                                                                                 "declarers": 170, "defenders": 0}),
        ("tricks", "3 1", ["NS", "EW"], {"NS": 3, "EW": 1}),
        ("irregularity", "revoke, E, 4, 9", ["kind", "seat", "trick", "declarer_tricks"],
         {"kind": "revoke", "seat": "E", "trick": 4, "declarer_tricks": 9}),
    ],
)  # fmt: skip
def test_values_not_named_fill_the_parts_asked_in_order(name: str, answer: Any, asked: list[str], tidied: Any):
    assert pupil_answer(name, answer, asked) == tidied


@pytest.mark.parametrize(
    ("settled", "word"),
    [
        (Settlement.ESTABLISHED, "established"),
        (Settlement.NOT_ESTABLISHED, "not established"),
        (Settlement.NOT_CORRECTED, "corrected"),
        (Settlement.CORRECTED, "corrected"),
        (Settlement.ACCEPTED_IN_RECORD, "accepted"),
        (Settlement.ACCEPTED_IN_RECORD_ONE_OF, "accepted"),
        (Settlement.ACCEPTED_BY, "accepted"),
        (Settlement.ACCEPTED_BY_NEXT_PLAYER, "accepted"),
        (Settlement.PUT_BACK, "put back"),
        (Settlement.STANDS, "stands"),
    ],
)
def test_how_an_irregularity_was_settled_is_answered_in_one_of_the_pupils_words(settled: Settlement, word: str):
    irregularity = Irregularity(kind="revoke", trick=1, seat=Seat.SOUTH, card=None, settled=settled)
    (part,) = [part for part in find_kind("irregularity").parts if part.key == "settled"]
    assert _settled(irregularity) == word and word in part.choices


def test_only_declarer_exercises_let_the_partners_choose():
    """MiniLesson Three lets equal partners choose who declares: either is right, and only there."""
    lesson = find_lesson(3)
    chosen = [e for e in lesson.exercises if len(find_kind(e.kind).may_declare(lesson, e)) > 1]
    assert [(e.id, e.kind) for e in chosen] == [("4", "declarer")]  # board 4: East 12, West 12
    kind = find_kind("declarer")
    both = kind.may_declare(lesson, chosen[0])
    assert set(both) == {Seat.EAST, Seat.WEST}
    found = kind.solve(lesson, chosen[0])
    for given in ({"declarer": "E", "dummy": "W"}, {"declarer": "W", "dummy": "E"}, {"declarer": "E"}):
        assert kind.matches(given, found, may_declare=both)
    assert not kind.matches({"declarer": "E", "dummy": "E"}, found, may_declare=both)
    assert not kind.matches({"declarer": "N", "dummy": "S"}, found, may_declare=both)
    assert all(find_kind(e.kind).may_declare(lesson, e) == () for e in lesson.exercises if e.kind != "declarer")


def _kind_comparisons(path: Path) -> list[int]:
    """The lines where a module compares something with the name of a kind of exercise."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            names = [c.value for c in ast.walk(node) if isinstance(c, ast.Constant) and isinstance(c.value, str)]
            if any(name in KINDS and name != "declarer" for name in names) or (
                "declarer" in names and any(isinstance(n, ast.Attribute) and n.attr == "kind" for n in ast.walk(node))
            ):
                found.append(node.lineno)
    return found


@pytest.mark.parametrize(
    "path",
    [p for p in sorted(PACKAGE.rglob("*.py")) if p.relative_to(PACKAGE).as_posix() != "lessons/exercises.py"],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_no_module_but_the_registry_branches_on_a_kind_of_exercise(path: Path):
    assert _kind_comparisons(path) == [], f"{path.name} compares with a kind of exercise: add to the registry"


# --- the parts of an answer, in order, each with its form --------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "parts"),
    [
        ("hcp", [("N", "points"), ("E", "points"), ("S", "points"), ("W", "points")]),  # 000 Law 5: each hand
        ("declarer", [("declarer", "seat"), ("dummy", "seat")]),  # 000 Law 7
        ("goal", [("", "tricks")]),  # 000 Law 10: one number
        ("score", [("declarers", "points"), ("defenders", "points")]),  # RULES §6
        ("tricks", [("NS", "tricks"), ("EW", "tricks")]),  # MiniLessons One and Two
        (
            "replay",
            [
                ("winners", "seats"),
                ("declarer_tricks", "tricks"),
                ("goal", "choice"),
                ("declarers", "points"),
                ("defenders", "points"),
            ],
        ),
        (
            "irregularity",
            [
                ("kind", "choice"),
                ("seat", "seat"),
                ("trick", "tricks"),
                ("settled", "choice"),
                ("declarer_tricks", "tricks"),
            ],
        ),
        ("signal", [("", "choice")]),  # MiniLesson Six
    ],
)
def test_each_kind_gives_the_parts_of_its_answer_in_order_with_their_form(name: str, parts: list[tuple[str, str]]):
    kind = find_kind(name)
    assert [(part.key, part.form) for part in kind.parts] == parts
    assert [part.key for part in kind.parts_asked([key for key, _ in reversed(parts)])] == [key for key, _ in parts]
    for part in kind.parts:
        assert bool(part.choices) is (part.form is Form.CHOICE)
        assert part.form.is_number is (part.form in (Form.TRICKS, Form.POINTS))


def test_the_parts_asked_are_the_ones_the_exercise_gives_in_the_kinds_order():
    kind = find_kind("replay")
    assert [part.key for part in kind.parts_asked(["defenders", "winners"])] == ["winners", "defenders"]
    assert kind.parts_asked() == kind.parts
    assert find_kind("goal").parts_asked(["anything"]) == find_kind("goal").parts
    assert set(find_kind("goal").parts[0].choices) == set()
    assert list(find_kind("signal").parts[0].choices) == ["encourage", "discourage", "top of sequence", "no signal"]


# --- how a page asks each kind ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "facts"),
    [
        ("hcp", {"counts_in_hands", "hands_only", "how"}),  # the points under each hand; no contract shown
        ("declarer", {"hands_only", "offers"}),  # a declarer shown would answer it; "redeal" is a tile
        ("goal", set()),
        ("score", set()),
        ("tricks", {"how"}),
        ("replay", {"play_in_answer"}),  # a seat to tap on each trick
        ("irregularity", {"play_in_order"}),  # the cards in the order they fell show who played out of turn
        ("signal", {"play_up_to_trick", "one_tap"}),  # the play up to the signal, read with one tap
    ],
)
def test_each_kind_says_how_a_page_asks_it(name: str, facts: set[str]):
    kind = find_kind(name)
    flags = ("counts_in_hands", "hands_only", "play_in_order", "play_up_to_trick", "play_in_answer", "one_tap")
    words = ("how", "offers")
    assert {fact for fact in (*flags, *words) if getattr(kind, fact)} == facts


@pytest.mark.parametrize("name", list(KINDS))
def test_every_part_and_choice_has_its_words_for_the_page(name: str):
    kind = find_kind(name)
    for part in kind.parts:
        assert part.label or not part.key, f"{part.key}: the name a page gives it"
        assert set(part.choice_words) == set(part.choices), f"{part.key}: the words of each choice"
        assert part.question or part.label or part.form is Form.SEAT_EACH_TRICK or not part.key
    assert all(offer.answer in kind.alternatives for offer in kind.offers)
    if kind.one_tap:
        assert [(p.key, p.form) for p in kind.parts] == [("", Form.CHOICE)], "one tap gives one choice"
    if kind.play_up_to_trick or kind.play_in_order or kind.play_in_answer:
        assert kind.needs_play
    if kind.play_up_to_trick:
        assert "trick" in kind.needs
    if kind.counts_in_hands:
        assert sorted(p.seat for p in kind.parts if p.seat is not None) == list(Seat), "a number under each hand"


def _page_words() -> list[str]:
    """Every word of the registry a page shows, in English."""
    words = []
    for kind in KINDS.values():
        words += [kind.how] if kind.how else []
        words += [w for offer in kind.offers for w in (offer.question, offer.words, offer.said)]
        for part in kind.parts:
            words += [w for w in (part.label, part.question) if w]
            words += [*part.choice_words.values(), *part.choice_hints.values()]
    return words


@pytest.mark.parametrize("code", ["nl", "da"])
def test_the_words_a_page_shows_of_each_kind_are_translated(code: str):
    with language.catalogue_path(code).open("rb") as stream:
        catalogue = read_po(stream, locale=code)
    words = _page_words()
    assert len(words) > 40 and "North" in words and "Who is dummy?" in words
    untranslated = [w for w in words if w not in catalogue or not catalogue[w].string or catalogue[w].fuzzy]
    assert untranslated == []
    with language.speaking(code):
        assert "%(seat)s" in language.gettext("Tap what %(seat)s's card says")


class SideKind(ExerciseKind):
    """Which side declares: a kind of the test's own."""

    name = "side"
    parts = (
        Part(
            key="",
            form=Form.CHOICE,
            says="NS or EW",
            choices={"NS": ("ns", "north-south", "north south"), "EW": ("ew", "east-west", "east west")},
        ),
    )

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        board = lesson.board(exercise.board)
        return str(announce(board.deal, board.dealer).declaring_side)

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        return "the side with more points declares"


def test_a_new_kind_is_one_entry(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(KINDS, "side", SideKind())
    lesson = find_lesson(5)
    exercise = Exercise(id="x", kind="side", question="Which side declares?", answer="NS", board=1)
    assert find_kind("side").form == "NS or EW"
    assert pupil_answer("side", "North-South") == "NS" and pupil_answer("side", "east west") == "EW"
    found = solve(lesson, exercise)
    assert found in ("NS", "EW") and is_right(lesson, exercise, found) == (True, found)
    assert explain(lesson, exercise) == "the side with more points declares"
    assert answer_form_problem("side", "NW") is not None and answer_form_problem("side", "EW") is None
