"""Lesson files: validation with places, rules that gate the engine, a lesson's deals as boards, verified answers."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from minibridge.announce import announce_under
from minibridge.board import Board
from minibridge.cards import Seat, Strain
from minibridge.cli import main
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.errors import LessonError, RuleError
from minibridge.language import speaking
from minibridge.lessons import (
    a_lesson_number,
    find_lesson,
    lesson_files,
    lesson_numbers,
    load_lesson,
    no_such_lesson,
    not_a_lesson,
    solve,
    verify,
)
from minibridge.recorded import replay_record
from minibridge.rules import check_contract
from minibridge.scoring import score

SMALL = Path(__file__).parent / "data" / "lessons" / "small.yaml"
SHORT_DEAL = "N:Q.K.J.J4 .AJ.8.K7 A6.5.Q4. T932..T."
A_DEAL = "N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76"


def small_data() -> dict[str, Any]:
    return yaml.safe_load(SMALL.read_text(encoding="utf-8"))


def write_lesson(tmp_path: Path, data: dict[str, Any], name: str = "copy.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def with_rules(tmp_path: Path, **switches: Any) -> Path:
    data = small_data()
    data["rules"].update(switches)
    return write_lesson(tmp_path, data)


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


# --- the shipped lessons ---------------------------------------------------------------------------------------


def test_six_lessons_are_shipped_and_all_their_answers_hold():
    paths = lesson_files()
    lessons = [load_lesson(p) for p in paths]
    assert sorted(lesson.number for lesson in lessons) == [1, 2, 3, 4, 5, 6]
    for lesson in lessons:
        # six deals written in each file; Lessons Three to Six deal four more from their generate: block
        assert len(lesson.deals) == {1: 6, 2: 6, 3: 10, 4: 10, 5: 10, 6: 10}[lesson.number], lesson.name
        assert verify(lesson) == [], lesson.name
    code, output = invoke("verify")
    assert code == 0, output


@pytest.mark.parametrize(
    ("number", "switches"),
    [
        (1, {"cards_per_hand": None, "announcement": False, "dummy": False, "scoring": "tricks"}),
        (2, {"cards_per_hand": None, "announcement": False, "scoring": "tricks", "duplicate": True}),
        (3, {"strains": frozenset({Strain.NO_TRUMPS}), "game": False, "scoring": "lesson", "tie_rule": "choice"}),
        (4, {"strains": frozenset(Strain), "game": False, "scoring": "lesson", "tie_rule": "choice"}),
        (5, {"strains": frozenset(Strain), "game": True, "scoring": "ebu", "tie_rule": "enforced", "signals": False}),
        (6, {"scoring": "ebu", "tie_rule": "enforced", "signals": True, "competition": True}),
    ],
)
def test_each_lesson_has_the_rules_of_the_lesson_sequence(number: int, switches: dict[str, Any]):
    rules = find_lesson(number).rules  # RULES §8
    assert {key: getattr(rules, key) for key in switches} == switches


def test_lessons_command_lists_and_shows():
    data = json.loads(invoke("lessons", "--json")[1])
    assert [entry["number"] for entry in data] == [1, 2, 3, 4, 5, 6]
    assert all(entry["title"] and entry["rules"] for entry in data)
    code, output = invoke("lessons", "show", "3")
    assert code == 0
    for heading in ("Objectives", "Rules in force", "Deals", "Exercises", "Teacher notes"):
        assert heading in output


def test_lessons_show_names_north_as_declarer():
    """North is a seat like the others: a deal played by North says so, in words and in JSON."""
    code, output = invoke("lessons", "show", "4")
    assert code == 0
    assert "Board 1, dealer North; 1D by North:" in output
    data = json.loads(invoke("lessons", "show", "4", "--json")[1])
    board_one = next(d for d in data["deal_list"] if d["board"] == 1)
    assert board_one["declarer"] == "N" and board_one["contract"] == "1D"


# --- rules gate the engine -------------------------------------------------------------------------------------


def test_lesson_three_scores_its_own_way_and_refuses_trumps():
    assert invoke("score", "1NT", "8", "--lesson", "3") == (0, invoke("score", "1NT", "8", "--rules", "lesson")[1])
    assert "130" in invoke("score", "1NT", "8", "--lesson", "3")[1]
    code, output = invoke("score", "4S", "10", "--lesson", "3")
    assert code == 1 and "MiniLesson Three plays in no-trumps only" in output


def test_lesson_four_refuses_a_game_and_lesson_five_a_short_deal():
    code, output = invoke("score", "4H", "10", "--lesson", "4")
    assert code == 1 and "part-scores only" in output
    code, output = invoke("announce", SHORT_DEAL, "--lesson", "5")
    assert code == 1 and "MiniLesson Five is played with complete hands of 13 cards" in output
    code, output = invoke("announce", A_DEAL, "--lesson", "1")
    assert code == 1 and "no announcement" in output


def test_strains_switch(tmp_path: Path):
    lesson = load_lesson(with_rules(tmp_path, strains=["NT", "S"]))
    check_contract(Contract.from_str("1S"), lesson.rules)
    with pytest.raises(RuleError, match="MiniLesson Three plays in no-trumps and spades only; '1H' is in hearts"):
        check_contract(Contract.from_str("1H"), lesson.rules)


def test_game_and_slam_switches(tmp_path: Path):
    lesson = load_lesson(with_rules(tmp_path, game=True, slam=True, scoring="ebu"))
    assert score(Contract.from_str("3NT"), 9, lesson.rules).declarers_score == 400
    assert score(Contract.from_str("6NT"), 12, lesson.rules).declarers_score == 990


def test_slams_under_dutch_scoring_and_a_three_handed_short_deal_lesson_are_refused_with_the_place(tmp_path: Path):
    with pytest.raises(LessonError, match=r"copy.yaml, line \d+, rules: the Dutch rules have no slams"):
        load_lesson(with_rules(tmp_path, scoring="nbb", game=True, slam=True))  # 003 has no slams
    with pytest.raises(LessonError, match="'three' is not allowed; use one of simple, normal"):
        load_lesson(with_rules(tmp_path, three_handed="three"))
    lesson = load_lesson(with_rules(tmp_path, three_handed="simple"))
    assert lesson.rules.three_handed == "simple" and "simple three-handed" in " ".join(lesson.rules.describe())


def test_scoring_switch_makes_lesson_five_dutch(tmp_path: Path):
    data = small_data()
    data["rules"].update(scoring="nbb", dutch_restrictions=True, game=True, strains=["NT", "S", "H", "D", "C"])
    data["exercises"] = [e for e in data["exercises"] if e["kind"] in ("hcp", "declarer", "goal")]
    lesson = load_lesson(write_lesson(tmp_path, data))
    result = score(Contract.from_str("1NT"), 8, lesson.rules)
    assert (result.declarers_score, result.defenders_score) == (90, -90)  # 003: 10 per trick, NT +10
    with pytest.raises(RuleError, match="25 points"):
        score(Contract.from_str("3NT"), 9, lesson.rules, points=24)


def test_lesson_five_with_targets_needs_a_board_for_goals_and_scores(tmp_path: Path):
    """Under targets the goal comes from the declaring side's points: an exercise without a board is refused
    when the file is read, with its place, and verify says so without falling over."""
    data = yaml.safe_load(find_lesson(5).path.read_text(encoding="utf-8"))
    data["rules"]["scoring"] = "targets"
    copy = write_lesson(tmp_path, data, "five-targets.yaml")
    with pytest.raises(LessonError) as caught:
        load_lesson(copy)
    assert "exercises[0].board: under targets scoring a 'goal' exercise needs 'board'" in str(caught.value)
    code, output = invoke("verify", str(copy))
    assert code == 1 and "exercises[0].board" in output
    for exercise in data["exercises"]:
        exercise.setdefault("board", 1)
    lesson = load_lesson(write_lesson(tmp_path, data, "five-targets-boards.yaml"))
    assert solve(lesson, lesson.exercises[0]) == 9  # board 1: North–South hold 25 points


def test_tie_rule_switch():
    deal = Deal.from_pbn("N:KQ754.A9862.Q.K5 96.KJ73.T54.JT42 J2.QT.AJ632.AQ98 AT83.54.K987.763")  # N 14, S 14
    three = announce_under(find_lesson(3).rules, deal, Seat.NORTH)
    five = announce_under(find_lesson(5).rules, deal, Seat.NORTH)
    assert three.tie and set(three.may_declare) == {Seat.NORTH, Seat.SOUTH}
    assert five.may_declare == (Seat.NORTH,)


def test_cards_per_hand_and_announcement_switches(tmp_path: Path):
    short = load_lesson(with_rules(tmp_path, cards_per_hand="short"))
    announce_under(short.rules, Deal.from_pbn(SHORT_DEAL), Seat.NORTH)
    data = small_data()
    data["rules"].update(announcement=False, dummy=False, scoring="tricks", part_score=False)
    data["deals"] = [{"board": 7, "deal": data["deals"][0]["deal"]}]
    data["exercises"] = [data["exercises"][0]]
    silent = load_lesson(write_lesson(tmp_path, data))
    with pytest.raises(RuleError, match="no announcement"):
        announce_under(silent.rules, Deal.from_pbn(A_DEAL), Seat.NORTH)


# --- bad lesson files ------------------------------------------------------------------------------------------


def problems_of(tmp_path: Path, change: Any) -> str:
    data = small_data()
    change(data)
    with pytest.raises(LessonError) as caught:
        load_lesson(write_lesson(tmp_path, data))
    return str(caught.value)


def test_unknown_switch_names_file_line_and_field(tmp_path: Path):
    message = problems_of(tmp_path, lambda d: d["rules"].update(colour="red"))
    written = (tmp_path / "copy.yaml").read_text(encoding="utf-8").splitlines()
    line = next(number for number, text in enumerate(written, start=1) if text.strip().startswith("colour:"))
    assert f"copy.yaml, line {line}, rules.colour: unknown field 'colour'" in message


def test_a_field_given_twice_is_refused_with_both_lines(tmp_path: Path):
    path = tmp_path / "twice.yaml"
    text = SMALL.read_text(encoding="utf-8")
    path.write_text(text.replace("\nrules:\n", "\nrules:\n  game: true\n", 1), encoding="utf-8")
    first = next(n for n, t in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1) if "game:" in t)
    twice = rf"twice.yaml, line {first + 7}: the field rules.game is given twice \(first on line {first}\)"
    with pytest.raises(LessonError, match=twice):
        load_lesson(path)


def test_wrong_type(tmp_path: Path):
    message = problems_of(tmp_path, lambda d: d["rules"].update(game="perhaps"))
    assert "rules.game: 'perhaps' should be true or false" in message


def test_card_twice_and_wrong_count(tmp_path: Path):
    twice = problems_of(tmp_path, lambda d: d["deals"][0].update(deal=d["deals"][0]["deal"].replace("J8", "J9")))
    assert "deals[0].deal:" in twice and "twice" in twice
    message = problems_of(tmp_path, lambda d: d["deals"][0].update(deal=SHORT_DEAL))
    assert "deals[0].deal: MiniLesson Three is played with complete hands of 13 cards" in message


def test_a_trick_line_without_four_cards_is_named_at_its_line(tmp_path: Path):
    def break_a_trick(data: dict[str, Any]) -> None:
        played = next(d for d in data["deals"] if d.get("play"))
        played["play"][0] = " ".join(played["play"][0].split()[:3])

    message = problems_of(tmp_path, break_a_trick)
    assert re.search(r"line \d+, deals\[\d+\]\.play\[0\]: a trick is four cards", message), message
    assert "this line has 3" in message


def test_answer_of_the_wrong_form(tmp_path: Path):
    message = problems_of(tmp_path, lambda d: d["exercises"][0].update(answer="ten"))
    assert "exercises[0].answer: write it like {N: __, E: __, S: __, W: __} (N, E, S, W: the points" in message


def test_every_problem_is_reported_at_once(tmp_path: Path):
    def break_twice(data: dict[str, Any]) -> None:
        data["rules"]["colour"] = "red"
        data["exercises"][2]["kind"] = "guess"

    message = problems_of(tmp_path, break_twice)
    assert message.startswith("2 problems to fix:")


def six_with_two_signals(change: Any) -> dict[str, Any]:
    data = yaml.safe_load(find_lesson(6).path.read_text(encoding="utf-8"))
    data["exercises"] = [e for e in data["exercises"] if e["kind"] == "signal" and e["board"] == 1]
    change(data)
    return data


def test_a_signal_on_a_trick_not_played_is_refused_with_its_place(tmp_path: Path):
    def shorten(data: dict[str, Any]) -> None:
        data["deals"][0]["play"] = data["deals"][0]["play"][:2]
        data["exercises"][1]["trick"] = 5

    copy = write_lesson(tmp_path, six_with_two_signals(shorten))
    with pytest.raises(LessonError, match=r"exercises\[1\]\.trick: board 1 has only 2 tricks played, not 5"):
        load_lesson(copy)
    code, output = invoke("verify", str(copy))
    assert code == 1 and "exercises[1].trick" in output


def test_a_signal_is_read_from_a_defenders_card(tmp_path: Path):
    copy = write_lesson(tmp_path, six_with_two_signals(lambda d: d["exercises"][1].update(seat="S")))
    with pytest.raises(LessonError, match=r"exercises\[1\]\.seat: .*South is declarer on board 1"):
        load_lesson(copy)
    copy = write_lesson(tmp_path, six_with_two_signals(lambda d: d["exercises"][1].update(seat="N")))
    with pytest.raises(LessonError, match=r"exercises\[1\]\.seat: .*North is dummy on board 1"):
        load_lesson(copy)
    copy = write_lesson(tmp_path, six_with_two_signals(lambda d: d["rules"].update(signals=False)))
    with pytest.raises(LessonError, match=r"exercises\[0\]\.kind: MiniLesson Six has no signals"):
        load_lesson(copy)


def test_a_declarer_question_needs_the_announcement(tmp_path: Path):
    """Lessons One and Two have no declarer: a question about one is refused there."""
    data = yaml.safe_load(find_lesson(1).path.read_text(encoding="utf-8"))
    data["exercises"].append(
        {"id": 7, "kind": "declarer", "board": 1, "question": "Who declares?", "answer": {"declarer": "N"}}
    )
    with pytest.raises(LessonError, match=r"exercises\[6\]\.kind: MiniLesson One has no announcement \(rules: "):
        load_lesson(write_lesson(tmp_path, data))


def test_contract_refused_by_the_lesson_in_a_deal(tmp_path: Path):
    message = problems_of(tmp_path, lambda d: d["deals"][0].update(contract="4S"))
    assert "deals[0].contract: MiniLesson Three plays in no-trumps only" in message


def test_not_yaml_and_missing_file(tmp_path: Path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("number: 3\ntitle: [unclosed\n", encoding="utf-8")
    with pytest.raises(LessonError, match=r"broken.yaml, line 2: the '\[' on this line is never closed"):
        load_lesson(broken)
    with pytest.raises(LessonError, match=r"nowhere\.yaml: no such file"):
        load_lesson(tmp_path / "nowhere.yaml")


def test_a_malformed_contract_in_an_exercise_is_named_at_its_field(tmp_path: Path):
    """'9Q' is not a contract: the message says so at the exercise's contract, not that the contract is missing."""
    message = problems_of(tmp_path, lambda d: d["exercises"][2].update(contract="9Q"))
    written = (tmp_path / "copy.yaml").read_text(encoding="utf-8").splitlines()
    line = next(number for number, text in enumerate(written, start=1) if "9Q" in text)
    assert message == (
        f"{tmp_path / 'copy.yaml'}, line {line}, exercises[2].contract: '9Q' is not a contract; "
        "write it like 1NT, 4S, 5C (or 'game in hearts', 'part-score no-trumps')"
    )
    assert "needs 'contract'" not in message
    code, output = invoke("verify", str(tmp_path / "copy.yaml"))
    assert code == 1 and "exercises[2].contract: '9Q' is not a contract" in output


