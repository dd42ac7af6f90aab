"""A pupil's answers file: the empty form, reading a filled one, marking it, and the ``check`` command."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from minibridge.cli import main
from minibridge.errors import LessonError
from minibridge.lessons import find_lesson
from minibridge.lessons.answers import Mark, answers_template, mark_answers, read_answers

SMALL = Path(__file__).parent / "data" / "lessons" / "small.yaml"


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_the_template_asks_every_exercise_in_its_form():
    lesson = find_lesson(3)
    text = answers_template(lesson, "3")
    data = yaml.safe_load(text)
    assert data == {"lesson": 3, "pupil": "", "answers": {n: None for n in range(1, 11)}}
    assert "  # answer like: a number of tricks, like 9\n  5:\n" in text
    assert "  # answer like: {declarer: S, dummy: N} or redeal\n  2:\n" in text
    assert yaml.safe_load(answers_template(lesson, "my-three.yaml"))["lesson"] == "my-three.yaml"


def test_read_and_mark_give_typed_results(tmp_path: Path):
    path = tmp_path / "sam.yaml"
    path.write_text(f"lesson: {SMALL}\npupil: Sam\nanswers:\n  3: '7'\n  4: {{declarers: 130}}\n", encoding="utf-8")
    sheet = read_answers(path)
    assert (sheet.lesson.path, sheet.pupil, sheet.given) == (SMALL, "Sam", {"3": "7", "4": {"declarers": 130}})
    marks = mark_answers(sheet.lesson, sheet.given)
    assert [m.exercise for m in marks] == ["1", "2", "3", "4", "5"]
    assert marks[2] == Mark(
        exercise="3",
        board=None,
        given=7,
        right=True,
        answer=7,
        answer_text="7",
        reason="in MiniLesson Three the goal is always 7 tricks",
    )
    assert not marks[3].right and marks[3].reason.endswith("(give defenders too)")
    assert marks[0].given is None and not marks[0].right


def test_a_lesson_file_named_by_an_answers_file_is_found_beside_it(tmp_path: Path):
    (tmp_path / "mine.yaml").write_text(SMALL.read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / "kim.yaml"
    path.write_text("lesson: mine.yaml\nanswers: {3: 7}\n", encoding="utf-8")
    sheet = read_answers(path)
    assert sheet.lesson.path == tmp_path / "mine.yaml" and sheet.pupil is None
    with pytest.raises(LessonError, match=r"MiniLesson Three has no exercise 9; its exercises are 1, 2, 3, 4, 5"):
        path.write_text("lesson: mine.yaml\nanswers: {9: 7}\n", encoding="utf-8")
        read_answers(path)


def test_check_json_gives_every_mark(tmp_path: Path):
    path = tmp_path / "sam.yaml"
    path.write_text(f"lesson: {SMALL}\npupil: Sam\nanswers:\n  3: 7\n", encoding="utf-8")
    code, output = invoke("check", str(path), "--json")
    data = json.loads(output)
    assert code == 0 and (data["lesson"], data["pupil"], data["right"], data["exercises"]) == (3, "Sam", 1, 5)
    reason = "in MiniLesson Three the goal is always 7 tricks"
    assert data["marks"][2] == {
        "exercise": "3",
        "board": None,
        "given": 7,
        "right": True,
        "answer": 7,
        "answer_text": "7",
        "reason": reason,
    }


def test_check_marks_a_pupils_answers(tmp_path: Path):
    template = tmp_path / "sam.yaml"
    code, output = invoke("check", "--template", str(SMALL), "-o", str(template))
    assert code == 0 and template.exists()
    data = yaml.safe_load(template.read_text(encoding="utf-8"))
    assert set(data["answers"]) == {1, 2, 3, 4, 5}
    data["pupil"] = "Sam"
    data["answers"] = {1: {"N": 8, "E": 11, "S": 20, "W": 1}, 2: {"declarer": "N", "dummy": "S"}, 4: "130"}
    template.write_text(yaml.safe_dump(data), encoding="utf-8")
    code, output = invoke("check", str(template))
    assert code == 0
    assert "Exercise 1, board 7: right." in output
    assert "Exercise 2, board 7: wrong. The answer is {declarer: S, dummy: N}" in output
    assert "Exercise 3: not answered" in output
    assert "Exercise 4: wrong" in output and "write it like" in output
    assert "1 of 5 right." in output
    code, output = invoke("check", "--template", str(SMALL), "-o", str(template))
    assert code == 1 and "already exists" in output


def test_check_reads_a_pupils_answer_in_any_sensible_form(tmp_path: Path):
    """North or n for N, "7" or 7.0 for 7, Declarers for declarers: the content is marked, not the spelling."""
    answers = tmp_path / "kim.yaml"
    answers.write_text(
        f"lesson: {SMALL}\n"
        "answers:\n"
        "  1: {North: 8, east: 11, S: '20', W: 1.0}\n"
        "  2: {Declarer: south, dummy: ' n '}\n"
        "  3: '7'\n"
        "  4: {Declarers: 130, Defenders: 0}\n"
        "  5: {declarer_tricks: 11, declarers: 250, defenders: 0.5}\n",
        encoding="utf-8",
    )
    code, output = invoke("check", str(answers))
    assert code == 0, output
    for number in (1, 2, 3, 4):
        assert re.search(rf"Exercise {number}(, board \d+)?: right\.", output), output
    assert re.search(r"Exercise 5(, board \d+)?: wrong", output)
    assert "4 of 5 right." in output


def test_a_lesson_named_neither_by_number_nor_by_file_is_a_plain_message(tmp_path: Path):
    code, output = invoke("score", "1NT", "7", "--lesson", "five")
    assert code == 1 and "'five' is neither a lesson number (1 to 6) nor a lesson file" in output
    answers = tmp_path / "ann.yaml"
    answers.write_text("lesson: five\nanswers: {1: 9}\n", encoding="utf-8")
    code, output = invoke("check", str(answers))
    assert code == 1 and "ann.yaml, line 1, lesson: 'five' is neither a lesson number" in output, output


def test_check_refuses_an_answers_file_without_a_lesson(tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("answers: {1: 7}\n", encoding="utf-8")
    code, output = invoke("check", str(bad))
    assert code == 1 and "names its lesson" in output
