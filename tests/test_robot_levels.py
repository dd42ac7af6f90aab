"""The computer players' levels: a beginner that plays by a first-year pupil's rules (always legally, every deal to
its end), the contract the lessons teach, a club player and a beginner that play the same way for a seed, the level
of a game's setup, and the levels refused in words."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minibridge.announce import announce
from minibridge.board import Board
from minibridge.cards import Card, Seat, Suit
from minibridge.classroom import GameSetup
from minibridge.classroom.setup import LESSON_ROBOTS
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.errors import RuleError
from minibridge.knowledge import Knowledge
from minibridge.lessons import find_lesson, lesson_numbers
from minibridge.play import Play
from minibridge.robot import LEVELS, Robot, robot_for, taught_contract
from minibridge.rules import find_rules
from minibridge.table import Seating, play_by_computers

EBU = find_rules("ebu")


def _beginner_plays(deal: str, leader: Seat, cards: list[str], *, trumps: Suit | None = None) -> Card:
    """The beginner's card after ``cards`` are played from ``leader`` on, South declaring."""
    play = Play(Deal.from_pbn(deal), trumps=trumps, declarer=Seat.SOUTH, leader=leader)
    for card in cards:
        play.play(Card.from_str(card))
    table = Knowledge.of(EBU, declarer=Seat.SOUTH, hcp=None)
    return robot_for("beginner", EBU, seed=3).choose_card(play, table)


def test_the_levels_are_beginner_club_and_expert_and_the_robot_is_an_expert_by_default():
    assert list(LEVELS) == ["beginner", "club", "expert"]
    assert Robot(EBU).level.name == "expert"
    assert all(level.label and level.words for level in LEVELS.values())
    with pytest.raises(RuleError, match="beginner, club or expert, not 'grandmaster'"):
        Robot(EBU, level="grandmaster")


def test_a_beginner_plays_second_hand_low_third_hand_high_and_fourth_hand_wins_cheaply():
    deal = "N:.A72.. .KQ4.. .J93.. .T65.."
    assert _beginner_plays(deal, Seat.WEST, ["H5"]) == Card.from_str("H2")  # second hand low, ace and all
    assert _beginner_plays(deal, Seat.WEST, ["H5", "H2"]) == Card.from_str("HQ")  # third hand high: Q from KQ
    assert _beginner_plays(deal, Seat.WEST, ["H5", "H2", "HQ"]) == Card.from_str("H3")  # cannot win: lowest
    deal = "N:.A72.. .864.. .KJ3.. .T95.."
    assert _beginner_plays(deal, Seat.WEST, ["H5", "H2"]) == Card.from_str("H8")
    assert _beginner_plays(deal, Seat.WEST, ["H5", "H2", "H8"]) == Card.from_str("HJ")  # wins with the jack


def test_a_beginner_leads_the_top_of_a_sequence_else_the_fourth_highest_away_from_its_honours():
    assert _beginner_plays(_deal_with_west("KQJ52.T93.864.72"), Seat.WEST, []) == Card.from_str("SK")
    assert _beginner_plays(_deal_with_west("KJ752.T93.864.J2"), Seat.WEST, []) == Card.from_str("S5")
    assert _beginner_plays(_deal_with_west("AJ752.T93.864.J2"), Seat.WEST, []) == Card.from_str("S5")


def _deal_with_west(west: str) -> str:
    """A whole deal with West's hand as given, the other cards dealt in order to North, East and South."""
    held = {f"{suit}{rank}" for suit, ranks in zip("SHDC", west.split("."), strict=True) for rank in ranks}
    cards = [f"{suit}{rank}" for suit in "SHDC" for rank in "AKQJT98765432" if f"{suit}{rank}" not in held]
    hands = [cards[0:13], cards[13:26], cards[26:39]]
    pbn = [".".join("".join(c[1] for c in hand if c[0] == suit) for suit in "SHDC") for hand in hands]
    return f"N:{pbn[0]} {pbn[1]} {pbn[2]} {west}"


def test_a_beginner_trumps_when_the_opponents_win_the_trick():
    deal = "N:.A72.. ..54.2 .KJ3.. .T95.."
    assert _beginner_plays(deal, Seat.NORTH, ["HA"], trumps=Suit.CLUBS) == Card.from_str("C2")


