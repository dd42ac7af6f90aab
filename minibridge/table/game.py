"""One deal at the table: announce, declarer and dummy, contract, play, score.

A :class:`Game` is one deal as the rules in force play it: the announcement picks the declaring side (or the
same dealer deals again), declarer (asked of the players where the partners may choose), the contract
(refused unless the rules allow it), then the cards (refused unless legal), then the score. It does nothing by
itself: the table (:class:`minibridge.table.Table`) asks each decision of the player whose turn it is.

With three players (RULES §7) a Game is dealt with a dummy hand opposite dealer; the variant's announcement
decides declarer and who plays which hand (:attr:`Game.players`), and the deal is then played as with four.

>>> from minibridge.rules import find_rules
>>> deal = Deal.from_pbn("N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76")
>>> game = Game(find_rules("ebu"), Board(number=1, deal=deal))
>>> game.stage, game.declarer, game.dummy
('contract', <Seat.NORTH: 0>, <Seat.SOUTH: 2>)
>>> game.choose_contract(Contract.from_str("3NT"))
>>> game.stage, game.to_act, game.goal
('play', <Seat.EAST: 1>, 9)
"""

from __future__ import annotations

import dataclasses
from typing import Literal

from minibridge.announce import Announcement, ThreeHanded, announce, announce_three_handed
from minibridge.board import Board
from minibridge.cards import Card, Seat, Side
from minibridge.contract import Contract
from minibridge.deal import Deal, Hand
from minibridge.errors import IllegalPlayError, RuleError
from minibridge.knowledge import Knowledge
from minibridge.language import gettext
from minibridge.play import Play
from minibridge.rules import RuleSet, allowed_contracts, check_contract, trumps_held
from minibridge.scoring import Score, goal, score
from minibridge.signals import denied_by_lead, signal_in_trick
from minibridge.trick import Trick

__all__ = ["Stage", "Game", "why_not"]

Stage = Literal["redeal", "declarer", "contract", "play", "over"]
"""Where a game stands: dealt again, waiting for the partners to choose declarer, for the contract, in play, over."""


