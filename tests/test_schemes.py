"""The scoring schemes as one registry: each scheme owns its words, facts and numbers, and everything that
scores, explains or prints a scheme follows them (RULES §6)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

import pytest
from printed import run

from minibridge.cards import Strain
from minibridge.contract import Contract, Kind
from minibridge.errors import RuleError
from minibridge.language import speaking
from minibridge.render.pack import rules_lines
from minibridge.render.text import wording
from minibridge.rules import RuleSet, find_rules, switches_schema
from minibridge.schemes import SCHEMES, EBUScoring, LessonScoring, find_scheme
from minibridge.scoring import goal, score, score_table

EBU = find_rules("ebu")


class ClubScoring(EBUScoring):
    """A club's own scheme: EBU arithmetic with bigger bonuses, a goal of 8 tricks, 100 a trick short."""

    name = "club"
    words = "club scoring"
    bonus: ClassVar[Mapping[Kind, int]] = {"part-score": 100, "game": 500}
    fixed_goal = 8
    undertrick = 100
    session_target = 500


@pytest.fixture
def club(monkeypatch: pytest.MonkeyPatch) -> RuleSet:
    """The club's scheme in the registry, and the EBU rules scored by it."""
    monkeypatch.setitem(SCHEMES, "club", ClubScoring())
    return EBU.replace(name="club", title="Club rules", scoring="club")


def test_a_scheme_registered_is_found_and_scores(club: RuleSet):
    scheme = find_scheme("Club")
    assert isinstance(scheme, ClubScoring) and club.scheme is scheme
    made = score(Contract.from_str("1NT"), 8, club)
    assert (made.goal, made.declarers_score, made.defenders_score) == (8, 40 + 30 + 100, 0)
    missed = score(Contract.from_str("3NT"), 6, club)
    assert (missed.made, missed.defenders_score) == (False, 200)
    assert (
        made.calculation_words == "first trick over six = 40, + 1 more trick over six × 30 = 30, + 100 part-score = 170"
    )
    assert missed.calculation_words == "to the defenders: 2 tricks short × 100 = 200"
    assert goal(Contract.from_str("5C"), club) == 8
    assert club.describe()[-1] == "club scoring"


def test_a_scheme_registered_prints_its_sentence_in_a_packs_rules(club: RuleSet):
    lines = rules_lines(club, wording())
    assert (
        "EBU scoring: 20 a trick over six in clubs and diamonds, 30 in hearts and spades, 40 then 30 in no-trumps; "
        "100 for a part-score, 500 for a game. Goal missed: the defenders score 100 for each trick short."
    ) in lines


def test_the_ebu_part_score_bonus_is_written_once(monkeypatch: pytest.MonkeyPatch):
    # RULES §6: part-score 50; changed in one place, the score, its calculation, the table and the pack follow.
    monkeypatch.setattr(EBUScoring, "bonus", {**EBUScoring.bonus, "part-score": 75})
    made = score(Contract.from_str("1NT"), 7)
    assert made.declarers_score == 115
    assert made.calculation_words == "first trick over six = 40, + 75 part-score = 115"
    assert {row.declarers_score for row in score_table(EBU) if str(row.contract) == "1NT" and row.tricks == 7} == {115}
    assert any("75 for a part-score, 300 for a game" in line for line in rules_lines(EBU, wording()))
    code, out, _ = run("score", "--table", "--rules", "ebu")
    assert code == 0 and re.search(r"^\s+7\s+115\s", out, re.MULTILINE)
    said = run("score", "1D", "7")[1].strip().splitlines()
    assert said[0].endswith("declaring side scores 95.")
    assert said[1] == "How it adds up: 1 trick over six × 20 = 20, + 75 part-score = 95"


def test_the_lesson_schemes_words_come_from_its_numbers(monkeypatch: pytest.MonkeyPatch):
    # RULES §6 MiniLessons Three and Four: 50 plus 40 per odd trick.
    monkeypatch.setattr(LessonScoring, "odd_trick", 30)
    lesson = find_rules("lesson")
    assert find_scheme("lesson").description == "lesson scoring: 50 plus 30 per odd trick" == lesson.describe()[-1]
    result = score(Contract.from_str("1S"), 9, lesson)
    assert result.declarers_score == 140
    assert result.calculation_words == "3 tricks over six × 30 = 90, + 50 for the most tricks = 140"


@pytest.mark.parametrize(
    ("name", "sentence"),
    [
        (  # 001
            "ebu",
            "EBU scoring: 20 a trick over six in clubs and diamonds, 30 in hearts and spades, 40 then 30 in "
            "no-trumps; 50 for a part-score, 300 for a game. Goal missed: the defenders score 50 for each trick "
            "short.",
        ),
        (  # 000 MiniLessons Three and Four
            "lesson",
            "Goal reached: 50 plus 40 for each trick over six. Goal missed: the defenders score 50 for each trick "
            "short.",
        ),
        (  # 003
            "nbb",
            "Dutch scoring: 10 for every trick, with points added or taken off for the denomination, 300 for a game.",
        ),
        (  # 000 targets
            "targets",
            "Targets: the declaring side's points together set the number of tricks to take; each deal is won or lost.",
        ),
        ("tricks", "The score is the number of tricks each side takes."),  # 000 MiniLessons One and Two
    ],
)
def test_each_scheme_has_its_pack_sentence(name: str, sentence: str):
    assert find_scheme(name).sentence == sentence


def test_the_sentences_are_translated():
    with speaking("nl"):
        dutch = find_scheme("ebu").sentence
    assert "50" in dutch and "300" in dutch and dutch != find_scheme("ebu").sentence


def test_the_dutch_scheme_says_why_it_has_no_slams():
    # RULES §6 Dutch (003): part-scores and games only.
    with pytest.raises(RuleError, match="the Dutch rules have no slams"):
        find_rules("nbb").with_slam()
    assert find_scheme("ebu").no_slams is None


def test_the_rules_may_name_every_scheme_and_no_other():
    assert switches_schema()["properties"]["scoring"]["enum"] == list(SCHEMES)
    with pytest.raises(RuleError, match="there is no scoring called 'rubber'"):
        EBU.replace(scoring="rubber")


@pytest.mark.parametrize(
    ("rules", "slam", "kinds"),
    [
        ("ebu", False, ("part-score", "game")),  # RULES §3
        ("ebu", True, ("part-score", "game", "slam", "grand slam")),  # RULES §3: optional slam, 6 and 7 level
        ("lesson", False, ("part-score",)),  # RULES §6 lessons: no game
        ("lesson", True, ("part-score",)),  # a slam is a game beyond: none where there is no game
        ("targets", False, ("part-score", "game")),  # RULES §3
    ],
)
def test_the_contract_kinds_a_rule_set_plays(rules: str, slam: bool, kinds: tuple[str, ...]):
    found = find_rules(rules).with_slam(slam)
    assert found.contract_kinds == kinds
    contracts = {str(row.contract) for row in score_table(found)} if not found.scheme.needs_points else set()
    assert contracts <= {str(Contract.of(kind, strain)) for kind in kinds for strain in Strain}


def test_rules_without_contracts_play_no_kind():
    assert EBU.replace(scoring="tricks").contract_kinds == ()


def test_no_template_asks_for_a_schemes_name():
    templates = Path(__file__).parents[1] / "templates"
    asks = re.compile(r"scoring\s*(==|!=|in\b)")
    found = [
        f"{path.relative_to(templates)}:{number}"
        for path in sorted(templates.rglob("*.j2"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if asks.search(line)
    ]
    assert found == []
