"""A pupil's game against the computer, as the classroom server keeps it: South, with North's cards when
North–South declare, the computer at the other seats; or one of three players (RULES §7), the pupil announcing
from South; a session of deals under a lesson's rules or free play.

The game is kept as plain data (:meth:`PupilGame.to_data`, :meth:`PupilGame.from_data`): its setup and every
decision taken, so that it survives a restart and is rebuilt without the computer thinking again.

>>> game = PupilGame.start(GameSetup(lesson=5, deals=1, seed=7, samples=2))
>>> game.phase in ("contract", "play", "declarer"), game.deal_number
(True, 1)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Literal

from minibridge.analysis import best_contract, dd_tables
from minibridge.board import Board
from minibridge.cards import Card, Seat, Side
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.errors import IllegalPlayError, RuleError
from minibridge.language import gettext, ngettext
from minibridge.lessons import find_lesson
from minibridge.robot import DEFAULT_SAMPLES, Robot
from minibridge.rules import RuleSet, ThreeHandedVariant, find_rules
from minibridge.table import ComputerPlayer, Game, Session, why_not

__all__ = [
    "PUPIL",
    "SHORT_DEAL",
    "PLAYER_NAMES",
    "Phase",
    "GameSetup",
    "PupilGame",
    "pupils_seat",
    "pupil_plays",
    "pupil_declares",
]

PUPIL = Seat.SOUTH
SHORT_DEAL = 5
"""Cards per hand in MiniLessons One and Two when the lesson file has no deal to copy the size from."""

PLAYER_NAMES = ("you", "Left", "Right")
"""The three players of a three-handed game, in the order of ``THREE_SEATS``: the pupil, the computer player on
the pupil's left, the one on the right."""

Phase = Literal["declarer", "contract", "play", "deal_over", "game_over"]
"""What the game waits for: the pupil's choice of declarer or contract, a card, the next deal, nothing."""


@dataclass(frozen=True, kw_only=True)
class GameSetup:
    """How a pupil's game is played: a lesson (1 to 6) or free play under named rules, how long, which deals."""

    lesson: int | None = None
    rules: str = "ebu"
    """Free play: ``ebu``, ``nbb`` or ``targets`` (ignored with a lesson)."""
    slam: bool = False
    deals: int | None = None
    target: int | None = None
    seed: int = 1
    samples: int = DEFAULT_SAMPLES
    """Layouts the computer thinks about for each decision."""
    auto_single: bool = False
    """Play the pupil's card by itself when only one card may be played."""
    three_handed: ThreeHandedVariant | None = None
    """Three players, the pupil and two computer players, and a dummy hand: ``simple`` or ``normal``."""
    boards: tuple[tuple[int, str, str], ...] = ()
    """The teacher's boards, played once each in this order instead of random deals (everyone on the same
    deals): each board's number, its dealer's letter and its deal (``N:AK2.… … … …``)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "boards", tuple((int(n), str(d), str(deal)) for n, d, deal in self.boards))
        if self.boards and (self.target is not None or (self.deals or 0) > len(self.boards)):
            count = len(self.boards)
            raise RuleError(
                ngettext(
                    "the teacher's %(count)s board is played once: give no target, at most %(count)s deal",
                    "the teacher's %(count)s boards are played once each: give no target, at most %(count)s deals",
                    count,
                )
                % {"count": count}
            )
        if self.lesson is not None and not 1 <= self.lesson <= 6:
            raise RuleError(
                gettext("there are six MiniLessons: choose a lesson from 1 to 6, not %(lesson)s")
                % {"lesson": self.lesson}
            )
        if self.rules not in ("ebu", "nbb", "targets"):
            raise RuleError(
                # TRANSLATORS: ebu, nbb and targets are the names of the rules to send: keep them.
                gettext("free play is by the rules ebu, nbb or targets, not '%(rules)s'") % {"rules": self.rules}
            )
        if self.deals is not None and not 1 <= self.deals <= 52:
            raise RuleError(gettext("a game has 1 to 52 deals, not %(deals)s") % {"deals": self.deals})
        if self.target is not None and self.target < 1:
            raise RuleError(gettext("a target score is above 0, not %(target)s") % {"target": self.target})
        if self.deals is not None and self.target is not None:
            raise RuleError(gettext("give either a number of deals or a target, not both"))
        self.rule_set()  # the rules can be played together: refused in words if not

    def rule_set(self) -> RuleSet:
        """The rules in force."""
        rules = find_lesson(self.lesson).rules if self.lesson is not None else find_rules(self.rules)
        if self.lesson is None and self.slam:
            rules = rules.with_slam()
        return rules.replace(three_handed=self.three_handed) if self.three_handed is not None else rules

    def cards_per_hand(self) -> int:
        """13, or in MiniLessons One and Two as many as the lesson's own deals."""
        rules = self.rule_set()
        if rules.cards_per_hand is not None:
            return rules.cards_per_hand
        deals = find_lesson(self.lesson).deals if self.lesson is not None else ()
        return deals[0].deal.cards_per_hand if deals and deals[0].deal is not None else SHORT_DEAL

    def as_data(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "lesson": self.lesson,
            "rules": self.rules,
            "slam": self.slam,
            "deals": self.deals,
            "target": self.target,
            "seed": self.seed,
            "samples": self.samples,
            "auto_single": self.auto_single,
            "three_handed": self.three_handed,
            "boards": [list(board) for board in self.boards],
        }


