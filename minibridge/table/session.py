"""A session of deals: a fixed number or until a side (or, with three players, a player) reaches a target; the
dealer passing clockwise from the first dealer, given or drawn (:func:`draw_for_dealer`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from minibridge.board import Board
from minibridge.cards import CARDS, Card, Seat, Side
from minibridge.deal import Deal
from minibridge.errors import RuleError
from minibridge.language import gettext
from minibridge.rules import RuleSet
from minibridge.scoring import Score, find_scheme
from minibridge.table.game import Game

__all__ = ["THREE_SEATS", "seating", "Session", "DealerDraw", "draw_for_dealer"]

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
    practised: list[tuple[Seat, Score | None]] = field(default_factory=list)
    """Each deal played once more for practice (the same cards again, :meth:`record_game` with ``practice``): its
    dealer and its score, kept apart: a deal played again is not one of the deals agreed, and its score is not
    added to the totals (the first play of the cards counts)."""

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
                scored = result if result.declarer is not None else dataclasses.replace(result, declarer=declarer)
                for side in Side:
                    self.totals[side] += scored.for_side(side)
        else:
            assert tricks is not None
            for side in Side:
                self.totals[side] += tricks[side]
        self.history.append((self.dealer, result))

    def record_game(self, game: Game, *, practice: bool = False) -> None:
        """Add a game that is over, or a redeal; in three-handed play each player scores for the side of the
        hand they played. With ``practice`` (the same cards played again), the game is kept apart
        (:attr:`practised`): it neither counts as one of the deals nor adds to the totals."""
        if practice:
            if game.stage != "over":
                raise RuleError(gettext("the deal is not finished yet"))
            self.practised.append((game.dealer, game.result))
            return
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
        points = [result.for_side(game.players[seat].side) for seat in seating(game.dealer)]
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
