"""``minibridge scoresheet``: blank score cards and travelling score sheets to print."""

from __future__ import annotations

from pathlib import Path

import click

from minibridge.cli.common import WholeNumber, language_options, lesson_from, lessons_folder_option, reports_errors
from minibridge.cli.printing import OUTPUT, force_option, paper_option, refuse_existing, templates_option
from minibridge.documents import (
    BLANK_BOARDS,
    MOST_DEALS,
    MOST_TABLES,
    TABLES,
    check_templates,
    score_sheets,
    score_sheets_name,
)
from minibridge.language import ngettext


@click.command()
@click.option(
    "--lesson",
    "lesson_ref",
    metavar="N|FILE",
    help="Sheets for MiniLesson N (1 to 6) or a lesson file: its columns and number of deals.",
)
@click.option(
    "--deals",
    "count",
    type=WholeNumber(1, MOST_DEALS),
    help=f"How many boards (default: the lesson's, or {BLANK_BOARDS}).",
)
@click.option(
    "--tables",
    type=WholeNumber(1, MOST_TABLES),
    default=TABLES,
    show_default=True,
    help="Lines on each travelling score sheet: one for each table that plays the board.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The PDF to write (default: output/score-sheets.pdf or output/score-sheets-lesson-N.pdf).",
)
@paper_option
@templates_option
@force_option
@lessons_folder_option
@language_options
@reports_errors
def scoresheet(
    lesson_ref: str | None,
    count: int | None,
    tables: int,
    output: Path | None,
    paper: str,
    templates_folder: Path | None,
    force: bool,
    lessons_folder: Path | None,
) -> None:
    """Blank sheets for keeping the score: a pupil's score card and a travelling score sheet per board.

    \b
    Examples:
        minibridge scoresheet
        minibridge scoresheet --lesson 5 --deals 12 -o sheets.pdf
    """
    from minibridge.files import write_atomic

    check_templates(templates_folder)
    lesson = lesson_from(lesson_ref, lessons_folder) if lesson_ref is not None else None
    target = output or OUTPUT / score_sheets_name(lesson)
    refuse_existing(target, force)
    sheets = score_sheets(lesson=lesson, deals=count, tables=tables, paper=paper, templates=templates_folder)
    write_atomic(target, sheets.pdf, overwrite=force)
    click.echo(
        ngettext(
            "score sheets for %(count)s board written to %(file)s",
            "score sheets for %(count)s boards written to %(file)s",
            sheets.count,
        )
        % {"count": sheets.count, "file": target},
        err=True,
    )
