"""The printed pupils' sheet and answer key follow the registry of kinds of exercise: a kind registered here is given
its blanks on the sheet and its answer written out in the key with no change to a template or to the printing
code; and no template under ``templates/`` compares a kind of exercise (or a part of an answer) with its name."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

import pytest
from babel.messages.pofile import read_po
from kinds_in_templates import TEMPLATES, first_trick_facts, template_comparisons
from printed import pdf_text

from minibridge import language
from minibridge.analysis import analyse_boards
from minibridge.cards import Seat
from minibridge.lessons import find_lesson
from minibridge.lessons.exercise_board import board_of
from minibridge.lessons.exercise_kind import Blank, ExerciseKind
from minibridge.lessons.exercises import KINDS
from minibridge.lessons.lesson import Exercise, Lesson
from minibridge.lessons.reading import Form, Part
from minibridge.practice import pack_deals
from minibridge.render.pack import lesson_pack
from minibridge.render.text import wording

pytestmark = pytest.mark.usefixtures("own_cache")

BOARD = 2
"""Lesson Three's board 2: North declares 1NT, its play recorded to the end."""
SUITS = {"spades": "Spades", "hearts": "Hearts", "diamonds": "Diamonds", "clubs": "Clubs"}


class LeadKind(ExerciseKind):
    """The opening lead and what came of the play: a part of every form, and nothing said of paper."""

    name = "lead"
    parts = (
        Part(key="leader", form=Form.SEAT, says="a seat", names=("leader",), label="Opening leader"),
        Part(key="suit", form=Form.CHOICE, says="a suit", names=("suit",), label="Suit led",
             choices={suit: (suit,) for suit in SUITS}, choice_words={suit: f"{w} led" for suit, w in SUITS.items()}),
        Part(key="first", form=Form.TRICKS, says="a trick's number", names=("first",),
             label="Declarer's first trick", of_the_play=True),
        Part(key="made", form=Form.TRICKS, says="a number of tricks", names=("made",), label="Tricks made"),
        Part(key="points", form=Form.POINTS, says="points", names=("points",), label="Declaring side's points"),
        Part(key="winners", form=Form.SEAT_EACH_TRICK, says="seats", names=("winners",), label="Each trick's winner"),
    )  # fmt: skip
    needs_play = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        return first_trick_facts(lesson, exercise)

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        return "the play says so"


class SideKind(ExerciseKind):
    """Which side declares: an answer of one value, a choice written out in words of its own."""

    name = "side"
    parts = (
        Part(key="", form=Form.CHOICE, says="NS or EW", choices={"NS": ("ns",), "EW": ("ew",)},
             choice_words={"NS": "North and South", "EW": "East and West"},
             choice_written={"NS": "the side of North", "EW": "the side of East"}),
    )  # fmt: skip
    hands_only = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        declarer = board_of(lesson, exercise).declarer
        assert declarer is not None
        return str(declarer.side)

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        return "the side with more points declares"


class ThrownInKind(ExerciseKind):
    """Who would have dealt next, or that the cards were thrown in: a whole answer besides the parts, written out in
    the key in words of its own, and room on the sheet laid out by the kind itself, over two lines."""

    name = "thrown_in"
    parts = (Part(key="dealer", form=Form.SEAT, says="a seat", names=("dealer",), label="Next dealer"),)
    alternatives: ClassVar[dict[str, tuple[str, ...]]] = {"thrown in": ("thrown in",)}
    written_alternatives: ClassVar[dict[str, str]] = {"thrown in": "the cards were thrown in, nobody played"}

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        return "thrown in"

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        return "nobody held a hand worth playing"

    def blanks(self, lesson: Lesson, exercise: Exercise) -> tuple[tuple[Blank, ...], ...]:
        return ((Blank("Who deals the next board:", 12),), (Blank("Or were the cards thrown in? Yes or no:", 8),))


NEW = [
    Exercise(id="lead", kind="lead", question="Follow the opening lead.", answer=dict.fromkeys(
        ("leader", "suit", "first", "made", "points", "winners"), None), board=BOARD),
    Exercise(id="side", kind="side", question="Which side declares?", answer="NS", board=BOARD),
    Exercise(id="thrown", kind="thrown_in", question="Who deals next?", answer="thrown in", board=BOARD),
]  # fmt: skip
"""Exercises of the new kinds on Lesson Three's board 2 (their stated answers only say which parts are asked)."""


@pytest.fixture
def new_kinds(monkeypatch: pytest.MonkeyPatch) -> Iterator[Lesson]:
    """The three kinds registered, and Lesson Three asking an exercise of each."""
    for kind in (LeadKind(), SideKind(), ThrownInKind()):
        monkeypatch.setitem(KINDS, kind.name, kind)
    yield replace(find_lesson(3), exercises=tuple(NEW))


