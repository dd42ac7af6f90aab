"""``minibridge play``: whole deals driven through standard input, saved plays that replay, the computer alone."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from click.testing import CliRunner

from minibridge.cards import CARDS, Card, Seat
from minibridge.cli import main
from minibridge.cli.terminal import card_text
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.pbn import load
from minibridge.recorded import replay_record

if TYPE_CHECKING:
    from minibridge.play import Play
    from minibridge.review import CardReview

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
        done = replay_record(board)
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


# --- the review after each deal ------------------------------------------------------------------------------------

COSTLY = re.compile(r"^  board (\d+): trick (\d+), (\w+) played (\S+): cost (\d+) tricks?; (.+) kept (\d+)$")
"""A card that cost a trick, in ``minibridge replay --review``'s words."""


def saved_review(path: Path) -> tuple[Play, list[CardReview]]:
    """The one deal saved in ``path``, replayed from the file and weighed double dummy card by card, apart from the
    table that played it."""
    from minibridge.review import review_game

    (board,) = load(path)
    play = replay_record(board)
    return play, review_game(play)


def test_after_a_deal_the_cards_that_cost_a_trick_are_listed_in_the_replay_review_s_words(tmp_path: Path):
    saved = tmp_path / "one.pbn"
    code, output = run(["--deals", "1", "--seed", "11", "--samples", "2", "--save", str(saved)], pupil_input("3NT"))
    assert code == 0, output
    play, review = saved_review(saved)
    costly = [card for card in review if card.cost]
    assert costly, "seed 11: some card cost a trick"
    after = output.split("How it adds up:")[1]  # after the score and its calculation
    assert "Cards that cost a trick:" in after and "well played" not in after
    listed = [COSTLY.match(line) for line in after.split("Cards that cost a trick:")[1].splitlines()]
    lines = [found for found in listed if found is not None]
    assert len(lines) == len(costly)
    tricks = play.tricks
    for found, card in zip(lines, costly, strict=True):
        board, trick, seat, shown, cost, better, kept = found.groups()
        played = Card.from_str(shown)
        assert board == "1" and tricks[int(trick) - 1].cards[Seat.from_str(seat)] == played  # really played there
        assert (int(trick), Seat.from_str(seat), played, int(cost)) == (card.trick, card.seat, card.card, card.cost)
        assert [Card.from_str(c) for c in better.split()] == list(card.better) and int(kept) == card.tricks_before
    assert after.index("Cards that cost a trick:") < after.index("Totals after 1 deal:")


def test_a_deal_where_no_card_cost_a_trick_is_praised(tmp_path: Path):
    # Seed 4 of MiniLesson One: four cards each, and every card played was as good as any other.
    saved = tmp_path / "short.pbn"
    args = ["--lesson", "1", "--deals", "1", "--seed", "4", "--samples", "2", "--save", str(saved)]
    code, output = run(args, pupil_input("3NT"))
    assert code == 0, output
    _, review = saved_review(saved)
    assert review and not any(card.cost for card in review)
    assert "No card cost a trick: well played!" in output.split("The tricks:")[1]
    assert "Cards that cost a trick:" not in output


def test_the_computer_alone_shows_no_review():
    code, output = run(["--auto", "--deals", "1", "--seed", "2", "--samples", "2"])
    assert code == 0, output
    assert "cost a trick" not in output


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
    from minibridge.cli.session_text import verdict as _verdict
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


# --- three players (000, "It can be a great game for three") -------------------------------------------------------


def test_three_handed_simple_at_the_terminal_the_pupil_moves_when_the_player_opposite_declares(tmp_path: Path):
    # Seed 10: South deals first; declarer and the dummy hand hold fewer than 21, so South deals again; then East
    # declares. Deal 2: West deals, North holds the most and declares: the dummy hand is laid opposite North, at
    # South, and the pupil takes their cards to East (the dummy hand's place) to defend.
    saved = tmp_path / "three.pbn"
    args = ["--three-handed", "simple", "--deals", "2", "--seed", "10", "--samples", "2", "--save", str(saved)]
    code, output = run(args, pupil_input("3NT"))
    assert code == 0, output
    assert output.count("Deal 1, three-handed (simple): you deal from South, Left sits West, Right sits East;") == 2
    assert "fewer than 21: the same dealer deals again." in output
    assert (
        "Deal 2, three-handed (simple): Left deals from West, Right sits North; the dummy hand is dealt at East"
        in output
    )
    assert "North holds the most points" in output
    assert "The dummy hand is laid opposite North, at South; you take your cards to East and defend." in output
    assert "Your hand now (East):" in output and "card from East (you)" in output
    assert "it goes by itself." in output  # the last card, at least, is the only one
    assert output.count("The four hands:") == 2 and output.count("The tricks:") == 2
    assert "Trick  Led by  North  East  South  West  Won by" in output
    assert "This deal: you " in output and "Totals after 2 deals: you " in output
    assert_replays(saved, 2)


