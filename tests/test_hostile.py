"""Files from anyone: each hostile file run by the command line in a child process under a memory and time limit.

Every case must end with exit 1 or 2, one line on stderr naming the file, no traceback, no file written or
changed, and no sign of injected code having run.
"""

from __future__ import annotations

import resource
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

TEMPLATES = Path(__file__).parents[1] / "templates"
MINIBRIDGE = [sys.executable, "-c", "from minibridge.cli import main; main()"]
DEAL = "N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876"


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The command line in a child process: at most 1 GB of memory and 20 seconds."""
    return subprocess.run(
        [*MINIBRIDGE, *args], cwd=cwd, capture_output=True, text=True, timeout=20, preexec_fn=_limits, check=False
    )


def _templates(tmp_path: Path, footer: str, extra: dict[str, bytes] | None = None) -> Path:
    """A copy of the templates with the page footer replaced (and any extra files)."""
    folder = tmp_path / "words"
    shutil.copytree(TEMPLATES, folder, ignore=shutil.ignore_patterns("web", "locale"))
    page = (folder / "page.j2").read_text(encoding="utf-8")
    start = page.index("{% macro footer")
    end = page.index("{% endmacro %}", start) + len("{% endmacro %}")
    (folder / "page.j2").write_text(page[:start] + footer + page[end:], encoding="utf-8")
    for name, data in (extra or {}).items():
        (folder / name).write_bytes(data)
    return folder


MARKER = "injected-marker"
FOOTERS = {
    "code": "{% macro footer(title, page) %}{{ cycler.__init__.__globals__.os.popen('touch "
    + MARKER
    + "').read() }}{% endmacro %}",
    "globals": "{% macro footer(title, page) %}{{ self.__init__.__globals__['__builtins__']['open']('"
    + MARKER
    + "', 'w') }}{% endmacro %}",
    "division": "{% macro footer(title, page) %}{{ page / 0 }}{% endmacro %}",
    "text_and_number": "{% macro footer(title, page) %}{{ title + page }}{% endmacro %}",
    "missing_include": "{% macro footer(title, page) %}{% include 'nowhere.j2' %}{% endmacro %}",
    "recursion": "{% macro again(n) %}{{ again(n + 1) }}{% endmacro %}{% macro footer(title, page) %}"
    "{{ again(0) }}{% endmacro %}",
    "huge_range": "{% macro footer(title, page) %}{% for i in range(10**9) %}x{% endfor %}{% endmacro %}",
    "nested_loops": "{% macro footer(title, page) %}{% for i in range(9999) %}{% for j in range(9999) %}x"
    "{% endfor %}{% endfor %}{% endmacro %}",
    "repeated_text": "{% macro footer(title, page) %}{{ 'x' * 10**8 }}{% endmacro %}",
    "syntax": "{% macro footer(title, page) %}{{ page }{% endmacro %}",
    "undefined": "{% macro footer(title, page) %}{{ nothing_here }}{% endmacro %}",
    "bad_markup": "{% macro footer(title, page) %}Tom & <Jerry{% endmacro %}",
    "not_utf8": "{% macro footer(title, page) %}\xe9t\xe9{% endmacro %}",
}


def _check_refused(result: subprocess.CompletedProcess[str], name: str, tmp_path: Path, output: Path) -> None:
    assert result.returncode in (1, 2), result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert name in lines[0]
    assert "Traceback" not in result.stderr + result.stdout
    assert not output.exists()
    assert not (tmp_path / MARKER).exists()


@pytest.mark.parametrize("kind", sorted(FOOTERS))
def test_a_hostile_template_is_refused_in_one_line(tmp_path: Path, kind: str):
    folder = _templates(tmp_path, "")
    text = FOOTERS[kind]
    data = text.encode("latin-1") if kind == "not_utf8" else text.encode("utf-8")
    page = (folder / "page.j2").read_bytes()
    (folder / "page.j2").write_bytes(page + b"\n" + data)
    output = tmp_path / "sheets.pdf"
    result = run("scoresheet", "--lesson", "3", "--templates", str(folder), "-o", str(output), cwd=tmp_path)
    _check_refused(result, "page.j2", tmp_path, output)


def _league(tmp_path: Path, pairs: str = "Tom & Jerry") -> Path:
    path = tmp_path / "league.yaml"
    result = run("league", "new", str(path), "--pairs", f"{pairs},B,C,D", "--title", "<Spring> & co", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return path


def test_a_pair_name_prints_as_written(tmp_path: Path):
    from pypdf import PdfReader

    path = _league(tmp_path)
    result = run("league", "table", str(path), "-o", str(tmp_path / "table.pdf"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    text = "".join(page.extract_text() for page in PdfReader(tmp_path / "table.pdf").pages)
    assert "Tom & Jerry" in text and "<Spring> & co" in text and "&amp;" not in text


LAUGHS = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi", strict=True)
)
YAML_FILES: dict[str, Callable[[], str]] = {
    "laughs": lambda: LAUGHS,
    "itself": lambda: "title: &x [1, *x]\n",
    "deep": lambda: "[" * 5000 + "]" * 5000 + "\n",
    "deep_fields": lambda: "".join(" " * i + "a:\n" for i in range(3000)),
    "too_large": lambda: "# " + "x" * (2 << 20) + "\n",
    "long_number": lambda: "number: " + "9" * 10000 + "\n",
    "python_object": lambda: "number: !!python/object/apply:os.system ['touch " + MARKER + "']\n",
}


@pytest.mark.parametrize("kind", sorted(YAML_FILES))
@pytest.mark.parametrize("command", ["check", "league status", "league record", "lesson"])
def test_a_hostile_yaml_file_is_refused_in_one_line(tmp_path: Path, kind: str, command: str):
    path = tmp_path / "hostile.yaml"
    path.write_text(YAML_FILES[kind](), encoding="utf-8")
    before = path.read_bytes()
    output = tmp_path / "out.pdf"
    args = {
        "check": ["check", str(path)],
        "league status": ["league", "status", str(path)],
        "league record": ["league", "record", str(path), "--round", "1", "--pairs", "A-B", "--deals", "W,W"],
        "lesson": ["pack", "--lesson", str(path), "-o", str(output)],
    }[command]
    result = run(*args, cwd=tmp_path)
    _check_refused(result, "hostile.yaml", tmp_path, output)
    assert path.read_bytes() == before


PBN_FILES = {
    "long_tag": lambda: '[Event "' + "x" * 10_000_000 + '"]\n[Board "1"]\n',
    "bad_declarer": lambda: (
        f'[Board "1"]\n[Deal "{DEAL}"]\n[Declarer "Q"]\n[Contract "1NT"]\n[Play "W"]\nDA D2 S2 D9\n*\n'
    ),
    "bad_contract": lambda: (
        f'[Board "1"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n[Contract "9Z"]\n[Play "W"]\nDA D2 S2 D9\n*\n'
    ),
    "too_large": lambda: '[Board "1"]\n' + ("% " + "x" * 1000 + "\n") * 20_000,
}


@pytest.mark.parametrize("kind", sorted(PBN_FILES))
def test_a_hostile_pbn_file_is_refused_in_one_line(tmp_path: Path, kind: str):
    path = tmp_path / "hostile.pbn"
    path.write_text(PBN_FILES[kind](), encoding="utf-8")
    result = run("replay", str(path), cwd=tmp_path)
    _check_refused(result, "hostile.pbn", tmp_path, tmp_path / "none")


def test_a_game_that_cannot_be_replayed_fails_the_command_but_the_others_are_reported(tmp_path: Path):
    path = tmp_path / "club.pbn"
    good = f'[Board "2"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n[Contract "1NT"]\n[Result "1"]\n[Play "W"]\nDA D2 S2 D9\n*\n'
    path.write_text(PBN_FILES["bad_contract"]() + "\n" + good, encoding="utf-8")
    result = run("replay", str(path), cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.strip() == (
        f"{path}, board 1 (game 1, line 1): has a play but its contract '9Z' is not one I can read: not replayed"
    )
    assert result.stdout.startswith("Board 2 (game 2): 1NT by South")  # games count from 1 (issue 13)


def test_a_league_reached_through_a_link_is_written_where_the_link_leads(tmp_path: Path):
    real = _league(tmp_path, "A")
    link = tmp_path / "link.yaml"
    link.symlink_to(real.name)
    result = run("league", "record", str(link), "--round", "1", "--pairs", "A-D", "--deals", "W,W", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert link.is_symlink() and "deals: [W, W]" in real.read_text(encoding="utf-8")
    assert not (tmp_path / ".link.yaml.lock").exists()
