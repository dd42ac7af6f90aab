"""The report to take home: its figures from what the classroom keeps, and one page a pupil read back."""

from __future__ import annotations

import datetime
import io
from dataclasses import dataclass

from pypdf import PdfReader

from minibridge import language
from minibridge.classroom.term_report import DealPlayed, class_reports
from minibridge.documents import term_reports
from minibridge.lessons import find_lesson


@dataclass
class Answer:
    pupil: str
    lesson: int
    exercise: str
    right: bool
    answered: str


@dataclass
class Help:
    pupil: str
    hints: int
    undos: int


def _deal(pupil: str, played: str, *, declared: bool, made: bool, lost: int) -> DealPlayed:
    return DealPlayed(pupil=pupil, lesson=3, declared=declared, made=made, tricks_lost=lost, played=played)


ANSWERS = [
    *(Answer("Amy", 1, e.id, e.id != "2", "2026-02-02T10:00:00+00:00") for e in find_lesson(1).exercises),
    Answer("Amy", 1, "2", True, "2026-02-16T10:00:00+00:00"),
    Answer("Tom", 1, "1", True, "2026-02-03T10:00:00+00:00"),
]
DEALS = [
    _deal("Amy", "2026-02-09T10:00:00+00:00", declared=True, made=True, lost=0),
    _deal("Amy", "2026-02-16T10:00:00+00:00", declared=True, made=False, lost=2),
    _deal("Amy", "2026-02-17T10:00:00+00:00", declared=False, made=False, lost=1),
    _deal("Tom", "2026-02-17T10:00:00+00:00", declared=True, made=True, lost=0),
]
HELP = [Help("Amy", 3, 1), Help("Amy", 1, 0), Help("Tom", 5, 5)]


def test_the_figures_of_a_pupil():
    amy, tom = class_reports(ANSWERS, DEALS, HELP)
    assert (amy.name, tom.name) == ("Amy", "Tom")
    assert amy.lessons_done == [1] and tom.lessons_done == []
    assert (amy.exercises, amy.first_try) == (6, 5)
    assert (amy.deals, amy.declared, amy.made, amy.tricks_lost) == (3, 2, 1, 3)
    assert (amy.hints, amy.undos) == (4, 1)
    weeks = [(w.monday.isoformat(), w.right, w.deals) for w in amy.weeks]
    assert weeks == [("2026-02-02", 5, 0), ("2026-02-09", 0, 1), ("2026-02-16", 1, 2)]


def test_a_lesson_is_done_only_with_its_deals_when_the_teacher_asks():
    (amy,) = class_reports(ANSWERS, DEALS, HELP, names=["Amy"], need_deals=True)
    assert amy.lessons_done == []


def test_one_page_a_pupil_read_back_in_each_language():
    reports = class_reports(ANSWERS, DEALS, HELP)
    for code, day in (("en", "20 February 2026"), ("nl", "20 februari 2026"), ("da", "20. februar 2026")):
        with language.speaking(code):
            document = term_reports(reports, date=datetime.date(2026, 2, 20), school="Hill Primary", paper="a4")
        pages = [page.extract_text() for page in PdfReader(io.BytesIO(document.pdf)).pages]
        assert document.name == "reports.pdf" and len(pages) == 2
        assert "Amy" in pages[0] and "Tom" in pages[1] and "Amy" not in pages[1]
        assert all(day in page and "Hill Primary" in page for page in pages)
    with language.speaking("en"):
        alone = term_reports(reports[:1], date=datetime.date(2026, 2, 20))
    text = PdfReader(io.BytesIO(alone.pdf)).pages[0].extract_text()
    assert alone.name == "report-amy.pdf" and "5 of 6" in text and "1 of 2" in text and "week by week" in text
