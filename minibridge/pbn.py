"""PBN files (Portable Bridge Notation): boards with their deal, contract, result and recorded play.

``load``/``loads`` read every game of a file, ``dump``/``dumps`` write boards back, like the ``json`` module.
Reading copes with what real files do: ``%`` lines, ``;`` and ``{…}`` comments, tag inheritance with ``#`` and
``##``, CRLF line ends, Latin-1 or UTF-8, voids, partial deals with ``-`` hands, play records cut short by a
claim (``*``) and padded with ``-``, notes and NAGs in the play, passed-out boards.

>>> deal = "N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876"
>>> board = loads(f'[Board "1"]\\n[Dealer "N"]\\n[Deal "{deal}"]')[0]
>>> board.number, board.dealer.letter, board.deal[Seat.NORTH].hcp
(1, 'N', 10)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from minibridge.board import Board, CardRow, PlayRecord
from minibridge.cards import Card, Seat, Side
from minibridge.contract import pbn_contract
from minibridge.deal import Deal
from minibridge.errors import MiniBridgeError, PBNError

__all__ = ["load", "loads", "dump", "dumps"]

_FIELDS = {
    "Board": "number",
    "Dealer": "dealer",
    "Deal": "deal",
    "Declarer": "declarer",
    "Contract": "contract",
    "Result": "result",
    "Play": "play",
}


# --- reading ---------------------------------------------------------------------------------------------------

_TOKENS = re.compile(
    r"""
    (?P<newline>\r?\n|\r)
    |(?P<space>[ \t\f\v\xa0]+)
    |(?P<escape>(?<![^\r\n])%[^\r\n]*)
    |(?P<comment>;[^\r\n]*)
    |(?P<brace>\{[^}]*\}?)
    |(?P<tag>\[[ \t]*(?P<name>[A-Za-z0-9_]+)[ \t]+"(?P<value>(?:[^"\\\r\n]|\\.)*)"[ \t]*\])
    |(?P<word>[^\s\[\]{};"]+|"(?:[^"\\\r\n]|\\.)*")
    |(?P<bad>.)
    """,
    re.VERBOSE,
)
_UNESCAPE = re.compile(r"\\(.)")
_CARD_MARKS = re.compile(r"[!?]+$")
_RESULT = re.compile(r"^\s*(?:(NS|EW)\s+)?(\d{1,2})\s*$", re.IGNORECASE)


@dataclass
class _Game:
    line: int
    tags: dict[str, str] = field(default_factory=dict)
    tag_lines: dict[str, int] = field(default_factory=dict)
    sections: dict[str, list[tuple[int, list[str]]]] = field(default_factory=dict)


def _games(text: str, source: str) -> Iterator[_Game]:
    """The games of a PBN text, tags unresolved, sections as (line, words) per line."""
    line = 1
    game: _Game | None = None
    section: list[tuple[int, list[str]]] | None = None
    content = False
    for match in _TOKENS.finditer(text):
        kind = match.lastgroup
        if kind == "newline":
            if not content and game is not None:
                yield game
                game, section = None, None
            line += 1
            content = False
        elif kind == "space":
            continue
        elif kind in ("escape", "comment"):
            content = True
        elif kind == "brace":
            body = match.group()
            if not body.endswith("}"):
                raise PBNError("a comment opened with '{' is never closed with '}'", where=f"{source}, line {line}")
            line += body.count("\n") or body.count("\r")
            content = True
        elif kind == "tag":
            content = True
            name = match.group("name")
            value = _UNESCAPE.sub(r"\1", match.group("value"))
            if game is None:
                game = _Game(line)
            game.tags[name] = value
            game.tag_lines[name] = line
            section = game.sections.setdefault(name, [])
        elif kind == "word":
            content = True
            if section is None:
                raise PBNError(
                    f"'{_short(match.group())}' stands outside any tag: this is not a PBN file, which is made of "
                    'tags like [Board "1"] and [Deal "N:…"]',
                    where=f"{source}, line {line}",
                )
            if section and section[-1][0] == line:
                section[-1][1].append(match.group())
            else:
                section.append((line, [match.group()]))
        else:
            raise PBNError(
                f"cannot read '{_short(text[match.start() :].splitlines()[0])}': a tag is written "
                '[Name "value"], like [Board "1"]',
                where=f"{source}, line {line}",
            )
    if game is not None:
        yield game


def _short(text: str) -> str:
    text = text.strip()
    return text if len(text) <= 40 else text[:37] + "…"


def _resolve(games: Iterable[_Game]) -> Iterator[_Game]:
    """Games with inherited tag values filled in: ``#`` copies the previous game's value once, ``##value`` (or
    ``##`` alone, the previous value) goes on into the following games until the tag is given again."""
    previous: dict[str, str] = {}
    lasting: dict[str, str] = {}
    for game in games:
        for name, value in list(game.tags.items()):
            if value.startswith("##"):
                value = value[2:] or previous.get(name, "")
                lasting[name] = value
            elif value == "#":
                value = previous.get(name, "")
                lasting.pop(name, None)
            else:
                lasting.pop(name, None)
            game.tags[name] = value
        for name, value in lasting.items():
            if name not in game.tags:
                game.tags[name] = value
                game.tag_lines.setdefault(name, game.line)
        previous = dict(game.tags)
        yield game


def _board(game: _Game, source: str) -> Board:
    tags = game.tags

    def where(name: str) -> str:
        return f"{source}, line {game.tag_lines.get(name, game.line)}"

    number = None
    board_text = tags.get("Board", "").strip()
    if board_text.isdigit():
        number = int(board_text)
    place = (lambda name: f"{where(name)}, board {number}") if number is not None else where
    dealer = _seat_or_none(tags.get("Dealer"))
    declarer = _seat_or_none(tags.get("Declarer", "").lstrip("^"))
    deal = None
    deal_text = tags.get("Deal", "").strip()
    if deal_text and not _partial(deal_text):
        try:
            deal = Deal.from_pbn(deal_text)
        except MiniBridgeError as err:
            raise PBNError(f"the deal cannot be: {err.message}", where=place("Deal")) from None
    contract = tags.get("Contract", "").strip() or None
    result = None
    result_text = tags.get("Result", "").strip()
    if result_text and result_text != "?":
        match = _RESULT.match(result_text)
        if not match:
            raise PBNError(
                f"the result '{result_text}' is not a number of tricks; write it like [Result \"9\"]",
                where=place("Result"),
            )
        result = int(match.group(2))
        most = deal.cards_per_hand if deal is not None else 13
        if result > most:
            raise PBNError(
                f"the result '{result_text}' is more tricks than there are: 0 to {most}", where=place("Result")
            )
        side = match.group(1)
        if side and declarer is not None and Side.from_str(side) is not declarer.side:
            result = most - result
    play = None
    if "Play" in tags and tags["Play"].strip() not in ("", "?", "-"):
        play = _play(tags["Play"], game.sections.get("Play", []), deal, place("Play"))
    sections = {name: [" ".join(words) for _, words in lines] for name, lines in game.sections.items() if lines}
    sections.pop("Play", None)
    board = Board(
        number=number,
        dealer=dealer,
        deal=deal,
        declarer=declarer,
        contract=pbn_contract(contract),
        result=result,
        play=play,
        tags=dict(tags),
        sections=sections,
        line=game.line,
        source=source,
    )
    board.read_as = {name: getattr(board, attr) for name, attr in _FIELDS.items()}
    return board


def _seat_or_none(text: str | None) -> Seat | None:
    text = (text or "").strip()
    if len(text) == 1 and text.upper() in "NESW":
        return Seat.from_str(text)
    return None


def _partial(deal_text: str) -> bool:
    """A deal with a hand written ``-`` (unknown)."""
    return any(part == "-" for part in deal_text.partition(":")[2].split())


def _play(leader_text: str, lines: list[tuple[int, list[str]]], deal: Deal | None, tag_place: str) -> PlayRecord:
    """The Play section: each line a trick, its columns the seats clockwise from the opening leader.

    Some programs write a trick in the order its cards fell; when the deal shows that each card of a line
    belongs to a different seat, the cards go to the seats that hold them.
    """
    holders = {} if deal is None else deal.holders()
    leader = _seat_or_none(leader_text)
    if leader is None:
        raise PBNError(f'[Play "{leader_text}"] should name the opening leader: N, E, S or W', where=tag_place)
    order = leader.clockwise()
    rows: list[CardRow] = []
    for line_number, words in lines:
        cells: list[Card | None] = []
        ended = False
        for word in words:
            if word == "*":
                ended = True
                break
            if word.startswith(("$", "=")) or word in ("!", "?"):
                continue
            if word in ("-", "+"):
                cells.append(None)
                continue
            try:
                cells.append(Card.from_str(_CARD_MARKS.sub("", word)))
            except MiniBridgeError:
                raise PBNError(
                    f"'{word}' in the play is not a card; write cards like SA, HT or D7, '-' for one not played",
                    where=tag_place.rsplit(", line", 1)[0] + f", line {line_number}",
                ) from None
        if len(cells) > 4:
            raise PBNError(
                f"a line of the play has {len(cells)} cards; each line is one trick of four",
                where=tag_place.rsplit(", line", 1)[0] + f", line {line_number}",
            )
        if any(cell is not None for cell in cells):
            cells += [None] * (4 - len(cells))
            row: list[Card | None] = [None, None, None, None]
            for seat, cell in zip(order, cells, strict=True):
                row[seat] = cell
            seats = [holders.get(cell) for cell in cells if cell is not None]
            if None not in seats and len(set(seats)) == len(seats) and seats:
                row = [None, None, None, None]
                for cell in cells:
                    if cell is not None:
                        row[holders[cell]] = cell
            rows.append((row[0], row[1], row[2], row[3]))
        if ended:
            break
    return PlayRecord(leader=leader, tricks=tuple(rows))


def loads(text: str, *, source: str = "<text>") -> list[Board]:
    """Every game of a PBN text, in file order."""
    return [_board(game, source) for game in _resolve(_games(text.lstrip("\ufeff"), source))]


def load(path: str | Path) -> list[Board]:
    """Every game of a PBN file (UTF-8 or Latin-1), in file order."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise PBNError("there is no such file; check the name and the folder", where=str(path)) from None
    except IsADirectoryError:
        raise PBNError("this is a folder, not a PBN file", where=str(path)) from None
    except OSError as err:
        raise PBNError(f"the file cannot be read ({err.strerror})", where=str(path)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    if "\x00" in text:
        raise PBNError("this is not a PBN file (it is not text)", where=str(path))
    boards = loads(text, source=str(path))
    if not boards:
        raise PBNError('this is not a PBN file: it has no tags like [Board "1"] or [Deal "N:…"]', where=str(path))
    return boards


# --- writing ---------------------------------------------------------------------------------------------------

_OWN_TAGS = ("Board", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result", "Play")


def _tag(name: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def _own_values(board: Board) -> dict[str, str]:
    """The values of the tags a board holds as fields: as read when unchanged, else written anew."""
    first = board.dealer if board.dealer is not None else Seat.NORTH
    values = {
        "Board": "" if board.number is None else str(board.number),
        "Dealer": "" if board.dealer is None else board.dealer.letter,
        "Vulnerable": board.tags.get("Vulnerable", "" if board.tags else "None"),
        "Deal": "" if board.deal is None else board.deal.to_pbn(first),
        "Declarer": "" if board.declarer is None else board.declarer.letter,
        "Contract": "" if board.contract is None else str(board.contract),
        "Result": "" if board.result is None else str(board.result),
        "Play": "" if board.play is None else board.play.leader.letter,
    }
    for name, attr in _FIELDS.items():
        if name in board.tags and name in board.read_as and getattr(board, attr) == board.read_as[name]:
            values[name] = board.tags[name]
    return values


def _changed(board: Board, name: str) -> bool:
    """A field that is not as it was read (every field of a board not read from a file)."""
    attr = _FIELDS.get(name)
    return attr is None or name not in board.read_as or getattr(board, attr) != board.read_as[name]


def _play_lines(play: PlayRecord) -> list[str]:
    order = play.leader.clockwise()
    lines = [" ".join("-" if row[seat] is None else str(row[seat]) for seat in order) for row in play.tricks]
    if not play.tricks or any(card is None for card in play.tricks[-1]):
        lines.append("*")
    return lines


def _board_text(board: Board) -> str:
    """One game: the file's tags in their order (the board's fields as they are now), then any field not yet there."""
    own = _own_values(board)
    names = list(board.tags) + [
        name for name in _OWN_TAGS if name not in board.tags and own[name] and _changed(board, name)
    ]
    if "Play" in names:
        names.remove("Play")
        if board.play is not None:
            names.append("Play")
    lines: list[str] = []
    for name in names:
        lines.append(_tag(name, own.get(name, board.tags.get(name, ""))))
        lines.extend(_play_lines(board.play) if name == "Play" and board.play else board.sections.get(name, []))
    return "\n".join(lines) + "\n"


def dumps(boards: Iterable[Board]) -> str:
    """PBN text of the boards, one game each, separated by empty lines."""
    return "% PBN 2.1\n% EXPORT\n\n" + "\n".join(_board_text(board) for board in boards)


def dump(boards: Iterable[Board], fp: TextIO) -> None:
    """Write :func:`dumps` of the boards to a text stream."""
    fp.write(dumps(boards))
