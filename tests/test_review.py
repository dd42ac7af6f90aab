"""The review after a deal: every card's double-dummy cost, checked against endplay's own solver position by
position, its properties on many random deals, short deals and deals without a contract, what each contract
would have scored, a table's review kept and restored without solving again, and ``minibridge replay --review``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

import minibridge.table.driver as driver
from minibridge.analysis import best_contract, dd_tables
from minibridge.board import Board
from minibridge.cards import Card, Seat, Side, Suit
from minibridge.cli import main
from minibridge.deal import Deal
from minibridge.lessons import find_lesson
from minibridge.play import Play
from minibridge.review import CardReview, contracts_data, contracts_dd, review_game, review_play
from minibridge.robot import Robot
from minibridge.rules import find_rules
from minibridge.table import ComputerPlayer, Seating, Table

DATA = Path(__file__).parent / "data" / "pbn"
SHARED = Path("/work/shared/data/pbn/dominicprice__endplay__example4.pbn")
"""A real file of recorded play (endplay's own example), read where it is when this machine has it."""


@pytest.fixture(autouse=True)
def cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))


def _random_play(deal: Deal, trumps: Suit | None, leader: Seat, rng: random.Random) -> Play:
    """The deal played out with a legal card at random each time (so that cards cost tricks)."""
    play = Play(deal, trumps=trumps, leader=leader)
    while not play.finished:
        play.play(rng.choice(play.legal_cards()))
    return play


def _cards(play: Play) -> list[Card]:
    return [card for trick in play.tricks for _, card in trick.in_order()]


def _endplay_rows(deal: Deal, trumps: Suit | None, leader: Seat, cards: list[Card], wanted: set[int]):
    """endplay's own solver, straight on each position ``wanted`` (by the cards played before it): the tricks
    the player to play's side takes after each legal card, by our card text."""
    from endplay.dds import solve_board
    from endplay.types import Card as EPCard
    from endplay.types import Deal as EPDeal
    from endplay.types import Denom, Player

    board = EPDeal(deal.to_pbn())
    board.first = Player(int(leader))
    board.trump = Denom.nt if trumps is None else Denom("SHDC".index(trumps.letter))
    rows = {}
    for index, card in enumerate(cards):
        if index in wanted:
            rows[index] = {"SHDC"[int(c.suit)] + c.rank.name[1]: n for c, n in solve_board(board)}
        board.play(EPCard(str(card)))
    return rows


def _check_against_endplay(reviewed: list[CardReview], rows: dict[int, dict[str, int]]) -> int:
    checked = 0
    for index, row in rows.items():
        card = reviewed[index]
        best = max(row.values())
        assert card.cost == best - row[str(card.card)], (index, card, row)
        expected = {text for text, tricks in row.items() if tricks == best} if card.cost else set()
        assert {str(c) for c in card.better} == expected, (index, card, row)
        checked += 1
    return checked


@pytest.mark.parametrize("seed", range(6))
def test_every_sampled_card_costs_what_endplay_says_on_random_deals(seed: int):
    rng = random.Random(seed)
    deal = Deal.random(rng)
    trumps = rng.choice([None, *Suit])
    leader = rng.choice(list(Seat))
    play = _random_play(deal, trumps, leader, rng)
    cards = _cards(play)
    reviewed = review_play(deal, trumps=trumps, leader=leader, cards=cards)
    assert [r.card for r in reviewed] == cards
    wanted = set(rng.sample(range(52), 14)) | {0}
    rows = _endplay_rows(deal, trumps, leader, cards, wanted)
    assert _check_against_endplay(reviewed, rows) == len(wanted)
    assert any(r.cost for r in reviewed), "a random play costs tricks somewhere"


