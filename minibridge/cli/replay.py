"""``minibridge replay``: the recorded play of every game in a PBN file, replayed."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from minibridge.cli.common import (
    WholeNumber,
    json_option,
    language_options,
    lesson_options,
    print_json,
    reports_errors,
    rules_in_force,
)
from minibridge.language import gettext, ngettext

if TYPE_CHECKING:
    from minibridge.pbn import LeftOut
    from minibridge.replay import ReplayedGame
    from minibridge.review import CardReview
    from minibridge.trick import Irregularity


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--board", "board_number", type=WholeNumber(1, 10**6), help="Only the games of this board number.")
@click.option("--tricks", "show_tricks", is_flag=True, help="Show every trick: the cards, who led and who won.")
@click.option(
    "--review", "show_review", is_flag=True, help="Weigh every card double dummy: list the cards that cost a trick."
)
@lesson_options
@json_option
@language_options
@reports_errors
def replay(
    file: Path,
    board_number: int | None,
    show_tricks: bool,
    show_review: bool,
    lesson_ref: str | None,
    lessons_folder: Path | None,
    as_json: bool,
) -> None:
    """Replay the recorded play of every game in a PBN file: tricks won, irregularities, agreement with Result.

    \b
    Examples:
        minibridge replay results.pbn
        minibridge replay results.pbn --board 3 --tricks
        minibridge replay results.pbn --review
        minibridge replay class.pbn --lesson 3 --json
    """
    from minibridge.pbn import load_partly
    from minibridge.replay import replay_boards

    rules, lesson = rules_in_force(None, False, lesson_ref, lessons_folder)
    boards, unreadable = load_partly(file)
    done = replay_boards(
        boards,
        rules=rules,
        by_lesson=lesson is not None,
        board_number=board_number,
        source=str(file),
        left_out=unreadable,
        partly=True,
    )
    for game in done.left_out:
        click.echo(game.said, err=True)
    reviews = [_review(game) for game in done.games] if show_review else [None] * len(done.games)
    if as_json:
        replayed = [
            {**_with_review(_game_json(game), review), "left_out": False}
            for game, review in zip(done.games, reviews, strict=True)
        ]
        skipped = [_left_out_json(game) for game in done.left_out]
        print_json(sorted([*replayed, *skipped], key=lambda entry: entry["index"]))
    elif not boards and not unreadable:
        click.echo(
            gettext("%(file)s: the file has no games, only its PBN header: there is nothing to replay.")
            % {"file": file}
        )
    elif not done.games and not done.left_out:
        none = (
            gettext("%(file)s: no game with a deal, a contract and a recorded play.")
            if board_number is None
            else gettext("%(file)s: no game with a deal, a contract and a recorded play on board %(board)s.")
        )
        click.echo(none % {"file": file, "board": board_number})
    for game, review in [] if as_json else zip(done.games, reviews, strict=True):
        click.echo(_describe(game, show_tricks))
        if review is not None:
            click.echo(_describe_review(game, review))
    if done.left_out:
        raise SystemExit(1)  # bad data: some games could not be replayed, each said above


def _left_out_json(game: LeftOut) -> dict[str, Any]:
    """The ``--json`` object of a game not replayed: its place in the file (``index``, from 1), ``board``,
    ``line``, ``where`` and ``reason``, marked ``left_out``."""
    entry = game.json()
    return {"index": entry.pop("game"), **entry, "left_out": True}


def _game_json(game: ReplayedGame) -> dict[str, Any]:
    """The ``--json`` object of one replayed game."""
    side = game.side
    return {
        "index": game.number,
        "board": game.board.number,
        "declarer": game.declarer.letter if game.declarer is not None else None,
        "contract": game.contract_text,
        "contract_from": ("auction" if game.contract_from_auction else "file") if game.contract_text else None,
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


def _review(game: ReplayedGame) -> list[CardReview]:
    """Every card of a replayed game weighed double dummy, up to any irregularity."""
    from minibridge.review import review_game

    return review_game(game.play)


def _with_review(data: dict[str, Any], review: list[CardReview] | None) -> dict[str, Any]:
    """A game's ``--json`` object, with its ``review`` when asked: every card as the classroom's VIEW gives it."""
    if review is None:
        return data
    from minibridge.review import review_data

    return {**data, "review": review_data(review)}


def _describe_review(game: ReplayedGame, review: list[CardReview]) -> str:
    """The cards of a game that cost a trick double dummy, one line each (or a line saying that none did), and
    where the review stopped when an irregularity breaks the rules of play."""
    from minibridge.cli.game_text import costly_card_lines

    number = game.board.number if game.board.number is not None else "?"
    lines = ["  " + line for line in costly_card_lines(review, number)]
    if not lines:
        lines.append("  " + gettext("board %(board)s: no card cost a trick") % {"board": number})
    played = sum(len(trick.cards) for trick in game.play.tricks) + len(game.play.current_trick)
    if len(review) < played:
        stop = gettext("board %(board)s: the review stops at card %(card)s, which breaks the rules of play")
        lines.append("  " + stop % {"board": number, "card": len(review) + 1})
    return "\n".join(lines)


def _describe(game: ReplayedGame, show_tricks: bool) -> str:
    """A game's replay in words: tricks, agreement with the file's result, score and irregularities."""
    number = game.board.number if game.board.number is not None else "?"
    head = gettext("Board %(board)s (game %(game)s)") % {"board": number, "game": game.number}
    if game.declarer is None:
        ns = game.declarer_tricks
        took = ngettext(
            "%(head)s: North–South took %(count)s trick, East–West %(ew)s.",
            "%(head)s: North–South took %(count)s tricks, East–West %(ew)s.",
            ns,
        )
        lines = [took % {"head": head, "count": ns, "ew": game.defender_tricks}]
    else:
        values = {
            "head": head,
            "contract": game.contract_text,
            "contract_from": ("auction" if game.contract_from_auction else "file") if game.contract_text else None,
            "declarer": game.declarer.in_words,
            "tricks": game.declarer_tricks,
            "count": game.tricks_played,
            "claimed": game.claimed,
            "result": game.board.result,
        }
        if not game.contract_from_auction:
            head = gettext("%(head)s: %(contract)s by %(declarer)s") % values
        elif game.board.contract is None:
            head = (
                gettext(
                    "%(head)s: %(contract)s by %(declarer)s (taken from the auction; not a MiniBridge contract, so "
                    "not scored)"
                )
                % values
            )
        elif "X" in (game.contract_text or ""):
            head = gettext(
                "%(head)s: %(contract)s by %(declarer)s (taken from the auction; read as %(minibridge)s: "
                "MiniBridge has no doubles)"
            ) % {**values, "minibridge": game.board.contract}
        else:
            head = gettext("%(head)s: %(contract)s by %(declarer)s (taken from the auction)") % values
        tricks = ngettext(
            "declarer's side took %(tricks)s of the %(count)s trick played",
            "declarer's side took %(tricks)s of the %(count)s tricks played",
            game.tricks_played,
        )
        if game.complete:
            tail = ""
        elif game.claimed is not None:
            tail = gettext(", then claimed %(claimed)s more") if game.agrees else gettext(", then a claim")
        else:
            tail = gettext(", then the record stops")
        if game.board.result is None:
            verdict = gettext("the file gives no result")
        elif game.agreed:
            verdict = (
                gettext(
                    "the players agreed %(result)s tricks (the file's result ^%(result)s); the play gives %(tricks)s"
                )
                if game.complete
                else gettext("the players agreed %(result)s tricks (the file's result ^%(result)s)")
            )
        elif game.agrees:
            verdict = gettext("the file's result %(result)s agrees")
        else:
            verdict = gettext("the file's result %(result)s does NOT agree")
        verdict %= values
        if game.score is not None:
            verdict += gettext("; score: declaring side %(declarers)s, defenders %(defenders)s") % {
                "declarers": game.score.declarers_score,
                "defenders": game.score.defenders_score,
            }
        line = gettext("%(head)s: %(tricks)s%(tail)s; %(verdict)s.") % {
            "head": head,
            "tricks": tricks % values,
            "tail": tail % values,
            "verdict": verdict,
        }
        lines = [line]
    if show_tricks:
        for index, trick in enumerate(game.play.tricks, start=1):
            played = {
                "trick": f"{index:>2}",
                "leader": trick.leader.in_words,
                "cards": " ".join(card.shown for _, card in trick.in_order()),
                "winner": trick.winner.in_words,
            }
            lines.append("  " + gettext("trick %(trick)s: %(leader)s leads %(cards)s; %(winner)s wins") % played)
    lines.extend(
        "  " + gettext("irregularity: %(irregularity)s") % {"irregularity": i.describe()}
        for i in game.play.irregularities
    )
    ambiguity = game.play.ambiguity
    if ambiguity is not None:
        whose = gettext("declarer's side") if game.declarer is not None else game.side.in_words
        for other in ambiguity.others:
            tricks_then = other.won[game.side]
            also = ngettext(
                "ambiguous: the record can also be read with %(found)s; %(whose)s would then take %(count)s trick",
                "ambiguous: the record can also be read with %(found)s; %(whose)s would then take %(count)s tricks",
                tricks_then,
            )
            found = "; ".join(i.describe() for i in other.irregularities)
            lines.append("  " + also % {"found": found, "whose": whose, "count": tricks_then})
        lines.append("  " + gettext("replayed as above because %(reason)s") % {"reason": ambiguity.reason})
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
        "settled": irregularity.settled_in_english,
        "tricks_transferred": irregularity.transferred,
        "description": irregularity.describe(),
    }
