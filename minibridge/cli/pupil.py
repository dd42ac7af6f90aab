"""The pupil at the terminal: the words ``minibridge play`` shows, and the pupil's decisions typed at a prompt.

With four players the pupil is South, and plays North's cards too when North–South declare. With three (RULES
§7) the pupil announces from South against two computer players, Left and Right; after the announcement the
pupil may move to the seat opposite the dealer (see :class:`~minibridge.announce.ThreeHanded`), and plays
dummy's cards only as declarer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import click

from minibridge.announce import ThreeHanded
from minibridge.cards import Card, Seat, Side
from minibridge.classroom import PLAYER_NAMES, PUPIL, pupil_declares, pupil_plays, pupils_seat
from minibridge.contract import Contract
from minibridge.deal import Deal, Hand
from minibridge.errors import MiniBridgeError
from minibridge.play import Play
from minibridge.signals import denied_by_lead, signal_in_trick
from minibridge.table import ComputerPlayer, Game, Player, play_game, seating, why_not
from minibridge.trick import Trick

from .terminal import acts, capital, card_text, hand_text, own, pad, thinking, width


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
    if text.lower() in ("quit", "q", "stop"):
        raise Quit
    return text


# --- who plays what --------------------------------------------------------------------------------------------


def who(seat: Seat, game: Game) -> str:
    """``North (dummy)``, ``North``; in three-handed play the pupil's seat says ``(you)``."""
    if seat is game.dummy:
        return f"{seat.title} (dummy)"
    if game.three is not None and seat is pupils_seat(game):
        return f"{seat.title} (you)"
    return seat.title


# --- the players ------------------------------------------------------------------------------------------------


@dataclass
class Pupil:
    """The pupil at the prompt: their own cards, and the decisions of their side."""

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
        """Show the hands the pupil can see and ask for the card until it is legal; the only legal card is played
        by itself."""
        play = game.play
        assert play is not None
        legal = play.legal_cards(seat)
        if len(legal) == 1:
            click.echo(f"Only {card_text(legal[0])} can be played from {who(seat, game)}: it goes by itself.")
            return legal[0]
        visible = {s for s in Seat if pupil_plays(game, s)} | ({game.dummy} if game.dummy is not None else set())
        for other in [seat, *sorted(visible - {seat})]:
            click.echo(f"  {who(other, game)}: {hand_text(play.hand(other))}")
        current = play.current_trick
        if current:
            on_table = ", ".join(f"{s.title} {card_text(current[s])}" for s in play.leader.clockwise() if s in current)
            click.echo(f"  On the table: {on_table}.")
        while True:
            text = read(f"Trick {len(play.tricks) + 1}: card from {who(seat, game)}")
            if text in ("?", "help", ""):
                click.echo(f"{who(seat, game)} may play: {hand_text(legal)}")
                continue
            try:
                card = Card.from_str(text)
            except MiniBridgeError as err:
                click.echo(err.message)
                continue
            if card in legal:
                return card
            reason = why_not(play, seat, card, you=pupils_seat(game))
            click.echo(capital(reason) + ".")


@dataclass(kw_only=True)
class Partner:
    """North with four players: the pupil's hands when North–South declare, the computer's when they defend."""

    pupil: Pupil
    computer: Player

    def _player(self, game: Game) -> Player:
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


@dataclass(kw_only=True)
class Thinking:
    """A computer player at the terminal: its decisions taken while a sign says it is thinking, and Ctrl-C
    answered at once (see :func:`~minibridge.cli.terminal.thinking`)."""

    computer: ComputerPlayer
    show: bool = True

    def choose_declarer(self, game: Game) -> Seat:
        """As the computer chooses."""
        return self.computer.choose_declarer(game)

    def choose_contract(self, game: Game) -> Contract:
        """The computer's contract, thought about in the background."""
        assert game.declarer is not None
        return thinking(game.declarer.title, lambda: self.computer.choose_contract(game), show=self.show)

    def choose_card(self, game: Game, seat: Seat) -> Card:
        """The computer's card, thought about in the background."""
        player = game.declarer if seat is game.dummy and game.declarer is not None else seat
        return thinking(player.title, lambda: self.computer.choose_card(game, seat), show=self.show)


