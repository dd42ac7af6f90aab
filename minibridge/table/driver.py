"""The one game driver: a table of people and computer players playing a session of deals.

A :class:`Table` holds the session, the deal at the table and who sits where (:class:`~minibridge.table.Seating`).
It asks nothing by itself: a front end asks whose decision is next (:attr:`Table.decider`), takes a person's
decision (:meth:`Table.choose_declarer`, :meth:`Table.choose_contract`, :meth:`Table.play_card`, refused in words
when it is not theirs or not allowed) and lets the computer take one decision at a time (:meth:`Table.step`, or
:meth:`Table.decide` then :meth:`Table.take` to tell the card before it falls). The terminal, the classroom's
tablets and a table of pupils all run on it. A deal dealt again (20 points a side) is kept in
:attr:`Table.redeals` for a front end to tell. A table set to practise declaring or defending turns each deal round
by one seat where needed (:func:`turned_for_practice`), so that one side declares every deal, or defends it.

>>> from minibridge.rules import find_rules
>>> from minibridge.robot import DEFAULT_SAMPLES, Robot
>>> rules = find_rules("ebu")
>>> table = Table(rules, seating=Seating.alone(), computer=ComputerPlayer(robot=Robot(rules, samples=2)), deals=1)
>>> table.start()
>>> table.phase in ("declarer", "contract", "play"), table.deal_number
(True, 1)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from minibridge.analysis import best_contract, dd_tables
from minibridge.board import Board
from minibridge.cards import Card, Seat, Side
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.errors import IllegalPlayError, RuleError
from minibridge.language import gettext
from minibridge.review import contracts_data, contracts_dd, review_data, review_game
from minibridge.robot import DEFAULT_SAMPLES, Robot
from minibridge.rules import RuleSet
from minibridge.table.counting import still_counting
from minibridge.table.game import Game, why_not
from minibridge.table.seats import Seating
from minibridge.table.session import Session
from minibridge.trick import Trick

__all__ = [
    "Phase",
    "Practice",
    "PRACTICES",
    "Player",
    "ComputerPlayer",
    "Decision",
    "DealRecord",
    "Table",
    "decide",
    "take",
    "play_out",
    "play_by_computers",
    "best_contract_of",
    "review_of",
    "take_back",
    "check_practice",
    "turned_for_practice",
]

Phase = Literal["count", "declarer", "contract", "play", "deal_over", "game_over"]
"""What the table waits for: the people counting their own points, declarer chosen between equals, the contract, a
card, the next deal, nothing."""

Practice = Literal["declarer", "defender"]
"""What one side practises at every deal: declaring, or defending."""

PRACTICES: tuple[Practice, ...] = ("declarer", "defender")
"""Every practice a table knows."""


class Player(Protocol):
    """A player who makes the decisions of a seat (and of dummy, as declarer) when asked."""

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

    @classmethod
    def of(cls, rules: RuleSet, *, samples: int | None = None, seed: int = 0) -> ComputerPlayer:
        """A computer player under ``rules`` that thinks about ``samples`` layouts a decision (by default
        :data:`~minibridge.robot.DEFAULT_SAMPLES`); the same seed plays the same way."""
        return cls(robot=Robot(rules, samples=samples or DEFAULT_SAMPLES, seed=seed))

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
        return self.robot.choose_card(game.play, game.knowledge)


@dataclass(frozen=True, kw_only=True)
class Decision:
    """One decision at the table: declarer chosen between equals, the contract, or a card for a seat."""

    choice: Literal["declarer", "contract", "card"]
    seat: Seat
    """The seat chosen as declarer; declarer, for the contract; the seat whose card is played."""
    contract: Contract | None = None
    card: Card | None = None


def decide(game: Game, player: Player) -> Decision:
    """The decision ``player`` takes for the seat whose turn it is (the game waits for a decision)."""
    if game.stage == "declarer":
        return Decision(choice="declarer", seat=player.choose_declarer(game))
    if game.stage == "contract":
        assert game.declarer is not None
        return Decision(choice="contract", seat=game.declarer, contract=player.choose_contract(game))
    assert game.play is not None and game.play.to_play is not None, "the game waits for no decision"
    seat = game.play.to_play
    return Decision(choice="card", seat=seat, card=player.choose_card(game, seat))


def take(game: Game, decision: Decision) -> Trick | None:
    """Take ``decision`` in ``game`` (refused in words when the rules do not allow it); the trick a card completes."""
    if decision.choice == "declarer":
        game.choose_declarer(decision.seat)
    elif decision.choice == "contract":
        assert decision.contract is not None
        game.choose_contract(decision.contract)
    else:
        assert decision.card is not None
        return game.play_card(decision.card, decision.seat)
    return None


def play_out(game: Game, player: Player) -> list[Decision]:
    """Drive ``game`` to its end with ``player`` at every seat; the decisions taken, in order."""
    taken = []
    while game.stage in ("declarer", "contract", "play"):
        decision = decide(game, player)
        take(game, decision)
        taken.append(decision)
    return taken


def play_by_computers(rules: RuleSet, board: Board, robot: Robot) -> Game:
    """A deal announced, contracted and played by four computer players (a game at stage ``redeal`` when the
    same dealer deals again)."""
    game = Game(rules, board)
    play_out(game, ComputerPlayer(robot=robot))
    return game


@dataclass(kw_only=True)
class DealRecord:
    """One deal as dealt and every decision taken in it."""

    number: int
    """The deal's place in the session, from 1."""
    dealer: Seat
    deal: Deal
    declarer: Seat | None = None
    contract: Contract | None = None
    cards: list[Card] = field(default_factory=list)
    again: bool = False
    """The deal before dealt again (the same dealer and cards), for the players to play it better."""
    best: dict[str, Any] | None = None
    """Once the deal is over, when the table finds it: the best contract double dummy for the declarer
    (``contract``, ``tricks``, ``score``), or None without a contract."""
    review: dict[str, Any] | None = None
    """Once the deal is over, when the table finds it: every card's double-dummy cost and what each contract would
    have scored (:func:`review_of`)."""
    finished: Game | None = None
    """Once the deal is over: the deal as it ended at the table (its contract, tricks and score)."""
    counts: dict[Seat, list[int]] = field(default_factory=dict)
    """The points each person counted in their own hand before the announcement, every try in order, by the seat
    they were dealt at."""


