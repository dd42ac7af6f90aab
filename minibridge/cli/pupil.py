"""The pupil at the terminal: the words ``minibridge play`` shows, and the pupil's decisions typed at a prompt.

With four players the pupil is South, and plays North's cards too when North–South declare. With three (RULES
§7) the pupil announces from South against two computer players, Left and Right; after the announcement the
pupil may move to the seat opposite the dealer (see :class:`~minibridge.announce.ThreeHanded`), and plays
dummy's cards only as declarer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import click

from minibridge.announce import ThreeHanded
from minibridge.cards import Card, Seat, Side, card_typed
from minibridge.classroom import PLAYER_NAMES, PUPIL, pupil_declares, pupil_plays, pupils_seat
from minibridge.contract import Contract, contract_typed
from minibridge.deal import Deal, Hand
from minibridge.errors import MiniBridgeError
from minibridge.language import gettext, ngettext, strain_letters
from minibridge.play import Play
from minibridge.signals import denied_by_lead, signal_in_trick
from minibridge.table import ComputerPlayer, Game, Player, play_game, seating, why_not
from minibridge.trick import Trick

from .terminal import capital, card_text, hand_text, pad, player_name, thinking, variant_name, width


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


# --- who plays what --------------------------------------------------------------------------------------------


def who(seat: Seat, game: Game) -> str:
    """``North (dummy)``, ``North``; in three-handed play the pupil's seat says ``(you)``."""
    if seat is game.dummy:
        return gettext("%(seat)s (dummy)") % {"seat": seat.in_words}
    if game.three is not None and seat is pupils_seat(game):
        return gettext("%(seat)s (you)") % {"seat": seat.in_words}
    return seat.in_words


def _letters(contract: Contract) -> str:
    """A contract as the pupil types it in the language in use: ``4H``, Dutch ``5R``, Danish ``3UT``."""
    return f"{contract.level}{strain_letters(contract.strain.letter)}"


# --- the players ------------------------------------------------------------------------------------------------


