"""``minibridge duplicate``: duplicate-style competitions, the same boards at several tables (MiniLesson Six)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from minibridge import language
from minibridge.cli.common import (
    Name,
    WholeNumber,
    json_option,
    language_options,
    print_json,
    reports_errors,
    slam_option,
)
from minibridge.cli.printing import force_option, paper_option, refuse_existing, templates_option
from minibridge.documents import check_templates, duplicate_results
from minibridge.errors import MiniBridgeError
from minibridge.language import gettext

if TYPE_CHECKING:
    from minibridge.duplicate import Competition, PairTotal


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
@click.option("--title", type=Name(80), help="The competition's name, printed on the PDF and in the USEBIO file.")
@click.option(
    "--usebio",
    type=click.Path(path_type=Path),
    metavar="FILE.xml",
    help="Also write the results as a USEBIO 1.2 XML file, the EBU's results format.",
)
@click.option(
    "--club", type=Name(80, empty=True), default="", help="The club's or school's name, written in the USEBIO file."
)
@slam_option
@force_option
@paper_option
@templates_option
@json_option
@language_options
@reports_errors
def score(
    results: Path,
    output: Path | None,
    title: str | None,
    usebio: Path | None,
    club: str,
    slam: bool,
    force: bool,
    paper: str,
    templates_folder: Path | None,
    as_json: bool,
) -> None:
    """Score a duplicate competition: every table scored the EBU way (or by the lesson a "# lesson: 3" line
    names: an event's results file says it), every board match-pointed (2 for each
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
        minibridge duplicate score results.txt --usebio results.xml --club "Hill School"
    """
    from minibridge.duplicate import competition_data, score_file

    if output is not None:
        refuse_existing(output, force)
    if usebio is not None:
        _check_usebio_path(usebio, force)
    competition = score_file(results, slam=slam)
    if as_json:
        print_json(competition_data(competition))
    else:
        lines = []
        for name, ranking in ((gettext("N–S"), competition.ns_ranking), (gettext("E–W"), competition.ew_ranking)):
            lines += [gettext("%(direction)s pairs:") % {"direction": name}, *_ranking_lines(ranking), ""]
        click.echo("\n".join(lines).rstrip())
    for note in competition.notes:
        click.echo(gettext("note: %(note)s") % {"note": note}, err=True)
    if usebio is not None:
        _write_usebio(usebio, competition, event=title or results.stem, club=club, force=force)
    if output is None:
        return
    from minibridge.files import write_atomic

    check_templates(templates_folder)
    printed = duplicate_results(competition, file=results, title=title, paper=paper, templates=templates_folder)
    write_atomic(output, printed.pdf, overwrite=force)
    click.echo(gettext("travellers and ranking written to %(file)s") % {"file": output}, err=True)


def _check_usebio_path(path: Path, force: bool) -> None:
    """Stop before any work when the USEBIO file cannot be written at ``path``: a folder, a place inside a file,
    or a file already there without ``--force``."""
    if path.is_dir():
        raise MiniBridgeError(
            gettext("'%(path)s' is a folder: give the name of a file, like results.xml") % {"path": path}
        )
    folder = next((parent for parent in path.parents if parent.exists()), None)
    if folder is not None and not folder.is_dir():
        raise MiniBridgeError(
            gettext("'%(folder)s' is a file, not a folder: the USEBIO file cannot go in it") % {"folder": folder}
        )
    refuse_existing(path, force)


def _write_usebio(path: Path, competition: Competition, *, event: str, club: str, force: bool) -> None:
    """Write the competition as a USEBIO file, the EBU's results format."""
    from minibridge.duplicate.usebio import usebio_xml
    from minibridge.files import write_atomic

    write_atomic(path, usebio_xml(competition, event=event, club=club), overwrite=force)
    click.echo(gettext("results for the EBU (USEBIO) written to %(file)s") % {"file": path}, err=True)


def _ranking_lines(ranking: tuple[PairTotal, ...]) -> list[str]:
    """The ranking as a table in the terminal: place, pair, boards, match-points of the most possible, percentage."""
    heads = [gettext("place"), gettext("pair"), gettext("boards"), gettext("match-points"), gettext("percentage")]
    rows = [heads]
    for total in ranking:
        shared = sum(o.rank == total.rank for o in ranking) > 1
        rows.append(
            [
                f"{total.rank}=" if shared else str(total.rank),
                total.pair,
                str(total.boards),
                gettext("%(points)s of %(top)s") % {"points": total.matchpoints, "top": total.top},
                "-" if total.percentage is None else language.percent(total.percentage),
            ]
        )
    sizes = [max(len(row[column]) for row in rows) for column in range(len(heads))]
    cells = [[_cell(row[column], sizes[column], column) for column in range(len(heads))] for row in rows]
    return [f"  {place} {'  '.join(rest)}" for place, *rest in cells]


def _cell(text: str, size: int, column: int) -> str:
    """A cell of the ranking: the pair's name to the left, the numbers to the right."""
    return f"{text:<{size}}" if column == 1 else f"{text:>{size}}"


@duplicate.command()
@click.argument("pairs", type=WholeNumber(0, 10**4))
@click.argument("boards", type=WholeNumber(0, 10**4))
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Also write the guide cards as a PDF."
)
@click.option("--title", default="", help="The event's name, printed on the guide cards.")
@force_option
@paper_option
@templates_option
@json_option
@language_options
@reports_errors
def movement(
    pairs: int,
    boards: int,
    output: Path | None,
    title: str,
    force: bool,
    paper: str,
    templates_folder: Path | None,
    as_json: bool,
) -> None:
    """Which pairs meet at which table with which boards, round by round, for PAIRS pairs (4 to 20) playing
    BOARDS boards: a Mitchell for an odd number of tables, a skip Mitchell for an even number, a two-table share
    for two tables; with an odd number of pairs one N–S pair sits out each round.

    \b
    Examples:
        minibridge duplicate movement 8 12
        minibridge duplicate movement 7 8 -o guide-cards.pdf --title "Class 5"
    """
    from minibridge.documents import guide_cards
    from minibridge.duplicate import MovementProblem
    from minibridge.duplicate import movement as seat

    if output is not None:
        refuse_existing(output, force)
    try:
        chosen = seat(pairs=pairs, boards=boards)
    except MovementProblem as problem:
        raise click.UsageError(problem.message) from None
    if as_json:
        print_json(chosen.as_data())
    else:
        for number in range(1, chosen.rounds + 1):
            click.echo(gettext("Round %(round)s") % {"round": number})
            for m in chosen.round(number):
                boards_text = "–".join(dict.fromkeys((str(m.boards[0]), str(m.boards[-1]))))
                if m.ew is None:
                    line = gettext("  table %(table)s: N–S %(ns)s sits out") % {"table": m.table, "ns": m.ns}
                else:
                    line = gettext("  table %(table)s: N–S %(ns)s against E–W %(ew)s, boards %(boards)s") % {
                        "table": m.table,
                        "ns": m.ns,
                        "ew": m.ew,
                        "boards": boards_text,
                    }
                click.echo(line)
    if output is None:
        return
    from minibridge.files import write_atomic

    check_templates(templates_folder)
    name = title or gettext("Duplicate competition")
    printed = guide_cards(chosen, event=name, name=output.name, paper=paper, templates=templates_folder)
    write_atomic(output, printed.pdf, overwrite=force)
    click.echo(gettext("guide cards written to %(file)s") % {"file": output}, err=True)
