"""The same cards played again: practice, which neither uses up one of the deals chosen nor adds to the totals."""

from __future__ import annotations

import random

from pupils import finish_deal

from minibridge.cards import Side
from minibridge.classroom import GameSetup, PupilGame


def _totals(game: PupilGame) -> dict[Side, int]:
    return dict(game.session.totals)


def test_a_deal_played_again_does_not_use_up_a_deal_nor_add_to_the_totals():
    rng = random.Random(3)
    game = PupilGame.start(GameSetup(lesson=5, deals=2, seed=4, samples=2))
    finish_deal(game, rng)
    assert game.phase == "deal_over" and game.deal_number == 1
    totals, played, dealer = _totals(game), game.session.played, game.game.dealer
    game.next_deal(again=True)
    game.advance()
    assert game.deal_number == 1  # still the first of the two deals
    finish_deal(game, rng)
    assert game.phase == "deal_over"  # not the end of a game of two deals
    assert _totals(game) == totals and game.session.played == played
    assert len(game.session.practised) == 1
    game.next_deal()
    game.advance()
    assert game.deal_number == 2 and game.game.dealer is dealer.lho  # the dealer passes on as if not replayed
    finish_deal(game, rng)
    assert game.phase == "game_over" and game.session.played == 2


def test_a_game_with_a_deal_played_again_is_rebuilt_the_same():
    rng = random.Random(5)
    game = PupilGame.start(GameSetup(lesson=3, deals=2, seed=8, samples=2))
    finish_deal(game, rng)
    game.next_deal(again=True)
    game.advance()
    finish_deal(game, rng)
    again = PupilGame.from_data(game.to_data())
    assert _totals(again) == _totals(game) and again.deal_number == 1 and again.phase == "deal_over"
    assert again.session.played == 1 and len(again.session.practised) == 1


def test_playing_to_a_score_a_deal_played_again_does_not_count():
    rng = random.Random(1)
    game = PupilGame.start(GameSetup(lesson=5, target=5000, seed=2, samples=2))
    finish_deal(game, rng)
    totals = _totals(game)
    for _ in range(2):
        game.next_deal(again=True)
        game.advance()
        finish_deal(game, rng)
        assert _totals(game) == totals and game.phase == "deal_over"
