"""Fonts, colours, page geometry, paragraph styles and ruled tables shared by every printed document."""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import files
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Table, TableStyle

__all__ = [
    "FONT",
    "BOLD",
    "RED",
    "INK",
    "GREY",
    "LIGHT",
    "PAPERS",
    "Page",
    "register_fonts",
    "paragraph_styles",
    "suit_colour",
    "ruled_style",
    "grid",
]

FONT = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
RED = colors.Color(0.78, 0.0, 0.0)
INK = colors.black
GREY = colors.Color(0.45, 0.45, 0.45)
LIGHT = colors.Color(0.9, 0.9, 0.9)

PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}

_registered = False


def register_fonts() -> None:
    """Register the embedded DejaVu Sans (it has ♠♥♦♣, which the standard PDF fonts lack), once."""
    global _registered
    if _registered:
        return
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    folder = files("minibridge.render") / "fonts"
    pdfmetrics.registerFont(TTFont(FONT, str(folder / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(folder / "DejaVuSans-Bold.ttf")))
    addMapping(FONT, 0, 0, FONT)
    addMapping(FONT, 1, 0, BOLD)
    addMapping(FONT, 0, 1, FONT)
    addMapping(FONT, 1, 1, BOLD)
    _registered = True


def suit_colour(symbol: str) -> Any:
    """Red for hearts and diamonds, black otherwise."""
    return RED if symbol in ("♥", "♦") else INK


@dataclass(frozen=True)
class Page:
    """A paper size and its margins, in points."""

    paper: str = "a4"
    margin: float = 15 * mm

    @property
    def size(self) -> tuple[float, float]:
        """Width and height."""
        return PAPERS[self.paper]

    @property
    def frame_width(self) -> float:
        """The width inside the margins."""
        return self.size[0] - 2 * self.margin

    @property
    def frame_height(self) -> float:
        """The height inside the margins (less a band for the footer)."""
        return self.size[1] - 2 * self.margin - 6 * mm


def paragraph_styles() -> dict[str, ParagraphStyle]:
    """The one stylesheet: title, heading, body, small and list styles."""
    register_fonts()
    body = ParagraphStyle("body", fontName=FONT, fontSize=10.5, leading=14.5, spaceAfter=4)
    return {
        "title": ParagraphStyle("title", parent=body, fontName=BOLD, fontSize=22, leading=27, spaceAfter=6),
        "subtitle": ParagraphStyle("subtitle", parent=body, fontSize=13, leading=17, textColor=GREY, spaceAfter=14),
        "heading": ParagraphStyle(
            "heading", parent=body, fontName=BOLD, fontSize=14, leading=18, spaceBefore=8, spaceAfter=6
        ),
        "body": body,
        "small": ParagraphStyle("small", parent=body, fontSize=8.5, leading=11),
        "bullet": ParagraphStyle("bullet", parent=body, leftIndent=12, bulletIndent=2),
        "cell": ParagraphStyle("cell", parent=body, fontSize=9, leading=11.5, spaceAfter=0),
        "cellbold": ParagraphStyle("cellbold", parent=body, fontName=BOLD, fontSize=9, leading=11.5, spaceAfter=0),
        "room": ParagraphStyle("room", parent=body, fontSize=11, leading=26, spaceAfter=0),
    }


def ruled_style(*extra: tuple[Any, ...], header_rows: int = 1, font_size: float = 9) -> list[tuple[Any, ...]]:
    """The commands of a ruled table: bold header on a light ground, a grey grid, centred; then ``extra``."""
    return [
        ("FONT", (0, 0), (-1, header_rows - 1), BOLD, font_size - 1),
        ("FONT", (0, header_rows), (-1, -1), FONT, font_size),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("GRID", (0, 0), (-1, -1), 0.5, GREY),
        ("BACKGROUND", (0, 0), (-1, header_rows - 1), LIGHT),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        *extra,
    ]


def grid(
    rows: list[list[Any]],
    widths: list[float],
    *,
    header_rows: int = 1,
    height: float | None = None,
    font_size: float = 9,
) -> Table:
    """A ruled table for writing in: bold header on a light ground, a grey grid, tall rows."""
    table = Table(
        rows,
        colWidths=widths,
        rowHeights=[None] * header_rows + [height] * (len(rows) - header_rows),
        repeatRows=header_rows,
    )
    padding = [("LEFTPADDING", (0, 0), (-1, -1), 1.2 * mm), ("RIGHTPADDING", (0, 0), (-1, -1), 1.2 * mm)]
    table.setStyle(TableStyle(ruled_style(*padding, header_rows=header_rows, font_size=font_size)))
    return table