class Table:
    """People and computer players at one table, playing a session of deals under a rule set.

        ``boards`` are the teacher's boards, played once each in order instead of deals dealt at random from
    ``seed``; ``auto_single`` plays a person's only legal card for them; ``find_best`` works out each deal's best
    contract double dummy once it is over. With ``count_points`` (under rules that announce points), each person
    counts the points of their own hand before the announcement (:meth:`Table.count_points`). With ``practice``,
    ``practice_side`` declares every deal (``declarer``) or defends it (``defender``): each deal the table deals,
    random or the teacher's, is turned round by one seat when the other side would declare it as dealt (refused in
    words under rules where nobody declares, and with three players).
    """

    def __init__(
        self,
        rules: RuleSet,
        *,
        seating: Seating,
        computer: Player,
        deals: int | None = None,
        target: int | None = None,
        first_dealer: Seat | None = None,
        seed: int = 1,
        cards_per_hand: int = 13,
        boards: Sequence[Board] = (),
        auto_single: bool = False,
        find_best: bool = False,
        practice: Practice | None = None,
        practice_side: Side = Side.NORTH_SOUTH,
        count_points: bool = False,
    ) -> None:
        check_practice(rules, practice)
        self.rules = rules
        self.seating = seating
        self.computer = computer
        self.session = Session(rules=rules, deals=deals, target=target, first_dealer=first_dealer)
        self.boards = tuple(boards)
        self.auto_single = auto_single
        self.find_best = find_best
        self.practice = practice
        self.practice_side = practice_side
        self.counting = count_points and rules.announcement
        """Each person counts their own points before the announcement."""
        self.counters: set[str] | None = None
        """The people who count (None: every person at the table); a place that waits for a pupil counts nothing."""
        self.records: list[DealRecord] = []
        self.redeals: list[Game] = []
        """The deals dealt again (20 points a side) just before the deal at the table, in order."""
        self._dealing = random.Random(seed)
        self._size = cards_per_hand
        self.game: Game

    def start(self) -> None:
        """Deal the first deal."""
        self._next_deal()

    # --- where the table stands ----------------------------------------------------------------------------

    @property
    def deal_number(self) -> int:
        """The deal at the table, counted from 1 in this session: a deal played again (the same cards, for
        practice) keeps the number of the deal it repeats, so it does not use up one of the deals."""
        return sum(not record.again for record in self.records)

    @property
    def phase(self) -> Phase:
        """What the table waits for."""
        stage = self.game.stage
        if stage == "over":
            return "game_over" if self.session.finished else "deal_over"
        if stage in ("declarer", "contract"):
            return "count" if self.seats_counting() else stage
        return "play"

    @property
    def decider(self) -> str | None:
        """The person whose decision is next (None: the computer's, or no decision is waited for)."""
        return self.seating.decider(self.game) if self.phase in ("declarer", "contract", "play") else None

    @property
    def seat_to_play(self) -> Seat | None:
        """The seat whose card is next (None outside the play)."""
        return self.game.play.to_play if self.game.stage == "play" and self.game.play is not None else None

    def legal_cards(self, person: str) -> list[Card]:
        """The cards ``person`` may play now (none when the card is not theirs)."""
        seat = self.seat_to_play
        if seat is None or self.decider != person:
            return []
        assert self.game.play is not None
        return self.game.play.legal_cards(seat)

    def sees(self, person: str) -> list[Seat]:
        """The seats whose cards ``person`` may see now, in seat order."""
        return self.seating.sees(self.game, person)

    def plays(self, person: str, seat: Seat) -> bool:
        """``person`` plays ``seat``'s cards now."""
        return self.seating.plays(self.game, person, seat)

    def hand(self, person: str) -> Seat:
        """The hand ``person`` plays as their own."""
        return self.seating.hand(self.game, person)

    def seats_counting(self) -> list[Seat]:
        """Before the announcement, at a table where people count their own points: the seats (as dealt) of the
        people who have not yet counted their hand right; none once a decision is taken in the deal."""
        game = self.game
        if not self.counting or game.contract is not None or game.stage not in ("declarer", "contract"):
            return []
        if game.announcement is not None and game.stage == "contract" and len(game.announcement.may_declare) > 1:
            return []  # declarer was chosen between equals: the points were announced
        hands = {seat: game.deal[seat] for seat in Seat}
        seats = [
            seat for seat, person in self.seating.people.items() if self.counters is None or person in self.counters
        ]
        return still_counting(self.records[-1].counts, seats, hands)

    def counted_at(self, person: str) -> Seat | None:
        """The seat whose hand ``person`` counts (the seat they were dealt at), or None when they count nothing."""
        return next((seat for seat, key in self.seating.people.items() if key == person), None)

    # --- a person's decisions ---------------------------------------------------------------------------------

    def count_points(self, person: str, points: int) -> bool:
        """``person`` says how many points their own hand holds; True when right. Every count is kept (a wrong one
        too: the help a person is given grows with their tries); refused in words when nobody counts now, or when
        this person has counted right already."""
        seat = self.counted_at(person)
        if self.phase != "count" or seat is None:
            raise RuleError(gettext("there are no points to count now"))
        if seat not in self.seats_counting():
            raise RuleError(gettext("you have counted your points: wait for the others"))
        if not 0 <= points <= 37:
            raise RuleError(gettext("a hand holds 0 to 37 points, not %(points)s") % {"points": points})
        self.records[-1].counts.setdefault(seat, []).append(points)
        return points == self.game.deal[seat].hcp

    def choose_declarer(self, person: str, seat: Seat) -> None:
        """``person``'s side chooses who declares (equal points, where the rules let the partners choose)."""
        if self.phase != "declarer" or self.decider != person:
            raise RuleError(gettext("there is no declarer to choose now"))
        self._take(Decision(choice="declarer", seat=seat))

    def choose_contract(self, person: str, contract: Contract) -> None:
        """``person``, as declarer, chooses the contract; one the rules forbid is refused, saying why."""
        if self.phase != "contract" or self.decider != person:
            raise RuleError(gettext("it is not the moment for you to choose a contract"))
        assert self.game.declarer is not None
        self._take(Decision(choice="contract", seat=self.game.declarer, contract=contract))

    def play_card(self, person: str, card: Card) -> Trick | None:
        """``person`` plays a card for the seat to play; the trick it completes."""
        seat = self.seat_to_play
        if seat is None:
            raise IllegalPlayError(gettext("there is no card to play now"))
        if self.decider != person:
            raise IllegalPlayError(
                gettext("it is %(seat)s's turn: wait for the computer to play") % {"seat": seat.in_words}
            )
        assert self.game.play is not None
        if card not in self.game.play.legal_cards(seat):
            raise IllegalPlayError(why_not(self.game.play, seat, card, you=self.hand(person)))
        return self._take(Decision(choice="card", seat=seat, card=card))

    def next_deal(self, *, again: bool = False) -> None:
        """On to the next deal, once a deal is over; with ``again``, the same deal dealt again (the same dealer and
        cards), for practice: it is not one of the session's deals and its score is not added to the totals (not on
        the teacher's boards, which everyone plays once each)."""
        if self.phase != "deal_over":
            raise RuleError(
                gettext("the deal is not over yet") if self.phase != "game_over" else gettext("the game is over")
            )
        if again and self.boards:
            raise RuleError(gettext("everyone plays the teacher's boards once each: go on to the next board"))
        self._next_deal(again=again)

    # --- the computer --------------------------------------------------------------------------------------

    def only_card(self) -> Card | None:
        """A person's one legal card, when the table plays it for them (else None)."""
        person = self.decider
        legal = self.legal_cards(person) if self.auto_single and person is not None else []
        return legal[0] if len(legal) == 1 else None

    def computer_to_act(self) -> bool:
        """The next decision is taken without a person: the computer's, or a person's only card."""
        if self.phase not in ("declarer", "contract", "play"):
            return False
        return self.decider is None or self.only_card() is not None

    def decide(self) -> Decision | None:
        """The decision the computer takes next (or a person's only card), not yet taken; None when the next
        decision is a person's or the deal is over."""
        if not self.computer_to_act():
            return None
        card = self.only_card()
        if card is not None:
            assert self.seat_to_play is not None
            return Decision(choice="card", seat=self.seat_to_play, card=card)
        return decide(self.game, self.computer)

    def take(self, decision: Decision) -> Trick | None:
        """Take a decision of :meth:`decide`; the trick a card completes."""
        return self._take(decision)

    def step(self) -> bool:
        """Let the computer take one decision; False when the decision is a person's or the deal is over."""
        decision = self.decide()
        if decision is None:
            return False
        self._take(decision)
        return True

    def advance(self) -> None:
        """Let the computer play up to a person's next decision or the end of the deal."""
        while self.step():
            pass

    # --- the deals ---------------------------------------------------------------------------------------------

    def _take(self, decision: Decision) -> Trick | None:
        trick = take(self.game, decision)
        record = self.records[-1]
        if decision.choice == "declarer":
            record.declarer = decision.seat
        elif decision.choice == "contract":
            record.contract = decision.contract
        else:
            assert decision.card is not None
            record.cards.append(decision.card)
        self._close_deal()
        return trick

    def _deal_board(self) -> Board:
        if self.boards:
            return self.boards[len(self.records)]
        number = self.session.played + 1
        return Board(
            number=number, dealer=self.session.dealer, deal=Deal.random(self._dealing, cards_per_hand=self._size)
        )

    def _next_deal(self, *, again: bool = False) -> None:
        """Deal the next deal (a redeal is dealt again by the same dealer at once), turned round for practice, or
        with ``again`` the deal just played once more, as it was played."""
        self.redeals = []
        if again:
            last = self.records[-1]
            board = Board(number=self.game.board.number, dealer=last.dealer, deal=last.deal)
            game = Game(self.rules, board)
        else:
            while True:
                board = self._deal_board()
                game = Game(self.rules, board)
                if game.stage != "redeal":
                    break
                if self.boards:
                    raise RuleError(
                        gettext("board %(board)s is a redeal (20 points a side): it cannot be played")
                        % {"board": board.number}
                    )
                self.session.record_game(game)
                self.redeals.append(game)
            if self.practice is not None:
                game = turned_for_practice(game, self.practice, self.practice_side)
        deal = game.board.deal
        assert deal is not None
        self.game = game
        record = DealRecord(
            number=len(self.records) + 1, dealer=game.dealer, deal=deal, declarer=game.declarer, again=again
        )
        self.records.append(record)

    def _close_deal(self, *, solve: bool = True, solve_review: bool = True) -> None:
        """Record a deal that is over in the session and, when the table finds them, its best contract and its
        review (``solve`` and ``solve_review``: work them out, rather than take those kept)."""
        if self.game.stage == "over" and self.records[-1].finished is None:
            self.session.record_game(self.game, practice=self.records[-1].again)
            self.records[-1].finished = self.game
            if solve and self.find_best:
                self.records[-1].best = best_contract_of(self.game)
            if solve_review and self.find_best:
                self.records[-1].review = review_of(self.game)

    # --- kept as data --------------------------------------------------------------------------------------

    def decisions_data(self) -> list[dict[str, Any]]:
        """Every deal's decisions as plain data (with the best contract and the review when found)."""
        return [
            {
                "number": r.number,
                "declarer": r.declarer.letter if r.declarer is not None else None,
                "contract": str(r.contract) if r.contract is not None else None,
                "cards": [str(c) for c in r.cards],
                "again": r.again,
                "best": r.best,
                "review": r.review,
                "counts": {seat.letter: tries for seat, tries in r.counts.items()},
            }
            for r in self.records
        ]

    def take_again(self, deals: Sequence[dict[str, Any]]) -> None:
        """Deal again and take the decisions of :meth:`decisions_data`, without the computer thinking again."""
        for saved in deals:
            self._next_deal(again=saved.get("again", False))
            game, record = self.game, self.records[-1]
            record.counts = {Seat.from_str(seat): list(tries) for seat, tries in saved.get("counts", {}).items()}
            if saved["declarer"] is not None and game.stage == "declarer":
                seat = Seat.from_str(saved["declarer"])
                game.choose_declarer(seat)
                record.declarer = seat
            if saved["contract"] is not None:
                contract = Contract.from_str(saved["contract"])
                game.choose_contract(contract)
                record.contract = contract
            for text in saved["cards"]:
                card = Card.from_str(text)
                game.play_card(card)
                record.cards.append(card)
            record.best = saved.get("best")
            record.review = saved.get("review")
            self._close_deal(solve="best" not in saved, solve_review="review" not in saved)