def test_an_exercise_without_its_contract_is_told_it_needs_one(tmp_path: Path):
    message = problems_of(tmp_path, lambda d: d["exercises"][2].pop("contract"))
    assert "exercises[2].contract: a 'goal' exercise needs 'contract' (a contract like 1NT or 4S)" in message


def test_a_lessons_deals_are_boards_that_replay_their_recorded_play():
    lesson = load_lesson(SMALL)
    board = lesson.board(7)
    assert isinstance(board, Board) and board.number == 7 and board.dealer is Seat.NORTH
    assert board.contract == Contract.from_str("1NT") and board.declarer is Seat.SOUTH
    assert board.note == "North's long spades."
    assert board.play is not None and board.play.order is not None and len(board.play.order) == 52
    assert replay_record(board).declarer_tricks == 11
    generated = [d for d in find_lesson(3).deals if d.generated]
    assert generated and all(d.play is None and d.contract is None for d in generated)
    with pytest.raises(LessonError, match="MiniLesson Three has no board 99"):
        lesson.board(99)


# --- verify -------------------------------------------------------------------------------------------------


def test_verify_passes_the_small_lesson_and_fails_a_changed_answer(tmp_path: Path):
    assert invoke("verify", str(SMALL))[0] == 0
    data = small_data()
    data["exercises"][3]["answer"] = {"declarers": 120, "defenders": 0}
    changed = write_lesson(tmp_path, data)
    code, output = invoke("verify", str(changed))
    assert code == 1
    assert "exercise 4" in output and "120" in output and "130" in output
    assert "MiniLesson Three" in output


