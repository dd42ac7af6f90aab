"""The quick path of PBN reading: a plain text, which is what most files are, split into its games at once.

Plain is lines each holding one tag, lines of words after a tag, ``%`` lines and empty lines, no Play tag twice
in a game, and nothing in a section that the general reader (:mod:`minibridge.pbn.general`) would read other
than as words and spaces. Anything else (comments, several tags on a line, words out of place) is for the
general reader, which also finds what is wrong, and where.
"""

from __future__ import annotations

import re
from itertools import compress

from minibridge.pbn.general import Game, unescape

__all__ = ["plain_games", "section_lines"]

_PLAIN_TAG = re.compile(r'\[([A-Za-z0-9_]++) ?"([^"\\\n]*+(?:\\.[^"\\\n]*+)*+)"\][ \t]*+(?:\n|\Z)')
"""A tag that is alone on its line (PBN follows PGN: the space between its name and value may be left out)."""
_PLAIN_GAP = re.compile(r"(?:(?:%[^\n]*|[ \t]*)\n)*")
"""What may stand before the first tag of a plain text: whole ``%`` lines and empty lines."""
_SECTION_AND_GAP = re.compile(
    r'((?:[^\s\[%\]{};"][^\n\[\]{};"\x1c-\x1f\x85\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*+\n)*+)'
    r"((?:(?:%[^\n]*+|[ \t]*+)\n)*+)"
)
"""What may stand between two tags of a plain text, or after the last: the lines of words after the first (its
section), with nothing the general reader would read other than as words and spaces; then ``%`` lines and empty
lines."""
_PLAIN_PLAY = re.compile(
    r"((?:[SHDC][2-9TJQKA] [SHDC][2-9TJQKA] [SHDC][2-9TJQKA] [SHDC][2-9TJQKA]\n)++)((?:(?:%[^\n]*+|[ \t]*+)\n)*+)"
)
"""The same after a Play tag whose section is lines of four cards written like ``SA`` and nothing else."""


def plain_games(text: str) -> list[Game] | None:
    """The games of a plain PBN text as :func:`~minibridge.pbn.general.games` reads them (but for where each tag
    and section line stands), or None when the text is not plain."""
    if "\r" in text:
        text = text.replace("\r\n", "\n")
        if "\r" in text:
            return None
    parts = _PLAIN_TAG.split(text)  # what stands before the first tag, then each tag's name, value, what follows
    head, names, values = parts[0], parts[1::3], parts[2::3]
    count = len(names)
    if _PLAIN_GAP.fullmatch(head if count else head + "\n") is None:
        return None
    if not count:
        return []
    if "\\" in text:
        values = [unescape(value) if "\\" in value else value for value in values]
    sections: list[tuple[int, str, bool]] = []  # the place of each tag followed by a section, the section, plain
    ends = []  # where each game ends: at a gap holding an empty line
    last = count - 1
    for place in compress(range(count), parts[3::3]):
        after = parts[3 * place + 3] if place < last else parts[-1] + "\n"
        plain = names[place] == "Play" and _PLAIN_PLAY.fullmatch(after)
        match = plain or _SECTION_AND_GAP.fullmatch(after)
        if match is None:
            return None
        section, gap = match.groups()
        if section:
            sections.append((place, section, bool(plain)))
        if gap and place < last and not all(row.startswith("%") for row in gap[:-1].split("\n")):
            ends.append(place + 1)
    line = 1 + head.count("\n")
    if not ends:  # one game
        game = _plain_game(line, names, values, sections)
        return None if game is None else [game]
    ends.append(count)
    games = []
    start = first = 0  # the game's first tag, and its first section
    for end in ends:
        after = first
        while after < len(sections) and sections[after][0] < end:
            after += 1
        own = [(place - start, section, plain) for place, section, plain in sections[first:after]]
        game = _plain_game(line, names[start:end], values[start:end], own)
        if game is None:
            return None
        games.append(game)
        line += end - start + "".join(parts[3 * start + 3 : 3 * end + 3 : 3]).count("\n")
        start, first = end, after
    return games


def _plain_game(line: int, names: list[str], values: list[str], sections: list[tuple[int, str, bool]]) -> Game | None:
    """One game of a plain text from its tags' names and values, and its sections (the place of the tag each
    follows, the section, whether it is a plain Play section); None for a game with the Play tag twice, for the
    general reader. A tag given twice keeps its last value, and its sections are joined, as the general reader
    does."""
    tags = dict(zip(names, values, strict=False))
    game = Game(line, tags)
    for place, section, plain in sections:
        name = names[place]
        if name != "Play":
            game.sections.setdefault(name, []).extend(section_lines(section))
        elif game.play_rows is None and (len(tags) == len(names) or names.count("Play") == 1):
            game.play_rows = section
            game.plain_play = plain
        else:
            return None
    return game


def section_lines(rows: str) -> list[tuple[int, list[str]]]:
    """The lines of a plain section as the general reader gives them, (line, words), but for where each line
    stands: the quick path leaves errors, and where they are, to the general reader."""
    lines = rows.split("\n")
    if not lines[-1]:
        lines.pop()
    return [(0, line.split()) for line in lines]