def test_the_taught_contract_trumps_in_eight_cards_and_plays_game_with_25_points():
    deal = Deal.from_pbn("N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T985.A98.T98.AJ9 76.T765.765.T876")
    assert taught_contract(EBU, deal, Seat.NORTH) == Contract.from_str("4S")  # 8 spades, 28 points
    assert taught_contract(find_lesson(4).rules, deal, Seat.NORTH) == Contract.from_str("1S")  # part-scores only
    assert taught_contract(find_lesson(3).rules, deal, Seat.NORTH) == Contract.from_str("1NT")
    weak = Deal.from_pbn("N:T985.A98.T98.AJ9 QJ4.J43.KQJ4.Q54 7632.T76.765.T76 AK.KQ52.A32.K832")
    assert taught_contract(EBU, weak, Seat.NORTH) == Contract.from_str("1S")  # 8 spades, 8 points


def _dealt(seed: int) -> Board:
    """A board that is not a redeal, dealt from a seed."""
    rng = random.Random(seed)
    while True:
        board = Board(number=1, dealer=Seat(seed % 4), deal=Deal.random(rng))
        if not announce(board.deal, board.dealer).redeal:
            return board


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 100_000), trumps=st.sampled_from([None, *Suit]), lesson=st.sampled_from([None, 6]))
def test_a_beginner_plays_only_legal_cards_and_every_deal_to_its_end(seed: int, trumps: Suit | None, lesson):
    rng = random.Random(seed)
    deal = Deal.random(rng)
    declarer = Seat(rng.randrange(4))
    rules = EBU if lesson is None else find_lesson(lesson).rules
    play = Play(deal, trumps=trumps, declarer=declarer)
    table = Knowledge.of(rules, declarer=declarer, hcp={s: deal.hcp(s) for s in Seat})
    robot = robot_for("beginner", rules, seed=seed)
    while not play.finished:
        card = robot.choose_card(play, table)
        assert card in play.legal_cards()
        play.play(card)
    assert len(play.tricks) == 13


@pytest.mark.parametrize("lesson", lesson_numbers())
def test_a_beginner_plays_every_lessons_deals_to_their_end(lesson: int):
    rules = find_lesson(lesson).rules
    for seed in (1, 2):
        game = play_by_computers(rules, _dealt(seed), robot_for("beginner", rules, samples=2, seed=seed))
        assert game.stage == "over"


@pytest.mark.parametrize("level", ["beginner", "club"])
def test_the_beginner_and_the_club_player_play_the_same_way_for_a_seed(level: str):
    board = _dealt(5)

    def cards(seed: int) -> tuple[str, list[str]]:
        game = play_by_computers(EBU, board, robot_for(level, EBU, samples=20, seed=seed))
        assert game.play is not None
        return str(game.contract), [str(card) for trick in game.play.tricks for card in trick.cards]

    assert cards(4) == cards(4)


def test_a_club_player_thinks_about_a_few_layouts_and_reads_no_points_nor_signals():
    rules = find_lesson(6).rules
    deal = Deal.random(random.Random(9))
    play = Play(deal, trumps=None, declarer=Seat.SOUTH)
    play.play(play.legal_cards()[0])
    table = Knowledge.of(rules, declarer=Seat.SOUTH, hcp={s: deal.hcp(s) for s in Seat})
    layouts = robot_for("club", rules, seed=1).layouts(play, table, samples=3, reading=False)
    assert len(layouts) == 3 and all(layout.weight == 1.0 for layout in layouts)


def test_a_setup_takes_a_level_and_otherwise_the_lessons():
    assert {n: GameSetup(lesson=n).robots for n in lesson_numbers()} == LESSON_ROBOTS
    assert GameSetup().robots == "expert" and GameSetup(lesson=2, robots="club").robots == "club"
    kept = GameSetup(lesson=4, robots="beginner").as_data()
    assert kept["robots"] == "beginner" and GameSetup(**kept).robots == "beginner"
    old = {key: value for key, value in GameSetup(lesson=5).as_data().items() if key != "robots"}
    assert GameSetup(**old).robots == "club"
    with pytest.raises(RuleError, match="not 'easy'"):
        GameSetup(robots="easy")


def test_a_setups_table_plays_at_its_level():
    for setup, level in ((GameSetup(lesson=1, deals=1, samples=2), "beginner"), (GameSetup(robots="club"), "club")):
        assert setup.table(Seating.alone()).computer.robot.level.name == level
