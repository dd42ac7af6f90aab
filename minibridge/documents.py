"""Every printed document, one function each: the lesson pack, the pupils' sheet, hand records, blank score sheets,
the league table, the travellers and ranking of a duplicate competition, the tricks chart, the pupils' certificates
and their reports to take home.

Each function takes the document's options, keyword only, with the defaults the commands show, and returns a
:class:`Document`: the name its file is saved under, its PDF, and how many boards (questions, deals) it holds.
The command line and the teacher's pages both print through these functions, so that a page and a command give
the same bytes. The words are those of the language in use (:func:`minibridge.language.speaking`), from the
templates that come with minibridge or from a teacher's own folder (``templates``).

A document that needs work before it can be named or counted is made in two steps: the boards of a lesson pack are
dealt first (:func:`pack_boards`), the boards of a PBN file read first (:func:`read_records`), so that a caller can
refuse to replace a file, say what is left out and size a progress bar before the deals are solved.

The drawing and the solving are imported when a document is made: the options' limits and defaults below cost
nothing to read, so a command can show them in its help at once.

>>> pdf_name(Path("results/club night.pbn")), TRICKS_CHART
('club night.pdf', 'tricks-chart.pdf')
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from minibridge.errors import MiniBridgeError
from minibridge.language import gettext

if TYPE_CHECKING:
    from minibridge.analysis import BoardAnalysis
    from minibridge.board import Board
    from minibridge.classroom.certificates import Certificate
    from minibridge.classroom.term_report import PupilReport
    from minibridge.duplicate import Competition, Movement
    from minibridge.league import League
    from minibridge.lessons import Lesson
    from minibridge.pbn import LeftOut
    from minibridge.render.printable import PartialBoard
    from minibridge.render.text import Wording
    from minibridge.rules import RuleSet

__all__ = [
    "PAPERS",
    "PAPER",
    "MOST_DEALS",
    "TABLES",
    "MOST_TABLES",
    "PER_PAGE",
    "BOARDS_A_PAGE",
    "BLANK_BOARDS",
    "CHART_DEALS",
    "CHART_SEED",
    "CHART_SAMPLES",
    "TRICKS_CHART",
    "Progress",
    "Document",
    "check_templates",
    "pdf_name",
    "PackBoards",
    "pack_boards",
    "lesson_pack",
    "pupils_sheet_name",
    "pupils_sheet",
    "RecordsBoards",
    "read_records",
    "records_analyses",
    "hand_records",
    "score_sheets_name",
    "score_sheets",
    "league_table",
    "duplicate_results",
    "guide_cards",
    "tricks_chart",
    "certificates_name",
    "certificates",
    "term_reports_name",
    "term_reports",
]

PAPERS = ("a4", "letter")
"""The paper sizes a document is printed on."""
PAPER = "a4"
MOST_DEALS = 64
"""The most boards of a lesson pack or of blank score sheets."""
TABLES = 6
"""Lines on each travelling score sheet: one for each table that plays the board."""
MOST_TABLES = 20
PER_PAGE = (1, 2, 4, 6)
"""How many boards hand records may put on a page."""
BOARDS_A_PAGE = 4
"""Boards on each page of hand records, unless told otherwise."""
BLANK_BOARDS = 8
"""Boards of blank score sheets that are for no lesson, unless told otherwise (a lesson's have its number of
deals)."""
CHART_DEALS = 32
"""Deals in the tricks chart: about two for each number of combined points from 21 to 36."""
CHART_SEED = 1
"""Which deals the tricks chart plays: the same seed, the same chart."""
CHART_SAMPLES = 4
"""Layouts the computer thinks about for each card of the tricks chart: fewer than in a game, so that the chart's
deals are played within 20 seconds."""
TRICKS_CHART = "tricks-chart.pdf"
"""The name of the tricks chart's file."""

Progress = Callable[[int], None]
"""What is told of the steps done (deals solved or played), to move a progress bar on."""


@dataclass(frozen=True, kw_only=True)
class Document:
    """A printed document: the name its file is saved under, its PDF, and how many boards it holds (questions for
    the pupils' sheet, deals played for the tricks chart, pairs for the league table), for the caller to say."""

    name: str
    pdf: bytes = field(repr=False)
    count: int


def _words(templates: Path | None) -> Wording:
    """The wording of a folder of templates, or of the templates that come with minibridge."""
    from minibridge.render.text import wording

    return wording(str(templates) if templates is not None else None)


def check_templates(templates: Path | None = None) -> None:
    """Make sure a folder of templates can word a page, before any work: a folder that is not there or a
    template that does not render is refused at once."""
    _words(templates)("page", "footer", title="", page=1)


