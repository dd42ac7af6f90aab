"""Places in a YAML file, so that a message says the line and the field: ``three.yaml, line 12, exercises[2]``."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

try:
    from yaml.cyaml import CParser as _Parser
except ImportError:  # PyYAML without libyaml

    class _Parser(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser):  # type: ignore[no-redef]
        def __init__(self, stream: str) -> None:
            yaml.reader.Reader.__init__(self, stream)
            yaml.scanner.Scanner.__init__(self)
            yaml.parser.Parser.__init__(self)


from minibridge.errors import MiniBridgeError

__all__ = ["MAX_YAML_BYTES", "MAX_DEPTH", "MAX_ALIASED", "KeyLines", "read_yaml", "read_yaml_file", "place"]

KeyLines = Mapping[tuple[Any, ...], int]
"""The line (from 1) of every key path of a YAML text: ``("exercises", 2, "answer") → 40``."""


MAX_YAML_BYTES = 1024 * 1024
"""The largest YAML file read (a lesson is some 10 KB, a league of a year some 50 KB)."""
MAX_DEPTH = 40
"""The deepest nesting of lists and fields read."""
MAX_ALIASED = 10_000
"""The most values aliases (``*name``) may repeat in a whole file."""


class _Refused(Exception):
    def __init__(self, message: str, mark: Any) -> None:
        super().__init__(message)
        self.mark = mark


class _Reader(_Parser, SafeConstructor, Resolver):  # type: ignore[misc,valid-type]
    """YAML's nodes composed from the parser's events with bounds on depth and on what aliases repeat."""

    def __init__(self, text: str) -> None:
        _Parser.__init__(self, text)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        self.known: dict[str, tuple[yaml.Node, int]] = {}
        self.open: set[str] = set()
        self.count = 0
        self.aliased = 0

    def document(self) -> yaml.Node | None:
        """The one document of the text, or None when it is empty."""
        self.get_event()
        node = None
        if not self.check_event(yaml.StreamEndEvent):
            self.get_event()
            node = self.node(1)
            self.get_event()
        if not self.check_event(yaml.StreamEndEvent):
            raise _Refused("holds more than one document (a line '---'); keep one", self.peek_event().start_mark)
        return node

    def node(self, depth: int) -> yaml.Node:
        event = self.get_event()
        if isinstance(event, yaml.AliasEvent):
            if event.anchor in self.open:
                raise _Refused(
                    f"the alias *{event.anchor} is part of what it names; write the value out", event.start_mark
                )
            if event.anchor not in self.known:
                raise _Refused(f"the alias *{event.anchor} names no &{event.anchor} before it", event.start_mark)
            node, weight = self.known[event.anchor]
            self.count += weight
            self.aliased += weight
            if self.aliased > MAX_ALIASED:
                raise _Refused(
                    f"its aliases repeat more than {MAX_ALIASED} values; write the values out", event.start_mark
                )
            return node
        if depth > MAX_DEPTH:
            raise _Refused(f"nests lists and fields more than {MAX_DEPTH} deep", event.start_mark)
        before = self.count
        anchor = event.anchor
        if anchor is not None:
            self.open.add(anchor)
        tag = event.tag
        if isinstance(event, yaml.ScalarEvent):
            if tag is None or tag == "!":
                tag = self.resolve(yaml.ScalarNode, event.value, event.implicit)
            node: yaml.Node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style)
        else:
            mapping = isinstance(event, yaml.MappingStartEvent)
            kind = yaml.MappingNode if mapping else yaml.SequenceNode
            if tag is None or tag == "!":
                tag = self.resolve(kind, None, event.implicit)
            node = kind(tag, [], event.start_mark, None, flow_style=event.flow_style)
            end = yaml.MappingEndEvent if mapping else yaml.SequenceEndEvent
            while not self.check_event(end):
                item = self.node(depth + 1)
                node.value.append((item, self.node(depth + 1)) if mapping else item)
            node.end_mark = self.get_event().end_mark
        self.count += 1
        if anchor is not None:
            self.open.discard(anchor)
            self.known[anchor] = (node, self.count - before)
        return node


def read_yaml(text: str, source: object, error: type[MiniBridgeError], what: str) -> tuple[Any, KeyLines]:
    """The data of a YAML text (read safely, within bounds) and the line of every key path.

    ``error`` names the line when the text does not parse (it is not ``what``, e.g. ``"a lesson file"``), when
    a field is given twice, which YAML would otherwise settle silently by keeping the last, and when the text
    is larger, deeper or repeats more through aliases than any of our files need.
    """
    if len(text) > MAX_YAML_BYTES:
        raise error(f"is larger than {MAX_YAML_BYTES // 1024} KB: too large for {what}", where=str(source))
    reader = _Reader(text)
    try:
        node = reader.document()
        data = None if node is None else reader.construct_document(node)
    except _Refused as err:
        raise error(f"is not {what}: {err}", where=f"{source}, line {err.mark.line + 1}") from None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"{source}, line {mark.line + 1}" if mark is not None else str(source)
        problem = " ".join(str(getattr(err, "problem", None) or "the text cannot be read").split())
        raise error(f"is not {what} (not valid YAML: {problem})", where=where) from None
    except ValueError as err:  # a number of thousands of digits
        raise error(f"is not {what}: {' '.join(str(err).split())[:120]}", where=str(source)) from None
    finally:
        reader.dispose()
    lines: dict[tuple[Any, ...], int] = {}
    _walk(node, (), lines, source, error)
    return data, lines


def read_yaml_file(
    path: Path, error: type[MiniBridgeError], what: str, *, missing: str = "no such file"
) -> tuple[Any, KeyLines]:
    """:func:`read_yaml` of a file; ``missing`` is said when there is no such file."""
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_YAML_BYTES + 1)
        if len(data) > MAX_YAML_BYTES:
            raise error(f"is larger than {MAX_YAML_BYTES // 1024} KB: too large for {what}", where=str(path))
        text = data.decode("utf-8")
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
