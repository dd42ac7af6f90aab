"""Dealing to suit a lesson: each constraint of ``dealing.CONSTRAINTS`` checked by hand on the deals it lets through.

Every check below is worked out here from the hands (the announcement of 000 Laws 6–7: the side with more points
declares, the partner with more points is declarer, on a tie the first to announce clockwise from dealer), not by
the dealing module's own helpers. A deal that breaks a constraint is shown to be turned away by ``_suits``.
"""

from __future__ import annotations

import pytest

from minibridge.board import Board
from minibridge.cards import Card, Rank, Seat, Suit
from minibridge.deal import Deal
from minibridge.dealing import CONSTRAINTS, DealSpec, _suits, generate
from minibridge.errors import DealError
from minibridge.lessons import find_lesson

POINTS = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
"""High-card points (000: ace 4, king 3, queen 2, jack 1)."""


def points(cards: list[Card]) -> int:
    return sum(POINTS.get(card.rank, 0) for card in cards)


def declarer_and_dummy(deal: Deal, dealer: Seat) -> tuple[Seat, Seat]:
    """The side with more points declares; its partner with more points is declarer, on a tie the first to announce."""
    ns = points([*deal[Seat.NORTH], *deal[Seat.SOUTH]])
    ew = points([*deal[Seat.EAST], *deal[Seat.WEST]])
    assert ns != ew, "a redeal is never dealt"
    pair = (Seat.NORTH, Seat.SOUTH) if ns > ew else (Seat.EAST, Seat.WEST)
    first, second = sorted(pair, key=lambda seat: (seat - dealer) % 4)  # in the order of announcing
    declarer = second if points(list(deal[second])) > points(list(deal[first])) else first
    return declarer, declarer.partner


def suit_cards(deal: Deal, seats: tuple[Seat, ...], suit: Suit) -> list[Card]:
    return [card for seat in seats for card in deal[seat] if card.suit is suit]


def side_points(board: Board) -> int:
    assert board.deal is not None and board.dealer is not None
    declarer, dummy = declarer_and_dummy(board.deal, board.dealer)
    return points([*board.deal[declarer], *board.deal[dummy]])


def longest_together(board: Board, suits: tuple[Suit, ...] = tuple(Suit)) -> int:
    assert board.deal is not None and board.dealer is not None
    pair = declarer_and_dummy(board.deal, board.dealer)
    return max(len(suit_cards(board.deal, pair, suit)) for suit in suits)


def longest_in_one_hand(board: Board) -> int:
    assert board.deal is not None and board.dealer is not None
    return max(
        len(suit_cards(board.deal, (seat,), suit))
        for seat in declarer_and_dummy(board.deal, board.dealer)
        for suit in Suit
    )


def strong_short_beside_long_weak(board: Board) -> bool:
    """A suit of eight or more cards together, and a suit of four to seven cards with at least three more points."""
    assert board.deal is not None and board.dealer is not None
    pair = declarer_and_dummy(board.deal, board.dealer)
    together = {suit: suit_cards(board.deal, pair, suit) for suit in Suit}
    return any(
        4 <= len(short) <= 7 and points(short) >= points(long) + 3
        for long in together.values()
        if len(long) >= 8
        for short in together.values()
    )


def partners_equal(board: Board) -> bool:
    assert board.deal is not None and board.dealer is not None
    declarer, dummy = declarer_and_dummy(board.deal, board.dealer)
    return points(list(board.deal[declarer])) == points(list(board.deal[dummy]))


def leader_has_sequence(board: Board) -> bool:
    """The opening leader (declarer's left) holds AKQ, KQJ, QJT or JT9 in some suit."""
    assert board.deal is not None and board.dealer is not None
    declarer, _ = declarer_and_dummy(board.deal, board.dealer)
    leader = declarer.lho
    for suit in Suit:
        ranks = {card.rank for card in suit_cards(board.deal, (leader,), suit)}
        for top in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK):
            if {top, top - 1, top - 2} <= ranks:
                return True
    return False


# Each constraint alone, and the check of a deal that meets it. The lesson each serves is the lesson file whose
# ``generate:`` block names it (see test_each_lesson_deals_to_its_own_constraint).
MEETS = {
    "points": ((25, 40), lambda board: 25 <= side_points(board) <= 40),
    "fit": (8, lambda board: longest_together(board) >= 8),
    "major_fit": (8, lambda board: longest_together(board, (Suit.SPADES, Suit.HEARTS)) >= 8),
    "long_suit": (6, lambda board: longest_in_one_hand(board) >= 6),
    "strong_short_trumps": (True, strong_short_beside_long_weak),
    "equal_partners": (True, partners_equal),
    "sequence_lead": (True, leader_has_sequence),
}