def check_practice(rules: RuleSet, practice: str | None) -> None:
    """Refuse in words a practice other than ``declarer`` or ``defender``, and practice where it means nothing:
    under rules without an announcement and a contract (MiniLessons One and Two) nobody declares, and three players
    announce and sit otherwise than four."""
    if practice is None:
        return
    if practice not in PRACTICES:
        raise RuleError(
            gettext("'practice' should be \"declarer\" or \"defender\", not '%(practice)s'") % {"practice": practice}
        )
    if rules.three_handed is not None:
        raise RuleError(gettext("declaring or defending every deal is for four players, not three"))
    if not (rules.announcement and rules.has_contract):
        raise RuleError(
            # TRANSLATORS: %(rules)s is a lesson, like "MiniLesson One".
            gettext("%(rules)s has no declarer: declare or defend every deal from MiniLesson Three on")
            % {"rules": rules.title_in_words}
        )


def turned_for_practice(game: Game, practice: Practice, side: Side) -> Game:
    """The deal of ``game`` as practice wants it, ``side`` declaring (``declarer``) or defending (``defender``): as
    dealt when the announcement already says so, else turned round the table by one seat (each hand and the dealer
    to the next seat clockwise), which gives the declaring to the other side. A redeal stays as dealt.

    >>> from minibridge.rules import find_rules
    >>> deal = Deal.from_pbn("N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76")
    >>> game = Game(find_rules("ebu"), Board(number=1, deal=deal))
    >>> game.declarer, turned_for_practice(game, "declarer", Side.NORTH_SOUTH) is game
    (<Seat.NORTH: 0>, True)
    >>> defending = turned_for_practice(game, "defender", Side.NORTH_SOUTH)
    >>> defending.dealer, defending.declarer, defending.deal[Seat.EAST] == deal[Seat.NORTH]
    (<Seat.EAST: 1>, <Seat.EAST: 1>, True)
    """
    declaring = game.announcement.declaring_side if game.announcement is not None else None
    wanted = side if practice == "declarer" else side.other
    if declaring is None or declaring == wanted:
        return game
    turned = Board(number=game.board.number, dealer=game.dealer.lho, deal=game.deal.turned())
    return Game(game.rules, turned)


