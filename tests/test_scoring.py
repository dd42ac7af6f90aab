"""Scoring under every rule set, the score tables and sessions (RULES §6, seeds 000–004)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minibridge.announce import announce
from minibridge.cards import Seat, Strain
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.errors import ContractError, RuleError
from minibridge.play import Play
from minibridge.rules import RuleSet, find_rules, switches_schema
from minibridge.scoring import (
    SCHEMES,
    DutchScoring,
    EBUScoring,
    LessonScoring,
    TargetScoring,
    TricksOnly,
    find_scheme,
    score,
    score_table,
    trick_points,
)

EBU = find_rules("ebu")
LESSON = find_rules("lesson")
NBB = find_rules("nbb")
TARGETS = find_rules("targets")
SLAM = EBU.with_slam()


def contract(text: str) -> Contract:
    """A contract from its notation."""
    return Contract.from_str(text)


# --- EBU: the two tables of 001 ----------------------------------------------------------------------------

PART_SCORE_TABLE = [
    # tricks, 1NT, 1♠ / 1♥, 1♦ / 1♣
    (7, 90, 80, 70),  # 001 Partscore table
    (8, 120, 110, 90),  # 001 Partscore table
    (9, 150, 140, 110),  # 001 Partscore table
    (10, 180, 170, 130),  # 001 Partscore table
    (11, 210, 200, 150),  # 001 Partscore table
    (12, 240, 230, 170),  # 001 Partscore table
    (13, 270, 260, 190),  # 001 Partscore table
]

GAME_TABLE = [
    # tricks, 3NT, 4♠ / 4♥, 5♦ / 5♣ (None: "—", the goal is missed)
    (9, 400, None, None),  # 001 Game table
    (10, 430, 420, None),  # 001 Game table
    (11, 460, 450, 400),  # 001 Game table
    (12, 490, 480, 420),  # 001 Game table
    (13, 520, 510, 440),  # 001 Game table
]


def table_cells(
    table: list[tuple[int, int, int | None, int | None]], columns: tuple[tuple[str, ...], ...]
) -> list[object]:
    """One test case per cell and per spelling of the contracts of a column."""
    return [
        pytest.param(text, tricks, value, id=f"{text}-{tricks}")
        for tricks, *values in table
        for texts, value in zip(columns, values, strict=True)
        for text in texts
    ]


@pytest.mark.parametrize(
    ("text", "tricks", "points"),
    table_cells(PART_SCORE_TABLE, (("1NT",), ("1S", "1♠", "1H", "1♥"), ("1D", "1♦", "1C", "1♣"))),
)
def test_001_part_score_table(text: str, tricks: int, points: int):
    result = score(contract(text), tricks)
    assert result.made
    assert result.goal == 7
    assert (result.declarers_score, result.defenders_score) == (points, 0)


@pytest.mark.parametrize(
    ("text", "tricks", "points"),
    table_cells(GAME_TABLE, (("3NT",), ("4S", "4♠", "4H", "4♥"), ("5D", "5♦", "5C", "5♣"))),
)
def test_001_game_table(text: str, tricks: int, points: int | None):
    result = score(contract(text), tricks)
    if points is None:  # 001: "—"; "the opposing team scores 50 points for each trick the declarer was short"
        short = result.goal - tricks
        assert short > 0
        assert not result.made
        assert (result.declarers_score, result.defenders_score) == (0, 50 * short)
    else:
        assert result.made
        assert (result.declarers_score, result.defenders_score) == (points, 0)


@pytest.mark.parametrize(
    ("text", "tricks", "declarers", "defenders"),
    [
        ("1NT", 7, 90, 0),  # RULES §6 check values (001): 1NT with 7 tricks 90
        ("1NT", 8, 120, 0),  # RULES §6 check values: 8 → 120
        ("1S", 7, 80, 0),  # RULES §6 check values: 1S/1H 7 → 80
        ("1H", 7, 80, 0),  # RULES §6 check values: 1S/1H 7 → 80
        ("1D", 7, 70, 0),  # RULES §6 check values: 1D/1C 7 → 70
        ("1C", 7, 70, 0),  # RULES §6 check values: 1D/1C 7 → 70
        ("1D", 13, 190, 0),  # RULES §6 check values: 13 → 190
        ("1C", 13, 190, 0),  # RULES §6 check values: 13 → 190
        ("3NT", 9, 400, 0),  # RULES §6 check values: 3NT 9 → 400
        ("3NT", 13, 520, 0),  # RULES §6 check values: 13 → 520
        ("4S", 10, 420, 0),  # RULES §6 check values: 4S/4H 10 → 420
        ("4H", 10, 420, 0),  # RULES §6 check values: 4S/4H 10 → 420
        ("5D", 11, 400, 0),  # RULES §6 check values: 5D/5C 11 → 400
        ("5C", 11, 400, 0),  # RULES §6 check values: 5D/5C 11 → 400
        ("5D", 13, 440, 0),  # RULES §6 check values: 13 → 440
        ("5C", 13, 440, 0),  # RULES §6 check values: 13 → 440
        ("4S", 11, 450, 0),  # RULES §6 check values (002): 4S with 11 tricks 450
        ("4H", 8, 0, 100),  # RULES §6 check values (002): game in hearts with 8 tricks: defenders 100
    ],
)
def test_rules_check_values(text: str, tricks: int, declarers: int, defenders: int):
    result = score(contract(text), tricks, EBU)
    assert (result.declarers_score, result.defenders_score) == (declarers, defenders)


@pytest.mark.parametrize(
    ("text", "tricks", "trick_score", "declarers", "defenders"),
    [
        ("part-score in no-trumps", 8, 70, 120, 0),  # 002 example 1: 70 for the scoring tricks + 50 = 120
        ("game in spades", 11, 150, 450, 0),  # 002 example 2: 150 for the scoring tricks + 300 = 450
        ("game in hearts", 8, 60, 0, 100),  # 002 example 3: "The defenders get 100 points"
    ],
)
def test_002_worked_examples(text: str, tricks: int, trick_score: int, declarers: int, defenders: int):
    assert trick_points(contract(text), tricks) == trick_score
    result = score(contract(text), tricks)
    assert (result.declarers_score, result.defenders_score) == (declarers, defenders)


@pytest.mark.parametrize(
    ("text", "tricks", "defenders"),
    [
        ("1NT", 6, 50),  # 000 Law 17: 50 for each trick short of the goal
        ("1S", 4, 150),  # 000 Law 17
        ("1C", 0, 350),  # 000 Law 17: all thirteen tricks lost, seven short
        ("3NT", 8, 50),  # 000 Law 17 / 001: "50 points for each trick the declarer was short"
        ("3NT", 0, 450),  # 000 Law 17
        ("4S", 9, 50),  # 001 Game table "—" cell
        ("4H", 8, 100),  # 002 example 3
        ("4H", 0, 500),  # 000 Law 17
        ("5D", 10, 50),  # 001 Game table "—" cell
        ("5C", 6, 250),  # 000 Law 17
        ("5C", 0, 550),  # 000 Law 17
    ],
)
def test_undertricks_score_50_each_for_the_defenders(text: str, tricks: int, defenders: int):
    result = score(contract(text), tricks)
    assert not result.made
    assert result.declarers_score == 0  # 000 Law 15: "you do not get any points for the tricks you do make"
    assert result.defenders_score == defenders
    assert result.short == defenders // 50


@pytest.mark.parametrize(
    ("text", "tricks", "points"),
    [
        ("1NT", 6, 0),  # 000 Law 16: no points for the first six tricks
        ("1NT", 7, 40),  # 000 Law 16: no-trumps 40 for the first odd trick
        ("1NT", 9, 100),  # 000 Law 16: 30 for the other odd tricks
        ("1S", 9, 90),  # 000 Law 16: spades 30 per odd trick
        ("4H", 10, 120),  # 000 Law 16: hearts 30 per odd trick
        ("5D", 11, 100),  # 000 Summary 12: the goal gives 100+ for game
        ("1C", 13, 140),  # 000 Law 16: clubs 20 per odd trick
        ("1C", 3, 0),  # 000 Law 16: no odd tricks
    ],
)
def test_trick_points(text: str, tricks: int, points: int):
    assert trick_points(contract(text), tricks) == points


@pytest.mark.parametrize("tricks", [-1, 14])  # RULES §1: 13 tricks in a deal
def test_score_refuses_impossible_tricks(tricks: int):
    with pytest.raises(ContractError, match=f"0 to 13 tricks, not {tricks}"):
        score(contract("1NT"), tricks)


def test_score_fields_and_json():
    # 002 example 2: 4S with 11 tricks 450
    result = score(contract("4S"), 11)
    assert (result.goal, result.made, result.odd_tricks, result.short) == (10, True, 5, 0)
    assert result.as_data() == {
        "rules": "ebu",
        "contract": "4S",
        "tricks": 11,
        "goal": 10,
        "made": True,
        "declarers_score": 450,
        "defenders_score": 0,
        "calculation": [
            {"what": "5 tricks over six × 30", "points": 150},
            {"what": "300 game", "points": 300},
        ],
        "calculation_words": "5 tricks over six × 30 = 150, + 300 game = 450",
    }


@pytest.mark.parametrize(
    ("rules", "text", "tricks", "points", "words"),
    [
        (EBU, "3NT", 9, None, "first trick over six = 40, + 2 more tricks over six × 30 = 60, + 300 game = 400"),
        (EBU, "1NT", 7, None, "first trick over six = 40, + 50 part-score = 90"),  # 001 Partscore table
        (EBU, "4S", 11, None, "5 tricks over six × 30 = 150, + 300 game = 450"),  # 002 example 2
        (EBU, "4H", 8, None, "to the defenders: 2 tricks short × 50 = 100"),  # 002 example 3
        (LESSON, "1NT", 8, None, "2 tricks over six × 40 = 80, + 50 for the most tricks = 130"),  # 000 Lesson Three
        (NBB, "4S", 10, None, "10 tricks × 10 = 100, + 5 for spades, + 300 game = 405"),  # 003 puntentelling
        (NBB, "1C", 7, None, "7 tricks × 10 = 70, −10 for clubs = 60"),  # 003 puntentelling
        (NBB, "3NT", 8, None, "to the defenders: 1 trick short × 50 = 50; the declaring side scores −50"),  # downslag
        (TARGETS, "1NT", 9, 27, "target of 10 tricks, 9 taken: the deal won by the defenders"),  # 000
    ],
)
def test_calculation_words(rules: RuleSet, text: str, tricks: int, points: int | None, words: str):
    # RULES §6 check values (the first three EBU rows), and the seeds' worked examples named beside each row
    assert score(contract(text), tricks, rules, points=points).calculation_words == words


# --- lesson scoring (MiniLessons Three and Four) -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tricks", "declarers", "defenders"),
    [
        ("1NT", 7, 90, 0),  # 000 MiniLesson Three: 50 + 40 per trick beyond six
        ("1NT", 8, 130, 0),  # 000 MiniLesson Three: 50 + 2 × 40
        ("1S", 8, 130, 0),  # 000 MiniLesson Four: the same scoring with trumps
        ("1C", 10, 210, 0),  # 000 MiniLesson Four: 50 + 4 × 40, no suit values yet
        ("1NT", 13, 330, 0),  # 000 MiniLesson Three: 50 + 7 × 40
        ("1NT", 6, 0, 50),  # 000 MiniLesson Three: defenders 50 per under-trick
        ("1H", 3, 0, 200),  # 000 MiniLesson Three: 4 under-tricks
        ("1D", 0, 0, 350),  # 000 MiniLesson Three: 7 under-tricks
    ],
)
def test_lesson_scoring(text: str, tricks: int, declarers: int, defenders: int):
    result = score(contract(text), tricks, LESSON)
    assert result.goal == 7  # 000: "Declarer's goal is always seven or more tricks"
    assert (result.declarers_score, result.defenders_score) == (declarers, defenders)
    assert result.made is (tricks >= 7)


@pytest.mark.parametrize(
    "text",
    ["3NT", "4S", "4H", "5D", "5C", "6NT"],  # 000 MiniLesson Three: "without the game bonus"; RULES §6: no game
)
def test_lesson_refuses_games(text: str):
    with pytest.raises(RuleError):
        score(contract(text), 13, LESSON)


# --- Dutch scoring (003) -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tricks", "declarers"),
    [
        ("1NT", 7, 80),  # 003: 7 × 10 + 10 (ZT) = 80, the "+ 80 punten" of 003's example
        ("1NT", 8, 90),  # 003: 8 × 10 + 10 = 90
        ("1S", 7, 75),  # 003: 7 × 10 + 5 (schoppen) = 75
        ("1H", 9, 95),  # 003: 9 × 10 + 5 (harten) = 95
        ("1D", 7, 60),  # 003: 7 × 10 − 10 (ruiten) = 60
        ("1C", 13, 120),  # 003: 13 × 10 − 10 (klaveren) = 120
        ("3NT", 9, 400),  # 003: 9 × 10 + 10 + 300 manchepremie = 400
        ("3NT", 13, 440),  # 003: 13 × 10 + 10 + 300 = 440
        ("4S", 10, 405),  # 003: 10 × 10 + 5 + 300 = 405
        ("4H", 12, 425),  # 003: 12 × 10 + 5 + 300 = 425
        ("5D", 11, 400),  # 003: 11 × 10 − 10 + 300 = 400
        ("5C", 13, 420),  # 003: 13 × 10 − 10 + 300 = 420
        ("1NT", 6, -50),  # 003: one downslag, 50 minpunten
        ("1C", 2, -250),  # 003: five downslagen
        ("3NT", 8, -50),  # 003: game one short
        ("4H", 8, -100),  # 003: game two short
        ("5D", 0, -550),  # 003: eleven short
    ],
)
def test_dutch_scoring(text: str, tricks: int, declarers: int):
    result = score(contract(text), tricks, NBB, points=25, trumps_held=8)
    assert result.declarers_score == declarers
    # 003: "De tegenstanders krijgen het tegenovergestelde aantal punten" (zero-sum)
    assert result.defenders_score == -declarers
    assert result.made is (declarers > 0)


@pytest.mark.parametrize(
    ("text", "points", "trumps_held"),
    [
        ("3NT", 24, None),  # 003: game needs 25 points together
        ("4S", 24, 9),  # 003: game needs 25 points together
        ("5C", 21, 10),  # 003: game needs 25 points together
        ("1S", 30, 7),  # 003: trumps need 8 cards
        ("4H", 30, 7),  # 003: trumps need 8 cards
        ("1C", None, 4),  # 003: trumps need 8 cards
    ],
)
def test_dutch_restrictions_refuse(text: str, points: int | None, trumps_held: int | None):
    with pytest.raises(RuleError, match="under Dutch rules"):
        score(contract(text), 10, NBB, points=points, trumps_held=trumps_held)


@pytest.mark.parametrize(
    ("text", "points", "trumps_held"),
    [
        ("1NT", 24, None),  # 003: below 25 a part-score
        ("1S", 21, 8),  # 003: part-score with 8 trumps
        ("3NT", 25, 3),  # 003: 25 points, no-trumps needs no fit
    ],
)
def test_dutch_restrictions_allow(text: str, points: int, trumps_held: int | None):
    assert score(contract(text), 9, NBB, points=points, trumps_held=trumps_held).made


# --- targets by combined points (000 variant) --------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "tricks", "goal", "made"),
    [
        (21, 7, 7, True),  # 000 targets: 21–22 → 7
        (21, 6, 7, False),  # 000 targets: one short
        (24, 8, 8, True),  # 000 targets: 23–24 → 8
        (25, 8, 9, False),  # 000 targets: 25–26 → 9
        (27, 10, 10, True),  # 000 targets: 27–28 → 10
        (27, 9, 10, False),  # 000 targets: 27–28 → 10
        (32, 11, 11, True),  # 000 targets: 29–32 → 11
        (33, 11, 12, False),  # 000 targets: 33–36 → 12
        (37, 13, 13, True),  # 000 targets: 37+ → 13
        (40, 12, 13, False),  # 000 targets: 37+ → 13
    ],
)
def test_targets_win_or_loss(points: int, tricks: int, goal: int, made: bool):
    result = score(contract("1NT"), tricks, TARGETS, points=points)
    assert (result.goal, result.made) == (goal, made)
    # 000: "each deal be scored simply as a win or loss for each side"
    assert (result.declarers_score, result.defenders_score) == ((1, 0) if made else (0, 1))
    assert result.as_data()["hcp"] == points


def test_targets_goal_ignores_the_level():
    # 000 targets: the combined points set the goal, not part-score or game
    assert score(contract("4S"), 7, TARGETS, points=22).made
    assert not score(contract("1S"), 12, TARGETS, points=38).made


def test_targets_need_the_points():
    with pytest.raises(RuleError, match="give them"):
        score(contract("1NT"), 9, TARGETS)
    with pytest.raises(ContractError, match="not 20"):
        score(contract("1NT"), 9, TARGETS, points=20)


# --- slams (000 variant; 001) ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tricks", "declarers", "defenders"),
    [
        ("6NT", 12, 990, 0),  # 000 slam variant: 40 + 5 × 30 + 800 = 990
        ("6NT", 13, 1020, 0),  # 000 slam variant: 40 + 6 × 30 + 800
        ("6S", 12, 980, 0),  # 000 slam variant: 6 × 30 + 800
        ("6H", 13, 1010, 0),  # 000 slam variant: 7 × 30 + 800
        ("6D", 12, 920, 0),  # 000 slam variant: 6 × 20 + 800
        ("6C", 13, 940, 0),  # 000 slam variant: 7 × 20 + 800
        ("7NT", 13, 1020, 0),  # 001: the 7 level, 13 tricks; 000: bonus 800
        ("7S", 13, 1010, 0),  # 001 / 000: 7 × 30 + 800
        ("7C", 13, 940, 0),  # 001 / 000: 7 × 20 + 800
        ("6NT", 11, 0, 50),  # 000 Law 17: one short of twelve
        ("6C", 9, 0, 150),  # 000 Law 17: three short of twelve
        ("7NT", 12, 0, 50),  # 000 Law 17: one short of thirteen
        ("7S", 10, 0, 150),  # 000 Law 17: three short of thirteen
    ],
)
def test_slam_scoring(text: str, tricks: int, declarers: int, defenders: int):
    result = score(contract(text), tricks, SLAM)
    assert result.goal == (12 if text.startswith("6") else 13)
    assert (result.declarers_score, result.defenders_score) == (declarers, defenders)


@pytest.mark.parametrize("text", ["6NT", "6S", "7NT", "7C"])  # RULES §3: slams only when turned on
def test_slams_refused_without_slam(text: str):
    with pytest.raises(RuleError, match="no slams unless they are turned on"):
        score(contract(text), 13, EBU)


def test_slam_does_not_change_the_other_contracts():
    # RULES §6: the slam variant adds contracts; part-scores and games score as before
    assert score(contract("3NT"), 12, SLAM).declarers_score == 490  # 001 Game table
    assert score(contract("1NT"), 12, SLAM).declarers_score == 240  # 001 Partscore table


# --- score tables ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "rows", "contracts"),
    [
        (EBU, 140, {"1NT", "1S", "1H", "1D", "1C", "3NT", "4S", "4H", "5D", "5C"}),  # 001 both tables, 0–13 tricks
        (
            SLAM,
            280,
            {"1NT", "1S", "1H", "1D", "1C", "3NT", "4S", "4H", "5D", "5C"}
            | {"6NT", "6S", "6H", "6D", "6C", "7NT", "7S", "7H", "7D", "7C"},
        ),  # 001 optional slams at the 6 or 7 level
        (LESSON, 70, {"1NT", "1S", "1H", "1D", "1C"}),  # RULES §6 lessons: part-scores only
        (NBB, 140, {"1NT", "1S", "1H", "1D", "1C", "3NT", "4S", "4H", "5D", "5C"}),  # 003: part-score and game
        (
            LESSON.replace(strains=frozenset({Strain.NO_TRUMPS})),
            14,
            {"1NT"},
        ),  # RULES §8: MiniLesson Three, no-trumps only
    ],
)
def test_score_table(rules: RuleSet, rows: int, contracts: set[str]):
    table = score_table(rules)
    assert len(table) == rows
    assert {str(row.contract) for row in table} == contracts
    for text in contracts:
        assert sorted(row.tricks for row in table if str(row.contract) == text) == list(range(14))
    for row in table:
        assert row == score(row.contract, row.tricks, rules)


def test_score_table_holds_every_001_value():
    table = {(str(row.contract), row.tricks): row.declarers_score for row in score_table(EBU)}
    for tricks, nt, major, minor in PART_SCORE_TABLE:  # 001 Partscore table
        assert [table["1NT", tricks], table["1S", tricks], table["1H", tricks]] == [nt, major, major]
        assert [table["1D", tricks], table["1C", tricks]] == [minor, minor]
    for tricks, nt, major, minor in GAME_TABLE:  # 001 Game table ("—" scores nothing for declarer)
        assert [table["3NT", tricks], table["4S", tricks], table["4H", tricks]] == [nt, major or 0, major or 0]
        assert [table["5D", tricks], table["5C", tricks]] == [minor or 0, minor or 0]


def test_nbb_score_table_is_zero_sum():
    # 003: the defenders get the opposite
    assert all(row.declarers_score + row.defenders_score == 0 for row in score_table(NBB))


def test_targets_score_table():
    table = score_table(TARGETS)
    assert len(table) == 7 * 14  # RULES §3: seven bands, 0 to 13 tricks
    assert sorted({row.points for row in table}) == [21, 23, 25, 27, 29, 33, 37]  # RULES §3 band starts
    assert sorted({(row.points, row.goal) for row in table}) == [
        (21, 7),  # RULES §3 targets
        (23, 8),  # RULES §3 targets
        (25, 9),  # RULES §3 targets
        (27, 10),  # RULES §3 targets
        (29, 11),  # RULES §3 targets
        (33, 12),  # RULES §3 targets
        (37, 13),  # RULES §3 targets
    ]
    for row in table:
        assert row == score(row.contract, row.tricks, TARGETS, points=row.points)
        assert row.declarers_score + row.defenders_score == 1


def test_score_table_refuses_rules_without_contracts():
    # RULES §8: Lessons One and Two score tricks, not contracts
    with pytest.raises(RuleError, match="has no contracts"):
        score_table(EBU.replace(scoring="tricks"))


# --- properties over random deals ------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["1NT", "1S", "1H", "1D", "1C", "3NT", "4S", "4H", "5D", "5C"]))
def test_dutch_scores_of_random_deals_are_zero_sum(seed: int, text: str):
    """003: whatever is played, the defenders get the opposite of the declaring side's score."""
    rng = random.Random(seed)
    deal = Deal.random(rng)
    announced = announce(deal, Seat(rng.randrange(4)))
    if announced.redeal:
        return
    play = Play(deal, trumps=contract(text).strain.trumps, declarer=announced.declarer)
    while not play.finished:
        play.play(rng.choice(play.legal_cards()))
    assert play.declarer_tricks + play.tricks_won(announced.declarer.side.other) == 13
    result = score(contract(text), play.declarer_tricks, NBB)
    assert result.declarers_score + result.defenders_score == 0
    ebu = score(contract(text), play.declarer_tricks, EBU)
    assert min(ebu.declarers_score, ebu.defenders_score) == 0 and max(ebu.declarers_score, ebu.defenders_score) > 0


