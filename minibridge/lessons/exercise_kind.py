"""A kind of exercise: the parts of its answer in order, each with the form it takes, and what every kind does
with them (the form in words, checking a lesson's answer, reading a pupil's); each kind (:mod:`.kinds`,
:mod:`.play_kinds`) says how the engine solves and explains it, how a page asks it (its parts' words and widgets,
the facts below: what of the board the page shows, a line on how to find the answer, the whole answers it offers),
and how paper asks and answers it (the blanks of the pupils' sheet, the answer written out in the answer key), so
that the pages and the printed sheets follow the registry and never name a kind.

>>> from minibridge.lessons.exercises import find_kind
>>> find_kind("goal").form
'a number of tricks'
>>> [(part.key, part.form.value) for part in find_kind("replay").parts][:2]
[('winners', 'seats'), ('declarer_tricks', 'tricks')]
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from minibridge.cards import Seat
from minibridge.language import N_, gettext
from minibridge.lessons.lesson import Exercise, Lesson, shown
from minibridge.lessons.reading import Form, Part, Reading, fits, read_answer

__all__ = ["Problem", "Offer", "Blank", "ExerciseKind"]

Problem = tuple[tuple[Any, ...], str]
"""A problem with an exercise: the keys of its field under the exercise, and what is wrong."""


@dataclass(frozen=True, kw_only=True)
class Offer:
    """A whole answer besides the parts that a page offers as a tile of its own (``redeal``), in words marked
    for translation: the question over it, the tile's words, and the answer as a page shows it once given."""

    answer: str
    question: str
    words: str
    said: str


@dataclass(frozen=True)
class Blank:
    """Room on the pupils' sheet to write one thing: the words that say what, in the language in use, then a line
    to write on, ``width`` characters long (none where the words hold their own line: ``______ tricks``)."""

    words: str
    width: int = 0


_WIDTHS = {Form.TRICKS: 6, Form.POINTS: 6, Form.SEAT: 14, Form.CHOICE: 24, Form.SEAT_EACH_TRICK: 52}
"""How long a line a pupil writes each form of a part on."""
_WHOLE_LINE = 66
"""How long a line a pupil writes an answer of one value on."""