def test_three_handed_normal_at_the_terminal_exchange_and_partner_taking_over_the_dummy_hand():
    # Seed 15: the pupil deals and, with the dummy hand, holds more than the other two: the pupil declares, and
    # takes the dummy hand, which holds more points. Deal 2: West deals; North and South hold more than West and
    # the dummy hand, North more than South: North declares, the pupil's hand goes down as dummy and the pupil
    # takes over the dummy hand at East to defend with West.
    code, output = run(
        ["--three-handed", "normal", "--deals", "2", "--seed", "15", "--samples", "2"], pupil_input("1NT")
    )
    assert code == 0, output
    assert "South declares." in output
    assert (
        "The dummy hand holds more points than South's: you take it, and the hand South was dealt becomes dummy."
        in output
    )
    assert "You are declarer at South and North is dummy: you play both hands." in output
    assert "North holds more and declares." in output
    assert (
        "Your hand (South) is laid down as dummy, and you take over the dummy hand at East, defending with West."
        in output
    )
    assert "South (dummy)" in output and "East (you)" in output
    verdict = output.strip().splitlines()[-1]
    assert " the game with " in verdict or "share the lead" in verdict


def test_three_computers_print_json_with_each_players_seat_and_score():
    args = ["--auto", "--three-handed", "normal", "--deals", "4", "--seed", "21", "--samples", "2", "--json"]
    code, output = run(args)
    assert code == 0, output
    games = json.loads(output)
    assert len(games) == 4 and [game["dealer"] for game in games] == ["S", "W", "E", "S"]  # clockwise round three
    for game in games:
        three, players = game["three_handed"], game["players"]
        assert three["variant"] == "normal" and Deal.from_pbn(three["deal"]) == Deal.from_pbn(game["deal"])
        assert sorted(Deal.from_pbn(three["dealt"]).hands, key=str) == sorted(
            Deal.from_pbn(game["deal"]).hands, key=str
        )
        assert sorted(players) == ["1", "2", "3"] and players["1"]["dealt_at"] == "S"
        assert game["dealer"] in {p["dealt_at"] for p in players.values()}  # the dealer is a player
        played = [p["plays"] for p in players.values()]
        assert len(set(played)) == 3 and game["declarer"] in played
        dummy = three["dummy"]
        assert dummy not in played
        for player in players.values():
            declares = player["plays"] in (game["declarer"], dummy)
            assert player["score"] == (game["declarers_score"] if declares else game["defenders_score"])


def test_the_first_dealer_drawn_is_shown_and_deals_first():
    from minibridge.cards import Seat
    from minibridge.table import draw_for_dealer

    code, output = run(["--auto", "--deals", "2", "--seed", "8", "--samples", "2", "--draw-dealer"])
    assert code == 0, output
    drawn = draw_for_dealer(random.Random("draw for dealer 8"))
    cards = ", ".join(f"{seat.title} {card_text(drawn.cards[seat])}" for seat in Seat)
    assert (
        f"Drawing for the first dealer: {cards}. {drawn.dealer.title} draws the highest card and deals first." in output
    )
    assert f"Deal 1, dealer {drawn.dealer.title}" in output and f"Deal 2, dealer {drawn.dealer.lho.title}" in output
    code, output = run(["--auto", "--deals", "1", "--seed", "8", "--samples", "2", "--first-dealer", "e"])
    assert code == 0 and "Deal 1, dealer East" in output


