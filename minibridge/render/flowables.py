"""Small reportlab flowables that only draw: a board's hand record, a hand slip, a ruled grid to write in.

Each gathers its words into one PDF text object, which keeps a pack of many boards quick to build.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from minibridge import language
from minibridge.cards import Seat, Suit
from minibridge.deal import Hand
from minibridge.render.styles import BOLD, FONT, GREY, INK, LIGHT, suit_colour

__all__ = ["BoardView", "BoardRecord", "HandSlip", "ScoreGrid", "Writer", "hand_lines", "fitted_lines"]

SUITS_HIGH_FIRST = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


_SMALLEST = 0.7
"""The smallest type a long suit is set in, as a share of the usual size; past it the letters are set narrower."""


def fitted_lines(lines: list[tuple[str, str]], width: float, size: float) -> tuple[float, float]:
    """The font size and the width of the letters (100: as designed) that fit a hand's longest suit within
    ``width``, its spaces kept: a smaller size first, then narrower letters."""
    widest = max((stringWidth(ranks, FONT, size) for _, ranks in lines), default=0.0)
    if widest <= width:
        return size, 100.0
    if widest * _SMALLEST <= width:
        return size * width / widest, 100.0
    return size * _SMALLEST, 100.0 * width / (widest * _SMALLEST)


def hand_lines(hand: Hand, void: str) -> list[tuple[str, str]]:
    """Each suit of a hand as (symbol, ranks), spades first, honours as the language prints them, tens as 10."""
    lines = []
    for suit in SUITS_HIGH_FIRST:
        ranks = " ".join(language.rank(r.letter) for r in hand.ranks(suit))
        lines.append((suit.symbol, ranks or void))
    return lines


class Writer:
    """Words placed anywhere on a canvas through a single text object, drawn with :meth:`finish`."""

    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self.text = canvas.beginText()
        self.style: tuple[str, float] | None = None
        self.colour: Any = None
        self.stretch = 100.0

    def __call__(
        self,
        x: float,
        y: float,
        words: str,
        *,
        font: str = FONT,
        size: float = 10,
        colour: Any = INK,
        align: str = "left",
        stretch: float = 100.0,
    ) -> None:
        """Write ``words`` at (x, y), the left end, centre or right end of the line at x; ``stretch`` is the
        width of the letters in per cent."""
        if align != "left":
            width = stringWidth(words, font, size) * stretch / 100
            x -= width / 2 if align == "centre" else width
        if self.style != (font, size):
            self.text.setFont(font, size)
            self.style = (font, size)
        if self.stretch != stretch:
            self.text.setHorizScale(stretch)
            self.stretch = stretch
        if self.colour is not colour:
            self.text.setFillColor(colour)
            self.colour = colour
        self.text.setTextOrigin(x, y)
        self.text.textOut(words)

    def finish(self) -> None:
        """Put the words on the canvas."""
        self.canvas.drawText(self.text)


@dataclass
class BoardView:
    """Everything printed for one board, already in words."""

    title: str
    dealer: str
    hands: dict[Seat, list[tuple[str, str]]]
    hcp: dict[Seat, int] | None
    """Each seat's points, or None where points are not counted (MiniLessons One and Two)."""
    compass: dict[Seat, str]
    """The letter of each seat on the compass."""
    corner_lines: list[str] = field(default_factory=list)
    dd_heading: str | None = None
    dd: list[tuple[str, int]] | None = None
    dd_rows: list[tuple[str, list[int]]] | None = None
    """The full double-dummy table: a row per seat (its letter, then its tricks in each of ``dd_symbols``)."""
    dd_symbols: list[str] = field(default_factory=list)
    footer_lines: list[str] = field(default_factory=list)