class ExerciseKind:
    """One kind of exercise. Subclasses set the class attributes and solve and explain."""

    name: ClassVar[str]
    parts: ClassVar[tuple[Part, ...]]
    """The parts of an answer, in the order the form asks them, each with the form it takes (:class:`Form`); one
    part without a key for an answer that is one value."""
    alternatives: ClassVar[dict[str, tuple[str, ...]]] = {}
    """Whole answers besides the parts (``redeal``), and the words a pupil may say them with."""
    needs: ClassVar[tuple[str, ...]] = ("board",)
    """The exercise's fields this kind cannot do without."""
    needs_play: ClassVar[bool] = False
    """Whether the board's recorded play is replayed."""
    scored: ClassVar[bool] = False
    """Whether the answer comes from the scoring, so that a scheme by points needs the board."""

    # --- how a page asks it (words marked for translation); besides: counts_in_hands and play_in_answer
    how: ClassVar[str] = ""
    """A short line that tells the pupil how to find the answer, or nothing."""
    hint: ClassVar[str] = N_("Read the question again. Then look at the cards one more time.")
    """What a pupil is told after a first wrong answer, in a child's words: a way to find the answer, never the
    answer itself (an exercise of the lesson may give its own)."""
    hands_only: ClassVar[bool] = False
    """Whether the page shows the board's hands only, never its declarer, contract or play, which would give
    the answer away."""
    play_in_order: ClassVar[bool] = False
    """Whether the recorded play is shown with the cards of each trick in the order they fell (else in seat
    order, the first card led marked)."""
    play_up_to_trick: ClassVar[bool] = False
    """Whether the recorded play is shown only up to the exercise's trick."""
    one_tap: ClassVar[bool] = False
    """Whether the answer, one choice, is given by one tap on it, without a "Check my answer" button."""
    offers: ClassVar[tuple[Offer, ...]] = ()
    """The whole answers besides the parts (among :attr:`alternatives`) that a page offers as tiles."""

    # --- how paper asks it and answers it (besides: blanks, written_answer, in_words)
    written_alternatives: ClassVar[dict[str, str]] = {}
    """The whole answers besides the parts (among :attr:`alternatives`) as the answer key writes them (``a
    redeal``), in words marked for translation; by default the answer itself."""

    def parts_asked(self, asked: Collection[str] | None = None) -> tuple[Part, ...]:
        """The parts of an answer that gives the keys ``asked`` (every part by default), in the order the form
        asks them, each with the form it takes; for a kind whose answer is one value, that one part (its key
        empty: the answer's own field).

        >>> from minibridge.lessons.exercises import find_kind
        >>> [(part.key, part.form.value) for part in find_kind("declarer").parts_asked(["dummy", "declarer"])]
        [('declarer', 'seat'), ('dummy', 'seat')]
        """
        if asked is None or not self.keys:
            return self.parts
        return tuple(part for part in self.parts if part.key in asked)

    @property
    def counts_in_hands(self) -> bool:
        """Whether the page shows the four hands within the answer, with a number to give under the hand each
        part is about: for a kind whose parts are about a seat's hand (its points)."""
        return any(part.seat is not None for part in self.parts)

    @property
    def play_in_answer(self) -> bool:
        """Whether the page shows the recorded play within the answer (and so again with the mark), where a
        seat for each trick may be asked: for a kind with such a part, whether or not an exercise asks it."""
        return any(part.form is Form.SEAT_EACH_TRICK for part in self.parts)

    @property
    def keys(self) -> frozenset[str]:
        """The keys an answer written as a set of fields may give."""
        return frozenset(part.key for part in self.parts if part.key)

    @property
    def form(self) -> str:
        """The form of a whole answer of this kind, in words and blanks: never an answer."""
        return self.describe([part.key for part in self.parts])

    def describe(self, asked: Collection[str]) -> str:
        """The form of an answer that gives the parts ``asked``: its shape with a blank for each value, and what
        each part holds in words of the language in use (``{declarers: __, defenders: __} (declarers, defenders:
        the points each side scores)``); never an example value, so that the form cannot give an answer away."""
        if not self.keys:
            text = gettext(self.parts[0].says)
        else:
            shown_parts = [part for part in self.parts if part.key in asked]
            blanks = ", ".join(
                f"{p.key}: {'[__, __, …]' if p.form is Form.SEAT_EACH_TRICK else '__'}" for p in shown_parts
            )
            groups: list[tuple[list[str], str]] = []
            for part in shown_parts:
                if groups and groups[-1][1] == part.says:
                    groups[-1][0].append(part.key)
                else:
                    groups.append(([part.key], part.says))
            said = [(", ".join(keys), gettext(says)) for keys, says in groups]
            text = "{" + blanks + "} (" + "; ".join(f"{keys}: {says}" for keys, says in said) + ")"
        return gettext(", or ").join([text, *self.alternatives])

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        """The engine's answer, in the form of the lesson files."""
        raise NotImplementedError

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        """A one-line reason for the right answer, in a teacher's words."""
        raise NotImplementedError

    def written_answer(self, lesson: Lesson, exercise: Exercise) -> tuple[str, ...]:
        """The engine's answer written out for the answer key, in the language in use: the phrases that say it,
        in order (the key joins them); by default the solved answer :meth:`in_words`."""
        return self.in_words(self.solve(lesson, exercise))

    def in_words(self, answer: Any) -> tuple[str, ...]:
        """An answer of this kind written out, in the language in use, as phrases: by default a whole answer
        besides the parts in its written words, an answer of one value in its part's words (``9 tricks``), or
        else each part the answer gives, named, with its value (``North 12, East 7, South 14, West 7``)."""
        if isinstance(answer, str) and answer in self.alternatives:
            written = self.written_alternatives.get(answer)
            return (gettext(written) if written else answer,)
        if not self.keys:
            return (self.parts[0].in_words(answer),)
        said = self.parts_in_words(answer)
        return (", ".join(f"{part.named} {said[part.key]}" for part in self.parts if part.key in said),)

    def parts_in_words(self, answer: dict[str, Any]) -> dict[str, str]:
        """Each part an answer gives, by its key, its value written out in the language in use (``9 tricks``,
        ``North``, ``N E E S``, ``revoke``)."""
        return {part.key: part.in_words(answer[part.key]) for part in self.parts if part.key in answer}

    def blanks(self, lesson: Lesson, exercise: Exercise) -> tuple[tuple[Blank, ...], ...]:
        """The room to write the answer in on the pupils' sheet, line by line, in the language in use; never an
        answer. By default one line: a blank for each part, named, the length its form needs; or one long line,
        under the part's label if it has one, for an answer of one value."""
        if not self.keys:
            part = self.parts[0]
            return ((Blank(gettext(part.label) if part.label else "", _WHOLE_LINE),),)
        return (tuple(Blank(part.named, _WIDTHS[part.form]) for part in self.parts),)

    def cue(self, lesson: Lesson, exercise: Exercise, given: Any) -> str | None:
        """What the rule book tells a pupil whose answer is wrong in a way it names (a count of points that
        is not 40), or None."""
        return None

    def rule_problems(self, lesson: Lesson, exercise: Exercise, boards: list[int]) -> Iterator[Problem]:
        """What the lesson's rules refuse in an exercise of this kind."""
        return iter(())

    def form_problem(self, answer: Any, asked: Collection[str] | None = None) -> str | None:
        """Why an answer is not of this kind's form, or None (``asked``: the keys the exercise asks, for the
        form the message shows)."""
        form = gettext("write it like %(form)s") % {"form": self.describe(self.keys if asked is None else asked)}
        if isinstance(answer, str) and answer in self.alternatives:
            return None
        if not self.keys:
            return None if fits(self.parts[0], answer) else form
        if not isinstance(answer, dict) or not answer or not set(answer) <= self.keys:
            return form
        for part in self.parts:
            if part.key in answer and not fits(part, answer[part.key]):
                return gettext("%(key)s: %(value)s is not %(says)s; %(form)s") % {
                    "key": part.key,
                    "value": shown(answer[part.key]),
                    "says": gettext(part.says),
                    "form": form,
                }
        return None

    def read(self, answer: Any, asked: Collection[str] | None = None) -> Reading:
        """A pupil's answer read for its content: the parts ``asked`` (all by default) as the lesson files give
        them, whatever their spelling."""
        return read_answer(
            self.parts, answer, asked=None if asked is None else list(asked), alternatives=self.alternatives
        )

    def may_declare(self, lesson: Lesson, exercise: Exercise) -> tuple[Seat, ...]:
        """The seats that may declare where the answer is about who declares; empty otherwise."""
        return ()

    def matches(self, given: Any, found: Any, *, may_declare: tuple[Seat, ...] = ()) -> bool:
        """True when the keys given in an answer agree with the engine's answer."""
        if isinstance(given, dict) and isinstance(found, dict):
            return all(key in found and found[key] == value for key, value in given.items())
        return given == found
