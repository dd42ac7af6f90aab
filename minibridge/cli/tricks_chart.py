"""``minibridge tricks-chart``: how many tricks a given number of combined points takes (teaching tip 4)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from minibridge.cli.common import language_options, print_json, progress_bar, quiet_option, reports_errors
from minibridge.cli.printing import (
    OUTPUT,
    force_option,
    paper_option,
    refuse_existing,
    templates_option,
    words_from,
)
from minibridge.language import gettext, ngettext

if TYPE_CHECKING:
    from minibridge.experiments import PointsRow

CHART_SAMPLES = 4
"""Layouts per card for the chart: fewer than in a game, so that the chart's deals are played within 20 seconds
(``--samples`` for more)."""
CHART_DEALS = 32
"""Deals in the chart by default: about two for each number of combined points from 21 to 36."""


@click.command("tricks-chart")
@click.option(
    "--deals",
    type=click.IntRange(min=1),
    default=CHART_DEALS,
    show_default=True,
    help="How many deals the computer plays for the chart.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The PDF to write (default: output/tricks-chart.pdf).",
)
@click.option("--seed", type=int, default=1, show_default=True, help="Which deals: the same seed, the same chart.")
@click.option(
    "--samples",
    type=click.IntRange(min=1),
    default=CHART_SAMPLES,
    show_default=True,
    help="Layouts the computer thinks about for each card.",
)
@paper_option
@click.option("--json", "as_json", is_flag=True, help="Print the numbers as JSON instead of writing a PDF.")
@templates_option
@force_option
@quiet_option
@language_options
@reports_errors
def tricks_chart(
    deals: int,
    output: Path | None,
    seed: int,
    samples: int,
    paper: str,
    as_json: bool,
    templates_folder: Path | None,
    force: bool,
    quiet: bool,
) -> None:
    """The chart of teaching tip 4: the points declarer and dummy hold together against the tricks they take,
    as the computer plays them and with best play all round (double dummy), to hang on the classroom wall.

    \b
    Examples:
        minibridge tricks-chart
        minibridge tricks-chart --deals 200 -o wall-chart.pdf --paper letter
        minibridge tricks-chart --deals 20 --json
    """
    from minibridge.experiments import tricks_chart_rows

    words = None if as_json else words_from(templates_folder)
    target = output or OUTPUT / "tricks-chart.pdf"
    if not as_json:
        refuse_existing(target, force)
    with progress_bar(deals, gettext("Playing deals"), quiet=quiet or as_json) as advance:
        rows = tricks_chart_rows(deals, seed=seed, samples=samples, progress=advance)
    if as_json:
        print_json([_row_json(row) for row in rows])
        return
    from minibridge.files import write_atomic
    from minibridge.render.chart import tricks_chart as draw

    assert words is not None
    write_atomic(target, draw(rows, words, deals=deals, seed=seed, paper=paper.lower()), overwrite=force)
    click.echo(
        ngettext("Chart of %(count)s deal written to %(file)s", "Chart of %(count)s deals written to %(file)s", deals)
        % {"count": deals, "file": target},
        err=True,
    )


def _row_json(row: PointsRow) -> dict[str, object]:
    """The ``--json`` object of one number of points."""

    def spread(tricks: tuple[int, ...]) -> dict[str, object]:
        return {"average": round(row.average(tricks), 2), "fewest": min(tricks), "most": max(tricks)}

    return {
        "points": row.points,
        "deals": row.deals,
        "played": spread(row.played),
        "double_dummy": spread(row.double_dummy),
    }
