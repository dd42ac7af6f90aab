"""``minibridge deal``: deals that suit a lesson, reproducible from a seed, as PBN."""

from __future__ import annotations

from pathlib import Path

import click

from minibridge.cli.common import language_options, lesson_from, lessons_folder_option, reports_errors
from minibridge.cli.printing import force_option
from minibridge.language import ngettext


@click.command()
@click.option(
    "--lesson",
    "lesson_ref",
    metavar="N|FILE",
    required=True,
    help="Deal for MiniLesson N (1 to 6), or for a lesson file: its constraints and hand size.",
)
@click.option("-n", "count", type=click.IntRange(1, 64), default=8, show_default=True, help="How many deals.")
@click.option("--seed", type=int, help="The seed: the same seed always gives the same deals (default: the lesson's).")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the deals to this PBN file instead of printing them.",
)
@force_option
@lessons_folder_option
@language_options
@reports_errors
def deal(
    lesson_ref: str, count: int, seed: int | None, output: Path | None, force: bool, lessons_folder: Path | None
) -> None:
    """Deal boards that suit a lesson (its constraints: points, fits, long suits …), written as PBN.

    \b
    Examples:
        minibridge deal --lesson 5 -n 8
        minibridge deal --lesson 4 -n 16 --seed 7 -o output/trumps.pbn
    """
    from minibridge.files import write_atomic
    from minibridge.pbn import dumps
    from minibridge.practice import practice_deals

    lesson = lesson_from(lesson_ref, lessons_folder)
    boards = practice_deals(lesson, count, seed=seed)
    text = dumps(boards).rstrip("\n") + "\n"
    if output is None:
        click.echo(text, nl=False)
        return
    write_atomic(output, text, overwrite=force)
    count = len(boards)
    written = ngettext(
        "%(count)s board for %(lesson)s written to %(file)s",
        "%(count)s boards for %(lesson)s written to %(file)s",
        count,
    )
    click.echo(written % {"count": count, "lesson": lesson.name, "file": output}, err=True)
