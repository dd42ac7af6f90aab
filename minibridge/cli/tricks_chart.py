"""``minibridge tricks-chart``: how many tricks a given number of combined points takes (teaching tip 4)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from minibridge.cli.common import WholeNumber, language_options, print_json, progress_bar, quiet_option, reports_errors
from minibridge.cli.printing import OUTPUT, force_option, paper_option, refuse_existing, templates_option
from minibridge.documents import CHART_DEALS, CHART_SAMPLES, CHART_SEED, TRICKS_CHART, check_templates
from minibridge.documents import tricks_chart as chart_document
from minibridge.language import gettext, ngettext

if TYPE_CHECKING:
    from minibridge.experiments import PointsRow


@click.command("tricks-chart")
@click.option(
    "--deals",
    type=WholeNumber(1, 10**6),
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
@click.option(
    "--seed",
    type=WholeNumber(-(10**12), 10**12),
    default=CHART_SEED,
    show_default=True,
    help="Which deals: the same seed, the same chart.",
)
@click.option(
    "--samples",
    type=WholeNumber(1, 10**6),
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
    if not as_json:
        check_templates(templates_folder)
    target = output or OUTPUT / TRICKS_CHART
    if not as_json:
        refuse_existing(target, force)
    playing = progress_bar(deals, gettext("Playing deals"), quiet=quiet or as_json)
    if as_json:
        from minibridge.experiments import tricks_chart_rows

        with playing as advance:
            rows = tricks_chart_rows(deals, seed=seed, samples=samples, progress=advance)
        print_json([_row_json(row) for row in rows])
        return
    from minibridge.files import write_atomic

    with playing as advance:
        chart = chart_document(
            deals=deals, seed=seed, samples=samples, paper=paper, templates=templates_folder, progress=advance
        )
    write_atomic(target, chart.pdf, overwrite=force)
    click.echo(
        ngettext(
            "Chart of %(count)s deal written to %(file)s", "Chart of %(count)s deals written to %(file)s", chart.count
        )
        % {"count": chart.count, "file": target},
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