@pytest.mark.parametrize("text", ["6NT", "7S"])
def test_lesson_scoring_with_slams_turned_on_still_refuses_slams(text: str):
    # RULES §6 and §8: lesson scoring plays part-scores only, goal 7; --slam cannot make a 6NT worth 290.
    with pytest.raises(RuleError, match="part-scores only"):
        score(contract(text), 12, LESSON.with_slam())


def test_lesson_score_table_with_slams_turned_on_has_part_scores_only():
    assert {str(row.contract) for row in score_table(LESSON.with_slam())} == {"1NT", "1S", "1H", "1D", "1C"}


# --- the schemes and their registry ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("ebu", EBUScoring),  # 001, 002
        ("lesson", LessonScoring),  # 000 MiniLessons Three and Four
        ("nbb", DutchScoring),  # 003
        ("targets", TargetScoring),  # 000 targets variant
        ("tricks", TricksOnly),  # 000 MiniLessons One and Two
    ],
)
def test_find_scheme_by_name(name: str, kind: type):
    scheme = find_scheme(name)
    assert type(scheme) is kind
    assert scheme.name == name
    assert find_scheme(f" {name.upper()} ") is scheme
    assert repr(scheme) == f"find_scheme('{name}')"


def test_every_scheme_a_rule_set_may_name_is_in_the_registry():
    names = switches_schema()["properties"]["scoring"]["enum"]
    assert list(SCHEMES) == names == ["ebu", "lesson", "nbb", "targets", "tricks"]
    for name in ("ebu", "lesson", "nbb", "targets"):
        rules = find_rules(name)
        assert find_scheme(rules.scoring).description == rules.describe()[-1]
        assert find_scheme(rules.scoring).has_contract is rules.has_contract is True


