"""The tricks chart of teaching tip 4: combined points of the declaring side against the tricks it took.

Drawn with reportlab's graphics (no plotting library): for each number of points, the average tricks as a
mark and the fewest to most as a bar, for the computer's play (filled circles, solid bars) and for best play
all round (open squares, dashed bars), over the targets of the EBU variant as a dotted staircase. Readable in
black and white.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.graphics.shapes import Circle, Drawing, Group, Line, Rect, String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer

from minibridge.contract import TARGETS
from minibridge.experiments import PointsRow
from minibridge.render.page import build_pdf, page_footer
from minibridge.render.styles import FONT, GREY, INK, LIGHT, Page, grid, paragraph_styles, register_fonts
from minibridge.render.text import Wording

__all__ = ["tricks_drawing", "tricks_chart"]

_LOWEST, _HIGHEST = 20, 40  # the points axis: a declaring side holds 21 to 40
_TRICKS = 13
_LEFT, _BOTTOM, _TOP, _RIGHT = 17 * mm, 15 * mm, 4 * mm, 4 * mm
_OFFSET = 1.6 * mm  # the two series side by side at each number of points
_MARK = 1.3 * mm


def _target(points: int) -> int | None:
    for low, high, tricks in TARGETS:
        if low <= points <= high:
            return tricks
    return None


def tricks_drawing(rows: Sequence[PointsRow], words: Wording, *, width: float, height: float) -> Drawing:
    """The chart as a reportlab drawing of the given size."""
    register_fonts()
    drawing = Drawing(width, height)
    plot_w, plot_h = width - _LEFT - _RIGHT, height - _BOTTOM - _TOP

    def x_of(points: float) -> float:
        return _LEFT + (points - _LOWEST) / (_HIGHEST - _LOWEST) * plot_w

    def y_of(tricks: float) -> float:
        return _BOTTOM + tricks / _TRICKS * plot_h

    for tricks in range(_TRICKS + 1):  # the grid and the tricks axis
        y = y_of(tricks)
        drawing.add(Line(_LEFT, y, _LEFT + plot_w, y, strokeColor=LIGHT, strokeWidth=0.5))
        drawing.add(String(_LEFT - 2 * mm, y - 2.5, str(tricks), fontName=FONT, fontSize=7.5, textAnchor="end"))
    for points in range(_LOWEST, _HIGHEST + 1):
        x = x_of(points)
        drawing.add(Line(x, _BOTTOM, x, _BOTTOM - 1.2 * mm, strokeColor=INK, strokeWidth=0.5))
        if points % 2 == 0:
            drawing.add(String(x, _BOTTOM - 4.5 * mm, str(points), fontName=FONT, fontSize=7.5, textAnchor="middle"))
    drawing.add(Rect(_LEFT, _BOTTOM, plot_w, plot_h, fillColor=None, strokeColor=INK, strokeWidth=0.7))
    drawing.add(
        String(
            _LEFT + plot_w / 2,
            2 * mm,
            words("tricks_chart", "x_axis"),
            fontName=FONT,
            fontSize=8.5,
            textAnchor="middle",
        )
    )
    label = Group(String(0, 0, words("tricks_chart", "y_axis"), fontName=FONT, fontSize=8.5, textAnchor="middle"))
    label.translate(4.5 * mm, _BOTTOM + plot_h / 2)
    label.rotate(90)
    drawing.add(label)

    for low, high, tricks in TARGETS:  # the targets variant: a dotted staircase
        y = y_of(tricks)
        start, end = x_of(low - 0.5), x_of(min(high + 0.5, _HIGHEST))
        drawing.add(Line(start, y, end, y, strokeColor=GREY, strokeWidth=1.2, strokeDashArray=[1, 2]))

    for row in rows:
        for series, shift in ((row.played, -_OFFSET), (row.double_dummy, _OFFSET)):
            x = x_of(row.points) + shift
            solid = shift < 0
            drawing.add(
                Line(
                    x,
                    y_of(min(series)),
                    x,
                    y_of(max(series)),
                    strokeColor=INK,
                    strokeWidth=0.9,
                    strokeDashArray=None if solid else [2, 1.5],
                )
            )
            for end in (min(series), max(series)):
                drawing.add(Line(x - 0.8 * mm, y_of(end), x + 0.8 * mm, y_of(end), strokeColor=INK, strokeWidth=0.9))
            drawing.add(_mark(x, y_of(PointsRow.average(series)), solid))

    legend = [
        (words("tricks_chart", "played"), "played"),
        (words("tricks_chart", "double_dummy"), "dd"),
        (words("tricks_chart", "target"), "target"),
    ]
    # The legend sits bottom right, where few points and many tricks never meet.
    for number, (text, kind) in enumerate(legend):
        y = _BOTTOM + (len(legend) - number) * 5 * mm
        x = _LEFT + plot_w - 100 * mm
        if kind == "target":
            drawing.add(Line(x - 3 * mm, y, x + 3 * mm, y, strokeColor=GREY, strokeWidth=1.2, strokeDashArray=[1, 2]))
        else:
            drawing.add(_mark(x, y, kind == "played"))
        drawing.add(String(x + 5 * mm, y - 2.5, text, fontName=FONT, fontSize=8))
    return drawing


def _mark(x: float, y: float, filled: bool) -> Circle | Rect:
    """A filled circle for the computer's play, an open square for double dummy."""
    if filled:
        return Circle(x, y, _MARK, fillColor=INK, strokeColor=INK, strokeWidth=0.6)
    return Rect(x - _MARK, y - _MARK, 2 * _MARK, 2 * _MARK, fillColor=colors.white, strokeColor=INK, strokeWidth=0.9)


def tricks_chart(rows: Sequence[PointsRow], words: Wording, *, deals: int, seed: int, paper: str = "a4") -> bytes:
    """The chart on one page, with the tip it comes from and a table of the numbers, as PDF bytes."""
    styles = paragraph_styles()
    page = Page(paper)
    story: list[Flowable] = [
        Paragraph(words("tricks_chart", "title"), styles["title"]),
        Paragraph(words("tricks_chart", "subtitle", deals=deals, seed=seed), styles["subtitle"]),
        Paragraph(words("tricks_chart", "tip"), styles["body"]),
        Spacer(1, 3 * mm),
        tricks_drawing(rows, words, width=page.frame_width, height=115 * mm),
        Spacer(1, 5 * mm),
    ]
    header = [
        words("tricks_chart", key)
        for key in (
            "table_points",
            "table_deals",
            "table_played",
            "table_range",
            "table_dd",
            "table_range",
            "table_target",
        )
    ]
    body = [
        [
            str(row.points),
            str(row.deals),
            f"{PointsRow.average(row.played):.1f}",
            words("tricks_chart", "range", fewest=min(row.played), most=max(row.played)),
            f"{PointsRow.average(row.double_dummy):.1f}",
            words("tricks_chart", "range", fewest=min(row.double_dummy), most=max(row.double_dummy)),
            str(_target(row.points) or ""),
        ]
        for row in rows
    ]
    header_cells = [Paragraph(text, styles["cellbold"]) for text in header]
    width = page.frame_width
    story.append(grid([header_cells, *body], [width * f for f in (0.1, 0.1, 0.18, 0.14, 0.18, 0.14, 0.16)]))
    story.append(Spacer(1, 3 * mm))
    story.append(Paragraph(words("tricks_chart", "footnote"), styles["small"]))
    title = words("tricks_chart", "document_title")
    return build_pdf(story, title=title, paper=paper, footer=page_footer(words, title))