def test_verify_fails_a_copy_of_a_shipped_lesson_with_one_answer_changed(tmp_path: Path):
    shipped = find_lesson(5)
    text = shipped.path.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    position = next(i for i, e in enumerate(data["exercises"]) if e["answer"] == 11)
    data["exercises"][position]["answer"] = 10
    changed = write_lesson(tmp_path, data, "five.yaml")
    code, output = invoke("verify", str(changed))
    assert code == 1
    exercise = data["exercises"][position].get("id", position + 1)
    assert f"exercise {exercise}" in output and "MiniLesson Five" in output and "11" in output
    assert invoke("verify", str(write_lesson(tmp_path, yaml.safe_load(text), "again.yaml")))[0] == 0


def test_solve_gives_the_engine_answers():
    lesson = load_lesson(SMALL)
    answers = {e.id: solve(lesson, e) for e in lesson.exercises}
    assert answers["1"] == {"N": 8, "E": 11, "S": 20, "W": 1}
    assert answers["3"] == 7


# --- the lessons found -----------------------------------------------------------------------------------------


def copy_lessons(folder: Path, names: dict[int, str]) -> Path:
    """A teacher's folder holding copies of the shipped lessons ``number: file name``."""
    folder.mkdir()
    for number, name in names.items():
        (folder / name).write_text(find_lesson(number).path.read_text(encoding="utf-8"), encoding="utf-8")
    return folder


