"""``minibridge scoresheet``: blank score cards and travelling score sheets to print."""

from __future__ import annotations

from pathlib import Path

import click

from minibridge.cli.common import language_options, lesson_from, lessons_folder_option, reports_errors
from minibridge.cli.printing import OUTPUT, force_option, paper_option, refuse_existing, templates_option, words_from
from minibridge.language import ngettext


@click.command()
@click.option(
    "--lesson",
    "lesson_ref",
    metavar="N|FILE",
    help="Sheets for MiniLesson N (1 to 6) or a lesson file: its columns and number of deals.",
)
@click.option("--deals", "count", type=click.IntRange(1, 64), help="How many boards (default: the lesson's, or 8).")
@click.option(
    "--tables",
    type=click.IntRange(1, 20),
    default=6,
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
    from minibridge.board import Board
    from minibridge.files import write_atomic
    from minibridge.render.sheets import score_sheets
    from minibridge.rules import find_rules

    words = words_from(templates_folder)
    lesson = lesson_from(lesson_ref, lessons_folder) if lesson_ref is not None else None
    rules = lesson.rules if lesson is not None else find_rules("ebu")
    count = count or (len(lesson.deals) if lesson is not None else 8)
    target = output or OUTPUT / (f"score-sheets-lesson-{lesson.number}.pdf" if lesson else "score-sheets.pdf")
    refuse_existing(target, force)
    boards = [Board(number=number) for number in range(1, count + 1)]
    title = words("scorecard", "blank_title", lesson=lesson.name if lesson is not None else "")
    write_atomic(
        target, score_sheets(rules, boards, words, title=title, paper=paper.lower(), tables=tables), overwrite=force
    )
    click.echo(
        ngettext(
            "score sheets for %(count)s board written to %(file)s",
            "score sheets for %(count)s boards written to %(file)s",
            count,
        )
        % {"count": count, "file": target},
        err=True,
    )
