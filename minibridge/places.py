"""Places in a YAML file, so that a message says the line and the field: ``three.yaml, line 12, exercises[2]``."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import yaml

from minibridge.errors import MiniBridgeError

__all__ = ["KeyLines", "read_yaml", "place"]

class KeyLines(Mapping[tuple[Any, ...], int]):
    """The line (from 1) of every key path of a YAML text: ``("exercises", 2, "answer") → 40``.

    Found when first asked for: a file without a problem never needs them.
    """

    def __init__(self, text: str) -> None:
        self._text = text
        self._found: dict[tuple[Any, ...], int] | None = None

    def _lines(self) -> dict[tuple[Any, ...], int]:
        if self._found is None:
            self._found = _lines(yaml.compose(self._text, Loader=yaml.SafeLoader))
        return self._found

    def __getitem__(self, keys: tuple[Any, ...]) -> int:
        return self._lines()[keys]

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self._lines())

    def __len__(self) -> int:
        return len(self._lines())


def read_yaml(text: str, source: object, error: type[MiniBridgeError], what: str) -> tuple[Any, KeyLines]:
    """The data of a YAML text (read safely) and the line of every key path; ``error`` names the line if it does
    not parse, saying that the text is not ``what`` (``"a lesson file"``)."""
    try:
        return yaml.safe_load(text), KeyLines(text)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"{source}, line {mark.line + 1}" if mark is not None else str(source)
        problem = getattr(err, "problem", None) or "the text cannot be read"
        raise error(f"is not {what} (not valid YAML: {problem})", where=where) from None


def _lines(node: yaml.Node | None, path: tuple[Any, ...] = ()) -> dict[tuple[Any, ...], int]:
    lines: dict[tuple[Any, ...], int] = {}
    if node is None:
        return lines
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            lines.update(_lines(value, (*path, key.value)))
            lines[(*path, key.value)] = key.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            lines.update(_lines(item, (*path, index)))
    return lines


def place(source: object, lines: KeyLines, keys: tuple[Any, ...]) -> str:
    """``lessons/three.yaml, line 12, exercises[2].answer``: the file, the nearest known line, the field."""
    keys = tuple(str(k) if not isinstance(k, int) else k for k in keys)
    line = None
    for length in range(len(keys), -1, -1):
        line = lines.get(keys[:length])
        if line is not None:
            break
    field_path = ""
    for key in keys:
        field_path += f"[{key}]" if isinstance(key, int) else (f".{key}" if field_path else key)
    return ", ".join([str(source)] + ([f"line {line}"] if line else []) + ([field_path] if field_path else []))
