"""``minibridge league``: a school league of mini-matches over a term, kept in a YAML file."""

from __future__ import annotations

from pathlib import Path

import click

from minibridge.cli.common import WholeNumber, json_option, language_options, print_json, reports_errors
from minibridge.cli.lazy import LazyGroup
from minibridge.cli.printing import OUTPUT, force_option, paper_option, refuse_existing, templates_option
from minibridge.documents import check_templates, league_table, pdf_name
from minibridge.language import gettext

__all__ = ["LEAGUE_FILE", "league"]

LEAGUE_FILE = click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
"""The league file a command reads or changes."""


@click.group(cls=LazyGroup, lazy_commands={"pair": "minibridge.cli.league_pairs:pair"})
def league() -> None:
    """A school league: pairs play a mini-match (best of 3 or 5 deals) against every other pair over a term.

    The league file (YAML) holds the pairs, the format, the schedule and the results; it is checked every
    time it is read and never left half-written.

    In mid-term `league pair add|withdraw|rename` changes the pairs: results are kept, the rounds still to play
    are drawn again, and the table says what changed.

    \b
    Example:
        minibridge league new spring.yaml --pairs "I,II,III,IV,V"
        minibridge league record spring.yaml --round 1 --pairs II-V --deals W,L,W
        minibridge league pair add spring.yaml "Mary-Jane & Tom"
        minibridge league table spring.yaml -o spring-table.pdf
    """


