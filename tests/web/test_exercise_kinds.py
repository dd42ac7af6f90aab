"""The exercise pages follow the registry of kinds of exercise: a kind registered here, with parts of every form,
is asked, read and marked on the pupils' pages with no change to a template or a web module; and no template
under ``templates/web`` compares a kind of exercise (or a part of an answer) with its name."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any, ClassVar

import pytest
from kinds_in_templates import TEMPLATES as ALL_TEMPLATES
from kinds_in_templates import first_trick_facts, template_comparisons
from starlette.testclient import TestClient

from minibridge.cards import Seat, Suit
from minibridge.lessons import find_lesson
from minibridge.lessons.exercise_board import board_of
from minibridge.lessons.exercise_kind import ExerciseKind, Offer
from minibridge.lessons.exercises import KINDS
from minibridge.lessons.lesson import Exercise, Lesson
from minibridge.lessons.reading import Form, Part
from minibridge.web.pupils import exercises as exercise_pages

TEMPLATES = ALL_TEMPLATES / "web"
BOARD = 2
"""Lesson Three's board 2: North declares 1NT, its play recorded to the end."""
SUITS = {"spades": "Spades", "hearts": "Hearts", "diamonds": "Diamonds", "clubs": "Clubs"}


class LeadKind(ExerciseKind):
    """The opening lead and what came of the play: a kind of the test's own, with a part of every form."""

    name = "lead"
    parts = (
        Part(key="leader", form=Form.SEAT, says="a seat", names=("leader",), label="Opening leader",
             question="Who leads first?"),
        Part(key="suit", form=Form.CHOICE, says="a suit", names=("suit",), label="Suit led",
             question="Which suit is led?", choices={suit: (suit,) for suit in SUITS},
             choice_words={suit: f"{words} led" for suit, words in SUITS.items()},
             choice_hints={"spades": "the highest suit"}),
        Part(key="first", form=Form.TRICKS, says="a trick's number", names=("first",),
             label="Declarer's first trick", question="Which trick does declarer's side win first?", pad=True,
             of_the_play=True),
        Part(key="made", form=Form.TRICKS, says="a number of tricks", names=("made",),
             label="Tricks declarer's side made", question="How many tricks for declarer's side?"),
        Part(key="points", form=Form.POINTS, says="points", names=("points",), label="Declaring side's points",
             question="How many points does declarer's side hold?", most=40),
        Part(key="winners", form=Form.SEAT_EACH_TRICK, says="seats", names=("winners",), label="Each trick's winner",
             question="Who took it?"),
    )  # fmt: skip
    alternatives: ClassVar[dict[str, tuple[str, ...]]] = {"no play": ("no play",)}
    offers = (Offer(answer="no play", question="Or was nothing played?", words="Nothing was played",
                    said="Nothing was played at all"),)  # fmt: skip
    needs_play = True
    how = "Follow the play from the opening lead."

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        return first_trick_facts(lesson, exercise)

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        return "the play says so"


class LongestKind(ExerciseKind):
    """The length of each hand's longest suit, given under each hand."""

    name = "longest"
    parts = tuple(
        Part(key=seat.letter, form=Form.TRICKS, says="a length", names=(seat.letter.lower(),), label=seat.title,
             question="%(seat)s's longest suit", seat=seat)
        for seat in Seat
    )  # fmt: skip
    hands_only = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        deal = board_of(lesson, exercise).deal
        assert deal is not None
        return {seat.letter: max(deal[seat].length(suit) for suit in Suit) for seat in Seat}

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        return "count the cards of each suit"


class SideKind(ExerciseKind):
    """Which side declares, by one tap."""

    name = "side"
    parts = (
        Part(key="", form=Form.CHOICE, says="NS or EW", choices={"NS": ("ns",), "EW": ("ew",)},
             question="Which side declares, %(seat)s's or the other?",
             choice_words={"NS": "North and South", "EW": "East and West"},
             choice_hints={"NS": "the side of North", "EW": "the side of East"}),
    )  # fmt: skip
    needs = ("board", "seat")
    one_tap = True
    hands_only = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        declarer = board_of(lesson, exercise).declarer
        assert declarer is not None
        return str(declarer.side)

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        return "the side with more points declares"


NEW = [
    Exercise(id="lead", kind="lead", question="Follow the opening lead.", answer=dict.fromkeys(
        ("leader", "suit", "first", "made", "points", "winners"), None), board=BOARD),
    Exercise(id="longest", kind="longest", question="How long is each hand's longest suit?",
             answer=dict.fromkeys("NESW", 0), board=BOARD),
    Exercise(id="side", kind="side", question="Which side declares?", answer="NS", board=BOARD, seat=Seat.WEST),
]  # fmt: skip
"""Exercises of the new kinds on Lesson Three's board 2 (their stated answers only say which parts are asked)."""


