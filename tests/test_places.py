"""Places in a YAML file: the line of every field, a field given twice, and how a place is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from minibridge.errors import LessonError
from minibridge.places import place, read_yaml, read_yaml_file

TEXT = "number: 3\ndeals:\n  - board: 1\n    note: long suit\n  - board: 2\nexercises: []\n"


def test_every_key_path_has_its_line():
    data, lines = read_yaml(TEXT, "three.yaml", LessonError, "a lesson file")
    assert data == {"number": 3, "deals": [{"board": 1, "note": "long suit"}, {"board": 2}], "exercises": []}
    assert lines[("number",)] == 1 and lines[("deals",)] == 2
    assert lines[("deals", 0)] == 3 and lines[("deals", 0, "note")] == 4 and lines[("deals", 1, "board")] == 5


def test_a_place_names_the_file_the_nearest_line_and_the_field():
    _, lines = read_yaml(TEXT, "three.yaml", LessonError, "a lesson file")
    assert place("three.yaml", lines, ("deals", 0, "note")) == "three.yaml, line 4, deals[0].note"
    assert place("three.yaml", lines, ("deals", 1, "answer")) == "three.yaml, line 5, deals[1].answer"
    assert place("three.yaml", {}, ("exercises", 2)) == "three.yaml, exercises[2]"
    assert place("three.yaml", lines, ()) == "three.yaml, line 1"  # the whole file starts on line 1
    assert place("three.yaml", {}, ()) == "three.yaml"


def test_a_field_given_twice_is_refused_with_both_lines():
    with pytest.raises(LessonError) as caught:
        read_yaml("number: 3\ntitle: A\nnumber: 4\n", "three.yaml", LessonError, "a lesson file")
    assert str(caught.value) == "three.yaml, line 3: the field number is given twice (first on line 1); keep only one"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("answers:\n  2:\n    declarer S\n    dummy: N\n", "line 3: a colon is missing after 'declarer'"),
        ("answers:\n  2:\n    dummy: N\n    declarer S\n  5: 7\n", "line 4: a colon is missing after 'declarer'"),
        ("answers:\n  5: 7\n  6\n  7: 8\n", "line 3: a colon is missing after '6'"),
        ("answers:\n  1: N: 11, E: 7\n", "line 2: two colons on one line: put an answer of several parts in "
         "braces, like 1: {N: 11, E: 7}"),
        ("answers:\n  1: {N: 11, E: 7\n  2: 5\n", "line 2: the '{' on this line is never closed: end it with '}'"),
        ("answers:\n  1: {N: 11 E: 7}\n", "line 2: a comma is missing between two parts inside '{ }'"),
        ("answers:\n  8: {winners: [W, N, declarer_tricks: 8}\n", "line 2: the '[' on this line is never closed"),
        ("answers:\n  1: 7\n 2: 8\n", "line 3: this line is not lined up with the lines above it"),
        ("answers:\n  1: 7\n    2: 8\n", "line 3: this line starts further in than the line above it"),
        ("answers:\n\t1: 7\n", "line 2: a tab is used here: use spaces instead"),
        ("answers:\n  1: 'seven\n  2: 8\n", "line 2: a quote opened on this line is never closed"),
        ("answers:\n  2: @S\n", "line 2: a value cannot start with '@': put the value in quotes"),
        ("answers:\n  1: - N\n", "line 2: a '-' cannot start a value here: put the value in quotes"),
        ("answers: 1\n\0", "line 2: holds a character that is not text"),
        ("number: 3\n  title: [\n", "line 2: this line starts further in than the line above it"),
    ],
)  # fmt: skip
def test_text_that_is_not_yaml_is_told_in_plain_words_at_its_line(text: str, message: str):
    """What a pupil gets wrong in an answers file, said as a pupil can read it: never YAML's own words."""
    with pytest.raises(LessonError) as caught:
        read_yaml(text, "sam.yaml", LessonError, "an answers file")
    said = str(caught.value)
    assert said.startswith(f"sam.yaml, {message}"), said
    for jargon in ("YAML", "expected", "mapping", "token", "scalar", "block", "flow", "stream"):
        assert jargon not in said


def test_a_missing_file_says_what_it_was_told_to(tmp_path: Path):
    missing = tmp_path / "none.yaml"
    with pytest.raises(LessonError) as caught:
        read_yaml_file(missing, LessonError, "a lesson file", missing="no lesson of that name")
    assert str(caught.value) == f"{missing}: no lesson of that name"
    (tmp_path / "latin.yaml").write_bytes(b"title: \xe9t\xe9\n")
    with pytest.raises(LessonError, match=r"latin\.yaml: cannot be read as a lesson file \(UnicodeDecodeError\)$"):
        read_yaml_file(tmp_path / "latin.yaml", LessonError, "a lesson file")
