"""Hand records (each board in the compass layout with its analysis) and hand slips to cut out, as PDF bytes."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle

from minibridge import language
from minibridge.analysis import BoardAnalysis
from minibridge.cards import Seat, Strain
from minibridge.render.flowables import BoardRecord, BoardView, HandSlip, hand_lines
from minibridge.render.page import build_pdf, page_footer
from minibridge.render.styles import Page, paragraph_styles
from minibridge.render.text import Wording

__all__ = ["LAYOUTS", "board_view", "hand_records", "records_story", "slips_story"]

LAYOUTS: dict[int, int] = {1: 1, 2: 1, 4: 2, 6: 2}
"""Boards per page → columns."""
_MAX_SCALE = 1.9
_GAP = 4.5 * mm
_HEADING = 13 * mm

_STRAINS = (Strain.NO_TRUMPS, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


def board_view(analysis: BoardAnalysis, words: Wording, *, announcement: bool = True) -> BoardView:
    """A board's hand record in words."""
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
    elif tricks is not None and announcement:
        assert analysis.declarer is not None
        dd_heading = words("records", "dd_heading", seat=words.seat(analysis.declarer))
        dd = [(language.strain(strain.letter), tricks[strain]) for strain in _STRAINS]
        if analysis.best is not None:
            best = analysis.best
            phrase = "best" if best.result.made else "best_fails"
            footer.append(words("records", phrase, contract=best.contract.shown, score=best.side_score))
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
        footer_lines=footer,
    )


def records_story(
    analyses: Sequence[BoardAnalysis],
    words: Wording,
    *,
    per_page: int,
    heading: str,
    paper: str = "a4",
    announcement: bool = True,
) -> list[Flowable]:
    """Hand records, ``per_page`` boards to a page, each page under the heading, as large as the paper allows."""
    styles = paragraph_styles()
    page = Page(paper)
    columns = LAYOUTS[per_page]
    rows_per_page = -(-per_page // columns)
    scale = min(
        _MAX_SCALE,
        (page.frame_width / columns - _GAP) / BoardRecord.BASE_WIDTH,
        ((page.frame_height - _HEADING) / rows_per_page - _GAP) / BoardRecord.BASE_HEIGHT,
    )
    story: list[Flowable] = []
    for start in range(0, len(analyses), per_page):
        if start:
            story.append(PageBreak())
        story.append(Paragraph(heading, styles["heading"]))
        records: list[Flowable] = [
            BoardRecord(board_view(a, words, announcement=announcement), scale)
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
    analyses: Sequence[BoardAnalysis],
    words: Wording,
    *,
    title: str | None = None,
    paper: str = "a4",
    per_page: int = 4,
    announcement: bool = True,
) -> bytes:
    """Hand records as a PDF."""
    heading = title or words("records", "default_title")
    story = records_story(analyses, words, per_page=per_page, heading=heading, paper=paper, announcement=announcement)
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
