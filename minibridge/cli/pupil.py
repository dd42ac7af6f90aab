"""The pupil at the terminal: a prompt loop over the table (:class:`minibridge.table.Table`).

The table decides whose decision is next and what the pupil may see; this module asks the pupil when the
decision is theirs, lets the computer think (a sign while it does) when it is not, and tells what happens in the
words of :mod:`minibridge.cli.game_text`. With four players the pupil is South, and plays North's cards too when
North–South declare; with three the pupil announces from South and may move to another hand.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from minibridge.cards import Card, Seat, card_typed
from minibridge.cli.game_text import (
    contract_story,
    deal_start,
    end_of_deal,
    goal_line,
    letters,
    trick_line,
    tricks_taken,
    who,
)
from minibridge.cli.session_text import computers_deal
from minibridge.cli.terminal import capital, card_text, hand_text, thinking
from minibridge.contract import contract_typed
from minibridge.errors import MiniBridgeError
from minibridge.language import gettext
from minibridge.table import YOU, Decision, Game, Table, why_not

__all__ = ["Quit", "InputEnded", "read", "pupils_deal", "computers_deal_played"]


class Quit(Exception):
    """The pupil typed ``quit``."""


class InputEnded(Exception):
    """Standard input ended in the middle of a deal."""


def read(prompt: str) -> str:
    """One line from the pupil; ``quit`` stops the game, and so does the end of the input (Ctrl-C, a
    KeyboardInterrupt, goes up to the command)."""
    try:
        text = str(click.termui.visible_prompt_func(f"{prompt}: ")).strip()
    except EOFError:
        raise InputEnded from None
    if text.lower() in ("quit", "q", "stop", gettext("quit")):
        raise Quit
    return text


# --- one deal ----------------------------------------------------------------------------------------------------


def pupils_deal(table: Table, names: Sequence[str]) -> None:
    """The deals dealt again before the deal at the table, then the deal itself with the pupil, to its end."""
    for redeal in table.redeals:
        click.echo("")
        click.echo("\n".join(deal_start(redeal, names)))
    game = table.game
    click.echo("")
    click.echo("\n".join(deal_start(game, names)))
    if table.phase == "declarer":
        if table.decider == YOU:
            table.choose_declarer(YOU, _ask_declarer(table))
        else:
            table.step()
    if game.stage != "contract" or game.declarer is None:
        click.echo(gettext("Everyone plays their own cards; %(seat)s leads.") % {"seat": game.dealer.lho.in_words})
    else:
        if table.decider == YOU:
            click.echo("\n".join(contract_story(table, YOU, before=True)))
            _ask_contract(table)
        else:
            _computer(table, YOU)
            click.echo("\n".join(contract_story(table, YOU, before=False)))
        click.echo(goal_line(game))
    while table.phase == "play":
        if table.decider == YOU:
            _ask_card(table)
        else:
            _computer(table, YOU)
    click.echo(game.result.describe() if game.result is not None else tricks_taken(game))
    _echo_calculation(game)
    click.echo(end_of_deal(game, you=table.hand(YOU)))


def _echo_calculation(game: Game) -> None:
    """The score's calculation under the line that gave it (``How it adds up: 3 tricks over six × 30 = 90, …``)."""
    if game.result is not None:
        click.echo(gettext("How it adds up: %(calculation)s") % {"calculation": game.result.calculation_words})


def computers_deal_played(table: Table, names: Sequence[str], *, quiet: bool) -> None:
    """The deals dealt again, then the deal at the table played by the computer at every seat, each told in one
    line (nothing told when ``quiet``)."""
    for redeal in table.redeals:
        if not quiet:
            click.echo(computers_deal(redeal, names))
    while table.computer_to_act():
        _computer(table, None, show=not quiet)
    if not quiet:
        click.echo(computers_deal(table.game, names))
        _echo_calculation(table.game)


def _computer(table: Table, person: str | None, *, show: bool = True) -> None:
    """One decision of the computer, thought about while a sign says who is thinking; a card told as it falls
    (when a person is at the table) and the trick it completes."""
    game = table.game
    label = game.declarer if game.stage == "contract" else game.to_act
    assert label is not None
    decision: Decision | None = thinking(label.in_words, table.decide, show=show)
    assert decision is not None
    if person is not None and decision.choice == "card":
        assert decision.card is not None
        click.echo("\n".join(_card_said(table, person, decision.seat, decision.card)))
    trick = table.take(decision)
    if person is not None and trick is not None:
        click.echo(trick_line(game))


