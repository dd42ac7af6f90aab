"""``minibridge records``: hand records of a PBN file with double-dummy analysis, as a PDF or JSON."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from minibridge.cli.common import (
    language_options,
    lesson_options,
    print_json,
    progress_bar,
    quiet_option,
    reports_errors,
    rules_in_force,
    rules_option,
)
from minibridge.cli.printing import OUTPUT, force_option, paper_option, refuse_existing, templates_option
from minibridge.documents import (
    BOARDS_A_PAGE,
    PER_PAGE,
    check_templates,
    hand_records,
    pdf_name,
    read_records,
    records_analyses,
)
from minibridge.errors import MiniBridgeError
from minibridge.language import gettext, ngettext

if TYPE_CHECKING:
    from minibridge.analysis import BoardAnalysis
    from minibridge.documents import RecordsBoards
    from minibridge.pbn import LeftOut
    from minibridge.render.printable import PartialBoard

_SHOWN_SKIPS = 5


@click.command()
@click.argument("pbn_file", metavar="FILE.pbn", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The PDF to write (default: output/FILE.pdf).",
)
@click.option(
    "--per-page",
    type=click.Choice([str(count) for count in PER_PAGE]),
    default=str(BOARDS_A_PAGE),
    show_default=True,
    help="Boards on each page.",
)
@paper_option
@click.option(
    "--dd-table",
    "full_table",
    is_flag=True,
    help="Print the full double-dummy table on each board: the tricks of every seat as declarer in every strain.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the analysis as JSON instead of writing a PDF.")
@click.option("--no-cache", is_flag=True, help="Solve every deal again instead of reading earlier results.")
@rules_option
@lesson_options
@templates_option
@force_option
@quiet_option
@language_options
@reports_errors
def records(
    pbn_file: Path,
    output: Path | None,
    per_page: str,
    paper: str,
    full_table: bool,
    as_json: bool,
    no_cache: bool,
    rules_name: str | None,
    lesson_ref: str | None,
    lessons_folder: Path | None,
    templates_folder: Path | None,
    force: bool,
    quiet: bool,
) -> None:
    """Hand records of every board of a PBN file: the four hands, points, declarer and dummy, the tricks
    declarer makes double dummy in each denomination, and the best MiniBridge contract with its score.
    A board with only some hands known is printed without analysis; an end position (fewer than thirteen
    cards a hand) with its double-dummy tricks. The heading is the file's Event, Site and Date.

    \b
    Examples:
        minibridge records output/lesson-5.pbn
        minibridge records club.pbn -o club-records.pdf --per-page 2 --paper letter
        minibridge records club.pbn --dd-table
        minibridge records club.pbn --json
    """
    rules, _ = rules_in_force(rules_name, False, lesson_ref, lessons_folder)
    if not as_json:
        check_templates(templates_folder)
    target = output or OUTPUT / pdf_name(pbn_file)
    if not as_json:
        refuse_existing(target, force)
    read = read_records(pbn_file, partly=True)
    left_out = read.games_left_out()
    for game in left_out[:_SHOWN_SKIPS]:
        click.echo(_said(pbn_file, game, read), err=True)
    more = len(left_out) - _SHOWN_SKIPS
    if more > 0:
        also = ngettext(
            "%(file)s: %(count)s more game left out (%(boards)s)",
            "%(file)s: %(count)s more games left out (%(boards)s)",
            more,
        )
        boards = "; ".join(
            gettext("game %(game)s, line %(line)s") % {"game": game.game, "line": game.line}
            if game.board is None
            else gettext("game %(game)s, board %(board)s, line %(line)s")
            % {"game": game.game, "board": game.board, "line": game.line}
            for game in left_out[_SHOWN_SKIPS:]
        )
        click.echo(also % {"file": pbn_file, "count": more, "boards": boards}, err=True)
    if as_json:
        from minibridge.render.printable import PartialBoard

        printed: list[BoardAnalysis | PartialBoard] = []
        nothing = None  # a file of games none of which has a deal to print
        if read.boards or read.partial:
            solving = progress_bar(len(read.boards), gettext("Solving deals double dummy"), quiet=quiet)
            with solving as progress:
                printed = records_analyses(read, rules=rules, cache=not no_cache, progress=progress)
        elif read.games or read.unreadable:
            try:
                records_analyses(read, rules=rules)
            except MiniBridgeError as error:
                nothing = error
        boards = [_partial_json(b) if isinstance(b, PartialBoard) else _analysis_json(b) for b in printed]
        print_json([*({**board, "left_out": False} for board in boards), *map(_left_out_json, left_out)])
        if nothing is not None:
            raise nothing  # said after the JSON, which lists the games left out
        _exit_if_unreadable(pbn_file, read.unreadable)
        return
    solving = progress_bar(len(read.boards), gettext("Solving deals double dummy"), quiet=quiet)
    from minibridge.files import write_atomic

    with solving as progress:
        records = hand_records(
            read,
            rules=rules,
            paper=paper,
            per_page=int(per_page),
            full_table=full_table,
            templates=templates_folder,
            cache=not no_cache,
            progress=progress,
        )
    write_atomic(target, records.pdf, overwrite=force)
    click.echo(
        ngettext("%(count)s board written to %(file)s", "%(count)s boards written to %(file)s", records.count)
        % {"count": records.count, "file": target},
        err=True,
    )
    _exit_if_unreadable(pbn_file, read.unreadable)


def _said(pbn_file: Path, game: LeftOut, read: RecordsBoards) -> str:
    """A game left out and why, in one line: one that cannot be read with the reader's reason, one without a deal
    as before."""
    if game in read.unreadable:
        return game.said
    left_out = (
        gettext("%(file)s, line %(line)s: board %(board)s has no deal to print: left out")
        if game.board is not None
        else gettext("%(file)s, line %(line)s: a game has no deal to print: left out")
    )
    return left_out % {"file": pbn_file, "line": game.line, "board": game.board}


def _exit_if_unreadable(pbn_file: Path, unreadable: tuple[LeftOut, ...]) -> None:
    """Exit with status 1 (bad data) when games cannot be read, each said already; every other board is printed. A
    game without a deal to print is said too, but it is no error (a file may give a game no deal)."""
    if unreadable:
        raise SystemExit(1)


def _left_out_json(game: LeftOut) -> dict[str, object]:
    """The ``--json`` object of a game the hand records leave out: its ``board``, its place in the file (``game``,
    from 1; ``line``; ``where``) and the ``reason``, marked ``left_out``."""
    return {**game.json(), "left_out": True}


def _analysis_json(analysis: BoardAnalysis) -> dict[str, object]:
    """The ``--json`` object of one board."""
    from minibridge.cards import Seat, Strain

    tricks = analysis.declarer_tricks
    table = analysis.table
    strains = sorted(Strain, reverse=True)
    dummy = analysis.announcement.dummy
    return {
        "board": analysis.number,
        "dealer": analysis.dealer.letter,
        "deal": analysis.deal.to_pbn(analysis.dealer),
        "hcp": {seat.letter: analysis.announcement.hcp[seat] for seat in Seat},
        "redeal": analysis.announcement.redeal,
        "declarer": analysis.declarer.letter if analysis.declarer is not None else None,
        "dummy": dummy.letter if dummy is not None else None,
        "dd": {strain.letter: tricks[strain] for strain in strains} if tricks else None,
        "dd_table": {s.letter: {t.letter: table[s][t] for t in strains} for s in Seat} if table is not None else None,
        "best_contract": str(analysis.best.contract) if analysis.best is not None else None,
        "best_score": analysis.best.side_score if analysis.best is not None else None,
    }


def _partial_json(board: PartialBoard) -> dict[str, object]:
    """The ``--json`` object of a board with only some hands known: the same keys, None for what is not known."""
    deal = " ".join(
        "-" if board.hands[seat] is None else board.hands[seat].to_pbn() for seat in board.dealer.clockwise()
    )
    return {
        "board": board.number,
        "dealer": board.dealer.letter,
        "deal": f"{board.dealer.letter}:{deal}",
        "hcp": {seat.letter: hand.hcp for seat, hand in board.hands.items() if hand is not None},
        "redeal": None,
        "declarer": None,
        "dummy": None,
        "dd": None,
        "dd_table": None,
        "best_contract": None,
        "best_score": None,
    }