class Game:
    """One deal at the table under a rule set: what has been decided, what comes next, and the score."""

    def __init__(self, rules: RuleSet, board: Board) -> None:
        if board.deal is None:
            raise IllegalPlayError(gettext("a game needs a deal"))
        self.rules = rules
        self.board = board
        self.deal: Deal = board.deal
        """The deal as it is played: in three-handed play, with the hands moved as the variant says."""
        self.dealer: Seat = board.dealer if board.dealer is not None else Seat.NORTH
        self.announcement: Announcement | None = None
        self.three: ThreeHanded | None = None
        """Three-handed play: the announcement of the three players, who plays which hand, a redeal."""
        self.declarer: Seat | None = None
        self.contract: Contract | None = None
        self.play: Play | None = None
        if rules.three_handed is not None:
            self.three = announce_three_handed(self.deal, self.dealer, variant=rules.three_handed)
            if not self.three.redeal:
                self.deal = self.three.deal
                self._declare(self.three.declarer)
        elif rules.announcement:
            self.announcement = announce(self.deal, self.dealer, tie_rule=rules.tie_rule)
            if self.announcement.redeal:
                return
            if len(self.announcement.may_declare) < 2:
                self._declare(self.announcement.declarer)
        else:
            self.play = Play(self.deal, leader=self.dealer.lho)

    # --- where the game stands ---------------------------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        """What the game waits for."""
        if (self.announcement is not None and self.announcement.redeal) or (self.three and self.three.redeal):
            return "redeal"
        if self.play is not None:
            return "over" if self.play.finished else "play"
        if self.declarer is None:
            return "declarer"
        return "contract"

    @property
    def to_act(self) -> Seat | None:
        """The seat whose player decides next: a partner choosing declarer, declarer, or the seat to play
        (declarer for dummy's cards); None when the game is over or dealt again."""
        stage = self.stage
        if stage == "declarer":
            assert self.announcement is not None
            return self.announcement.may_declare[0]
        if stage == "contract":
            return self.declarer
        if stage == "play":
            assert self.play is not None
            seat = self.play.to_play
            return self.knowledge.player_for(seat) if seat is not None else None
        return None

    @property
    def hcp(self) -> dict[Seat, int] | None:
        """The points each seat announced (None without an announcement). In three-handed play, the points of the
        hand each seat plays: all four are known, dummy's being forty less the three announced."""
        if self.three is not None:
            return {seat: self.deal.hcp(seat) for seat in Seat}
        return dict(self.announcement.hcp) if self.announcement is not None else None

    @property
    def players(self) -> dict[Seat, Seat]:
        """Where each player plays: the seat they were dealt at, to the seat of the hand they play. Four players
        stay where they are; of three, one may move (see :class:`~minibridge.announce.ThreeHanded`)."""
        if self.three is not None:
            return dict(self.three.players)
        return {seat: seat for seat in Seat}

    @property
    def dummy(self) -> Seat | None:
        """Declarer's partner, whose hand lies face up from the moment declarer is known (None without a dummy)."""
        return self.knowledge.dummy

    @property
    def defenders(self) -> tuple[Seat, ...]:
        """The two defenders (none without a declarer)."""
        return self.knowledge.defenders

    @property
    def declaring_points(self) -> int | None:
        """The declaring side's combined points."""
        return self.deal.side_hcp(self.declarer.side) if self.declarer is not None else None

    @property
    def allowed_contracts(self) -> list[Contract]:
        """The contracts declarer may choose."""
        if self.declarer is None:
            return []
        return allowed_contracts(self.rules, self.deal, self.declarer)

    @property
    def goal(self) -> int | None:
        """Declarer's goal in tricks once the contract is chosen."""
        if self.contract is None:
            return None
        return goal(self.contract, self.rules, points=self.declaring_points)

    @property
    def knowledge(self) -> Knowledge:
        """What everyone at the table knows: the rules, the points announced, declarer and the contract."""
        return Knowledge.of(self.rules, declarer=self.declarer, hcp=self.hcp, contract=self.contract)

    @property
    def result(self) -> Score | None:
        """The score once the play is over (None without a contract)."""
        if self.stage != "over" or self.contract is None or self.declarer is None:
            return None
        assert self.play is not None
        tricks = self.play.declarer_tricks
        return score(self.contract, tricks, self.rules, points=self.declaring_points, declarer=self.declarer)

    @property
    def score_for(self) -> dict[Side, int]:
        """What each side scores for the deal once it is over: its points, or without contracts its tricks."""
        if self.result is not None:
            return {side: self.result.for_side(side) for side in Side}
        return {side: self.tricks(side) for side in Side}

    @property
    def card_seats(self) -> list[Seat]:
        """The seat of each card played so far, in the order played."""
        if self.play is None:
            return []
        seats = [seat for trick in self.play.tricks for seat in trick.leader.clockwise()]
        return seats + [seat for seat in self.play.leader.clockwise() if seat in self.play.current_trick]

    def tricks(self, side: Side) -> int:
        """Tricks a side has won so far."""
        return self.play.tricks_won(side) if self.play is not None else 0

    def played_board(self) -> Board:
        """The board as played, for a PBN file: the contract, the cards and the result (without a contract, the
        tricks of North–South)."""
        board = dataclasses.replace(self.board, deal=self.deal, tags={}, sections={}, read_as={})
        if self.play is None:
            return board
        board.play = self.play.record() if self.play.tricks or self.play.current_trick else None
        if self.contract is not None and self.declarer is not None:
            board.declarer, board.contract = self.declarer, self.contract
            board.result = self.play.declarer_tricks if self.play.finished else None
        else:
            board.result = self.play.tricks_won(Side.NORTH_SOUTH) if self.play.finished else None
        return board

    def signal(self, seat: Seat, card: Card) -> tuple[str, Card | None]:
        """What ``card``, about to be played from ``seat``, tells partner under the signals of MiniLesson Six: its
        meaning (``encourage``, ``discourage``, ``top of sequence`` or ``no signal``) and, for the top of a
        sequence, the card it denies."""
        assert self.play is not None
        play = self.play
        led = play.current_trick[play.leader].suit if play.current_trick else None
        meaning = signal_in_trick(Hand(play.hand(seat)), card, led=led, partner_led=play.leader is seat.partner)
        return meaning, denied_by_lead(card) if meaning == "top of sequence" else None

    # --- the decisions -----------------------------------------------------------------------------------------

    def choose_declarer(self, seat: Seat) -> None:
        """The partners of the declaring side choose who declares (equal points, when the rules let them)."""
        if self.stage != "declarer":
            raise RuleError(gettext("declarer is already known: there is nothing to choose"))
        assert self.announcement is not None
        if seat not in self.announcement.may_declare:
            names = gettext(" or ").join(s.in_words for s in self.announcement.may_declare)
            raise RuleError(
                gettext("%(seat)s may not declare: choose %(names)s") % {"seat": seat.in_words, "names": names}
            )
        self._declare(seat)

    def _declare(self, seat: Seat | None) -> None:
        self.declarer = seat
        if seat is not None and not self.rules.has_contract:
            self.play = Play(self.deal, leader=self.dealer.lho)

    def check_contract(self, contract: Contract) -> None:
        """Refuse a contract declarer may not choose now, saying why; nothing changes."""
        if self.stage != "contract":
            raise RuleError(gettext("this is not the moment to choose the contract"))
        assert self.declarer is not None
        held = trumps_held(self.deal, self.declarer, contract.strain)
        check_contract(contract, self.rules, points=self.declaring_points, trumps_held=held)
        allowed = self.allowed_contracts
        if contract not in allowed:
            raise RuleError(
                gettext("'%(contract)s' is not one of the contracts you may choose: %(names)s")
                % {"contract": contract.in_letters, "names": " ".join(c.in_letters for c in allowed)}
            )

    def choose_contract(self, contract: Contract) -> None:
        """Declarer announces the contract; one the rules do not allow is refused, saying why."""
        self.check_contract(contract)
        assert self.declarer is not None
        self.contract = contract
        self.play = Play(self.deal, trumps=contract.strain.trumps, declarer=self.declarer)

    def play_card(self, card: Card, seat: Seat | None = None) -> Trick | None:
        """Play a card for ``seat`` (by default the seat to play); the trick when it completes one."""
        if self.stage != "play":
            raise IllegalPlayError(gettext("this is not the moment to play a card"))
        assert self.play is not None
        return self.play.play(card, seat)


def why_not(play: Play, seat: Seat, card: Card, *, you: Seat | None = None) -> str:
    """Why ``card`` cannot be played from ``seat`` now, in a child's words, cards with suit symbols; the player
    at ``you`` is spoken to as "you"."""
    hand = play.hand(seat)
    mine = seat is you
    values = {"seat": seat.in_words, "card": card.shown}
    if card not in hand:
        return (gettext("you do not hold %(card)s") if mine else gettext("%(seat)s does not hold %(card)s")) % values
    current = play.current_trick
    led = current[play.leader].suit if current else None
    if led is not None and card.suit is not led:
        holding = [c for c in hand if c.suit is led]
        values |= {"suit": led.in_words, "cards": " ".join(c.shown for c in sorted(holding, reverse=True))}
        if mine:
            return gettext("you must follow suit: %(suit)s were led and you hold %(cards)s") % values
        return gettext("%(seat)s must follow suit: %(suit)s were led and %(seat)s holds %(cards)s") % values
    return gettext("%(card)s cannot be played now") % values