def test_find_scheme_refuses_an_unknown_name():
    with pytest.raises(RuleError) as caught:
        find_scheme("rubber")
    assert str(caught.value) == ("there is no scoring called 'rubber'; choose one of ebu, lesson, nbb, targets, tricks")


@pytest.mark.parametrize(
    ("name", "words", "has_contract", "needs_points", "won_or_lost", "plus_and_minus", "session_target"),
    [
        ("ebu", "EBU scoring", True, False, False, False, 1000),  # 001: a session to 1000 points
        ("lesson", "lesson scoring: 50 plus 40 per odd trick", True, False, False, False, 1000),  # 000
        ("nbb", "Dutch scoring: 10 per trick, plus and minus points", True, False, False, True, 1000),  # 003
        ("targets", "targets by combined points: each deal won or lost", True, True, True, False, 2),  # 000
        ("tricks", "the score is the tricks each side takes", False, False, False, False, 1000),  # 000
    ],
)
def test_scheme_switches(
    name: str,
    words: str,
    has_contract: bool,
    needs_points: bool,
    won_or_lost: bool,
    plus_and_minus: bool,
    session_target: int,
):
    scheme = find_scheme(name)
    assert (scheme.description, scheme.has_contract, scheme.needs_points) == (words, has_contract, needs_points)
    assert (scheme.won_or_lost, scheme.plus_and_minus, scheme.session_target) == (
        won_or_lost,
        plus_and_minus,
        session_target,
    )


