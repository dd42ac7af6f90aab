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
from minibridge.cli.terminal import capital, card_text, leave, player_name, tricks_text
from minibridge.errors import MiniBridgeError
from minibridge.files import already_exists
from minibridge.language import gettext, ngettext, number, strain_letters

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
@click.option(
    "--three-handed",
    type=click.Choice(["simple", "normal"]),
    help="Three players (you and two computer players) and a dummy hand dealt opposite the dealer.",
)
@click.option(
    "--first-dealer",
    type=click.Choice(list("NESW"), case_sensitive=False),
    help="Who deals first (default North; South with three players); the deal then passes clockwise.",
)
@click.option("--draw-dealer", is_flag=True, help="Each player draws a card; the highest card deals first.")
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
    of each deal you see all four hands and every trick. With --auto the computer plays all four seats.

    With --three-handed you play against two computer players, Left and Right, and a dummy hand is
    dealt opposite the dealer (simple: the most points declare with the dummy hand; normal: dealer
    and the dummy hand against the other two). Each player keeps their own score.

    \b
    Examples:
        minibridge play --lesson 5 --deals 4
        minibridge play --target 1000 --seed 7 --save evening.pbn --draw-dealer
        minibridge play --three-handed normal --deals 3
        minibridge play --auto --deals 10 --rules nbb --json
    """
    import random

    from minibridge.classroom import PLAYER_NAMES
    from minibridge.cli.pupil import InputEnded, Quit, pupils_deal, seat_names
    from minibridge.robot import DEFAULT_SAMPLES, Robot
    from minibridge.table import ComputerPlayer, Game, Session

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
        session = Session(rules=rules, deals=deals, target=target, first_dealer=first)
    except MiniBridgeError as err:
        raise click.UsageError(f"--first-dealer: {err.message}") from None
    if names and not as_json:
        click.echo(_three_players(names))
    computer = ComputerPlayer(robot=Robot(rules, samples=samples or DEFAULT_SAMPLES, seed=seed))
    dealing = random.Random(seed)
    size = _cards_per_hand(rules, lesson)
    boards: list[Board] = []
    games: list[dict[str, object]] = []
    try:
        while not session.finished:
            game = Game(rules, session.next_board(dealing, cards_per_hand=size))
            if auto:
                _computers_deal(game, computer, quiet=as_json, names=names and seat_names(game.dealer, names))
            else:
                pupils_deal(game, computer)
            scores = session.player_scores(game) if names else None
            if as_json and game.stage != "redeal":
                games.append(_game_json(game, session if names else None))
            session.record_game(game)
            if game.stage == "redeal":
                continue
            if not as_json:
                if scores is not None:
                    click.echo(gettext("This deal: %(scores)s.") % {"scores": _players_line(names, scores)})
                click.echo(_totals_line(session, names))
            board = game.played_board()
            if save is not None:
                _save(save, [*boards, board])
            boards.append(board)
    except Quit:
        click.echo(gettext("You stopped the game."))
    except InputEnded:
        click.echo("")
        stopped = gettext("the input ended in the middle of deal %(deal)s%(kept)s") % {
            "deal": session.played + 1,
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
    click.echo(_verdict(session, names))
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


# --- who deals first, and the three players ------------------------------------------------------------------

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
        name = dict(zip(seats, names, strict=True)) if names else {seat: seat.title for seat in seats}
        said = {seat: player_name(name[seat]) if names else seat.in_words for seat in seats}
        values = {
            "cards": ", ".join(f"{said[seat]} {card_text(drawn.cards[seat])}" for seat in seats),
            "player": said[drawn.dealer],
            "seat": drawn.dealer.in_words,
        }
        if name[drawn.dealer] == "you":
            text = gettext(
                "Drawing for the first dealer: %(cards)s. You draw the highest card and deal first from %(seat)s."
            )
        elif names:
            text = gettext(
                "Drawing for the first dealer: %(cards)s. %(player)s draws the highest card and deals first from "
                "%(seat)s."
            )
        else:
            text = gettext(
                "Drawing for the first dealer: %(cards)s. %(player)s draws the highest card and deals first."
            )
        click.echo(text % values)
    return drawn.dealer


def _three_players(names: tuple[str, ...]) -> str:
    """Who the three players are and where each deals from."""
    first, left, right = names
    values = {"first": player_name(first), "left": player_name(left), "right": player_name(right)}
    if first == "you":
        text = gettext(
            "Three players: %(first)s, %(left)s on your left and %(right)s on your right. You deal from South, "
            "%(left)s from West, %(right)s from East; the dummy hand is dealt opposite the dealer, and the deal "
            "passes clockwise."
        )
    else:
        text = gettext(
            "Three players: %(first)s, %(left)s on %(first)s's left and %(right)s on %(first)s's right. %(first)s "
            "deals from South, %(left)s from West, %(right)s from East; the dummy hand is dealt opposite the dealer, "
            "and the deal passes clockwise."
        )
    return text % values


def _players_line(names: tuple[str, ...], points: tuple[int, ...] | list[int]) -> str:
    """``you 420, Left 0, Right 100``."""
    return ", ".join(f"{player_name(name)} {number(total)}" for name, total in zip(names, points, strict=True))


# --- the score of the game -----------------------------------------------------------------------------------


def _totals_line(session: Session, names: tuple[str, ...] = ()) -> str:
    """The totals so far: points (each player's, with three), or without contracts the tricks each side took."""
    ns, ew = session.totals[Side.NORTH_SOUTH], session.totals[Side.EAST_WEST]
    values = {"count": session.played, "ns": number(ns), "ew": number(ew)}
    if names:
        values["totals"] = _players_line(names, session.player_totals)
        return (
            ngettext(
                "Totals after %(count)s deal: %(totals)s.", "Totals after %(count)s deals: %(totals)s.", session.played
            )
            % values
        )
    if session.rules.has_contract:
        return (
            ngettext(
                "Totals after %(count)s deal: North–South %(ns)s, East–West %(ew)s.",
                "Totals after %(count)s deals: North–South %(ns)s, East–West %(ew)s.",
                session.played,
            )
            % values
        )
    values |= {"ns_tricks": tricks_text(ns), "ew_tricks": tricks_text(ew)}
    return (
        ngettext(
            "Totals after %(count)s deal: North–South %(ns_tricks)s, East–West %(ew_tricks)s.",
            "Totals after %(count)s deals: North–South %(ns_tricks)s, East–West %(ew_tricks)s.",
            session.played,
        )
        % values
    )


def _verdict(session: Session, names: tuple[str, ...] = ()) -> str:
    """Who won the game."""
    ns, ew = session.totals[Side.NORTH_SOUTH], session.totals[Side.EAST_WEST]
    if not session.played:
        return gettext("No deal was played.")
    if names:
        totals = session.player_totals
        best = max(totals)
        ahead = [name for name, total in zip(names, totals, strict=True) if total == best]
        values = {"best": number(best)}
        if len(ahead) > 1:
            values["players"] = gettext(" and ").join(player_name(name) for name in ahead)
            return capital(gettext("%(players)s share the lead with %(best)s.") % values)
        winner = ahead[0]
        values["player"] = player_name(winner)
        values["others"] = ", ".join(
            f"{player_name(n)} {number(t)}" for n, t in zip(names, totals, strict=True) if n != winner
        )
        if winner == "you":
            return gettext("You win the game with %(best)s; %(others)s.") % values
        return gettext("%(player)s wins the game with %(best)s; %(others)s.") % values
    if ns == ew:
        return gettext("The game is a tie, %(points)s each.") % {"points": number(ns)}
    values = {"most": number(max(ns, ew)), "fewest": number(min(ns, ew))}
    if ns > ew:
        return gettext("North–South win the game, %(most)s to %(fewest)s.") % values
    return gettext("East–West win the game, %(most)s to %(fewest)s.") % values


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


def _computers_deal(game: Game, computer: ComputerPlayer, *, quiet: bool, names: dict[Seat, str] | None) -> None:
    """One deal played by the computer at every seat, told in one line (with three players, who played it)."""
    from minibridge.cli.pupil import Thinking, tricks_taken
    from minibridge.table import play_game

    play_game(game, dict.fromkeys(Seat, Thinking(computer=computer, show=not quiet)))
    if quiet:
        return
    values = {"number": game.board.number, "seat": game.dealer.in_words}
    head = gettext("Deal %(number)s, dealer %(seat)s") % values
    if names:
        player = {"player": player_name(names[game.dealer]), "dummy": game.dealer.partner.in_words}
        head += " " + gettext("(%(player)s, the dummy hand at %(dummy)s)") % player
    if game.stage == "redeal":
        if game.three is None or game.three.variant == "normal":
            click.echo(gettext("%(head)s: each side holds 20 points, the same dealer deals again.") % {"head": head})
        else:
            click.echo(
                gettext("%(head)s: declarer and the dummy hand hold fewer than 21 points, the same dealer deals again.")
                % {"head": head}
            )
    elif game.result is not None and game.declarer is not None and game.contract is not None:
        by = game.declarer.in_words
        if names:
            player = next(seat for seat, played in game.players.items() if played is game.declarer)
            by += f" ({player_name(names[player])})"
        contract = f"{game.contract.level}{strain_letters(game.contract.strain.letter)}"
        values = {"head": head, "contract": contract, "by": by, "result": game.result.describe()}
        click.echo(gettext("%(head)s: %(contract)s by %(by)s. %(result)s") % values)
    else:
        assert game.play is not None
        click.echo(f"{head}: {tricks_taken(game.play)}")


def _game_json(game: Game, session: Session | None = None) -> dict[str, Any]:
    """The ``--json`` object of one deal of ``minibridge play --auto``. With three players (``session`` given,
    before the deal is recorded) also ``three_handed``, the announcement as ``announce --three-handed --json``
    gives it with the deal as dealt (``dealt``), and ``players``: for each player by number (1 deals from South,
    2 from West, 3 from East) the seat they were dealt at, the seat they played and their score."""
    assert game.play is not None
    result = game.result
    record = game.play.record()
    data: dict[str, Any] = {
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
    if game.three is not None and session is not None and game.board.deal is not None:
        from minibridge.cli.announce import three_handed_json

        data["three_handed"] = three_handed_json(game.three) | {"dealt": game.board.deal.to_pbn(game.dealer)}
        scores = session.player_scores(game)
        data["players"] = {
            str(number): {"dealt_at": seat.letter, "plays": game.players[seat].letter, "score": scores[number - 1]}
            for number, seat in enumerate(session.seats, start=1)
        }
    return data
