"""``minibridge play``: play MiniBridge as South against the computer, or watch four computer players."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from minibridge.cards import Seat
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
from minibridge.cli.session_text import draw_story, players_line, three_players, totals_line, verdict
from minibridge.cli.terminal import leave
from minibridge.errors import MiniBridgeError
from minibridge.files import already_exists
from minibridge.language import gettext, ngettext

if TYPE_CHECKING:
    from minibridge.board import Board
    from minibridge.rules import RuleSet


@click.command()
@click.option("--deals", type=WholeNumber(1, 10**6), help="Play this many deals.")
@click.option(
    "--target",
    type=WholeNumber(1, 10**6),
    help="Play until a side reaches this score (default 1000; under targets, deals won: default 2, best of three).",
)
@click.option(
    "--seed",
    type=WholeNumber(-(10**12), 10**12),
    help="Deal the same cards and play the same way again (default: new deals).",
)
@click.option("--save", type=click.Path(dir_okay=False, path_type=Path), help="Save every deal played, as PBN.")
@click.option("--force", is_flag=True, help="Replace the --save file if it exists.")
@click.option("--auto", is_flag=True, help="The computer plays all four seats.")
@click.option(
    "--samples",
    type=WholeNumber(1, 10**6),
    help="Layouts the computer thinks about for each card (default 20): more play better and slower.",
)
@click.option(
    "--three-handed",
    type=click.Choice(["simple", "normal"]),
    help="Three players (you and two computer players) and a dummy hand dealt opposite the dealer.",
)
@click.option(
    "--first-dealer",
    type=click.Choice([seat.letter for seat in Seat], case_sensitive=False),
    help="Who deals first (default North; South with three players); the deal then passes clockwise.",
)
@click.option("--draw-dealer", is_flag=True, help="Each player draws a card; the highest card deals first.")
@click.option(
    "--practice",
    type=click.Choice(["declarer", "defender"]),
    help="Declare (or defend) every deal: each deal is turned round the table when the other side would declare.",
)
@rules_option
@slam_option
@lesson_options
@json_option
@language_options
@reports_errors
def play(
    deals: int | None,
    target: int | None,
    seed: int | None,
    save: Path | None,
    force: bool,
    auto: bool,
    samples: int | None,
    three_handed: str | None,
    first_dealer: str | None,
    draw_dealer: bool,
    practice: str | None,
    rules_name: str | None,
    slam: bool,
    lesson_ref: str | None,
    lessons_folder: Path | None,
    as_json: bool,
) -> None:
    """Play MiniBridge as South: the computer plays North, East and West.

    Each deal shows your hand and the points announced. When North–South declare you choose the
    contract and play both your cards and partner's, even when North is declarer. Otherwise the
    computer declares and you defend. Type a card as SA, ♠A, HT or 10H; '?' lists the cards you may
    play; a card that is the only one you may play goes by itself; 'quit' or Ctrl-C stops. At the end
    of each deal you see all four hands, every trick and the cards that cost a trick (double dummy).
    With --auto the computer plays all four seats.

    With --three-handed you play against two computer players, Left and Right, and a dummy hand is
    dealt opposite the dealer (simple: the most points declare with the dummy hand; normal: dealer
    and the dummy hand against the other two). Each player keeps their own score.

    \b
    Examples:
        minibridge play --lesson 5 --deals 4
        minibridge play --target 1000 --seed 7 --save evening.pbn --draw-dealer
        minibridge play --three-handed normal --deals 3
        minibridge play --lesson 5 --practice declarer
        minibridge play --auto --deals 10 --rules nbb --json
    """
    import random

    from minibridge.classroom import PLAYER_NAMES, cards_per_hand
    from minibridge.cli.game_json import game_json
    from minibridge.cli.game_text import review_lines
    from minibridge.cli.pupil import InputEnded, Quit, computers_deal_played, pupils_deal
    from minibridge.table import ComputerPlayer, Seating, Table, check_practice

    if deals is not None and target is not None:
        raise click.UsageError(gettext("give either --deals or --target, not both"))
    if as_json and not auto:
        raise click.UsageError(gettext("--json goes with --auto: a game you play yourself is shown in words"))
    if draw_dealer and first_dealer is not None:
        raise click.UsageError(gettext("give either --first-dealer or --draw-dealer, not both"))
    rules, lesson = rules_in_force(rules_name, slam, lesson_ref, lessons_folder)
    if three_handed is not None:
        try:
            rules = rules.replace(three_handed=three_handed)
        except MiniBridgeError as err:
            raise click.UsageError(f"--three-handed: {err.message}") from None
    if not rules.has_contract and target is not None:
        raise click.UsageError(
            gettext("%(rules)s has no score to reach: give --deals") % {"rules": rules.title_in_words}
        )
    try:
        check_practice(rules, practice)
    except MiniBridgeError as err:
        raise click.UsageError(f"--practice: {err.message}") from None
    if save is not None and save.exists() and not force:
        raise already_exists(save)
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
        if not as_json:
            click.echo(gettext("Seed %(seed)s: play the same deals again with --seed %(seed)s.") % {"seed": seed})
    if deals is None and (auto or not rules.has_contract) and target is None:
        deals = 1 if auto else 4
    names = (AUTO_NAMES if auto else PLAYER_NAMES) if rules.three_handed is not None else ()
    first = _first_dealer(first_dealer, draw_dealer, rules, seed, names, quiet=as_json)
    try:
        table = Table(
            rules,
            seating=Seating() if auto else Seating.alone(),
            computer=ComputerPlayer.of(rules, samples=samples, seed=seed),
            deals=deals,
            target=target,
            first_dealer=first,
            seed=seed,
            cards_per_hand=cards_per_hand(rules, lesson),
            practice=practice,  # type: ignore[arg-type]
            find_best=not auto,  # the review after each deal the pupil plays
        )
    except MiniBridgeError as err:
        raise click.UsageError(f"--first-dealer: {err.message}") from None
    if names and not as_json:
        click.echo(three_players(names))
    boards: list[Board] = []
    games: list[dict[str, object]] = []
    try:
        table.start()
        while True:
            if auto:
                computers_deal_played(table, names, quiet=as_json)
            else:
                pupils_deal(table, names)
                for line in review_lines(table.game, table.records[-1].review):
                    click.echo(line)
            game, session = table.game, table.session
            if as_json:
                games.append(game_json(game, three=bool(names)))
            else:
                if names:
                    scores = players_line(names, session.player_scores(game))
                    click.echo(gettext("This deal: %(scores)s.") % {"scores": scores})
                click.echo(totals_line(session, names))
            boards.append(game.played_board())
            if save is not None:
                _save(save, boards)
            if table.phase == "game_over":
                break
            table.next_deal()
    except Quit:
        click.echo(gettext("You stopped the game."))
    except InputEnded:
        click.echo("")
        stopped = gettext("the input ended in the middle of deal %(deal)s%(kept)s") % {
            "deal": table.session.played + 1,
            "kept": _kept(save, boards),
        }
        raise click.ClickException(stopped) from None
    except KeyboardInterrupt:
        click.echo("")
        click.echo(gettext("You stopped the game (Ctrl-C)%(kept)s.") % {"kept": _kept(save, boards)})
        leave(130)
    if as_json:
        print_json(games)
        return
    click.echo(verdict(table.session, names))
    if save is not None and boards:
        count = len(boards)
        click.echo(
            ngettext("%(count)s deal saved in %(file)s.", "%(count)s deals saved in %(file)s.", count)
            % {"count": count, "file": save}
        )


def _kept(save: Path | None, boards: list[Board]) -> str:
    """Where the deals finished before a stop are kept, when they are."""
    if save is None or not boards:
        return ""
    values = {"count": len(boards), "file": save}
    return (
        ngettext(
            "; the %(count)s deal finished before it is saved in %(file)s",
            "; the %(count)s deals finished before it are saved in %(file)s",
            len(boards),
        )
        % values
    )


AUTO_NAMES = ("Player 1", "Player 2", "Player 3")
"""The three computer players of ``--auto --three-handed``, in the order of ``THREE_SEATS``."""


def _first_dealer(
    given: str | None, draw: bool, rules: RuleSet, seed: int, names: tuple[str, ...], *, quiet: bool
) -> Seat | None:
    """The first dealer given, or drawn (the cards drawn are shown); None for the usual one."""
    import random

    from minibridge.table import THREE_SEATS, draw_for_dealer

    if not draw:
        return Seat.from_str(given) if given is not None else None
    seats = THREE_SEATS if rules.three_handed is not None else tuple(Seat)
    drawn = draw_for_dealer(random.Random(f"draw for dealer {seed}"), seats)
    if not quiet:
        click.echo(draw_story(drawn, names))
    return drawn.dealer


def _save(path: Path, boards: list[Board]) -> None:
    from minibridge.files import write_atomic
    from minibridge.pbn import dumps

    write_atomic(path, dumps(boards), overwrite=True)
