"""A pupil's game against the computer (the classroom's library): decisions, refusals, kept as data."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pupils import decide_at_random

from minibridge.cards import Card, Seat
from minibridge.classroom import PUPIL, GameSetup, PupilGame
from minibridge.errors import IllegalPlayError, RuleError
from minibridge.lessons import find_lesson
from minibridge.rules import RULE_SETS, find_rules, free_play_rules


def _play_out(game: PupilGame, rng: random.Random, *, keep: list[dict] | None = None) -> None:
    """Take the pupil's decisions at random until the game is over (noting the data at each deal's end)."""
    while game.phase != "game_over":
        if game.phase == "deal_over":
            if keep is not None:
                keep.append(game.to_data())
            game.next_deal()
            game.advance()
        else:
            decide_at_random(game, rng)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(1, 10_000), lesson=st.sampled_from([1, 3, 5, 6, None]))
def test_a_game_kept_as_data_is_rebuilt_the_same(seed: int, lesson: int | None):
    game = PupilGame.start(GameSetup(lesson=lesson, deals=2, seed=seed, samples=2))
    kept: list[dict] = []
    _play_out(game, random.Random(seed), keep=kept)
    assert game.deal_number == 2 and len(kept) == 1
    again = PupilGame.from_data(json.loads(json.dumps(game.to_data())))
    assert again.phase == "game_over" and again.session.totals == game.session.totals
    halfway = PupilGame.from_data(kept[0])
    assert halfway.phase == "deal_over" and halfway.deal_number == 1


def test_the_pupil_waits_for_the_computer_and_its_own_cards_only():
    game = PupilGame.start(GameSetup(lesson=5, deals=1, seed=1, samples=2))  # North–South declare, then follow
    while game.phase == "contract":
        game.choose_contract(game.game.allowed_contracts[0])
        game.advance()
    assert game.phase == "play" and game.pupil_to_act
    seat = game.seat_to_play
    assert seat is not None and game.pupil_plays(seat)
    assert game.game.play is not None
    refused = [c for c in game.game.play.hand(seat) if c not in game.legal_cards()]
    assert refused  # a card of another suit while following: refused with the reason, nothing changed
    before = game.to_data()
    with pytest.raises(IllegalPlayError, match="you must follow suit"):
        game.play_card(refused[0])
    assert game.to_data() == before
    others = [c for s in Seat if s is not seat for c in game.game.play.hand(s)]
    with pytest.raises(IllegalPlayError, match="hold"):
        game.play_card(others[0])


def test_setups_that_cannot_be_are_refused():
    with pytest.raises(RuleError, match="choose a lesson from 1 to 6"):
        GameSetup(lesson=7)
    with pytest.raises(RuleError, match="ebu, nbb or targets"):
        GameSetup(rules="chess")
    with pytest.raises(RuleError, match="either a number of deals or a target"):
        GameSetup(deals=2, target=1000)


def test_free_play_is_by_the_rule_sets_that_say_so(monkeypatch: pytest.MonkeyPatch):
    assert [rules.name for rules in free_play_rules()] == ["ebu", "nbb", "targets"]
    assert not find_rules("lesson").free_play and not find_lesson(5).rules.free_play
    club = find_rules("ebu").replace(name="club", title="Club rules", free_play=True)
    monkeypatch.setitem(RULE_SETS, "club", club)
    assert GameSetup(rules="club").rule_set() is club
    with pytest.raises(RuleError, match="free play is by the rules ebu, nbb, targets or club, not 'lesson'"):
        GameSetup(rules="lesson")


def test_lessons_one_and_two_play_four_short_deals_by_default():
    game = PupilGame.start(GameSetup(lesson=1, seed=2, samples=2))
    assert game.session.deals == 4 and game.game.declarer is None
    assert game.game.play is not None and game.game.play.total_tricks < 13
    assert game.pupil_plays(PUPIL) and not game.pupil_plays(Seat.NORTH)


def test_a_card_is_refused_outside_the_play():
    game = PupilGame.start(GameSetup(lesson=5, deals=1, seed=1, samples=2))
    assert game.phase == "contract" and game.pupil_to_act
    with pytest.raises(IllegalPlayError, match="no card to play now"):
        game.play_card(Card.from_str("SA"))
    with pytest.raises(RuleError, match="not over yet"):
        game.next_deal()


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(1, 10_000), variant=st.sampled_from(["simple", "normal"]))
def test_a_three_handed_game_kept_as_data_is_rebuilt_the_same(seed: int, variant: str):
    game = PupilGame.start(GameSetup(three_handed=variant, deals=2, seed=seed, samples=2))  # type: ignore[arg-type]
    _play_out(game, random.Random(seed))
    again = PupilGame.from_data(json.loads(json.dumps(game.to_data())))
    assert again.phase == "game_over" and again.session.player_totals == game.session.player_totals
    assert again.setup.three_handed == variant and again.game.three is not None


def test_dutch_slams_and_three_players_in_the_short_deal_lessons_are_refused():
    with pytest.raises(RuleError, match="the Dutch rules have no slams"):
        GameSetup(rules="nbb", slam=True)
    with pytest.raises(RuleError, match="MiniLesson One has no announcement"):
        GameSetup(lesson=1, three_handed="simple")
    assert GameSetup(lesson=5, slam=True).rule_set().slam is False  # a lesson brings its own rules
