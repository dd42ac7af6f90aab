"""A pupil's game against the computer: the pupil at South (with North's cards when North–South declare), or one of
three players, at a :class:`~minibridge.table.Table` whose other seats the computer plays.

The game is kept as plain data (:meth:`PupilGame.to_data`, :meth:`PupilGame.from_data`): its setup and every
decision taken, so that it survives a restart and is rebuilt without the computer thinking again.

>>> game = PupilGame.start(GameSetup(lesson=5, deals=1, seed=7, samples=2))
>>> game.phase in ("contract", "play", "declarer"), game.deal_number
(True, 1)
"""

from __future__ import annotations

from typing import Any

from minibridge.card_reasons import CardAdvice
from minibridge.cards import Card, Seat
from minibridge.classroom.setup import GameSetup
from minibridge.contract import Contract
from minibridge.errors import RuleError
from minibridge.language import gettext
from minibridge.rules import RuleSet
from minibridge.table import YOU, DealRecord, Game, Phase, Seating, Session, take_back
from minibridge.table.claims import claim_rest
from minibridge.table.hints import hint_for

__all__ = ["PUPIL", "PLAYER_NAMES", "PupilGame"]

PUPIL = Seat.SOUTH
"""Where the pupil is dealt: South (also in three-handed play, where the pupil always announces from South)."""

PLAYER_NAMES = ("you", "Left", "Right")
"""The three players of a three-handed game, in the order of ``THREE_SEATS``: the pupil, the computer player on
the pupil's left, the one on the right."""


