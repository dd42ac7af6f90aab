"""Hand records (each board in the compass layout with its analysis) and hand slips to cut out, as PDF bytes."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle

from minibridge import language
from minibridge.analysis import BoardAnalysis
from minibridge.cards import Seat, Strain
from minibridge.render.flowables import BoardRecord, BoardView, HandSlip, hand_lines
from minibridge.render.page import build_pdf, page_footer
from minibridge.render.printable import PartialBoard
from minibridge.render.styles import BOLD, Page, paragraph_styles
from minibridge.render.text import Wording

__all__ = [
    "LAYOUTS",
    "board_view",
    "partial_view",
    "fitted_heading",
    "hand_records",
    "records_story",
    "slips_story",
]

LAYOUTS: dict[int, int] = {1: 1, 2: 1, 4: 2, 6: 2}
"""Boards per page → columns."""
_MAX_SCALE = 1.9
_GAP = 4.5 * mm
_HEADING = 13 * mm
_DETAILS = 5 * mm
"""The line under the heading saying where and when."""

_STRAINS = (Strain.NO_TRUMPS, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


def partial_view(board: PartialBoard, words: Wording) -> BoardView:
    """A board with only some hands known: those hands, and no points, declarer or double-dummy analysis."""
    void = words("records", "void")
    unknown = [("", words("records", "unknown_hand"))]
    return BoardView(
        title=words("records", "board", number=board.number),
        dealer=words("records", "dealer", seat=words.seat(board.dealer)),
        hands={s: unknown if h is None else hand_lines(h, void) for s, h in board.hands.items()},
        hcp=None,
        compass={seat: words.seat_letter(seat) for seat in Seat},
        footer_lines=[words("records", "partial")],
    )


def _full_table(analysis: BoardAnalysis, words: Wording) -> list[tuple[str, list[int]]] | None:
    """The tricks each seat takes as declarer in each strain, a row per seat (N, S, E, W), or None unsolved."""
    if analysis.table is None:
        return None
    order = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
    return [(words.seat_letter(seat), [analysis.table[seat][strain] for strain in _STRAINS]) for seat in order]


def board_view(
    analysis: BoardAnalysis, words: Wording, *, announcement: bool = True, full_table: bool = False
) -> BoardView:
    """A board's hand record in words; with ``full_table`` the tricks of every seat in every strain.

    A deal of fewer than thirteen cards a hand in a file of full deals is an end position: it is shown with its
    double-dummy tricks (all four seats) and without points, declarer or best contract, which belong to a
    whole deal.
    """
    position = analysis.deal.cards_per_hand < 13 and announcement
    if position:
        return _position_view(analysis, words)
    announced = analysis.announcement
    corner: list[str] = []
    footer: list[str] = []
    if not announcement:
        corner.append(words("records", "no_announcement"))
        corner.append(words("records", "leader", seat=words.seat(analysis.dealer.lho)))
    elif announced.redeal:
        corner.append(words("records", "redeal"))
    else:
        assert announced.declarer is not None and announced.dummy is not None
        if len(announced.may_declare) > 1:
            first, second = announced.may_declare
            corner.append(words("records", "may_declare", first=words.seat(first), second=words.seat(second)))
        else:
            corner.append(words("records", "declarer", seat=words.seat(announced.declarer)))
            corner.append(words("records", "dummy", seat=words.seat(announced.dummy)))
    if announcement:
        footer.append(
            words(
                "records", "points_line", ns=announced.side_hcp(Seat.NORTH.side), ew=announced.side_hcp(Seat.EAST.side)
            )
        )
    tricks = analysis.declarer_tricks
    dd_heading = None
    dd = None
    if analysis.table is None:
        footer.append(words("records", "no_dd"))
    elif not announcement:
        leading = analysis.dealer.lho
        taken = analysis.table[leading.rho][Strain.NO_TRUMPS]
        ns = taken if leading.rho.side is Seat.NORTH.side else analysis.deal.cards_per_hand - taken
        footer.append(words("records", "dd_sides", ns=ns, ew=analysis.deal.cards_per_hand - ns))
    elif tricks is not None:
        assert analysis.declarer is not None
        dd_heading = words("records", "dd_heading", seat=words.seat(analysis.declarer))
        dd = [(language.strain(strain.letter), tricks[strain]) for strain in _STRAINS]
        if analysis.best is not None:
            best = analysis.best
            phrase = "best" if best.result.made else "best_fails"
            footer.append(words("records", phrase, contract=best.contract.shown, score=best.side_score))
    full = _full_table(analysis, words) if full_table and announcement else None
    if full is not None:
        dd_heading, dd = words("records", "dd_table_heading"), None
    void = words("records", "void")
    return BoardView(
        title=words("records", "board", number=analysis.number),
        dealer=words("records", "dealer", seat=words.seat(analysis.dealer)),
        hands={seat: hand_lines(analysis.deal[seat], void) for seat in Seat},
        hcp=dict(announced.hcp) if announcement else None,
        compass={seat: words.seat_letter(seat) for seat in Seat},
        corner_lines=corner,
        dd_heading=dd_heading,
        dd=dd,
        dd_rows=full,
        dd_symbols=[language.strain(strain.letter) for strain in _STRAINS],
        footer_lines=footer,
    )


def _position_view(analysis: BoardAnalysis, words: Wording) -> BoardView:
    """An end position: the cards left in each hand and, once solved, every seat's tricks from here."""
    full = _full_table(analysis, words)
    void = words("records", "void")
    footer = [] if full is not None else [words("records", "no_dd_position")]
    return BoardView(
        title=words("records", "board", number=analysis.number),
        dealer=words("records", "dealer", seat=words.seat(analysis.dealer)),
        hands={seat: hand_lines(analysis.deal[seat], void) for seat in Seat},
        hcp=None,
        compass={seat: words.seat_letter(seat) for seat in Seat},
        corner_lines=[words("records", "position", cards=analysis.deal.cards_per_hand)],
        dd_heading=words("records", "dd_table_heading") if full is not None else None,
        dd_rows=full,
        dd_symbols=[language.strain(strain.letter) for strain in _STRAINS],
        footer_lines=footer,
    )


