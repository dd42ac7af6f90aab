"""One reader for every number and name that comes from outside: a web form, a JSON body, a query string, a
header, a results file or the command line.

A number is ASCII digits only (``²`` and ``٣`` are digits to Python, not to a teacher), at most a few of them, in a
range. A name is tidied to NFC with single spaces, and refused when it holds a control or format character (NUL,
U+200B, U+202E), a lone surrogate, a private or unassigned character, or is too long. A refusal is a
:class:`ReadingError` that names the field in plain words.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from minibridge.errors import MiniBridgeError
from minibridge.language import gettext

__all__ = ["ReadingError", "bad_character", "digits", "name", "refuse_bad_text", "shown", "whole_number", "MOST_DIGITS"]

MOST_DIGITS = 12
"""The most digits a whole number may have: more is refused before it is turned into a number."""

_REFUSED = {"Cc", "Cf", "Cs", "Co", "Cn"}
"""Unicode categories never kept in a name: controls, format characters, lone surrogates, private and unassigned."""


class ReadingError(MiniBridgeError):
    """A number or a name from outside that cannot be read: the message names the field."""


def whole_number(text: Any, *, least: int, most: int, what: str) -> int:
    """``text`` as a whole number from ``least`` to ``most``: ASCII digits (a minus sign only when ``least`` is
    below 0), or an ``int`` as sent in JSON; a :class:`ReadingError` naming ``what`` otherwise.

    >>> whole_number(" 12 ", least=0, most=37, what="points"), whole_number(7, least=0, most=37, what="points")
    (12, 7)
    >>> whole_number("²", least=0, most=37, what="points")
    Traceback (most recent call last):
    minibridge.reading.ReadingError: 'points' should be a whole number from 0 to 37
    """
    value: int | None = None
    if isinstance(text, int) and not isinstance(text, bool):
        value = text
    elif isinstance(text, str):
        digits = text.strip()
        bare = digits[1:] if digits.startswith("-") and least < 0 else digits
        if bare.isascii() and bare.isdigit() and len(bare) <= MOST_DIGITS:
            value = int(digits)
    if value is None or not least <= value <= most:
        raise ReadingError(
            gettext("'%(name)s' should be a whole number from %(low)s to %(high)s")
            % {"name": what, "low": least, "high": most}
        )
    return value


def digits(text: str) -> int | None:
    """The whole number ``text`` writes in ASCII digits (at most :data:`MOST_DIGITS` of them, spaces around
    allowed), or None: for a value that may be a number or something else.

    >>> digits(" 12 "), digits("²"), digits("٣"), digits("9" * 5000), digits("-1")
    (12, None, None, None, None)
    """
    bare = text.strip()
    return int(bare) if bare.isascii() and bare.isdigit() and len(bare) <= MOST_DIGITS else None


def shown(text: Any, most: int = 20) -> str:
    """A value from outside as a message may quote it: cut to ``most`` letters.

    >>> shown("9" * 50)
    '99999999999999999999…'
    """
    text = str(text)
    return text if len(text) <= most else text[:most] + "…"


def bad_character(text: str) -> str | None:
    """The first character of ``text`` that no name may hold (see :data:`_REFUSED`), or None.

    >>> bad_character("Amy"), bad_character("Amy\\u200b")
    (None, '\\u200b')
    """
    return next((c for c in text if unicodedata.category(c) in _REFUSED), None)


def name(text: Any, *, most: int, what: str, empty: bool = False) -> str:
    """``text`` as a name: NFC, trimmed, inner runs of spaces made one, at most ``most`` characters; a
    :class:`ReadingError` naming ``what`` when it is not text, holds a character no name may hold, is too long,
    or is empty (unless ``empty``).

    >>> name("  Amy   Lee ", most=40, what="name")
    'Amy Lee'
    >>> name("Amy\\u202e", most=40, what="the name")
    Traceback (most recent call last):
    minibridge.reading.ReadingError: the name holds a hidden or broken character (U+202E): type it again
    """
    if not isinstance(text, str):
        raise ReadingError(gettext("%(name)s should be text") % {"name": what})
    found = bad_character(text)
    if found is not None:
        raise ReadingError(
            gettext("%(name)s holds a hidden or broken character (%(code)s): type it again")
            % {"name": what, "code": f"U+{ord(found):04X}"}
        )
    if len(text) > 20 * most:
        raise _too_long(what, most)
    tidy = " ".join(unicodedata.normalize("NFC", text).split())
    if len(tidy) > most:
        raise _too_long(what, most)
    if not tidy and not empty:
        raise ReadingError(gettext("%(name)s is empty: type it in") % {"name": what})
    return tidy


def _too_long(what: str, most: int) -> ReadingError:
    return ReadingError(gettext("%(name)s is too long: at most %(most)s letters") % {"name": what, "most": most})


def refuse_bad_text(value: Any, *, what: str = "request") -> None:
    """Refuse any string inside ``value`` (a decoded JSON value: walked through lists and objects, keys too)
    that holds a lone surrogate, which no text may keep."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and any("\ud800" <= c <= "\udfff" for c in item):
            raise ReadingError(
                gettext("the %(name)s holds a broken character (a lone surrogate): send real text") % {"name": what}
            )
