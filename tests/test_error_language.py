"""The errors of bad files in Dutch and Danish: the words that place them (file, line, board), and what is wrong.

Each area's real bad input is read through the commands that take ``--lang`` (or the library inside
``language.speaking``); the English words stay as the other tests have them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from minibridge.cli import main
from minibridge.errors import LeagueError, file_place, problems_message
from minibridge.language import speaking


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def error_line(*args: str) -> str:
    """The one line a command says about bad data (exit status 1), without click's ``Error:``."""
    code, output = run(*args)
    assert code == 1, output
    lines = output.strip().splitlines()
    assert len(lines) == 1, output
    return lines[0].removeprefix("Error: ")


# --- the words that assemble a message ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "place", "heading", "more"),
    [
        ("en", "club.pbn, line 12, board 3", "12 problems to fix:", "  … and 2 more"),
        ("nl", "club.pbn, regel 12, spel 3", "12 problemen om op te lossen:", "  … en nog 2"),
        ("da", "club.pbn, linje 12, spil 3", "12 problemer at rette:", "  … og 2 til"),
    ],
)
def test_places_and_lists_of_problems_in_each_language(code, place, heading, more):
    with speaking(code):
        assert file_place("club.pbn", line=12, board=3) == place
        lines = problems_message([f"problem {n}" for n in range(12)], most=10).splitlines()
    assert lines[0] == heading and lines[-1] == more and len(lines) == 12


def test_a_message_is_made_in_the_language_in_force_where_it_is_raised():
    with speaking("da"):
        error = LeagueError("der er ingen runde 9", where=file_place("vår.yaml", line=4))
    assert str(error) == "vår.yaml, linje 4: der er ingen runde 9"


# --- YAML files: answers, lessons, leagues ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "line 4: two colons on one line: put an answer of several parts in braces, like 1: {N 11, E: 7}"),
        (
            "nl",
            "regel 4: twee dubbele punten op één regel: zet een antwoord van meer delen tussen accolades, "
            "zoals 1: {N 11, E: 7}",
        ),
        ("da", "linje 4: to koloner på én linje: sæt et svar med flere dele i tuborgklammer, som 1: {N 11, E: 7}"),
    ],
)
def test_a_yaml_mistake_of_an_answers_file(tmp_path: Path, code, said):
    answers = tmp_path / "sam.yaml"
    answers.write_text("lesson: 3\npupil: Sam\nanswers:\n  1: N 11, E: 7\n", encoding="utf-8")
    assert error_line("check", str(answers), "--lang", code) == f"{answers}, {said}"


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "line 2: the field lesson is given twice (first on line 1); keep only one"),
        ("nl", "regel 2: het veld lesson staat er twee keer (eerst op regel 1); houd er maar één"),
        ("da", "linje 2: feltet lesson er angivet to gange (først på linje 1); behold kun ét"),
    ],
)
def test_a_field_given_twice(tmp_path: Path, code, said):
    answers = tmp_path / "sam.yaml"
    answers.write_text("lesson: 3\nlesson: 4\n", encoding="utf-8")
    assert error_line("check", str(answers), "--lang", code) == f"{answers}, {said}"


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "no such league file: start one with 'minibridge league new'"),
        ("nl", "dit competitiebestand bestaat niet: begin er een met 'minibridge league new'"),
        ("da", "turneringsfilen findes ikke: start en med 'minibridge league new'"),
    ],
)
def test_a_league_file_that_is_not_there(tmp_path: Path, code, said):
    league = tmp_path / "spring.yaml"
    assert error_line("league", "table", str(league), "--lang", code) == f"{league}: {said}"


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "line 1: is not a lesson file: nests lists and fields more than 40 deep"),
        ("nl", "regel 1: is niet te lezen als een lesbestand: nest lijsten en velden meer dan 40 lagen diep"),
        ("da", "linje 1: er ikke en lektionsfil: indlejrer lister og felter mere end 40 niveauer dybt"),
    ],
)
def test_a_lesson_file_nested_too_deep(tmp_path: Path, code, said):
    lesson = tmp_path / "deep.yaml"
    lesson.write_text("[" * 50 + "]" * 50 + "\n", encoding="utf-8")
    assert error_line("pack", "--lesson", str(lesson), "--lang", code) == f"{lesson}, {said}"


# --- files written ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "already exists: choose another name, or use --force to replace it"),
        ("nl", "bestaat al: kies een andere naam, of gebruik --force om het te vervangen"),
        ("da", "findes allerede: vælg et andet navn, eller brug --force for at erstatte den"),
    ],
)
def test_a_file_is_not_replaced_unless_asked(tmp_path: Path, code, said):
    sheet = tmp_path / "sheet.pdf"
    sheet.write_bytes(b"mine")
    assert error_line("scoresheet", "-o", str(sheet), "--lang", code) == f"'{sheet}' {said}"
    assert sheet.read_bytes() == b"mine"