class BoardRecord(Flowable):
    """A board in the usual compass layout, North on top, with its points, declarer and analysis."""

    BASE_WIDTH = 90 * mm
    BASE_HEIGHT = 82 * mm
    HAND_WIDTH = 26 * mm
    RANKS_INDENT = 4.6 * mm

    def __init__(self, view: BoardView, scale: float = 1.0) -> None:
        super().__init__()
        self.view = view
        self.scale = scale
        self.width = self.BASE_WIDTH * scale
        self.height = self.BASE_HEIGHT * scale

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.scale(self.scale, self.scale)
        width, height = self.BASE_WIDTH, self.BASE_HEIGHT
        c.setStrokeColor(LIGHT)
        c.setLineWidth(0.6)
        c.roundRect(0, 0, width, height, 2.5 * mm)
        write = Writer(c)
        write(3 * mm, height - 7 * mm, self.view.title, font=BOLD, size=12)
        write(3 * mm, height - 11.5 * mm, self.view.dealer, size=8.5)
        corner = [line for text in self.view.corner_lines for line in simpleSplit(text, FONT, 8.5, self.HAND_WIDTH)]
        for index, text in enumerate(corner):
            write(width - 3 * mm, height - 7 * mm - index * 3.8 * mm, text, size=8.5, colour=GREY, align="right")
        middle = height / 2 + 2 * mm
        self._hand(write, 34 * mm, height - 4 * mm, Seat.NORTH)
        self._hand(write, 3 * mm, middle + 10 * mm, Seat.WEST)
        self._hand(write, 61 * mm, middle + 10 * mm, Seat.EAST)
        self._hand(write, 34 * mm, middle - 11 * mm, Seat.SOUTH)
        self._compass(write, 34 * mm, middle - 9 * mm, 18 * mm)
        self._analysis(write)
        write.finish()
        c.restoreState()

    def _hand(self, write: Writer, x: float, top: float, seat: Seat) -> None:
        line = 4.3 * mm
        lines = self.view.hands[seat]
        size, stretch = fitted_lines(lines, self.HAND_WIDTH - self.RANKS_INDENT, 10)
        for index, (symbol, ranks) in enumerate(lines):
            y = top - (index + 1) * line
            write(x, y, symbol, colour=suit_colour(symbol))
            write(x + self.RANKS_INDENT, y, ranks, size=size, stretch=stretch)

    def _compass(self, write: Writer, x: float, y: float, size: float) -> None:
        """The centre square: a seat letter on each side and that seat's points."""
        c = self.canv
        c.setStrokeColor(GREY)
        c.setLineWidth(0.8)
        c.rect(x, y, size, size)
        half = size / 2
        hcp = self.view.hcp
        for seat, py in ((Seat.NORTH, y + size - 3.2 * mm), (Seat.SOUTH, y + 1.2 * mm)):
            letter = self.view.compass[seat]
            text = f"{letter} {hcp[seat]}" if hcp is not None else letter
            write(x + half, py, text, font=BOLD, size=7.5, align="centre")
        for seat, px in ((Seat.WEST, x + 3.2 * mm), (Seat.EAST, x + size - 3.2 * mm)):
            write(px, y + half - 1.2 * mm, self.view.compass[seat], font=BOLD, size=7.5, align="centre")
            if hcp is not None:
                write(px, y + half - 4.4 * mm, str(hcp[seat]), size=7, align="centre")

    def _analysis(self, write: Writer) -> None:
        """Bottom corners: points and best contract on the left, double-dummy tricks on the right."""
        for index, text in enumerate(reversed(self.view.footer_lines)):
            write(3 * mm, 3 * mm + index * 3.6 * mm, text, size=7.5)
        if self.view.dd_heading is None:
            return
        left = 61 * mm
        if self.view.dd_rows is not None:
            self._full_table(write, left - 3.5 * mm)
            return
        write(left, 12.5 * mm, self.view.dd_heading, size=7, colour=GREY)
        if not self.view.dd:
            return
        step = 5.2 * mm  # room for two-figure tricks side by side: 11 10 11, not 111011
        c = self.canv
        c.setStrokeColor(LIGHT)
        c.setLineWidth(0.5)
        c.line(left, 6.9 * mm, left + step * len(self.view.dd), 6.9 * mm)
        for index, (symbol, tricks) in enumerate(self.view.dd):
            cx = left + step / 2 + index * step
            write(cx, 8.3 * mm, symbol, size=8.5, colour=suit_colour(symbol), align="centre")
            write(cx, 3.3 * mm, str(tricks), font=BOLD, size=8.5, align="centre")

    def _full_table(self, write: Writer, left: float) -> None:
        """Bottom right: the tricks of each seat (a row) in each strain (a column), under a heading."""
        assert self.view.dd_rows is not None and self.view.dd_heading is not None
        step, line = 5.0 * mm, 3.5 * mm
        label = 3.5 * mm
        top = 3 * mm + line * (len(self.view.dd_rows) + 1)
        write(left, top + 1.8 * mm, self.view.dd_heading, size=7, colour=GREY)
        for index, symbol in enumerate(self.view.dd_symbols):
            cx = left + label + step / 2 + index * step
            write(cx, top - line + 0.8 * mm, symbol, size=7.5, colour=suit_colour(symbol), align="centre")
        c = self.canv
        c.setStrokeColor(LIGHT)
        c.setLineWidth(0.5)
        c.line(left, top - line, left + label + step * len(self.view.dd_symbols), top - line)
        for row, (letter, tricks) in enumerate(self.view.dd_rows, start=2):
            y = top - row * line + 0.8 * mm
            write(left + label / 2, y, letter, font=BOLD, size=7, align="centre")
            for index, count in enumerate(tricks):
                write(left + label + step / 2 + index * step, y, str(count), size=7.5, align="centre")


