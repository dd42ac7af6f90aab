"""The general reader of PBN text: any text, token by token, with the line of everything it finds.

It reads what the quick path (:mod:`minibridge.pbn.plain`) leaves to it: comments, several tags on a line,
CR line ends, and every text with something wrong, which it reports with its line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from operator import itemgetter

from minibridge.errors import PBNError
from minibridge.language import file_place, gettext

__all__ = ["Game", "games", "place_of", "short", "unescape"]

_TOKENS = re.compile(
    r"""
    (?P<newline>\r?\n|\r)
    |(?P<space>[ \t\f\v\xa0]+)
    |(?P<escape>(?<![^\r\n])%[^\r\n]*)
    |(?P<comment>;[^\r\n]*)
    |(?P<brace>\{[^}]*\}?)
    |(?P<tag>\[[ \t]*(?P<name>[A-Za-z0-9_]+)[ \t]*"(?P<value>(?:[^"\\\r\n]|\\.)*)"[ \t]*\])
    |(?P<word>[^\s\[\]{};"]+|"(?:[^"\\\r\n]|\\.)*")
    |(?P<bad>.)
    """,
    re.VERBOSE,
)
_UNESCAPE = re.compile(r"\\(.)")
_ESCAPED = itemgetter(1)
"""The character a backslash escapes, of a match of :data:`_UNESCAPE`."""


class Game:
    """One game as read: the line of its first tag, its tags (unresolved), where each stands (the general reader
    only), its sections as (line, words) per line, and in a plain text its Play section as written; a game that
    cannot be read has the ``error`` that says why (read in part, its other games are read)."""

    __slots__ = ("line", "tags", "tag_lines", "sections", "play_rows", "plain_play", "error")

    def __init__(self, line: int, tags: dict[str, str] | None = None) -> None:
        self.line = line
        self.tags: dict[str, str] = {} if tags is None else tags
        self.tag_lines: dict[str, int] = {}
        self.sections: dict[str, list[tuple[int, list[str]]]] = {}
        self.play_rows: str | None = None
        """In a plain text, the Play section as written (then not in ``sections``)."""
        self.plain_play = False
        """The Play section as written is lines of four cards written like ``SA`` and nothing else."""
        self.error: PBNError | None = None


def place_of(game: Game, source: str, name: str, number: int | None, line: int | None = None) -> str:
    """Where a tag of a game stands: the file, the line, the board; or a ``line`` of its section: the file and
    that line (in the language in use)."""
    if line is not None:
        return file_place(source, line=line)
    return file_place(source, line=game.tag_lines.get(name, game.line), board=number)


def unescape(value: str) -> str:
    """A tag's value as meant: ``\\"`` is ``"``, ``\\\\`` is ``\\``."""
    return _UNESCAPE.sub(_ESCAPED, value) if "\\" in value else value


def short(text: str) -> str:
    """Text quoted in an error, cut to 40 characters."""
    text = text.strip()
    return text if len(text) <= 40 else text[:37] + "…"


def games(text: str, source: str, *, partly: bool = False) -> Iterator[Game]:
    """The games of a PBN text, tags unresolved, sections as (line, words) per line.

    Something that cannot be read is refused; read ``partly``, it makes its game one with an ``error`` (the tags
    read before it), the rest of that game (up to an empty line) is passed over, and the games after it are read.
    """
    line = 1
    game: Game | None = None
    section: list[tuple[int, list[str]]] | None = None
    content = False
    bad: Game | None = None  # a game that cannot be read, its rest passed over (its tags kept, to name it)
    start = 0
    while start is not None:
        at, start = start, None
        for match in _TOKENS.finditer(text, at):
            kind = match.lastgroup
            if kind == "newline":
                if not content and (game is not None or bad is not None):
                    yield game or bad  # type: ignore[misc]  # one of them
                    game, section, bad = None, None, None
                line += 1
                content = False
                continue
            if kind == "space":
                continue
            error = None
            if kind == "brace":
                body = match.group()
                content = True
                if not body.endswith("}"):
                    error = PBNError(
                        gettext("a comment opened with '{' is never closed with '}'"),
                        where=file_place(source, line=line),
                    )
                    if bad is not None or partly:  # read on from the next line
                        end = text.find("\n", match.start())
                        start = len(text) if end < 0 else end
                        if bad is not None:
                            break
                else:
                    line += body.count("\n") or body.count("\r")
                    continue
            elif bad is not None:
                content = True
                if kind == "tag":
                    bad.tags.setdefault(match.group("name"), unescape(match.group("value")))
                continue
            elif kind in ("escape", "comment"):
                content = True
                continue
            elif kind == "tag":
                content = True
                name = match.group("name")
                value = unescape(match.group("value"))
                if game is None:
                    game = Game(line)
                game.tags[name] = value
                game.tag_lines[name] = line
                section = game.sections.setdefault(name, [])
                continue
            elif kind == "word":
                content = True
                if section is not None:
                    if section and section[-1][0] == line:
                        section[-1][1].append(match.group())
                    else:
                        section.append((line, [match.group()]))
                    continue
                error = PBNError(
                    gettext(
                        "'%(text)s' stands outside any tag: this is not a PBN file, which is made of "
                        'tags like [Board "1"] and [Deal "N:…"]'
                    )
                    % {"text": short(match.group())},
                    where=file_place(source, line=line),
                )
            else:
                content = True
                error = PBNError(
                    gettext('cannot read \'%(text)s\': a tag is written [Name "value"], like [Board "1"]')
                    % {"text": short(text[match.start() :].splitlines()[0])},
                    where=file_place(source, line=line),
                )
            if not partly:
                raise error
            bad = game if game is not None else Game(line)
            bad.error = error
            game, section = None, None
            if start is not None:
                break
    if game is not None or bad is not None:
        yield game or bad  # type: ignore[misc]  # one of them
