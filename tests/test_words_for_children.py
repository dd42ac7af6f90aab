"""The words a pupil reads read at about a seven-year-old's level (US grade 3): every message of the pupils' pages
(the start page, the table, the exercise pages and their pieces) and of the help while playing (the hints and why a
card was played, counting one's points, the refusals of the pupil's game), as the English catalogue holds them, and
the words of the exercises a pupil reads on the exercise pages: each exercise's question, how to find the answer,
the parts asked and their choices, the hint after a first wrong answer (the lesson's own, else its kind's), and the
"Why" under the answer, as the lessons' files and the engine give them in English.

The measure is the Flesch–Kincaid grade of textstat. A sentence of a few words has no meaningful grade, so: the
whole text together at grade 3.5 at most, each sentence of six words or more at grade 5 at most, and no sentence
over 16 words (the points of the honours, "A = 4", counted as one word). Names and card words are set aside: the
bridge words a pupil learns in the lessons (:data:`CARD_WORDS`: declarer, no-trumps, …) are measured as "it"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import textstat
from babel.messages.extract import extract_from_dir

from minibridge.lessons import find_lesson, lesson_numbers
from minibridge.lessons.exercises import KINDS, exercise_hint, explain, find_kind
from minibridge.web.views import exercise_view

ROOT = Path(__file__).parents[1]
PUPILS_READ = (
    "templates/web/pupils/",
    "templates/web/partials/words.j2",
    "templates/web/partials/exercise_parts.j2",
    "minibridge/card_reasons.py",
    "minibridge/table/counting.py",
    "minibridge/table/hints.py",
    "minibridge/table/claims.py",
    "minibridge/classroom/game.py",
)
"""The files whose messages a pupil reads on the pupils' pages."""
CARD_WORDS = (
    "North–South",
    "East–West",
    "Declarers",
    "Declarer",
    "declarers",
    "declarer",
    "defenders",
    "no-trumps",
    "part-score",
    "MiniLesson",
    "sequence",
)
"""The bridge words a pupil learns in the lessons, measured as "it" (names of seats and suits are short already)."""


def _sentences() -> list[tuple[str, str]]:
    """Every message of :data:`PUPILS_READ` (singular and plural), its placeholders read as "it" and its markup
    dropped, with the file it is in."""
    found = []
    for path, _, message, _, _ in extract_from_dir(
        str(ROOT), method_map=[("templates/**.j2", "jinja2"), ("minibridge/**.py", "python")]
    ):
        if not path.startswith(PUPILS_READ):
            continue
        for text in message if isinstance(message, tuple) else (message,):
            if text:
                plain = re.sub(r"<[^>]+>", "", re.sub(r"%\(\w+\)s|\{\{[^}]*\}\}", "it", text))
                found.append((path, plain))
    return found


def _exercise_words() -> list[tuple[str, str]]:
    """The words of every exercise as the exercise pages show them in English, each with where it is: the
    question, how to find the answer, the parts asked and their choices, the hint after a first wrong answer and
    the "Why" under the answer."""
    found = []
    for number in lesson_numbers():
        lesson = find_lesson(number)
        for exercise in lesson.exercises:
            where = f"lessons/{lesson.path.name} exercise {exercise.id}"
            view = exercise_view(lesson, exercise)
            reasons = explain(lesson, exercise).split("; ")  # a line each under "Why:"
            texts = [exercise.question, exercise_hint(exercise), *reasons, view["how"] or ""]
            for part in view["parts"]:
                texts += [
                    part["question"],
                    *(c["words"] for c in part["choices"]),
                    *(c["hint"] for c in part["choices"]),
                ]
            texts += [offer[key] for offer in view["offers"] for key in ("question", "words", "said")]
            found += [(where, text) for text in texts if text]
    found += [(f"the {name} kind's hint", find_kind(name).hint) for name in KINDS]
    return found


_CARD = r"(?:[NESW]|[AKQJ2-9]|10|[AKQJ2-9]?[♠♥♦♣](?:[AKQJ2-9]|10)?)"
_SEATS_AND_CARDS = re.compile(rf"\(?{_CARD}(?:\s+{_CARD})+[,:;)]*(?=\s|$)|\(?[AKQJ2-9]?[♠♥♦♣](?:[AKQJ2-9]|10)?\)?")
"""A list of seats or cards (``W N N E``, ``(A♥ Q♥ J♣)``) or a card (``♠8``): names, measured as one word."""
_LAW = re.compile(r"\s*\(Law \d+\)")
"""The number of a Law of the game, given after the reason for the teacher: a name."""


def _plain(text: str) -> str:
    """A text as measured: the bridge words a pupil learns read as "it", a list of seats or cards as one word."""
    for word in CARD_WORDS:
        text = text.replace(word, "it")
    return _SEATS_AND_CARDS.sub("it", _LAW.sub("", text))


SENTENCES = [(where, _plain(text)) for where, text in _sentences() + _exercise_words()]


def test_the_pupils_words_are_found():
    files = {path for path, _ in SENTENCES}
    assert len(SENTENCES) > 150 and "minibridge/card_reasons.py" in files and "templates/web/pupils/count.j2" in files
    assert "templates/web/pupils/start.j2" in files and "templates/web/pupils/exercise_form.j2" in files
    assert "lessons/three.yaml exercise 1" in files and "the signal kind's hint" in files


def test_all_the_pupils_words_together_read_at_grade_three():
    text = " ".join(
        sentence if sentence.rstrip().endswith((".", "!", "?")) else sentence + "." for _, sentence in SENTENCES
    )
    assert textstat.flesch_kincaid_grade(text) <= 3.5


@pytest.mark.parametrize(("path", "sentence"), [s for s in SENTENCES if len(s[1].split()) >= 6])
def test_each_longer_sentence_reads_at_grade_five_at_most(path: str, sentence: str):
    assert textstat.flesch_kincaid_grade(sentence) <= 5, f"{path}: {sentence}"
    for part in re.split(r"(?<=[.!?])\s+", sentence):
        words = [word for word in part.split() if any(letter.isalpha() for letter in word)]
        assert len(words) <= 16, f"{path}: {part}"
