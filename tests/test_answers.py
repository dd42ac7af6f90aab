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
from minibridge.language import speaking
from minibridge.lessons import find_lesson
from minibridge.lessons.answers import Mark, _answer_text, answers_template, mark_answers, read_answers
from minibridge.lessons.exercises import find_kind, pupil_answer

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
    assert "  # answer: a number of tricks\n  5:\n" in text
    assert "  # answer: {declarer: __, dummy: __} (declarer, dummy: N, E, S or W), or redeal\n  2:\n" in text
    assert "  # answer: {declarer: __} (declarer: N, E, S or W), or redeal\n  4:\n" in text  # who may declare
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
        "cue": None,
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
    assert "Exercise 4: wrong" in output and "(give defenders too)" in output  # 130 to whom? and the defenders?
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


# --- the forms never give an answer away ---------------------------------------------------------------------


def _template_forms(number: int, folder: Path) -> dict[str, str]:
    """The form each exercise of lesson ``number`` gets in ``minibridge check --template``, by exercise id."""
    template = folder / f"answers-{number}.yaml"
    code, output = invoke("check", "--template", str(number), "-o", str(template))
    assert code == 0, output
    lines = template.read_text(encoding="utf-8").splitlines()
    forms = {}
    for index, line in enumerate(lines):
        if line.startswith("  # answer: "):
            exercise_id = lines[index + 1].strip().rstrip(":")
            forms[exercise_id] = line.removeprefix("  # answer: ")
    return forms


@pytest.mark.parametrize("number", range(1, 7))
def test_no_answer_form_gives_its_exercise_away(number: int, tmp_path: Path):
    """Every exercise of the six lessons: its form shows blanks and words, never a value; a choice lists every
    choice, so none is singled out; and the form is never the answer nor holds it."""
    lesson = find_lesson(number)
    forms = _template_forms(number, tmp_path)
    assert sorted(forms) == sorted(e.id for e in lesson.exercises)
    for exercise in lesson.exercises:
        form, answer = forms[exercise.id], exercise.answer
        assert not re.search(r"\d", form), (exercise.id, form)  # no example numbers at all
        kind = find_kind(exercise.kind)
        if isinstance(answer, dict):
            shape, words = form.split("} (", 1)  # {declarer: __, dummy: __} (declarer, dummy: N, E, S or W)
            for key, value in answer.items():
                assert re.search(rf"\b{key}: (__|\[__)", shape), (exercise.id, key, form)  # a blank for each part
                part = next(p for p in kind.parts if p.key == key)
                if part.choices:
                    assert all(choice in words for choice in part.choices)
                elif part.form == "seat":
                    assert "N, E, S or W" in words
                for shown_value in value if isinstance(value, list) else [value]:
                    assert not re.search(rf"\b{re.escape(str(shown_value))}\b", shape.replace(key, ""))
            assert _answer_text(answer) not in form
        else:
            assert form != str(answer)
            if kind.parts[0].choices:
                assert all(choice in form for choice in kind.parts[0].choices)


def test_the_answer_forms_of_the_issue_give_nothing_away(tmp_path: Path):
    """Lesson Three 6 and 8 showed their answers, Lesson Four 8 the revoke, East and 'established', Lesson Five 1
    'like 9'."""
    three, four, five = (_template_forms(number, tmp_path) for number in (3, 4, 5))
    assert three["6"] == "{declarers: __, defenders: __} (declarers, defenders: the points each side scores)"
    assert "130" not in three["6"] + three["8"] and "W, N, N" not in three["8"]
    assert four["8"].startswith("{kind: __, seat: __, trick: __, declarer_tricks: __} (kind: revoke, lead out of")
    assert "established" not in four["8"]  # not asked: "what is it, who did it, on which trick, how many tricks"
    assert five["1"] == "a number of tricks"


# --- marking on content ----------------------------------------------------------------------------------------


