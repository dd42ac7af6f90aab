"""What everyone at the table knows, and so whose cards each player sees: the one home of that rule.

At a bridge table a player sees their own hand and, once declarer is known, dummy's (000: dummy is laid face up
before the opening lead; in MiniBridge before the contract is chosen); declarer decides for dummy. The points
every player announced and the contract are public. A computer player thinks from exactly this
(:mod:`minibridge.robot`), and so does every person at the table (:mod:`minibridge.table`).

>>> from minibridge.rules import find_rules
>>> known = Knowledge.of(find_rules("ebu"), declarer=Seat.SOUTH, hcp=None)
>>> known.dummy, known.defenders, known.player_for(Seat.NORTH), known.seen_by(Seat.WEST)
(<Seat.NORTH: 0>, (<Seat.WEST: 3>, <Seat.EAST: 1>), <Seat.SOUTH: 2>, (<Seat.WEST: 3>, <Seat.NORTH: 0>))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from minibridge.cards import Seat
from minibridge.contract import Contract
from minibridge.rules import RuleSet

__all__ = ["Knowledge"]


@dataclass(frozen=True, kw_only=True)
class Knowledge:
    """What everyone at the table knows: the rules, the points announced, declarer and the contract."""

    rules: RuleSet
    declarer: Seat | None = None
    contract: Contract | None = None
    hcp: Mapping[Seat, int] | None = None
    """The points each seat announced (None in MiniLessons One and Two, which have no announcement)."""

    @classmethod
    def of(
        cls,
        rules: RuleSet,
        *,
        declarer: Seat | None,
        hcp: Mapping[Seat, int] | None,
        contract: Contract | None = None,
    ) -> Knowledge:
        """What the table knows (keyword arguments only)."""
        return cls(rules=rules, declarer=declarer, contract=contract, hcp=dict(hcp) if hcp is not None else None)

    @property
    def dummy(self) -> Seat | None:
        """Declarer's partner, whose hand lies face up (None without a dummy)."""
        if self.declarer is None or not self.rules.dummy or not self.rules.has_contract:
            return None
        return self.declarer.partner

    @property
    def defenders(self) -> tuple[Seat, ...]:
        """The two defenders (none without a declarer)."""
        if self.declarer is None:
            return ()
        return (self.declarer.lho, self.declarer.rho)

    def player_for(self, seat: Seat) -> Seat:
        """The seat whose player decides for ``seat``'s cards: declarer for dummy, else the seat itself."""
        return self.declarer if seat is self.dummy and self.declarer is not None else seat

    def seen_by(self, seat: Seat) -> tuple[Seat, ...]:
        """The hands the player at ``seat`` sees during the play: their own, and dummy's once it is down."""
        dummy = self.dummy
        return (seat,) if dummy is None or dummy is seat else (seat, dummy)
