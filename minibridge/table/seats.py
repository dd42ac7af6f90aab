"""Who sits at the table, who takes each decision, and whose cards each person may see.

The people at a table are known by a key (a pupil's, ``you`` at the terminal) and by the seat they were dealt at;
the computer sits at every other seat. In three-handed play a person may move to another hand after the
announcement (:attr:`minibridge.table.Game.players`). Declarer decides for dummy. A pupil alone against the
computer also plays partner's cards when their side declares (:attr:`Seating.partner_plays`), so that the pupil
always plays the declaring side's hands.

What a person sees follows the rule of the table (:meth:`minibridge.knowledge.Knowledge.seen_by`): the hand they
play and dummy once it is down, for each hand they play; every hand once the deal is over.

>>> from minibridge.board import Board
>>> from minibridge.deal import Deal
>>> from minibridge.rules import find_rules
>>> from minibridge.table.game import Game
>>> deal = Deal.from_pbn("N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76")
>>> game = Game(find_rules("ebu"), Board(number=1, deal=deal))
>>> alone = Seating.alone()
>>> alone.decider(game), alone.sees(game, YOU)
('you', [<Seat.NORTH: 0>, <Seat.SOUTH: 2>])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from minibridge.cards import Seat
from minibridge.table.game import Game

__all__ = ["YOU", "Seating"]

YOU = "you"
"""The key of the one person at a table of the computer: the pupil at the terminal or on a tablet."""


@dataclass(frozen=True, kw_only=True)
class Seating:
    """Who sits at the table: the people by the seat they were dealt at (the computer sits everywhere else)."""

    people: Mapping[Seat, str] = field(default_factory=dict)
    """Each person's key by the seat they were dealt at."""
    partner_plays: bool = False
    """A person also plays their partner's cards when their side declares and partner is the computer."""

    @classmethod
    def alone(cls) -> Seating:
        """A pupil alone at South against the computer, playing North's cards too when North–South declare."""
        return cls(people={Seat.SOUTH: YOU}, partner_plays=True)

    def hand(self, game: Game, person: str) -> Seat:
        """The hand ``person`` plays in ``game``: the seat they were dealt at, or where three-handed play moved
        them."""
        dealt = next(seat for seat, key in self.people.items() if key == person)
        return game.players.get(dealt, dealt)

    def person_at(self, game: Game, hand: Seat) -> str | None:
        """The person who plays ``hand`` as their own (None: the computer, or dummy's hand)."""
        return next((key for dealt, key in self.people.items() if game.players.get(dealt, dealt) is hand), None)

    def hands_played(self, game: Game, person: str) -> tuple[Seat, ...]:
        """The hands ``person`` plays: their own, and partner's too once their side is known to declare, where
        partner plays it for them."""
        own = self.hand(game, person)
        declarer = game.declarer
        if (
            self.partner_plays
            and declarer is not None
            and declarer.side is own.side
            and self.person_at(game, own.partner) is None
        ):
            return (own, own.partner)
        return (own,)

    def player_of(self, game: Game, hand: Seat) -> str | None:
        """The person who decides for ``hand`` (dummy's decisions are declarer's), or None for the computer."""
        hand = game.knowledge.player_for(hand)
        for key in self.people.values():
            if hand in self.hands_played(game, key):
                return key
        return None

    def decider(self, game: Game) -> str | None:
        """The person whose decision is next, or None when the computer's is (or no decision is waited for)."""
        if game.stage == "declarer":
            assert game.announcement is not None
            for seat in game.announcement.may_declare:
                key = self.person_at(game, seat)
                if key is None and self.partner_plays:
                    key = self.person_at(game, seat.partner)
                if key is not None:
                    return key
            return None
        seat = game.to_act
        return self.player_of(game, seat) if seat is not None else None

    def plays(self, game: Game, person: str, seat: Seat) -> bool:
        """``person`` plays ``seat``'s cards: a hand of theirs, or dummy's as declarer (once the contract is
        chosen); dummy's own player plays none of dummy's cards."""
        if seat is game.dummy and self.player_of(game, seat) != person:
            return False
        if seat in self.hands_played(game, person):
            return game.contract is not None or seat is self.hand(game, person)
        return game.contract is not None and seat is game.dummy and self.player_of(game, seat) == person

    def sees(self, game: Game, person: str) -> list[Seat]:
        """The seats whose cards ``person`` may see now, in seat order: every hand once the deal is over."""
        if game.stage == "over":
            return list(Seat)
        known = game.knowledge
        return sorted({seat for hand in self.hands_played(game, person) for seat in known.seen_by(hand)})
