"""``minibridge pack``: everything a teacher takes into class for a lesson, in one PDF."""

from __future__ import annotations

from pathlib import Path

import click

from minibridge.cli.common import (
    WholeNumber,
    language_options,
    lesson_from,
    lessons_folder_option,
    progress_bar,
    quiet_option,
    reports_errors,
)
from minibridge.cli.printing import OUTPUT, force_option, paper_option, refuse_existing, templates_option
from minibridge.documents import MOST_DEALS, MOST_TABLES, TABLES, check_templates, lesson_pack, pack_boards
from minibridge.language import gettext, ngettext


@click.command()
@click.option(
    "--lesson", "lesson_ref", metavar="N|FILE", required=True, help="MiniLesson N (1 to 6), or a lesson file."
)
@click.option(
    "--deals",
    "count",
    type=WholeNumber(1, MOST_DEALS),
    help="How many boards: the lesson's own deals first, then random ones that suit it (default: the lesson's deals).",
)
@click.option(
    "--seed", type=WholeNumber(-(10**12), 10**12), help="The seed of the random deals (default: the lesson's)."
)
@click.option(
    "--tables",
    type=WholeNumber(1, MOST_TABLES),
    default=TABLES,
    show_default=True,
    help="Lines on each travelling score sheet: one for each table that plays the board.",
)
@paper_option
@click.option(
    "-o",
    "--output",
    "folder",
    type=click.Path(file_okay=False, path_type=Path),
    default=OUTPUT,
    show_default=True,
    help="The folder to write the pack in.",
)
@click.option(
    "--boards-pbn/--no-boards-pbn",
    default=True,
    show_default=True,
    help="Also write the boards as a PBN file beside the PDF (same name, .pbn), to deal them by machine or by hand.",
)
@click.option(
    "--boards-dup",
    is_flag=True,
    help="Also write the boards as a Duplimate DUP file beside the PDF (same name, .dup); full deals only.",
)
@click.option("--no-cache", is_flag=True, help="Solve every deal again instead of reading earlier results.")
@templates_option
@force_option
@quiet_option
@lessons_folder_option
@language_options
@reports_errors
def pack(
    lesson_ref: str,
    count: int | None,
    seed: int | None,
    tables: int,
    paper: str,
    folder: Path,
    boards_pbn: bool,
    boards_dup: bool,
    no_cache: bool,
    templates_folder: Path | None,
    force: bool,
    quiet: bool,
    lessons_folder: Path | None,
) -> None:
    """A lesson pack in one PDF: cover with objectives and rules, teacher's notes, hand records, hand slips,
    score cards, travelling score sheets, the pupils' sheet and the answer key. Its name says the lesson, how many
    deals and the seed. Beside it, the same boards as a PBN file for a dealing machine (Duplimate, Dealer4) or for
    dealing by hand: 'minibridge deal' with the same lesson, --seed and -n gives the same boards.

    \b
    Examples:
        minibridge pack --lesson 5
        minibridge pack --lesson 3 --deals 16 --seed 42 --paper letter -o class-pack/
        minibridge pack --lesson 5 --boards-dup
    """
    from minibridge import dealing_machine
    from minibridge.files import write_atomic

    check_templates(templates_folder)
    lesson = lesson_from(lesson_ref, lessons_folder)
    boards = pack_boards(lesson, deals=count, seed=seed, cache=not no_cache)
    target = folder / boards.name
    beside: dict[Path, str | bytes] = {}
    if boards_pbn:
        beside[target.with_suffix(".pbn")] = dealing_machine.boards_pbn(boards.boards)
    if boards_dup:
        beside[target.with_suffix(".dup")] = dealing_machine.dup_bytes(boards.boards)
    for path in (target, *beside):
        refuse_existing(path, force)
    with progress_bar(len(boards.boards), gettext("Solving deals double dummy"), quiet=quiet) as progress:
        pack = lesson_pack(
            boards, tables=tables, paper=paper, templates=templates_folder, cache=not no_cache, progress=progress
        )
    write_atomic(target, pack.pdf, overwrite=force)
    for path, data in beside.items():
        write_atomic(path, data, overwrite=force)
    values = {"lesson": lesson.name, "count": pack.count, "file": target}
    click.echo(
        ngettext(
            "%(lesson)s pack, %(count)s board, written to %(file)s",
            "%(lesson)s pack, %(count)s boards, written to %(file)s",
            pack.count,
        )
        % values,
        err=True,
    )
    for path in beside:
        click.echo(gettext("The boards to deal, written to %(file)s") % {"file": path}, err=True)
