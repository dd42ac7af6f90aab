"""The pupils' sheet: a lesson's questions with the deals and plays they need and room to write, never an answer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from minibridge.board import Board
from minibridge.cards import Seat
from minibridge.lessons import Exercise, Lesson, find_kind
from minibridge.lessons.exercise_kind import Blank
from minibridge.render.flowables import BoardRecord, BoardView, hand_lines
from minibridge.render.page import build_pdf, page_footer
from minibridge.render.styles import paragraph_styles
from minibridge.render.text import Wording, markup
from minibridge.render.tricks import tricks_table

__all__ = ["pupil_board_view", "sheet_exercises", "pupils_story", "pupils_sheet"]


def pupil_board_view(board: Board, words: Wording, *, announcement: bool) -> BoardView:
    """A board as the pupils see it: the four hands and the dealer; no points, declarer or analysis."""
    assert board.deal is not None and board.dealer is not None
    corner = [] if announcement else [words("records", "leader", seat=words.seat(board.dealer.lho))]
    void = words("records", "void")
    return BoardView(
        title=words("records", "board", number=board.number),
        dealer=words("records", "dealer", seat=words.seat(board.dealer)),
        hands={seat: hand_lines(board.deal[seat], void) for seat in Seat},
        hcp=None,
        compass={seat: words.seat_letter(seat) for seat in Seat},
        corner_lines=corner,
    )


def sheet_exercises(lesson: Lesson, deals: Sequence[Board] | None = None) -> list[Exercise]:
    """The exercises a sheet asks: all of the lesson's, or with ``deals`` only those on the pack's own deals."""
    if deals is None:
        return list(lesson.exercises)
    held = {(d.number, d.deal) for d in deals}
    return [e for e in lesson.exercises if e.board is None or (e.board, lesson.board(e.board).deal) in held]


_DECLARER = "declarer"
"""The key of an answer that names the declarer."""
_BESIDE = 0.8
"""The size of a deal printed beside its play."""


def _side_by_side(figures: list[Flowable | list[Flowable]]) -> Table:
    """The deal and its play side by side (or either alone), top-aligned."""
    table = Table([figures], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 3 * mm),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return table


def _asks_declarer(lesson: Lesson, board: Board) -> bool:
    """Whether a question asks who declares this board, so that the sheet must not say."""
    kinds = [find_kind(e.kind) for e in lesson.exercises if e.board == board.number]
    return any(_DECLARER in kind.keys for kind in kinds)


def _room(lesson: Lesson, exercise: Exercise) -> list[list[Blank]]:
    """The blanks an exercise's kind leaves to write its answer in, line by line, their words as paragraph markup."""
    lines = find_kind(exercise.kind).blanks(lesson, exercise)
    return [[replace(blank, words=markup(blank.words)) for blank in line] for line in lines]


def pupils_story(lesson: Lesson, words: Wording, deals: Sequence[Board] | None = None) -> list[Flowable]:
    """The pupils' sheet as a story: each question, the board the first time one is asked about, its play the
    first time a question follows it, and room to write."""
    styles = paragraph_styles()
    story: list[Flowable] = [
        Paragraph(words("sheet", "heading"), styles["heading"]),
        Paragraph(words("sheet", "name_line"), styles["body"]),
        Paragraph(words("sheet", "instructions"), styles["small"]),
        Spacer(1, 2 * mm),
    ]
    exercises = sheet_exercises(lesson, deals)
    if not exercises:
        story.append(Paragraph(words("sheet", "no_exercises"), styles["body"]))
    drawn: dict[int, str] = {}
    played: dict[int, str] = {}
    for exercise in exercises:
        block: list[Flowable] = [
            Paragraph(words("sheet", "exercise", id=exercise.id, board=exercise.board), styles["cellbold"]),
            Paragraph(escape(" ".join(exercise.question.split())), styles["body"]),
        ]
        board = lesson.board(exercise.board) if exercise.board is not None else None
        if board is not None and board.number is not None:
            figures: list[Flowable] = []
            if board.number in drawn:
                text = words("sheet", "see_above", board=board.number, exercise=drawn[board.number])
                block.append(Paragraph(text, styles["small"]))
            else:
                drawn[board.number] = exercise.id
                view = pupil_board_view(board, words, announcement=lesson.rules.announcement)
                figures.append(BoardRecord(view, _BESIDE))
            play: list[Flowable] = []
            if find_kind(exercise.kind).needs_play and board.play is not None:
                if board.number in played:
                    text = words("sheet", "play_above", board=board.number, exercise=played[board.number])
                    block.append(Paragraph(text, styles["small"]))
                else:
                    played[board.number] = exercise.id
                    if board.contract is not None and board.declarer is not None and not _asks_declarer(lesson, board):
                        contract = words(
                            "sheet", "contract", contract=board.contract.shown, declarer=words.seat(board.declarer)
                        )
                        play.append(Paragraph(contract, styles["cell"]))
                    play += tricks_table(board, words, winners=False)
            if play:
                figures.append(play)  # type: ignore[arg-type]
            if figures:
                block += [Spacer(1, 1.5 * mm), _side_by_side(figures)]
        block += [
            Spacer(1, 2.5 * mm),
            Paragraph(words("sheet", "room", lines=_room(lesson, exercise)), styles["room"]),
            Spacer(1, 6 * mm),
        ]
        story.append(KeepTogether(block))
    return story


def pupils_sheet(lesson: Lesson, words: Wording, *, paper: str = "a4") -> bytes:
    """A lesson's pupils' sheet on its own, as a PDF, in the language in use (the lesson's own texts too, where
    its file translates them)."""
    lesson = lesson.in_language()
    title = words("sheet", "title", name=lesson.name, title=lesson.title)
    story = [Paragraph(title, paragraph_styles()["title"]), *pupils_story(lesson, words)]
    return build_pdf(story, title=title, paper=paper, footer=page_footer(words, title))
