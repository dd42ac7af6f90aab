"""Places in a YAML file, so that a message says the line and the field: ``three.yaml, line 12, exercises[2]``."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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
from minibridge.language import N_, at_line, file_place, gettext

__all__ = [
    "MAX_YAML_BYTES",
    "MAX_DEPTH",
    "MAX_ALIASED",
    "KeyLines",
    "read_yaml",
    "read_yaml_file",
    "plain_problem",
    "place",
    "unknown_field",
]

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
            raise _Refused(
                gettext("holds more than one document (a line '---'); keep one"), self.peek_event().start_mark
            )
        return node

    def node(self, depth: int) -> yaml.Node:
        event = self.get_event()
        if isinstance(event, yaml.AliasEvent):
            if event.anchor in self.open:
                raise _Refused(
                    gettext("the alias *%(name)s is part of what it names; write the value out")
                    % {"name": event.anchor},
                    event.start_mark,
                )
            if event.anchor not in self.known:
                raise _Refused(
                    gettext("the alias *%(name)s names no &%(name)s before it") % {"name": event.anchor},
                    event.start_mark,
                )
            node, weight = self.known[event.anchor]
            self.count += weight
            self.aliased += weight
            if self.aliased > MAX_ALIASED:
                raise _Refused(
                    gettext("its aliases repeat more than %(most)s values; write the values out")
                    % {"most": MAX_ALIASED},
                    event.start_mark,
                )
            return node
        if depth > MAX_DEPTH:
            raise _Refused(
                gettext("nests lists and fields more than %(most)s deep") % {"most": MAX_DEPTH}, event.start_mark
            )
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

    ``error`` names the line when the text does not parse (it is not ``what``, e.g. ``N_("a lesson file")``,
    said in the language in use), when a field is given twice, which YAML would otherwise settle silently by
    keeping the last, and when the text is larger, deeper or repeats more through aliases than any of our files
    need.
    """
    if len(text) > MAX_YAML_BYTES:
        raise error(_too_large(what), where=str(source))
    reader = _Reader(text)
    try:
        node = reader.document()
        data = None if node is None else reader.construct_document(node)
    except _Refused as err:
        raise error(_is_not(what, str(err)), where=file_place(source, line=err.mark.line + 1)) from None
    except yaml.YAMLError as err:
        line, problem = plain_problem(err, text)
        raise error(problem, where=file_place(source, line=line)) from None
    except ValueError as err:  # a number of thousands of digits
        raise error(_is_not(what, " ".join(str(err).split())[:120]), where=str(source)) from None
    finally:
        reader.dispose()
    lines: dict[tuple[Any, ...], int] = {}
    _walk(node, (), lines, source, error)
    return data, lines


def plain_problem(err: yaml.YAMLError, text: str) -> tuple[int | None, str]:
    """The line (from 1) where a text that YAML cannot read goes wrong, and what is wrong in words a pupil can
    read: a colon, a comma, a brace or a quote missing, a line not lined up, a tab. Never YAML's own words."""
    lines = text.splitlines()

    def line_text(number: int) -> str:
        return lines[number - 1] if 0 < number <= len(lines) else ""

    def first_word(number: int) -> str:
        words = line_text(number).strip().lstrip("-").split()
        return words[0].rstrip(":") if words else ""

    if isinstance(err, yaml.reader.ReaderError):
        line = text[: err.position].count("\n") + 1
        return line, gettext("holds a character that is not text (a control character): type the line again")
    problem = str(getattr(err, "problem", "") or "")
    context = str(getattr(err, "context", "") or "")
    at, opened = getattr(err, "problem_mark", None), getattr(err, "context_mark", None)
    line = at.line + 1 if at is not None else None
    start = opened.line + 1 if opened is not None else line
    if "could not find expected ':'" in problem and start:
        return start, _colon_missing(first_word(start))
    if "mapping values are not allowed" in problem and line and at is not None:
        return _stray_colon(line, line_text(line), at.column, line_text)
    if "expected ',' or '}'" in problem or "expected ',' or ']'" in problem:
        close, opener = ("}", "{") if "}" in problem else ("]", "[")
        found = line_text(at.line + 1)[at.column : at.column + 1] if at is not None else ""
        brackets = {"opener": opener, "close": close}
        if start == line and found not in "]}":
            return line, gettext("a comma is missing between two parts inside '%(opener)s %(close)s'") % brackets
        return start, (
            gettext("the '%(opener)s' on this line is never closed: end it with '%(close)s' on the same line")
            % brackets
        )
    if "sequence entries" in problem:
        return line, gettext("a '-' cannot start a value here: put the value in quotes")
    if "block mapping" in context or "expected key" in problem:
        return line, gettext("this line is not lined up with the lines above it: start it with the same spaces")
    if "end of stream" in problem and "quoted" in context:
        return start, gettext("a quote opened on this line is never closed: close it with the same quote mark")
    if "cannot start any token" in problem and at is not None:
        character = line_text(at.line + 1)[at.column : at.column + 1]
        if character == "\t":
            return line, gettext("a tab is used here: use spaces instead")
        return line, gettext("a value cannot start with '%(character)s': put the value in quotes") % {
            "character": character
        }
    return line, gettext("cannot be read: look at its colons, commas, quotes and brackets")