def test_the_shipped_lessons_are_one_to_six():
    assert lesson_numbers() == (1, 2, 3, 4, 5, 6)
    assert no_such_lesson(7) == "there are six MiniLessons: choose a lesson from 1 to 6, not 7"
    assert a_lesson_number() == "a lesson from 1 to 6"
    assert not_a_lesson("five") == "'five' is neither a lesson number (1 to 6) nor a lesson file"
    with pytest.raises(LessonError, match=r"^there are six MiniLessons, numbered 1 to 6, not 0$"):
        find_lesson(0)


def test_the_lessons_of_a_teachers_folder_are_the_ones_in_it(tmp_path: Path):
    folder = copy_lessons(tmp_path / "mine", {3: "three.yaml", 5: "our-five.yaml"})
    assert lesson_numbers(folder) == (3, 5)
    assert find_lesson(5, folder).path.name == "our-five.yaml"
    with pytest.raises(LessonError) as caught:
        find_lesson(4, folder)
    assert str(caught.value) == f"{folder}: there are two MiniLessons, numbered 3 or 5, not 4"
    assert not_a_lesson("x", directory=folder) == "'x' is neither a lesson number (3 or 5) nor a lesson file"
    code, output = invoke("lessons", "--lessons", str(folder), "show", "6")
    assert code == 1 and "there are two MiniLessons, numbered 3 or 5, not 6" in output
    code, output = invoke("lessons", "--lessons", str(folder), "show", "six")
    assert code == 1 and "'six' is neither a lesson number (3 or 5) nor a lesson file" in output


def test_the_numbers_of_the_lessons_found_run_from_first_to_last(tmp_path: Path):
    folder = copy_lessons(tmp_path / "mine", {1: "one.yaml", 2: "two.yaml", 3: "three.yaml", 5: "five.yaml"})
    with pytest.raises(LessonError, match=r"there are four MiniLessons, numbered 1 to 3 or 5, not 4$"):
        find_lesson(4, folder)
    one = copy_lessons(tmp_path / "one", {6: "six.yaml"})
    with pytest.raises(LessonError, match=r"there is one MiniLesson, numbered 6, not 5$"):
        find_lesson(5, one)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(LessonError, match="there are no lesson files in"):
        find_lesson(1, empty)


def test_the_lessons_found_in_other_languages():
    with speaking("nl"):
        dutch = no_such_lesson(9)
    with speaking("da"):
        danish = no_such_lesson(9)
    assert "zes" in dutch and "1" in dutch and "6" in dutch and "9" in dutch
    assert "seks" in danish and "9" in danish
    assert "choose" not in dutch and "choose" not in danish