class PupilGame:
    """A pupil's game: the table (the session, the deal at the table) seen and played from the pupil's seat."""

    def __init__(self, setup: GameSetup) -> None:
        rules = setup.rule_set()
        if setup.deals is None and setup.target is None and (setup.boards or not rules.has_contract):
            setup = GameSetup(**{**setup.as_data(), "deals": len(setup.boards) or 4})
        self.setup = setup
        self.table = setup.table(Seating.alone())
        self.used: dict[str, int] = {"hints": 0, "undos": 0}
        """How many hints the pupil asked for and how many cards they took back in this game."""

    @classmethod
    def start(cls, setup: GameSetup, *, advance: bool = True) -> PupilGame:
        """A new game, at the pupil's first decision (without ``advance``, at the first decision of any player:
        the computer's then come one :meth:`step` at a time)."""
        game = cls(setup)
        game.table.start()
        if advance:
            game.advance()
        return game

    # --- where the game stands -----------------------------------------------------------------------------

    @property
    def rules(self) -> RuleSet:
        """The rules in force."""
        return self.table.rules

    @property
    def game(self) -> Game:
        """The deal at the table."""
        return self.table.game

    @property
    def session(self) -> Session:
        """The session: its deals and totals."""
        return self.table.session

    @property
    def records(self) -> list[DealRecord]:
        """Every deal dealt so far, with the decisions taken in it."""
        return self.table.records

    @property
    def deal_number(self) -> int:
        """The deal at the table, counted from 1 in this game."""
        return self.table.deal_number

    @property
    def phase(self) -> Phase:
        """What the game waits for."""
        return self.table.phase

    @property
    def pupil_seat(self) -> Seat:
        """The seat whose cards the pupil plays as their own: South, or in three-handed play the seat the pupil
        moved to."""
        return self.table.hand(YOU)

    def pupil_plays(self, seat: Seat) -> bool:
        """The pupil plays this seat's cards now: their own; with four players North's too once North–South
        declare (even with North as declarer); with three, dummy's as declarer."""
        return self.table.plays(YOU, seat)

    def visible_seats(self) -> list[Seat]:
        """The seats whose cards the pupil may see now, in seat order."""
        return self.table.sees(YOU)

    @property
    def pupil_to_act(self) -> bool:
        """The next decision is the pupil's."""
        return self.table.decider == YOU

    @property
    def seat_to_play(self) -> Seat | None:
        """The seat whose card is next (None outside the play)."""
        return self.table.seat_to_play

    def legal_cards(self) -> list[Card]:
        """The cards the pupil may play now (none when it is not the pupil's card)."""
        return self.table.legal_cards(YOU)

    # --- the pupil's decisions -----------------------------------------------------------------------------

    def choose_declarer(self, seat: Seat) -> None:
        """The pupil's pair chooses who declares (equal points, where the lesson lets the players choose)."""
        self.table.choose_declarer(YOU, seat)

    def choose_contract(self, contract: Contract) -> None:
        """The pupil chooses the contract; one the rules forbid is refused, saying why."""
        self.table.choose_contract(YOU, contract)

    def play_card(self, card: Card) -> None:
        """The pupil plays a card for the seat to play (South, or North when North–South declare)."""
        self.table.play_card(YOU, card)

    def count_points(self, points: int) -> bool:
        """The pupil says how many points their own hand holds, before the announcement; True when right (a
        wrong count is kept too, for the help it brings)."""
        return self.table.count_points(YOU, points)

    def hint(self) -> CardAdvice:
        """A card to play now with its reason, worked out from what the pupil sees (refused in words when hints are
        turned off or it is not the pupil's card); nothing is played."""
        if not self.setup.hints:
            raise RuleError(gettext("your teacher has turned hints off for this game"))
        advice = hint_for(self.table, YOU)
        self.used["hints"] += 1
        return advice

    def undo(self) -> None:
        """Take back the pupil's last card of this deal, with the computer's cards after it: the position before
        it, exactly (refused in words when the pupil has played no card in this deal)."""
        if not self.setup.undo:
            raise RuleError(gettext("your teacher has turned taking back off for this game"))
        mine = self._my_cards()
        if not mine:
            raise RuleError(gettext("you have not played a card in this deal yet: there is nothing to take back"))
        self._back_to(mine[-1])
        self.used["undos"] += 1

    def try_again_from(self, index: int) -> None:
        """Once the deal is over, go back to the position before the card played ``index``-th in the deal (from 0),
        one the pupil played, to play on from there against the computer (refused in words otherwise, and on the
        teacher's deals, whose results count in the class's ranking)."""
        if self.setup.boards:
            raise RuleError(gettext("the teacher's deals are played once: go on to the next one"))
        if self.phase not in ("deal_over", "game_over"):
            raise RuleError(gettext("you can try again once the deal is over"))
        if index not in self._my_cards():
            raise RuleError(gettext("you can try again from a card you played"))
        self._back_to(index)

    def try_again_places(self) -> list[int]:
        """The places in this deal's play of the cards :meth:`try_again_from` may go back to (none before the deal
        is over, and none on the teacher's deals)."""
        if self.setup.boards or self.phase not in ("deal_over", "game_over"):
            return []
        return self._my_cards()

    def _my_cards(self) -> list[int]:
        """The places in this deal's play (from 0) of the cards the pupil played."""
        return [i for i, seat in enumerate(self.game.card_seats) if self._pupil_played(seat)]

    def _pupil_played(self, seat: Seat) -> bool:
        return self.table.seating.player_of(self.game, seat) == YOU

    def _back_to(self, index: int) -> None:
        """The position before the card played ``index``-th in this deal, exactly (the deal's result forgotten)."""
        data = self.to_data()
        take_back(data["deals"][-1], cards=data["deals"][-1]["cards"][:index])
        self.table = PupilGame.from_data(data).table

    def claim(self) -> None:
        """The pupil claims the rest of the tricks for their side: accepted when no defence can stop it (double
        dummy), and the deal is played out to its end with the claimed tricks; refused in words otherwise, nothing
        changed."""
        if not self.setup.claims:
            raise RuleError(gettext("your teacher has turned claiming off for this game"))
        claim_rest(self.table, YOU)

    @property
    def can_undo(self) -> bool:
        """The pupil has played a card in this deal that may be taken back."""
        return bool(self._my_cards())

    def next_deal(self, *, again: bool = False) -> None:
        """On to the next deal, once a deal is over; with ``again``, the same deal once more."""
        self.table.next_deal(again=again)

    # --- the computer ----------------------------------------------------------------------------------------

    def only_card(self) -> Card | None:
        """The pupil's one legal card, when the setup asks for it to be played by itself (else None)."""
        return self.table.only_card()

    def computer_to_act(self) -> bool:
        """The next decision is taken without the pupil: the computer's, or the pupil's only card."""
        return self.table.computer_to_act()

    def step(self) -> bool:
        """Let the computer take one decision (or play the pupil's only card); False when the decision is the
        pupil's or the deal is over."""
        return self.table.step()

    def advance(self) -> None:
        """Let the computer play up to the pupil's next decision or the end of the deal."""
        self.table.advance()

    # --- kept as data ------------------------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """The game as plain data: its setup and every decision of every deal."""
        return {"setup": self.setup.as_data(), "deals": self.table.decisions_data(), "used": dict(self.used)}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> PupilGame:
        """The game of :meth:`to_data`, rebuilt by dealing again and taking the same decisions."""
        game = cls(GameSetup(**data["setup"]))
        game.table.take_again(data["deals"])
        game.used.update(data.get("used", {}))
        return game
