"""Certificates: the rule of a lesson earned, the PDF read back (names, lessons, dates), and the command."""

from __future__ import annotations

import datetime
import io
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from minibridge import language
from minibridge.classroom.certificates import class_certificates, earned_by_pupil, earned_lessons, named_certificates
from minibridge.cli import main
from minibridge.documents import certificates
from minibridge.lessons import find_lesson
from minibridge.web.store import Store

DAY = datetime.date(2026, 3, 15)


@dataclass
class Answer:
    pupil: str
    lesson: int
    exercise: str
    right: bool


@dataclass
class Deal:
    pupil: str
    lesson: int | None


def _every_exercise(pupil: str, lesson: int, *, right: bool = True) -> list[Answer]:
    return [Answer(pupil, lesson, exercise.id, right) for exercise in find_lesson(lesson).exercises]


def _text(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def test_a_lesson_is_earned_when_every_exercise_was_right_once():
    answers = [*_every_exercise("Amy", 1, right=False), *_every_exercise("Amy", 1), *_every_exercise("Amy", 2)[1:]]
    assert earned_lessons(answers) == [1]
    assert earned_lessons(_every_exercise("Amy", 1, right=False)) == []


def test_the_teachers_switch_asks_for_the_lessons_deals_too():
    answers = _every_exercise("Amy", 1)
    few = [Deal("Amy", 1)] * (len(find_lesson(1).deals) - 1)
    assert earned_by_pupil(answers, deals=few, need_deals=True) == {"Amy": []}
    assert earned_by_pupil(answers, deals=[*few, Deal("Amy", 1)], need_deals=True) == {"Amy": [1]}
    assert earned_by_pupil(answers, deals=[*few, Deal("Amy", None)], need_deals=True) == {"Amy": []}
    assert earned_by_pupil(answers, deals=few) == {"Amy": [1]}


def test_the_course_needs_every_lesson():
    every = [answer for lesson in range(1, 7) for answer in _every_exercise("Amy", lesson)]
    answers = every + _every_exercise("Tom", 1)
    course = class_certificates(answers, lesson=None, date=DAY)
    assert [c.name for c in course] == ["Amy"]
    assert [c.name for c in class_certificates(answers, lesson=1, date=DAY)] == ["Amy", "Tom"]
    assert [c.name for c in class_certificates(answers, lesson=1, date=DAY, names=["Tom"])] == ["Tom"]


@pytest.mark.parametrize(
    ("code", "day", "lesson"), [("en", "15 March 2026", "MiniLesson Three"), ("nl", "15 maart 2026", "")]
)
def test_a_class_of_certificates_reads_back_with_names_lessons_and_dates(code: str, day: str, lesson: str):
    with language.speaking(code):
        printed = named_certificates(["Amy", "Tom  Lee"], lesson=3, date=DAY, school="Hill Primary")
        document = certificates(printed, paper="letter")
        name = find_lesson(3).in_language().title
    pages = _text(document.pdf)
    assert len(pages) == 2 and document.name == "certificates-lesson-3.pdf"
    assert "Amy" in pages[0] and "Tom Lee" in pages[1]
    assert all(day in page and "Hill Primary" in page and name in page for page in pages)
    assert lesson in pages[0]
    assert PdfReader(io.BytesIO(document.pdf)).pages[0].mediabox.width == pytest.approx(612)


def test_nothing_earned_is_refused_in_words():
    from minibridge.errors import MiniBridgeError

    with pytest.raises(MiniBridgeError, match="no pupil has earned"):
        certificates([])


def test_the_command_prints_the_class_from_the_kept_progress(tmp_path: Path):
    store = Store(tmp_path / "class")
    store.record_answers("Amy", 2, [(e.id, True) for e in find_lesson(2).exercises])
    store.record_answers("Tom", 2, [("1", True)])
    store.close()
    target = tmp_path / "out.pdf"
    args = ["certificate", "--lesson", "2", "--class", "--data", str(tmp_path / "class"), "--date", "2026-03-15"]
    result = CliRunner().invoke(main, [*args, "-o", str(target), "--lang", "en"])
    assert result.exit_code == 0, result.output
    pages = _text(target.read_bytes())
    assert len(pages) == 1 and "Amy" in pages[0] and "15 March 2026" in pages[0] and "MiniLesson Two" in pages[0]


def test_the_command_prints_names_given_and_refuses_what_is_missing(tmp_path: Path):
    target = tmp_path / "course.pdf"
    result = CliRunner().invoke(main, ["certificate", "--course", "--name", "Åse", "-o", str(target), "--lang", "da"])
    assert result.exit_code == 0, result.output
    assert "Åse" in _text(target.read_bytes())[0]
    neither = CliRunner().invoke(main, ["certificate", "--name", "Amy", "--lang", "en"])
    assert neither.exit_code == 2 and "--lesson N or --course" in neither.output
    empty = CliRunner().invoke(main, ["certificate", "--lesson", "1", "--class", "--data", str(tmp_path / "none")])
    assert empty.exit_code == 1 and "keeps no class's progress" in empty.output


def test_the_command_reads_names_as_every_name_from_outside_is_read(tmp_path: Path):
    target = tmp_path / "certificates.pdf"
    for bad in ("Amy\u202e", "Amy\u200b", "x" * 61):
        hidden = CliRunner().invoke(main, ["certificate", "--lesson", "1", "--name", bad, "-o", str(target)])
        assert hidden.exit_code == 2 and "--name" in hidden.output and "Traceback" not in hidden.output
    school = CliRunner().invoke(main, ["certificate", "--lesson", "1", "--name", "Amy", "--school", "Oak\x00"])
    assert school.exit_code == 2 and "--school" in school.output
    assert not target.exists()
    tidy = CliRunner().invoke(main, ["certificate", "--lesson", "1", "--name", "  Amy   Lee ", "-o", str(target)])
    assert tidy.exit_code == 0, tidy.output
    assert "Amy Lee" in PdfReader(target).pages[0].extract_text()
