"""Sheets to write on: the pupil's score card and the travelling score sheet of each duplicate board."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, Spacer

from minibridge.board import Board
from minibridge.cards import Seat
from minibridge.render.flowables import ScoreGrid
from minibridge.render.page import build_pdf, page_footer
from minibridge.render.styles import BOLD, GREY, LIGHT, Page, grid, paragraph_styles
from minibridge.render.text import Wording
from minibridge.rules import RuleSet
from minibridge.scoring import find_scheme

__all__ = [
    "CutLine",
    "card_columns",
    "traveller_columns",
    "scorecard_story",
    "travellers_story",
    "score_sheets",
]

_CUT_GAP = 5 * mm
"""The room between two cards or sheets on a page, with the dashed line to cut along in the middle."""
_CARD_ROWS = (7 * mm, 9 * mm)
"""The shortest and the tallest row of a score card: more cards to a page, or more room to write."""
_CARD_TYPE = 12
"""Type on the score card large enough for a seven-year-old to read and write in."""


def card_columns(rules: RuleSet) -> tuple[str, ...]:
    """The score card's columns under these rules, only those the lesson needs: tricks alone without contracts;
    the contract only where declarer chooses a strain or a level; the goal only
    where it is not always seven (games, slams, or targets set by points)."""
    if not rules.has_contract:
        return ("board", "dealer", "leader", "tricks_ns", "tricks_ew")
    columns = ["board", "dealer", "hcp_ns", "hcp_ew", "declarer"]
    if len(rules.strains) > 1 or rules.game or rules.slam:
        columns.append("contract")
    if rules.game or rules.slam or find_scheme(rules.scoring).needs_points:
        columns.append("goal")
    columns += ["tricks", "score_ns", "score_ew"]
    return tuple(columns)


def traveller_columns(rules: RuleSet) -> tuple[str, ...]:
    """The travelling score sheet's columns: the match-points of a competition (MiniLesson Six) at the end."""
    columns = ["ns_pair", "ew_pair"]
    columns += (
        ["contract", "by", "tricks", "score_ns", "score_ew"] if rules.has_contract else ["tricks_ns", "tricks_ew"]
    )
    if rules.competition:
        columns += ["mp_ns", "mp_ew"]
    return tuple(columns)


def _dealer(board: Board) -> Seat:
    """The dealer of a numbered board (a blank sheet's ``Board(number=n)`` has the dealer of its number)."""
    assert board.number is not None and board.dealer is not None, "a board on a score sheet has a number"
    return board.dealer


def _header_style(size: float) -> ParagraphStyle:
    return ParagraphStyle(f"header-{size}", fontName=BOLD, fontSize=size, leading=size * 1.2, alignment=TA_CENTER)


def _heading(text: str, width: float, size: float) -> Paragraph:
    """A column heading, in a font small enough that no word is broken."""
    longest = max(stringWidth(word, BOLD, size) for word in text.split() or [" "])
    return Paragraph(text, _header_style(round(min(size, size * (width - 2.6 * mm) / longest), 1)))


class CutLine(Flowable):
    """A dashed line across the page to cut along, in the middle of a gap."""

    def __init__(self, gap: float = _CUT_GAP) -> None:
        super().__init__()
        self.gap = gap

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = available_width
        return available_width, self.gap

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.setDash(3, 3)
        c.setStrokeColor(GREY)
        c.setLineWidth(0.5)
        c.line(0, self.gap / 2, self.width, self.gap / 2)
        c.restoreState()


def _score_card(
    rules: RuleSet, boards: Sequence[Board], words: Wording, width: float, row_height: float
) -> list[Flowable]:
    """One pupil's score card: a name line, a row per board (its number and dealer), a row for the totals."""
    styles = paragraph_styles()
    columns = card_columns(rules)
    weights = {"board": 0.8, "dealer": 0.9, "leader": 0.9, "declarer": 1.2, "contract": 1.1, "goal": 0.8}
    total = sum(weights.get(name, 1.0) for name in columns)
    widths = [width * weights.get(name, 1.0) / total for name in columns]
    rows: list[list[object]] = [
        [_heading(words("scorecard", name), w, 9.5) for name, w in zip(columns, widths, strict=True)]
    ]
    for board in boards:
        dealer = _dealer(board)
        row: list[object] = [str(board.number), words.seat_letter(dealer)] + [""] * (len(columns) - 2)
        if "leader" in columns:
            row[columns.index("leader")] = words.seat_letter(dealer.lho)
        rows.append(row)
    summed = [i for i, name in enumerate(columns) if name.startswith(("tricks_", "score_"))]
    rows.append([words("scorecard", "total_row")] + [""] * (len(columns) - 1))
    table = grid(rows, widths, height=row_height, font_size=_CARD_TYPE)
    first_summed = min(summed)
    table.setStyle(
        [
            ("SPAN", (0, -1), (first_summed - 1, -1)),
            ("ALIGN", (0, -1), (0, -1), "RIGHT"),
            ("FONT", (0, -1), (0, -1), BOLD, _CARD_TYPE - 1),
            *[("BACKGROUND", (i, -1), (i, -1), colors.white) for i in summed],
            ("BACKGROUND", (0, -1), (first_summed - 1, -1), LIGHT),
        ]
    )
    return [
        Paragraph(words("scorecard", "heading"), styles["heading"]),
        Paragraph(words("scorecard", "name_line"), styles["room"]),
        Paragraph(words("scorecard", "instructions", has_contract=rules.has_contract), styles["body"]),
        Spacer(1, 2 * mm),
        table,
    ]


def scorecard_story(rules: RuleSet, boards: Sequence[Board], words: Wording, *, paper: str) -> list[Flowable]:
    """A page of pupils' score cards, as many as fit (two or three on A4 for a lesson's deals), with lines to cut
    along between them; each card has a row per board and only the columns its lesson needs."""
    page = Page(paper)
    shortest, tallest = _CARD_ROWS
    card = _score_card(rules, boards, words, page.frame_width, shortest)
    height = sum(
        part.wrap(page.frame_width, page.frame_height)[1] + part.getSpaceBefore() + part.getSpaceAfter()
        for part in card
    )
    fixed = height - (len(boards) + 1) * shortest
    copies, row_height = 1, tallest
    for many in (3, 2):
        room = (page.frame_height - (many - 1) * _CUT_GAP) / many - fixed
        if room / (len(boards) + 1) >= shortest:
            copies, row_height = many, min(tallest, room / (len(boards) + 1))
            break
    story: list[Flowable] = []
    for copy in range(copies):
        if copy:
            story.append(CutLine())
        story.append(KeepTogether(_score_card(rules, boards, words, page.frame_width, row_height)))
    return story


def travellers_story(
    rules: RuleSet, boards: Sequence[Board], words: Wording, *, paper: str, tables: int = 6
) -> list[Flowable]:
    """A travelling score sheet per board, with a line for each table that plays it and lines to cut along;
    in a competition, match-point columns and how to fill them in."""
    styles = paragraph_styles()
    columns = traveller_columns(rules)
    width = Page(paper).frame_width / len(columns)
    story: list[Flowable] = [
        Paragraph(words("traveller", "heading"), styles["heading"]),
        Paragraph(words("traveller", "instructions"), styles["small"]),
    ]
    if rules.competition:
        story.append(Paragraph(words("traveller", "match_points"), styles["small"]))
    headings = [words("traveller", name) for name in columns]
    for index, board in enumerate(boards):
        title = words("traveller", "title", board=board.number, dealer=words.seat(_dealer(board)))
        story.append(CutLine(8 * mm) if index else Spacer(1, 3 * mm))
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
