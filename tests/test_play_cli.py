"""``minibridge play``: whole deals driven through standard input, saved plays that replay, the computer alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from minibridge.cards import CARDS
from minibridge.cli import main
from minibridge.contract import Contract
from minibridge.pbn import load
from minibridge.play import Play

EVERY_CARD = [str(card) for card in CARDS]


def pupil_input(contract: str, rounds: int = 60) -> str:
    """What a script types: a contract, then every card in turn; wrong ones are refused and the next is tried."""
    return "\n".join(line for _ in range(rounds) for line in [contract, "N", *EVERY_CARD]) + "\n"


def run(args: list[str], text: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["play", *args], input=text)
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


def assert_replays(path: Path, count: int) -> None:
    """Every saved deal has 52 cards that replay legally and give the saved result."""
    boards = load(path)
    assert len(boards) == count
    for board in boards:
        assert board.deal is not None and board.play is not None
        done = Play.from_record(board)
        assert done.finished and not done.irregularities
        assert board.declarer is not None and done.declarer_tricks == board.result  # EBU rules: always a declarer


def test_a_pupil_plays_whole_deals_through_standard_input_and_they_are_saved(tmp_path: Path):
    saved = tmp_path / "evening.pbn"
    code, output = run(["--deals", "2", "--seed", "11", "--samples", "2", "--save", str(saved)], pupil_input("3NT"))
    assert code == 0, output
    assert "Your hand (South):" in output and "Points announced:" in output
    assert "Trick 13:" in output and " wins. North–South " in output
    # wrong cards are refused with the reason, cards written with suit symbols
    assert "North does not hold ♣2." in output
    assert "North must follow suit: diamonds were led and North holds ♦J ♦8." in output
    assert "Totals after 2 deals:" in output
    assert "Totals after 2 deals: North–South 0, East–West 180." in output
    assert "East–West win the game, 180 to 0." in output
    assert "2 deals saved" in output
    assert_replays(saved, 2)


def test_north_south_declaring_means_the_pupil_chooses_the_contract_and_plays_both_hands(tmp_path: Path):
    saved = tmp_path / "ns.pbn"
    code, output = run(["--deals", "1", "--seed", "11", "--samples", "2", "--save", str(saved)], pupil_input("3NT"))
    assert code == 0, output
    assert "North–South declare" in output and "you play both hands" in output
    assert "Choose the contract (1NT 3NT" in output and "South plays 3NT (game in no-trumps)" in output
    assert "card from North (dummy)" in output
    assert str(load(saved)[0].contract) == "3NT"


def test_a_contract_the_lesson_does_not_allow_is_refused_with_the_reason(tmp_path: Path):
    text = "3NT\n" + pupil_input("1NT")
    code, output = run(["--lesson", "3", "--deals", "1", "--seed", "11", "--samples", "2"], text)
    assert code == 0, output
    assert "plays part-scores only" in output and "South plays 1NT" in output


def test_quit_stops_the_game_and_keeps_what_was_played(tmp_path: Path):
    code, output = run(["--deals", "3", "--seed", "11", "--samples", "2"], "quit\n")
    assert code == 0 and "You stopped the game." in output


def test_four_computers_print_json_that_replays_and_is_the_same_for_the_same_seed(tmp_path: Path):
    args = ["--auto", "--deals", "2", "--seed", "5", "--samples", "2", "--json"]
    code, output = run(args)
    assert code == 0, output
    games = json.loads(output)
    assert len(games) == 2
    for game in games:
        assert set(game) >= {
            "deal",
            "dealer",
            "declarer",
            "contract",
            "play",
            "declarer_tricks",
            "declarers_score",
            "defenders_score",
        }
        assert len(game["play"]) == 52 and all(len(card) == 2 for card in game["play"])
        Contract.from_str(game["contract"])
    assert json.loads(run(args)[1]) == games
    saved = tmp_path / "auto.pbn"
    code, _ = run([*args, "--save", str(saved)])
    assert code == 0
    assert_replays(saved, 2)


def test_lesson_one_has_no_contract_and_the_tricks_are_counted():
    code, output = run(["--auto", "--lesson", "1", "--deals", "2", "--seed", "3", "--samples", "2"])
    assert code == 0, output
    assert "North–South took" in output and "tricks, East–West" in output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--deals", "2", "--target", "500"], "either --deals or --target"),
        (["--json"], "--json goes with --auto"),
        (["--lesson", "1", "--target", "100"], "give --deals"),
    ],
)
def test_wrong_usage_exits_with_2(args: list[str], message: str):
    code, output = run(args)
    assert code == 2 and message in output


def test_an_existing_file_is_not_overwritten_without_force(tmp_path: Path):
    saved = tmp_path / "mine.pbn"
    saved.write_text("keep me", encoding="utf-8")
    code, output = run(["--auto", "--deals", "1", "--seed", "2", "--samples", "2", "--save", str(saved)])
    assert code == 1 and "already exists" in output and "--force" in output
    assert saved.read_text(encoding="utf-8") == "keep me"


# --- tricks-chart ------------------------------------------------------------------------------------------------


def test_tricks_chart_prints_the_numbers_and_draws_the_chart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from pypdf import PdfReader

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    runner = CliRunner()
    result = runner.invoke(main, ["tricks-chart", "--deals", "3", "--samples", "2", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert sum(row["deals"] for row in rows) == 3
    assert [(row["points"], row["deals"], row["played"]["most"], row["double_dummy"]["most"]) for row in rows] == [
        (21, 1, 10, 8),
        (24, 1, 11, 9),
        (25, 1, 10, 11),
    ]  # the default seed, 1: the same three deals every time
    for row in rows:
        for series in ("played", "double_dummy"):
            assert row[series]["fewest"] == row[series]["average"] == row[series]["most"]  # one deal each
    chart = tmp_path / "chart.pdf"
    result = runner.invoke(main, ["tricks-chart", "--deals", "3", "--samples", "2", "-o", str(chart)])
    assert result.exit_code == 0, result.output
    text = PdfReader(chart).pages[0].extract_text()
    assert "How many tricks do our points take?" in text and "Points held by declarer and dummy together" in text
    assert str(rows[0]["points"]) in text
    again = runner.invoke(main, ["tricks-chart", "--deals", "3", "--samples", "2", "-o", str(chart)])
    assert again.exit_code == 1 and "already exists" in again.output


def test_input_that_ends_in_the_middle_of_a_deal_is_reported(tmp_path: Path):
    code, output = run(["--deals", "2", "--seed", "11", "--samples", "2"], "")
    assert code == 1 and "the input ended in the middle of deal 1" in output


def test_when_north_declares_the_pupil_sees_north_s_hand_before_choosing_the_contract():
    # Seed 3: North and South hold 12 each, North announced first and declares; South is dummy.
    _, output = run(["--deals", "1", "--seed", "3", "--samples", "2"], "quit\n")
    assert "North is declarer and South is dummy" in output, output
    before_choice = output.split("Choose the contract")[0]
    assert "North (declarer): ♠ A  ♥ Q 8 5 4 2  ♦ J 8 2  ♣ K Q 8 5" in before_choice, output


def test_under_targets_the_game_is_a_mini_match_won_by_two_deals_not_1000():
    from minibridge.cards import Seat
    from minibridge.cli.play import _verdict
    from minibridge.rules import find_rules
    from minibridge.scoring import score
    from minibridge.table import Session

    rules = find_rules("targets")
    session = Session(rules=rules)
    won = score(Contract.from_str("1NT"), 8, rules, points=23)  # each deal is worth 1 to its winner
    session.record(Seat.SOUTH, won)
    assert not session.finished
    session.record(Seat.NORTH, won)
    assert session.finished and _verdict(session) == "North–South win the game, 2 to 0."
