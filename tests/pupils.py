"""A pupil who decides at random: what the tests of the pupils' games share."""

from __future__ import annotations

import random

from minibridge.classroom import PupilGame

__all__ = ["decide_at_random", "finish_deal"]


def decide_at_random(game: PupilGame, rng: random.Random) -> None:
    """Take the pupil's decision now at random (declarer, contract or card), then let the computer play on."""
    if game.phase == "declarer":
        game.choose_declarer(game.game.announcement.may_declare[0])  # type: ignore[union-attr]
    elif game.phase == "contract":
        game.choose_contract(rng.choice(game.game.allowed_contracts))
    elif game.phase == "play":
        game.play_card(rng.choice(game.legal_cards()))
    game.advance()


def finish_deal(game: PupilGame, rng: random.Random) -> None:
    """The pupil's decisions at random until the deal at the table is over."""
    while game.phase not in ("deal_over", "game_over"):
        decide_at_random(game, rng)