def fitted_heading(text: str, width: float) -> Paragraph:
    """A heading in the heading style, its type made smaller where a long word (a file name) would be broken."""
    style = paragraph_styles()["heading"]
    longest = max((stringWidth(word, BOLD, style.fontSize) for word in text.split()), default=0.0)
    if longest <= width:
        return Paragraph(text, style)
    size = style.fontSize * width / longest
    return Paragraph(text, ParagraphStyle("fitted", parent=style, fontSize=size, leading=size * 1.25))


def records_story(
    analyses: Sequence[BoardAnalysis | PartialBoard],
    words: Wording,
    *,
    per_page: int,
    heading: str,
    paper: str = "a4",
    announcement: bool = True,
    details: str = "",
    full_table: bool = False,
) -> list[Flowable]:
    """Hand records, ``per_page`` boards to a page, each page under the heading (and ``details``: where and when),
    as large as the paper allows; boards with only some hands known are printed without analysis."""
    styles = paragraph_styles()
    page = Page(paper)
    columns = LAYOUTS[per_page]
    rows_per_page = -(-per_page // columns)
    scale = min(
        _MAX_SCALE,
        (page.frame_width / columns - _GAP) / BoardRecord.BASE_WIDTH,
        ((page.frame_height - _HEADING - (_DETAILS if details else 0)) / rows_per_page - _GAP)
        / BoardRecord.BASE_HEIGHT,
    )
    story: list[Flowable] = []
    for start in range(0, len(analyses), per_page):
        if start:
            story.append(PageBreak())
        story.append(fitted_heading(heading, page.frame_width))
        if details:
            story.append(Paragraph(details, styles["small"]))
        records: list[Flowable] = [
            BoardRecord(
                partial_view(a, words)
                if isinstance(a, PartialBoard)
                else board_view(a, words, announcement=announcement, full_table=full_table),
                scale,
            )
            for a in analyses[start : start + per_page]
        ]
        rows = [records[i : i + columns] for i in range(0, len(records), columns)]
        rows[-1] = rows[-1] + [Spacer(1, 1)] * (columns - len(rows[-1]))
        table = Table(rows, hAlign="CENTER")
        table.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 2 * mm),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 2 * mm),
                    ("TOPPADDING", (0, 0), (-1, -1), 2 * mm),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 2 * mm),
                ]
            )
        )
        story.append(table)
    return story


def hand_records(
    analyses: Sequence[BoardAnalysis | PartialBoard],
    words: Wording,
    *,
    title: str | None = None,
    details: str = "",
    paper: str = "a4",
    per_page: int = 4,
    announcement: bool = True,
    full_table: bool = False,
) -> bytes:
    """Hand records as a PDF."""
    heading = title or words("records", "default_title")
    story = records_story(
        analyses,
        words,
        per_page=per_page,
        heading=heading,
        paper=paper,
        announcement=announcement,
        details=details,
        full_table=full_table,
    )
    return build_pdf(story, title=heading, paper=paper, footer=page_footer(words, heading))


def slips_story(analyses: Sequence[BoardAnalysis], words: Wording, *, paper: str) -> list[Flowable]:
    """Hand slips: one per seat per board, five boards to a page, to cut out and put in the boards."""
    styles = paragraph_styles()
    page = Page(paper)
    width = page.frame_width / 4 - 1 * mm
    height = 40 * mm
    void = words("records", "void")
    story: list[Flowable] = []
    rows = []
    for analysis in analyses:
        row = []
        for seat in Seat:
            title = words("slips", "title", board=analysis.number)
            seat_line = words(
                "slips",
                "seat",
                seat=words.seat(seat),
                dealer=words.seat(analysis.dealer),
                is_dealer=seat is analysis.dealer,
            )
            row.append(HandSlip(title, seat_line, hand_lines(analysis.deal[seat], void), width, height))
        rows.append(row)
    for start in range(0, len(rows), 5):
        if start:
            story.append(PageBreak())
        story.append(Paragraph(words("slips", "heading"), styles["heading"]))
        story.append(Paragraph(words("slips", "instructions"), styles["small"]))
        table = Table(rows[start : start + 5], colWidths=[width + 1 * mm] * 4)
        table.setStyle(
            TableStyle(
                [
                    ("LEFTPADDING", (0, 0), (-1, -1), 0.5 * mm),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 0.5 * mm),
                    ("TOPPADDING", (0, 0), (-1, -1), 1 * mm),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 1 * mm),
                ]
            )
        )
        story.append(table)
    return story
