"""The announcement: declaring side, declarer, dummy, redeal (RULES §2) and the three-handed variants (RULES §7)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minibridge.announce import announce, announce_three_handed
from minibridge.cards import CARDS, Card, Rank, Seat, Side, Suit
from minibridge.cli.announce import announcement_json, three_handed_json
from minibridge.deal import Deal, Hand
from minibridge.errors import RuleError

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
NS, EW = Side.NORTH_SOUTH, Side.EAST_WEST

HONOURS = [Card(suit, rank) for rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK) for suit in Suit]
SPOT_CARDS = [card for card in CARDS if card.hcp == 0]


def deal_with_points(north: int, east: int, south: int, west: int) -> Deal:
    """A complete deal whose hands hold exactly these points: honours placed by a small search, spot cards fill up."""
    need = dict(zip(Seat, (north, east, south, west), strict=True))
    assert sum(need.values()) == 40

    def place(i: int) -> list[Seat] | None:
        if i == len(HONOURS):
            return [] if not any(need.values()) else None
        value = HONOURS[i].hcp
        for seat in Seat:
            if need[seat] >= value:
                need[seat] -= value
                rest = place(i + 1)
                need[seat] += value
                if rest is not None:
                    return [seat, *rest]
        return None

    owners = place(0)
    assert owners is not None
    held = {seat: [card for card, owner in zip(HONOURS, owners, strict=True) if owner is seat] for seat in Seat}
    spots = iter(SPOT_CARDS)
    for cards in held.values():
        cards.extend(next(spots) for _ in range(13 - len(cards)))
    deal = Deal({seat: Hand(cards) for seat, cards in held.items()})
    assert [deal.hcp(seat) for seat in Seat] == [north, east, south, west]
    return deal


def relative(dealer: Seat, points: tuple[int, int, int, int]) -> Deal:
    """A deal with ``points`` for dealer, dealer's left, dealer's partner and dealer's right, in that order."""
    by_seat = dict(zip(dealer.clockwise(), points, strict=True))
    return deal_with_points(*(by_seat[seat] for seat in Seat))


ROLES = {"dealer": 0, "lho": 1, "partner": 2, "rho": 3}


def role(dealer: Seat, name: str) -> Seat:
    """The seat of ``dealer``, ``lho``, ``partner`` or ``rho`` for this dealer."""
    return dealer.clockwise()[ROLES[name]]


# --- four players ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "dealer", "side", "declarer"),
    [
        ((15, 5, 8, 12), N, NS, N),  # 000 Law 7: NS 23 declare, North has more
        ((8, 5, 15, 12), N, NS, S),  # 000 Law 7: the stronger partner declares though North announced first
        ((5, 15, 8, 12), S, EW, E),  # 000 Law 7: EW 27, East has more
        ((5, 12, 8, 15), E, EW, W),  # 000 Law 7: EW 27, West has more
        ((21, 0, 0, 19), W, NS, N),  # 000 Law 7: 21–19, the whole side's points count
        ((0, 1, 37, 2), N, NS, S),  # 000 Law 7: South 37, partner with nothing
        ((0, 19, 0, 21), N, EW, W),  # 000 Law 7: 19 + 21 = 40 against 0
    ],
)
def test_side_with_more_points_declares(points: tuple[int, int, int, int], dealer: Seat, side: Side, declarer: Seat):
    result = announce(deal_with_points(*points), dealer)
    assert not result.redeal
    assert result.declaring_side is side
    assert result.declarer is declarer
    assert result.dummy is declarer.partner  # 000 Law 8: dummy is declarer's partner
    assert not result.tie
    assert result.may_declare == (declarer,)
    assert result.hcp == dict(zip(Seat, points, strict=True))


@pytest.mark.parametrize(
    "points",
    [
        (10, 10, 10, 10),  # 000 Law 6: twenty apiece
        (12, 9, 8, 11),  # 000 Law 6: 20–20 made up differently
        (20, 0, 0, 20),  # 000 Law 6: 20–20 with two empty hands
        (0, 19, 20, 1),  # 000 Law 6: 20–20
    ],
)
@pytest.mark.parametrize("dealer", list(Seat), ids=str)
def test_twenty_all_is_a_redeal(points: tuple[int, int, int, int], dealer: Seat):
    result = announce(deal_with_points(*points), dealer)
    assert result.redeal
    assert (result.declaring_side, result.declarer, result.dummy) == (None, None, None)
    assert result.may_declare == ()


