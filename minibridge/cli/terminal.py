"""The terminal a pupil plays at: cards with suit symbols, red hearts and diamonds where the terminal shows
colour, and a sign while the computer thinks that Ctrl-C cuts short at once.

Colour is used only when standard output is a terminal and ``NO_COLOR`` is not set (no-color.org); a pipe, a
file or a test gets plain text.

>>> card_text(Card.from_str("HT"))
'♥10'
>>> hand_text([Card.from_str(c) for c in ("SA", "SK", "D2")])
'♠ A K  ♥ —  ♦ 2  ♣ —'
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Iterable
from typing import NoReturn, TypeVar

import click

from minibridge import language
from minibridge.cards import Card, Suit
from minibridge.language import gettext, ngettext, pgettext

__all__ = [
    "colour_on",
    "suit_text",
    "rank_text",
    "card_text",
    "hand_text",
    "width",
    "pad",
    "thinking",
    "leave",
    "player_name",
    "variant_name",
    "tricks_text",
    "capital",
]

T = TypeVar("T")

_SIGN_AFTER = 0.3
"""Seconds the computer thinks before the sign appears (a quick answer shows none)."""
_TICK = 0.1
"""How often the terminal looks up from the computer's thinking: Ctrl-C is answered within this time."""


def colour_on() -> bool:
    """True when standard output is a terminal that shows colour and the user has not asked for none."""
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR")


def suit_text(suit: Suit, text: str) -> str:
    """``text`` in red for hearts and diamonds when the terminal shows colour."""
    return click.style(text, fg="red") if suit.is_red and colour_on() else text


def rank_text(card: Card) -> str:
    """``10`` for a ten, else the rank's letter as the language prints it (Dutch ``V`` for the queen)."""
    return language.rank(card.rank.letter)


def card_text(card: Card) -> str:
    """``♠10``, red for hearts and diamonds when the terminal shows colour."""
    return suit_text(card.suit, card.suit.symbol + rank_text(card))


def hand_text(cards: Iterable[Card]) -> str:
    """A hand by suit, spades first: ``♠ A K  ♥ —  …``, the red suits in red when the terminal shows colour."""
    held = list(cards)
    parts = []
    for suit in sorted(Suit, reverse=True):
        ranks = [rank_text(c) for c in sorted(held, reverse=True) if c.suit is suit]
        parts.append(suit_text(suit, f"{suit.symbol} {' '.join(ranks) if ranks else '—'}"))
    return "  ".join(parts)


def width(text: str) -> int:
    """How many columns ``text`` takes on the screen (colour codes take none)."""
    return len(click.unstyle(text))


def pad(text: str, columns: int) -> str:
    """``text`` followed by spaces up to ``columns`` columns."""
    return text + " " * max(0, columns - width(text))


def thinking(who: str, decide: Callable[[], T], *, show: bool = True) -> T:
    """The computer's decision, taken in the background while the terminal shows that ``who`` is thinking.

    The sign appears only on a terminal, once the thinking takes more than a moment, and is wiped when the
    decision is made. The terminal stays ready for Ctrl-C (KeyboardInterrupt) throughout: it stops the wait
    within a tenth of a second, and the decision is abandoned.
    """
    done = threading.Event()
    outcome: list[T] = []
    failure: list[BaseException] = []

    def work() -> None:
        try:
            outcome.append(decide())
        except BaseException as error:  # handed to the waiting thread, which raises it
            failure.append(error)
        finally:
            done.set()

    worker = threading.Thread(target=work, name="thinking", daemon=True)
    _THINKING.add(worker)
    worker.start()
    show = show and sys.stdout.isatty()
    started, shown = time.monotonic(), ""
    try:
        while not done.wait(_TICK):
            waited = time.monotonic() - started
            if show and waited > _SIGN_AFTER:
                shown = (
                    gettext("%(player)s is thinking") % {"player": who}
                    + ".  .. ...   "[int(waited / 0.4) % 4 * 3 :][:3]
                )
                click.echo("\r" + shown, nl=False)
    finally:
        if shown:
            click.echo("\r" + " " * (len(shown) + 2) + "\r", nl=False)  # the sign, and a ^C after it
    _THINKING.discard(worker)
    if failure:
        raise failure[0]
    return outcome[0]


_THINKING: set[threading.Thread] = set()
"""The computer's decisions under way (at most one; one is left behind when Ctrl-C cuts the wait short)."""


def leave(status: int) -> NoReturn:
    """End the command with ``status``. A decision that Ctrl-C cut short may still be inside the double-dummy
    solver, which cannot be stopped and may crash when the interpreter shuts down around it: then the process
    ends at once, once what it printed is out."""
    if any(worker.is_alive() for worker in _THINKING):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)
    raise SystemExit(status)


# --- words about the players ---------------------------------------------------------------------------------


def player_name(name: str) -> str:
    """A player of a three-handed game by name, in the language in use: ``you``, ``Left``, ``Player 2``."""
    if name.startswith("Player "):
        return gettext("Player %(number)s") % {"number": name.removeprefix("Player ")}
    return {"you": gettext("you"), "Left": pgettext("player", "Left"), "Right": pgettext("player", "Right")}.get(
        name, name
    )


def variant_name(variant: str) -> str:
    """``simple`` or ``normal``, the three-handed variants, in the language in use."""
    return {"simple": gettext("simple"), "normal": gettext("normal")}.get(variant, variant)


def tricks_text(count: int) -> str:
    """``1 trick``, ``2 tricks`` in the language in use."""
    return ngettext("%(count)s trick", "%(count)s tricks", count) % {"count": count}


def capital(text: str) -> str:
    """The text with a capital first letter, for the start of a sentence."""
    return text[:1].upper() + text[1:]