def pdf_name(file: Path) -> str:
    """The name of a document printed from a file (hand records, a league table, a competition's results): the
    file's own name, as a PDF.

    >>> pdf_name(Path("spring.yaml"))
    'spring.pdf'
    """
    return f"{file.stem}.pdf"


# --- the lesson pack -----------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class PackBoards:
    """The boards of a lesson pack: the lesson's own deals, then deals from ``seed`` that suit it."""

    lesson: Lesson
    boards: tuple[Board, ...]
    seed: int

    @property
    def name(self) -> str:
        """``lesson-5-10-deals-seed-505.pdf``; a teacher's own lesson file adds its name:
        ``lesson-5-dutch-10-deals-seed-505.pdf``; a pack in Dutch or Danish its language: ``…-seed-505-nl.pdf``."""
        from minibridge.render.pack import pack_name

        return pack_name(self.lesson, len(self.boards), self.seed)


def pack_boards(lesson: Lesson, *, deals: int | None = None, seed: int | None = None, cache: bool = True) -> PackBoards:
    """The boards of a lesson pack: ``deals`` of them (by default the lesson's own), the random ones from ``seed``
    (by default the lesson's), each playable under the lesson's rules (solved double dummy, from the cache of
    earlier results unless ``cache`` is off)."""
    from minibridge.practice import pack_deals

    boards, seed = pack_deals(lesson, deals, seed=seed, cache=cache)
    return PackBoards(lesson=lesson, boards=tuple(boards), seed=seed)


def lesson_pack(
    boards: PackBoards,
    *,
    tables: int = TABLES,
    paper: str = PAPER,
    templates: Path | None = None,
    cache: bool = True,
    progress: Progress | None = None,
) -> Document:
    """A lesson pack in one PDF: cover, teacher's notes, hand records, hand slips, score cards, travellers (with
    ``tables`` lines), the pupils' sheet and the answer key; its boards are solved double dummy first."""
    from minibridge.analysis import analyse_boards
    from minibridge.render.pack import lesson_pack as draw

    lesson = boards.lesson
    analyses = analyse_boards(boards.boards, lesson.rules, cache=cache, progress=progress)
    pdf = draw(
        lesson, list(boards.boards), analyses, _words(templates), seed=boards.seed, paper=paper.lower(), tables=tables
    )
    return Document(name=boards.name, pdf=pdf, count=len(boards.boards))


# --- the pupils' sheet ---------------------------------------------------------------------------------------


def pupils_sheet_name(lesson: Lesson) -> str:
    """``lesson-3-pupils-sheet.pdf``."""
    return f"lesson-{lesson.number}-pupils-sheet.pdf"


def pupils_sheet(lesson: Lesson, *, paper: str = PAPER, templates: Path | None = None) -> Document:
    """A lesson's pupils' sheet on its own: its questions, the deals and plays they need, room to write the
    answers; its count is the number of questions."""
    from minibridge.render.pupils import pupils_sheet as draw

    pdf = draw(lesson, _words(templates), paper=paper.lower())
    return Document(name=pupils_sheet_name(lesson), pdf=pdf, count=len(lesson.exercises))


# --- hand records --------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class RecordsBoards:
    """What a PBN file's hand records print: its games, the boards with a deal (to be solved), the boards with
    only some hands known, and the games left out (no deal at all)."""

    path: Path
    games: tuple[Board, ...]
    boards: tuple[Board, ...]
    partial: tuple[PartialBoard, ...]
    left_out: tuple[Board, ...]
    unreadable: tuple[LeftOut, ...] = ()
    """The games that cannot be read (read ``partly``), each with its place and the reason."""

    def games_left_out(self) -> list[LeftOut]:
        """Every game the hand records leave out, in file order, each with its place in the file and the reason:
        those that cannot be read, and those without a deal to print."""
        from minibridge.pbn import LeftOut, game_numbers

        numbers = game_numbers(len(self.games), self.unreadable)
        places = {id(game): number for number, game in zip(numbers, self.games, strict=True)}
        source = str(self.path)
        without = [
            LeftOut(
                source=source,
                game=places[id(board)],
                board=board.number,
                line=board.line,
                reason=gettext("has no deal to print: left out"),
            )
            for board in self.left_out
        ]
        return sorted([*self.unreadable, *without], key=lambda game: game.game)


def read_records(path: Path, *, partly: bool = False) -> RecordsBoards:
    """The games of a PBN file, sorted for hand records. A game that cannot be read refuses the file; read
    ``partly``, it is left out (:attr:`RecordsBoards.unreadable`, with its place and the reason) and every other
    game is read (:func:`minibridge.pbn.load_partly`)."""
    from minibridge.pbn import load, load_partly
    from minibridge.render.printable import printable_boards

    games, unreadable = load_partly(path) if partly else (load(path), [])
    boards, partial, left_out = printable_boards(games)
    return RecordsBoards(
        path=path,
        games=tuple(games),
        boards=tuple(boards),
        partial=tuple(partial),
        left_out=tuple(left_out),
        unreadable=tuple(unreadable),
    )


