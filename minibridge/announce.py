"""The announcement of points that picks the declaring side, declarer and dummy; the three-handed variants.

>>> deal = Deal.from_pbn("N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76")
>>> a = announce(deal, Seat.NORTH)
>>> a.hcp[Seat.NORTH], a.declaring_side, a.declarer, a.dummy
(19, <Side.NORTH_SOUTH: 0>, <Seat.NORTH: 0>, <Seat.SOUTH: 2>)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from minibridge.cards import Seat, Side
from minibridge.deal import Deal
from minibridge.errors import RuleError
from minibridge.language import gettext
from minibridge.rules import RuleSet, check_deal, three_handed_variant_problem

__all__ = ["Announcement", "announce", "announce_under", "ThreeHanded", "announce_three_handed"]


@dataclass(frozen=True, kw_only=True)
class Announcement:
    """What the announcement decides: each seat's points, a redeal, or the declaring side, declarer and dummy."""

    dealer: Seat
    hcp: dict[Seat, int]
    redeal: bool
    declaring_side: Side | None
    declarer: Seat | None
    dummy: Seat | None
    tie: bool = False
    """Both players of the declaring side hold the same points."""
    may_declare: tuple[Seat, ...] = ()
    """Who may declare: one seat, or both partners on a tie when the tie rule is by choice."""

    @property
    def order(self) -> tuple[Seat, ...]:
        """The order of announcing: dealer first, then clockwise."""
        return self.dealer.clockwise()

    def side_hcp(self, side: Side) -> int:
        """The combined points of a partnership."""
        return sum(self.hcp[s] for s in side.seats)


def announce(deal: Deal, dealer: Seat, *, tie_rule: Literal["enforced", "choice"] = "enforced") -> Announcement:
    """Announce points from ``dealer`` clockwise: the side with more declares, 20–20 (equal) is a redeal.

    Declarer is the partner with more points; on a tie the first to announce (Law 7), or either of them
    when ``tie_rule`` is ``choice`` (MiniLessons Three and Four; ``declarer`` is then the first to announce).
    """
    hcp = {seat: deal.hcp(seat) for seat in Seat}
    ns = hcp[Seat.NORTH] + hcp[Seat.SOUTH]
    ew = hcp[Seat.EAST] + hcp[Seat.WEST]
    if ns == ew:
        return Announcement(dealer=dealer, hcp=hcp, redeal=True, declaring_side=None, declarer=None, dummy=None)
    side = Side.NORTH_SOUTH if ns > ew else Side.EAST_WEST
    first, second = sorted(side.seats, key=lambda s: (s - dealer) % 4)
    tie = hcp[first] == hcp[second]
    declarer = second if hcp[second] > hcp[first] else first
    may = (first, second) if tie and tie_rule == "choice" else (declarer,)
    return Announcement(
        dealer=dealer,
        hcp=hcp,
        redeal=False,
        declaring_side=side,
        declarer=declarer,
        dummy=declarer.partner,
        tie=tie,
        may_declare=may,
    )


def announce_under(rules: RuleSet, deal: Deal, dealer: Seat) -> Announcement:
    """The announcement under a lesson's rules; refused where the rules have none or the deal is the wrong size."""
    if not rules.announcement:
        raise RuleError(
            gettext(
                "%(rules)s has no announcement: each player plays their own cards, and the player on dealer's left "
                "(%(leader)s) leads"
            )
            % {"rules": rules.title_in_words, "leader": dealer.lho.in_words}
        )
    check_deal(rules, deal)
    return announce(deal, dealer, tie_rule=rules.tie_rule)


@dataclass(frozen=True, kw_only=True)
class ThreeHanded:
    """The outcome of a three-handed announcement.

    The four hands were dealt with the dummy hand opposite dealer. ``deal`` is the deal as it is then played,
    hands moved so that declarer sits opposite dummy; ``players`` says which hand each of the three players
    holds in it (player's seat at the deal → seat of the hand they play, dummy's hand played by declarer).
    """

    variant: Literal["simple", "normal"]
    dealer: Seat
    hcp: dict[Seat, int]
    """Points of the four hands as dealt; dummy's (opposite dealer) are 40 minus the three announced."""
    redeal: bool
    deal: Deal
    declarer: Seat | None = None
    dummy: Seat | None = None
    players: dict[Seat, Seat] = field(default_factory=dict)
    exchanged: bool = False
    """Normal variant (a): dealer took dummy's hand, which held more points."""
    strongest: Seat | None = None
    """Simple variant: the player with the most points (on a tie, the first of them to announce)."""
    equals: bool = False
    """The player who declares (or, simple variant, would have) shares the most points with another player: the
    first to announce is taken."""
    side_points: int = 0
    """The points that decide: simple, the strongest player's with the dummy hand's (at least 21 to play);
    normal, dealer's with the dummy hand's (more than 20: dealer declares; 20: a redeal)."""

    @property
    def dummy_hand(self) -> Seat:
        """Where the dummy hand was dealt: opposite dealer."""
        return self.dealer.partner

    @property
    def announcers(self) -> tuple[Seat, Seat, Seat]:
        """The three players in the order they announce: dealer, then dealer's left, then dealer's right."""
        return (self.dealer, self.dealer.lho, self.dealer.rho)


