"""The one reader of numbers and names from outside: any text is either a clean name or a clear refusal, any text
either a whole number in its range or a clear refusal; and the command line reads its numbers the same way."""

from __future__ import annotations

import subprocess
import sys
import time
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minibridge.reading import ReadingError, bad_character, digits, name, refuse_bad_text, whole_number


@given(st.text())
def test_any_text_is_a_clean_name_or_a_clear_refusal(text: str):
    try:
        read = name(text, most=40, what="the name")
    except ReadingError as error:
        assert error.message.startswith("the name ")
        return
    assert read and len(read) <= 40 and read == read.strip()
    assert unicodedata.is_normalized("NFC", read)
    assert all(unicodedata.category(c) not in ("Cc", "Cf", "Cs", "Co", "Cn") for c in read)


@pytest.mark.parametrize("text", ["Amy\u200b", "Amy\u202e", "Amy\x00", "a\ud800", "\ue000", "x" * 100_000, " ", ""])
def test_hidden_broken_long_or_empty_names_are_refused(text: str):
    with pytest.raises(ReadingError, match=r"^the pair's name "):
        name(text, most=40, what="the pair's name")


def test_names_in_any_alphabet_are_kept_in_one_form():
    assert name("  Пётр ", most=40, what="name") == "Пётр"
    assert name("Ame\u0301lie", most=40, what="name") == "Amélie"
    assert name("さくら  と  Amy", most=40, what="name") == "さくら と Amy"


@given(st.text(max_size=30))
def test_any_text_is_a_whole_number_in_range_or_a_clear_refusal(text: str):
    try:
        number = whole_number(text, least=1, most=99, what="board")
    except ReadingError as error:
        assert error.message == "'board' should be a whole number from 1 to 99"
        return
    assert 1 <= number <= 99 and text.strip() == str(number).lstrip("+")


@pytest.mark.parametrize("text", ["²", "٣", "³", "9" * 5000, "-1", "1.5", "", True, None, 3.0])
def test_unicode_digits_huge_and_wrong_numbers_are_refused(text: object):
    with pytest.raises(ReadingError, match="'round' should be a whole number from 0 to 20"):
        whole_number(text, least=0, most=20, what="round")
    assert not isinstance(text, str) or digits(text) is None or text == "-1"


def test_a_lone_surrogate_deep_in_a_json_value_is_refused():
    refuse_bad_text({"ok": ["fine", {"name": "Amy"}]})
    with pytest.raises(ReadingError, match="lone surrogate"):
        refuse_bad_text({"ok": ["fine", {"name": "a\ud800"}]})
    with pytest.raises(ReadingError):
        refuse_bad_text({"\udc00": 1})
    assert bad_character("Amy") is None and bad_character("a\ud800") == "\ud800"


def _minibridge(*args: str) -> subprocess.CompletedProcess[str]:
    """The command ``minibridge`` run with ``args``, as a teacher runs it."""
    program = Path(sys.executable).with_name("minibridge")
    return subprocess.run([str(program), *args], capture_output=True, text=True, timeout=60)


def test_the_command_line_refuses_a_number_in_other_digits():
    done = _minibridge("duplicate", "movement", "٧", "8")
    assert done.returncode == 2 and "'٧' is not a whole number" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_results_file_with_a_unicode_digit_is_refused_with_its_line(tmp_path: Path):
    results = tmp_path / "results.txt"
    results.write_text("1 1 2 3NT S 9\n2 ³ 4 3NT S 9\n", encoding="utf-8")
    done = _minibridge("duplicate", "score", str(results))
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and "results.txt" in done.stderr and "line 2" in done.stderr


def test_very_long_pairs_on_the_command_line_are_refused_at_once(tmp_path: Path):
    league = tmp_path / "spring.yaml"
    assert _minibridge("league", "new", str(league), "--pairs", "I,II,III,IV").returncode == 0
    start = time.monotonic()
    done = _minibridge("league", "record", str(league), "--round", "1", "--pairs", "I-" * 50_000, "--deals", "W,L,W")
    assert done.returncode == 2 and "--pairs" in done.stderr and "Traceback" not in done.stderr
    assert time.monotonic() - start < 20
