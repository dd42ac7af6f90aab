"""One deal at the table — announce, declarer and dummy, contract, play, score — and a session of deals.

A :class:`Game` is one deal as the rules in force play it: the announcement picks the declaring side (or the
same dealer deals again), declarer (asked of the players where the partners may choose), the contract
(refused unless the rules allow it), then the cards (refused unless legal), then the score. It does nothing by
itself: :func:`play_game` drives it by asking a player for each decision, from a map of seat to player (a
person at a prompt, a computer player, a web request); a server can instead hold a Game and apply each
request as it comes. A :class:`Session` is several games: a fixed number or until a side reaches a target,
the dealer passing clockwise from the first dealer, given or drawn (:func:`draw_for_dealer`).

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
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal, Protocol

from minibridge.announce import Announcement, ThreeHanded, announce, announce_three_handed
from minibridge.board import Board
from minibridge.cards import CARDS, Card, Seat, Side
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.errors import IllegalPlayError, RuleError
from minibridge.language import gettext
from minibridge.play import Play
from minibridge.robot import Robot, Table
from minibridge.rules import RuleSet, allowed_contracts, check_contract, trumps_held
from minibridge.scoring import Score, find_scheme, goal, score
from minibridge.trick import Trick

__all__ = [
    "Stage",
    "Game",
    "Player",
    "ComputerPlayer",
    "play_game",
    "Session",
    "THREE_SEATS",
    "seating",
    "DealerDraw",
    "draw_for_dealer",
    "play_by_computers",
    "why_not",
]

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
        self.dealer: Seat = board.dealer or Seat.NORTH
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
            return self.declarer if seat is not None and seat is self.dummy else seat
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

    def at_seats(self, players: Mapping[Seat, Player]) -> dict[Seat, Player]:
        """The players given by the seat they were dealt at, by the seat they play (for :func:`play_game`)."""
        return {self.players[seat]: player for seat, player in players.items() if seat in self.players}

    @property
    def dummy(self) -> Seat | None:
        """Declarer's partner, whose hand lies face up once the contract is chosen (None without a dummy)."""
        if self.declarer is None or not self.rules.dummy or not self.rules.has_contract:
            return None
        return self.declarer.partner

    @property
    def defenders(self) -> tuple[Seat, ...]:
        """The two defenders (none without a declarer)."""
        return (self.declarer.lho, self.declarer.rho) if self.declarer is not None else ()

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
    def seen(self) -> Table:
        """What everyone at the table knows before the play: the rules, the points announced and the contract."""
        declarer = self.declarer if self.contract is not None else None
        return Table.of(self.rules, declarer=declarer, hcp=self.hcp, contract=self.contract)

    @property
    def result(self) -> Score | None:
        """The score once the play is over (None without a contract)."""
        if self.stage != "over" or self.contract is None or self.declarer is None:
            return None
        assert self.play is not None
        return score(self.contract, self.play.declarer_tricks, self.rules, points=self.declaring_points)

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


class Player(Protocol):
    """Someone at the table who makes the decisions of their seat (and of dummy, as declarer)."""

    def choose_declarer(self, game: Game) -> Seat:
        """Who declares, where the partners may choose."""
        ...

    def choose_contract(self, game: Game) -> Contract:
        """The contract, as declarer."""
        ...

    def choose_card(self, game: Game, seat: Seat) -> Card:
        """The card for ``seat`` (their own, or dummy's as declarer)."""
        ...


@dataclass(kw_only=True)
class ComputerPlayer:
    """A computer player at the table: the robot's choices for any seat."""

    robot: Robot

    def choose_declarer(self, game: Game) -> Seat:
        """The first of the partners to announce declares."""
        assert game.announcement is not None and game.announcement.declarer is not None
        return game.announcement.declarer

    def choose_contract(self, game: Game) -> Contract:
        """The contract with the best expected score."""
        assert game.declarer is not None
        return self.robot.choose_contract(game.deal, game.declarer, game.hcp or {})

    def choose_card(self, game: Game, seat: Seat) -> Card:
        """The card a careful player chooses, seeing only what that player sees."""
        assert game.play is not None
        return self.robot.choose_card(game.play, game.seen)


CardHook = Callable[[Game, Seat, Card], None]
TrickHook = Callable[[Game, Trick], None]