@pytest.mark.parametrize(
    ("points", "dealer", "declarer"),
    [
        ((13, 7, 13, 7), N, N),  # 000 Law 7: order N E S W, North announces first
        ((13, 7, 13, 7), E, S),  # 000 Law 7: order E S W N, South announces first
        ((13, 7, 13, 7), S, S),  # 000 Law 7: order S W N E, South announces first
        ((13, 7, 13, 7), W, N),  # 000 Law 7: order W N E S, North announces first
        ((9, 11, 9, 11), N, E),  # 001: "the first partner clockwise starting at the dealer": E before W
        ((9, 11, 9, 11), E, E),  # 001: dealer East announces first
        ((9, 11, 9, 11), S, W),  # 001: order S W N E, West before East
        ((9, 11, 9, 11), W, W),  # 001: dealer West announces first
    ],
)
def test_tie_between_partners_first_to_announce_declares(
    points: tuple[int, int, int, int], dealer: Seat, declarer: Seat
):
    result = announce(deal_with_points(*points), dealer)
    assert result.tie
    assert result.declarer is declarer
    assert result.dummy is declarer.partner
    assert result.may_declare == (declarer,)
    assert result.order.index(declarer) < result.order.index(declarer.partner)


@pytest.mark.parametrize(
    ("points", "dealer", "may_declare"),
    [
        ((13, 7, 13, 7), E, (S, N)),  # 000 MiniLesson Three: on a tie the players choose
        ((13, 7, 13, 7), W, (N, S)),  # 000 MiniLesson Three: on a tie the players choose
        ((9, 11, 9, 11), S, (W, E)),  # 000 MiniLesson Three: on a tie the players choose
    ],
)
def test_tie_by_choice_lets_both_partners_declare(
    points: tuple[int, int, int, int], dealer: Seat, may_declare: tuple[Seat, Seat]
):
    result = announce(deal_with_points(*points), dealer, tie_rule="choice")
    assert result.tie
    assert result.may_declare == may_declare
    assert result.declarer is may_declare[0]  # the first to announce unless they choose otherwise
    assert result.dummy is may_declare[1]


def test_choice_without_a_tie_names_one_declarer():
    # 000 MiniLesson Three: the choice is only for equal points
    result = announce(deal_with_points(8, 5, 15, 12), N, tie_rule="choice")
    assert not result.tie
    assert result.may_declare == (S,)


def test_worked_example_from_pbn():
    # announce.py docstring, counted by hand: N 19, E 12, S 9, W 0; NS 28 declare, North has more
    deal = Deal.from_pbn("N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76")
    result = announce(deal, E)
    assert result.order == (E, S, W, N)
    assert result.side_hcp(NS) == 28
    assert result.side_hcp(EW) == 12
    assert announcement_json(result) == {
        "dealer": "E",
        "hcp": {"N": 19, "E": 12, "S": 9, "W": 0},
        "redeal": False,
        "declaring_side": "NS",
        "declarer": "N",
        "dummy": "S",
        "tie": False,
        "may_declare": ["N"],
    }


def test_redeal_as_json():
    result = announce(deal_with_points(10, 10, 10, 10), S)
    data = announcement_json(result)
    assert data["hcp"] == {"N": 10, "E": 10, "S": 10, "W": 10}
    assert data["redeal"] is True
    assert (data["declaring_side"], data["declarer"], data["dummy"]) == (None, None, None)


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), dealer=st.sampled_from(list(Seat)))
def test_announcement_properties(seed: int, dealer: Seat):
    result = announce(Deal.random(random.Random(seed)), dealer)
    assert sum(result.hcp.values()) == 40  # 000 Law 5: the four numbers add up to forty
    ns, ew = result.side_hcp(NS), result.side_hcp(EW)
    assert result.redeal is (ns == ew)  # 000 Law 6
    if not result.redeal:
        side = result.declaring_side
        assert side is (NS if ns > ew else EW)  # 000 Law 7
        assert result.declarer in side.seats
        assert result.dummy is result.declarer.partner  # 000 Law 8
        assert result.hcp[result.declarer] >= result.hcp[result.dummy]  # 000 Law 7
        if result.tie:
            assert result.order.index(result.declarer) < result.order.index(result.dummy)