# --- one deal with the pupil ---------------------------------------------------------------------------------


def pupils_deal(game: Game, computer: ComputerPlayer) -> None:
    """One deal with the pupil: as South with four players (and North's cards when North–South declare), or
    as one of three players."""
    pupil, robot = Pupil(), Thinking(computer=computer)
    click.echo("")
    if game.three is not None:
        players: dict[Seat, Player] = {seat: robot for seat in Seat}
        players[pupils_seat(game)] = pupil
        if not _three_handed_start(game):
            return
    else:
        players = {PUPIL: pupil, Seat.NORTH: Partner(pupil=pupil, computer=robot), Seat.EAST: robot, Seat.WEST: robot}
        if not _four_handed_start(game, players):
            return
    _contract(game, pupil, robot)
    _play(game, players)
    click.echo(end_of_deal(game, you=pupils_seat(game)))


def _four_handed_start(game: Game, players: dict[Seat, Player]) -> bool:
    """The deal and the announcement with four players; False when the same dealer deals again."""
    click.echo(f"Deal {game.board.number}, dealer {game.dealer.title}.")
    click.echo(f"Your hand (South): {hand_text(game.deal[PUPIL])}")
    announced = game.announcement
    if announced is not None:
        said = ", ".join(f"{seat.title} {announced.hcp[seat]}" for seat in announced.order)
        click.echo(f"Points announced: {said}.")
        if game.stage == "redeal" or announced.declaring_side is None:
            click.echo("Each side holds 20 points: the same dealer deals again.")
            return False
        side = announced.declaring_side
        ours, theirs = announced.side_hcp(side), announced.side_hcp(side.other)
        click.echo(f"{side.title} hold {ours} points, {side.other.title} {theirs}: {side.title} declare.")
        if game.stage == "declarer":
            assert game.to_act is not None
            game.choose_declarer(players[game.to_act].choose_declarer(game))
    return True


def _three_handed_start(game: Game) -> bool:
    """The deal, where the three players sit, the announcement and what the variant makes of it; False when
    the same dealer deals again."""
    three = game.three
    assert three is not None
    names = seat_names(game.dealer, PLAYER_NAMES)
    dummy_hand = three.dealer.partner
    others = [f"{names[seat]} sits {seat.title}" for seat in (three.dealer.lho, three.dealer.rho) if seat is not PUPIL]
    dealer = "you deal" if three.dealer is PUPIL else f"{names[three.dealer]} deals"
    click.echo(
        f"Deal {game.board.number}, three-handed ({three.variant}): {dealer} from {three.dealer.title}"
        f"{''.join(', ' + other for other in others)}; the dummy hand is dealt at {dummy_hand.title}, opposite the "
        "dealer."
    )
    dealt = game.board.deal
    assert dealt is not None
    click.echo(f"Your hand (South): {hand_text(dealt[PUPIL])}")
    for line in three_handed_story(three, lambda seat: "you" if seat is PUPIL else seat.title):
        click.echo(line)
    return game.stage != "redeal"


