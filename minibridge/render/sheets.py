"""Sheets to write on: the pupil's score card and the travelling score sheet of each duplicate board."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer

from minibridge.board import Board
from minibridge.cards import Seat
from minibridge.render.flowables import ScoreGrid
from minibridge.render.page import build_pdf, page_footer
from minibridge.render.styles import BOLD, Page, grid, paragraph_styles
from minibridge.render.text import Wording
from minibridge.rules import RuleSet

__all__ = ["scorecard_story", "travellers_story", "score_sheets"]

_CONTRACT_CARD = (
    ("board", 10),
    ("dealer", 11),
    ("hcp_ns", 12),
    ("hcp_ew", 12),
    ("declarer", 15),
    ("contract", 14),
    ("goal", 10),
    ("tricks", 11),
    ("score_ns", 13),
    ("score_ew", 13),
    ("total_ns", 13),
    ("total_ew", 13),
    ("tip_points", 17),
    ("tip_tricks", 16),
)
"""The score card's columns under rules with contracts, and their relative widths."""
_TRICKS_CARD = (
    ("board", 10),
    ("dealer", 12),
    ("leader", 12),
    ("tricks_ns", 14),
    ("tricks_ew", 14),
    ("total_ns", 14),
    ("total_ew", 14),
)
_GROUPS = {"score_ns": ("score_group", 2), "total_ns": ("total_group", 2), "tip_points": ("tip_group", 2)}
"""Columns that start a group under a shared heading: the group's phrase and how many columns it spans."""

_CONTRACT_TRAVELLER = ("ns_pair", "ew_pair", "contract", "by", "tricks", "score_ns", "score_ew")
_TRICKS_TRAVELLER = ("ns_pair", "ew_pair", "tricks_ns", "tricks_ew")


def _dealer(board: Board) -> Seat:
    """The dealer of a numbered board (a blank sheet's ``Board(number=n)`` has the dealer of its number)."""
    assert board.number is not None and board.dealer is not None, "a board on a score sheet has a number"
    return board.dealer


def _header_style(size: float = 7.5) -> ParagraphStyle:
    return ParagraphStyle(f"header-{size}", fontName=BOLD, fontSize=size, leading=size * 1.2, alignment=TA_CENTER)


def _heading(text: str, width: float) -> Paragraph:
    """A column heading, in a font small enough that no word is broken."""
    longest = max(stringWidth(word, BOLD, 7.5) for word in text.split() or [" "])
    size = min(7.5, 7.5 * (width - 2.6 * mm) / longest)
    return Paragraph(text, _header_style(round(size, 1)))


def scorecard_story(rules: RuleSet, boards: Sequence[Board], words: Wording, *, paper: str) -> list[Flowable]:
    """A pupil's score card: a row per board (its number and dealer), with the points-against-tricks columns of
    the teaching tips."""
    styles = paragraph_styles()
    header = _header_style()
    columns = _CONTRACT_CARD if rules.has_contract else _TRICKS_CARD
    total = sum(width for _, width in columns)
    widths = [Page(paper).frame_width * width / total for _, width in columns]
    names = [_heading(words("scorecard", name), width) for (name, _), width in zip(columns, widths, strict=True)]
    rows: list[list[object]] = []
    spans = []
    if rules.has_contract:
        groups: list[object] = []
        skip = 0
        for index, (name, _) in enumerate(columns):
            if name in _GROUPS:
                phrase, span = _GROUPS[name]
                groups.append(Paragraph(words("scorecard", phrase), header))
                spans.append(("SPAN", (index, 0), (index + span - 1, 0)))
                skip = span - 1
            elif skip:
                groups.append("")
                skip -= 1
            else:
                groups.append(names[index])
                names[index] = ""
                spans.append(("SPAN", (index, 0), (index, 1)))
        rows.append(groups)
    rows.append(names)
    for board in boards:
        dealer = _dealer(board)
        row: list[object] = [str(board.number), words.seat_letter(dealer)] + [""] * (len(columns) - 2)
        if not rules.has_contract:
            row[2] = words.seat_letter(dealer.lho)
        rows.append(row)
    header_rows = 2 if rules.has_contract else 1
    table = grid(rows, widths, header_rows=header_rows, height=7.5 * mm)
    table.setStyle(spans)
    return [
        Paragraph(words("scorecard", "heading"), styles["heading"]),
        Paragraph(words("scorecard", "name_line"), styles["body"]),
        Paragraph(words("scorecard", "instructions", has_contract=rules.has_contract), styles["small"]),
        Spacer(1, 3 * mm),
        table,
    ]


def travellers_story(
    rules: RuleSet, boards: Sequence[Board], words: Wording, *, paper: str, tables: int = 6
) -> list[Flowable]:
    """A travelling score sheet per board, with a line for each table that plays it."""
    styles = paragraph_styles()
    columns = _CONTRACT_TRAVELLER if rules.has_contract else _TRICKS_TRAVELLER
    width = Page(paper).frame_width / len(columns)
    story: list[Flowable] = [
        Paragraph(words("traveller", "heading"), styles["heading"]),
        Paragraph(words("traveller", "instructions"), styles["small"]),
    ]
    headings = [words("traveller", name) for name in columns]
    for board in boards:
        title = words("traveller", "title", board=board.number, dealer=words.seat(_dealer(board)))
        story.append(Spacer(1, 4 * mm))
        story.append(ScoreGrid(title, headings, [width] * len(columns), rows=tables))
    return story


def score_sheets(
    rules: RuleSet,
    boards: Sequence[Board],
    words: Wording,
    *,
    title: str,
    paper: str = "a4",
    tables: int = 6,
) -> bytes:
    """Blank score cards and travellers for the boards, as a PDF."""
    story = scorecard_story(rules, boards, words, paper=paper)
    story.append(PageBreak())
    story += travellers_story(rules, boards, words, paper=paper, tables=tables)
    return build_pdf(story, title=title, paper=paper, footer=page_footer(words, title))
