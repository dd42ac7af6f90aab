"""Where a template compares a kind of exercise with its name, or a part of an answer with its key: what the
tests of the printed and the web templates share (every word a template needs of a kind comes from the registry);
and what the kinds those tests register find in a lesson's recorded play."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import nodes

from minibridge.lessons.exercise_board import board_of, declaring_points, recorded_play
from minibridge.lessons.exercises import KINDS
from minibridge.lessons.lesson import Exercise, Lesson
from minibridge.render.sandbox import template_environment

__all__ = ["TEMPLATES", "PART_KEYS", "template_comparisons", "first_trick_facts"]

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


def first_trick_facts(lesson: Lesson, exercise: Exercise) -> dict[str, Any]:
    """What a test's kind of exercise asks of a board's recorded play: who led and in which suit, declarer's side's
    first trick won, declarer's tricks, the declaring side's points, and who won each trick."""
    play, declarer = recorded_play(lesson, exercise), board_of(lesson, exercise).declarer
    assert declarer is not None
    first = play.tricks[0]
    return {
        "leader": first.leader.letter,
        "suit": first.cards[first.leader].suit.name.lower(),
        "first": next(n for n, t in enumerate(play.tricks, 1) if t.winner.side is declarer.side),
        "made": play.declarer_tricks,
        "points": declaring_points(lesson, exercise),
        "winners": [t.winner.letter for t in play.tricks],
    }