# --- three-handed, simple (000 "SIMPLE THREE-HANDED") ------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "declarer"),
    [
        # points: dealer, dealer's left, the dummy hand (opposite dealer), dealer's right
        ((15, 10, 8, 7), "dealer"),  # 000 simple: dealer has most; 15 + 8 = 23
        ((8, 14, 9, 9), "lho"),  # 000 simple: left-hand player has most; 14 + 9 = 23
        ((8, 9, 9, 14), "rho"),  # 000 simple: right-hand player has most; 14 + 9 = 23
        ((6, 12, 10, 12), "lho"),  # 000 simple: tie 12–12, left announces before right
        ((12, 12, 9, 7), "dealer"),  # 000 simple: tie 12–12, dealer announces first
        ((7, 10, 10, 13), "rho"),  # 000 simple: 13 + 10 = 23, the dummy hand's points count
        ((13, 12, 8, 7), "dealer"),  # 000 simple: 13 + 8 = 21, not fewer than twenty-one
    ],
)
@pytest.mark.parametrize("dealer", list(Seat), ids=str)
def test_simple_three_handed(points: tuple[int, int, int, int], declarer: str, dealer: Seat):
    deal = relative(dealer, points)
    result = announce_three_handed(deal, dealer, variant="simple")
    declarer_seat = role(dealer, declarer)
    assert not result.redeal
    assert result.declarer is declarer_seat
    assert result.dummy is declarer_seat.partner  # 000: "faces the dummy opposite himself"
    assert result.deal[result.dummy] == deal[dealer.partner]  # the dummy hand, dealt opposite dealer
    assert result.hcp == {seat: deal.hcp(seat) for seat in Seat}
    assert set(result.players) == {dealer, dealer.lho, dealer.rho}
    for player, seat in result.players.items():  # every player holds their own hand
        assert result.deal[seat] == deal[player]
    assert result.deal[result.declarer] == deal[result.declarer]
    assert result.players[result.declarer] is result.declarer
    assert sorted(hand.mask for hand in result.deal.values()) == sorted(hand.mask for hand in deal.values())


def test_simple_three_handed_worked_by_hand():
    # 000 simple: dealer North, the dummy hand at South; East 14 declares, dummy (9) is faced at West,
    # and West moves to South's place as a defender.
    deal = deal_with_points(8, 14, 9, 9)
    result = announce_three_handed(deal, N, variant="simple")
    assert (result.declarer, result.dummy) == (E, W)
    assert result.deal[W] == deal[S]
    assert result.deal[S] == deal[W]
    assert (result.deal[N], result.deal[E]) == (deal[N], deal[E])
    assert result.players == {N: N, E: E, W: S}
    assert three_handed_json(result)["players"] == {"N": "N", "E": "E", "W": "S"}
    assert three_handed_json(result)["deal"] == result.deal.to_pbn(N)


@pytest.mark.parametrize(
    "points",
    [
        (15, 10, 5, 10),  # 000 simple: 15 + 5 = 20, fewer than twenty-one
        (13, 12, 7, 8),  # 000 simple: 13 + 7 = 20
        (10, 10, 10, 10),  # 000 simple: tie, dealer first, 10 + 10 = 20
        (12, 13, 0, 15),  # 000 simple: right-hand player 15 + 0
    ],
)
@pytest.mark.parametrize("dealer", list(Seat), ids=str)
def test_simple_three_handed_redeal(points: tuple[int, int, int, int], dealer: Seat):
    deal = relative(dealer, points)
    result = announce_three_handed(deal, dealer, variant="simple")
    assert result.redeal
    assert result.declarer is None
    assert result.deal == deal


# --- three-handed, normal (000 "NORMAL THREE-HANDED") ------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "exchanged"),
    [
        # points: dealer, dealer's left, the dummy hand (opposite dealer), dealer's right
        ((14, 8, 10, 8), False),  # 000 normal (a): dealer's side 24, dealer has more than dummy
        ((10, 8, 14, 8), True),  # 000 normal (a): dummy has more, dealer exchanges hands with dummy
        ((12, 8, 12, 8), False),  # 000 normal (a): equal, "fewer than dummy" is not true: no exchange
        ((0, 9, 21, 10), True),  # 000 normal (a): dealer has nothing, dummy 21
        ((21, 10, 0, 9), False),  # 000 normal (a): dummy has nothing
    ],
)
@pytest.mark.parametrize("dealer", list(Seat), ids=str)
def test_normal_three_handed_dealer_declares(points: tuple[int, int, int, int], exchanged: bool, dealer: Seat):
    deal = relative(dealer, points)
    result = announce_three_handed(deal, dealer, variant="normal")
    assert not result.redeal
    assert result.declarer is dealer
    assert result.dummy is dealer.partner
    assert result.exchanged is exchanged
    assert result.players == {dealer: dealer, dealer.lho: dealer.lho, dealer.rho: dealer.rho}
    if exchanged:
        assert result.deal[dealer] == deal[dealer.partner]
        assert result.deal[dealer.partner] == deal[dealer]
        assert result.deal[dealer].hcp > result.deal[dealer.partner].hcp
    else:
        assert result.deal == deal
    assert (result.deal[dealer.lho], result.deal[dealer.rho]) == (deal[dealer.lho], deal[dealer.rho])


