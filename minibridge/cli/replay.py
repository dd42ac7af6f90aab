"""``minibridge replay``: the recorded play of every game in a PBN file, replayed."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from minibridge.cli.common import json_option, lesson_options, print_json, reports_errors, rules_in_force

if TYPE_CHECKING:
    from minibridge.replay import ReplayedGame
    from minibridge.trick import Irregularity


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--board", "board_number", type=int, help="Only the games of this board number.")
@click.option("--tricks", "show_tricks", is_flag=True, help="Show every trick: the cards, who led and who won.")
@lesson_options
@json_option
@reports_errors
def replay(
    file: Path,
    board_number: int | None,
    show_tricks: bool,
    lesson_ref: str | None,
    lessons_folder: Path | None,
    as_json: bool,
) -> None:
    """Replay the recorded play of every game in a PBN file: tricks won, irregularities, agreement with Result.

    \b
    Examples:
        minibridge replay results.pbn
        minibridge replay results.pbn --board 3 --tricks
        minibridge replay class.pbn --lesson 3 --json
    """
    from minibridge.pbn import load
    from minibridge.replay import replay_boards

    rules, lesson = rules_in_force(None, False, lesson_ref, lessons_folder)
    boards = load(file)
    if not boards:
        click.echo(f"{file}: the file has no games, only its PBN header: there is nothing to replay.")
        return
    done = replay_boards(boards, rules=rules, by_lesson=lesson is not None, board_number=board_number, source=str(file))
    for line in done.skipped:
        click.echo(line, err=True)
    if as_json:
        print_json([_game_json(game) for game in done.games])
    elif not done.games and not done.skipped:
        on_board = f" on board {board_number}" if board_number is not None else ""
        click.echo(f"{file}: no game with a deal, a contract and a recorded play{on_board}.")
    for game in [] if as_json else done.games:
        click.echo(_describe(game, show_tricks))
    if done.skipped:
        raise SystemExit(1)  # a game that could not be replayed, said above


def _game_json(game: ReplayedGame) -> dict[str, Any]:
    """The ``--json`` object of one replayed game."""
    side = game.side
    return {
        "index": game.number,
        "board": game.board.number,
        "declarer": game.declarer.letter if game.declarer is not None else None,
        "contract": game.contract_text,
        "declarer_tricks": game.declarer_tricks if game.declarer is not None else None,
        "tricks_played": game.tricks_played,
        "result": game.board.result,
        "agrees": game.agrees,
        "agreed_by_players": game.agreed,
        "irregularities": [irregularity_json(i) for i in game.play.irregularities],
        "ambiguous": _ambiguity_json(game),
        "complete": game.complete,
        "claimed": game.claimed,
        "side_tricks": {str(side): game.declarer_tricks, str(side.other): game.defender_tricks},
        "score": (
            {"declarers": game.score.declarers_score, "defenders": game.score.defenders_score}
            if game.score is not None
            else None
        ),
        "tricks": [
            {"leader": t.leader.letter, "cards": [str(c) for _, c in t.in_order()], "winner": t.winner.letter}
            for t in game.play.tricks
        ],
    }


def _describe(game: ReplayedGame, show_tricks: bool) -> str:
    """A game's replay in words: tricks, agreement with the file's result, score and irregularities."""
    number = game.board.number if game.board.number is not None else "?"
    head = f"Board {number} (game {game.number})"
    if game.declarer is None:
        ns = game.declarer_tricks
        lines = [f"{head}: North–South took {ns} trick{'s' if ns != 1 else ''}, East–West {game.defender_tricks}."]
    else:
        head += f": {game.contract_text} by {game.declarer.title}"
        tricks = f"declarer's side took {game.declarer_tricks} of the {game.tricks_played} tricks played"
        if game.complete:
            tail = ""
        elif game.claimed is not None:
            tail = f", then claimed {game.claimed} more" if game.agrees else ", then a claim"
        else:
            tail = ", then the record stops"
        result = game.board.result
        if result is None:
            verdict = "the file gives no result"
        elif game.agreed:
            verdict = f"the players agreed {result} tricks (the file's result ^{result})"
            if game.complete:
                verdict += f"; the play gives {game.declarer_tricks}"
        elif game.agrees:
            verdict = f"the file's result {result} agrees"
        else:
            verdict = f"the file's result {result} does NOT agree"
        if game.score is not None:
            verdict += f"; score: declaring side {game.score.declarers_score}, defenders {game.score.defenders_score}"
        lines = [f"{head}: {tricks}{tail}; {verdict}."]
    if show_tricks:
        for index, trick in enumerate(game.play.tricks, start=1):
            cards = " ".join(str(c) for _, c in trick.in_order())
            lines.append(f"  trick {index:>2}: {trick.leader.title} leads {cards}; {trick.winner.title} wins")
    lines.extend(f"  irregularity: {i.describe()}" for i in game.play.irregularities)
    ambiguity = game.play.ambiguity
    if ambiguity is not None:
        whose = "declarer's side" if game.declarer is not None else game.side.title
        for other in ambiguity.others:
            found = "; ".join(i.describe() for i in other.irregularities)
            tricks = other.won[game.side]
            lines.append(
                f"  ambiguous: the record can also be read with {found}; {whose} would then take "
                f"{tricks} trick{'s' if tricks != 1 else ''}"
            )
        lines.append(f"  replayed as above because {ambiguity.reason}")
    return "\n".join(lines)


def _ambiguity_json(game: ReplayedGame) -> dict[str, Any] | None:
    """The ``--json`` object of the other readings of an ambiguous record, and why the one replayed."""
    ambiguity = game.play.ambiguity
    if ambiguity is None:
        return None
    return {
        "reason": ambiguity.reason,
        "other_readings": [
            {
                "irregularities": [irregularity_json(i) for i in other.irregularities],
                "declarer_tricks": other.won[game.side] if game.declarer is not None else None,
                "side_tricks": {str(side): other.won[side] for side in (game.side, game.side.other)},
            }
            for other in ambiguity.others
        ],
    }


def irregularity_json(irregularity: Irregularity) -> dict[str, Any]:
    """The ``--json`` object of an irregularity and how it was settled."""
    return {
        "kind": irregularity.kind,
        "trick": irregularity.trick,
        "seat": irregularity.seat.letter,
        "card": str(irregularity.card) if irregularity.card is not None else None,
        "settled": irregularity.settled,
        "tricks_transferred": irregularity.transferred,
        "description": irregularity.describe(),
    }
