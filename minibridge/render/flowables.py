"""Small reportlab flowables that only draw: a board's hand record, a hand slip, a cut line."""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from minibridge.cards import Seat, Suit
from minibridge.deal import Hand
from minibridge.render.styles import BOLD, FONT, GREY, INK, LIGHT, suit_colour

__all__ = ["BoardView", "BoardRecord", "HandSlip", "hand_lines", "fitted_lines"]

SUITS_HIGH_FIRST = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def fitted_lines(lines: list[tuple[str, str]], width: float, size: float) -> tuple[list[tuple[str, str]], float]:
    """A hand's suits and the font size that fits the longest within ``width``: smaller, then without spaces."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    widest = max((stringWidth(ranks, FONT, size) for _, ranks in lines), default=0.0)
    if widest <= width:
        return lines, size
    if widest * 0.75 <= width:
        return lines, size * width / widest
    packed = [(symbol, ranks.replace(" ", "")) for symbol, ranks in lines]
    widest = max(stringWidth(ranks, FONT, size) for _, ranks in packed)
    return packed, min(size, size * width / widest)


def hand_lines(hand: Hand, void: str) -> list[tuple[str, str]]:
    """Each suit of a hand as (symbol, ranks), spades first, tens written 10."""
    lines = []
    for suit in SUITS_HIGH_FIRST:
        ranks = " ".join("10" if r.letter == "T" else r.letter for r in hand.ranks(suit))
        lines.append((suit.symbol, ranks or void))
    return lines


@dataclass
class BoardView:
    """Everything printed for one board, already in words."""

    title: str
    dealer: str
    hands: dict[Seat, list[tuple[str, str]]]
    hcp: dict[Seat, int]
    corner_lines: list[str] = field(default_factory=list)
    dd_heading: str | None = None
    dd: list[tuple[str, int]] | None = None
    footer_lines: list[str] = field(default_factory=list)


class BoardRecord(Flowable):
    """A board in the usual compass layout, North on top, with its points, declarer and analysis."""

    BASE_WIDTH = 90 * mm
    BASE_HEIGHT = 82 * mm
    HAND_WIDTH = 26.5 * mm
    RANKS_INDENT = 4.6 * mm

    def __init__(self, view: BoardView, scale: float = 1.0) -> None:
        super().__init__()
        self.view = view
        self.scale = scale
        self.width = self.BASE_WIDTH * scale
        self.height = self.BASE_HEIGHT * scale

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def _hand(self, x: float, top: float, seat: Seat) -> None:
        c = self.canv
        line = 4.3 * mm
        lines, size = fitted_lines(self.view.hands[seat], self.HAND_WIDTH - self.RANKS_INDENT, 10)
        for index, (symbol, ranks) in enumerate(lines):
            y = top - (index + 1) * line
            c.setFillColor(suit_colour(symbol))
            c.setFont(FONT, 10)
            c.drawString(x, y, symbol)
            c.setFillColor(INK)
            c.setFont(FONT, size)
            c.drawString(x + self.RANKS_INDENT, y, ranks)

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.scale(self.scale, self.scale)
        width, height = self.BASE_WIDTH, self.BASE_HEIGHT
        c.setStrokeColor(LIGHT)
        c.setLineWidth(0.6)
        c.roundRect(0, 0, width, height, 2.5 * mm)
        c.setFillColor(INK)
        c.setFont(BOLD, 12)
        c.drawString(3 * mm, height - 7 * mm, self.view.title)
        c.setFont(FONT, 8.5)
        c.drawString(3 * mm, height - 11.5 * mm, self.view.dealer)
        c.setFillColor(GREY)
        for index, text in enumerate(self.view.corner_lines):
            c.drawRightString(width - 3 * mm, height - 7 * mm - index * 4 * mm, text)
        c.setFillColor(INK)
        middle = height / 2 + 2 * mm
        self._hand(34 * mm, height - 4 * mm, Seat.NORTH)
        self._hand(3 * mm, middle + 10 * mm, Seat.WEST)
        self._hand(61 * mm, middle + 10 * mm, Seat.EAST)
        self._hand(34 * mm, middle - 11 * mm, Seat.SOUTH)
        self._compass(34 * mm, middle - 9 * mm, 18 * mm)
        self._analysis(width, height)
        c.restoreState()

    def _compass(self, x: float, y: float, size: float) -> None:
        """The centre square: a seat letter on each side and that seat's points."""
        c = self.canv
        c.setStrokeColor(GREY)
        c.setLineWidth(0.8)
        c.rect(x, y, size, size)
        c.setFont(BOLD, 7.5)
        half = size / 2
        places = {
            Seat.NORTH: (x + half, y + size - 3.2 * mm),
            Seat.SOUTH: (x + half, y + 1.2 * mm),
            Seat.WEST: (x + 3.2 * mm, y + half - 1.2 * mm),
            Seat.EAST: (x + size - 3.2 * mm, y + half - 1.2 * mm),
        }
        for seat, (px, py) in places.items():
            c.setFillColor(INK)
            c.drawCentredString(px, py, f"{seat.letter} {self.view.hcp[seat]}" if seat in (Seat.NORTH, Seat.SOUTH)
                                else seat.letter)  # fmt: skip
        c.setFont(FONT, 7)
        c.drawCentredString(x + 3.2 * mm, y + half - 4.4 * mm, str(self.view.hcp[Seat.WEST]))
        c.drawCentredString(x + size - 3.2 * mm, y + half - 4.4 * mm, str(self.view.hcp[Seat.EAST]))

    def _analysis(self, width: float, height: float) -> None:
        """Bottom corners: the announcement on the left, double-dummy tricks and best contract on the right."""
        c = self.canv
        c.setFont(FONT, 7.5)
        c.setFillColor(INK)
        for index, text in enumerate(reversed(self.view.footer_lines)):
            c.drawString(3 * mm, 3 * mm + index * 3.6 * mm, text)
        if self.view.dd_heading is None:
            return
        left = 61 * mm
        c.setFont(FONT, 7)
        c.setFillColor(GREY)
        c.drawString(left, 22 * mm, self.view.dd_heading)
        if not self.view.dd:
            return
        step = 5.4 * mm
        c.setStrokeColor(LIGHT)
        c.setLineWidth(0.5)
        c.line(left, 15.6 * mm, left + step * len(self.view.dd), 15.6 * mm)
        for index, (symbol, tricks) in enumerate(self.view.dd):
            cx = left + step / 2 + index * step
            c.setFont(FONT, 8.5)
            c.setFillColor(suit_colour(symbol))
            c.drawCentredString(cx, 17 * mm, symbol)
            c.setFillColor(INK)
            c.setFont(BOLD, 9)
            c.drawCentredString(cx, 12 * mm, str(tricks))


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
        c.setDash()
        c.setFillColor(INK)
        c.setFont(BOLD, 10)
        c.drawString(3 * mm, self.height - 6 * mm, self.title)
        c.setFont(FONT, 8.5)
        c.drawRightString(self.width - 3 * mm, self.height - 6 * mm, self.seat_line)
        lines, size = fitted_lines(self.lines, self.width - 13 * mm, 11)
        for index, (symbol, ranks) in enumerate(lines):
            y = self.height - 12 * mm - index * 5 * mm
            c.setFont(FONT, 11)
            c.setFillColor(suit_colour(symbol))
            c.drawString(4 * mm, y, symbol)
            c.setFillColor(INK)
            c.setFont(FONT, size)
            c.drawString(10 * mm, y, ranks)
        c.restoreState()
