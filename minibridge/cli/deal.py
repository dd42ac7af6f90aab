"""``minibridge deal``: deals that suit a lesson, reproducible from a seed, as PBN."""

from __future__ import annotations

from pathlib import Path

import click

from minibridge.cli.common import WholeNumber, language_options, lesson_from, lessons_folder_option, reports_errors
from minibridge.cli.printing import force_option
from minibridge.documents import MOST_DEALS
from minibridge.language import ngettext


@click.command()
@click.option(
    "--lesson",
    "lesson_ref",
    metavar="N|FILE",
    required=True,
    help="Deal for MiniLesson N (1 to 6), or for a lesson file: its constraints and hand size.",
)
@click.option(
    "-n",
    "count",
    type=WholeNumber(1, MOST_DEALS),
    help="How many boards: the lesson's own deals first, then random ones that suit it (default: the lesson's deals).",
)
@click.option(
    "--seed",
    type=WholeNumber(-(10**12), 10**12),
    help="The seed of the random deals: the same seed, the same deals (default: the lesson's).",
)
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
    lesson_ref: str, count: int | None, seed: int | None, output: Path | None, force: bool, lessons_folder: Path | None
) -> None:
    """The boards of a lesson's pack as PBN: the lesson's own deals first, then deals that suit the lesson (its
    constraints: points, fits, long suits …), each board's number, dealer and deal. They are exactly the boards of
    'minibridge pack' with the same lesson, --seed and number of deals, to deal by hand or by machine.

    \b
    Examples:
        minibridge deal --lesson 5 -n 8
        minibridge deal --lesson 4 -n 16 --seed 7 -o output/trumps.pbn
    """
    from minibridge.dealing_machine import boards_pbn
    from minibridge.files import write_atomic
    from minibridge.practice import pack_deals

    lesson = lesson_from(lesson_ref, lessons_folder)
    boards, _ = pack_deals(lesson, count, seed=seed)
    text = boards_pbn(boards)
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
