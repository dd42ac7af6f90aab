"""``minibridge play``: play MiniBridge as South against the computer, or watch four computer players."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import click

from minibridge.cards import Card, Seat, Side, Suit
from minibridge.cli.common import (
    json_option,
    lesson_options,
    print_json,
    reports_errors,
    rules_in_force,
    rules_option,
    slam_option,
)
from minibridge.errors import AlreadyExistsError, MiniBridgeError
from minibridge.rules import RuleSet
from minibridge.scoring import find_scheme

if TYPE_CHECKING:
    from minibridge.announce import Announcement
    from minibridge.board import Board
    from minibridge.contract import Contract
    from minibridge.deal import Deal, Hand
    from minibridge.lessons import Lesson
    from minibridge.play import Play, Trick
    from minibridge.robot import Robot
    from minibridge.scoring import Score

PUPIL = Seat.SOUTH
SHORT_DEAL = 5
"""Cards per hand in MiniLessons One and Two when the lesson file has no deal to copy the size from."""


class _Quit(Exception):
    """The pupil typed ``quit``."""


class _InputEnded(Exception):
    """Standard input ended (or was interrupted) in the middle of a deal."""


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
    from minibridge.robot import DEFAULT_SAMPLES, Robot

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
    totals = _Totals(rules, deals, target)
    robot = Robot(rules, samples=samples or DEFAULT_SAMPLES, seed=seed)
    dealing = random.Random(seed)
    size = _cards_per_hand(rules, lesson)
    boards: list[Board] = []
    games: list[dict[str, object]] = []
    number = 0
    try:
        while not totals.finished:
            from minibridge.deal import Deal

            dealer = totals.dealer
            deal = Deal.random(dealing, cards_per_hand=size)
            if auto:
                outcome = _auto_deal(deal, dealer, robot, number + 1, quiet=as_json)
            else:
                outcome = _pupil_deal(deal, dealer, robot, number + 1)
            if outcome is None:
                continue
            number += 1
            board, declarer, result, game = outcome
            totals.record(declarer, result, board)
            if game is not None:
                games.append(game)
            if not as_json:
                click.echo(totals.describe())
            if save is not None:
                _save(save, [*boards, board])
            boards.append(board)
    except _Quit:
        click.echo("You stopped the game.")
    except _InputEnded:
        click.echo("")
        kept = ""
        if save is not None and boards:
            kept = f"; the {len(boards)} deal{'s' if len(boards) != 1 else ''} finished before it are saved in {save}"
        raise click.ClickException(f"the input ended in the middle of deal {number + 1}{kept}") from None
    if as_json:
        print_json(games)
        return
    click.echo(totals.verdict())
    if save is not None and boards:
        click.echo(f"{len(boards)} deal{'s' if len(boards) != 1 else ''} saved in {save}.")


# --- the score of the game -----------------------------------------------------------------------------------


@dataclass
class _Totals:
    """The running totals: points under a rule set with contracts, tricks in MiniLessons One and Two."""

    rules: RuleSet
    deals: int | None
    target: int | None
    played: int = 0
    points: dict[Side, int] = field(default_factory=lambda: {Side.NORTH_SOUTH: 0, Side.EAST_WEST: 0})

    @property
    def dealer(self) -> Seat:
        """Dealer passes clockwise from North; a redeal is dealt by the same dealer."""
        return Seat(self.played % 4)

    @property
    def finished(self) -> bool:
        """The agreed deals are played, or a side has reached the target (when nothing was said: 1000 points,
        or under targets, where each deal is won or lost, two deals won: the best of three)."""
        if self.deals is not None:
            return self.played >= self.deals
        target = self.target or find_scheme(self.rules.scoring).session_target
        return any(total >= target for total in self.points.values())

    def record(self, declarer: Seat | None, result: Score | None, board: Board) -> None:
        """Add one deal's score (or, without contracts, each side's tricks)."""
        self.played += 1
        if result is not None and declarer is not None:
            self.points[declarer.side] += result.declarers_score
            self.points[declarer.side.other] += result.defenders_score
        elif board.play is not None and board.deal is not None:
            self.points[Side.NORTH_SOUTH] += board.result or 0
            self.points[Side.EAST_WEST] += board.deal.cards_per_hand - (board.result or 0)

    def describe(self) -> str:
        """The totals so far."""
        ns, ew = self.points[Side.NORTH_SOUTH], self.points[Side.EAST_WEST]
        deals = f"{self.played} deal{'s' if self.played != 1 else ''}"
        if self.rules.has_contract:
            return f"Totals after {deals}: North–South {ns}, East–West {ew}."
        tricks = {side: f"{n} trick{'s' if n != 1 else ''}" for side, n in self.points.items()}
        return f"Totals after {deals}: North–South {tricks[Side.NORTH_SOUTH]}, East–West {tricks[Side.EAST_WEST]}."

    def verdict(self) -> str:
        """Who won the game."""
        ns, ew = self.points[Side.NORTH_SOUTH], self.points[Side.EAST_WEST]
        if not self.played:
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


def _board(number: int, dealer: Seat, play: Play, cards: list[Card], contract: Contract | None) -> Board:
    """The deal as a PBN board with its play; without a contract, Result holds North–South's tricks."""
    from minibridge.board import Board, PlayRecord

    record = PlayRecord.from_order(cards, play.deal)
    if contract is None or play.declarer is None:
        return Board(
            number=number, dealer=dealer, deal=play.deal, play=record, result=play.tricks_won(Side.NORTH_SOUTH)
        )
    return Board(
        number=number,
        dealer=dealer,
        deal=play.deal,
        declarer=play.declarer,
        contract=contract,
        result=play.declarer_tricks,
        play=record,
    )