def test_every_constraint_has_a_check_here():
    assert set(MEETS) == set(CONSTRAINTS)


@pytest.mark.parametrize("name", sorted(MEETS))
def test_each_constraint_alone_holds_on_every_deal_it_lets_through(name: str):
    value, meets = MEETS[name]
    boards = generate(DealSpec(seed=2024, count=8, first_board=3, **{name: value}))
    assert [b.number for b in boards] == list(range(3, 11))
    assert [b.dealer for b in boards] == [Seat.dealer_of_board(n) for n in range(3, 11)]
    assert all(b.generated for b in boards)
    for board in boards:
        assert meets(board), (name, board.number, board.deal)


@pytest.mark.parametrize("name", sorted(MEETS))
def test_each_constraint_turns_deals_away(name: str):
    """Without the constraint the same seed deals boards that break it: the constraint is what keeps them out."""
    _, meets = MEETS[name]
    free = generate(DealSpec(seed=2024, count=40))
    assert not all(meets(board) for board in free), name


# --- deals made by hand that break one constraint ------------------------------------------------------------

# Dealer North. North 14 and South 10 declare (North), so East leads, holding KQJT of diamonds. North–South hold
# spades 4+4 (a major fit of eight), hearts 4+3, diamonds 3+3, clubs 2+3; no hand of theirs a suit of five.
PLAIN = Deal.from_pbn("N:AK32.AK32.432.32 T9.T98.KQJT.T987 QJ54.QJ4.A65.654 876.765.987.AKQJ")


def test_the_handmade_deal_is_what_its_note_says():
    board = Board(number=1, deal=PLAIN)
    assert declarer_and_dummy(PLAIN, Seat.NORTH) == (Seat.NORTH, Seat.SOUTH)
    assert side_points(board) == 24 and not partners_equal(board)
    assert longest_together(board) == 8 and longest_in_one_hand(board) == 4
    assert leader_has_sequence(board) and not strong_short_beside_long_weak(board)


@pytest.mark.parametrize(
    ("spec", "meets"),
    [
        (DealSpec(seed=0, count=1, points=(25, 40)), False),  # 24 points
        (DealSpec(seed=0, count=1, points=(21, 24)), True),
        (DealSpec(seed=0, count=1, fit=9), False),  # eight cards together at most
        (DealSpec(seed=0, count=1, fit=8), True),
        (DealSpec(seed=0, count=1, major_fit=9), False),
        (DealSpec(seed=0, count=1, major_fit=8), True),
        (DealSpec(seed=0, count=1, long_suit=5), False),  # no hand of the side holds five cards of a suit
        (DealSpec(seed=0, count=1, long_suit=4), True),
        (DealSpec(seed=0, count=1, equal_partners=True), False),  # North 14, South 10
        (DealSpec(seed=0, count=1, strong_short_trumps=True), False),  # no suit stronger than the spades
        (DealSpec(seed=0, count=1, sequence_lead=True), True),  # East leads holding KQJT of diamonds
    ],
)
def test_a_handmade_deal_is_let_through_only_by_the_constraints_it_meets(spec: DealSpec, meets: bool):
    assert _suits(PLAIN, Seat.NORTH, spec) is meets


def test_a_sequence_lead_is_the_opening_leaders_not_partners():
    """North declares and East leads: West's KQJT of diamonds and AKQJ of clubs do not count."""
    west_sequence = Deal.from_pbn("N:AK32.AK32.432.32 T987.T987.98.T98 QJ54.QJ4.A65.654 6.65.KQJT7.AKQJ7")
    assert declarer_and_dummy(west_sequence, Seat.NORTH) == (Seat.NORTH, Seat.SOUTH)
    assert not leader_has_sequence(Board(number=1, deal=west_sequence))
    assert _suits(west_sequence, Seat.NORTH, DealSpec(seed=0, count=1, sequence_lead=True)) is False


def test_strong_short_trumps_needs_three_more_points_in_a_suit_of_four_to_seven():
    """North–South hold spades 5+3 with the king, and hearts 3+3: with the ace and jack (two points more) the deal
    is turned away, with the ace and queen (three more) let through. Their ten diamonds (AKQ) are long too, and
    no suit is stronger than those (Lesson Four: a short strong suit beside a longer weak one)."""
    spec = DealSpec(seed=0, count=1, strong_short_trumps=True)
    two_more = Deal.from_pbn("N:K5432.AJ2.AK32.A AQJ.KQT9.JT4.QJT 876.543.Q98765.K T9.876..98765432")
    assert not strong_short_beside_long_weak(Board(number=1, deal=two_more))
    assert _suits(two_more, Seat.NORTH, spec) is False
    three_more = Deal.from_pbn("N:K5432.AQ2.AK32.A AQJ.KJT9.JT4.QJT 876.543.Q98765.K T9.876..98765432")
    assert strong_short_beside_long_weak(Board(number=1, deal=three_more))
    assert _suits(three_more, Seat.NORTH, spec) is True


