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
from minibridge.cli.printing import (
    OUTPUT,
    force_option,
    paper_option,
    refuse_existing,
    templates_option,
    words_from,
)
from minibridge.errors import file_place
from minibridge.language import gettext, ngettext

if TYPE_CHECKING:
    from minibridge.analysis import BoardAnalysis
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
    "--per-page", type=click.Choice(["1", "2", "4", "6"]), default="4", show_default=True, help="Boards on each page."
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
    from minibridge.analysis import analyse_boards
    from minibridge.pbn import load
    from minibridge.render.printable import PartialBoard, printable_boards, records_heading

    rules, _ = rules_in_force(rules_name, False, lesson_ref, lessons_folder)
    words = None if as_json else words_from(templates_folder)
    target = output or OUTPUT / f"{pbn_file.stem}.pdf"
    if not as_json:
        refuse_existing(target, force)
    games = load(pbn_file)
    boards, partial, skipped = printable_boards(games)
    for board in skipped[:_SHOWN_SKIPS]:
        said = (
            gettext("board %(board)s has no deal to print: left out") % {"board": board.number}
            if board.number is not None
            else gettext("a game has no deal to print: left out")
        )
        click.echo(f"{file_place(pbn_file, line=board.line)}: {said}", err=True)
    if len(skipped) > _SHOWN_SKIPS:
        more = len(skipped) - _SHOWN_SKIPS
        said = ngettext(
            "%(count)s more game without a deal to print left out",
            "%(count)s more games without a deal to print left out",
            more,
        ) % {"count": more}
        click.echo(f"{pbn_file}: {said}", err=True)
    if not boards and not partial:
        raise click.ClickException(f"{pbn_file}: " + gettext("no board has a deal, so there is nothing to print"))
    with progress_bar(len(boards), "Solving deals double dummy", quiet=quiet) as progress:
        analyses = analyse_boards(boards, rules, cache=not no_cache, progress=progress)
    printed: list[BoardAnalysis | PartialBoard] = sorted([*analyses, *partial], key=lambda item: item.number)
    if as_json:
        print_json(
            [_partial_json(item) if isinstance(item, PartialBoard) else _analysis_json(item) for item in printed]
        )
        return
    from minibridge.files import write_atomic
    from minibridge.render.records import hand_records

    assert words is not None
    title, details = records_heading(games, pbn_file.name, words)
    pdf = hand_records(
        printed,
        words,
        title=title,
        details=details,
        paper=paper.lower(),
        per_page=int(per_page),
        announcement=rules.announcement,
        full_table=full_table,
    )
    write_atomic(target, pdf, overwrite=force)
    count = len(printed)
    click.echo(
        ngettext("%(count)s board written to %(file)s", "%(count)s boards written to %(file)s", count)
        % {"count": count, "file": target},
        err=True,
    )


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
