"""The teacher's lesson pages: the six MiniLessons, and one lesson in full — its objectives, the rules in force,
the teacher's notes and tips, its deals with their four hands, and its exercises with the answers and why.

The answers are worked out by the engine as ``minibridge check`` marks them (:func:`mark_answers` with nothing
answered), so the teacher reads exactly what a pupil will be told.
"""

from __future__ import annotations

import re
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from minibridge.board import Board
from minibridge.cards import Seat
from minibridge.language import gettext
from minibridge.lessons import find_lesson, lesson_numbers, no_lesson_at
from minibridge.lessons.answers import mark_answers
from minibridge.lessons.lesson import VARIANTS, Lesson
from minibridge.web.auth import Who, route
from minibridge.web.pages import render_teacher
from minibridge.web.requests import sentence
from minibridge.web.views import answer_words

__all__ = ["routes", "lesson_data", "paragraphs"]


def paragraphs(text: str) -> list[list[str]]:
    """A lesson file's text as paragraphs (blank lines between them), each a list of its lines; a line
    starting ``(1)`` begins a new line, as the printed notes show it.

    >>> paragraphs("One two\\nthree.\\n\\n(1) Four\\n(2) five")
    [['One two three.'], ['(1) Four', '(2) five']]
    """
    found = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines: list[str] = []
        for line in (line.strip() for line in block.splitlines()):
            if not line:
                continue
            if lines and not re.match(r"\(\d+\)", line):
                lines[-1] += " " + line
            else:
                lines.append(line)
        if lines:
            found.append(lines)
    return found


def lesson_data(lesson: Lesson) -> dict[str, Any]:
    """What the lesson page shows of a lesson, as plain data, in the language in use (the lesson's own texts
    too, where its file translates them)."""
    lesson = lesson.in_language()
    marks = {mark.exercise: mark for mark in mark_answers(lesson, {})}
    return {
        "number": lesson.number,
        "name": lesson.name,
        "title": lesson.title,
        "objectives": list(lesson.objectives),
        "rules": _rules(lesson),
        "variants": list(lesson.variants),
        "variant_words": [{"name": name, "description": gettext(VARIANTS[name])} for name in lesson.variants],
        "notes": paragraphs(lesson.teacher_notes),
        "tips": list(lesson.tips),
        "deals": [_deal_data(board) for board in lesson.deals],
        "exercises": [
            {
                "id": exercise.id,
                "kind": exercise.kind,
                "board": exercise.board,
                "question": " ".join(exercise.question.split()),
                "answer": marks[exercise.id].answer,
                "words": answer_words(exercise),
                "reason": marks[exercise.id].reason,
            }
            for exercise in lesson.exercises
        ],
    }


def _rules(lesson: Lesson) -> list[str]:
    """The rules in force, a sentence each, in the words of the lesson pack's cover."""
    from minibridge.render.pack import rules_lines
    from minibridge.render.text import wording

    return rules_lines(lesson.rules, wording())


def _deal_data(board: Board) -> dict[str, Any]:
    assert board.deal is not None and board.dealer is not None
    return {
        "board": board.number,
        "dealer": board.dealer.letter,
        "hands": {seat.letter: [str(card) for card in board.deal[seat]] for seat in Seat},
        "declarer": board.declarer.letter if board.declarer is not None else None,
        "contract": str(board.contract) if board.contract is not None else None,
        "played": board.play is not None,
        "note": " ".join(board.note.split()),
        "generated": board.generated,
    }


async def lessons_page(request: Request) -> Response:
    """The six MiniLessons: number, title, the rules in force, how many deals and exercises."""

    def summaries() -> list[dict[str, Any]]:
        found = []
        for number in lesson_numbers():
            lesson = find_lesson(number).in_language()
            found.append(
                {
                    "number": number,
                    "name": lesson.name,
                    "title": lesson.title,
                    "rules": _rules(lesson),
                    "deals": len(lesson.deals),
                    "exercises": len(lesson.exercises),
                }
            )
        return found

    lessons = await run_in_threadpool(summaries)
    return HTMLResponse(render_teacher(request, "teacher/lessons.j2", lessons=lessons))


async def lesson_page(request: Request) -> Response:
    """One lesson in full: objectives, rules, notes, tips, deals and exercises with the answers."""
    number = request.path_params["number"]
    if number not in lesson_numbers():
        missing = sentence(no_lesson_at(number))
        return HTMLResponse(render_teacher(request, "teacher/lesson.j2", lesson=None, missing=missing), status_code=404)
    lesson = await run_in_threadpool(lambda: lesson_data(find_lesson(number)))
    return HTMLResponse(render_teacher(request, "teacher/lesson.j2", lesson=lesson))


routes = [
    route("teacher_lessons", lessons_page, who=Who.TEACHER),
    route("teacher_lesson", lesson_page, who=Who.TEACHER),
]