def _contract(game: Game, pupil: Pupil, computer: Player) -> None:
    """Declarer and dummy, and the contract: the pupil's choice when the pupil's side declares."""
    declarer = game.declarer
    if game.stage != "contract" or declarer is None:
        click.echo(f"Everyone plays their own cards; {game.dealer.lho.title} leads.")
        return
    dummy, own = declarer.partner, pupils_seat(game)
    if game.three is not None and pupil_declares(game):
        click.echo(f"You are declarer at {declarer.title} and {dummy.title} is dummy: you play both hands.")
        click.echo(f"Dummy ({dummy.title}): {hand_text(game.deal[dummy])}")
        game.choose_contract(pupil.choose_contract(game))
    elif pupil_declares(game):
        role = "you play both hands" if declarer is PUPIL else "you play both hands, North's cards and your own"
        click.echo(f"{declarer.title} is declarer and {dummy.title} is dummy: {role}.")
        if declarer is PUPIL:
            click.echo(f"Dummy ({dummy.title}): {hand_text(game.deal[dummy])}")
        else:
            click.echo(f"{declarer.title} (declarer): {hand_text(game.deal[declarer])}")
        game.choose_contract(pupil.choose_contract(game))
    else:
        contract = computer.choose_contract(game)
        game.choose_contract(contract)
        click.echo(f"{declarer.title} is declarer and {dummy.title} is dummy.")
        click.echo(f"{declarer.title} chooses {contract} ({contract.words}).")
        click.echo(f"Dummy ({dummy.title}): {hand_text(game.deal[dummy])}")
        if own is not PUPIL and own is not dummy:
            click.echo(f"Your hand now ({own.title}): {hand_text(game.deal[own])}")
    click.echo(f"{declarer.title} needs {game.goal} tricks; {declarer.lho.title} leads.")


def _play(game: Game, players: dict[Seat, Player]) -> None:
    """The cards, the computer's shown as they fall and each trick when complete; then the result."""
    rules = game.rules

    def show_card(game: Game, seat: Seat, card: Card) -> None:
        if pupil_plays(game, seat):
            return
        assert game.play is not None
        verb = "leads" if not game.play.current_trick else "plays"
        click.echo(f"{who(seat, game)} {verb} {card_text(card)}.")
        if rules.signals and seat is pupils_seat(game).partner and seat in game.defenders:
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


# --- three-handed words ------------------------------------------------------------------------------------------


def seat_names(dealer: Seat, names: Sequence[str]) -> dict[Seat, str]:
    """The name of the player at each seat of a three-handed deal dealt by ``dealer``: ``names`` are the three
    players in the order of ``THREE_SEATS``."""
    return {seat: name for name, seat in zip(names, seating(dealer), strict=True)}


def three_handed_story(three: ThreeHanded, name: Callable[[Seat], str]) -> list[str]:
    """What the three-handed announcement decides, in words (RULES §7): the points announced, then who declares,
    who moves and who plays which hand, or the redeal. ``name`` gives the words for the player at a seat."""
    hcp, dealer = three.hcp, three.dealer
    dummy_hand = dealer.partner
    order = (dealer, dealer.lho, dealer.rho)
    said = ", ".join(f"{seat.title} {hcp[seat]}" for seat in order)
    rest = f"the dummy hand ({dummy_hand.title}) holds {hcp[dummy_hand]}, forty less the rest"
    lines = [f"Points announced: {said}; {rest}."]
    if three.variant == "simple":
        top = max(order, key=lambda seat: (hcp[seat], -order.index(seat)))
        tie = " (first of the equals to announce)" if sum(hcp[s] == hcp[top] for s in order) > 1 else ""
        together = hcp[top] + hcp[dummy_hand]
        if three.redeal:
            lines.append(
                f"{top.title} holds the most points{tie}, but with the dummy hand only {together}, fewer than 21: "
                "the same dealer deals again."
            )
            return lines
        assert three.declarer is not None
        lines.append(f"{top.title} holds the most points{tie} and declares, {together} with the dummy hand.")
        moved = [(player, seat) for player, seat in three.players.items() if player is not seat]
        for player, seat in moved:
            lines.append(
                f"The dummy hand is laid opposite {top.title}, at {player.title}; {acts(name(player), 'take')} "
                f"{own(name(player))} cards to {seat.title} and {'defend' if name(player) == 'you' else 'defends'}."
            )
        return lines
    ours = hcp[dealer] + hcp[dummy_hand]
    if three.redeal:
        lines.append(
            f"{dealer.title} and the dummy hand hold 20 points, and so do the other two: the same dealer deals again."
        )
        return lines
    assert three.declarer is not None
    if ours > 20:
        lines.append(
            f"{dealer.title} and the dummy hand hold {ours} points, {dealer.lho.title} and {dealer.rho.title} "
            f"{40 - ours}: {dealer.title} declares."
        )
        if three.exchanged:
            lines.append(
                f"The dummy hand holds more points than {dealer.title}'s: {acts(name(dealer), 'take')} it, and the "
                f"hand {dealer.title} was dealt becomes dummy."
            )
        return lines
    declarer = three.declarer
    partner = declarer.partner
    tie = " (equal: the first to announce)" if hcp[dealer.lho] == hcp[dealer.rho] else ""
    lines.append(
        f"{dealer.lho.title} and {dealer.rho.title} hold {40 - ours} points, {dealer.title} and the dummy hand "
        f"{ours}: {declarer.title} holds more{tie} and declares."
    )
    whose = "your hand (South)" if name(partner) == "you" else f"{partner.title}'s hand"
    lines.append(
        f"{capital(whose)} is laid down as dummy, and {acts(name(partner), 'take')} over the dummy hand at "
        f"{dummy_hand.title}, defending with {dealer.title}."
    )
    return lines