def test_equal_partners_lets_a_tie_between_partners_through():
    """North and South hold 11 each: the first to announce, North, declares (000 Law 7)."""
    tie = Deal.from_pbn("N:AK32.J32.432.K32 QJT.T98.QJT9.QJT 9854.AK4.A65.654 76.Q765.K87.A987")
    assert partners_equal(Board(number=1, deal=tie)) and declarer_and_dummy(tie, Seat.NORTH) == (Seat.NORTH, Seat.SOUTH)
    assert _suits(tie, Seat.NORTH, DealSpec(seed=0, count=1, equal_partners=True)) is True
    assert _suits(PLAIN, Seat.NORTH, DealSpec(seed=0, count=1, equal_partners=True)) is False


def test_a_redeal_is_never_dealt():
    twenty_all = Deal.from_pbn("N:AKQJ.AKQJ.32.432 T98.T98.AKQJ.T98 7654.765.T98.765 32.432.7654.AKQJ")
    assert points([*twenty_all[Seat.NORTH], *twenty_all[Seat.SOUTH]]) == 20
    assert _suits(twenty_all, Seat.NORTH, DealSpec(seed=0, count=1)) is False


# --- the lessons that deal to a constraint -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "name", "value"),
    [
        # 000 MiniLesson Three: "The trick-taking power of a long suit should now start to become evident".
        (3, "long_suit", 6),
        # 000 MiniLesson Four: pupils "who will prefer choosing a short, strong trump suit over a longer but
        # weaker suit" play the same hand twice, with each as trumps.
        (4, "strong_short_trumps", True),
        # 000 MiniLesson Five: "the magic number is eight trumps between declarer's hand and dummy's"; the
        # majors score more.
        (5, "major_fit", 8),
        # 000 MiniLesson Six: "If a defender decides to lead from a sequence of cards in a suit, he should lead
        # the highest card of the sequence."
        (6, "sequence_lead", True),
    ],
)
def test_each_lesson_deals_to_its_own_constraint(number: int, name: str, value: object):
    lesson = find_lesson(number)
    assert lesson.generate_spec is not None
    assert getattr(lesson.generate_spec, name) == value
    generated = [board for board in lesson.deals if board.generated]
    assert len(generated) == lesson.generate_spec.count == 4
    low, high = lesson.generate_spec.points or (21, 40)
    for board in generated:
        assert MEETS[name][1](board), (number, board.number)
        assert low <= side_points(board) <= high, (number, board.number)


def test_no_lesson_file_deals_to_fit_or_equal_partners():
    """Offered to a teacher's own lesson file; the shipped lessons name neither."""
    specs = [find_lesson(n).generate_spec for n in range(1, 7)]
    assert [spec.fit for spec in specs if spec is not None] == [None, None, None, None]
    assert [spec.equal_partners for spec in specs if spec is not None] == [False, False, False, False]


# --- the spec itself ---------------------------------------------------------------------------------------


def test_the_same_spec_deals_the_same_boards():
    spec = DealSpec(seed=11, count=3, major_fit=8)
    assert generate(spec) == generate(spec)
    assert [b.deal for b in generate(spec)] != [b.deal for b in generate(DealSpec(seed=12, count=3, major_fit=8))]


def test_short_deals_for_lessons_one_and_two():
    boards = generate(DealSpec(seed=5, count=3, cards_per_hand=4))
    assert [b.deal.cards_per_hand for b in boards if b.deal is not None] == [4, 4, 4]


def test_a_spec_from_a_lesson_files_block():
    spec = DealSpec.from_mapping({"seed": 404, "count": 4, "first_board": 7, "points": [21, 26]})
    assert spec == DealSpec(seed=404, count=4, first_board=7, points=(21, 26))
    with pytest.raises(DealError, match="unknown deal constraint 'long_suits'; the constraints are points, fit, "):
        DealSpec.from_mapping({"seed": 1, "count": 1, "long_suits": 6})


def test_no_deals_and_impossible_constraints_are_plain_errors(monkeypatch: pytest.MonkeyPatch):
    with pytest.raises(DealError, match="ask for at least one deal, not 0"):
        generate(DealSpec(seed=1, count=0))
    monkeypatch.setattr("minibridge.dealing.MAX_TRIES", 50)
    with pytest.raises(DealError, match=r"no deal met the constraints in 50 tries \(0 of 2 found\): loosen them"):
        generate(DealSpec(seed=1, count=2, fit=14))
