"""The library's errors: a plain sentence, the place put in front, every problem of a file in one message."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from minibridge.errors import AlreadyExistsError, DealError, LessonError, MiniBridgeError, PBNError, ResultsError
from minibridge.files import already_exists
from minibridge.language import problems_message, raise_problems


def test_an_error_puts_its_place_in_front_of_its_message():
    error = DealError("the card SA is dealt twice", where="line 3")
    assert (str(error), error.message, error.where) == (
        "line 3: the card SA is dealt twice",
        "the card SA is dealt twice",
        "line 3",
    )
    assert str(DealError("no deal")) == "no deal"


def test_at_puts_a_wider_place_in_front_of_the_place_already_named():
    error = PBNError("the result 'nine' is not a number", where="line 3")
    wider = error.at("class.pbn")
    assert type(wider) is PBNError
    assert (wider.where, wider.message) == ("class.pbn, line 3", "the result 'nine' is not a number")
    assert str(wider) == "class.pbn, line 3: the result 'nine' is not a number"
    assert str(PBNError("not a PBN file").at("list.txt")) == "list.txt: not a PBN file"


def test_every_error_is_a_minibridge_error():
    assert issubclass(DealError, MiniBridgeError) and issubclass(AlreadyExistsError, MiniBridgeError)


def test_already_exists_says_how_to_replace_the_file():
    error = already_exists("output/lesson-3.pdf")
    assert isinstance(error, AlreadyExistsError)
    assert str(error) == "'output/lesson-3.pdf' already exists: choose another name, or use --force to replace it"
    assert error.where is None


def test_already_exists_can_be_given_a_place_like_every_error():
    assert str(already_exists("a.pdf").at("--output")).startswith("--output: 'a.pdf' already exists")


def test_one_problem_is_the_message_itself():
    assert problems_message(["line 2: no board"]) == "line 2: no board"


def test_several_problems_are_counted_and_listed():
    assert problems_message(["line 2: no board", "line 5: no contract"]) == (
        "2 problems to fix:\n  line 2: no board\n  line 5: no contract"
    )


def test_a_long_list_is_cut_short_saying_how_many_more():
    problems = [f"line {n}: no board" for n in range(1, 13)]
    message = problems_message(problems, most=10)
    assert message.splitlines() == [
        "12 problems to fix:",
        *[f"  line {n}: no board" for n in range(1, 11)],
        "  … and 2 more",
    ]
    assert problems_message(problems[:10], most=10).splitlines()[-1] == "  line 10: no board"  # ten: all shown


def test_raise_problems_raises_the_error_asked_for_only_when_there_are_problems():
    raise_problems(LessonError, [])
    with pytest.raises(LessonError) as caught:
        raise_problems(LessonError, ["number: missing", "title: missing", "deals: missing"], most=2)
    assert str(caught.value) == "3 problems to fix:\n  number: missing\n  title: missing\n  … and 1 more"
    with pytest.raises(ResultsError, match=r"^line 4: no pair$"):
        raise_problems(ResultsError, ["line 4: no pair"])


def test_the_errors_import_no_module_of_the_package_not_even_inside_a_function():
    source = Path(__file__).parents[1] / "minibridge" / "errors.py"
    tree = ast.parse(source.read_text(encoding="utf-8"))
    imported = [node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    imported += [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    assert imported and not [name for name in imported if name is None or name.split(".")[0] == "minibridge"]