def best_contract_of(game: Game) -> dict[str, Any] | None:
    """The contract that would have scored most double dummy for the deal's declarer: ``contract``, ``tricks``
    (declarer's, double dummy) and ``score`` (the declaring side's, negative when it fails); None without a
    contract."""
    if game.declarer is None or not game.rules.has_contract:
        return None
    table = dd_tables([game.deal], cache=True)[0]
    best = best_contract(table, game.declarer, game.rules, deal=game.deal)
    if best is None:
        return None
    return {"contract": str(best.contract), "tricks": best.tricks, "score": best.side_score}


def take_back(deal: dict[str, Any], **decisions: Any) -> None:
    """Change the decisions of one deal of :meth:`Table.decisions_data` in place (``cards``, ``contract``,
    ``declarer``), forgetting what was found once it was over: its best contract and its review."""
    deal.update(decisions, best=None, review=None)


def review_of(game: Game) -> dict[str, Any] | None:
    """A deal that is over, reviewed double dummy: ``cards``, every card played in order with what it cost its side
    (``trick``, ``seat``, ``card``, ``cost``, ``better``, ``tricks_before``: :mod:`minibridge.review`), and
    ``contracts``, what each contract the rules allow would have scored for the deal's declarer (``contract``,
    ``tricks``, ``score``; empty without a contract); None before the play."""
    play = game.play
    if play is None:
        return None
    reviewed = review_game(play)
    contracts = contracts_dd(game.deal, game.declarer, game.rules) if game.declarer is not None else []
    return {"cards": review_data(reviewed), "contracts": contracts_data(contracts)}
