"""A board's recorded play printed trick by trick: who led, the four cards in the order played, who won.

The teacher's copy marks each trick's winning card and says what went wrong in an irregular play; the pupils'
copy leaves the winners for them to write in.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from minibridge import language
from minibridge.board import Board
from minibridge.cards import Card, Seat
from minibridge.play import Play
from minibridge.recorded import replay_record
from minibridge.render.styles import RED, paragraph_styles, ruled_style
from minibridge.render.text import Wording

__all__ = ["RecordedTrick", "recorded_tricks", "card_markup", "tricks_table"]

_WIDTHS = (13 * mm, 22 * mm, 18.5 * mm, 18.5 * mm, 18.5 * mm, 18.5 * mm, 20 * mm)
"""Trick, led by, the four cards, won by: wide enough for the longest heading word (Dutch ``Uitgekomen``)."""
_PUPIL_WIDTHS = (12 * mm, 17 * mm, 17 * mm, 17 * mm, 17 * mm, 21 * mm)
"""The pupils' copy, narrow enough to stand beside the deal: trick, the four cards, won by."""
_RED = RED.hexval().replace("0x", "#")


@dataclass(frozen=True)
class RecordedTrick:
    """One trick of a recorded play: its number, leader, (seat, card) in the order played, and winner."""

    number: int
    leader: Seat
    cards: tuple[tuple[Seat, Card], ...]
    winner: Seat


def recorded_tricks(board: Board) -> tuple[list[RecordedTrick], Play]:
    """The tricks of a board's recorded play, replayed under the Laws, and the replayed play itself."""
    play = replay_record(board)
    tricks = [
        RecordedTrick(number, trick.leader, tuple(trick.in_order()), trick.winner)
        for number, trick in enumerate(play.tricks, start=1)
    ]
    return tricks, play


def card_markup(card: Card) -> str:
    """A card as paragraph markup: the suit symbol (red for hearts and diamonds) and the rank as the language
    prints it, tens as 10."""
    rank = language.rank(card.rank.letter)
    symbol = card.suit.symbol
    if symbol in ("♥", "♦"):
        symbol = f'<font color="{_RED}">{symbol}</font>'
    return symbol + rank


def tricks_table(board: Board, words: Wording, *, winners: bool = True) -> list[Flowable]:
    """The recorded play of a board as a table of tricks, with the lines that go under it.

    With ``winners`` (the teacher's copy) each winning card is bold and underlined, the last column names the
    winner and an irregularity is described; without (the pupils' copy) the last column is left to write in, and
    so is the leader of each trick, which would tell who won the one before (each card still names its player).
    """
    styles = paragraph_styles()
    cell = styles["cell"]
    bold = ParagraphStyle("trick-heading", parent=styles["cellbold"], fontSize=8, leading=10)
    tricks, play = recorded_tricks(board)
    header = [words("tricks", "trick"), words("tricks", "led_by")]
    header += [words("tricks", "card", place=place) for place in range(1, 5)]
    header.append(words("tricks", "won_by"))
    rows: list[list[object]] = [[Paragraph(text, bold) for text in header]]
    for trick in tricks:
        row: list[object] = [str(trick.number), words.seat(trick.leader) if winners else ""]
        for seat, card in trick.cards:
            text = f"{escape(words.seat_letter(seat))} {card_markup(card)}"
            if winners and seat is trick.winner:
                text = f"<b><u>{text}</u></b>"
            row.append(Paragraph(text, cell))
        row.append(words.seat(trick.winner) if winners else "")
        rows.append(row)
    widths = list(_WIDTHS)
    if not winners:  # the leader of each trick after the first is the winner of the one before: the pupils' to find
        for row in rows:
            del row[1]
        widths = list(_PUPIL_WIDTHS)
    table = Table(rows, colWidths=widths, rowHeights=[None] + [6.2 * mm] * len(tricks), hAlign="LEFT")
    padding = [("LEFTPADDING", (0, 0), (-1, -1), 1.5 * mm), ("RIGHTPADDING", (0, 0), (-1, -1), 1 * mm)]
    table.setStyle(TableStyle(ruled_style(*padding, font_size=9)))
    story: list[Flowable] = [table]
    lines = []
    if play.claimed is not None:
        side, taken = play.claimed
        rest = play.total_tricks - len(tricks)
        lines.append(words("tricks", "claim", side=words("page", "side", letters=str(side)), taken=taken, rest=rest))
    elif not play.finished:
        lines.append(words("tricks", "stops", played=len(tricks)))
    if winners:
        lines += [words("tricks", "irregularity", text=i.describe()) for i in play.irregularities]
        lines.append(words("tricks", "winner_key"))
    else:
        lines.append(words("tricks", "fill_in"))
    story += [Paragraph(line, styles["small"]) for line in lines]
    return story
