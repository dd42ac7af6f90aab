"""A duplicate competition on paper: the N–S and E–W rankings by match-points, then every board's traveller."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from minibridge import language
from minibridge.cards import Seat
from minibridge.duplicate import Competition, PairTotal, Traveller
from minibridge.render.page import build_pdf
from minibridge.render.styles import BOLD, RED, Page, paragraph_styles, ruled_style
from minibridge.render.text import Wording, rank_text

__all__ = ["duplicate_results"]


def duplicate_results(
    competition: Competition, words: Wording, *, title: str | None = None, paper: str = "a4"
) -> bytes:
    """A duplicate competition as a PDF: the N–S and E–W rankings, then a traveller for every board."""
    styles = paragraph_styles()
    page = Page(paper)

    def say(phrase: str, **context: Any) -> str:
        return words("duplicate", phrase, **context)

    heading = title or words.plain("duplicate", "default_title")
    tables = max(len(t.results) for t in competition.travellers)
    story: list[Flowable] = [
        Paragraph(escape(heading), styles["title"]),
        Paragraph(
            say("subtitle", boards=len(competition.travellers), tables=tables, scoring=competition.scoring),
            styles["subtitle"],
        ),
        Paragraph(say("explanation"), styles["small"]),
    ]
    for direction, ranking in ((say("ns"), competition.ns_ranking), (say("ew"), competition.ew_ranking)):
        story.append(
            KeepTogether(
                [
                    Paragraph(say("ranking_heading", direction=direction), styles["heading"]),
                    _ranking_table(ranking, say, page.frame_width),
                ]
            )
        )
    if competition.notes:
        story.append(Paragraph(say("notes_heading"), styles["heading"]))
        story += [Paragraph(escape(note), styles["small"]) for note in competition.notes]
    story.append(Paragraph(say("travellers_heading"), styles["heading"]))
    for traveller in competition.travellers:
        story.append(KeepTogether([_traveller_table(traveller, say, words, page.frame_width), Spacer(1, 4 * mm)]))
    return build_pdf(
        story, title=heading, paper=paper, footer=lambda n: words.plain("duplicate", "footer", title=heading, page=n)
    )


def _ranking_table(ranking: Sequence[PairTotal], say: Any, width: float) -> Table:
    styles = paragraph_styles()
    shared = {p.rank for p in ranking if sum(o.rank == p.rank for o in ranking) > 1}
    rows: list[list[Any]] = [
        [say("rank"), say("pair"), say("boards"), say("matchpoints"), say("top"), say("percentage")]
    ]
    for total in ranking:
        percent = say("no_percentage") if total.percentage is None else say("percent", value=total.percentage)
        rows.append(
            [
                rank_text(total.rank, total.rank in shared, say),
                Paragraph(escape(total.pair), styles["cellbold"]),
                str(total.boards),
                language.number(total.matchpoints),
                language.number(total.top),
                percent,
            ]
        )
    small = 24 * mm
    widths = [18 * mm, width - 18 * mm - 4 * small] + [small] * 4
    result = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
    result.setStyle(
        TableStyle(
            ruled_style(
                ("ALIGN", (1, 1), (1, -1), "LEFT"),
                ("FONT", (0, 1), (0, -1), BOLD, 10),
                ("FONT", (-1, 1), (-1, -1), BOLD, 10),
            )
        )
    )
    return result


def _contract_markup(symbol: str) -> str:
    """A contract such as ``4♥`` with a red heart or diamond."""
    red = f"#{int(RED.red * 255):02x}{int(RED.green * 255):02x}{int(RED.blue * 255):02x}"
    return "".join(f"<font color='{red}'>{ch}</font>" if ch in "♥♦" else escape(ch) for ch in symbol)


def _traveller_table(traveller: Traveller, say: Any, words: Wording, width: float) -> Table:
    styles = paragraph_styles()
    dealer = words.seat(Seat.dealer_of_board(traveller.board))
    header = [
        say("ns"),
        say("ew"),
        say("contract"),
        say("by"),
        say("tricks"),
        say("ns_score"),
        say("ew_score"),
        say("ns_mp"),
        say("ew_mp"),
    ]
    title = say("traveller_title", board=traveller.board, dealer=dealer, top=traveller.top)
    rows: list[list[Any]] = [[Paragraph(title, styles["cellbold"])] + [""] * (len(header) - 1), header]
    for r in sorted(traveller.results, key=lambda r: (-r.net, r.ns)):
        rows.append(
            [
                Paragraph(escape(r.ns), styles["cellbold"]),
                Paragraph(escape(r.ew), styles["cellbold"]),
                Paragraph(_contract_markup(r.contract.shown), styles["cell"]),
                words.seat_letter(r.declarer),
                str(r.tricks),
                language.number(r.ns_score) if r.ns_score else "",
                language.number(r.ew_score) if r.ew_score else "",
                language.number(r.ns_matchpoints),
                language.number(r.ew_matchpoints),
            ]
        )
    widths = [width / len(header)] * len(header)
    result = Table(rows, colWidths=widths, hAlign="LEFT")
    result.setStyle(
        TableStyle(
            ruled_style(
                ("SPAN", (0, 0), (-1, 0)),
                ("ALIGN", (0, 0), (-1, 0), "LEFT"),
                ("FONT", (-2, 2), (-1, -1), BOLD, 9),
                header_rows=2,
            )
        )
    )
    return result
