"""Where a template compares a kind of exercise with its name, or a part of an answer with its key: what the
tests of the printed and the web templates share (every word a template needs of a kind comes from the registry)."""

from __future__ import annotations

from pathlib import Path

from jinja2 import nodes

from minibridge.lessons.exercises import KINDS
from minibridge.render.sandbox import template_environment

__all__ = ["TEMPLATES", "PART_KEYS", "template_comparisons"]

TEMPLATES = Path(__file__).parents[1] / "templates"
"""Every template that comes with minibridge: the printed ones, and the web pages' under ``web/``."""
PART_KEYS = {part.key for kind in KINDS.values() for part in kind.parts if part.key}
"""The keys of the parts of every kind's answer."""


def _named(node: nodes.Node) -> set[str]:
    """The string constants under a node."""
    return {c.value for c in node.find_all(nodes.Const) if isinstance(c.value, str)}


def _mentions(node: nodes.Node, name: str) -> bool:
    """Whether a node reads a variable or an attribute called ``name`` (``kind``, ``view.kind``)."""
    return any(n.name == name for n in node.find_all(nodes.Name)) or any(
        n.attr == name for n in node.find_all(nodes.Getattr)
    )


def template_comparisons(source: str) -> list[int]:
    """The lines where a template compares a kind of exercise with its name (``view.kind == "hcp"``,
    ``kind in ("replay", "signal")``, ``selectattr("kind", "equalto", "goal")``), or a part of an answer with its
    key (``part.key == "winners"``, ``key in ("declarer", "dummy")``); the same words compared with anything
    else (a form ``"tricks"``, a step of the game) are not kinds."""
    found = []
    for node in template_environment(TEMPLATES).parse(source).find_all((nodes.Compare, nodes.Test, nodes.Filter)):
        if isinstance(node, nodes.Filter) and node.name in ("selectattr", "rejectattr"):
            attribute = node.args[0].value if node.args and isinstance(node.args[0], nodes.Const) else None
            values = {a.value for a in node.args[1:] if isinstance(a, nodes.Const)}
            if (attribute == "kind" and values & set(KINDS)) or (attribute == "key" and values & PART_KEYS):
                found.append(node.lineno)
        elif isinstance(node, nodes.Compare | nodes.Test):
            named = _named(node)
            if (_mentions(node, "kind") and named & set(KINDS)) or (_mentions(node, "key") and named & PART_KEYS):
                found.append(node.lineno)
    return found