# --- four computer players -----------------------------------------------------------------------------------


def _auto_deal(
    deal: Deal, dealer: Seat, robot: Robot, number: int, *, quiet: bool
) -> tuple[Board, Seat | None, Score | None, dict[str, object]] | None:
    from minibridge.robot import play_by_robots

    game = play_by_robots(deal, dealer, robot, number=number)
    if game is None:
        if not quiet:
            click.echo(f"Deal {number}, dealer {dealer.title}: each side holds 20 points, the same dealer deals again.")
        return None
    board = _board(number, dealer, game.play, list(game.cards), game.contract)
    if not quiet:
        head = f"Deal {number}, dealer {dealer.title}"
        if game.result is not None and game.declarer is not None:
            click.echo(f"{head}: {game.contract} by {game.declarer.title}. {game.result.describe()}")
        else:
            click.echo(f"{head}: {_tricks_taken(game.play)}")
    return board, game.declarer, game.result, game.as_json()


# --- South at the table ----------------------------------------------------------------------------------


def _pupil_deal(
    deal: Deal, dealer: Seat, robot: Robot, number: int
) -> tuple[Board, Seat | None, Score | None, None] | None:
    """One deal with the pupil as South; None on a redeal."""
    from minibridge.announce import announce
    from minibridge.play import Play
    from minibridge.robot import Table
    from minibridge.rules import allowed_contracts

    rules = robot.rules
    click.echo("")
    click.echo(f"Deal {number}, dealer {dealer.title}.")
    click.echo(f"Your hand (South): {_hand(deal[PUPIL])}")
    declarer: Seat | None = None
    contract: Contract | None = None
    announced: Announcement | None = None
    if rules.announcement:
        announced = announce(deal, dealer, tie_rule=rules.tie_rule)
        said = ", ".join(f"{seat.title} {announced.hcp[seat]}" for seat in announced.order)
        click.echo(f"Points announced: {said}.")
        if announced.redeal or announced.declaring_side is None:
            click.echo("Each side holds 20 points: the same dealer deals again.")
            return None
        side = announced.declaring_side
        ours, theirs = announced.side_hcp(side), announced.side_hcp(side.other)
        click.echo(f"{side.title} hold {ours} points, {side.other.title} {theirs}: {side.title} declare.")
        declarer = announced.declarer
        assert declarer is not None
        if side is Side.NORTH_SOUTH and len(announced.may_declare) > 1:
            declarer = _ask_declarer(announced)
    pupil_seats = {PUPIL}
    if declarer is not None and rules.has_contract:
        dummy = declarer.partner
        if declarer.side is Side.NORTH_SOUTH:
            pupil_seats = {Seat.NORTH, Seat.SOUTH}
            role = "you play both hands" if declarer is PUPIL else "you play both hands, North's cards and your own"
            click.echo(f"{declarer.title} is declarer and {dummy.title} is dummy: {role}.")
            if declarer is PUPIL:
                click.echo(f"Dummy ({dummy.title}): {_hand(deal[dummy])}")
            else:
                click.echo(f"{declarer.title} (declarer): {_hand(deal[declarer])}")
            contract = _ask_contract(allowed_contracts(rules, deal, declarer), rules, deal, declarer)
        else:
            contract = robot.choose_contract(deal, declarer, announced.hcp if announced else {})
            click.echo(f"{declarer.title} is declarer and {dummy.title} is dummy.")
            click.echo(f"{declarer.title} chooses {contract} ({contract.words}).")
            click.echo(f"Dummy ({dummy.title}): {_hand(deal[dummy])}")
        goal = _goal(contract, rules, deal, declarer)
        click.echo(f"{declarer.title} needs {goal} tricks; {declarer.lho.title} leads.")
        play = Play(deal, trumps=contract.strain.trumps, declarer=declarer)
        table = Table.of(rules, declarer=declarer, hcp=announced.hcp if announced else None, contract=contract)
    else:
        click.echo(f"Everyone plays their own cards; {dealer.lho.title} leads.")
        play = Play(deal, declarer=None, leader=dealer.lho)
        table = Table.of(rules, declarer=None, hcp=announced.hcp if announced else None)
    visible = pupil_seats | ({table.dummy} if table.dummy is not None else set())
    cards: list[Card] = []
    while not play.finished:
        seat = play.to_play
        assert seat is not None
        if seat in pupil_seats:
            card = _ask_card(play, seat, table.dummy, visible)
        else:
            card = robot.choose_card(play, table)
            verb = "leads" if not play.current_trick else "plays"
            click.echo(f"{_who(seat, table.dummy)} {verb} {_card(card)}.")
            if rules.signals and seat is PUPIL.partner and seat in table.defenders:
                said = _signal_said(play, seat, card)
                if said:
                    click.echo(f"  ({said})")
        trick = play.play(card, seat)
        cards.append(card)
        if trick is not None:
            click.echo(_trick_line(len(play.tricks), trick, play))
    board = _board(number, dealer, play, cards, contract)
    result = None
    if contract is not None and declarer is not None:
        from minibridge.scoring import score

        result = score(contract, play.declarer_tricks, rules, points=deal.side_hcp(declarer.side))
        click.echo(result.describe())
    else:
        click.echo(_tricks_taken(play))
    return board, declarer, result, None


