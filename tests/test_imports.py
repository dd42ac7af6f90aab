"""The layering of DESIGN.md, no import cycles, route modules that stand alone, and a command line that answers at
once."""

from __future__ import annotations

import ast
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parents[1] / "minibridge"

LAYERS = (
    "errors, turns, once ◄ language ◄ cards, reading ◄ deal, contract, places, files ◄ schemes ◄ rules ◄ "
    "board, trick, announce, play, signals, knowledge ◄ scoring, pbn, recorded, dealing, dealing_machine, lessons ◄ "
    "analysis ◄ replay, review, card_reasons, robot, table, league, duplicate, practice ◄ "
    "classroom, experiments, event_games ◄ render ◄ documents ◄ web, cli"
)
"""The package's layers, lowest first, as DESIGN.md writes them: a module imports only from its own layer or lower
ones (and never in a circle)."""


def layers() -> list[set[str]]:
    """The layers of :data:`LAYERS`, each a set of top-level names of the package."""
    return [{name.strip() for name in layer.split(",")} for layer in LAYERS.split("◄")]


def _layer(module: str) -> int:
    top = module.split(".")[0]
    for number, names in enumerate(layers()):
        if top in names:
            return number
    raise AssertionError(f"minibridge.{module} is in no layer of DESIGN.md: add it to LAYERS")


def _module_name(path: Path) -> str:
    """``table.game`` for minibridge/table/game.py, ``table`` for minibridge/table/__init__.py."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def _modules() -> dict[str, Path]:
    """Every module of the package by its name (without ``minibridge.``)."""
    return {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py")) if _module_name(path)}


def _imports(path: Path) -> set[str]:
    """The modules of the package that a module imports, at its top or inside a function: ``from minibridge.x
    import y`` counts as ``x.y`` when ``y`` is a module, else as ``x``."""
    found = set()
    modules = _modules()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("minibridge."):
            base = node.module.removeprefix("minibridge.")
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
        elif isinstance(node, ast.ImportFrom) and node.module == "minibridge":
            found.update(alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.Import):
            found.update(a.name.removeprefix("minibridge.") for a in node.names if a.name.startswith("minibridge."))
    return found


def test_the_layers_are_the_ones_design_md_quotes():
    flat = [name for layer in layers() for name in layer]
    assert len(flat) == len(set(flat)), "a name is in two layers"
    tops = {name.split(".")[0] for name in _modules()}
    assert tops <= set(flat), f"in no layer: {sorted(tops - set(flat))}"


@pytest.mark.parametrize("name", sorted(_modules()), ids=str)
def test_a_lower_layer_never_imports_a_higher_one(name: str):
    own = _layer(name)
    for imported in _imports(_modules()[name]):
        assert _layer(imported) <= own, f"minibridge.{name} (layer {own}) imports minibridge.{imported}"


def _package_graph() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports."""
    return {name: {i for i in _imports(path) if i in _modules() and i != name} for name, path in _modules().items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """An import cycle in ``graph`` (module → modules it imports), as the modules in it (None when there is none)."""
    state: dict[str, int] = {}  # 1 on the path being walked, 2 done
    path: list[str] = []

    def walk(name: str) -> list[str] | None:
        state[name] = 1
        path.append(name)
        for target in sorted(graph[name]):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state:
                found = walk(target)
                if found:
                    return found
        path.pop()
        state[name] = 2
        return None

    for name in sorted(graph):
        if name not in state:
            found = walk(name)
            if found:
                return found
    return None


def test_the_cycle_finder_finds_a_cycle_and_only_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_there_is_no_import_cycle():
    cycle = _cycle(_package_graph())
    assert cycle is None, "an import cycle: " + " → ".join(f"minibridge.{name}" for name in cycle or [])


def _route_modules() -> set[str]:
    """The web modules that export ``routes``: one audience's addresses each."""
    found = set()
    for name, path in _modules().items():
        body = ast.parse(path.read_text(encoding="utf-8")).body
        targets = [t for n in body if isinstance(n, ast.Assign) for t in n.targets]
        targets += [n.target for n in body if isinstance(n, ast.AnnAssign)]
        if name.startswith("web.") and any(isinstance(t, ast.Name) and t.id == "routes" for t in targets):
            found.add(name)
    return found


def test_a_route_module_imports_no_other_route_module():
    """Route modules share only through the base; an audience's package gathers its own modules' routes, and the
    app mounts the audiences."""
    routes = _route_modules()
    assert {"web.pupils", "web.tables", "web.teacher", "web.events"} <= routes
    for name in sorted(routes - {"web.app"}):
        own = {m for m in routes if m.startswith(f"{name}.")} if _modules()[name].name == "__init__.py" else set()
        others = {imported for imported in _imports(_modules()[name]) if imported in routes} - {name} - own
        assert not others, f"minibridge.{name} imports the route modules {sorted(others)}: share through the base"


def test_every_package_of_the_library_ships_in_the_wheel():
    import tomllib

    listed = set(tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {"minibridge." + ".".join(p.parent.relative_to(PACKAGE).parts) for p in PACKAGE.rglob("__init__.py")}
    found = {name.rstrip(".") for name in found}
    assert found <= listed, f"packages missing from pyproject.toml: {sorted(found - listed)}"


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


FACADE_ONLY = ("play", "trick", "recorded", "scoring", "schemes", "announce", "signals", "analysis", "robot")
"""What the web and the game commands never import: they reach the game through its facades (DESIGN.md)."""


@pytest.mark.parametrize(
    "name",
    sorted(n for n in _modules() if n.startswith("web") or n in ("cli.play", "cli.pupil", "cli.game_text")),
    ids=str,
)
def test_the_web_and_the_game_commands_reach_the_game_through_its_facades(name: str):
    reached = {imported.split(".")[0] for imported in _imports(_modules()[name])} & set(FACADE_ONLY)
    assert not reached, f"minibridge.{name} imports {sorted(reached)}: go through the table, classroom or documents"


def test_the_layers_read_in_order():
    assert _layer("classroom.game") > _layer("table.game") >= _layer("robot") > _layer("analysis") > _layer("play")
    assert _layer("web.app") == _layer("cli.play") > _layer("documents") > _layer("render") > _layer("errors")


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
    *score, heavy, commands = run.stdout.strip().splitlines()
    assert "400" in score[0] and "How it adds up" in score[1]
    assert heavy == "[]"
    assert commands == "['minibridge.cli.common', 'minibridge.cli.lazy', 'minibridge.cli.score']"
