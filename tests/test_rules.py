"""The rule gates (RULES §3, §8): the deals and contracts the rules in force allow, every problem at once."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minibridge.cards import Seat, Strain
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.errors import RuleError
from minibridge.rules import (
    RULE_SETS,
    SWITCHES,
    RuleSet,
    allowed_contracts,
    check_contract,
    check_deal,
    contract_problems,
    deal_problems,
    find_rules,
    switches_schema,
    trumps_held,
)

DEAL = Deal.from_pbn("N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76")


@pytest.mark.parametrize(
    ("rules", "text", "message"),
    [
        ("lesson", "3NT", "plays part-scores only; '3NT' is a game: use 1NT"),  # RULES §6 lessons: no game
        ("lesson", "4S", "plays part-scores only; '4S' is a game: use 1S"),  # RULES §6 lessons: no game
        ("ebu", "6NT", "'6NT' is a slam, and EBU MiniBridge has no slams unless they are turned on"),  # RULES §3
        ("ebu", "7S", "'7S' is a grand slam, and EBU MiniBridge has no slams"),  # RULES §3
        ("nbb", "6H", "'6H' is a slam"),  # RULES §3: the Dutch rules have no slams
    ],
)
def test_check_contract_refuses(rules: str, text: str, message: str):
    with pytest.raises(RuleError, match=message):
        check_contract(Contract.from_str(text), find_rules(rules))


@pytest.mark.parametrize(
    ("rules", "text"),
    [
        ("ebu", "1NT"),  # RULES §3: part-score
        ("ebu", "5C"),  # RULES §3: game
        ("lesson", "1S"),  # RULES §6 lessons: part-scores
        ("nbb", "4H"),  # RULES §3: game, restrictions unknown
        ("targets", "1D"),  # RULES §3: targets
    ],
)
def test_check_contract_accepts(rules: str, text: str):
    check_contract(Contract.from_str(text), find_rules(rules))


def test_check_contract_with_slams_turned_on():
    # RULES §3: optional slam, 6 and 7 level
    rules = find_rules("ebu").with_slam()
    check_contract(Contract.from_str("6NT"), rules)
    check_contract(Contract.from_str("7C"), rules)
    with pytest.raises(RuleError):
        check_contract(Contract.from_str("7C"), rules.with_slam(False))


def test_check_contract_only_the_strains_of_the_lesson():
    # RULES §8: MiniLesson Three plays in no-trumps only
    three = find_rules("lesson").replace(strains=frozenset({Strain.NO_TRUMPS}), title="MiniLesson Three")
    check_contract(Contract.from_str("1NT"), three)
    with pytest.raises(RuleError, match="MiniLesson Three plays in no-trumps only; '1S' is in spades"):
        check_contract(Contract.from_str("1S"), three)
    four = three.replace(strains=frozenset({Strain.NO_TRUMPS, Strain.SPADES}))
    with pytest.raises(RuleError, match="plays in no-trumps and spades only"):
        check_contract(Contract.from_str("1H"), four)


def test_check_contract_without_part_scores_or_contracts():
    # RULES §8: Lessons One and Two have no contracts
    with pytest.raises(RuleError, match="has no contracts"):
        check_contract(Contract.from_str("1NT"), find_rules("ebu").replace(scoring="tricks"))
    with pytest.raises(RuleError, match="has no part-scores; '1NT' is one"):
        check_contract(Contract.from_str("1NT"), find_rules("ebu").replace(part_score=False))


@pytest.mark.parametrize(
    ("text", "points", "trumps_held", "message"),
    [
        ("3NT", 24, None, "a game needs 25 points together, and the declaring side has 24: .*1NT"),  # 003: 25 for game
        ("5D", 21, None, "the declaring side has 21: play a part-score \\(1D\\)"),  # 003: 25 for game
        ("1S", None, 7, "spades can be trumps only with 8 cards .* they hold 7"),  # 003: minstens 8 kaarten
        ("4H", 30, 6, "hearts can be trumps only with 8 cards"),  # 003: minstens 8 kaarten
    ],
)
def test_dutch_restrictions_refuse(text: str, points: int | None, trumps_held: int | None, message: str):
    with pytest.raises(RuleError, match=message):
        check_contract(Contract.from_str(text), find_rules("nbb"), points=points, trumps_held=trumps_held)


@pytest.mark.parametrize(
    ("text", "points", "trumps_held"),
    [
        ("3NT", 25, None),  # 003: "met manche moet je samen minstens 25 plaatjespunten hebben"
        ("1NT", 21, None),  # 003: below 25 a part-score
        ("1NT", 30, 2),  # 003: no-trumps needs no fit
        ("4S", 25, 8),  # 003: "minstens 8 kaarten in de gekozen kleur"
        ("1C", 22, 8),  # 003: part-score with an 8-card fit
    ],
)
def test_dutch_restrictions_allow(text: str, points: int, trumps_held: int | None):
    check_contract(Contract.from_str(text), find_rules("nbb"), points=points, trumps_held=trumps_held)


def test_restrictions_are_only_dutch():
    # RULES §3: the Dutch restrictions belong to 003 only
    check_contract(Contract.from_str("4S"), find_rules("ebu"), points=21, trumps_held=5)


def test_check_contract_names_the_place():
    with pytest.raises(RuleError, match=r"^lessons/three.yaml, exercises\[2\]: .*use 1S$"):
        check_contract(Contract.from_str("4S"), find_rules("lesson"), where="lessons/three.yaml, exercises[2]")


def test_contract_problems_lists_every_problem():
    # RULES §8: MiniLesson Three plays part-scores in no-trumps only: 4S breaks both
    three = find_rules("lesson").replace(strains=frozenset({Strain.NO_TRUMPS}), title="MiniLesson Three")
    problems = contract_problems(Contract.from_str("4S"), three)
    assert problems == [
        "MiniLesson Three plays in no-trumps only; '4S' is in spades",
        "MiniLesson Three plays part-scores only; '4S' is a game: use 1S",
    ]
    with pytest.raises(RuleError, match=r"^MiniLesson Three plays in no-trumps only; .*; MiniLesson Three plays part"):
        check_contract(Contract.from_str("4S"), three)
    assert contract_problems(Contract.from_str("1NT"), three) == []


def test_dutch_problems_both_at_once():
    # 003: 25 points for game and 8 trumps, both missing
    problems = contract_problems(Contract.from_str("4H"), find_rules("nbb"), points=22, trumps_held=7)
    assert len(problems) == 2
    assert "25 points" in problems[0] and "8 cards" in problems[1]


def test_deal_problems_by_the_size_of_the_hands():
    # RULES §1: complete hands from MiniLesson Three; short deals in Lessons One and Two
    short = Deal.from_pbn("N:AK... QJ... T9... 87...")
    assert deal_problems(find_rules("ebu"), DEAL) == []
    assert deal_problems(find_rules("ebu"), short) == [
        "EBU MiniBridge is played with complete hands of 13 cards; this deal has 2 cards each"
    ]
    assert deal_problems(find_rules("ebu").replace(cards_per_hand=None), short) == []
    with pytest.raises(RuleError, match="this deal has 2 cards each"):
        check_deal(find_rules("ebu"), short)


def test_trumps_held_by_declarer_and_dummy():
    assert trumps_held(DEAL, Seat.NORTH, Strain.SPADES) == 4 + 3  # AK32 and T98
    assert trumps_held(DEAL, Seat.SOUTH, Strain.CLUBS) == 4 + 3  # AJ98 and K32
    assert trumps_held(DEAL, Seat.EAST, Strain.HEARTS) == 3 + 4
    assert trumps_held(DEAL, Seat.NORTH, Strain.NO_TRUMPS) is None


def test_allowed_contracts_in_order():
    # RULES §3: no-trumps first, part-scores before games; Dutch: 8 trumps and 25 points
    assert [str(c) for c in allowed_contracts(find_rules("ebu"), DEAL, Seat.NORTH)] == [
        "1NT", "3NT", "1S", "4S", "1H", "4H", "1D", "5D", "1C", "5C",
    ]  # fmt: skip
    # North–South hold 29 points; 7 spades, 6 hearts, 6 diamonds, 8 clubs
    assert [str(c) for c in allowed_contracts(find_rules("nbb"), DEAL, Seat.NORTH)] == ["1NT", "3NT"]
    with pytest.raises(RuleError, match="has no contracts"):
        allowed_contracts(find_rules("ebu").replace(scoring="tricks"), DEAL, Seat.NORTH)


@pytest.mark.parametrize(
    ("rules", "slam", "line"),
    [
        ("ebu", False, "part-score and game"),  # RULES §3
        ("ebu", True, "part-score and game and slam"),  # RULES §3: slams at the 6 and 7 level when turned on
        ("lesson", False, "part-score only"),  # RULES §6: MiniLessons Three and Four
        ("lesson", True, "part-score only"),  # RULES §8: --slam cannot add slams where there are no games
    ],
)
def test_the_rules_in_force_name_the_kinds_of_contract_they_play(rules: str, slam: bool, line: str):
    ruleset = find_rules(rules).with_slam(slam)
    assert ruleset.describe()[3] == line
    assert (not contract_problems(Contract.of("slam", Strain.SPADES), ruleset)) is ("slam" in line)  # as the gates


def test_rules_that_play_games_only_say_so():
    assert find_rules("ebu").replace(part_score=False).describe()[3] == "game only"


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), rules=st.sampled_from(sorted(RULE_SETS)), seat=st.sampled_from(list(Seat)))
def test_allowed_contracts_are_exactly_those_without_problems(seed: int, rules: str, seat: Seat):
    import random

    deal = Deal.random(random.Random(seed))
    ruleset = find_rules(rules).with_slam(rules not in ("lesson", "nbb"))  # 003 has no slams
    points = deal[seat].hcp + deal[seat.partner].hcp
    allowed = set(allowed_contracts(ruleset, deal, seat))
    for strain in Strain:
        for level in {1, 6, 7, Contract.of("game", strain).level}:
            contract = Contract(level, strain)
            problems = contract_problems(contract, ruleset, points=points, trumps_held=trumps_held(deal, seat, strain))
            assert (contract in allowed) == (not problems)


def test_every_switch_is_declared_once_and_read_from_a_lesson_file():
    schema = switches_schema()
    assert schema["required"] == [name for name in SWITCHES if name != "three_handed"]  # may be left out
    assert set(SWITCHES) == set(schema["properties"])
    assert "name" not in SWITCHES and "title" not in SWITCHES
    switches = {
        "cards_per_hand": "short", "dummy": False, "announcement": False, "tie_rule": "choice",
        "strains": ["NT"], "part_score": True, "game": False, "slam": False, "scoring": "tricks",
        "dutch_restrictions": False, "duplicate": True, "signals": False, "competition": False,
    }  # fmt: skip
    rules = RuleSet.from_switches(name="lesson-1", title="MiniLesson One", switches=switches)
    assert rules.cards_per_hand is None and rules.strains == frozenset({Strain.NO_TRUMPS})
    assert not rules.announcement and rules.scoring == "tricks" and rules.title == "MiniLesson One"
    assert rules.three_handed is None  # left out: four players
    three = {**switches, "cards_per_hand": 13, "announcement": True, "dummy": True, "three_handed": "normal"}
    assert RuleSet.from_switches(name="mine", title="My lesson", switches=three).three_handed == "normal"