@pytest.fixture
def new_kinds(monkeypatch: pytest.MonkeyPatch) -> Iterator[Lesson]:
    """The three kinds registered, and Lesson Three with an exercise of each as the pages find it."""
    for kind in (LeadKind(), LongestKind(), SideKind()):
        monkeypatch.setitem(KINDS, kind.name, kind)
    lesson = replace(find_lesson(3), exercises=(*find_lesson(3).exercises, *NEW))

    def found(number: int, *args: Any) -> Lesson:
        return lesson if number == 3 else find_lesson(number, *args)

    monkeypatch.setattr(exercise_pages, "find_lesson", found)
    yield lesson


@pytest.fixture
def pupil(client: TestClient, new_kinds: Lesson) -> TestClient:
    assert client.post("/lessons/3/exercises", data={"pupil": "Amy"}, follow_redirects=False).status_code == 303
    return client


def _engine(lesson: Lesson, exercise_id: str) -> Any:
    exercise = next(e for e in lesson.exercises if e.id == exercise_id)
    return KINDS[exercise.kind].solve(lesson, exercise)


def _tight(html: str) -> str:
    """A page without the white space around its tags."""
    return re.sub(r"\s*(<[^>]+>)\s*", r"\1", html)


def _legends(page: str) -> list[str]:
    return re.findall(r"<legend>([^<]*)</legend>", page)


def test_a_new_kind_with_a_part_of_every_form_is_asked_in_its_order(pupil, new_kinds):
    page = pupil.get("/lessons/3/exercises/lead").text
    assert _legends(page) == [
        "Who leads first?",
        "Which suit is led?",
        "Which trick does declarer&#39;s side win first?",
        "How many tricks for declarer&#39;s side?",
        "How many points does declarer&#39;s side hold?",
        "Or was nothing played?",
    ]
    assert '<p class="how">Follow the play from the opening lead.</p>' in page
    assert all(f'name="leader" value="{seat}"' in page for seat in "NESW")  # four seat tiles
    assert re.search(
        r'value="spades"[^>]*><span class="hinted">Spades led <span class="hint">the highest suit</span>', page
    )
    assert all(f'name="suit" value="{suit}"' in page for suit in SUITS)
    pad = [int(n) for n in re.findall(r'name="first" value="(\d+)"', page)]
    assert pad == list(range(1, 14)), "a trick of the play: a tile for each trick played"
    assert re.search(r'<input type="number" name="made" value="" min="0" max="13" step="1"', page)
    assert re.search(r'<input type="number" name="points" value="" min="0" max="40" step="1"', page)
    assert [int(n) for n in re.findall(r'name="winners-(\d+)" value="N"', page)] == list(range(1, 14))
    assert page.count("Who took it?") == 13
    assert 'name="answer" value="no play"' in page and "Nothing was played" in page
    assert 'class="choice check"' in page
    assert page.index('name="winners-1"') > page.index('name="points"'), "the parts in the kind's order"
    assert page.count('class="play-list"') == 1, "the play shown once, in the answer"


def _fields(answer: dict[str, Any]) -> dict[str, str]:
    fields = {key: str(value) for key, value in answer.items() if key != "winners"}
    return fields | {f"winners-{n}": seat for n, seat in enumerate(answer["winners"], 1)}


def _second_try(client: TestClient, address: str, fields: dict[str, str]) -> str:
    """A wrong answer sent twice: the first brings "Not yet" with the kind's hint, the second (with the signed
    first try) the marked answer, whose page is returned."""
    first = client.post(address, data=fields, headers={"HX-Request": "true"})
    assert "Not yet. Try again!" in first.text and "data-marked" not in first.text
    tried = re.search(r'name="tried" value="([0-9a-f]+)"', first.text)
    assert tried is not None
    return client.post(address, data=fields | {"tried": tried.group(1)}, headers={"HX-Request": "true"}).text


def test_a_new_kind_is_read_and_marked_from_its_fields(pupil, new_kinds):
    answer = _engine(new_kinds, "lead")
    right = pupil.post("/lessons/3/exercises/lead", data=_fields(answer), headers={"HX-Request": "true"})
    assert 'data-marked="right"' in right.text
    marked = _tight(right.text)
    assert f"Suit led:</span><strong>{SUITS[answer['suit']]} led</strong>" in marked
    assert f"Opening leader:</span><strong>{Seat.from_str(answer['leader']).title}</strong>" in marked
    assert "Each trick&#39;s winner:</span><strong>" + " ".join(answer["winners"]) + "</strong>" in marked
    wrong = _second_try(pupil, "/lessons/3/exercises/lead", _fields({**answer, "made": answer["made"] + 1}))
    assert 'data-marked="wrong"' in wrong and "The right answer" in wrong
    offered = _second_try(pupil, "/lessons/3/exercises/lead", {"answer": "no play"})
    assert 'data-marked="wrong"' in offered and "<strong>Nothing was played at all</strong>" in _tight(offered)
    fields = _fields(answer)
    del fields["points"], fields["winners-13"]
    missing = pupil.post("/lessons/3/exercises/lead", data=fields, headers={"HX-Request": "true"})
    assert missing.status_code == 422
    assert "Still to do: Declaring side&#39;s points, Each trick&#39;s winner." in " ".join(missing.text.split())
    kept = [(p.exercise, p.right) for p in pupil.app.state.store.progress("Amy")]
    assert kept == [("lead", True), *[("lead", False)] * 4], "every try kept"


