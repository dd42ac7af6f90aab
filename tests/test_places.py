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


def test_text_that_is_not_yaml_names_its_line():
    with pytest.raises(LessonError, match=r"^three\.yaml, line 2: is not a lesson file \(not valid YAML: "):
        read_yaml("number: 3\n  title: [\n", "three.yaml", LessonError, "a lesson file")


def test_a_missing_file_says_what_it_was_told_to(tmp_path: Path):
    missing = tmp_path / "none.yaml"
    with pytest.raises(LessonError) as caught:
        read_yaml_file(missing, LessonError, "a lesson file", missing="no lesson of that name")
    assert str(caught.value) == f"{missing}: no lesson of that name"
    (tmp_path / "latin.yaml").write_bytes(b"title: \xe9t\xe9\n")
    with pytest.raises(LessonError, match=r"latin\.yaml: cannot be read as a lesson file \(UnicodeDecodeError\)$"):
        read_yaml_file(tmp_path / "latin.yaml", LessonError, "a lesson file")
