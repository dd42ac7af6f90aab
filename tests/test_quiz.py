"""The rules of a class quiz: a lesson's exercises one at a time, open until the teacher closes the question or its
time runs out, marked as ``minibridge check`` marks them, the first answer counting; the answer shown only once the
question has closed; a point for each right answer, pupils level on points ranked by speed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from minibridge.classroom import quiz as rules
from minibridge.lessons import find_lesson
from minibridge.lessons.answers import mark_answers

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
LESSON = find_lesson(3)


def _at(seconds: float) -> datetime:
    return START + timedelta(seconds=seconds)


def _right(exercise: str) -> object:
    return next(m for m in mark_answers(LESSON, {}) if m.exercise == exercise).answer


def test_a_quiz_asks_every_exercise_of_its_lesson_in_order():
    quiz = rules.new_quiz(LESSON, START, seconds=20)
    assert rules.phase(quiz, START) == "waiting" and rules.question(quiz) is None
    asked = [rules.next_question(quiz, START) for _ in LESSON.exercises]
    assert [q["exercise"] for q in asked if q] == [e.id for e in LESSON.exercises]
    assert asked[0] == {"number": 1, "count": len(LESSON.exercises), "exercise": "1"}
    assert rules.next_question(quiz, START) is None and rules.phase(quiz, START) == "finished"
    with pytest.raises(rules.QuizError):
        rules.next_question(quiz, START)


def test_a_question_closes_when_its_time_runs_out_or_the_teacher_says():
    quiz = rules.new_quiz(LESSON, START, seconds=20)
    rules.next_question(quiz, START)
    assert rules.is_open(quiz, _at(19.9)) and rules.seconds_left(quiz, _at(5)) == 15
    assert not rules.is_open(quiz, _at(20)) and rules.phase(quiz, _at(20)) == "closed"
    with pytest.raises(rules.QuizError, match="closed"):
        rules.take_answer(quiz, LESSON, "Ann", _right("1"), _at(21))
    rules.next_question(quiz, _at(30))
    rules.close_question(quiz, _at(31))
    assert rules.phase(quiz, _at(31)) == "closed"
    with pytest.raises(rules.QuizError):
        rules.close_question(quiz, _at(32))


def test_the_answer_is_given_only_once_the_question_has_closed():
    quiz = rules.new_quiz(LESSON, START, seconds=20)
    assert rules.right_answer(quiz, LESSON, START) is None
    rules.next_question(quiz, START)
    assert rules.right_answer(quiz, LESSON, _at(10)) is None
    shown = rules.right_answer(quiz, LESSON, _at(20))
    assert shown is not None and shown.answer == _right("1") and "North 11" in shown.reason


def test_answers_are_marked_as_check_marks_them_and_the_first_counts():
    quiz = rules.new_quiz(LESSON, START)
    rules.next_question(quiz, START)
    assert rules.take_answer(quiz, LESSON, "Ann", "N 11, E 7, S 14, W 8", _at(3)) is True
    assert rules.take_answer(quiz, LESSON, "ann", {"N": 1, "E": 1, "S": 1, "W": 1}, _at(4)) is False
    assert rules.take_answer(quiz, LESSON, "Bob", {"N": 1, "E": 1, "S": 1, "W": 1}, _at(5)) is True
    assert rules.answer_of(quiz, "ANN") == {
        "at": 0,
        "name": "Ann",
        "given": {"N": 11, "E": 7, "S": 14, "W": 8},
        "right": True,
        "seconds": 3.0,
    }
    assert rules.answered(quiz) == 2 and rules.answer_of(quiz, "Bob")["right"] is False  # type: ignore[index]


def test_the_answers_are_kept_once_when_the_question_has_closed():
    quiz = rules.new_quiz(LESSON, START, seconds=20)
    rules.next_question(quiz, START)
    rules.take_answer(quiz, LESSON, "Ann", _right("1"), _at(3))
    assert rules.answers_to_keep(quiz, _at(10)) == []
    kept = rules.answers_to_keep(quiz, _at(25))
    assert [(a["name"], a["right"]) for a in kept] == [("Ann", True)]
    assert rules.answers_to_keep(quiz, _at(26)) == []


def test_the_leaderboard_counts_right_answers_then_speed_and_hides_an_open_question():
    quiz = rules.new_quiz(LESSON, START, seconds=20)
    rules.next_question(quiz, START)
    for name, seconds in (("Cat", 9), ("Ann", 3), ("Bob", 3)):
        rules.take_answer(quiz, LESSON, name, _right("1"), _at(seconds))
    rules.take_answer(quiz, LESSON, "Dan", {"N": 1, "E": 1, "S": 1, "W": 1}, _at(1))
    assert all(row["points"] == 0 for row in rules.leaderboard(quiz, _at(10)))  # still open: nothing shown
    board = rules.leaderboard(quiz, _at(20))
    assert [(r["name"], r["points"], r["place"]) for r in board] == [
        ("Ann", 1, 1),
        ("Bob", 1, 1),
        ("Cat", 1, 3),
        ("Dan", 0, 4),
    ]
    rules.next_question(quiz, _at(30))
    rules.take_answer(quiz, LESSON, "Cat", _right("2"), _at(31))
    rules.close_question(quiz, _at(32))
    assert rules.leaderboard(quiz, _at(32))[0] == {"name": "Cat", "points": 2, "seconds": 10.0, "place": 1}


def test_an_answer_that_cannot_be_read_is_kept_as_wrong_as_check_marks_it():
    quiz = rules.new_quiz(LESSON, START)
    rules.next_question(quiz, START)
    rules.next_question(quiz, START)  # exercise 2: declarer and dummy
    assert rules.take_answer(quiz, LESSON, "Ann", "banana", _at(2)) is True
    assert rules.answer_of(quiz, "Ann")["right"] is False  # type: ignore[index]