def records_analyses(
    read: RecordsBoards, *, rules: RuleSet | None = None, cache: bool = True, progress: Progress | None = None
) -> list[BoardAnalysis | PartialBoard]:
    """Every board the hand records print, in the order of their numbers: each board with a deal solved double
    dummy under ``rules`` (by default the EBU's), with its best contract; each board with only some hands known
    as it is. A file without a board to print is refused."""
    from minibridge.analysis import analyse_boards
    from minibridge.rules import find_rules

    if not read.boards and not read.partial:
        raise MiniBridgeError(gettext("no board has a deal, so there is nothing to print"), where=str(read.path))
    analyses = analyse_boards(read.boards, rules or find_rules("ebu"), cache=cache, progress=progress)
    printed: list[BoardAnalysis | PartialBoard] = [*analyses, *read.partial]
    return sorted(printed, key=lambda item: item.number)


def hand_records(
    read: RecordsBoards,
    *,
    rules: RuleSet | None = None,
    paper: str = PAPER,
    per_page: int = BOARDS_A_PAGE,
    full_table: bool = False,
    templates: Path | None = None,
    cache: bool = True,
    progress: Progress | None = None,
    say_left_out: bool = False,
) -> Document:
    """Hand records of a PBN file (:func:`records_analyses`), ``per_page`` boards a page, headed by the file's
    Event, Site and Date; ``full_table`` prints the tricks of every seat as declarer in every strain; with
    ``say_left_out``, the line under the heading also names the games left out (where nobody reads a terminal)."""
    from minibridge.render.printable import records_heading
    from minibridge.render.records import hand_records as draw
    from minibridge.rules import find_rules

    rules = rules or find_rules("ebu")
    printed = records_analyses(read, rules=rules, cache=cache, progress=progress)
    words = _words(templates)
    title, details = records_heading(read.games, read.path.name, words)
    left_out = read.games_left_out() if say_left_out else []
    if left_out:
        places = ", ".join(
            gettext("board %(board)s (line %(line)s)") % {"board": game.board, "line": game.line}
            if game.board is not None
            else gettext("game %(game)s (line %(line)s)") % {"game": game.game, "line": game.line}
            for game in left_out
        )
        details = " · ".join(part for part in (details, gettext("Left out: %(places)s") % {"places": places}) if part)
    pdf = draw(
        printed,
        words,
        title=title,
        details=details,
        paper=paper.lower(),
        per_page=per_page,
        announcement=rules.announcement,
        full_table=full_table,
    )
    return Document(name=pdf_name(read.path), pdf=pdf, count=len(printed))


# --- blank score sheets --------------------------------------------------------------------------------------


def score_sheets_name(lesson: Lesson | None = None) -> str:
    """``score-sheets-lesson-5.pdf``, or ``score-sheets.pdf`` for sheets that are for no lesson."""
    return f"score-sheets-lesson-{lesson.number}.pdf" if lesson is not None else "score-sheets.pdf"


def score_sheets(
    *,
    lesson: Lesson | None = None,
    deals: int | None = None,
    tables: int = TABLES,
    paper: str = PAPER,
    templates: Path | None = None,
) -> Document:
    """Blank score cards and a travelling score sheet (``tables`` lines) for each of ``deals`` boards (by default
    the lesson's number of deals, or :data:`BLANK_BOARDS`), with the columns of the lesson's rules (the EBU's for
    no lesson)."""
    from minibridge.board import Board
    from minibridge.render.sheets import score_sheets as draw
    from minibridge.rules import find_rules

    words = _words(templates)
    rules = lesson.rules if lesson is not None else find_rules("ebu")
    count = deals or (len(lesson.deals) if lesson is not None else BLANK_BOARDS)
    boards = [Board(number=number) for number in range(1, count + 1)]
    title = words("scorecard", "blank_title", lesson=lesson.name if lesson is not None else "")
    pdf = draw(rules, boards, words, title=title, paper=paper.lower(), tables=tables)
    return Document(name=score_sheets_name(lesson), pdf=pdf, count=count)


# --- the competitions ----------------------------------------------------------------------------------------


def league_table(league: League, *, file: Path, paper: str = PAPER, templates: Path | None = None) -> Document:
    """The table of a league read from ``file``: the results pair against pair with the totals, the standings and
    the schedule with what is still to play; it takes the league file's name."""
    from minibridge.render.league import league_table as draw

    pdf = draw(league, _words(templates), paper=paper.lower())
    return Document(name=pdf_name(file), pdf=pdf, count=len(league.pairs))


