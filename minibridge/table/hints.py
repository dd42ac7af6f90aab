"""A hint at the table: a card for the person whose turn it is, with its reason in a child's words, worked out
from what that person sees (:func:`minibridge.card_reasons.hint`); nothing is played."""

from __future__ import annotations

from minibridge.card_reasons import CardAdvice, hint
from minibridge.errors import RuleError
from minibridge.language import gettext
from minibridge.table.driver import Table

__all__ = ["hint_for"]


def hint_for(table: Table, person: str) -> CardAdvice:
    """A card for ``person`` to play now at ``table``, with its reason (refused in words when it is not their card
    to play)."""
    seat, play = table.seat_to_play, table.game.play
    if seat is None or play is None or table.decider != person:
        raise RuleError(gettext("you can ask for a hint when it is your turn to play"))
    return hint(play, table.game.knowledge, seat)