@dataclass
class Pupil:
    """The pupil at the prompt: their own cards, and the decisions of their side."""

    def choose_declarer(self, game: Game) -> Seat:
        """Ask which of the partners declares."""
        assert game.announcement is not None
        first, second = game.announcement.may_declare
        values = {
            "first": first.in_words,
            "second": second.in_words,
            "points": game.announcement.hcp[first],
            "north": Seat.NORTH.letter_in_words,
            "south": Seat.SOUTH.letter_in_words,
        }
        answers = {
            word.upper(): seat
            for seat in (Seat.NORTH, Seat.SOUTH)
            for word in (seat.letter, seat.title, seat.letter_in_words, seat.in_words)
        }
        while True:
            asked = gettext(
                "%(first)s and %(second)s hold %(points)s points each: who declares, %(north)s or %(south)s?"
            )
            text = read(asked % values)
            if text.upper() in answers:
                return answers[text.upper()]
            click.echo(gettext("Type %(north)s for North or %(south)s for South.") % values)

    def choose_contract(self, game: Game) -> Contract:
        """Ask for the contract until it is one declarer may choose."""
        assert game.declarer is not None
        names = " ".join(_letters(c) for c in game.allowed_contracts)
        while True:
            text = read(gettext("Choose the contract (%(contracts)s)") % {"contracts": names})
            try:
                chosen = contract_typed(text)
                game.check_contract(chosen)
            except MiniBridgeError as err:
                click.echo(err.message)
                continue
            values = {"seat": game.declarer.in_words, "contract": _letters(chosen), "words": chosen.in_words}
            click.echo(gettext("%(seat)s plays %(contract)s (%(words)s).") % values)
            return chosen

    def choose_card(self, game: Game, seat: Seat) -> Card:
        """Show the hands the pupil can see and ask for the card until it is legal; the only legal card is played
        by itself."""
        play = game.play
        assert play is not None
        legal = play.legal_cards(seat)
        if len(legal) == 1:
            values = {"card": card_text(legal[0]), "seat": who(seat, game)}
            click.echo(gettext("Only %(card)s can be played from %(seat)s: it goes by itself.") % values)
            return legal[0]
        visible = {s for s in Seat if pupil_plays(game, s)} | ({game.dummy} if game.dummy is not None else set())
        for other in [seat, *sorted(visible - {seat})]:
            click.echo(f"  {who(other, game)}: {hand_text(play.hand(other))}")
        current = play.current_trick
        if current:
            cards = (f"{s.in_words} {card_text(current[s])}" for s in play.leader.clockwise() if s in current)
            click.echo("  " + gettext("On the table: %(cards)s.") % {"cards": ", ".join(cards)})
        while True:
            text = read(
                gettext("Trick %(number)s: card from %(seat)s")
                % {"number": len(play.tricks) + 1, "seat": who(seat, game)}
            )
            if text in ("?", "help", ""):
                click.echo(
                    gettext("%(seat)s may play: %(cards)s") % {"seat": who(seat, game), "cards": hand_text(legal)}
                )
                continue
            try:
                card = card_typed(text)
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
        return thinking(game.declarer.in_words, lambda: self.computer.choose_contract(game), show=self.show)

    def choose_card(self, game: Game, seat: Seat) -> Card:
        """The computer's card, thought about in the background."""
        player = game.declarer if seat is game.dummy and game.declarer is not None else seat
        return thinking(player.in_words, lambda: self.computer.choose_card(game, seat), show=self.show)


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
    click.echo(
        gettext("Deal %(number)s, dealer %(seat)s.") % {"number": game.board.number, "seat": game.dealer.in_words}
    )
    click.echo(gettext("Your hand (South): %(hand)s") % {"hand": hand_text(game.deal[PUPIL])})
    announced = game.announcement
    if announced is not None:
        said = ", ".join(f"{seat.in_words} {announced.hcp[seat]}" for seat in announced.order)
        click.echo(gettext("Points announced: %(points)s.") % {"points": said})
        if game.stage == "redeal" or announced.declaring_side is None:
            click.echo(gettext("Each side holds 20 points: the same dealer deals again."))
            return False
        side = announced.declaring_side
        values = {
            "side": side.in_words,
            "ours": announced.side_hcp(side),
            "others": side.other.in_words,
            "theirs": announced.side_hcp(side.other),
        }
        click.echo(gettext("%(side)s hold %(ours)s points, %(others)s %(theirs)s: %(side)s declare.") % values)
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
    others = "".join(
        gettext(", %(player)s sits %(seat)s") % {"player": player_name(names[seat]), "seat": seat.in_words}
        for seat in (three.dealer.lho, three.dealer.rho)
        if seat is not PUPIL
    )
    values = {
        "number": game.board.number,
        "variant": variant_name(three.variant),
        "player": player_name(names[three.dealer]),
        "seat": three.dealer.in_words,
        "others": others,
        "dummy": three.dealer.partner.in_words,
    }
    if three.dealer is PUPIL:
        text = gettext(
            "Deal %(number)s, three-handed (%(variant)s): you deal from %(seat)s%(others)s; the dummy hand is dealt "
            "at %(dummy)s, opposite the dealer."
        )
    else:
        text = gettext(
            "Deal %(number)s, three-handed (%(variant)s): %(player)s deals from %(seat)s%(others)s; the dummy hand "
            "is dealt at %(dummy)s, opposite the dealer."
        )
    click.echo(text % values)
    dealt = game.board.deal
    assert dealt is not None
    click.echo(gettext("Your hand (South): %(hand)s") % {"hand": hand_text(dealt[PUPIL])})
    for line in three_handed_story(three, you=PUPIL):
        click.echo(line)
    return game.stage != "redeal"


