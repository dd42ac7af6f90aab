"""The pupil at the terminal: the words ``minibridge play`` shows, and the pupil's decisions typed at a prompt."""

from __future__ import annotations

from dataclasses import dataclass

import click

from minibridge.cards import Card, Seat, Side, Suit
from minibridge.contract import Contract
from minibridge.deal import Hand
from minibridge.errors import MiniBridgeError
from minibridge.play import Play
from minibridge.signals import denied_by_lead, signal_in_trick
from minibridge.table import ComputerPlayer, Game, play_game
from minibridge.trick import Trick

PUPIL = Seat.SOUTH


class Quit(Exception):
    """The pupil typed ``quit``."""


class InputEnded(Exception):
    """Standard input ended (or was interrupted) in the middle of a deal."""


@dataclass
class Pupil:
    """South at the terminal; also North's cards and the contract when North–South declare."""

    def choose_declarer(self, game: Game) -> Seat:
        """Ask which of the partners declares."""
        assert game.announcement is not None
        first, second = game.announcement.may_declare
        points = game.announcement.hcp[first]
        while True:
            text = read(f"{first.title} and {second.title} hold {points} points each: who declares, N or S?")
            if text.upper() in ("N", "NORTH", "S", "SOUTH"):
                return Seat.from_str(text)
            click.echo("Type N for North or S for South.")

    def choose_contract(self, game: Game) -> Contract:
        """Ask for the contract until it is one declarer may choose."""
        assert game.declarer is not None
        names = " ".join(str(c) for c in game.allowed_contracts)
        while True:
            text = read(f"Choose the contract ({names})")
            try:
                chosen = Contract.from_str(text)
                game.check_contract(chosen)
            except MiniBridgeError as err:
                click.echo(err.message)
                continue
            click.echo(f"{game.declarer.title} plays {chosen} ({chosen.words}).")
            return chosen

    def choose_card(self, game: Game, seat: Seat) -> Card:
        """Show the hands the pupil can see and ask for the card until it is legal."""
        play = game.play
        assert play is not None
        visible = {s for s in Seat if pupil_plays(game, s)} | ({game.dummy} if game.dummy is not None else set())
        for other in [seat, *sorted(visible - {seat})]:
            click.echo(f"  {who(other, game.dummy)}: {hand_cards(play.hand(other))}")
        current = play.current_trick
        if current:
            on_table = ", ".join(f"{s.title} {card_text(current[s])}" for s in play.leader.clockwise() if s in current)
            click.echo(f"  On the table: {on_table}.")
        while True:
            text = read(f"Trick {len(play.tricks) + 1}: card from {who(seat, game.dummy)}")
            if text in ("?", "help", ""):
                click.echo(f"{who(seat, game.dummy)} may play: {hand_cards(play.legal_cards(seat))}")
                continue
            try:
                card = Card.from_str(text)
                if card not in play.legal_cards(seat):
                    play.play(card, seat)  # refused, with the reason; a refused card changes nothing
            except MiniBridgeError as err:
                click.echo(err.message)
                continue
            return card


@dataclass(kw_only=True)
class Partner:
    """North: the pupil's hands when North–South declare, the computer's when they defend."""

    pupil: Pupil
    computer: ComputerPlayer

    def _player(self, game: Game) -> Pupil | ComputerPlayer:
        return self.pupil if pupil_plays(game, Seat.NORTH) else self.computer

    def choose_declarer(self, game: Game) -> Seat:
        """The pupil chooses for the pair."""
        return self.pupil.choose_declarer(game)

    def choose_contract(self, game: Game) -> Contract:
        """As the pair's declarer, the pupil chooses."""
        return self._player(game).choose_contract(game)

    def choose_card(self, game: Game, seat: Seat) -> Card:
        """The pupil plays North's cards when the pair declares; otherwise the computer does."""
        return self._player(game).choose_card(game, seat)


def pupil_plays(game: Game, seat: Seat) -> bool:
    """The pupil plays this seat's cards: South's, and North's too when North–South declare."""
    if seat is PUPIL:
        return True
    declaring = game.declarer is not None and game.contract is not None and game.declarer.side is Side.NORTH_SOUTH
    return seat is Seat.NORTH and declaring


def read(prompt: str) -> str:
    """One line from the pupil; ``quit`` stops the game, and so does the end of the input."""
    try:
        text = str(click.prompt(prompt, prompt_suffix=": ", default="", show_default=False)).strip()
    except click.Abort:
        raise InputEnded from None
    if text.lower() in ("quit", "q", "stop"):
        raise Quit
    return text


# --- South at the table ----------------------------------------------------------------------------------