class HandSlip(Flowable):
    """One player's hand on a slip to cut out and put in a duplicate board."""

    def __init__(self, title: str, seat_line: str, lines: list[tuple[str, str]], width: float, height: float) -> None:
        super().__init__()
        self.title = title
        self.seat_line = seat_line
        self.lines = lines
        self.width = width
        self.height = height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.setDash(2, 2)
        c.setStrokeColor(GREY)
        c.setLineWidth(0.5)
        c.rect(0, 0, self.width, self.height)
        write = Writer(c)
        write(3 * mm, self.height - 6 * mm, self.title, font=BOLD, size=10)
        room = self.width - 6 * mm - stringWidth(self.title, BOLD, 10) - 2 * mm
        seat_size = min(8.5, 8.5 * room / max(stringWidth(self.seat_line, FONT, 8.5), 1.0))
        write(self.width - 3 * mm, self.height - 6 * mm, self.seat_line, size=seat_size, align="right")
        size, stretch = fitted_lines(self.lines, self.width - 13 * mm, 11)
        for index, (symbol, ranks) in enumerate(self.lines):
            y = self.height - 12 * mm - index * 5 * mm
            write(4 * mm, y, symbol, size=11, colour=suit_colour(symbol))
            write(10 * mm, y, ranks, size=size, stretch=stretch)
        write.finish()
        c.restoreState()


class ScoreGrid(Flowable):
    """A ruled grid to write in: a title line, a shaded row of column headings, then empty rows."""

    def __init__(
        self,
        title: str,
        headings: Sequence[str],
        widths: Sequence[float],
        *,
        rows: int,
        row_height: float = 7 * mm,
        heading_height: float = 6 * mm,
    ) -> None:
        super().__init__()
        self.title = title
        self.headings = list(headings)
        self.widths = list(widths)
        self.rows = rows
        self.row_height = row_height
        self.heading_height = heading_height
        self.width = sum(widths)
        self.height = 6 * mm + heading_height + rows * row_height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        grid_top = self.height - 6 * mm
        c.setFillColor(LIGHT)
        c.rect(0, grid_top - self.heading_height, self.width, self.heading_height, stroke=0, fill=1)
        c.setStrokeColor(GREY)
        c.setLineWidth(0.5)
        xs = [0.0]
        for width in self.widths:
            xs.append(xs[-1] + width)
        ys = [grid_top] + [grid_top - self.heading_height - i * self.row_height for i in range(self.rows + 1)]
        c.grid(xs, ys)
        write = Writer(c)
        write(0, self.height - 4.2 * mm, self.title, font=BOLD, size=9)
        baseline = grid_top - self.heading_height / 2 - 1 * mm
        for x, width, heading in zip(xs, self.widths, self.headings, strict=False):
            size = min(8.0, 8.0 * (width - 2 * mm) / max(stringWidth(heading, BOLD, 8.0), 1.0))
            write(x + width / 2, baseline, heading, font=BOLD, size=size, align="centre")
        write.finish()
        c.restoreState()