def test_short_deals_without_a_contract_agree_with_endplay_on_every_card():
    rng = random.Random(7)
    for size in (3, 5, 7):
        deal = Deal.random(rng, cards_per_hand=size)
        leader = Seat.EAST  # dealer North's left: the lead of MiniLessons One and Two
        play = _random_play(deal, None, leader, rng)
        cards = _cards(play)
        reviewed = review_play(deal, trumps=None, leader=leader, cards=cards)
        assert len(reviewed) == 4 * size
        assert [r.trick for r in reviewed] == [1 + i // 4 for i in range(4 * size)]
        rows = _endplay_rows(deal, None, leader, cards, set(range(4 * size)))
        _check_against_endplay(reviewed, rows)


def test_the_first_cards_tricks_are_the_double_dummy_tables():
    rng = random.Random(3)
    deal = Deal.random(rng)
    table = dd_tables([deal])[0]
    play = _random_play(deal, Suit.HEARTS, Seat.WEST, rng)
    first = review_play(deal, trumps=Suit.HEARTS, leader=Seat.WEST, cards=_cards(play))[0]
    from minibridge.cards import Strain

    assert first.seat is Seat.WEST
    assert first.tricks_before == 13 - table[Seat.SOUTH][Strain.HEARTS]


@pytest.mark.parametrize("seed", range(10, 16))
def test_costs_are_never_negative_a_better_card_costs_nothing_and_the_costs_add_up(seed: int):
    rng = random.Random(seed)
    deal = Deal.random(rng, cards_per_hand=rng.choice([8, 13]))
    trumps = rng.choice([None, *Suit])
    leader = rng.choice(list(Seat))
    play = _random_play(deal, trumps, leader, rng)
    cards = _cards(play)
    reviewed = review_play(deal, trumps=trumps, leader=leader, cards=cards)
    assert all(r.cost >= 0 for r in reviewed)
    assert all((r.cost == 0) == (r.better == ()) for r in reviewed)
    assert all(r.tricks_after == r.tricks_before - r.cost for r in reviewed)
    for side in Side:
        start = next(r for r in reviewed if r.side is side).tricks_before
        if reviewed[0].side is not side:
            start = deal.cards_per_hand - reviewed[0].tricks_before
        lost = sum(r.cost for r in reviewed if r.side is side)
        assert lost >= start - play.tricks_won(side)
    for index, card in enumerate(reviewed):
        for better in card.better[:2]:
            again = review_play(deal, trumps=trumps, leader=leader, cards=[*cards[:index], better])
            assert again[-1].cost == 0 and again[-1].card == better
            assert again[-1].tricks_before == card.tricks_before


def test_the_review_stops_before_a_card_that_breaks_the_rules():
    deal = Deal.from_pbn("N:A2... K3... Q4... J5...")
    cards = [Card.from_str(text) for text in ("S2", "S3", "SQ", "SJ", "SA", "SK")]
    reviewed = review_play(deal, trumps=None, leader=Seat.NORTH, cards=cards)
    assert [str(r.card) for r in reviewed] == ["S2", "S3", "SQ", "SJ"]  # North won the trick, not the lead's
    assert review_play(deal, trumps=None, leader=Seat.NORTH, cards=[Card.from_str("SK")]) == []
    assert review_play(deal, trumps=None, leader=Seat.NORTH, cards=[]) == []


def test_what_each_contract_would_have_scored_double_dummy():
    rules = find_rules("ebu")
    rng = random.Random(5)
    deal = Deal.random(rng)
    table = dd_tables([deal])[0]
    contracts = contracts_dd(deal, Seat.SOUTH, rules)
    assert contracts
    assert all(c.tricks == table[Seat.SOUTH][c.contract.strain] for c in contracts)
    best = best_contract(table, Seat.SOUTH, rules, deal=deal)
    assert best is not None
    assert max(c.side_score for c in contracts) == best.side_score
    data = contracts_data(contracts)
    assert set(data[0]) == {"contract", "tricks", "score"}
    assert contracts_dd(deal, Seat.SOUTH, find_lesson(1).rules) == []


def _table(rules_name: str, seed: int, *, start: bool = True) -> Table:
    """A table of one pupil and the computer for one deal: 13 cards under EBU rules, 5 under MiniLesson One's."""
    rules = find_rules(rules_name) if rules_name == "ebu" else find_lesson(1).rules
    computer = ComputerPlayer(robot=Robot(rules, samples=2, seed=seed))
    size = 13 if rules_name == "ebu" else 5
    table = Table(
        rules, seating=Seating.alone(), computer=computer, deals=1, seed=seed, find_best=True, cards_per_hand=size
    )
    if start:
        table.start()
    return table


def _finish(table: Table, rng: random.Random) -> None:
    """Play the pupil's cards at random and the computer's as it chooses, to the end of the deal."""
    while table.phase not in ("deal_over", "game_over"):
        if table.step():
            continue
        person = table.decider
        assert person is not None
        if table.phase == "contract":
            table.choose_contract(person, rng.choice(table.game.allowed_contracts))
        elif table.phase == "declarer":
            assert table.game.announcement is not None
            table.choose_declarer(person, table.game.announcement.may_declare[0])
        else:
            table.play_card(person, rng.choice(table.legal_cards(person)))


@pytest.mark.parametrize("rules_name", ["ebu", "lesson1"])
def test_a_table_reviews_a_deal_once_it_is_over_and_takes_it_back_without_solving(rules_name, monkeypatch):
    table = _table(rules_name, 4)
    assert table.records[-1].review is None
    _finish(table, random.Random(2))
    review = table.records[-1].review
    assert review is not None
    play = table.game.play
    assert play is not None
    assert [r["card"] for r in review["cards"]] == [str(c) for c in _cards(play)]
    assert review["cards"] == [r.as_data() for r in review_game(play)]
    assert set(review["cards"][0]) == {"trick", "seat", "card", "cost", "better", "tricks_before"}
    assert (review["contracts"] == []) == (rules_name == "lesson1")
    kept = table.decisions_data()
    assert kept[-1]["review"] == review

    def no_solving(game):
        raise AssertionError("the review is solved again")

    monkeypatch.setattr(driver, "review_of", no_solving)
    again = _table(rules_name, 4, start=False)
    again.take_again(json.loads(json.dumps(kept)))
    assert again.records[-1].review == review


def test_replay_review_lists_the_cards_that_cost_a_trick():
    result = CliRunner().invoke(main, ["replay", str(DATA / "results.pbn"), "--review"])
    assert result.exit_code == 0, result.output
    assert "trick 5, North played ♣Q: cost 1 trick; ♠A ♠K ♠10 ♠9 ♦K ♦Q ♦3 kept 13" in result.output
    assert "Traceback" not in result.output
    result = CliRunner().invoke(main, ["replay", str(DATA / "lead_out_of_turn.pbn"), "--review"])
    assert result.exit_code == 0, result.output
    assert "board 6: no card cost a trick" in result.output  # the lead out of turn, accepted, is reviewed too


def test_replay_review_stops_at_an_irregularity_and_says_so():
    result = CliRunner().invoke(main, ["replay", str(DATA / "revoke.pbn"), "--review"])
    assert result.exit_code == 0, result.output
    assert "the review stops at card 46, which breaks the rules of play" in result.output


def test_replay_review_json_gives_each_game_its_review_and_keeps_every_key():
    plain = CliRunner().invoke(main, ["replay", str(DATA / "results.pbn"), "--json"])
    reviewed = CliRunner().invoke(main, ["replay", str(DATA / "results.pbn"), "--json", "--review"])
    assert plain.exit_code == reviewed.exit_code == 0, reviewed.output
    before, after = json.loads(plain.output), json.loads(reviewed.output)
    assert "review" not in before[0]
    for game, with_review in zip(before, after, strict=True):
        assert {k: v for k, v in with_review.items() if k != "review"} == game
        cards = [card for trick in game["tricks"] for card in trick["cards"]]
        assert [r["card"] for r in with_review["review"]] == cards[: len(with_review["review"])]
        keys = {"trick", "seat", "card", "cost", "better", "tricks_before"}
        assert all(set(r) == keys for r in with_review["review"])


@pytest.mark.skipif(not SHARED.exists(), reason="the shared folder of real PBN files is not on this machine")
def test_replay_review_of_a_real_file():
    result = CliRunner().invoke(main, ["replay", str(SHARED), "--review"])
    assert result.exit_code == 0, result.output
    assert "board 1: trick 1, South played ♠Q: cost 1 trick; ♦A kept 2" in result.output


def test_replay_review_of_a_short_game_without_a_contract(tmp_path: Path):
    deal = Deal.from_pbn("N:A2... K3... Q4... J5...")
    play = '[Play "E"]\nSK SQ SJ SA\nS2 S3 S4 S5\n'
    text = f'[Board "1"]\n[Dealer "N"]\n[Deal "{deal.to_pbn()}"]\n{play}\n'
    path = tmp_path / "short.pbn"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path), "--review", "--lesson", "1"])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "board 1:" in result.output


def test_replay_review_of_a_file_that_is_not_pbn_is_a_clear_error(tmp_path: Path):
    path = tmp_path / "bad.pbn"
    path.write_text('[Board "1"]\n[Deal "N:nonsense"]\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path), "--review"])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_board_played_by_the_computer_is_reviewed_card_by_card():
    rules = find_rules("ebu")
    deal = Deal.random(random.Random(9))
    board = Board(number=1, dealer=Seat.NORTH, deal=deal)
    game = driver.play_by_computers(rules, board, Robot(rules, samples=2, seed=1))
    if game.play is None:
        pytest.skip("a redeal")
    reviewed = review_game(game.play)
    assert len(reviewed) == 52
