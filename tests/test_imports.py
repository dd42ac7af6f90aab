"""The layering of DESIGN.md, and a command line that answers at once."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parents[1] / "minibridge"

# Lower layers first; a module may import only from its own layer or lower ones (DESIGN.md, "The flow").
LAYERS: list[set[str]] = [
    {"errors", "turns", "language"},
    {"cards"},
    {"deal", "rules", "contract", "places"},
    {"board", "trick", "announce", "pbn", "play", "recorded", "signals"},
    {"scoring", "lessons", "dealing", "analysis", "files"},
    {"league", "duplicate", "robot", "replay", "table", "experiments", "classroom", "event_games"},
    {"render"},
    {"web"},
    {"cli"},
]


def _layer(module: str) -> int:
    top = module.split(".")[0]
    for number, names in enumerate(LAYERS):
        if top in names:
            return number
    raise AssertionError(f"minibridge.{module} is in no layer of DESIGN.md: add it to LAYERS")


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("minibridge."):
            found.add(node.module.removeprefix("minibridge."))
        elif isinstance(node, ast.Import):
            found.update(a.name.removeprefix("minibridge.") for a in node.names if a.name.startswith("minibridge."))
    return found


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_lower_layer_never_imports_a_higher_one(path: Path):
    relative = path.relative_to(PACKAGE).with_suffix("")
    if relative.name == "__init__" and len(relative.parts) == 1:
        return
    own = _layer(".".join(relative.parts))
    for imported in _imports(path):
        assert _layer(imported) <= own, f"{relative} (layer {own}) imports minibridge.{imported}"


# Third-party packages with a home (DESIGN.md): imported only in these modules or folders of the package.
HOMES: dict[str, str] = {
    "endplay": "analysis.py",
    "reportlab": "render/",
    "click": "cli/",
    "starlette": "web/",
    "uvicorn": "web/",
}


def _third_party(path: Path) -> set[str]:
    """The top-level names of everything a module imports."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[0] for a in node.names)
    return found


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_third_party_packages_are_imported_only_in_their_home(path: Path):
    relative = path.relative_to(PACKAGE).as_posix()
    for package in _third_party(path) & set(HOMES):
        home = HOMES[package]
        at_home = relative.startswith(home) if home.endswith("/") else relative == home
        assert at_home, f"{relative} imports {package}, which belongs in minibridge/{home} only"


def test_scoring_from_the_command_line_loads_neither_endplay_nor_reportlab():
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from minibridge.cli import main\n"
        "result = CliRunner().invoke(main, ['score', '3NT', '9'])\n"
        "assert result.exit_code == 0, result.output\n"
        "assert '400' in result.output\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('endplay', 'reportlab', 'numpy')))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"


def test_scoring_from_the_command_line_loads_only_what_it_needs():
    code = (
        "import sys\n"
        "from minibridge.cli import main\n"
        "main(['score', '3NT', '9'], standalone_mode=False)\n"
        "heavy = ('yaml', 'jinja2', 'reportlab', 'endplay', 'jsonschema', 'numpy', 'babel')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy or m.startswith('minibridge.lessons')))\n"
        "print(sorted(m for m in sys.modules if m.startswith('minibridge.cli.')))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    score, heavy, commands = run.stdout.strip().splitlines()
    assert "400" in score
    assert heavy == "[]"
    assert commands == "['minibridge.cli.common', 'minibridge.cli.lazy', 'minibridge.cli.score']"