@pytest.mark.parametrize(
    ("points", "declarer"),
    [
        # points: dealer, dealer's left, the dummy hand (opposite dealer), dealer's right
        ((8, 14, 8, 10), "lho"),  # 000 normal (b): the other side 24, left has more
        ((8, 10, 8, 14), "rho"),  # 000 normal (b): right has more
        ((8, 12, 8, 12), "lho"),  # 000 normal (b): equal, left announces first
        ((0, 0, 19, 21), "rho"),  # 000 normal (b): left holds nothing
    ],
)
@pytest.mark.parametrize("dealer", list(Seat), ids=str)
def test_normal_three_handed_other_side_declares(points: tuple[int, int, int, int], declarer: str, dealer: Seat):
    deal = relative(dealer, points)
    result = announce_three_handed(deal, dealer, variant="normal")
    declarer_seat = role(dealer, declarer)
    partner = declarer_seat.partner
    assert not result.redeal
    assert not result.exchanged
    assert result.declarer is declarer_seat
    assert result.dummy is partner  # 000: "His partner's hand is exposed as dummy"
    assert result.deal == deal  # no hand moves: the players do
    # 000: "his partner takes over the former dummy and switches to become a defender"
    assert result.players == {dealer: dealer, declarer_seat: declarer_seat, partner: dealer.partner}


def test_normal_three_handed_worked_by_hand():
    # 000 normal (b): dealer South, the dummy hand at North; West 14 + East 10 = 24 against 16:
    # West declares, East's hand is dummy, and East defends with the old dummy hand at North.
    deal = deal_with_points(8, 10, 8, 14)
    result = announce_three_handed(deal, S, variant="normal")
    assert (result.declarer, result.dummy) == (W, E)
    assert result.players == {S: S, W: W, E: N}
    assert three_handed_json(result) == {
        "variant": "normal",
        "dealer": "S",
        "hcp": {"N": 8, "E": 10, "S": 8, "W": 14},
        "redeal": False,
        "declarer": "W",
        "dummy": "E",
        "players": {"S": "S", "W": "W", "E": "N"},
        "exchanged": False,
        "deal": deal.to_pbn(S),
    }


@pytest.mark.parametrize(
    "points",
    [
        (10, 10, 10, 10),  # 000 normal: "If both sides have twenty points the hand is re-dealt"
        (20, 13, 0, 7),  # 000 normal: dealer 20 + dummy 0 against 20
        (5, 2, 15, 18),  # 000 normal: 5 + 15 against 2 + 18
    ],
)
@pytest.mark.parametrize("dealer", list(Seat), ids=str)
def test_normal_three_handed_redeal(points: tuple[int, int, int, int], dealer: Seat):
    deal = relative(dealer, points)
    result = announce_three_handed(deal, dealer, variant="normal")
    assert result.redeal
    assert (result.declarer, result.dummy, result.exchanged) == (None, None, False)
    assert result.deal == deal


def test_dummy_points_are_forty_minus_the_three_announced():
    # 000 normal: "Dummy's points are worked out (by subtraction from forty)"
    deal = deal_with_points(8, 10, 8, 14)
    result = announce_three_handed(deal, S)
    assert result.variant == "normal"
    assert result.hcp[N] == 40 - result.hcp[S] - result.hcp[W] - result.hcp[E]


def test_three_handed_refuses_an_unknown_variant():
    with pytest.raises(RuleError, match="'simple' and 'normal', not 'easy'"):
        announce_three_handed(deal_with_points(10, 10, 10, 10), N, variant="easy")  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), dealer=st.sampled_from(list(Seat)))
def test_three_handed_properties(seed: int, dealer: Seat):
    deal = Deal.random(random.Random(seed))
    dummy_hand = deal[dealer.partner]
    players = (dealer, dealer.lho, dealer.rho)
    simple = announce_three_handed(deal, dealer, variant="simple")
    strongest = max(deal.hcp(p) for p in players)
    assert simple.redeal is (strongest + dummy_hand.hcp < 21)  # 000 simple
    if not simple.redeal:
        assert simple.deal.hcp(simple.declarer) == strongest
        assert simple.deal[simple.dummy] == dummy_hand
    normal = announce_three_handed(deal, dealer, variant="normal")
    assert normal.redeal is (deal.hcp(dealer) + dummy_hand.hcp == 20)  # 000 normal
    if not normal.redeal:
        declaring = normal.deal.hcp(normal.declarer) + normal.deal.hcp(normal.dummy)
        assert declaring > 20
        assert normal.dummy is normal.declarer.partner