def _bounded_pairs(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """The --pairs given, refused (exit 2) when far longer than any league's pairs."""
    from minibridge.league import MAX_PAIRS_TEXT

    if len(value) > MAX_PAIRS_TEXT:
        raise click.BadParameter(
            gettext("at most %(most)s letters, not %(count)s") % {"most": MAX_PAIRS_TEXT, "count": len(value)}
        )
    return value


@league.command()
@LEAGUE_FILE
@click.option(
    "--pairs",
    "pairs_text",
    required=True,
    metavar="NAMES",
    callback=_bounded_pairs,
    help='The pairs, separated by commas: "I,II,III,IV,V" or "Anna & Ben,Mary-Jane & Tom,…".',
)
@click.option(
    "--best-of",
    type=click.Choice(["3", "5"]),
    default="3",
    show_default=True,
    help="Deals in a mini-match: the best of 3 or of 5.",
)
@click.option(
    "--scoring",
    type=click.Choice(["targets", "ebu"], case_sensitive=False),
    default="targets",
    show_default=True,
    help="targets: each deal is won or lost; ebu: each deal's EBU score may be recorded too.",
)
@click.option("--title", default="", help="The league's name, printed on the table.")
@click.option("--force", is_flag=True, help="Replace FILE if it exists (its results are lost).")
@language_options
@reports_errors
def new(file: Path, pairs_text: str, best_of: str, scoring: str, title: str, force: bool) -> None:
    """Start a league file: the pairs, the format, and a round-robin schedule in which every pair meets every
    other once (with an odd number of pairs, one sits out each round).

    \b
    Examples:
        minibridge league new spring.yaml --pairs "I,II,III,IV,V"
        minibridge league new y6.yaml --pairs "Anna & Ben,Cara & Dev,Eli & Fay,Gus & Hal" --best-of 5 --title "Year 6"
        minibridge league new club.yaml --pairs "I,II,III,IV" --scoring ebu
    """
    from minibridge.cli.league_text import new_text
    from minibridge.league import new_league, parse_pair_names

    pairs = parse_pair_names(pairs_text)
    created = new_league(file, pairs, best_of=int(best_of), scoring=scoring.lower(), title=title, overwrite=force)
    click.echo(f"{file}: {new_text(created)}")


@league.command()
@LEAGUE_FILE
@click.option(
    "--round",
    "round_number",
    type=WholeNumber(1, 10**4),
    required=True,
    metavar="R",
    help="The round of the mini-match.",
)
@click.option(
    "--pairs",
    "pairs_text",
    required=True,
    metavar="A-B",
    callback=_bounded_pairs,
    help="The two pairs, first named first, like I-III (or 'Mary-Jane & Tom v Cara & Dev').",
)
@click.option("--deals", "deals_text", metavar="W,L,…", help="Each deal won (W) or lost (L) by the first pair.")
@click.option(
    "--scores",
    "scores_text",
    metavar="A-B,…",
    help="Each deal's EBU points, first pair then second, like 420-0,0-100,90-0 (ebu leagues).",
)
@click.option("--result", "result_text", metavar="A-B", help="Only the result: deals won by each pair, like 2-1.")
@click.option("--replace", is_flag=True, help="Replace a result already recorded for these pairs.")
@json_option
@language_options
@reports_errors
def record(
    file: Path,
    round_number: int,
    pairs_text: str,
    deals_text: str | None,
    scores_text: str | None,
    result_text: str | None,
    replace: bool,
    as_json: bool,
) -> None:
    """Record the result of a mini-match: each deal won or lost by the first pair named, each deal's EBU
    score, or only the result. It must be a match of that round in the schedule, and a finished best of 3
    (or 5), which ends as soon as one pair has won 2 (or 3) deals: 2-0 or 2-1 to the winner (3-0, 3-1 or
    3-2), and with --deals or --scores the last deal is the one that decided it.

    \b
    Examples:
        minibridge league record spring.yaml --round 1 --pairs II-V --deals W,L,W
        minibridge league record spring.yaml --round 2 --pairs I-II --result 0-2
        minibridge league record club.yaml --round 1 --pairs I-IV --scores 420-0,0-100,90-0
        minibridge league record spring.yaml --round 1 --pairs II-V --deals L,L --replace
    """
    from minibridge.cli.league_text import match_text
    from minibridge.errors import LeagueError
    from minibridge.league import load_league, parse_deals, parse_match, parse_result, parse_scores, record_result

    forms = (
        ("--deals", deals_text, parse_deals),
        ("--scores", scores_text, parse_scores),
        ("--result", result_text, parse_result),
    )
    given = [form for form in forms if form[1] is not None]
    if len(given) != 1:
        raise click.UsageError(
            gettext("give the result one way: --deals W,L,W or --scores 420-0,0-100,90-0 or --result 2-1")
        )
    option, text, parse = given[0]
    pairs = load_league(file).pairs
    try:
        first, second = parse_match(pairs_text, pairs)
    except LeagueError as err:
        raise err.at(f"{file}, --pairs") from None
    try:
        result = parse(text)
    except LeagueError as err:
        raise err.at(option) from None
    updated, match = record_result(file, round_number, first, second, result, replace=replace)
    played = updated.played
    if as_json:
        stored = match.result
        assert stored is not None
        print_json(
            {
                "round": match.round,
                "pairs": list(match.pairs),
                "deals_won": [stored.won, stored.lost],
                "played": played,
                "matches": len(updated.matches),
            }
        )
        return
    values = {"file": file, "round": match.round, "match": match_text(match), "played": played}
    click.echo(
        gettext("%(file)s: round %(round)s, %(match)s (%(played)s of %(count)s played)")
        % (values | {"count": len(updated.matches)})
    )


@league.command()
@LEAGUE_FILE
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The PDF to write (default: output/FILE.pdf; with --json only when given).",
)
@force_option
@paper_option
@templates_option
@json_option
@language_options
@reports_errors
def table(
    file: Path, output: Path | None, force: bool, paper: str, templates_folder: Path | None, as_json: bool
) -> None:
    """The league table as a PDF: the results of every mini-match pair against pair with the totals, the
    standings (matches won, then deals won, then head-to-head) and the schedule with what is still to play.

    \b
    Examples:
        minibridge league table spring.yaml
        minibridge league table spring.yaml -o spring-week-6.pdf --force
        minibridge league table spring.yaml --json
    """
    from minibridge.cli.league_json import league_json
    from minibridge.league import load_league

    current = load_league(file)
    target = output if output is not None or as_json else OUTPUT / pdf_name(file)
    if target is not None:
        refuse_existing(target, force)
    if as_json:
        print_json(league_json(current))
    if target is None:
        return
    from minibridge.files import write_atomic

    check_templates(templates_folder)
    printed = league_table(current, file=file, paper=paper, templates=templates_folder)
    write_atomic(target, printed.pdf, overwrite=force)
    click.echo(gettext("league table written to %(file)s") % {"file": target}, err=True)


@league.command()
@LEAGUE_FILE
@language_options
@reports_errors
def status(file: Path) -> None:
    """The league table in the terminal: results, standings and the schedule with what is still to play.

    \b
    Example:
        minibridge league status spring.yaml
    """
    from minibridge.cli.league_text import status_text
    from minibridge.league import load_league

    click.echo(status_text(load_league(file)))
