"""Places in a YAML file, so that a message says the line and the field: ``three.yaml, line 12, exercises[2]``."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from minibridge.errors import MiniBridgeError

__all__ = ["KeyLines", "read_yaml", "read_yaml_file", "place"]

KeyLines = Mapping[tuple[Any, ...], int]
"""The line (from 1) of every key path of a YAML text: ``("exercises", 2, "answer") → 40``."""


def read_yaml(text: str, source: object, error: type[MiniBridgeError], what: str) -> tuple[Any, KeyLines]:
    """The data of a YAML text (read safely) and the line of every key path.

    ``error`` names the line when the text does not parse (it is not ``what``, e.g. ``"a lesson file"``), or when
    a field is given twice, which YAML would otherwise settle silently by keeping the last.
    """
    try:
        data = yaml.safe_load(text)
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"{source}, line {mark.line + 1}" if mark is not None else str(source)
        problem = getattr(err, "problem", None) or "the text cannot be read"
        raise error(f"is not {what} (not valid YAML: {problem})", where=where) from None
    lines: dict[tuple[Any, ...], int] = {}
    _walk(node, (), lines, source, error)
    return data, lines


def read_yaml_file(
    path: Path, error: type[MiniBridgeError], what: str, *, missing: str = "no such file"
) -> tuple[Any, KeyLines]:
    """:func:`read_yaml` of a file; ``missing`` is said when there is no such file."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(missing, where=str(path)) from None
    except (OSError, UnicodeDecodeError) as err:
        raise error(f"cannot be read as {what} ({err.__class__.__name__})", where=str(path)) from None
    return read_yaml(text, path, error, what)


def _walk(
    node: yaml.Node | None,
    path: tuple[Any, ...],
    lines: dict[tuple[Any, ...], int],
    source: object,
    error: type[MiniBridgeError],
) -> None:
    if node is None:
        return
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        seen: dict[Any, int] = {}
        for key, value in node.value:
            line = key.start_mark.line + 1
            if key.value in seen:
                field = place(source, {}, (*path, key.value)).split(", ", 1)[-1]
                raise error(
                    f"the field {field} is given twice (first on line {seen[key.value]}); keep only one",
                    where=f"{source}, line {line}",
                )
            seen[key.value] = line
            _walk(value, (*path, key.value), lines, source, error)
            lines[(*path, key.value)] = line
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, (*path, index), lines, source, error)


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
