"""``minibridge play``: play MiniBridge as South against the computer, or watch four computer players."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from minibridge.cards import Seat, Side
from minibridge.cli.common import (
    json_option,
    language_options,
    lesson_options,
    print_json,
    reports_errors,
    rules_in_force,
    rules_option,
    slam_option,
)
from minibridge.errors import AlreadyExistsError

if TYPE_CHECKING:
    from minibridge.board import Board
    from minibridge.lessons import Lesson
    from minibridge.rules import RuleSet
    from minibridge.table import ComputerPlayer, Game, Session

SHORT_DEAL = 5
"""Cards per hand in MiniLessons One and Two when the lesson file has no deal to copy the size from."""


@click.command()
@click.option("--deals", type=click.IntRange(min=1), help="Play this many deals.")
@click.option(
    "--target",
    type=click.IntRange(min=1),
    help="Play until a side reaches this score (default 1000; under targets, deals won: default 2, best of three).",
)
@click.option("--seed", type=int, help="Deal the same cards and play the same way again (default: new deals).")
@click.option("--save", type=click.Path(dir_okay=False, path_type=Path), help="Save every deal played, as PBN.")
@click.option("--force", is_flag=True, help="Replace the --save file if it exists.")
@click.option("--auto", is_flag=True, help="The computer plays all four seats.")
@click.option(
    "--samples",
    type=click.IntRange(min=1),
    help="Layouts the computer thinks about for each card (default 20): more play better and slower.",
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
    play; 'quit' stops. With --auto the computer plays all four seats.

    \b
    Examples:
        minibridge play --lesson 5 --deals 4
        minibridge play --target 1000 --seed 7 --save evening.pbn
        minibridge play --auto --deals 10 --rules nbb --json
    """
    import random

    from minibridge.cli.pupil import InputEnded, Quit, pupils_deal
    from minibridge.robot import DEFAULT_SAMPLES, Robot
    from minibridge.table import ComputerPlayer, Game, Session

    if deals is not None and target is not None:
        raise click.UsageError("give either --deals or --target, not both")
    if as_json and not auto:
        raise click.UsageError("--json goes with --auto: a game you play yourself is shown in words")
    rules, lesson = rules_in_force(rules_name, slam, lesson_ref, lessons_folder)
    if not rules.has_contract and target is not None:
        raise click.UsageError(f"{rules.title} has no score to reach: give --deals")
    if save is not None and save.exists() and not force:
        raise AlreadyExistsError(save)
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
        if not as_json:
            click.echo(f"Seed {seed}: play the same deals again with --seed {seed}.")
    if deals is None and (auto or not rules.has_contract) and target is None:
        deals = 1 if auto else 4
    session = Session(rules=rules, deals=deals, target=target)
    computer = ComputerPlayer(robot=Robot(rules, samples=samples or DEFAULT_SAMPLES, seed=seed))
    dealing = random.Random(seed)
    size = _cards_per_hand(rules, lesson)
    boards: list[Board] = []
    games: list[dict[str, object]] = []
    try:
        while not session.finished:
            game = Game(rules, session.next_board(dealing, cards_per_hand=size))
            if auto:
                _computers_deal(game, computer, quiet=as_json)
            else:
                pupils_deal(game, computer)
            session.record_game(game)
            if game.stage == "redeal":
                continue
            if as_json:
                games.append(_game_json(game))
            else:
                click.echo(_totals_line(session))
            board = game.played_board()
            if save is not None:
                _save(save, [*boards, board])
            boards.append(board)
    except Quit:
        click.echo("You stopped the game.")
    except InputEnded:
        click.echo("")
        kept = ""
        if save is not None and boards:
            kept = f"; the {len(boards)} deal{'s' if len(boards) != 1 else ''} finished before it are saved in {save}"
        raise click.ClickException(f"the input ended in the middle of deal {session.played + 1}{kept}") from None
    if as_json:
        print_json(games)
        return
    click.echo(_verdict(session))
    if save is not None and boards:
        click.echo(f"{len(boards)} deal{'s' if len(boards) != 1 else ''} saved in {save}.")


# --- the score of the game -----------------------------------------------------------------------------------


def _totals_line(session: Session) -> str:
    """The totals so far: points, or without contracts the tricks each side took."""
    ns, ew = session.totals[Side.NORTH_SOUTH], session.totals[Side.EAST_WEST]
    deals = f"{session.played} deal{'s' if session.played != 1 else ''}"
    if session.rules.has_contract:
        return f"Totals after {deals}: North–South {ns}, East–West {ew}."
    tricks = {side: f"{n} trick{'s' if n != 1 else ''}" for side, n in session.totals.items()}
    return f"Totals after {deals}: North–South {tricks[Side.NORTH_SOUTH]}, East–West {tricks[Side.EAST_WEST]}."


def _verdict(session: Session) -> str:
    """Who won the game."""
    ns, ew = session.totals[Side.NORTH_SOUTH], session.totals[Side.EAST_WEST]
    if not session.played:
        return "No deal was played."
    if ns == ew:
        return f"The game is a tie, {ns} each."
    winner = "North–South" if ns > ew else "East–West"
    return f"{winner} win the game, {max(ns, ew)} to {min(ns, ew)}."


def _cards_per_hand(rules: RuleSet, lesson: Lesson | None) -> int:
    if rules.cards_per_hand is not None:
        return rules.cards_per_hand
    if lesson is not None and lesson.deals:
        return lesson.deals[0].deal.cards_per_hand
    return SHORT_DEAL


def _save(path: Path, boards: list[Board]) -> None:
    from minibridge.files import write_atomic
    from minibridge.pbn import dumps

    write_atomic(path, dumps(boards), overwrite=True)


# --- four computer players -----------------------------------------------------------------------------------


def _computers_deal(game: Game, computer: ComputerPlayer, *, quiet: bool) -> None:
    from minibridge.cli.pupil import tricks_taken
    from minibridge.table import play_game

    play_game(game, dict.fromkeys(Seat, computer))
    if quiet:
        return
    head = f"Deal {game.board.number}, dealer {game.dealer.title}"
    if game.stage == "redeal":
        click.echo(f"{head}: each side holds 20 points, the same dealer deals again.")
    elif game.result is not None and game.declarer is not None:
        click.echo(f"{head}: {game.contract} by {game.declarer.title}. {game.result.describe()}")
    else:
        assert game.play is not None
        click.echo(f"{head}: {tricks_taken(game.play)}")


def _game_json(game: Game) -> dict[str, Any]:
    """The ``--json`` object of one deal of ``minibridge play --auto``."""
    assert game.play is not None
    result = game.result
    record = game.play.record()
    return {
        "board": game.board.number,
        "deal": game.deal.to_pbn(),
        "dealer": game.dealer.letter,
        "declarer": game.declarer.letter if game.contract is not None and game.declarer is not None else None,
        "contract": str(game.contract) if game.contract is not None else None,
        "play": [str(card) for card in record.order or ()],
        "declarer_tricks": game.play.declarer_tricks if game.contract is not None else None,
        "declarers_score": result.declarers_score if result is not None else None,
        "defenders_score": result.defenders_score if result is not None else None,
        "tricks": {str(side): game.play.tricks_won(side) for side in Side},
    }