def pupils_deal(game: Game, computer: ComputerPlayer) -> None:
    """One deal with the pupil as South (and North's cards when North–South declare)."""
    pupil = Pupil()
    players = {
        Seat.SOUTH: pupil,
        Seat.NORTH: Partner(pupil=pupil, computer=computer),
        Seat.EAST: computer,
        Seat.WEST: computer,
    }
    deal, rules = game.deal, game.rules
    click.echo("")
    click.echo(f"Deal {game.board.number}, dealer {game.dealer.title}.")
    click.echo(f"Your hand (South): {hand_cards(list(deal[PUPIL]))}")
    announced = game.announcement
    if announced is not None:
        said = ", ".join(f"{seat.title} {announced.hcp[seat]}" for seat in announced.order)
        click.echo(f"Points announced: {said}.")
        if game.stage == "redeal" or announced.declaring_side is None:
            click.echo("Each side holds 20 points: the same dealer deals again.")
            return
        side = announced.declaring_side
        ours, theirs = announced.side_hcp(side), announced.side_hcp(side.other)
        click.echo(f"{side.title} hold {ours} points, {side.other.title} {theirs}: {side.title} declare.")
        if game.stage == "declarer":
            game.choose_declarer(players[game.to_act].choose_declarer(game))  # type: ignore[index]
    declarer = game.declarer
    if game.stage == "contract" and declarer is not None:
        dummy = declarer.partner
        if declarer.side is Side.NORTH_SOUTH:
            role = "you play both hands" if declarer is PUPIL else "you play both hands, North's cards and your own"
            click.echo(f"{declarer.title} is declarer and {dummy.title} is dummy: {role}.")
            if declarer is PUPIL:
                click.echo(f"Dummy ({dummy.title}): {hand_cards(list(deal[dummy]))}")
            else:
                click.echo(f"{declarer.title} (declarer): {hand_cards(list(deal[declarer]))}")
            game.choose_contract(pupil.choose_contract(game))
        else:
            contract = computer.choose_contract(game)
            game.choose_contract(contract)
            click.echo(f"{declarer.title} is declarer and {dummy.title} is dummy.")
            click.echo(f"{declarer.title} chooses {contract} ({contract.words}).")
            click.echo(f"Dummy ({dummy.title}): {hand_cards(list(deal[dummy]))}")
        click.echo(f"{declarer.title} needs {game.goal} tricks; {declarer.lho.title} leads.")
    else:
        click.echo(f"Everyone plays their own cards; {game.dealer.lho.title} leads.")

    def show_card(game: Game, seat: Seat, card: Card) -> None:
        if pupil_plays(game, seat):
            return
        assert game.play is not None
        verb = "leads" if not game.play.current_trick else "plays"
        click.echo(f"{who(seat, game.dummy)} {verb} {card_text(card)}.")
        if rules.signals and seat is PUPIL.partner and seat in game.defenders:
            said = signal_said(game.play, seat, card)
            if said:
                click.echo(f"  ({said})")

    def show_trick(game: Game, trick: Trick) -> None:
        assert game.play is not None
        click.echo(trick_line(len(game.play.tricks), trick, game.play))

    play_game(game, players, on_card=show_card, on_trick=show_trick)
    assert game.play is not None
    result = game.result
    click.echo(result.describe() if result is not None else tricks_taken(game.play))


def signal_said(play: Play, seat: Seat, card: Card) -> str | None:
    """What partner's card tells the pupil under the signals of MiniLesson Six (before it is played)."""
    led = play.current_trick[play.leader].suit if play.current_trick else None
    meaning = signal_in_trick(Hand(play.hand(seat)), card, led=led, partner_led=play.leader is seat.partner)
    denied = denied_by_lead(card)
    if meaning == "top of sequence" and denied is not None:
        return f"the top of a sequence: {seat.title} does not hold {card_text(denied)}"
    if meaning == "encourage":
        return f"a high small card: {seat.title} likes {card.suit.plural}"
    if meaning == "discourage":
        return f"the lowest card: {seat.title} does not like {card.suit.plural}"
    return None


# --- words on the screen ---------------------------------------------------------------------------------


def rank_text(card: Card) -> str:
    """``10`` for a ten, else the rank's letter."""
    return "10" if card.rank.letter == "T" else card.rank.letter


def card_text(card: Card) -> str:
    """``♠10``."""
    return card.suit.symbol + rank_text(card)


def hand_cards(cards: list[Card]) -> str:
    """A hand by suit, spades first: ``♠ A K  ♥ —  …``."""
    parts = []
    for suit in sorted(Suit, reverse=True):
        ranks = [rank_text(c) for c in cards if c.suit is suit]
        parts.append(f"{suit.symbol} {' '.join(ranks) if ranks else '—'}")
    return "  ".join(parts)


def who(seat: Seat, dummy: Seat | None) -> str:
    """``North (dummy)`` or ``North``."""
    return f"{seat.title} (dummy)" if seat is dummy else seat.title


def tricks_taken(play: Play) -> str:
    """Each side's tricks."""
    ns, ew = play.tricks_won(Side.NORTH_SOUTH), play.tricks_won(Side.EAST_WEST)
    return f"North–South took {ns} trick{'s' if ns != 1 else ''}, East–West {ew}."


def trick_line(number: int, trick: Trick, play: Play) -> str:
    """A trick as it fell, who won it, and the tricks so far."""
    cards = ", ".join(f"{seat.title} {card_text(card)}" for seat, card in trick.in_order())
    ns, ew = play.tricks_won(Side.NORTH_SOUTH), play.tricks_won(Side.EAST_WEST)
    return f"Trick {number}: {cards}: {trick.winner.title} wins. North–South {ns}, East–West {ew}."