def _colon_missing(word: str) -> str:
    return gettext("a colon is missing after '%(word)s'") % {"word": word}


def _too_large(what: str) -> str:
    """The words for a file larger than any of ``what`` (``N_("a lesson file")``) can be."""
    return gettext("is larger than %(size)s KB: too large for %(what)s") % {
        "size": MAX_YAML_BYTES // 1024,
        "what": gettext(what),
    }


def _is_not(what: str, problem: str) -> str:
    """The words for a text that is not ``what`` (``N_("a lesson file")``) because of ``problem``."""
    return gettext("is not %(what)s: %(problem)s") % {"what": gettext(what), "problem": problem}


def _stray_colon(number: int, text: str, column: int, line_text: Callable[[int], str]) -> tuple[int, str]:
    """A colon YAML did not expect: a second colon on a line, a colon missing on the line before, or a line
    further in than the one above it."""
    before = text[:column]
    if ": " in before:
        key, _, rest = text.strip().partition(":")
        rest = rest.strip().strip("{}").strip()
        return number, gettext(
            "two colons on one line: put an answer of several parts in braces, like %(key)s: {%(rest)s}"
        ) % {"key": key, "rest": rest}
    above = number - 1
    while above > 0 and not line_text(above).strip():
        above -= 1
    if above > 0 and ":" not in line_text(above):
        word = line_text(above).strip().lstrip("-").split()[0]
        return above, _colon_missing(word)
    return number, gettext("this line starts further in than the line above it: start it with the same spaces")


def read_yaml_file(
    path: Path, error: type[MiniBridgeError], what: str, *, missing: str = N_("no such file")
) -> tuple[Any, KeyLines]:
    """:func:`read_yaml` of a file; ``missing`` (marked with ``N_``, said in the language in use) is said when
    there is no such file."""
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_YAML_BYTES + 1)
        if len(data) > MAX_YAML_BYTES:
            raise error(_too_large(what), where=str(path))
        text = data.decode("utf-8")
    except FileNotFoundError:
        raise error(gettext(missing), where=str(path)) from None
    except (OSError, UnicodeDecodeError) as err:
        raise error(
            gettext("cannot be read as %(what)s (%(error)s)")
            % {"what": gettext(what), "error": err.__class__.__name__},
            where=str(path),
        ) from None
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
                raise error(
                    gettext("the field %(field)s is given twice (first on line %(line)s); keep only one")
                    % {"field": _field_path((*path, key.value)), "line": seen[key.value]},
                    where=file_place(source, line=line),
                )
            seen[key.value] = line
            _walk(value, (*path, key.value), lines, source, error)
            lines[(*path, key.value)] = line
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, (*path, index), lines, source, error)


def place(source: object, lines: KeyLines, keys: tuple[Any, ...]) -> str:
    """``lessons/three.yaml, line 12, exercises[2].answer``: the file, the nearest known line (in the language in
    use), the field (as the file writes it)."""
    keys = tuple(str(k) if not isinstance(k, int) else k for k in keys)
    line = None
    for length in range(len(keys), -1, -1):
        line = lines.get(keys[:length])
        if line is not None:
            break
    field_path = _field_path(keys)
    return ", ".join([str(source)] + ([at_line(line)] if line else []) + ([field_path] if field_path else []))


def unknown_field(field: Any, allowed: Sequence[str]) -> str:
    """The words for a field a file may not give in its place, and the fields it may."""
    return gettext("unknown field '%(field)s'; the fields here are %(fields)s") % {
        "field": field,
        "fields": ", ".join(allowed),
    }


def _field_path(keys: tuple[Any, ...]) -> str:
    """``exercises[2].answer``: a field as the file writes it."""
    field_path = ""
    for key in keys:
        field_path += f"[{key}]" if isinstance(key, int) else (f".{key}" if field_path else str(key))
    return field_path