def play_game(
    game: Game,
    players: Mapping[Seat, Player],
    *,
    on_card: CardHook | None = None,
    on_trick: TrickHook | None = None,
) -> Game:
    """Drive a game to its end, asking each decision of the player at the seat that acts.

    ``on_card`` is told each card before it is played, ``on_trick`` each trick when it is complete.
    """
    while True:
        stage, seat = game.stage, game.to_act
        if seat is None or stage in ("over", "redeal"):
            return game
        player = players[seat]
        if stage == "declarer":
            game.choose_declarer(player.choose_declarer(game))
        elif stage == "contract":
            game.choose_contract(player.choose_contract(game))
        else:
            assert game.play is not None
            owner = game.play.to_play
            assert owner is not None
            card = player.choose_card(game, owner)
            if on_card is not None:
                on_card(game, owner, card)
            trick = game.play_card(card, owner)
            if trick is not None and on_trick is not None:
                on_trick(game, trick)


def play_by_computers(rules: RuleSet, board: Board, robot: Robot) -> Game:
    """A deal announced, contracted and played by four computer players (a game at stage ``redeal`` when the
    same dealer deals again)."""
    player = ComputerPlayer(robot=robot)
    return play_game(Game(rules, board), dict.fromkeys(Seat, player))


# --- a session --------------------------------------------------------------------------------------------------

THREE_SEATS: tuple[Seat, Seat, Seat] = (Seat.SOUTH, Seat.WEST, Seat.EAST)
"""Three-handed play: the seat each of the three players deals from, the first player (who always announces
from South), then the player on their left, then the player on their right. The dummy hand is dealt opposite
the dealer, so the other two players sit on the dealer's left and right: the player on the first player's left
sits West, or North when the player on the right deals."""


def seating(dealer: Seat) -> tuple[Seat, Seat, Seat]:
    """Three-handed play: the seat each of the three players (in the order of :data:`THREE_SEATS`) announces from
    when ``dealer`` deals: the dealer, the next player on the dealer's left, the other on the dealer's right.

    >>> seating(Seat.WEST)
    (<Seat.SOUTH: 2>, <Seat.WEST: 3>, <Seat.NORTH: 0>)
    """
    first = THREE_SEATS.index(dealer)
    seats = {first: dealer, (first + 1) % 3: dealer.lho, (first + 2) % 3: dealer.rho}
    return seats[0], seats[1], seats[2]