def test_a_new_kind_counted_under_each_hand_shows_the_hands_only(pupil, new_kinds):
    page = pupil.get("/lessons/3/exercises/longest").text
    assert page.count('class="count-points"') == 4 and "<legend>" not in page
    asked = re.findall(r'<p class="count-points"><span class="ask">([^<]*)</span>', page)
    assert asked == ["North&#39;s longest suit", "West&#39;s longest suit", "East&#39;s longest suit",
                     "South&#39;s longest suit"], "each under its hand, round the table"  # fmt: skip
    assert all(re.search(rf'<input type="number" name="{seat}" value="" min="0" max="13"', page) for seat in "NESW")
    assert "is declarer in" not in page and 'class="play-list"' not in page
    answer = {seat: str(length) for seat, length in _engine(new_kinds, "longest").items()}
    marked = pupil.post("/lessons/3/exercises/longest", data=answer, headers={"HX-Request": "true"})
    assert 'data-marked="right"' in marked.text and "North:</span> <strong>" in marked.text
    assert marked.text.count('class="dealt ') == 4, "the hands shown again with the mark"


def test_a_new_kind_answered_by_one_tap_has_no_check_button(pupil, new_kinds):
    page = pupil.get("/lessons/3/exercises/side").text
    assert _legends(page) == ["Which side declares, West&#39;s or the other?"]
    assert 'class="choice check"' not in page
    assert re.search(
        r'<button type="submit" class="signal" name="answer" value="EW"><strong>East and West</strong>'
        r'<span class="hint">the side of East</span>',
        page,
    )
    found = _engine(new_kinds, "side")
    other = "EW" if found == "NS" else "NS"
    marked = _second_try(pupil, "/lessons/3/exercises/side", {"answer": other})
    words = {"NS": "North and South", "EW": "East and West"}
    assert 'data-marked="wrong"' in marked
    assert f'<div class="right-answer"><h3>The right answer</h3><strong>{words[found]}</strong>' in _tight(marked)


def test_the_new_kinds_come_in_the_json_view_with_their_words(pupil, new_kinds):
    views = {view["id"]: view for view in pupil.get("/api/lessons/3/exercises").json()}
    lead = views["lead"]
    assert [(p["key"], p["form"]) for p in lead["parts"]] == [(p.key, p.form.value) for p in LeadKind.parts]
    assert lead["parts"][2] | {"choices": []} == {
        "key": "first", "field": "first", "form": "tricks", "label": "Declarer's first trick",
        "question": "Which trick does declarer's side win first?", "seat": None, "choices": [], "least": 1,
        "most": 13, "step": 1, "pad": True,
    }  # fmt: skip
    assert views["side"]["one_tap"] and views["side"]["parts"][0]["field"] == "answer"
    assert views["longest"]["counts_in_hands"] and "contract" not in views["longest"]["deal"]


# --- the check that no template names a kind of exercise ---------------------------------------------------


@pytest.mark.parametrize(
    ("source", "caught"),
    [
        ('{% if view.kind == "hcp" %}x{% endif %}', True),
        ('{% if "replay" != view.kind %}x{% endif %}', True),
        ('{{ 1 if kind in ("signal", "goal") }}', True),
        ('{% if view.kind == "declarer" %}x{% endif %}', True),
        ('{% if kind is equalto "score" %}x{% endif %}', True),
        ('{{ views | selectattr("kind", "equalto", "tricks") | list }}', True),
        ('{% if part.key == "winners" %}x{% endif %}', True),
        ('{% if key in ("declarer", "dummy", "seat") %}x{% endif %}', True),
        ('{{ parts | rejectattr("key", "equalto", "goal") | list }}', True),
        ('{% if part.form == "seat" %}x{% endif %}', False),
        ('{% if part.form == "tricks" or step == "score" %}x{% endif %}', False),
        ('{% if deal.declarer == "N" %}x{% endif %}', False),
        ('{{ parts | selectattr("key", "equalto", key) | list }}', False),
        ('<main class="kind-{{ view.kind }}">', False),
    ],
)
def test_a_comparison_with_a_kind_or_a_part_is_caught(source: str, caught: bool):
    assert bool(template_comparisons(source)) is caught
