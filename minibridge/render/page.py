"""The page every document shares: the story laid out on pages of the chosen paper, a footer on each, PDF bytes."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from minibridge.render.styles import FONT, GREY, Page, register_fonts
from minibridge.render.text import Wording

__all__ = ["build_pdf", "page_footer"]


def build_pdf(story: list[Flowable], *, title: str, paper: str, footer: Callable[[int], str]) -> bytes:
    """Lay out a story on pages with ``footer(page number)`` at the foot; the same input gives the same bytes."""
    register_fonts()
    page = Page(paper)
    buffer = io.BytesIO()
    document = BaseDocTemplate(
        buffer,
        pagesize=page.size,
        leftMargin=page.margin,
        rightMargin=page.margin,
        topMargin=page.margin,
        bottomMargin=page.margin,
        title=title,
        author="minibridge",
        invariant=1,
    )
    frame = Frame(
        page.margin,
        page.margin + 6 * mm,
        page.frame_width,
        page.frame_height,
        id="body",
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )

    def draw_footer(canvas: Any, doc: Any) -> None:
        canvas.saveState()
        canvas.setFont(FONT, 8)
        canvas.setFillColor(GREY)
        canvas.drawCentredString(page.size[0] / 2, page.margin - 2 * mm, footer(doc.page))
        canvas.restoreState()

    document.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=draw_footer)])
    document.build(story)
    return buffer.getvalue()


def page_footer(words: Wording, title: str) -> Callable[[int], str]:
    """The usual footer of a document: its title and the page number, in the templates' words."""
    return lambda number: words.plain("page", "footer", title=title, page=number)
