"""The score, explained: every score comes with its calculation, part by part, under the rules in force
(RULES §6), from the scheme that computes it; the parts add up to the score, in the library, at the command
line, at the terminal after each deal and in the answer key of a lesson pack."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from minibridge.cli import main
from minibridge.contract import Contract
from minibridge.language import speaking
from minibridge.lessons import explain, find_kind, find_lesson
from minibridge.lessons.exercise_board import contract_of, score_of
from minibridge.rules import RuleSet, find_rules
from minibridge.scoring import Score, score, score_table

EBU = find_rules("ebu")
SLAMS = EBU.with_slam()
LESSON = find_rules("lesson")
NBB = find_rules("nbb")
TARGET_RULES = find_rules("targets")

RULE_SETS = {"ebu": EBU, "slams": SLAMS, "lesson": LESSON, "nbb": NBB, "targets": TARGET_RULES}

LESSONS = [find_lesson(number) for number in range(1, 7)]

TIMES = re.compile(r"(\d+) [^×\d]*× (\d+)")


def check_calculation(result: Score) -> None:
    """The parts add up exactly to the score of the side they go to, and the words name each part."""
    parts = result.calculation
    assert parts, result
    assert all(set(part) == {"what", "points"} for part in parts)
    assert all(isinstance(part["points"], int) and part["what"].strip() for part in parts)
    total = sum(part["points"] for part in parts)
    if result.made:
        assert total == result.declarers_score, result
    else:
        assert total == result.defenders_score, result
        if not result.scheme.won_or_lost:
            assert all(part["what"].startswith("to the defenders: ") for part in parts), parts
    assert total == result.calculation_total
    line = result.calculation_words
    for part in parts:
        words = part["what"]
        assert words in line, (words, line)
        product = TIMES.search(words)
        if product is not None:  # "3 tricks over six × 30": the count times the value is the part
            count, value = map(int, product.groups())
            assert count * value == part["points"], part
            assert f"{words} = {part['points']}" in line
        elif words == "first trick over six":
            assert part["points"] == 40 and f"{words} = 40" in line
        elif result.scheme.won_or_lost:
            assert part["points"] == 1 and f"target of {result.goal} tricks, {result.tricks} taken" in words
            assert ("the declaring side" in words) is result.made and ("the defenders" in words) is not result.made
        else:  # "50 part-score", "−10 for clubs": the words say the points
            shown = f"−{-part['points']}" if part["points"] < 0 else str(part["points"])
            assert words.startswith(shown), part
    if len(parts) > 1:
        assert line.endswith(f" = {total:,}"), line
    if result.scheme.plus_and_minus and not result.made:
        assert line.endswith(f"; the declaring side scores −{result.defenders_score}")


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_every_contract_and_every_number_of_tricks_adds_up_under_each_rule_set(name: str):
    # RULES §6 (EBU, MiniLessons Three and Four, Dutch), §3 (optional slam, targets): exhaustive over the
    # contracts each rule set allows and 0 to 13 tricks (every band of points under targets)
    rules = RULE_SETS[name]
    rows = score_table(rules)
    assert len(rows) >= 14
    for row in rows:
        check_calculation(row)


NAMED = [f"1{s}" for s in ("C", "D", "H", "S", "NT")] + ["3NT", "4H", "4S", "5C", "5D"]
NAMED += [f"{level}{s}" for level in (6, 7) for s in ("C", "D", "H", "S", "NT")]


@settings(max_examples=300, deadline=None)
@given(text=st.sampled_from(NAMED), tricks=st.integers(0, 13), points=st.integers(21, 40))
def test_any_contract_and_tricks_adds_up_by_the_ebu_slam_and_target_rules(text: str, tricks: int, points: int):
    # RULES §3 (the level notation, the optional slam, targets by any combined points) and §6 EBU
    contract = Contract.from_str(text)
    check_calculation(score(contract, tricks, SLAMS))
    check_calculation(score(Contract(1, contract.strain), tricks, TARGET_RULES, points=points))
    if contract.level < 6:
        for rules in (EBU, NBB):
            check_calculation(score(contract, tricks, rules))


WORKED = [
    # (RULES section, rules, contract, tricks, points, the calculation, declarers' score, defenders' score)
    (
        "§6 EBU check values (001): 1NT 7 → 90",
        EBU,
        "1NT",
        7,
        None,
        "first trick over six = 40, + 50 part-score = 90",
        90,
        0,
    ),
    (
        "§6 EBU check values (001): 1NT 8 → 120",
        EBU,
        "1NT",
        8,
        None,
        "first trick over six = 40, + 1 more trick over six × 30 = 30, + 50 part-score = 120",
        120,
        0,
    ),
    (
        "§6 EBU check values (001): 1S 7 → 80",
        EBU,
        "1S",
        7,
        None,
        "1 trick over six × 30 = 30, + 50 part-score = 80",
        80,
        0,
    ),
    (
        "§6 EBU check values (001): 1H 7 → 80",
        EBU,
        "1H",
        7,
        None,
        "1 trick over six × 30 = 30, + 50 part-score = 80",
        80,
        0,
    ),
    (
        "§6 EBU check values (001): 1D 7 → 70",
        EBU,
        "1D",
        7,
        None,
        "1 trick over six × 20 = 20, + 50 part-score = 70",
        70,
        0,
    ),
    (
        "§6 EBU check values (001): 1C 7 → 70",
        EBU,
        "1C",
        7,
        None,
        "1 trick over six × 20 = 20, + 50 part-score = 70",
        70,
        0,
    ),
    (
        "§6 EBU check values (001): 1D 13 → 190",
        EBU,
        "1D",
        13,
        None,
        "7 tricks over six × 20 = 140, + 50 part-score = 190",
        190,
        0,
    ),
    (
        "§6 EBU check values (001): 3NT 9 → 400",
        EBU,
        "3NT",
        9,
        None,
        "first trick over six = 40, + 2 more tricks over six × 30 = 60, + 300 game = 400",
        400,
        0,
    ),
    (
        "§6 EBU check values (001): 3NT 13 → 520",
        EBU,
        "3NT",
        13,
        None,
        "first trick over six = 40, + 6 more tricks over six × 30 = 180, + 300 game = 520",
        520,
        0,
    ),
    (
        "§6 EBU check values (001): 4S 10 → 420",
        EBU,
        "4S",
        10,
        None,
        "4 tricks over six × 30 = 120, + 300 game = 420",
        420,
        0,
    ),
    (
        "§6 EBU check values (001): 4H 10 → 420",
        EBU,
        "4H",
        10,
        None,
        "4 tricks over six × 30 = 120, + 300 game = 420",
        420,
        0,
    ),
    (
        "§6 EBU check values (001): 5D 11 → 400",
        EBU,
        "5D",
        11,
        None,
        "5 tricks over six × 20 = 100, + 300 game = 400",
        400,
        0,
    ),
    (
        "§6 EBU check values (001): 5C 13 → 440",
        EBU,
        "5C",
        13,
        None,
        "7 tricks over six × 20 = 140, + 300 game = 440",
        440,
        0,
    ),
    (
        "§6 EBU (002): 4S with 11 tricks 450",
        EBU,
        "4S",
        11,
        None,
        "5 tricks over six × 30 = 150, + 300 game = 450",
        450,
        0,
    ),
    (
        "§6 EBU (002): game in hearts with 8 tricks, defenders 100",
        EBU,
        "4H",
        8,
        None,
        "to the defenders: 2 tricks short × 50 = 100",
        0,
        100,
    ),
    (
        "§3 optional slam (000, 001): 6NT 12 tricks, bonus 800",
        SLAMS,
        "6NT",
        12,
        None,
        "first trick over six = 40, + 5 more tricks over six × 30 = 150, + 800 slam = 990",
        990,
        0,
    ),
    (
        "§3 optional slam (001): the 7 level, 13 tricks",
        SLAMS,
        "7S",
        13,
        None,
        "7 tricks over six × 30 = 210, + 800 grand slam = 1,010",
        1010,
        0,
    ),
    ("§3 optional slam: 6H one short", SLAMS, "6H", 11, None, "to the defenders: 1 trick short × 50 = 50", 0, 50),
    (
        "§6 MiniLessons Three and Four: made, 50 plus 40 per odd trick",
        LESSON,
        "1NT",
        8,
        None,
        "2 tricks over six × 40 = 80, + 50 for the most tricks = 130",
        130,
        0,
    ),
    (
        "§6 MiniLessons Three and Four: goal always 7 tricks",
        LESSON,
        "1S",
        7,
        None,
        "1 trick over six × 40 = 40, + 50 for the most tricks = 90",
        90,
        0,
    ),
    (
        "§6 MiniLessons Three and Four: missed, 50 per undertrick to the defenders",
        LESSON,
        "1NT",
        4,
        None,
        "to the defenders: 3 tricks short × 50 = 150",
        0,
        150,
    ),
    (
        "§6 Dutch (003): 10 per trick, hearts +5, game 300",
        NBB,
        "4H",
        10,
        None,
        "10 tricks × 10 = 100, + 5 for hearts, + 300 game = 405",
        405,
        -405,
    ),
    (
        "§6 Dutch (003): NT +10, no part-score bonus",
        NBB,
        "1NT",
        7,
        None,
        "7 tricks × 10 = 70, + 10 for no-trumps = 80",
        80,
        -80,
    ),
    (
        "§6 Dutch (003): diamonds −10",
        NBB,
        "1D",
        8,
        None,
        "8 tricks × 10 = 80, −10 for diamonds = 70",
        70,
        -70,
    ),
    (
        "§6 Dutch (003): clubs −10, game 300",
        NBB,
        "5C",
        11,
        None,
        "11 tricks × 10 = 110, −10 for clubs, + 300 game = 400",
        400,
        -400,
    ),
    (
        "§6 Dutch (003): missed, −50 a trick short, the defenders the opposite",
        NBB,
        "4S",
        8,
        None,
        "to the defenders: 2 tricks short × 50 = 100; the declaring side scores −100",
        -100,
        100,
    ),
    (
        "§3 targets (000): 27–28 points → 10 tricks, reached",
        TARGET_RULES,
        "4H",
        10,
        27,
        "target of 10 tricks, 10 taken: the deal won by the declaring side",
        1,
        0,
    ),
    (
        "§3 targets (000): 21–22 points → 7 tricks, missed",
        TARGET_RULES,
        "1NT",
        6,
        22,
        "target of 7 tricks, 6 taken: the deal won by the defenders",
        0,
        1,
    ),
    (
        "§3 targets (000): 37+ points → 13 tricks, missed",
        TARGET_RULES,
        "3NT",
        12,
        38,
        "target of 13 tricks, 12 taken: the deal won by the defenders",
        0,
        1,
    ),
]


@pytest.mark.parametrize(
    ("section", "rules", "text", "tricks", "points", "words", "declarers", "defenders"),
    WORKED,
    ids=[row[0] for row in WORKED],
)
def test_the_worked_examples_of_the_rules(
    section: str,
    rules: RuleSet,
    text: str,
    tricks: int,
    points: int | None,
    words: str,
    declarers: int,
    defenders: int,
):
    result = score(Contract.from_str(text), tricks, rules, points=points)
    assert (result.declarers_score, result.defenders_score) == (declarers, defenders), section
    assert result.calculation_words == words, section
    check_calculation(result)
    data = result.as_data()
    assert data["calculation"] == result.calculation and data["calculation_words"] == words


def test_the_calculation_is_in_the_language_in_use_and_its_numbers_as_the_language_writes_them():
    result = score(Contract.from_str("7NT"), 13, SLAMS)
    assert result.calculation_words.endswith("= 1,020")
    with speaking("nl"):
        dutch = result.calculation_words
        assert dutch.endswith("= 1.020") and sum(p["points"] for p in result.calculation) == 1020


# --- the command line ------------------------------------------------------------------------------------------


def _score(*args: str) -> str:
    outcome = CliRunner().invoke(main, ["score", *args])
    assert outcome.exit_code == 0, outcome.output
    return outcome.output


def test_score_json_gains_the_calculation_and_keeps_every_key():
    data = json.loads(_score("4S", "11", "--json"))
    assert data == {
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
    down = json.loads(_score("game in hearts", "8", "--json"))
    assert down["calculation"] == [{"what": "to the defenders: 2 tricks short × 50", "points": 100}]
    assert sum(p["points"] for p in down["calculation"]) == down["defenders_score"] == 100
    targets = json.loads(_score("4H", "9", "--rules", "targets", "--hcp", "27", "--json"))
    assert targets["hcp"] == 27 and targets["calculation"][0]["points"] == targets["defenders_score"] == 1


def test_plain_score_prints_the_calculation_under_the_result():
    lines = _score("4S", "11").splitlines()
    assert lines == [
        "4S (game in spades), 11 tricks: goal 10 reached with 1 overtrick; declaring side scores 450.",
        "How it adds up: 5 tricks over six × 30 = 150, + 300 game = 450",
    ]
    assert _score("1D", "8", "--rules", "nbb").splitlines()[1] == (
        "How it adds up: 8 tricks × 10 = 80, −10 for diamonds = 70"
    )
    assert "50 for the most tricks" in _score("1NT", "8", "--lesson", "3")


@pytest.mark.parametrize("rules", ["ebu", "lesson", "nbb", "targets"])
def test_the_score_table_still_prints_and_its_json_rows_carry_their_calculation(rules: str):
    table = _score("--table", "--rules", rules)
    assert len(table.splitlines()) == 16
    rows = json.loads(_score("--table", "--rules", rules, "--json"))["rows"]
    for row in rows:
        side = row["declarers_score"] if row["made"] else row["defenders_score"]
        assert sum(part["points"] for part in row["calculation"]) == side, row


# --- the terminal ----------------------------------------------------------------------------------------------


def test_each_deal_played_at_the_terminal_is_followed_by_its_calculation():
    outcome = CliRunner().invoke(main, ["play", "--auto", "--deals", "3", "--seed", "4", "--samples", "2"])
    assert outcome.exit_code == 0, outcome.output
    lines = outcome.output.splitlines()
    scored = [i for i, line in enumerate(lines) if "declaring side scores" in line or "defenders score" in line]
    assert len(scored) == 3
    for i in scored:
        assert lines[i + 1].startswith("How it adds up: ")
        total = re.search(r"scores? (-?[\d,]+)\.", lines[i])
        assert total is not None and lines[i + 1].endswith(total.group(1).replace("-", "−")), lines[i : i + 2]


def test_a_pupils_deal_at_the_terminal_shows_the_calculation_after_the_score():
    cards = [f"{suit}{rank}" for suit in "SHDC" for rank in "AKQJT98765432"]
    text = "\n".join(line for _ in range(60) for line in ["3NT", "N", *cards]) + "\n"
    outcome = CliRunner().invoke(main, ["play", "--deals", "1", "--seed", "11", "--samples", "2"], input=text)
    assert outcome.exit_code == 0, outcome.output
    lines = outcome.output.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("3NT (game in no-trumps)"))
    assert lines[at + 1].startswith("How it adds up: ")


# --- the answer key ----------------------------------------------------------------------------------------------


def test_the_answer_key_explains_each_score_by_its_calculation():
    seen = 0
    for lesson in LESSONS:
        for exercise in lesson.exercises:
            if exercise.kind == "score":
                assert exercise.tricks is not None
                result = score_of(lesson, exercise, contract_of(exercise), exercise.tricks)
                reason = explain(lesson, exercise)
                assert reason == result.calculation_words
                found = find_kind("score").solve(lesson, exercise)
                assert sum(p["points"] for p in result.calculation) == (
                    found["declarers"] if result.made else found["defenders"]
                )
                seen += 1
            elif exercise.kind == "replay" and "declarers" in find_kind("replay").solve(lesson, exercise):
                assert "How it adds up" not in explain(lesson, exercise)
                assert " = " in explain(lesson, exercise).split(";")[-1]
                seen += 1
    assert seen >= 5