def _sheet_and_key(lesson: Lesson) -> tuple[str, str]:
    """The pupils' sheet and the answer key of a pack of the lesson's first two deals, read back as text."""
    deals, seed = pack_deals(lesson, BOARD)
    text = pdf_text(lesson_pack(lesson, deals, analyse_boards(deals, lesson.rules), wording(), seed=seed))
    return text[text.rindex("Pupils' sheet") : text.rindex("Answer key")], text[text.rindex("Answer key") :]


def _exercise(sheet: str, id: str) -> str:
    """One exercise of a sheet or key, from its heading to the next."""
    start = sheet.index(f"Exercise {id} · Board {BOARD}")
    following = sheet.find("Exercise ", start + 1)
    return sheet[start : following if following > 0 else len(sheet)]


def test_a_new_kind_prints_a_blank_for_each_part_and_its_answer_from_its_parts(new_kinds):
    sheet, key = _sheet_and_key(new_kinds)
    assert (
        "Opening leader ______________ Suit led ________________________ Declarer's first trick ______ "
        "Tricks made ______ Declaring side's points ______ Each trick's winner " + "_" * 52
    ) in _exercise(sheet, "lead")
    found = LeadKind().solve(new_kinds, NEW[0])
    answer = (
        f"Opening leader {Seat.from_str(found['leader']).title}, Suit led {SUITS[found['suit']]} led, "
        f"Declarer's first trick {found['first']}, Tricks made {found['made']} tricks, "
        f"Declaring side's points {found['points']}, Each trick's winner {' '.join(found['winners'])}"
    )
    assert f"Answer: {answer} Why: the play says so" in _exercise(key, "lead")
    assert "__" not in key, "the key writes the answer, not the blanks"
    assert answer not in sheet and " ".join(found["winners"]) not in sheet


def test_a_new_kind_of_one_value_prints_one_long_line_and_its_written_word(new_kinds):
    sheet, key = _sheet_and_key(new_kinds)
    asked = _exercise(sheet, "side")
    assert asked.endswith("Which side declares? Board 2 is printed with exercise lead. " + "_" * 66 + " ")
    assert "Answer: the side of North Why:" in _exercise(key, "side")
    assert "side of North" not in sheet and "North and South" not in key


def test_a_new_kind_lays_out_its_own_blanks_and_writes_its_whole_answer(new_kinds):
    sheet, key = _sheet_and_key(new_kinds)
    assert "Who deals the next board: ____________ Or were the cards thrown in? Yes or no: ________" in sheet
    assert "Answer: the cards were thrown in, nobody played Why: nobody held a hand worth playing" in key
    assert "Next dealer" not in sheet + key, "the kind's own blanks, not the default from its part"


def test_an_answer_is_written_from_its_parts_in_the_language_in_use():
    with language.speaking("nl"):
        assert KINDS["hcp"].in_words({"N": 12, "E": 7, "S": 14, "W": 7}) == ("Noord 12, Oost 7, Zuid 14, West 7",)
        assert KINDS["goal"].in_words(1) == ("1 slag",)
        assert KINDS["score"].in_words({"declarers": 1020, "defenders": 0}) == ("spelend paar 1.020, tegenspelers 0",)
        assert KINDS["replay"].parts_in_words({"winners": ["E", "S"], "declarer_tricks": 2}) == {
            "winners": "O Z",
            "declarer_tricks": "2 slagen",
        }
        assert KINDS["declarer"].in_words("redeal") == ("opnieuw delen",)
    irregularity = {"kind": "revoke", "seat": "E", "trick": 4, "settled": "established", "declarer_tricks": 9}
    assert KINDS["irregularity"].in_words(irregularity) == (
        "revoke by East at trick 4: established",
        "declarer's side 9 tricks",
    )


@pytest.mark.parametrize("code", ["nl", "da"])
def test_the_words_paper_writes_of_each_kind_are_translated(code: str):
    with language.catalogue_path(code).open("rb") as stream:
        catalogue = read_po(stream, locale=code)
    words = [word for kind in KINDS.values() for word in kind.written_alternatives.values()]
    words += [word for kind in KINDS.values() for part in kind.parts for word in part.choice_written.values()]
    assert "a redeal" in words and "revoke" in words and "top of sequence" in words
    assert [w for w in words if w not in catalogue or not catalogue[w].string or catalogue[w].fuzzy] == []


@pytest.mark.parametrize("path", sorted(TEMPLATES.rglob("*.j2")), ids=lambda p: p.relative_to(TEMPLATES).as_posix())
def test_no_template_branches_on_a_kind_of_exercise_or_a_part_of_its_answer(path: Path):
    assert template_comparisons(path.read_text(encoding="utf-8")) == [], "ask the registry of kinds instead"