def test_plain_answers_are_marked_right_on_their_content(tmp_path: Path):
    """The issue's answers: "South", "seven", "130", "N 11, E 7, S 14, W 8" as a line of text; Lesson Three's
    exercise 10 without the thirteen trick winners its question never asks for."""
    sheet = tmp_path / "sam.yaml"
    sheet.write_text(
        "lesson: 3\n"
        "pupil: Sam\n"
        "answers:\n"
        "  1: N 11, E 7, S 14, W 8\n"
        "  2: South declares, North is dummy\n"
        "  3: {north: 14, East: twelve, s: '2', West: 12}\n"
        "  4: West\n"
        "  5: seven\n"
        "  6: 130 to declarers, 0 to defenders\n"
        "  7: {Declarers: nil, defenders: '100'}\n"
        "  8: {winners: W N N E E E N N N N N E S, declarer's tricks: eight, declarers: 130, defenders: 0}\n"
        "  9: nine tricks, 170, 0\n"
        "  10: {goal: reached, declarers: 90, defenders: 0}\n",
        encoding="utf-8",
    )
    code, output = invoke("check", str(sheet))
    assert code == 0 and "10 of 10 right." in output, output
    sheet.write_text("lesson: 3\nanswers:\n  2: South\n  6: '130'\n  10: yes, 90, 0\n", encoding="utf-8")
    code, output = invoke("check", str(sheet), "--json")
    marks = {m["exercise"]: m for m in json.loads(output)["marks"]}
    assert (marks["2"]["right"], marks["2"]["given"]) == (False, {"declarer": "S"})
    assert marks["2"]["reason"].endswith("(give dummy too)")
    assert marks["6"]["given"] == {"declarers": 130} and marks["6"]["reason"].endswith("(give defenders too)")
    assert marks["10"]["right"] and marks["10"]["given"] == {"goal": "reached", "declarers": 90, "defenders": 0}


@pytest.mark.parametrize(
    ("number", "answers"),
    [
        (4, {"7": "east or west", "8": "East revoked at trick 4 and declarer took nine tricks"}),
        (5, {"1": "Nine", "11": "N declares, S is dummy", "14": "lead out of turn by south, accepted, 11 tricks"}),
        (6, {"1": "Top of a sequence", "2": "It encourages", "9": "420, 0"}),
    ],
)
def test_answers_in_words_are_right_in_every_lesson(number: int, answers: dict[str, str]):
    marks = {m.exercise: m for m in mark_answers(find_lesson(number), answers)}
    assert all(marks[key].right for key in answers), [marks[key] for key in answers if not marks[key].right]


def test_a_lone_number_answers_a_question_that_asks_one_number(tmp_path: Path):
    lesson = tmp_path / "mine.yaml"
    lesson.write_text(
        SMALL.read_text(encoding="utf-8").replace(
            "answer: {declarer_tricks: 11, declarers: 250, defenders: 0}", "answer: {declarer_tricks: 11}"
        ),
        encoding="utf-8",
    )
    sheet = tmp_path / "kim.yaml"
    sheet.write_text("lesson: mine.yaml\nanswers:\n  5: 11\n  3: Seven tricks\n", encoding="utf-8")
    code, output = invoke("check", str(sheet))
    assert code == 0 and "Exercise 5, board 7: right." in output and "Exercise 3: right." in output, output


def test_words_that_cannot_be_read_are_named(tmp_path: Path):
    sheet = tmp_path / "kim.yaml"
    sheet.write_text("lesson: 3\nanswers:\n  5: lots\n  2: {declarer: Q, dummy: N}\n", encoding="utf-8")
    code, output = invoke("check", str(sheet))
    assert code == 0
    assert (
        "Exercise 5: wrong. The answer is 7: in MiniLesson Three the goal is always 7 tricks ('lots' could " in output
    )
    assert "('q' could not be read; give declarer too)" in output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("lesson: 3\nanswers:\n  2:\n    declarer S\n    dummy: N\n",
         "sam.yaml, line 4: a colon is missing after 'declarer'"),
        ("lesson: 3\nanswers:\n  1: {N: 11, E: 7, S: 14, W: 8\n  5: 7\n",
         "sam.yaml, line 3: the '{' on this line is never closed: end it with '}' on the same line"),
        ("lesson: 3\nanswers:\n  1: N: 11, E: 7\n", "sam.yaml, line 3: two colons on one line"),
    ],
)  # fmt: skip
def test_a_malformed_answers_file_gets_a_message_a_pupil_can_read(tmp_path: Path, text: str, message: str):
    sheet = tmp_path / "sam.yaml"
    sheet.write_text(text, encoding="utf-8")
    code, output = invoke("check", str(sheet))
    assert code == 1 and message in output, output
    assert "YAML" not in output and "expected" not in output


