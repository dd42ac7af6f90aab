"""A league on paper: the results table pair against pair with its totals, the standings and the schedule."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from minibridge import language
from minibridge.league import League, Standing, standings
from minibridge.render.page import build_pdf
from minibridge.render.styles import BOLD, GREY, INK, LIGHT, Page, paragraph_styles, ruled_style
from minibridge.render.text import Wording, rank_text

__all__ = ["league_table"]


def league_table(league: League, words: Wording, *, paper: str = "a4") -> bytes:
    """The league as a PDF: the results table with its totals, the standings, the schedule."""
    styles = paragraph_styles()
    page = Page(paper)
    table = standings(league)

    def say(phrase: str, **context: Any) -> str:
        return words("league", phrase, **context)

    scoring = league.scheme.description if league.in_points else None
    subtitle = say("subtitle", pairs=len(league.pairs), best_of=league.best_of, points_scoring=scoring)
    progress = say("progress", played=league.played, total=len(league.matches))
    standing_part: list[Flowable] = [
        Paragraph(say("standings_heading"), styles["heading"]),
        _standings_table(league, table, say, page.frame_width),
        Spacer(1, 2 * mm),
        Paragraph(say("order"), styles["small"]),
    ]
    if league.in_points:
        standing_part.append(Paragraph(say("points_note"), styles["small"]))
    story: list[Flowable] = [
        Paragraph(escape(league.title), styles["title"]),
        Paragraph(f"{subtitle}<br/>{progress}", styles["subtitle"]),
        Paragraph(say("cross_heading"), styles["heading"]),
        _cross_table(league, table, say, page.frame_width),
        Spacer(1, 2 * mm),
        Paragraph(say("cross_legend", withdrawn=any(league.withdrew(p) for p in league.pairs)), styles["small"]),
        KeepTogether(standing_part),
        Paragraph(say("schedule_heading"), styles["heading"]),
        _schedule_table(league, say, page.frame_width),
    ]
    return build_pdf(
        story,
        title=league.title,
        paper=paper,
        footer=lambda number: words.plain("league", "footer", title=league.title, page=number),
    )


def _cross_table(league: League, table: Sequence[Standing], say: Any, width: float) -> Table:
    """Pairs × pairs: each square the row pair's deals won, then the column pair's; totals at the right."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    styles = paragraph_styles()
    count = len(league.pairs)
    widest = max(stringWidth(f"{count}. {p}", BOLD, 9) for p in league.pairs)
    name_width = min(42 * mm, max(18 * mm, widest + 6 * mm))
    total_width = 13 * mm
    cell = min(26 * mm, (width - name_width - 3 * total_width) / count)
    numbered = any(stringWidth(p, BOLD, 8) > cell - 3 * mm for p in league.pairs)
    by_pair = {s.pair: s for s in table}
    shared = {s.rank for s in table if sum(o.rank == s.rank for o in table) > 1}
    header = [say("pair")] + [str(i) if numbered else p for i, p in enumerate(league.pairs, start=1)]
    header += [say("total"), say("deals_total"), say("rank")]
    rows: list[list[Any]] = [header]
    size = 7.5 if count > 12 else 8.5 if count > 8 else 9.5
    style = ruled_style(font_size=size)
    for r, pair in enumerate(league.pairs, start=1):
        label = f"{r}. {pair}" if numbered else pair
        row: list[Any] = [Paragraph(escape(label), styles["cellbold"])]
        for c, other in enumerate(league.pairs, start=1):
            if other == pair:
                row.append("")
                style.append(("BACKGROUND", (c, r), (c, r), GREY))
                continue
            match = league.meeting(pair, other)
            if match is None:  # a pair withdrew before they met
                row.append(say("never_met"))
                style.append(("BACKGROUND", (c, r), (c, r), LIGHT))
                continue
            result = match.result_for(pair)
            row.append("" if result is None else f"{result.won}–{result.lost}")
            if match.winner == pair:
                style.append(("FONT", (c, r), (c, r), BOLD, size))
        standing = by_pair[pair]
        row += [str(standing.won), str(standing.deals_won), rank_text(standing.rank, standing.rank in shared, say)]
        rows.append(row)
    style += [
        ("FONT", (count + 1, 1), (-1, -1), BOLD, 10),
        ("ALIGN", (0, 1), (0, -1), "LEFT"),
        ("LINEBEFORE", (count + 1, 0), (count + 1, -1), 1.2, INK),
    ]
    result = Table(
        rows,
        colWidths=[name_width] + [cell] * count + [total_width] * 3,
        repeatRows=1,
        rowHeights=[None] + [8 * mm] * count,
        hAlign="LEFT",
    )
    result.setStyle(TableStyle(style))
    return result


def _standings_table(league: League, table: Sequence[Standing], say: Any, width: float) -> Table:
    styles = paragraph_styles()
    in_points = league.in_points
    header = [say("rank"), say("pair"), say("played"), say("won"), say("lost"), say("deals_won"), say("deals_lost")]
    header += [say("points")] if in_points else []
    header.append(say("tie_break"))
    shared = {s.rank for s in table if sum(o.rank == s.rank for o in table) > 1}
    rows: list[list[Any]] = [header]
    for s in table:
        row: list[Any] = [
            rank_text(s.rank, s.rank in shared, say),
            Paragraph(
                escape(s.pair)
                + (
                    f"<br/><font size='8'>{say('pair_note', joined=s.joined, withdrew=s.withdrew, was=s.was)}</font>"
                    if s.note
                    else ""
                ),
                styles["cellbold"],
            ),
            s.played,
            s.won,
            s.lost,
            s.deals_won,
            s.deals_lost,
        ]
        row += [s.points] if in_points else []
        row.append(Paragraph(say("tie_break_value", name=s.tie_break), styles["cell"]))
        rows.append([language.number(v) if isinstance(v, int) else v for v in row])
    numbers = len(header) - 3
    place, small = 14 * mm, 17 * mm
    pair_width = min(45 * mm, width - place - numbers * small - 38 * mm)
    widths = [place, pair_width] + [small] * numbers + [width - place - pair_width - numbers * small]
    result = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
    result.setStyle(TableStyle(ruled_style(("ALIGN", (1, 1), (1, -1), "LEFT"), ("FONT", (0, 1), (0, -1), BOLD, 10))))
    return result


def _schedule_table(league: League, say: Any, width: float) -> Table:
    styles = paragraph_styles()
    rows: list[list[Any]] = [[say("round"), say("matches"), say("sits_out")]]
    style = ruled_style()
    for index, round_ in enumerate(league.rounds, start=1):
        lines = []
        for match in round_.matches:
            if match.result is None:
                text = say("match_to_play", first=match.first, second=match.second)
                lines.append(f"<font color='#737373'>{text}</font>")
            else:
                result = match.result
                text = say("match_played", first=match.first, second=match.second, won=result.won, lost=result.lost)
                lines.append(f"<b>{text}</b>")
        idle = league.sitting_out(round_)
        rows.append(
            [
                str(round_.number),
                Paragraph("<br/>".join(lines), styles["cell"]),
                Paragraph(escape(", ".join(idle) if idle else say("nobody")), styles["cell"]),
            ]
        )
        if all(m.played for m in round_.matches):
            style.append(("BACKGROUND", (0, index), (0, index), LIGHT))
    result = Table(rows, colWidths=[16 * mm, width - 16 * mm - 40 * mm, 40 * mm], repeatRows=1, hAlign="LEFT")
    result.setStyle(TableStyle([*style, ("ALIGN", (1, 1), (-1, -1), "LEFT"), ("FONT", (0, 1), (0, -1), BOLD, 10)]))
    return result