def _signal_said(play: Play, seat: Seat, card: Card) -> str | None:
    """What partner's card tells the pupil under the signals of MiniLesson Six (before it is played)."""
    from minibridge.deal import Hand
    from minibridge.signals import denied_by_lead, signal_in_trick

    assert play.leader is not None
    led = play.current_trick[play.leader].suit if play.current_trick else None
    meaning = signal_in_trick(Hand(play.hand(seat)), card, led=led, partner_led=play.leader is seat.partner)
    denied = denied_by_lead(card)
    if meaning == "top of sequence" and denied is not None:
        return f"the top of a sequence: {seat.title} does not hold {_card(denied)}"
    if meaning == "encourage":
        return f"a high small card: {seat.title} likes {card.suit.plural}"
    if meaning == "discourage":
        return f"the lowest card: {seat.title} does not like {card.suit.plural}"
    return None


def _goal(contract: Contract, rules: RuleSet, deal: Deal, declarer: Seat) -> int:
    from minibridge.scoring import goal

    return goal(contract, rules, points=deal.side_hcp(declarer.side))


def _read(prompt: str) -> str:
    """One line from the pupil; ``quit`` stops the game, and so does the end of the input."""
    try:
        text = str(click.prompt(prompt, prompt_suffix=": ", default="", show_default=False)).strip()
    except click.Abort:
        raise _InputEnded from None
    if text.lower() in ("quit", "q", "stop"):
        raise _Quit
    return text