@dataclass(kw_only=True)
class Session:
    """A game of several deals: a fixed number, or until a side reaches a target; dealer passes clockwise.

    Without contracts (MiniLessons One and Two) the totals are the tricks each side took. Without a number of
    deals or a target, the rules' usual target: 1000 points (001), or under targets two deals won (best of three).
    In three-handed play the partnerships change from deal to deal, so each of the three players has a total:
    the score of the side they played for (:attr:`player_totals`), and the game goes on until one of them
    reaches the target; the deal passes clockwise round the three players (:data:`THREE_SEATS`).
    """

    rules: RuleSet
    deals: int | None = None
    target: int | None = None
    first_dealer: Seat | None = None
    """Who deals first: North unless given (South in three-handed play)."""
    totals: dict[Side, int] = field(default_factory=lambda: {Side.NORTH_SOUTH: 0, Side.EAST_WEST: 0})
    """Each side's total (0 in three-handed play, where the players keep :attr:`player_totals`)."""
    player_totals: list[int] = field(default_factory=lambda: [0, 0, 0])
    """Three-handed play: the total of each player, in the order of :data:`THREE_SEATS`."""
    history: list[tuple[Seat, Score | None]] = field(default_factory=list)
    """Each deal played (redeals not counted): its dealer and its score (None without contracts)."""

    def __post_init__(self) -> None:
        if self.first_dealer is None:
            self.first_dealer = Seat.SOUTH if self.three_handed else Seat.NORTH
        elif self.three_handed and self.first_dealer not in THREE_SEATS:
            raise RuleError(
                # TRANSLATORS: S, W and E are the letters to type for the first dealer: keep them.
                gettext(
                    "in three-handed play the players deal from South, West and East (%(seat)s is where the dummy "
                    "hand lies when South deals): the first dealer is S, W or E"
                )
                % {"seat": self.first_dealer.in_words}
            )
        if self.deals is not None:
            if self.deals < 1:
                raise RuleError(gettext("a session has at least one deal, not %(deals)s") % {"deals": self.deals})
            self.target = None
            return
        if not self.rules.has_contract:
            raise RuleError(
                gettext("%(rules)s has no score to reach: give a number of deals")
                % {"rules": self.rules.title_in_words}
            )
        if self.target is None:
            self.target = find_scheme(self.rules.scoring).session_target
        if self.target < 1:
            raise RuleError(
                gettext("a session needs a number of deals or a target score above 0, not %(target)s")
                % {"target": self.target}
            )

    @property
    def three_handed(self) -> bool:
        """Three players and a dummy hand."""
        return self.rules.three_handed is not None

    @property
    def dealer(self) -> Seat:
        """The dealer of the next deal (after a redeal, the same dealer deals again)."""
        first = self.first_dealer
        assert first is not None
        if self.three_handed:
            return THREE_SEATS[(THREE_SEATS.index(first) + len(self.history)) % 3]
        return Seat((first + len(self.history)) % 4)

    @property
    def seats(self) -> tuple[Seat, Seat, Seat]:
        """Three-handed play: the seat each player announces from in the next deal (see :func:`seating`)."""
        return seating(self.dealer)

    @property
    def played(self) -> int:
        """How many deals have been played."""
        return len(self.history)

    @property
    def finished(self) -> bool:
        """True when the agreed deals are played or a side (a player, in three-handed play) reached the target."""
        if self.deals is not None:
            return len(self.history) >= self.deals
        totals = self.player_totals if self.three_handed else self.totals.values()
        return any(total >= (self.target or 0) for total in totals)

    @property
    def winner(self) -> Side | None:
        """The side ahead at the end, or None while play goes on or on a tie (or in three-handed play)."""
        if self.three_handed or not self.finished or self.totals[Side.NORTH_SOUTH] == self.totals[Side.EAST_WEST]:
            return None
        return max(self.totals, key=lambda side: self.totals[side])

    @property
    def winning_player(self) -> int | None:
        """Three-handed play: the player ahead at the end (0 to 2, see :data:`THREE_SEATS`), or None while play
        goes on or when two are level at the top."""
        if not self.three_handed or not self.finished:
            return None
        best = max(self.player_totals)
        leaders = [player for player, total in enumerate(self.player_totals) if total == best]
        return leaders[0] if len(leaders) == 1 else None

    def record(self, declarer: Seat | None, result: Score | None, *, tricks: Mapping[Side, int] | None = None) -> None:
        """Add one deal: its declarer and score, or without contracts the ``tricks`` each side took; a redeal
        (nothing given) is not a deal played, and the same dealer deals again."""
        if self.finished:
            raise RuleError(gettext("the session is over: start a new one"))
        if result is None and tricks is None:
            return
        if result is not None:
            if declarer is None:
                raise RuleError(gettext("a scored deal needs its declarer"))
            if not self.three_handed:  # three players score one by one (record_game), not by side
                self.totals[declarer.side] += result.declarers_score
                self.totals[declarer.side.other] += result.defenders_score
        else:
            assert tricks is not None
            for side in Side:
                self.totals[side] += tricks[side]
        self.history.append((self.dealer, result))

    def record_game(self, game: Game) -> None:
        """Add a game that is over, or a redeal; in three-handed play each player scores for the side of the
        hand they played."""
        if game.stage == "redeal":
            self.record(None, None)
        elif game.stage != "over":
            raise RuleError(gettext("the deal is not finished yet"))
        elif game.result is not None:
            self.record(game.declarer, game.result)
            if self.three_handed:
                for player, points in enumerate(self.player_scores(game)):
                    self.player_totals[player] += points
        else:
            self.record(None, None, tricks={side: game.tricks(side) for side in Side})

    @staticmethod
    def player_scores(game: Game) -> tuple[int, int, int]:
        """Three-handed play: what each player (in the order of :data:`THREE_SEATS`) scores for ``game``: the
        score of the side of the hand they played (0 each until the deal is over, and for a redeal)."""
        result, declarer = game.result, game.declarer
        if result is None or declarer is None:
            return 0, 0, 0
        points = [
            result.declarers_score if game.players[seat].side is declarer.side else result.defenders_score
            for seat in seating(game.dealer)
        ]
        return points[0], points[1], points[2]

    def next_board(self, rng: random.Random, *, cards_per_hand: int = 13) -> Board:
        """The next deal, dealt at random by this session's dealer."""
        return Board(number=self.played + 1, dealer=self.dealer, deal=Deal.random(rng, cards_per_hand=cards_per_hand))


@dataclass(frozen=True, kw_only=True)
class DealerDraw:
    """The draw for the first dealer: the card each player drew and who deals."""

    cards: dict[Seat, Card]
    dealer: Seat


def draw_for_dealer(rng: random.Random, seats: tuple[Seat, ...] = tuple(Seat)) -> DealerDraw:
    """Each player draws a card from the pack and the highest card deals first (004; RULES §1). Of two cards of
    the same rank, the higher suit is the higher card, spades first, then hearts, diamonds and clubs, as when
    bridge players draw."""
    drawn = rng.sample(CARDS, len(seats))
    cards = dict(zip(seats, drawn, strict=True))
    dealer = max(seats, key=lambda seat: (cards[seat].rank, cards[seat].suit))
    return DealerDraw(cards=cards, dealer=dealer)