def _contract(game: Game, pupil: Pupil, computer: Player) -> None:
    """Declarer and dummy, and the contract: the pupil's choice when the pupil's side declares."""
    declarer = game.declarer
    if game.stage != "contract" or declarer is None:
        click.echo(gettext("Everyone plays their own cards; %(seat)s leads.") % {"seat": game.dealer.lho.in_words})
        return
    dummy, own = declarer.partner, pupils_seat(game)
    values = {"declarer": declarer.in_words, "dummy": dummy.in_words, "own": own.in_words}
    if game.three is not None and pupil_declares(game):
        click.echo(gettext("You are declarer at %(declarer)s and %(dummy)s is dummy: you play both hands.") % values)
        click.echo(gettext("Dummy (%(dummy)s): %(hand)s") % (values | {"hand": hand_text(game.deal[dummy])}))
        game.choose_contract(pupil.choose_contract(game))
    elif pupil_declares(game):
        if declarer is PUPIL:
            text = gettext("%(declarer)s is declarer and %(dummy)s is dummy: you play both hands.")
        else:
            text = gettext(
                "%(declarer)s is declarer and %(dummy)s is dummy: you play both hands, North's cards and your own."
            )
        click.echo(text % values)
        if declarer is PUPIL:
            click.echo(gettext("Dummy (%(dummy)s): %(hand)s") % (values | {"hand": hand_text(game.deal[dummy])}))
        else:
            hand = {"hand": hand_text(game.deal[declarer])}
            click.echo(gettext("%(declarer)s (declarer): %(hand)s") % (values | hand))
        game.choose_contract(pupil.choose_contract(game))
    else:
        contract = computer.choose_contract(game)
        game.choose_contract(contract)
        click.echo(gettext("%(declarer)s is declarer and %(dummy)s is dummy.") % values)
        chosen = {"contract": _letters(contract), "words": contract.in_words}
        click.echo(gettext("%(declarer)s chooses %(contract)s (%(words)s).") % (values | chosen))
        click.echo(gettext("Dummy (%(dummy)s): %(hand)s") % (values | {"hand": hand_text(game.deal[dummy])}))
        if own is not PUPIL and own is not dummy:
            click.echo(gettext("Your hand now (%(own)s): %(hand)s") % (values | {"hand": hand_text(game.deal[own])}))
    leads = {"goal": game.goal, "leader": declarer.lho.in_words}
    click.echo(gettext("%(declarer)s needs %(goal)s tricks; %(leader)s leads.") % (values | leads))


def _play(game: Game, players: dict[Seat, Player]) -> None:
    """The cards, the computer's shown as they fall and each trick when complete; then the result."""
    rules = game.rules

    def show_card(game: Game, seat: Seat, card: Card) -> None:
        if pupil_plays(game, seat):
            return
        assert game.play is not None
        values = {"seat": who(seat, game), "card": card_text(card)}
        if not game.play.current_trick:
            click.echo(gettext("%(seat)s leads %(card)s.") % values)
        else:
            click.echo(gettext("%(seat)s plays %(card)s.") % values)
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


def three_handed_story(three: ThreeHanded, *, you: Seat) -> list[str]:
    """What the three-handed announcement decides, in words (RULES §7): the points announced, then who declares,
    who moves and who plays which hand, or the redeal. The player at ``you`` is spoken to as "you"."""
    hcp, dealer = three.hcp, three.dealer
    dummy_hand = dealer.partner
    order = (dealer, dealer.lho, dealer.rho)
    values: dict[str, object] = {
        "points": ", ".join(f"{seat.in_words} {hcp[seat]}" for seat in order),
        "dummy": dummy_hand.in_words,
        "dummy_points": hcp[dummy_hand],
        "dealer": dealer.in_words,
        "lho": dealer.lho.in_words,
        "rho": dealer.rho.in_words,
    }
    lines = [
        gettext("Points announced: %(points)s; the dummy hand (%(dummy)s) holds %(dummy_points)s, forty less the rest.")
        % values
    ]
    if three.variant == "simple":
        top = max(order, key=lambda seat: (hcp[seat], -order.index(seat)))
        values |= {
            "top": top.in_words,
            "tie": gettext(" (first of the equals to announce)") if sum(hcp[s] == hcp[top] for s in order) > 1 else "",
            "together": hcp[top] + hcp[dummy_hand],
        }
        if three.redeal:
            lines.append(
                gettext(
                    "%(top)s holds the most points%(tie)s, but with the dummy hand only %(together)s, fewer than 21: "
                    "the same dealer deals again."
                )
                % values
            )
            return lines
        assert three.declarer is not None
        lines.append(
            gettext("%(top)s holds the most points%(tie)s and declares, %(together)s with the dummy hand.") % values
        )
        for player, seat in three.players.items():
            if player is seat:
                continue
            moved = values | {"at": player.in_words, "player": player.in_words, "seat": seat.in_words}
            if player is you:
                text = gettext(
                    "The dummy hand is laid opposite %(top)s, at %(at)s; you take your cards to %(seat)s and defend."
                )
            else:
                text = gettext(
                    "The dummy hand is laid opposite %(top)s, at %(at)s; %(player)s takes their cards to %(seat)s and "
                    "defends."
                )
            lines.append(text % moved)
        return lines
    ours = hcp[dealer] + hcp[dummy_hand]
    values |= {"ours": ours, "theirs": 40 - ours}
    if three.redeal:
        lines.append(
            gettext(
                "%(dealer)s and the dummy hand hold 20 points, and so do the other two: the same dealer deals again."
            )
            % values
        )
        return lines
    assert three.declarer is not None
    if ours > 20:
        lines.append(
            gettext(
                "%(dealer)s and the dummy hand hold %(ours)s points, %(lho)s and %(rho)s %(theirs)s: "
                "%(dealer)s declares."
            )
            % values
        )
        if three.exchanged and dealer is you:
            lines.append(
                gettext(
                    "The dummy hand holds more points than %(dealer)s's: you take it, and the hand %(dealer)s was "
                    "dealt becomes dummy."
                )
                % values
            )
        elif three.exchanged:
            lines.append(
                gettext(
                    "The dummy hand holds more points than %(dealer)s's: %(dealer)s takes it, and the hand %(dealer)s "
                    "was dealt becomes dummy."
                )
                % values
            )
        return lines
    declarer = three.declarer
    partner = declarer.partner
    values |= {
        "declarer": declarer.in_words,
        "partner": partner.in_words,
        "tie": gettext(" (equal: the first to announce)") if hcp[dealer.lho] == hcp[dealer.rho] else "",
    }
    lines.append(
        gettext(
            "%(lho)s and %(rho)s hold %(theirs)s points, %(dealer)s and the dummy hand %(ours)s: %(declarer)s holds "
            "more%(tie)s and declares."
        )
        % values
    )
    if partner is you:
        text = gettext(
            "Your hand (South) is laid down as dummy, and you take over the dummy hand at %(dummy)s, defending with "
            "%(dealer)s."
        )
    else:
        text = gettext(
            "%(partner)s's hand is laid down as dummy, and %(partner)s takes over the dummy hand at %(dummy)s, "
            "defending with %(dealer)s."
        )
    lines.append(text % values)
    return lines