def _ask_declarer(announced: Announcement) -> Seat:
    first, second = announced.may_declare
    points = announced.hcp[first]
    while True:
        text = _read(f"{first.title} and {second.title} hold {points} points each: who declares, N or S?")
        if text.upper() in ("N", "NORTH", "S", "SOUTH"):
            return Seat.from_str(text)
        click.echo("Type N for North or S for South.")


def _ask_contract(allowed: list[Contract], rules: RuleSet, deal: Deal, declarer: Seat) -> Contract:
    from minibridge.contract import Contract
    from minibridge.rules import check_contract, trumps_held

    names = " ".join(str(c) for c in allowed)
    while True:
        text = _read(f"Choose the contract ({names})")
        try:
            chosen = Contract.from_str(text)
            if chosen not in allowed:
                held = trumps_held(deal, declarer, chosen.strain)
                check_contract(chosen, rules, points=deal.side_hcp(declarer.side), trumps_held=held)
                raise MiniBridgeError(f"'{chosen}' is not one of the contracts you may choose: {names}")
        except MiniBridgeError as err:
            click.echo(err.message)
            continue
        click.echo(f"{declarer.title} plays {chosen} ({chosen.words}).")
        return chosen


def _ask_card(play: Play, seat: Seat, dummy: Seat | None, visible: set[Seat]) -> Card:
    """The pupil's card for ``seat``, after showing the hands the pupil can see; asked again until legal."""
    for other in [seat, *sorted(visible - {seat})]:
        click.echo(f"  {_who(other, dummy)}: {_hand_cards(play.hand(other))}")
    current = play.current_trick
    if current:
        assert play.leader is not None
        on_table = ", ".join(f"{s.title} {_card(current[s])}" for s in play.leader.clockwise() if s in current)
        click.echo(f"  On the table: {on_table}.")
    while True:
        text = _read(f"Trick {len(play.tricks) + 1}: card from {_who(seat, dummy)}")
        if text in ("?", "help", ""):
            click.echo(f"{_who(seat, dummy)} may play: {_hand_cards(play.legal_cards(seat))}")
            continue
        try:
            card = Card.from_str(text)
            if card not in play.legal_cards(seat):
                play.play(card, seat)  # raises with the reason
        except MiniBridgeError as err:
            click.echo(err.message)
            continue
        return card


# --- words on the screen ---------------------------------------------------------------------------------


def _rank(card: Card) -> str:
    return "10" if card.rank.letter == "T" else card.rank.letter


def _card(card: Card) -> str:
    return card.suit.symbol + _rank(card)


def _hand_cards(cards: list[Card]) -> str:
    parts = []
    for suit in sorted(Suit, reverse=True):
        ranks = [_rank(c) for c in cards if c.suit is suit]
        parts.append(f"{suit.symbol} {' '.join(ranks) if ranks else '—'}")
    return "  ".join(parts)


def _hand(hand: Hand) -> str:
    return _hand_cards(list(hand))


def _who(seat: Seat, dummy: Seat | None) -> str:
    return f"{seat.title} (dummy)" if seat is dummy else seat.title


def _tricks_taken(play: Play) -> str:
    ns, ew = play.tricks_won(Side.NORTH_SOUTH), play.tricks_won(Side.EAST_WEST)
    return f"North–South took {ns} trick{'s' if ns != 1 else ''}, East–West {ew}."


def _trick_line(number: int, trick: Trick, play: Play) -> str:
    cards = ", ".join(f"{seat.title} {_card(card)}" for seat, card in trick.in_order())
    ns, ew = play.tricks_won(Side.NORTH_SOUTH), play.tricks_won(Side.EAST_WEST)
    return f"Trick {number}: {cards}: {trick.winner.title} wins. North–South {ns}, East–West {ew}."
