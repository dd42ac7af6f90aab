"""``minibridge score``: the score of one deal, or the score table of a rule set."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from minibridge.cli.common import (
    WholeNumber,
    json_option,
    language_options,
    lesson_options,
    print_json,
    reports_errors,
    rules_in_force,
    rules_option,
    slam_option,
)
from minibridge.language import gettext, strain_letters
from minibridge.rules import RuleSet

if TYPE_CHECKING:
    from minibridge.scoring import Scheme, Score


@click.command()
@click.argument("contract", required=False)
@click.argument("tricks", required=False, type=WholeNumber(0, 10**4))
@click.option("--table", is_flag=True, help="Print the score table of every contract for 0 to 13 tricks.")
@rules_option
@slam_option
@lesson_options
@click.option(
    "--hcp", type=WholeNumber(0, 10**4), help="The declaring side's combined points (targets; Dutch game rule)."
)
@json_option
@language_options
@reports_errors
def score(
    contract: str | None,
    tricks: int | None,
    table: bool,
    rules_name: str | None,
    slam: bool,
    lesson_ref: str | None,
    lessons_folder: Path | None,
    hcp: int | None,
    as_json: bool,
) -> None:
    """Score a contract: CONTRACT is 1NT, 4S, 5C … or words ('game in hearts'); TRICKS is declarer's tricks.

    \b
    Examples:
        minibridge score 3NT 9
        minibridge score "game in hearts" 8 --json
        minibridge score 1S 8 --rules nbb
        minibridge score 4H 9 --rules targets --hcp 27
        minibridge score --table --rules ebu --slam
        minibridge score 1NT 8 --lesson 3
    """
    from minibridge.contract import contract_typed, target_for_points
    from minibridge.scoring import find_scheme, score_table
    from minibridge.scoring import score as score_deal

    rules, _ = rules_in_force(rules_name, slam, lesson_ref, lessons_folder)
    scheme = find_scheme(rules.scoring)
    if table:
        if contract is not None:
            raise click.UsageError(gettext("give either --table or a CONTRACT and TRICKS, not both"))
        rows = score_table(rules)
        if as_json:
            print_json({"rules": rules.name, "rows": [row.as_data() for row in rows]})
        else:
            click.echo(_format_table(rules, scheme, rows))
        return
    if contract is None or tricks is None:
        raise click.UsageError(gettext("give a CONTRACT and the TRICKS declarer took, e.g. 'minibridge score 4S 10'"))
    if scheme.needs_points and hcp is None:
        raise click.UsageError(
            gettext("with --rules %(rules)s give the declaring side's points, e.g. --hcp 27") % {"rules": scheme.name}
        )
    if hcp is not None:
        target_for_points(hcp)  # a declaring side holds 21 to 40 points: refuses any other number
    result = score_deal(contract_typed(contract), tricks, rules, points=hcp)
    if as_json:
        print_json(result.as_data())
    else:
        click.echo(result.describe())
        click.echo(gettext("How it adds up: %(calculation)s") % {"calculation": result.calculation_words})


def _format_table(rules: RuleSet, scheme: Scheme, rows: list[Score]) -> str:
    """A score table as text: a row per number of tricks, a column per contract (or per band of points)."""
    if scheme.won_or_lost:
        bands = sorted({row.points for row in rows})
        won, lost = gettext("W"), gettext("L")
        points = gettext("%(points)s+ pts")
        tricks_word = gettext("tricks")
        head = f"{tricks_word:>6} " + "".join(f"{points % {'points': b}:>9}" for b in bands)
        legend = gettext("%(won)s = declaring side wins the deal, %(lost)s = defenders win") % {
            "won": won,
            "lost": lost,
        }
        lines = [f"{rules.title_in_words}: {legend}", head]
        for tricks in range(14):
            cells = [won if row.made else lost for row in rows if row.tricks == tricks]
            lines.append(f"{tricks:>6} " + "".join(f"{c:>9}" for c in cells))
        return "\n".join(lines)
    contracts = list(dict.fromkeys(f"{row.contract.level}{strain_letters(row.contract.strain.letter)}" for row in rows))
    legend = (
        gettext("declaring side's score (signed; the defenders score the opposite)")
        if scheme.plus_and_minus
        else gettext("declaring side's score; (n) = the defenders score n")
    )
    tricks_word = gettext("tricks")
    lines = [f"{rules.title_in_words}: {legend}", f"{tricks_word:>6} " + "".join(f"{c:>8}" for c in contracts)]
    for tricks in range(14):
        cells = []
        for row in rows:
            if row.tricks != tricks:
                continue
            if scheme.plus_and_minus or row.made:
                cells.append(str(row.declarers_score))
            else:
                cells.append(f"({row.defenders_score})")
        lines.append(f"{tricks:>6} " + "".join(f"{c:>8}" for c in cells))
    return "\n".join(lines)
