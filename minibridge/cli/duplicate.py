"""``minibridge duplicate``: duplicate-style competitions, the same boards at several tables (MiniLesson Six)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from minibridge.cli.common import json_option, print_json, reports_errors, slam_option
from minibridge.cli.printing import force_option, paper_option, refuse_existing, templates_option, words_from

if TYPE_CHECKING:
    from minibridge.duplicate import Competition, PairTotal, TableResult


@click.group()
def duplicate() -> None:
    """Duplicate-style competitions: the same boards at several tables; N–S pairs are compared with each
    other, and E–W pairs likewise.

    \b
    Example:
        minibridge duplicate score results.txt -o results.pdf
    """


@duplicate.command()
@click.argument("results", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write the travellers and the ranking as a PDF.",
)
@click.option("--title", help="The competition's name, printed on the PDF.")
@slam_option
@force_option
@paper_option
@templates_option
@json_option
@reports_errors
def score(
    results: Path,
    output: Path | None,
    title: str | None,
    slam: bool,
    force: bool,
    paper: str,
    templates_folder: Path | None,
    as_json: bool,
) -> None:
    """Score a duplicate competition: every table scored the EBU way, every board match-pointed (2 for each
    pair of the same direction with a lower score, 1 for each equal score), totals, percentages, ranking.

    RESULTS is a plain text file, one line per table per board, with six columns separated by spaces
    (or commas): board, N–S pair, E–W pair, contract, declarer, tricks. Tricks are declarer's tricks
    (0 to 13), or the result against the goal: =, +1, -2. A contract is one word, its level and strain
    (1NT, 3NT, 4S, 4H, 5D; slams with --slam). A # starts a comment; a first line naming the columns is
    skipped. N–S pair 1 and E–W pair 1 are different pairs.

    \b
        # board  N-S  E-W  contract  declarer  tricks
        1        1    1    3NT       S         10
        1        2    2    4S        N         =
        2        1    2    1H        E         -1

    \b
    Examples:
        minibridge duplicate score results.txt
        minibridge duplicate score results.txt -o results.pdf --title "Class 5, 12 March"
        minibridge duplicate score results.txt --json
    """
    from minibridge.duplicate import load_results, score_results
    from minibridge.rules import find_rules

    rules = find_rules("ebu").with_slam() if slam else find_rules("ebu")
    if output is not None:
        refuse_existing(output, force)
    competition = score_results(load_results(results, rules=rules), rules=rules, source=str(results))
    if as_json:
        print_json(competition_json(competition))
    else:
        lines = []
        for name, ranking in (("N–S", competition.ns_ranking), ("E–W", competition.ew_ranking)):
            lines += [f"{name} pairs:", *_ranking_lines(ranking), ""]
        click.echo("\n".join(lines).rstrip())
    for note in competition.notes:
        click.echo(f"note: {note}", err=True)
    if output is None:
        return
    from minibridge.files import write_atomic
    from minibridge.render.duplicate import duplicate_results

    pdf = duplicate_results(competition, words_from(templates_folder), title=title, paper=paper)
    write_atomic(output, pdf, overwrite=force)
    click.echo(f"travellers and ranking written to {output}", err=True)


def _ranking_lines(ranking: tuple[PairTotal, ...]) -> list[str]:
    width = max(4, *(len(p.pair) for p in ranking))
    lines = [f"  place {'pair':<{width}}  boards  match-points  percentage"]
    for total in ranking:
        shared = sum(o.rank == total.rank for o in ranking) > 1
        place = f"{total.rank}=" if shared else str(total.rank)
        percent = "-" if total.percentage is None else f"{total.percentage:.1f}%"
        lines.append(
            f"  {place:>5} {total.pair:<{width}}  {total.boards:>6}  {total.matchpoints:>5} of {total.top:<4}"
            f"  {percent:>10}"
        )
    return lines


def competition_json(competition: Competition) -> dict[str, Any]:
    """The ``--json`` object of ``minibridge duplicate score``: each board's traveller and the two rankings."""

    def line(result: TableResult) -> dict[str, Any]:
        return {
            "ns": result.ns,
            "ew": result.ew,
            "contract": str(result.contract),
            "declarer": result.declarer.letter,
            "tricks": result.tricks,
            "ns_score": result.ns_score,
            "ew_score": result.ew_score,
            "ns_matchpoints": result.ns_matchpoints,
            "ew_matchpoints": result.ew_matchpoints,
        }

    def total(pair: PairTotal) -> dict[str, Any]:
        return {
            "pair": pair.pair,
            "boards": pair.boards,
            "matchpoints": pair.matchpoints,
            "top": pair.top,
            "percentage": pair.percentage,
            "rank": pair.rank,
        }

    return {
        "boards": [
            {"board": t.board, "top": t.top, "results": [line(r) for r in t.results]} for t in competition.travellers
        ],
        "rankings": {
            "ns": [total(p) for p in competition.ns_ranking],
            "ew": [total(p) for p in competition.ew_ranking],
        },
        "notes": list(competition.notes),
    }