@pytest.mark.parametrize(
    ("name", "text", "points", "goal"),
    [
        ("ebu", "1NT", None, 7),  # 001: part-score, seven tricks
        ("ebu", "4H", None, 10),  # 002 example 3: game in hearts, ten tricks
        ("ebu", "5C", None, 11),  # 001 Game table
        ("lesson", "1S", None, 7),  # 000 MiniLesson Four: always seven
        ("nbb", "3NT", None, 9),  # 003: game in no-trumps
        ("targets", "1NT", 27, 10),  # 000 targets: 27–28 → 10, whatever the level
        ("targets", "4S", 22, 7),  # 000 targets: 21–22 → 7
    ],
)
def test_scheme_goal(name: str, text: str, points: int | None, goal: int):
    assert find_scheme(name).goal(contract(text), points=points) == goal


def test_targets_scheme_goal_needs_the_points():
    with pytest.raises(RuleError, match="give them"):
        find_scheme("targets").goal(contract("1NT"))


@pytest.mark.parametrize(
    ("name", "text", "tricks", "points", "scores", "words", "value"),
    [
        (  # 002 example 2
            "ebu", "4S", 11, None, (450, 0),
            "4S (game in spades), 11 tricks: goal 10 reached with 1 overtrick; declaring side scores 450.", 450,
        ),
        (  # 002 example 3
            "ebu", "4H", 8, None, (0, 100),
            "4H (game in hearts), 8 tricks: goal 10 missed by 2; defenders score 100.", -100,
        ),
        (  # 000 MiniLesson Three
            "lesson", "1NT", 8, None, (130, 0),
            "1NT (part-score in no-trumps), 8 tricks: goal 7 reached with 1 overtrick; declaring side scores 130.",
            130,
        ),
        (  # 003: 10 × 10 + 5 + 300
            "nbb", "4S", 10, 25, (405, -405),
            "4S (game in spades), 10 tricks: goal 10 reached; declaring side scores 405, defenders -405.", 405,
        ),
        (  # 003: one downslag
            "nbb", "3NT", 8, 25, (-50, 50),
            "3NT (game in no-trumps), 8 tricks: goal 9 missed by 1; declaring side scores -50, defenders 50.", -50,
        ),
        (  # 000 targets: 27–28 → 10
            "targets", "1NT", 9, 27, (0, 1),
            "1NT (part-score in no-trumps), 9 tricks: target 10 for 27 points missed by 1; the defenders win the deal.",
            -1,
        ),
        (  # 000 targets: 21–22 → 7
            "targets", "4S", 7, 22, (1, 0),
            "4S (game in spades), 7 tricks: target 7 for 22 points reached; the declaring side wins the deal.", 1,
        ),
    ],
)  # fmt: skip
def test_scheme_score_describe_and_side_value(
    name: str, text: str, tricks: int, points: int | None, scores: tuple[int, int], words: str, value: int
):
    scheme = find_scheme(name)
    result = score(contract(text), tricks, find_rules(name), points=points, trumps_held=8)
    assert result.scheme is scheme
    assert (result.declarers_score, result.defenders_score) == scores
    assert result.describe() == scheme.describe(result) == words
    assert scheme.side_value(result) == value
    assert result == score(contract(text), tricks, find_rules(name), points=points, trumps_held=8)


