"""The words a pupil reads at the table read at about a seven-year-old's level (US grade 3): every message of the
pupils' pages and of the help while playing (the hints and why a card was played, counting one's points, the
refusals of the pupil's game), as the English catalogue holds them, measured with the Flesch–Kincaid grade of
textstat. A sentence of a few words has no meaningful grade, so: the whole text together at grade 3.5 at most, each
sentence of six words or more at grade 5 at most, and no sentence over 16 words (the points of the honours, "A = 4",
counted as one word)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import textstat
from babel.messages.extract import extract_from_dir

ROOT = Path(__file__).parents[1]
PUPILS_READ = (
    "templates/web/pupils/",
    "templates/web/partials/words.j2",
    "minibridge/card_reasons.py",
    "minibridge/table/counting.py",
    "minibridge/table/hints.py",
    "minibridge/table/claims.py",
    "minibridge/classroom/game.py",
)
"""The files whose messages a pupil reads while playing."""


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


SENTENCES = _sentences()


def test_the_pupils_words_are_found():
    files = {path for path, _ in SENTENCES}
    assert len(SENTENCES) > 150 and "minibridge/card_reasons.py" in files and "templates/web/pupils/count.j2" in files


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