# --- the book's cue: the points add up to 40 -------------------------------------------------------------------


def test_points_that_do_not_add_up_to_40_get_the_books_cue(tmp_path: Path):
    """Seed 000, Law 5: "If the total is not 40, something has gone wrong already and a re-count is necessary!"
    Lesson Three, Board 1: N 11, E 7, S 14, W 8."""
    sheet = tmp_path / "sam.yaml"
    sheet.write_text("lesson: 3\nanswers:\n  1: N 11, E 7, S 14, W 6\n  3: N 14, E 12, S 3, W 11\n", "utf-8")
    code, output = invoke("check", str(sheet))
    assert code == 0
    line = next(line for line in output.splitlines() if line.startswith("Exercise 1,"))
    assert line.endswith(
        "Your four hands add up to 38, not 40: if the total is not 40, something has gone wrong and a re-count "
        "is necessary."
    )
    exercise_3 = next(line for line in output.splitlines() if line.startswith("Exercise 3,"))
    assert "wrong" in exercise_3 and "re-count" not in exercise_3  # wrong, but 40 in all
    code, output = invoke("check", str(sheet), "--json")
    marks = {m["exercise"]: m for m in json.loads(output)["marks"]}
    assert marks["1"]["cue"].startswith("your four hands add up to 38, not 40") and marks["3"]["cue"] is None
    right = mark_answers(find_lesson(3), {"1": "N 11, E 7, S 14, W 8", "3": {"N": 14}})
    assert right[0].right and right[0].cue is None and right[2].cue is None  # a part only: no total to add


@pytest.mark.parametrize(
    ("code", "hcp", "declarer", "goal"),
    [
        ("nl", "N elf, O 7, Z 14, W acht", "Zuid, dummy noord", "zeven"),
        ("da", "N elleve, Ø syv, S 14, V otte", "Syd, dummy nord", "syv"),
    ],
)
def test_a_pupil_writes_seats_and_numbers_in_the_language_of_the_run(code, hcp, declarer, goal):
    with speaking(code):
        assert pupil_answer("hcp", hcp) == {"N": 11, "E": 7, "S": 14, "W": 8}
        assert pupil_answer("declarer", declarer) == {"declarer": "S", "dummy": "N"}
        assert pupil_answer("goal", goal) == 7
    assert pupil_answer("hcp", hcp) != {"N": 11, "E": 7, "S": 14, "W": 8}  # in English the words are not read


def test_the_danish_two_is_not_the_english_to():
    with speaking("da"):
        assert pupil_answer("tricks", "NS to, EW 11") == {"NS": 2, "EW": 11}
    assert pupil_answer("score", "130 to declarers, 0 to defenders") == {"declarers": 130, "defenders": 0}


def test_the_empty_answers_file_in_dutch(tmp_path: Path):
    form = tmp_path / "sam.yaml"
    assert invoke("check", "--template", "3", "-o", str(form), "--lang", "nl")[0] == 0
    text = form.read_text(encoding="utf-8")
    assert text.startswith("# Antwoorden bij Minibridgeles 3: Spelen met een dummy\n# Schrijf elk antwoord")
    assert "  # antwoord: {declarer: __, dummy: __} (declarer, dummy: N, E, S of W), of redeal\n  2:\n" in text
    assert yaml.safe_load(text) == {"lesson": 3, "pupil": "", "answers": {n: None for n in range(1, 11)}}
