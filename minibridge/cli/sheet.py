"""``minibridge sheet``: a lesson's pupils' sheet on its own, to print one for each pupil."""

from __future__ import annotations

from pathlib import Path

import click

from minibridge.cli.common import language_options, lesson_from, lessons_folder_option, reports_errors
from minibridge.cli.printing import OUTPUT, force_option, paper_option, refuse_existing, templates_option
from minibridge.documents import check_templates, pupils_sheet, pupils_sheet_name
from minibridge.language import ngettext


@click.command()
@click.option(
    "--lesson", "lesson_ref", metavar="N|FILE", required=True, help="MiniLesson N (1 to 6), or a lesson file."
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The PDF to write (default: output/lesson-N-pupils-sheet.pdf).",
)
@paper_option
@templates_option
@force_option
@lessons_folder_option
@language_options
@reports_errors
def sheet(
    lesson_ref: str,
    output: Path | None,
    paper: str,
    templates_folder: Path | None,
    force: bool,
    lessons_folder: Path | None,
) -> None:
    """The pupils' sheet of a lesson: its questions, the deals and recorded plays they need, and room to write
    the answers. It holds no answers: the answer key is in the lesson pack.

    \b
    Examples:
        minibridge sheet --lesson 3
        minibridge sheet --lesson 5 --paper letter -o lesson-5-questions.pdf
    """
    from minibridge.files import write_atomic

    check_templates(templates_folder)
    lesson = lesson_from(lesson_ref, lessons_folder)
    target = output or OUTPUT / pupils_sheet_name(lesson)
    refuse_existing(target, force)
    printed = pupils_sheet(lesson, paper=paper, templates=templates_folder)
    write_atomic(target, printed.pdf, overwrite=force)
    values = {"lesson": lesson.name, "count": printed.count, "file": target}
    click.echo(
        ngettext(
            "%(lesson)s pupils' sheet, %(count)s question, written to %(file)s",
            "%(lesson)s pupils' sheet, %(count)s questions, written to %(file)s",
            printed.count,
        )
        % values,
        err=True,
    )
