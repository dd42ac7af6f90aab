"""Certificates on paper: one page each, big and clear, for a pupil's fridge.

A thick border with the four suits in its corners; the word "Certificate"; the pupil's name as large as fits; the
lesson done (or the whole course) with its title; the date, the school when given, and a line for the teacher to
sign. Readable in black and white; the red suits stay red in colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, PageBreak

from minibridge import language
from minibridge.classroom.certificates import Certificate
from minibridge.lessons import find_lesson
from minibridge.render.page import build_pdf
from minibridge.render.styles import BOLD, FONT, GREY, INK, Page, register_fonts, suit_colour
from minibridge.render.text import Wording

__all__ = ["certificates_pdf"]

_GOLD = colors.Color(0.85, 0.65, 0.13)
_SUITS = ("♠", "♥", "♦", "♣")
_LARGEST_NAME = 60
"""The size of a short name, in points; a long name is made smaller to fit."""
_SMALLEST_LINE = 34
"""A name that would be smaller than this on one line goes on two."""
_LINE_GAP = 1.05
"""The distance between the two lines of a long name, as a part of its size."""
_CAPITALS = 0.75
"""How high a capital letter stands above its line, as a part of its size."""


class _CertificatePage(Flowable):
    """One certificate filling the frame of a page."""

    def __init__(self, lines: dict[str, str], width: float, height: float) -> None:
        super().__init__()
        self.lines = lines
        self.width, self.height = width, height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height - 1

    def draw(self) -> None:
        canvas: Any = self.canv
        width, height = self.width, self.height - 1
        canvas.setStrokeColor(_GOLD)
        canvas.setLineWidth(6)
        canvas.roundRect(0, 0, width, height, 8 * mm)
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(1.2)
        canvas.roundRect(5 * mm, 5 * mm, width - 10 * mm, height - 10 * mm, 6 * mm)
        corners = [(14 * mm, height - 24 * mm), (width - 14 * mm, height - 24 * mm), (14 * mm, 16 * mm)]
        corners.append((width - 14 * mm, 16 * mm))
        for (x, y), suit in zip(corners, _SUITS, strict=True):
            canvas.setFillColor(suit_colour(suit))
            canvas.setFont(FONT, 30)
            canvas.drawCentredString(x, y, suit)
        middle = width / 2
        self._text(self.lines["heading"], middle, height * 0.82, BOLD, 44, INK)
        self._text(self.lines["given_to"], middle, height * 0.71, FONT, 20, GREY)
        self._fitted(self.lines["name"], middle, height * 0.58, width - 36 * mm, room=height * 0.13 - 16)
        canvas.setStrokeColor(_GOLD)
        canvas.setLineWidth(2)
        canvas.line(30 * mm, height * 0.555, width - 30 * mm, height * 0.555)
        self._text(self.lines["done"], middle, height * 0.47, FONT, 22, INK)
        self._text(self.lines["title"], middle, height * 0.41, BOLD, 22, INK)
        self._text(self.lines["well_done"], middle, height * 0.31, BOLD, 30, _GOLD)
        self._text(self.lines["school"], middle, height * 0.22, FONT, 18, INK)
        self._text(self.lines["date"], 34 * mm, 34 * mm, FONT, 15, INK, anchor="start")
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.8)
        canvas.line(width - 90 * mm, 40 * mm, width - 30 * mm, 40 * mm)
        self._text(self.lines["signed"], width - 60 * mm, 33 * mm, FONT, 13, GREY)

    def _text(
        self, text: str, x: float, y: float, font: str, size: float, colour: Any, *, anchor: str = "middle"
    ) -> None:
        """One line of text, shrunk to fit inside the border when it is long."""
        most = self.width - 30 * mm
        size = min(size, size * most / max(stringWidth(text, font, size), 1))
        self.canv.setFillColor(colour)
        self.canv.setFont(font, size)
        if anchor == "start":
            self.canv.drawString(x, y, text)
        else:
            self.canv.drawCentredString(x, y, text)

    def _fitted(self, name: str, x: float, y: float, most: float, *, room: float) -> None:
        """The pupil's name, as large as fits on one line; a long name of several words on two lines, both within
        ``room`` points above the line ``y`` (the capitals of the first line stay clear of the words above)."""
        size = _size(name, most)
        words = name.split()
        if size >= _SMALLEST_LINE or len(words) < 2:
            self._text(name, x, y, BOLD, size, INK)
            return
        cut = min(range(1, len(words)), key=lambda n: abs(len(" ".join(words[:n])) - len(" ".join(words[n:]))))
        first, second = " ".join(words[:cut]), " ".join(words[cut:])
        size = min(_size(first, most), _size(second, most), room / (_LINE_GAP + _CAPITALS))
        self._text(first, x, y + size * _LINE_GAP, BOLD, size, INK)
        self._text(second, x, y, BOLD, size, INK)


def _size(text: str, most: float) -> float:
    """The size of a name's line, at most :data:`_LARGEST_NAME`, that fits in ``most`` points."""
    return min(_LARGEST_NAME, _LARGEST_NAME * most / max(stringWidth(text, BOLD, _LARGEST_NAME), 1))


def _lines(certificate: Certificate, words: Wording) -> dict[str, str]:
    """The words of one certificate, as text."""

    def say(phrase: str, **context: Any) -> str:
        return words.plain("certificate", phrase, **context)

    if certificate.lesson is None:
        done, title = say("course_done"), say("course_title")
    else:
        lesson = find_lesson(certificate.lesson).in_language()
        done, title = say("lesson_done", lesson=lesson.name), say("lesson_title", title=lesson.title)
    return {
        "heading": say("heading"),
        "given_to": say("given_to"),
        "name": certificate.name,
        "done": done,
        "title": title,
        "well_done": say("well_done"),
        "school": say("school", school=certificate.school) if certificate.school else "",
        "date": say("date", date=language.date(certificate.date)),
        "signed": say("signed"),
    }


def certificates_pdf(certificates: Sequence[Certificate], words: Wording, *, paper: str = "a4") -> bytes:
    """Every certificate on a page of its own, in order."""
    register_fonts()
    page = Page(paper)
    story: list[Flowable] = []
    for certificate in certificates:
        if story:
            story.append(PageBreak())
        story.append(_CertificatePage(_lines(certificate, words), page.frame_width, page.frame_height))
    title = words.plain("certificate", "file_title")
    return build_pdf(story, title=title, paper=paper, footer=lambda number: "")
