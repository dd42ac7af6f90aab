"""Competitions on paper: a league's results table, standings and schedule; duplicate travellers and rankings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from minibridge.cards import Seat
from minibridge.duplicate import Competition, PairTotal, Traveller
from minibridge.league import League, Standing, standings
from minibridge.render.documents import build_pdf
from minibridge.render.styles import BOLD, FONT, GREY, INK, LIGHT, RED, Page, paragraph_styles
from minibridge.render.text import Wording

__all__ = ["league_table", "duplicate_results"]


def _style(*extra: tuple[Any, ...], header_rows: int = 1, font_size: float = 9) -> list[tuple[Any, ...]]:
    """Ruled table: bold shaded header, light grid, then ``extra`` commands."""
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


def _rank_text(rank: int, shared: bool, say: Any) -> str:
    """``2``, or ``2=`` for a place shared with another pair."""
    return say("shared", rank=rank) if shared else str(rank)


# --- league ----------------------------------------------------------------------------------------------------


def league_table(league: League, words: Wording, *, paper: str = "a4") -> bytes:
    """The league as a PDF: the results table with its totals, the standings, the schedule."""
    styles = paragraph_styles()
    page = Page(paper)
    table = standings(league)
    played = sum(m.played for m in league.matches)

    def say(phrase: str, **context: Any) -> str:
        return words("league", phrase, **context)

    subtitle = say("subtitle", pairs=len(league.pairs), best_of=league.best_of, scoring=league.scoring)
    progress = say("progress", played=played, total=len(league.matches))
    standing_part: list[Flowable] = [
        Paragraph(say("standings_heading"), styles["heading"]),
        _standings_table(league, table, say, page.frame_width),
        Spacer(1, 2 * mm),
        Paragraph(escape(say("order")), styles["small"]),
    ]
    if league.in_points:
        standing_part.append(Paragraph(escape(say("points_note")), styles["small"]))
    story: list[Flowable] = [
        Paragraph(escape(league.title), styles["title"]),
        Paragraph(f"{escape(subtitle)}<br/>{escape(progress)}", styles["subtitle"]),
        Paragraph(say("cross_heading"), styles["heading"]),
        _cross_table(league, table, say, page.frame_width),
        Spacer(1, 2 * mm),
        Paragraph(escape(say("cross_legend")), styles["small"]),
        KeepTogether(standing_part),
        Paragraph(say("schedule_heading"), styles["heading"]),
        _schedule_table(league, say, page.frame_width),
    ]
    return build_pdf(
        story, title=league.title, paper=paper, footer=lambda number: say("footer", title=league.title, page=number)
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
    style = _style(font_size=size)
    for r, pair in enumerate(league.pairs, start=1):
        label = f"{r}. {pair}" if numbered else pair
        row: list[Any] = [Paragraph(escape(label), styles["cellbold"])]
        for c, other in enumerate(league.pairs, start=1):
            if other == pair:
                row.append("")
                style.append(("BACKGROUND", (c, r), (c, r), GREY))
                continue
            result = league.match_between(pair, other).result_for(pair)
            row.append("" if result is None else f"{result.won}–{result.lost}")
            if result is not None and result.won > result.lost:
                style.append(("FONT", (c, r), (c, r), BOLD, size))
        standing = by_pair[pair]
        row += [str(standing.won), str(standing.deals_won), _rank_text(standing.rank, standing.rank in shared, say)]
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
            _rank_text(s.rank, s.rank in shared, say),
            Paragraph(escape(s.pair), styles["cellbold"]),
            s.played,
            s.won,
            s.lost,
            s.deals_won,
            s.deals_lost,
        ]
        row += [s.points] if in_points else []
        row.append(Paragraph(escape(say("tie_break_value", name=s.tie_break)), styles["cell"]))
        rows.append([str(v) if isinstance(v, int) else v for v in row])
    numbers = len(header) - 3
    place, small = 14 * mm, 17 * mm
    pair_width = min(45 * mm, width - place - numbers * small - 38 * mm)
    widths = [place, pair_width] + [small] * numbers + [width - place - pair_width - numbers * small]
    result = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
    result.setStyle(TableStyle(_style(("ALIGN", (1, 1), (1, -1), "LEFT"), ("FONT", (0, 1), (0, -1), BOLD, 10))))
    return result


def _schedule_table(league: League, say: Any, width: float) -> Table:
    styles = paragraph_styles()
    rows: list[list[Any]] = [[say("round"), say("matches"), say("sits_out")]]
    style = _style()
    for index, round_ in enumerate(league.rounds, start=1):
        lines = []
        for match in round_.matches:
            if match.result is None:
                text = escape(say("match_to_play", first=match.first, second=match.second))
                lines.append(f"<font color='#737373'>{text}</font>")
            else:
                result = match.result
                text = escape(
                    say("match_played", first=match.first, second=match.second, won=result.won, lost=result.lost)
                )
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


# --- duplicate -------------------------------------------------------------------------------------------------


def duplicate_results(
    competition: Competition, words: Wording, *, title: str | None = None, paper: str = "a4"
) -> bytes:
    """A duplicate competition as a PDF: the N–S and E–W rankings, then a traveller for every board."""
    styles = paragraph_styles()
    page = Page(paper)

    def say(phrase: str, **context: Any) -> str:
        return words("duplicate", phrase, **context)

    heading = title or say("default_title")
    tables = max(len(t.results) for t in competition.travellers)
    story: list[Flowable] = [
        Paragraph(escape(heading), styles["title"]),
        Paragraph(escape(say("subtitle", boards=len(competition.travellers), tables=tables)), styles["subtitle"]),
        Paragraph(escape(say("explanation")), styles["small"]),
    ]
    for direction, ranking in ((say("ns"), competition.ns_ranking), (say("ew"), competition.ew_ranking)):
        story.append(
            KeepTogether(
                [
                    Paragraph(escape(say("ranking_heading", direction=direction)), styles["heading"]),
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
    return build_pdf(story, title=heading, paper=paper, footer=lambda n: say("footer", title=heading, page=n))


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
                _rank_text(total.rank, total.rank in shared, say),
                Paragraph(escape(total.pair), styles["cellbold"]),
                str(total.boards),
                str(total.matchpoints),
                str(total.top),
                percent,
            ]
        )
    small = 24 * mm
    widths = [18 * mm, width - 18 * mm - 4 * small] + [small] * 4
    result = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
    result.setStyle(
        TableStyle(
            _style(
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
    rows: list[list[Any]] = [[Paragraph(escape(title), styles["cellbold"])] + [""] * (len(header) - 1), header]
    for r in sorted(traveller.results, key=lambda r: (-r.net, r.ns)):
        rows.append(
            [
                Paragraph(escape(r.ns), styles["cellbold"]),
                Paragraph(escape(r.ew), styles["cellbold"]),
                Paragraph(_contract_markup(r.contract.symbol), styles["cell"]),
                words.seat_letter(r.declarer),
                str(r.tricks),
                str(r.ns_score) if r.ns_score else "",
                str(r.ew_score) if r.ew_score else "",
                str(r.ns_matchpoints),
                str(r.ew_matchpoints),
            ]
        )
    widths = [width / len(header)] * len(header)
    result = Table(rows, colWidths=widths, hAlign="LEFT")
    result.setStyle(
        TableStyle(
            _style(
                ("SPAN", (0, 0), (-1, 0)),
                ("ALIGN", (0, 0), (-1, 0), "LEFT"),
                ("FONT", (-2, 2), (-1, -1), BOLD, 9),
                header_rows=2,
            )
        )
    )
    return result