@pytest.mark.parametrize(
    ("name", "points", "reason"),
    [
        ("ebu", None, "game in hearts needs 10 tricks"),  # 002 example 3
        ("nbb", None, "game in hearts needs 10 tricks"),  # 003
        ("lesson", None, "in MiniLesson Three the goal is always 7 tricks"),  # 000 MiniLesson Three
        ("targets", 27, "27 points together set a target of 10 tricks"),  # 000 targets
    ],
)
def test_scheme_goal_reason(name: str, points: int | None, reason: str):
    scheme = find_scheme(name)
    goal = scheme.goal(contract("4H"), points=points)
    assert scheme.goal_reason(contract("4H"), goal, points=points, where="MiniLesson Three") == reason


def test_tricks_only_has_no_contracts_to_score():
    rules = EBU.replace(scoring="tricks")
    with pytest.raises(RuleError, match="has no contracts"):
        score(contract("1NT"), 7, rules)
    with pytest.raises(RuleError, match="has no contracts"):
        score_table(rules)


def test_no_code_outside_scoring_asks_for_a_schemes_name():
    package = Path(__file__).parents[1] / "minibridge"
    asks = re.compile(r"scoring\s*(==|!=)|\.scoring\s+(not\s+)?in\s*[(\[{]")
    found = [
        f"{path.relative_to(package)}:{number}: {line.strip()}"
        for path in sorted(package.rglob("*.py"))
        if path.name != "scoring.py" or path.parent != package
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if asks.search(line)
    ]
    assert found == []