@dataclass(kw_only=True)
class _DealRecord:
    """One deal as dealt and every decision taken in it."""

    number: int
    dealer: Seat
    deal: Deal
    declarer: Seat | None = None
    contract: Contract | None = None
    cards: list[Card] = field(default_factory=list)
    again: bool = False
    """The deal before dealt again (the same dealer and cards), for the pupil to play it better."""
    best: dict[str, Any] | None = None
    """Once the deal is over: the best contract double dummy for the declarer (``contract``, ``tricks``,
    ``score``), or None without a contract or for a short deal."""
    finished: Game | None = None
    """Once the deal is over: the deal as it ended at the table (its contract, tricks and score)."""


class PupilGame:
    """A pupil's game: the session, the deal at the table, and what the pupil may do now."""

    def __init__(self, setup: GameSetup) -> None:
        self.setup = setup
        self.rules = setup.rule_set()
        if setup.deals is None and setup.target is None and (setup.boards or not self.rules.has_contract):
            setup = GameSetup(**{**setup.as_data(), "deals": len(setup.boards) or 4})
            self.setup = setup
        self.session = Session(rules=self.rules, deals=setup.deals, target=setup.target)
        self.computer = ComputerPlayer(robot=Robot(self.rules, samples=setup.samples, seed=setup.seed))
        self._dealing = random.Random(setup.seed)
        self._size = setup.cards_per_hand()
        self.records: list[_DealRecord] = []
        self.game: Game

    @classmethod
    def start(cls, setup: GameSetup, *, advance: bool = True) -> PupilGame:
        """A new game, at the pupil's first decision (without ``advance``, at the first decision of any player:
        the computer's then come one :meth:`step` at a time)."""
        game = cls(setup)
        game._next_deal()
        if advance:
            game.advance()
        return game

    # --- where the game stands -----------------------------------------------------------------------------

    @property
    def deal_number(self) -> int:
        """The deal at the table, counted from 1 in this game."""
        return len(self.records)

    @property
    def phase(self) -> Phase:
        """What the game waits for."""
        stage = self.game.stage
        if stage == "over":
            return "game_over" if self.session.finished else "deal_over"
        if stage in ("declarer", "contract"):
            return stage
        return "play"

    def pupil_plays(self, seat: Seat) -> bool:
        """The pupil plays this seat's cards (see :func:`pupil_plays`)."""
        return pupil_plays(self.game, seat)

    @property
    def pupil_seat(self) -> Seat:
        """The seat whose cards the pupil plays as their own (see :func:`pupils_seat`)."""
        return pupils_seat(self.game)

    @property
    def pupil_to_act(self) -> bool:
        """The next decision is the pupil's."""
        game = self.game
        stage = game.stage
        if stage == "declarer":
            return game.announcement is not None and game.announcement.declaring_side is Side.NORTH_SOUTH
        if stage == "contract":
            return pupil_declares(game)
        if stage == "play":
            assert game.play is not None
            seat = game.play.to_play
            return seat is not None and self.pupil_plays(seat)
        return False

    @property
    def seat_to_play(self) -> Seat | None:
        """The seat whose card is next (None outside the play)."""
        return self.game.play.to_play if self.game.stage == "play" and self.game.play is not None else None

    def legal_cards(self) -> list[Card]:
        """The cards the pupil may play now (none when it is not the pupil's card)."""
        seat = self.seat_to_play
        if seat is None or not self.pupil_plays(seat):
            return []
        assert self.game.play is not None
        return self.game.play.legal_cards(seat)

    # --- the pupil's decisions -----------------------------------------------------------------------------

    def choose_declarer(self, seat: Seat) -> None:
        """The pupil's pair chooses who declares (equal points, where the lesson lets the players choose)."""
        if self.phase != "declarer" or not self.pupil_to_act:
            raise RuleError(gettext("there is no declarer to choose now"))
        self.game.choose_declarer(seat)
        self.records[-1].declarer = seat

    def choose_contract(self, contract: Contract) -> None:
        """The pupil chooses the contract for North–South; one the rules forbid is refused, saying why."""
        if self.phase != "contract" or not self.pupil_to_act:
            raise RuleError(gettext("it is not the moment for you to choose a contract"))
        self.game.choose_contract(contract)
        self.records[-1].contract = contract

    def play_card(self, card: Card) -> None:
        """The pupil plays a card for the seat to play (South, or North when North–South declare)."""
        seat = self.seat_to_play
        if seat is None:
            raise IllegalPlayError(gettext("there is no card to play now"))
        if not self.pupil_plays(seat):
            raise IllegalPlayError(
                gettext("it is %(seat)s's turn: wait for the computer to play") % {"seat": seat.in_words}
            )
        assert self.game.play is not None
        if card not in self.game.play.legal_cards(seat):
            raise IllegalPlayError(why_not(self.game.play, seat, card, you=self.pupil_seat))
        self.game.play_card(card, seat)
        self.records[-1].cards.append(card)
        self._close_deal()

    def next_deal(self, *, again: bool = False) -> None:
        """On to the next deal, once a deal is over; with ``again``, the same board dealt again (the same dealer
        and cards) as the next deal of the session, for the pupil to play it better (not on the teacher's boards,
        which everyone plays once each)."""
        if self.phase != "deal_over":
            raise RuleError(
                gettext("the deal is not over yet") if self.phase != "game_over" else gettext("the game is over")
            )
        if again and self.setup.boards:
            raise RuleError(gettext("everyone plays the teacher's boards once each: go on to the next board"))
        self._next_deal(again=again)

    # --- the computer ----------------------------------------------------------------------------------------

    def only_card(self) -> Card | None:
        """The pupil's one legal card, when the setup asks for it to be played by itself (else None)."""
        legal = self.legal_cards() if self.setup.auto_single else []
        return legal[0] if len(legal) == 1 else None

    def computer_to_act(self) -> bool:
        """The next decision is taken without the pupil: the computer's, or the pupil's only card."""
        if self.phase not in ("declarer", "contract", "play"):
            return False
        return not self.pupil_to_act or self.only_card() is not None

    def step(self) -> bool:
        """Let the computer take one decision (or play the pupil's only card, see :meth:`only_card`); False when
        the decision is the pupil's or the deal is over."""
        if not self.computer_to_act():
            return False
        game, record = self.game, self.records[-1]
        if game.stage == "declarer":
            seat = self.computer.choose_declarer(game)
            game.choose_declarer(seat)
            record.declarer = seat
        elif game.stage == "contract":
            contract = self.computer.choose_contract(game)
            game.choose_contract(contract)
            record.contract = contract
        else:
            seat = self.seat_to_play
            assert seat is not None
            card = self.only_card() or self.computer.choose_card(game, seat)
            game.play_card(card, seat)
            record.cards.append(card)
        self._close_deal()
        return True

    def advance(self) -> None:
        """Let the computer play up to the pupil's next decision or the end of the deal."""
        while self.step():
            pass

    # --- dealing --------------------------------------------------------------------------------------------

    def _deal_board(self) -> Board:
        if self.setup.boards:
            number, dealer, deal = self.setup.boards[len(self.records)]
            return Board(number=number, dealer=Seat.from_str(dealer), deal=Deal.from_pbn(deal))
        number = self.session.played + 1
        deal = Deal.random(self._dealing, cards_per_hand=self._size)
        return Board(number=number, dealer=self.session.dealer, deal=deal)

    def _next_deal(self, *, again: bool = False) -> None:
        """Deal the next deal (a redeal is dealt again by the same dealer at once), or with ``again`` the deal
        just played once more."""
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
                if self.setup.boards:
                    raise RuleError(
                        gettext("board %(board)s is a redeal (20 points a side): it cannot be played")
                        % {"board": board.number}
                    )
                self.session.record_game(game)
        assert board.deal is not None and board.dealer is not None
        self.game = game
        self.records.append(
            _DealRecord(
                number=len(self.records) + 1,
                dealer=board.dealer,
                deal=board.deal,
                declarer=game.declarer,
                again=again,
            )
        )

    def _close_deal(self, *, solve: bool = True) -> None:
        """Record a deal that is over in the session and, with ``solve``, find its best contract."""
        if self.game.stage == "over" and len(self.session.history) < len(self.records):
            self.session.record_game(self.game)
            self.records[-1].finished = self.game
            if solve:
                self.records[-1].best = _best(self.game)

    # --- kept as data ------------------------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """The game as plain data: its setup and every decision of every deal."""
        return {
            "setup": self.setup.as_data(),
            "deals": [
                {
                    "number": r.number,
                    "declarer": r.declarer.letter if r.declarer is not None else None,
                    "contract": str(r.contract) if r.contract is not None else None,
                    "cards": [str(c) for c in r.cards],
                    "again": r.again,
                    "best": r.best,
                }
                for r in self.records
            ],
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> PupilGame:
        """The game of :meth:`to_data`, rebuilt by dealing again and taking the same decisions."""
        game = cls(GameSetup(**data["setup"]))
        for saved in data["deals"]:
            game._next_deal(again=saved.get("again", False))
            current = game.game
            if saved["declarer"] is not None and current.stage == "declarer":
                seat = Seat.from_str(saved["declarer"])
                current.choose_declarer(seat)
                game.records[-1].declarer = seat
            if saved["contract"] is not None:
                contract = Contract.from_str(saved["contract"])
                current.choose_contract(contract)
                game.records[-1].contract = contract
            for text in saved["cards"]:
                card = Card.from_str(text)
                current.play_card(card)
                game.records[-1].cards.append(card)
            game.records[-1].best = saved.get("best")
            game._close_deal(solve="best" not in saved)
        return game


def _best(game: Game) -> dict[str, Any] | None:
    """The contract that would have scored most double dummy for the deal's declarer: ``contract``,
    ``tricks`` (declarer's, double dummy) and ``score`` (the declaring side's, negative when it fails); None
    without a contract."""
    if game.declarer is None or not game.rules.has_contract:
        return None
    table = dd_tables([game.deal], cache=True)[0]
    best = best_contract(table, game.declarer, game.rules, deal=game.deal)
    if best is None:
        return None
    return {"contract": str(best.contract), "tricks": best.tricks, "score": best.side_score}


def pupils_seat(game: Game) -> Seat:
    """The seat whose cards the pupil plays as their own: South, or in three-handed play the seat the pupil moved
    to (the dummy hand's place, when the player opposite declares in the simple variant or the pupil's partner
    declares in the normal one)."""
    return game.players.get(PUPIL, PUPIL)


def pupil_declares(game: Game) -> bool:
    """The pupil chooses the contract: with four players when North–South declare, with three as declarer."""
    if game.declarer is None:
        return False
    if game.three is not None:
        return game.declarer is pupils_seat(game)
    return game.declarer.side is Side.NORTH_SOUTH


def pupil_plays(game: Game, seat: Seat) -> bool:
    """The pupil plays this seat's cards: their own; with four players North's too once North–South declare (even
    with North as declarer); with three, dummy's as declarer."""
    if seat is pupils_seat(game):
        return True
    if game.contract is None or not pupil_declares(game):
        return False
    assert game.declarer is not None
    return seat in game.declarer.side.seats
