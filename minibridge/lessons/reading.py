"""A pupil's answer read for what it says, not for how it is spelt.

An answer is made of parts (a seat, a number of tricks, points, a list of seats, one of a few words). A pupil
may give them as fields (``{declarer: South, dummy: n}``), as a line of text (``N 11, E 7, S 14, W 8``,
``South declares, North is dummy``, ``130 to declarers, 0 to defenders``) or as a lone value (``seven``) where
one value is asked. Seats are read as N or North in any case, numbers in figures or as words from zero to
thirteen, in English and in the language in use (Dutch O or Oost, zeven; Danish Ø or Øst, syv); a value names its
part by the words next to it, or else takes the next part asked that it fits.

>>> HCP = tuple(Part(key=s.letter, form=Form.POINTS, says="the points", names=(s.letter.lower(),)) for s in Seat)
>>> read_answer(HCP, "N 11, E seven, s 14, W: 8").value
{'N': 11, 'E': 7, 'S': 14, 'W': 8}
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import Any

from minibridge import language
from minibridge.cards import Seat

__all__ = ["Form", "Part", "Reading", "SEAT_WORDS", "NUMBER_WORDS", "numbers_in_words", "read_answer", "fits"]

SEAT_WORDS: dict[str, str] = {word: seat.letter for seat in Seat for word in (seat.letter.lower(), seat.title.lower())}
"""A seat as a pupil writes it (in small letters): its letter or its name."""
_SEAT_LETTERS = frozenset(seat.letter for seat in Seat)

NUMBER_WORDS: dict[str, int] = {
    "zero": 0, "nil": 0, "nought": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
}  # fmt: skip
"""Numbers a pupil may write as words: zero to thirteen."""


def _words() -> tuple[Mapping[str, str], Mapping[str, int]]:
    """The seats and the numbers a pupil may write in words, in English and in the language in use."""
    return _words_of(language.current().code)


@cache
def _words_of(code: str) -> tuple[Mapping[str, str], Mapping[str, int]]:
    seats, numbers = dict(SEAT_WORDS), dict(NUMBER_WORDS)
    if code == language.ENGLISH:
        return seats, numbers
    for seat in Seat:
        seats[seat.letter_in_words.lower()] = seats[seat.in_words.lower()] = seat.letter
    for value, words in enumerate(numbers_in_words()):
        numbers |= dict.fromkeys(words, value)
    return seats, numbers


def numbers_in_words() -> tuple[tuple[str, ...], ...]:
    """The numbers zero to thirteen in words in the language in use, each with its spellings (Danish ``en/et``).

    >>> numbers_in_words()[6]
    ('six',)
    """
    # TRANSLATORS: the numbers zero to thirteen as a pupil may write them in words, in order, separated by spaces;
    # two ways to write one number are joined by "/" (Danish en/et).
    said = language.pgettext(
        "numbers in words", "zero one two three four five six seven eight nine ten eleven twelve thirteen"
    )
    return tuple(tuple(words.lower().split("/")) for words in said.split()[:14])


_FILLER = frozenset({
    "a", "an", "or", "the", "is", "are", "was", "were", "it", "they", "he", "she", "i", "think", "my", "answer", "to",
    "for", "of", "with", "on", "at", "in", "each", "has", "have", "had", "get", "gets", "got", "score", "scores",
    "scored", "points", "point", "pts", "win", "wins", "won", "take", "takes", "took", "make", "makes", "play",
    "plays", "played", "made", "so", "side", "declarer", "trick", "tricks",
})  # fmt: skip
"""Words that say nothing about the answer: left out without remark."""


class Form(StrEnum):
    """The form a part of an answer takes: what a pupil gives for it, and how a page asks it."""

    TRICKS = "tricks"
    """A number of tricks, 0 to 13 (a trick's number too)."""
    POINTS = "points"
    """A whole number of points."""
    SEAT = "seat"
    """A seat, by its letter (``N``, ``E``, ``S`` or ``W``)."""
    SEAT_EACH_TRICK = "seats"
    """A seat for each trick of the recorded play, in order: a list of seat letters."""
    CHOICE = "choice"
    """One of the part's choices, by its word (``reached``, ``revoke``)."""

    @property
    def is_number(self) -> bool:
        """True for a whole number: tricks or points."""
        return self in (Form.TRICKS, Form.POINTS)


@dataclass(frozen=True, kw_only=True, eq=False)
class Part:
    """One part of an answer: its key (empty for an answer that is one value), the form it takes, what it holds
    in words (for the form), the words a pupil may name it by, and for a choice the words of each choice (the
    first word of each is the choice itself); then how a page asks it, in words marked for translation."""

    key: str
    form: Form
    says: str
    names: tuple[str, ...] = ()
    choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    label: str = ""
    """The part's name on a page, where the answer is shown or a part is still to give (``Tricks for
    North–South``); by default its key, or "Your answer" for an answer that is one value."""
    question: str = ""
    """The question over the part's widgets (``Who is dummy?``; for a seat of each trick, the question on each
    trick); by default the label. It may name its seat, or else the exercise's, as ``%(seat)s``."""
    seat: Seat | None = None
    """The seat whose hand the part is about, for a number given under that hand (its points)."""
    choice_words: Mapping[str, str] = field(default_factory=dict)
    """Each choice as a page shows it (``Yes, reached``); by default the choice itself."""
    choice_hints: Mapping[str, str] = field(default_factory=dict)
    """A line under a choice that says what it means, where one helps."""
    choice_written: Mapping[str, str] = field(default_factory=dict)
    """Each choice as a sentence of the answer key writes it (``revoke``); by default its words on a page."""
    most: int = 13
    """The highest number a page offers for a number (13 tricks unless said)."""
    step: int = 1
    """How much − and + change a number by (10 for a score)."""
    pad: bool = False
    """A number asked as a tile for each number, tapped once, rather than with − and +."""
    of_the_play: bool = False
    """A number that is a trick of the recorded play: asked from 1 to the tricks played."""

    def __post_init__(self) -> None:
        assert (self.form is Form.CHOICE) == bool(self.choices), self.key
        words = (self.choice_words, self.choice_hints, self.choice_written)
        assert all(set(said) <= set(self.choices) for said in words), self.key

    @property
    def named(self) -> str:
        """The part's name in the language in use: its label, or else its key, or "Your answer" for an answer that
        is one value."""
        return language.gettext(self.label) if self.label else self.key or language.gettext("Your answer")

    def in_words(self, value: Any) -> str:
        """A value of this part written out in the language in use, as the answer key writes it: a number of
        tricks as ``9 tricks`` (a trick of the play as its number), points as a number, a seat by its name, a
        seat for each trick by their letters (``N E E S``), a choice in its written words."""
        if self.form is Form.TRICKS and not self.of_the_play:
            return language.ngettext("%(count)s trick", "%(count)s tricks", value) % {"count": value}
        if self.form.is_number:
            return language.number(value)
        if self.form is Form.SEAT:
            return Seat.from_str(value).in_words
        if self.form is Form.SEAT_EACH_TRICK:
            return " ".join(Seat.from_str(letter).letter_in_words for letter in value)
        written = self.choice_written.get(value) or self.choice_words.get(value)
        return language.gettext(written) if written else value


@dataclass(frozen=True)
class Reading:
    """A pupil's answer as read: the answer in the form of the lesson files (the pupil's own text when nothing
    in it could be read), and the words that could not be read."""

    value: Any
    unread: tuple[str, ...] = ()


def fits(part: Part, value: Any) -> bool:
    """True when ``value`` is of the form ``part`` holds."""
    if part.form is Form.SEAT_EACH_TRICK:
        return isinstance(value, list) and bool(value) and all(_is_seat(v) for v in value)
    if part.form is Form.SEAT:
        return _is_seat(value)
    if part.form is Form.CHOICE:
        return isinstance(value, str) and value in part.choices
    whole = isinstance(value, int) and not isinstance(value, bool)
    return whole and (part.form is Form.POINTS or 0 <= value <= 13)


def _is_seat(value: Any) -> bool:
    return isinstance(value, str) and value in _SEAT_LETTERS


def read_answer(
    parts: Sequence[Part],
    answer: Any,
    *,
    asked: Sequence[str] | None = None,
    alternatives: Mapping[str, tuple[str, ...]] | None = None,
) -> Reading:
    """Read a pupil's answer to the ``parts`` of a kind of exercise; ``asked`` are the keys the exercise asks
    (in the order of ``parts``; all of them by default), which a value not named by its part fills in order;
    ``alternatives`` are whole answers (``redeal``) and the words that say them."""
    if answer is None:
        return Reading(None)
    alternatives = alternatives or {}
    text = _text(answer)
    said = " ".join(re.sub(r"['’]s\b", "", text.lower().replace("–", "-").replace("—", "-")).split())
    for alternative, words in alternatives.items():
        if said.strip(" .!{}") in words:
            return Reading(alternative)
    tokens = list(_tokens(tuple(parts), said))
    unread = tuple(value for kind, value, _ in tokens if kind == "unread")
    if len(parts) == 1 and not parts[0].key:
        found = [value for kind, value, _ in tokens if kind != "unread" and fits(parts[0], value)]
        if len(set(map(str, found))) == 1:
            return Reading(found[0], unread)
        return Reading(answer, unread)
    order = [p for p in parts if asked is None or p.key in asked]
    values, left = _assign(tokens, order)
    return Reading(values if values else answer, unread + tuple(map(str, left)))


def _text(answer: Any) -> str:
    """An answer as a line of text: fields as ``key value`` separated by commas, a list as its items."""
    if isinstance(answer, bool):
        return "yes" if answer else "no"
    if isinstance(answer, float) and answer.is_integer():
        return str(int(answer))
    if isinstance(answer, (list, tuple)):
        return " ".join(_text(item) for item in answer)
    if isinstance(answer, dict):
        return ", ".join(str(k) if v is None else f"{k} {_text(v)}" for k, v in answer.items())
    return str(answer)


_Token = tuple[str, Any, "Part | None"]
"""What a word says: (``key``, the part's key, the part), (``value``, a value, the part it belongs to when
only one can hold it), (``sep``, …) between clauses, or (``unread``, the word, None)."""


def _tokens(parts: tuple[Part, ...], text: str) -> list[_Token]:
    pattern, phrases = _grammar(parts)
    seats, numbers = _words()
    tokens: list[_Token] = []
    for found in pattern.finditer(text):
        word = found.group(0)
        if found.lastgroup == "sep":
            tokens.append(("sep", word, None))
        elif found.lastgroup == "phrase":
            tokens.append(phrases[word])
        elif found.lastgroup == "number":
            number = float(word)
            tokens.append(("value", int(number) if number.is_integer() else number, None))
        elif word in numbers:
            tokens.append(("value", numbers[word], None))
        elif word in seats:
            tokens.append(("value", seats[word], None))
        elif word not in _FILLER and word.strip("_"):  # a blank of the form left as it was says nothing
            tokens.append(("unread", word, None))
    return tokens


@cache
def _grammar(parts: tuple[Part, ...]) -> tuple[re.Pattern[str], dict[str, _Token]]:
    """The words of a kind's parts (its keys' names and its choices' words), longest first, and what each says."""
    phrases: dict[str, _Token] = {}
    for part in parts:
        for name in part.names:
            phrases[name] = ("key", part.key, part)
        for choice, words in part.choices.items():
            for word in words:
                phrases[word] = ("value", choice, part)
    alternation = "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))
    pattern = (
        r"(?P<sep>[,;]|\band\b|\bthen\b)"
        + (rf"|(?P<phrase>(?<![\w-])(?:{alternation})(?![\w-]))" if alternation else "")
        + r"|(?P<number>(?<![\w.])-?\d+(?:\.\d+)?)|(?P<word>[^\W\d]+)"
    )
    return re.compile(pattern), phrases


def _assign(tokens: list[_Token], order: list[Part]) -> tuple[dict[str, Any], list[Any]]:
    """The values of the tokens by part: a value goes to the part named just before it in its clause, or just
    after it; a choice to its own part; the others fill the parts asked, in order, that they fit. Also the
    values that fit no part left."""
    values: dict[str, Any] = {}
    pool: list[Any] = []
    left: list[Any] = []
    pending: list[Any] = []
    current: Part | None = None
    unknown = False  # a word of the clause could not be read: it may name its values

    def give(part: Part, value: Any) -> bool:
        if part.form is Form.SEAT_EACH_TRICK:
            if not _is_seat(value):
                return False
            values.setdefault(part.key, []).append(value)
            return True
        if part.key in values:
            return False
        values[part.key] = value
        return True

    for kind, value, part in tokens:
        if kind == "sep":
            (left if unknown else pool).extend(pending)
            pending, unknown = [], False
            if current is not None and current.form is not Form.SEAT_EACH_TRICK:
                current = None
        elif kind == "unread":
            unknown = True
        elif kind == "key":
            assert part is not None
            if pending and part.key not in values and fits(part, _as_list(part, pending[0])):
                give(part, pending.pop(0))
            current = part
        elif kind == "value" and part is not None:
            give(part, value)
        elif kind == "value":
            taken = current is not None and (fits(current, _as_list(current, value)) or current.key not in values)
            if not (taken and current is not None and give(current, value)):
                pending.append(value)
    (left if unknown else pool).extend(pending)
    for value in pool:
        home = (
            p for p in order if fits(p, _as_list(p, value)) and (p.form is Form.SEAT_EACH_TRICK or p.key not in values)
        )
        part = next(home, None)
        if part is None:
            left.append(value)
        else:
            give(part, value)
    return values, left


def _as_list(part: Part, value: Any) -> Any:
    """A seat as a list of one, to ask whether it fits a part that holds a list of seats."""
    return [value] if part.form is Form.SEAT_EACH_TRICK else value
