"""Guide cards of an event's movement on paper: a card for each table (the pairs, the boards, where the boards
and the E–W pair go after each round) and a card for each E–W pair (the table of each round)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from minibridge.duplicate import Meeting, Movement
from minibridge.render.page import build_pdf
from minibridge.render.styles import Page, paragraph_styles, ruled_style
from minibridge.render.text import Wording

__all__ = ["guide_cards"]


def guide_cards(movement: Movement, words: Wording, *, event: str, paper: str = "a4") -> bytes:
    """The guide cards of ``movement`` for the event named ``event``, as a PDF."""
    styles = paragraph_styles()
    page = Page(paper)

    def say(phrase: str, **context: Any) -> str:
        return words("guide", phrase, **context)

    heading = words.plain("guide", "title", event=event)
    story: list[Flowable] = [
        Paragraph(escape(heading), styles["title"]),
        Paragraph(
            say(
                "how",
                kind=movement.kind,
                pairs=movement.pairs,
                tables=movement.tables,
                rounds=movement.rounds,
                count=movement.boards_per_round,
            ),
            styles["body"],
        ),
    ]
    if movement.pairs % 2:
        story.append(Paragraph(say("phantom"), styles["body"]))
    for table in range(1, movement.tables + 1):
        rows = _table_rows(movement, table, say)
        story.append(_card(say("table_card", table=table), say("table_intro", table=table), rows, page))
    for pair in sorted({m.ew for m in movement.meetings if m.ew is not None}):
        rows = _pair_rows(movement, pair, say)
        story.append(_card(say("pair_card", pair=pair), say("pair_intro"), rows, page))
    return build_pdf(
        story, title=heading, paper=paper, footer=lambda n: words.plain("guide", "footer", title=heading, page=n)
    )


def _boards(meeting: Meeting, say: Callable[..., str]) -> str:
    return say("numbers", first=meeting.boards[0], last=meeting.boards[-1])


def _table_rows(movement: Movement, table: int, say: Callable[..., str]) -> list[list[str]]:
    """A table's card: each round's pairs, boards, and where the boards and the E–W pair go."""
    rows = [[say("round"), say("ns"), say("ew"), say("boards"), say("boards_to"), say("ew_to")]]
    for m in (m for m in movement.meetings if m.table == table):
        if m.boards_to is None:
            boards_to = say("end")
        elif movement.shared:
            boards_to = say("swap", table=m.boards_to)
        else:
            boards_to = say("to_table", table=m.boards_to)
        if m.ew is None:
            ew, ew_to = say("rest"), "–"
        else:
            ew, ew_to = str(m.ew), say("end") if m.ew_to is None else say("to_table", table=m.ew_to)
        ns = str(m.ns) if m.ew is not None else f"{m.ns} {say('sits_out')}"
        rows.append([str(m.round), ns, ew, _boards(m, say), boards_to, ew_to])
    return rows


def _pair_rows(movement: Movement, pair: int, say: Callable[..., str]) -> list[list[str]]:
    """An E–W pair's card: the table, the N–S pair met and the boards of each round."""
    rows = [[say("round"), say("table"), say("ns"), say("boards")]]
    for m in (m for m in movement.meetings if m.ew == pair):
        rows.append([str(m.round), str(m.table), str(m.ns), _boards(m, say)])
    return rows


def _card(title: str, intro: str, rows: list[list[Any]], page: Page) -> Flowable:
    """One card: its title, a line of what to do, and its table, kept together and framed."""
    styles = paragraph_styles()
    width = page.frame_width
    head = ParagraphStyle("guide-head", parent=styles["cellbold"], alignment=TA_CENTER)
    cell = ParagraphStyle("guide-cell", parent=styles["cell"], fontSize=10.5, leading=13, alignment=TA_CENTER)
    rows = [[Paragraph(text, head) for text in rows[0]], *([Paragraph(text, cell) for text in row] for row in rows[1:])]
    cells = Table(rows, colWidths=[(width - 4 * mm) / len(rows[0])] * len(rows[0]), hAlign="LEFT", repeatRows=1)
    cells.setStyle(TableStyle(ruled_style(font_size=11)))
    frame = Table(
        [[Paragraph(title, styles["heading"])], [Paragraph(intro, styles["body"])], [cells]],
        colWidths=[width],
        hAlign="LEFT",
    )
    frame.setStyle(TableStyle([("BOX", (0, 0), (-1, -1), 1.5, "black"), ("LEFTPADDING", (0, 0), (-1, -1), 2 * mm)]))
    return KeepTogether([Spacer(1, 5 * mm), frame])