# --- words on the screen ---------------------------------------------------------------------------------


def signal_said(play: Play, seat: Seat, card: Card) -> str | None:
    """What partner's card tells the pupil under the signals of MiniLesson Six (before it is played)."""
    led = play.current_trick[play.leader].suit if play.current_trick else None
    meaning = signal_in_trick(Hand(play.hand(seat)), card, led=led, partner_led=play.leader is seat.partner)
    denied = denied_by_lead(card)
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


def tricks_taken(play: Play) -> str:
    """Each side's tricks."""
    ns, ew = play.tricks_won(Side.NORTH_SOUTH), play.tricks_won(Side.EAST_WEST)
    return ngettext(
        "North–South took %(ns)s trick, East–West %(ew)s.", "North–South took %(ns)s tricks, East–West %(ew)s.", ns
    ) % {
        "ns": ns,
        "ew": ew,
    }


def trick_line(number: int, trick: Trick, play: Play) -> str:
    """A trick as it fell, who won it, and the tricks so far."""
    values = {
        "number": number,
        "cards": ", ".join(f"{seat.in_words} {card_text(card)}" for seat, card in trick.in_order()),
        "winner": trick.winner.in_words,
        "ns": play.tricks_won(Side.NORTH_SOUTH),
        "ew": play.tricks_won(Side.EAST_WEST),
    }
    return gettext("Trick %(number)s: %(cards)s: %(winner)s wins. North–South %(ns)s, East–West %(ew)s.") % values


def end_of_deal(game: Game, *, you: Seat | None = None) -> str:
    """All four hands as they were played and every trick: what the pupil sees once a deal is over."""
    notes: dict[Seat, list[str]] = {seat: [] for seat in Seat}
    if game.declarer is not None and game.dummy is not None:
        notes[game.declarer].append(gettext("declarer"))
        notes[game.dummy].append(gettext("dummy"))
    if you is not None and you is not game.dummy:
        notes[you].append(gettext("you"))
    labels = {seat: seat.in_words + (f" ({', '.join(notes[seat])})" if notes[seat] else "") for seat in Seat}
    lines = ["", gettext("The four hands:"), *four_hands(game.deal, labels)]
    if game.play is not None and game.play.tricks:
        lines += ["", gettext("The tricks:"), *tricks_table(game.play)]
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
    head = [gettext("Trick"), gettext("Led by"), *(seat.in_words for seat in seats), gettext("Won by")]
    rows = [
        [str(number), trick.leader.in_words, *(card_text(trick.cards[seat]) for seat in seats), trick.winner.in_words]
        for number, trick in enumerate(play.tricks, start=1)
    ]
    widths = [max(width(row[i]) for row in [head, *rows]) + 2 for i in range(len(head))]
    return ["".join(pad(cell, w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in [head, *rows]]