def _moved(deal: Deal, moves: dict[Seat, Seat]) -> Deal:
    """The deal with the hand at each key moved to the seat of its value (a permutation)."""
    hands = dict(deal.items())
    for source, target in moves.items():
        hands[target] = deal[source]
    return Deal(hands)


def announce_three_handed(deal: Deal, dealer: Seat, *, variant: Literal["simple", "normal"] = "normal") -> ThreeHanded:
    """Three players and a dummy hand dealt opposite dealer (RULES §7).

    Simple: the player with most points declares (tie: first to announce) with the dummy hand opposite;
    redeal if declarer and dummy hold fewer than 21 points. Normal: dealer and dummy against the other two,
    20–20 a redeal; (a) dealer declares, taking dummy's hand first if it holds more points; (b) otherwise the
    stronger of the other two declares (tie: first to announce), partner's hand becomes dummy and partner
    takes over the old dummy hand as a defender.
    """
    if variant not in ("simple", "normal"):
        raise RuleError(three_handed_variant_problem(variant))
    hcp = {seat: deal.hcp(seat) for seat in Seat}
    dummy_seat = dealer.partner
    players = (dealer, dealer.lho, dealer.rho)  # in the order they announce
    identity = {p: p for p in players}
    if variant == "simple":
        declarer = max(players, key=lambda p: (hcp[p], -players.index(p)))
        reasons = {
            "strongest": declarer,
            "equals": sum(hcp[p] == hcp[declarer] for p in players) > 1,
            "side_points": hcp[declarer] + hcp[dummy_seat],
        }
        if hcp[declarer] + hcp[dummy_seat] < 21:
            return ThreeHanded(
                variant=variant, dealer=dealer, hcp=hcp, redeal=True, deal=deal, players=identity, **reasons
            )
        if declarer is dealer:
            return ThreeHanded(
                variant=variant,
                dealer=dealer,
                hcp=hcp,
                redeal=False,
                deal=deal,
                declarer=declarer,
                dummy=dummy_seat,
                players=identity,
                **reasons,
            )
        # The dummy hand is faced opposite declarer; the player sitting there moves to the dummy's old place.
        displaced = declarer.partner
        played = _moved(deal, {dummy_seat: displaced, displaced: dummy_seat})
        seats = identity | {displaced: dummy_seat}
        return ThreeHanded(
            variant=variant,
            dealer=dealer,
            hcp=hcp,
            redeal=False,
            deal=played,
            declarer=declarer,
            dummy=displaced,
            players=seats,
            **reasons,
        )
    dealer_side = hcp[dealer] + hcp[dummy_seat]
    if dealer_side == 40 - dealer_side:
        return ThreeHanded(
            variant=variant, dealer=dealer, hcp=hcp, redeal=True, deal=deal, players=identity, side_points=dealer_side
        )
    if dealer_side > 20:
        if hcp[dummy_seat] > hcp[dealer]:
            played = _moved(deal, {dealer: dummy_seat, dummy_seat: dealer})
            return ThreeHanded(
                variant=variant,
                dealer=dealer,
                hcp=hcp,
                redeal=False,
                deal=played,
                declarer=dealer,
                dummy=dummy_seat,
                players=identity,
                exchanged=True,
                side_points=dealer_side,
            )
        return ThreeHanded(
            variant=variant,
            dealer=dealer,
            hcp=hcp,
            redeal=False,
            deal=deal,
            declarer=dealer,
            dummy=dummy_seat,
            players=identity,
            side_points=dealer_side,
        )
    first, second = dealer.lho, dealer.rho
    declarer = second if hcp[second] > hcp[first] else first
    # Partner's hand (opposite declarer) is exposed as dummy; partner takes over the old dummy hand.
    seats = identity | {declarer.partner: dummy_seat}
    return ThreeHanded(
        variant=variant,
        dealer=dealer,
        hcp=hcp,
        redeal=False,
        deal=deal,
        declarer=declarer,
        dummy=declarer.partner,
        players=seats,
        equals=hcp[first] == hcp[second],
        side_points=dealer_side,
    )