def duplicate_results(
    competition: Competition,
    *,
    file: Path,
    title: str | None = None,
    paper: str = PAPER,
    templates: Path | None = None,
) -> Document:
    """The N–S and E–W rankings of a duplicate competition scored from the results file ``file``, then a
    traveller for every board, headed by ``title`` (by default the template's); it takes the results file's
    name."""
    from minibridge.render.duplicate import duplicate_results as draw

    pdf = draw(competition, _words(templates), title=title, paper=paper.lower())
    return Document(name=pdf_name(file), pdf=pdf, count=len(competition.travellers))


def guide_cards(
    movement: Movement, *, event: str, name: str, paper: str = PAPER, templates: Path | None = None
) -> Document:
    """The guide cards of an event's movement: one card for each table and one for each E–W pair, saved as
    ``name``."""
    from minibridge.render.guide import guide_cards as draw

    pdf = draw(movement, _words(templates), event=event, paper=paper.lower())
    return Document(name=name, pdf=pdf, count=movement.tables)


# --- the tricks chart ----------------------------------------------------------------------------------------


def tricks_chart(
    *,
    deals: int = CHART_DEALS,
    seed: int = CHART_SEED,
    samples: int = CHART_SAMPLES,
    paper: str = PAPER,
    templates: Path | None = None,
    progress: Progress | None = None,
) -> Document:
    """The chart of teaching tip 4 on one page: the points declarer and dummy hold together against the tricks
    they take, as the computer plays ``deals`` deals from ``seed`` (thinking about ``samples`` layouts for each
    card) and double dummy."""
    from minibridge.experiments import tricks_chart_rows
    from minibridge.render.chart import tricks_chart as draw

    rows = tricks_chart_rows(deals, seed=seed, samples=samples, progress=progress)
    pdf = draw(rows, _words(templates), deals=deals, seed=seed, paper=paper.lower())
    return Document(name=TRICKS_CHART, pdf=pdf, count=deals)


# --- certificates and the reports to take home ----------------------------------------------------------------


def _file_part(text: str) -> str:
    """A name as part of a file's name: letters and digits, the rest a dash (``Amy Lee`` → ``amy-lee``)."""
    return "-".join("".join(c if c.isalnum() else " " for c in text.casefold()).split()) or "pupil"


def certificates_name(certificates: Sequence[Certificate]) -> str:
    """``certificate-amy-lesson-3.pdf`` for one, ``certificates-lesson-3.pdf`` for a class (``course`` for the
    whole course; ``certificates.pdf`` when they are for several lessons)."""
    lessons = {c.lesson for c in certificates}
    what = "" if len(lessons) != 1 else "-course" if None in lessons else f"-lesson-{lessons.pop()}"
    if len(certificates) == 1:
        return f"certificate-{_file_part(certificates[0].name)}{what}.pdf"
    return f"certificates{what}.pdf"


def certificates(printed: Sequence[Certificate], *, paper: str = PAPER, templates: Path | None = None) -> Document:
    """Certificates, one a page, in order (refused when there is none); its count is the number of certificates."""
    from minibridge.render.certificates import certificates_pdf

    if not printed:
        raise MiniBridgeError(gettext("no pupil has earned this certificate yet, so there is nothing to print"))
    pdf = certificates_pdf(printed, _words(templates), paper=paper.lower())
    return Document(name=certificates_name(printed), pdf=pdf, count=len(printed))


def term_reports_name(reports: Sequence[PupilReport]) -> str:
    """``report-amy.pdf`` for one pupil, ``reports.pdf`` for a class."""
    return f"report-{_file_part(reports[0].name)}.pdf" if len(reports) == 1 else "reports.pdf"


def term_reports(
    reports: Sequence[PupilReport],
    *,
    date: datetime.date,
    school: str = "",
    need_deals: bool = False,
    paper: str = PAPER,
    templates: Path | None = None,
) -> Document:
    """The reports to take home, one page for each pupil, dated ``date`` (refused when there is none; ``need_deals``:
    a lesson is done only with its deals played, as the teacher asks); its count is the number of pupils."""
    from minibridge.render.term_report import term_reports_pdf

    if not reports:
        raise MiniBridgeError(gettext("no pupil has answered an exercise or played a deal yet, so there is no report"))
    words = _words(templates)
    pdf = term_reports_pdf(reports, words, school=school, date=date, need_deals=need_deals, paper=paper.lower())
    return Document(name=term_reports_name(reports), pdf=pdf, count=len(reports))