def _card_said(table: Table, person: str | None, seat: Seat, card: Card) -> list[str]:
    """The computer's card as it falls (before it is played), and under the signals of MiniLesson Six what the
    pupil's partner tells by it."""
    play = table.game.play
    assert play is not None
    values = {"seat": who(seat, table, person), "card": card_text(card)}
    lines = [
        (gettext("%(seat)s plays %(card)s.") if play.current_trick else gettext("%(seat)s leads %(card)s.")) % values
    ]
    game = table.game
    if person is not None and game.rules.signals and seat is table.hand(person).partner and seat in game.defenders:
        said = _signal_said(game, seat, card)
        if said:
            lines.append(f"  ({said})")
    return lines


def _signal_said(game: Game, seat: Seat, card: Card) -> str | None:
    """What partner's card tells the pupil under the signals of MiniLesson Six (before it is played)."""
    meaning, denied = game.signal(seat, card)
    values = {"seat": seat.in_words, "suit": card.suit.in_words}
    if meaning == "top of sequence" and denied is not None:
        return gettext("the top of a sequence: %(seat)s does not hold %(card)s") % (
            values | {"card": card_text(denied)}
        )
    if meaning == "encourage":
        return gettext("a high small card: %(seat)s likes %(suit)s") % values
    if meaning == "discourage":
        return gettext("the lowest card: %(seat)s does not like %(suit)s") % values
    return None


# --- the pupil's decisions ------------------------------------------------------------------------------------


def _ask_declarer(table: Table) -> Seat:
    """Which of the partners declares, asked until the answer is North or South."""
    announcement = table.game.announcement
    assert announcement is not None
    first, second = announcement.may_declare
    values = {
        "first": first.in_words,
        "second": second.in_words,
        "points": announcement.hcp[first],
        "north": Seat.NORTH.letter_in_words,
        "south": Seat.SOUTH.letter_in_words,
    }
    answers = {
        word.upper(): seat
        for seat in (Seat.NORTH, Seat.SOUTH)
        for word in (seat.letter, seat.title, seat.letter_in_words, seat.in_words)
    }
    asked = gettext("%(first)s and %(second)s hold %(points)s points each: who declares, %(north)s or %(south)s?")
    while True:
        text = read(asked % values)
        if text.upper() in answers:
            return answers[text.upper()]
        click.echo(gettext("Type %(north)s for North or %(south)s for South.") % values)


def _ask_contract(table: Table) -> None:
    """The contract, asked until it is one declarer may choose."""
    game = table.game
    assert game.declarer is not None
    names = " ".join(letters(c) for c in game.allowed_contracts)
    while True:
        text = read(gettext("Choose the contract (%(contracts)s)") % {"contracts": names})
        try:
            table.choose_contract(YOU, contract_typed(text))
        except MiniBridgeError as err:
            click.echo(err.message)
            continue
        contract = game.contract
        assert contract is not None
        values = {"seat": game.declarer.in_words, "contract": letters(contract), "words": contract.in_words}
        click.echo(gettext("%(seat)s plays %(contract)s (%(words)s).") % values)
        return


def _ask_card(table: Table) -> None:
    """Show the hands the pupil sees and ask for the card until it is legal; the only legal card goes by itself."""
    play, seat = table.game.play, table.seat_to_play
    assert play is not None and seat is not None
    legal = table.legal_cards(YOU)
    if len(legal) == 1:
        values = {"card": card_text(legal[0]), "seat": who(seat, table, YOU)}
        click.echo(gettext("Only %(card)s can be played from %(seat)s: it goes by itself.") % values)
        _play(table, legal[0])
        return
    for other in [seat, *(s for s in table.sees(YOU) if s is not seat)]:
        click.echo(f"  {who(other, table, YOU)}: {hand_text(play.hand(other))}")
    current = play.current_trick
    if current:
        cards = (f"{s.in_words} {card_text(current[s])}" for s in play.leader.clockwise() if s in current)
        click.echo("  " + gettext("On the table: %(cards)s.") % {"cards": ", ".join(cards)})
    asked = gettext("Trick %(number)s: card from %(seat)s") % {
        "number": len(play.tricks) + 1,
        "seat": who(seat, table, YOU),
    }
    while True:
        text = read(asked)
        if text in ("?", "help", ""):
            click.echo(
                gettext("%(seat)s may play: %(cards)s") % {"seat": who(seat, table, YOU), "cards": hand_text(legal)}
            )
            continue
        try:
            card = card_typed(text)
        except MiniBridgeError as err:
            click.echo(err.message)
            continue
        if card in legal:
            _play(table, card)
            return
        click.echo(capital(why_not(play, seat, card, you=table.hand(YOU))) + ".")


def _play(table: Table, card: Card) -> None:
    """The pupil's card, and the trick it completes."""
    if table.play_card(YOU, card) is not None:
        click.echo(trick_line(table.game))