# --- words on the screen ---------------------------------------------------------------------------------


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


def tricks_taken(play: Play) -> str:
    """Each side's tricks."""
    ns, ew = play.tricks_won(Side.NORTH_SOUTH), play.tricks_won(Side.EAST_WEST)
    return f"North–South took {ns} trick{'s' if ns != 1 else ''}, East–West {ew}."


def trick_line(number: int, trick: Trick, play: Play) -> str:
    """A trick as it fell, who won it, and the tricks so far."""
    cards = ", ".join(f"{seat.title} {card_text(card)}" for seat, card in trick.in_order())
    ns, ew = play.tricks_won(Side.NORTH_SOUTH), play.tricks_won(Side.EAST_WEST)
    return f"Trick {number}: {cards}: {trick.winner.title} wins. North–South {ns}, East–West {ew}."


def end_of_deal(game: Game, *, you: Seat | None = None) -> str:
    """All four hands as they were played and every trick: what the pupil sees once a deal is over."""
    notes: dict[Seat, list[str]] = {seat: [] for seat in Seat}
    if game.declarer is not None and game.dummy is not None:
        notes[game.declarer].append("declarer")
        notes[game.dummy].append("dummy")
    if you is not None and you is not game.dummy:
        notes[you].append("you")
    labels = {seat: seat.title + (f" ({', '.join(notes[seat])})" if notes[seat] else "") for seat in Seat}
    lines = ["", "The four hands:", *four_hands(game.deal, labels)]
    if game.play is not None and game.play.tricks:
        lines += ["", "The tricks:", *tricks_table(game.play)]
    return "\n".join(lines)


def _suit_lines(deal: Deal, seat: Seat) -> list[str]:
    """A hand as four lines, spades first."""
    return hand_text(deal[seat]).split("  ")


def four_hands(deal: Deal, labels: dict[Seat, str]) -> list[str]:
    """The four hands as a diagram: North at the top, West and East side by side, South at the bottom."""
    west = [labels[Seat.WEST], *_suit_lines(deal, Seat.WEST)]
    east = [labels[Seat.EAST], *_suit_lines(deal, Seat.EAST)]
    column = max(width(line) for line in west) + 4
    indent = " " * max(4, column // 2)
    lines = [indent + line for line in [labels[Seat.NORTH], *_suit_lines(deal, Seat.NORTH)]]
    lines += [pad(w, column) + e for w, e in zip(west, east, strict=True)]
    lines += [indent + line for line in [labels[Seat.SOUTH], *_suit_lines(deal, Seat.SOUTH)]]
    return [line.rstrip() for line in lines]


def tricks_table(play: Play) -> list[str]:
    """Every trick in a row: who led, each seat's card, who won."""
    seats = list(Seat)
    head = ["Trick", "Led by", *(seat.title for seat in seats), "Won by"]
    rows = [
        [str(number), trick.leader.title, *(card_text(trick.cards[seat]) for seat in seats), trick.winner.title]
        for number, trick in enumerate(play.tricks, start=1)
    ]
    widths = [max(width(row[i]) for row in [head, *rows]) + 2 for i in range(len(head))]
    return ["".join(pad(cell, w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in [head, *rows]]