def test_three_players_draw_for_dealer_by_name():
    code, output = run(
        ["--auto", "--three-handed", "simple", "--deals", "1", "--seed", "2", "--samples", "2", "--draw-dealer"]
    )
    assert code == 0, output
    assert "Drawing for the first dealer: Player 1 " in output and " deals first from " in output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--three-handed", "simple", "--lesson", "1"], "--three-handed: MiniLesson One has no announcement"),
        (["--three-handed", "normal", "--first-dealer", "N"], "--first-dealer: in three-handed play the players deal"),
        (["--first-dealer", "W", "--draw-dealer"], "either --first-dealer or --draw-dealer"),
        (["--rules", "nbb", "--slam"], "--slam: the Dutch rules have no slams"),
        (["--three-handed", "three"], "Invalid value for '--three-handed'"),
    ],
)
def test_three_handed_and_dealer_usage_mistakes_exit_with_2(args: list[str], message: str):
    code, output = run(["--auto", "--deals", "1", "--samples", "2", *args])
    assert code == 2 and message in output, output


def test_a_lesson_file_can_switch_three_handed_play_on(tmp_path: Path):
    import yaml

    data = yaml.safe_load((Path(__file__).parent / "data" / "lessons" / "small.yaml").read_text(encoding="utf-8"))
    data["rules"]["three_handed"] = "simple"
    lesson = tmp_path / "three.yaml"
    lesson.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    code, output = run(["--auto", "--lesson", str(lesson), "--deals", "2", "--seed", "4", "--samples", "2", "--json"])
    assert code == 0, output
    assert all(game["three_handed"]["variant"] == "simple" for game in json.loads(output))


# --- the terminal --------------------------------------------------------------------------------------------------


def test_ctrl_c_stops_the_game_with_a_short_message(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    from minibridge.robot import Robot

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Robot, "choose_card", interrupted)
    code, output = run(["--auto", "--deals", "1", "--seed", "2", "--samples", "2"])
    assert code == 130 and output.strip().endswith("You stopped the game (Ctrl-C).")


def test_the_thinking_wait_gives_way_to_ctrl_c_at_once():
    import _thread
    import threading

    from minibridge.cli.terminal import thinking

    stuck = threading.Event()  # a decision that does not come back by itself
    threading.Timer(0.05, _thread.interrupt_main).start()
    with pytest.raises(KeyboardInterrupt):
        thinking("West", lambda: stuck.wait(60), show=False)
    stuck.set()


def test_red_suits_in_colour_and_never_in_a_pipe_or_with_no_color(monkeypatch: pytest.MonkeyPatch):
    import sys

    from minibridge.cli import terminal

    heart = Card.from_str("HT")
    assert terminal.card_text(heart) == "♥10"  # the test's output is not a terminal
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert terminal.card_text(heart) == "\x1b[31m♥10\x1b[0m" and terminal.card_text(Card.from_str("SA")) == "♠A"
    assert terminal.width(terminal.hand_text([heart])) == len("♠ —  ♥ 10  ♦ —  ♣ —")
    monkeypatch.setenv("NO_COLOR", "1")
    assert terminal.card_text(heart) == "♥10"


def test_the_computer_s_cards_and_the_tricks_are_written_with_suit_symbols():
    code, output = run(["--deals", "1", "--seed", "2", "--samples", "2"], pupil_input("3NT"))
    assert code == 0, output
    shown = ("Trick ", "  On the table", "East plays", "West plays", "West leads", "East leads", "1 ", "13 ")
    for line in output.splitlines():
        if line.startswith(shown) and "card from" not in line:  # not the pupil's own typing
            assert not any(f" {suit}{rank}" in line for suit in "SHDC" for rank in "AKQJT98765432"), line


@pytest.mark.parametrize(("practice", "sides"), [("declarer", {"N", "S"}), ("defender", {"E", "W"})])
def test_practice_turns_every_deal_so_that_the_chosen_side_declares(practice: str, sides: set[str]):
    code, output = run(["--auto", "--deals", "4", "--seed", "9", "--samples", "2", "--json", "--practice", practice])
    assert code == 0, output
    assert {game["declarer"] for game in json.loads(output)} <= sides


def test_practice_in_a_lesson_without_a_declarer_is_refused_in_words():
    code, output = run(["--lesson", "1", "--practice", "declarer"])
    assert code == 2
    assert "MiniLesson One has no declarer" in output
