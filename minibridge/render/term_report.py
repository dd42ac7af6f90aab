"""The report a pupil takes home, one page each: the six lessons as boxes (gold when done), what the pupil did in
figures, and the term week by week as a small bar chart (exercises right and deals played)."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle

from minibridge import language
from minibridge.classroom.term_report import PupilReport, TermWeek
from minibridge.lessons import lesson_numbers
from minibridge.render.page import build_pdf
from minibridge.render.styles import BOLD, FONT, GREY, INK, LIGHT, Page, paragraph_styles
from minibridge.render.text import Wording

__all__ = ["term_reports_pdf", "term_chart"]

_GOLD = colors.Color(0.93, 0.76, 0.25)
_BLUE = colors.Color(0.22, 0.42, 0.69)
_CHART_HEIGHT = 62 * mm
_LEFT, _BOTTOM, _TOP = 12 * mm, 12 * mm, 10 * mm


def term_chart(weeks: Sequence[TermWeek], words: Wording, *, width: float) -> Drawing:
    """The term week by week: for each week a gold bar of exercises right and a blue bar of deals played, each
    with its number on top, and the week's Monday under them."""
    drawing = Drawing(width, _CHART_HEIGHT)
    plot_w, plot_h = width - _LEFT, _CHART_HEIGHT - _BOTTOM - _TOP
    highest = max([1, *(w.right for w in weeks), *(w.deals for w in weeks)])
    slot = plot_w / max(len(weeks), 1)
    bar = min(slot * 0.36, 9 * mm)
    drawing.add(Line(_LEFT, _BOTTOM, width, _BOTTOM, strokeColor=INK, strokeWidth=0.8))
    for place, week in enumerate(weeks):
        x = _LEFT + place * slot + slot / 2
        for offset, value, colour in ((-bar, week.right, _GOLD), (0, week.deals, _BLUE)):
            height = value / highest * plot_h
            drawing.add(Rect(x + offset, _BOTTOM, bar, height, fillColor=colour, strokeColor=INK, strokeWidth=0.4))
            if value:
                label = language.number(value)
                drawing.add(
                    String(
                        x + offset + bar / 2,
                        _BOTTOM + height + 1.2 * mm,
                        label,
                        fontName=BOLD,
                        fontSize=8,
                        textAnchor="middle",
                    )
                )
        monday = words.plain("report", "week", date=f"{week.monday.day}/{week.monday.month}")
        drawing.add(
            String(x, _BOTTOM - 4.5 * mm, monday, fontName=FONT, fontSize=7.5, textAnchor="middle", fillColor=GREY)
        )
    key_y = _CHART_HEIGHT - 4 * mm
    for place, (colour, phrase) in enumerate(((_GOLD, "chart_right"), (_BLUE, "chart_deals"))):
        x = _LEFT + place * 60 * mm
        drawing.add(Rect(x, key_y, 4 * mm, 3 * mm, fillColor=colour, strokeColor=INK, strokeWidth=0.4))
        drawing.add(String(x + 6 * mm, key_y + 0.3 * mm, words.plain("report", phrase), fontName=FONT, fontSize=9))
    return drawing


def _lesson_boxes(report: PupilReport, width: float) -> Table:
    """The lessons as numbered boxes in a row, gold for those done."""
    numbers = list(lesson_numbers())
    cell = min(22 * mm, width / len(numbers))
    table = Table([[str(n) for n in numbers]], colWidths=[cell] * len(numbers), rowHeights=[16 * mm], hAlign="LEFT")
    style: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), BOLD, 22),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("GRID", (0, 0), (-1, -1), 1.5, colors.white),
        ("BACKGROUND", (0, 0), (-1, -1), LIGHT),
        ("TEXTCOLOR", (0, 0), (-1, -1), GREY),
    ]
    for place, number in enumerate(numbers):
        if number in report.lessons_done:
            style += [("BACKGROUND", (place, 0), (place, 0), _GOLD), ("TEXTCOLOR", (place, 0), (place, 0), INK)]
    table.setStyle(TableStyle(style))
    return table


def _figures(report: PupilReport, words: Wording, width: float) -> Table:
    """What the pupil did, a line each: the words, then the number."""

    def say(phrase: str, **context: Any) -> str:
        return words("report", phrase, **context)

    def number(value: int) -> str:
        return language.number(value)

    rows = [
        [say("first_try"), say("out_of", count=number(report.first_try), total=number(report.exercises))],
        [say("deals"), number(report.deals)],
        [say("made"), say("out_of", count=number(report.made), total=number(report.declared))],
        [say("tricks_lost"), number(report.tricks_lost)],
        [say("hints"), number(report.hints)],
        [say("undos"), number(report.undos)],
    ]
    big = ParagraphStyle("figure", parent=paragraph_styles()["body"], fontSize=13, leading=16, spaceAfter=0)
    cells = [[Paragraph(label, big), Paragraph(f"<b>{value}</b>", big)] for label, value in rows]
    table = Table(cells, colWidths=[width - 40 * mm, 40 * mm], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (0, 0), (-1, -1), 0.5, LIGHT),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("TOPPADDING", (0, 0), (-1, -1), 2.5 * mm),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5 * mm),
            ]
        )
    )
    return table


def _pupil_page(
    report: PupilReport, words: Wording, *, school: str, date: str, need_deals: bool, width: float
) -> list[Flowable]:
    """One pupil's page."""
    styles = paragraph_styles()

    def say(phrase: str, **context: Any) -> str:
        return words("report", phrase, **context)

    part: list[Flowable] = [
        Paragraph(say("heading"), styles["subtitle"]),
        Paragraph(escape(report.name), styles["title"]),
        Paragraph(say("details", school=school, date=date), styles["subtitle"]),
        Paragraph(say("lessons_heading"), styles["heading"]),
        _lesson_boxes(report, width),
        Spacer(1, 1.5 * mm),
        Paragraph(say("lessons_key_deals" if need_deals else "lessons_key"), styles["small"]),
        Paragraph(say("figures_heading"), styles["heading"]),
        _figures(report, words, width),
        Paragraph(say("chart_heading"), styles["heading"]),
    ]
    if len(report.weeks) > 1:
        part.append(term_chart(report.weeks, words, width=width))
    else:
        part.append(Paragraph(say("one_week" if report.weeks else "nothing_yet"), styles["body"]))
    part += [Spacer(1, 4 * mm), Paragraph(say("note"), styles["small"])]
    return part


def term_reports_pdf(
    reports: Sequence[PupilReport],
    words: Wording,
    *,
    date: datetime.date,
    school: str = "",
    need_deals: bool = False,
    paper: str = "a4",
) -> bytes:
    """Each pupil's report on a page of their own, in order."""
    page = Page(paper)
    story: list[Flowable] = []
    names: list[str] = []
    for report in reports:
        if story:
            story.append(PageBreak())
        story += _pupil_page(
            report, words, school=school, date=language.date(date), need_deals=need_deals, width=page.frame_width
        )
        names.append(report.name)
    title = words.plain("report", "file_title")
    return build_pdf(
        story,
        title=title,
        paper=paper,
        footer=lambda number: words.plain("report", "footer", name=names[min(number, len(names)) - 1]),
    )
