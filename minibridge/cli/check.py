"""``minibridge check``: a pupil's answers marked one by one, or the empty answers form of a lesson."""

from __future__ import annotations

from pathlib import Path

import click

from minibridge.cli.common import (
    json_option,
    language_options,
    lesson_from,
    lessons_folder_option,
    print_json,
    reports_errors,
)
from minibridge.language import gettext


@click.command()
@click.argument("answers", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--template", "template_ref", metavar="N|FILE", help="Write an empty answers file for lesson N.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Where to write the template.")
@click.option("--force", is_flag=True, help="Replace the template file if it exists.")
@lessons_folder_option
@json_option
@language_options
@reports_errors
def check(
    answers: Path | None,
    template_ref: str | None,
    output: Path | None,
    force: bool,
    lessons_folder: Path | None,
    as_json: bool,
) -> None:
    """Mark a pupil's answers to a lesson's exercises, one by one.

    ANSWERS is a YAML file that names the lesson and gives an answer for each exercise;
    `--template N` writes an empty one to fill in.

    \b
    Examples:
        minibridge check --template 3 -o sam.yaml
        minibridge check sam.yaml
    """
    if template_ref is not None:
        if answers is not None:
            raise click.UsageError(gettext("give either ANSWERS to mark or --template N, not both"))
        from minibridge.files import write_atomic
        from minibridge.lessons.answers import answers_template

        lesson = lesson_from(template_ref, lessons_folder)
        text = answers_template(lesson, template_ref)
        target = output or Path(f"answers-lesson-{lesson.number}.yaml")
        write_atomic(target, text, overwrite=force)
        click.echo(
            gettext("Wrote %(file)s: fill in each answer, then run 'minibridge check %(file)s'.") % {"file": target}
        )
        return
    if answers is None:
        raise click.UsageError(gettext("give the ANSWERS file to mark, or --template N to write an empty one"))
    from minibridge.lessons.answers import mark_answers, marks_data, read_answers

    sheet = read_answers(answers, lessons_folder)
    lesson, pupil = sheet.lesson, sheet.pupil
    marks = mark_answers(lesson, sheet.given)
    if as_json:
        print_json(marks_data(lesson, pupil, marks))
        return
    title = lesson.in_language().title
    if pupil:
        click.echo(
            gettext("%(lesson)s: %(title)s for %(pupil)s") % {"lesson": lesson.name, "title": title, "pupil": pupil}
        )
    else:
        click.echo(f"{lesson.name}: {title}")
    for m in marks:
        values = {"exercise": m.exercise, "board": m.board, "answer": m.answer_text, "reason": m.reason}
        head = (
            gettext("Exercise %(exercise)s") if m.board is None else gettext("Exercise %(exercise)s, board %(board)s")
        )
        if m.right:
            click.echo(gettext("%(head)s: right.") % {"head": head % values})
            continue
        cue = f" {m.cue[0].upper()}{m.cue[1:]}." if m.cue else ""
        if m.given is None:
            text = gettext("%(head)s: not answered. The answer is %(answer)s: %(reason)s.")
        else:
            text = gettext("%(head)s: wrong. The answer is %(answer)s: %(reason)s.")
        click.echo(text % (values | {"head": head % values}) + cue)
    click.echo(gettext("%(right)s of %(count)s right.") % {"right": sum(m.right for m in marks), "count": len(marks)})
