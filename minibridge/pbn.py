"""PBN files (Portable Bridge Notation): boards with their deal, contract, result and recorded play.

``load``/``loads`` read every game of a file, ``dump``/``dumps`` write boards back, like the ``json`` module.
Reading copes with what real files do: ``%`` lines, ``;`` and ``{…}`` comments, tag inheritance with ``#`` and
``##``, CRLF line ends, Latin-1 or UTF-8, voids, partial deals with ``-`` or ``...`` hands, play records cut short
by a claim (``*``) and padded with ``-``, tricks written in the order their cards fell, notes and NAGs in the
play, the irregularity marks ``^R`` (a revoke) and ``^L`` (a lead out of turn), every form of the Result tag
(``9``, ``NS 9``, ``EW 4``, ``NS 9 EW 4``, and ``^9`` for a number of tricks the players agreed), passed-out
boards, and a file that holds only its ``% PBN`` header.

>>> deal = "N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876"
>>> board = loads(f'[Board "1"]\\n[Dealer "N"]\\n[Deal "{deal}"]')[0]
>>> board.number, board.dealer.letter, board.deal[Seat.NORTH].hcp
(1, 'N', 10)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from itertools import compress
from operator import itemgetter
from pathlib import Path
from typing import TextIO

from minibridge.board import Board, CardRow, PlayRecord
from minibridge.cards import CARDS, Card, Seat, Side
from minibridge.contract import pbn_contract
from minibridge.deal import UNKNOWN_HANDS, Deal, Hand, known_hands
from minibridge.errors import MiniBridgeError, PBNError, file_place
from minibridge.language import gettext

__all__ = ["load", "loads", "dump", "dumps"]

_FIELDS: dict[str, Callable[[Board], object]] = {
    "Board": lambda board: board.number,
    "Dealer": lambda board: board.dealer,
    "Deal": lambda board: board.deal,
    "Declarer": lambda board: board.declarer,
    "Contract": lambda board: board.contract,
    "Result": lambda board: (board.result, board.result_by_agreement),
    "Play": lambda board: board.play,
}
"""The tags a board holds as fields, and the value of each that ``read_as`` keeps."""


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
_RESULT = re.compile(r"\s*(\^)?\s*(?:(\d{1,2})|(NS|EW)\s+(\d{1,2})(?:\s+(NS|EW)\s+(\d{1,2}))?)\s*", re.IGNORECASE)
_MARKS = frozenset("RL")
"""The irregularity marks of the play (PBN 2.1 §3.9): ``^R`` a revoke, ``^L`` a lead out of turn."""
_PBN_HEADER = re.compile(r"\s*%\s*PBN\b", re.IGNORECASE)
_PLAIN_TAG = re.compile(
    r'\[([A-Za-z0-9_]++) "([^"\\\n]*+(?:\\.[^"\\\n]*+)*+)"\][ \t]*+(?:\n|\Z)((?:[^\s\[%][^\n]*+(?:\n|\Z))*+)'
)
"""A line holding one tag and nothing else, and the lines of words after it (its section)."""
_PLAIN_GAP = re.compile(r"(?:(?:%[^\n]*|[ \t]*)\n)*")
"""What may stand between the tags of a plain text: whole ``%`` lines and empty lines."""
_PLAIN_PLAY = re.compile(r"(?:[SHDC][2-9TJQKA] [SHDC][2-9TJQKA] [SHDC][2-9TJQKA] [SHDC][2-9TJQKA][ \t]*(?:\n|\Z))*")
_ODD_IN_ROWS = re.compile(r'[\[\]{};"\x1c-\x1f\x85\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]')
"""What :data:`_TOKENS` reads in a section other than as words and spaces (or not at all)."""
_ODD_IN_ASCII = re.compile(r'[\[\]{};"\x1c-\x1f]')
"""The same, in a section of ASCII characters only."""
_SEATS: dict[str, Seat] = {letter: Seat.from_str(letter) for letter in "NESWnesw"}
_CODES = bytes.maketrans(b"CDHS23456789TJQKA", b"0123" + b"0123456789abc")
"""A card written like ``SA`` as two hex digits, the code of :data:`_CARD_BY_CODE`: its suit (clubs 0 … spades 3)
and its rank (the two 0 … the ace c)."""
_CARD_BY_CODE: tuple[Card | None, ...] = tuple(
    CARDS[code // 16 * 13 + code % 16] if code < 64 and code % 16 < 13 else None for code in range(256)
)
_BIT_BY_CODE: tuple[int, ...] = tuple(1 << card.index if card is not None else 1 << 52 for card in _CARD_BY_CODE)
_COLUMNS = {leader: tuple((seat - leader) % 4 for seat in Seat) for leader in Seat}
"""By the opening leader, the column of the Play section of each seat, North's first."""
_read_contract = lru_cache(maxsize=256)(pbn_contract)


class _Holdings(dict[str, int]):
    """The holdings of one suit met so far (``AKT``): their ranks as 13 bits, the two lowest; -1 for a holding
    that holds a rank twice."""

    def __missing__(self, holding: str) -> int:
        bits = 0
        for letter in holding:
            rank = "23456789TJQKA".index(letter)
            if bits >> rank & 1:
                return -1
            bits |= 1 << rank
        self[holding] = bits
        return bits


_HOLDINGS = _Holdings()
_FIRST_SEATS = {f"{seat.letter}:": seat for seat in Seat}
_PLAIN_DEAL = re.compile(" +".join([r"([2-9TJQKA]*)\.([2-9TJQKA]*)\.([2-9TJQKA]*)\.([2-9TJQKA]*)"] * 4))


class _Game:
    """One game as read: the line of its first tag, its tags (unresolved), where each stands (the general reader
    only), its sections as (line, words) per line, and in a plain text its Play section as written."""

    __slots__ = ("line", "tags", "tag_lines", "sections", "play_rows")

    def __init__(self, line: int, tags: dict[str, str] | None = None) -> None:
        self.line = line
        self.tags: dict[str, str] = {} if tags is None else tags
        self.tag_lines: dict[str, int] = {}
        self.sections: dict[str, list[tuple[int, list[str]]]] = {}
        self.play_rows: str | None = None
        """In a plain text, the Play section as written (then not in ``sections``)."""


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
                raise PBNError(
                    gettext("a comment opened with '{' is never closed with '}'"), where=file_place(source, line=line)
                )
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
                    gettext(
                        "'%(text)s' stands outside any tag: this is not a PBN file, which is made of "
                        'tags like [Board "1"] and [Deal "N:…"]'
                    )
                    % {"text": _short(match.group())},
                    where=file_place(source, line=line),
                )
            if section and section[-1][0] == line:
                section[-1][1].append(match.group())
            else:
                section.append((line, [match.group()]))
        else:
            raise PBNError(
                gettext('cannot read \'%(text)s\': a tag is written [Name "value"], like [Board "1"]')
                % {"text": _short(text[match.start() :].splitlines()[0])},
                where=file_place(source, line=line),
            )
    if game is not None:
        yield game


def _plain_games(text: str) -> list[_Game] | None:
    """The games of a plain PBN text as :func:`_games` reads them (but for where each tag stands), or None when
    the text is not plain.

    Plain is what most files are: lines each holding one tag, lines of words after a tag, ``%`` lines and
    empty lines, no tag twice in a game. Anything else (comments, several tags on a line, words out of place)
    is for :func:`_games`, which also finds what is wrong, and where.
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n")
        if "\r" in text:
            return None
    parts = _PLAIN_TAG.split(text)  # what stands before the first tag, then each tag's name, value, section, gap
    gaps, names, values, sections = parts[0::4], parts[1::4], parts[2::4], parts[3::4]
    count = len(names)
    if _PLAIN_GAP.fullmatch(gaps[0] if count else gaps[0] + "\n") is None:
        return None
    if not count:
        return []
    if "\\" in text:
        values = [_UNESCAPE.sub(r"\1", value) if "\\" in value else value for value in values]
    ends = []  # where each game ends: at a gap holding an empty line
    for place in compress(range(1, count + 1), gaps[1:]):
        gap = gaps[place]
        if _PLAIN_GAP.fullmatch(gap if place < count else gap + "\n") is None:
            return None
        if place < count and not all(line.startswith("%") for line in gap[:-1].split("\n")):
            ends.append(place)
    ends.append(count)
    line = 1 + gaps[0].count("\n")
    if ends[0] == count:  # one game
        game = _plain_game(line, names, values, sections)
        return None if game is None else [game]
    games = []
    start = 0
    for end in ends:
        game = _plain_game(line, names[start:end], values[start:end], sections[start:end])
        if game is None:
            return None
        games.append(game)
        line += end - start + "".join(sections[start:end]).count("\n") + "".join(gaps[start + 1 : end + 1]).count("\n")
        start = end
    return games


def _plain_game(line: int, names: list[str], values: list[str], sections: list[str]) -> _Game | None:
    """One game of a plain text from its tags' names and values, and the section after each (if any); None for a
    game the general reader must read (an odd character in a section, the Play tag twice). A tag given twice
    keeps its last value, and its sections are joined, as the general reader does."""
    game = _Game(line, dict(zip(names, values, strict=True)))
    for place in compress(range(len(names)), sections):
        rows = sections[place]
        if _ODD_IN_ROWS.search(rows) if not rows.isascii() else _ODD_IN_ASCII.search(rows):
            return None
        name = names[place]
        if name != "Play":
            game.sections.setdefault(name, []).extend(_section_lines(rows))
        elif game.play_rows is None and names.count("Play") == 1:
            game.play_rows = rows
        else:
            return None
    return game


def _section_lines(rows: str) -> list[tuple[int, list[str]]]:
    """The lines of a plain section as :func:`_games` gives them, (line, words), but for where each line stands:
    the quick path leaves errors, and where they are, to the general reader."""
    lines = rows.split("\n")
    if not lines[-1]:
        lines.pop()
    return [(0, line.split()) for line in lines]


def _short(text: str) -> str:
    text = text.strip()
    return text if len(text) <= 40 else text[:37] + "…"


def _resolve(games: Iterable[_Game]) -> Iterator[_Game]:
    """Games with inherited tag values filled in: ``#`` copies the previous game's value once, ``##value`` (or
    ``##`` alone, the previous value) goes on into the following games until the tag is given again."""
    previous: dict[str, str] = {}
    lasting: dict[str, str] = {}
    for game in games:
        if not lasting and "#" not in "".join(game.tags.values()):
            previous = game.tags  # read, never changed
            yield game
            continue
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


def _board(game: _Game, source: str, deals: dict[str, Deal | None]) -> Board:
    """The board of one game, its tags resolved; ``deals`` keeps the deals read so far (a club's file gives each
    deal once a table)."""
    tags = game.tags
    board_text = tags.get("Board", "").strip()
    number = int(board_text) if board_text.isdecimal() else None
    dealer = _seat_or_none(tags.get("Dealer"))
    declarer_text = tags.get("Declarer", "").lstrip("^").strip()
    declarer = _SEATS.get(declarer_text)
    if declarer is None and declarer_text not in ("", "?"):
        raise PBNError(
            gettext("the declarer '%(text)s' is not a seat; write N, E, S or W") % {"text": _short(declarer_text)},
            where=_place(game, source, "Declarer", number),
        )
    deal = None
    partial: dict[Seat, Hand] = {}
    deal_text = tags.get("Deal", "").strip()
    if deal_text:
        try:
            deal = deals[deal_text] if deal_text in deals else deals.setdefault(deal_text, _deal(deal_text))
            if deal is None:
                partial = known_hands(deal_text)
        except MiniBridgeError as err:
            raise PBNError(
                gettext("the deal cannot be: %(problem)s") % {"problem": err.message},
                where=_place(game, source, "Deal", number),
            ) from None
    contract = _read_contract(tags.get("Contract", "").strip() or None)
    result = None
    by_agreement = False
    result_text = tags.get("Result", "").strip()
    if result_text and result_text != "?":
        most = deal.hands[0].mask.bit_count() if deal is not None else 13  # the tricks there are
        if len(result_text) <= 2 and result_text.isdecimal() and int(result_text) <= most:  # the usual form
            result = int(result_text)
        else:
            try:
                result, by_agreement = _result(
                    result_text, declarer.side if declarer is not None else Side.NORTH_SOUTH, most
                )
            except PBNError as err:
                raise err.at(_place(game, source, "Result", number)) from None
    play = None
    leader_text = tags.get("Play", "").strip()
    if leader_text and leader_text not in ("?", "-"):
        play = _play(leader_text, game, deal, lambda line=None: _place(game, source, "Play", number, line))
    sections = {}
    if game.sections:
        sections = {
            name: [" ".join(words) for _, words in lines]
            for name, lines in game.sections.items()
            if lines and name != "Play"
        }
    read_as: dict[str, object] = {
        "Board": number,
        "Deal": deal,
        "Declarer": declarer,
        "Contract": contract,
        "Result": (result, by_agreement),
        "Play": play,
    }
    board = Board(
        number=number,
        dealer=dealer,
        deal=deal,
        declarer=declarer,
        contract=contract,
        result=result,
        result_by_agreement=by_agreement,
        partial_deal=partial,
        play=play,
        tags=tags,
        sections=sections,
        line=game.line,
        source=source,
        read_as=read_as,
    )
    read_as["Dealer"] = board.dealer  # the dealer of its number, if no other
    return board


def _place(game: _Game, source: str, name: str, number: int | None, line: int | None = None) -> str:
    """Where a tag of a game stands: the file, the line, the board; or a ``line`` of its section: the file and
    that line (in the language in use)."""
    if line is not None:
        return file_place(source, line=line)
    return file_place(source, line=game.tag_lines.get(name, game.line), board=number)


def _result(text: str, side: Side, most: int) -> tuple[int, bool]:
    """The tricks of ``side`` that a Result tag gives, and whether the players agreed them (a leading ``^``).

    ``9`` is the tricks of ``side`` (declarer's, North–South's without a declarer); ``NS 9``, ``EW 4``,
    ``NS 9 EW 4`` and ``EW 4 NS 9`` name the side; ``most`` is how many tricks there are.
    """
    match = _RESULT.fullmatch(text)
    if match is None:
        raise PBNError(
            gettext(
                'the result \'%(text)s\' is not a number of tricks; write it like [Result "9"], [Result "NS 9"] '
                'or [Result "NS 9 EW 4"]'
            )
            % {"text": text}
        )
    agreed, plain, first_side, first, second_side, second = match.groups()
    counts = [int(plain)] if plain is not None else [int(first)] + ([int(second)] if second is not None else [])
    if max(counts) > most:
        raise PBNError(
            gettext("the result '%(text)s' is more tricks than there are: 0 to %(most)s") % {"text": text, "most": most}
        )
    if plain is not None:
        return counts[0], agreed is not None
    named = Side.from_str(first_side)
    if second_side is not None:
        if Side.from_str(second_side) is named:
            raise PBNError(
                gettext("the result '%(text)s' names %(side)s twice; write it like NS 9 EW 4")
                % {"text": text, "side": named.in_words}
            )
        if sum(counts) != most:
            raise PBNError(
                gettext(
                    "the result '%(text)s' gives %(count)s tricks in all, but there are %(most)s: the two sides' "
                    "tricks add up to %(most)s"
                )
                % {"text": text, "count": sum(counts), "most": most}
            )
    tricks = counts[0] if named is side else most - counts[0]
    return tricks, agreed is not None


def _seat_or_none(text: str | None) -> Seat | None:
    return _SEATS.get((text or "").strip())


def _deal(text: str) -> Deal | None:
    """``Deal.from_pbn(text)``, quicker for the usual deal (a seat, then four hands of upper-case ranks); None for a
    deal with a hand written as unknown (``-`` or ``...``)."""
    first = _FIRST_SEATS.get(text[:2])
    match = None if first is None else _PLAIN_DEAL.fullmatch(text, 2)
    if match is None:
        return _any_deal(text)
    b = itemgetter(*match.groups())(_HOLDINGS)
    masks = (
        b[0] << 39 | b[1] << 26 | b[2] << 13 | b[3],
        b[4] << 39 | b[5] << 26 | b[6] << 13 | b[7],
        b[8] << 39 | b[9] << 26 | b[10] << 13 | b[11],
        b[12] << 39 | b[13] << 26 | b[14] << 13 | b[15],
    )
    north, east, south, west = masks[-first:] + masks[:-first]  # clockwise from the first, put in seat order
    size = north.bit_count()
    if not (
        size > 0
        and -1 not in b  # no holding of -1
        and east.bit_count() == south.bit_count() == west.bit_count() == size
        and (north | east | south | west).bit_count() == 4 * size
    ):
        return _any_deal(text)  # which says what is wrong, or finds a hand written as unknown
    deal = Deal.__new__(Deal)  # the checks of Deal() are the ones just made
    object.__setattr__(deal, "hands", (Hand(north), Hand(east), Hand(south), Hand(west)))
    return deal


def _any_deal(text: str) -> Deal | None:
    """``Deal.from_pbn(text)``; None for a deal with a hand written as unknown."""
    hands = text.partition(":")[2].split()
    return None if any(hand in UNKNOWN_HANDS for hand in hands) else Deal.from_pbn(text)


def _play(leader_text: str, game: _Game, deal: Deal | None, place: Callable[..., str]) -> PlayRecord:
    """The Play section: each line a trick, its columns the seats clockwise from the opening leader.

    Some programs write a trick in the order its cards fell; when the deal shows that each card of a line
    belongs to a different seat, the cards go to the seats that hold them, and the first of them was led.
    A card may carry an irregularity mark, ``^R`` (a revoke) or ``^L`` (led out of turn), after it or on it.
    """
    leader = _SEATS.get(leader_text)
    if leader is None:
        raise PBNError(
            gettext('[Play "%(text)s"] should name the opening leader: N, E, S or W') % {"text": leader_text},
            where=place(),
        )
    rows = game.play_rows
    if rows is None:
        return _tricks(leader, game.sections.get("Play", []), deal, place)
    # the lines of four plain cards at the start quickly, if they can be, the rest (a claim …) as any
    plain, end = _plain_rows(rows)
    tricks = _plain_tricks(leader, plain, deal) if plain else ()
    if tricks is None:
        tricks, end = (), 0
    if end == len(rows):
        return PlayRecord.of_tricks(leader, tricks)
    rest = _tricks(leader, _section_lines(rows[end:]), deal, place)
    if not tricks:
        return rest
    leads = (None,) * len(tricks) + rest.leads if rest.leads else ()
    return dataclasses.replace(rest, tricks=tricks + rest.tricks, leads=leads)


def _plain_rows(rows: str) -> tuple[str, int]:
    """The lines of four cards written like ``SA`` and nothing else at the start of a Play section, each as eleven
    characters and a line end; and how much of the section they take."""
    lines = rows.count("\n")
    if len(rows) == 12 * lines and rows[11::12] == "\n" * lines:  # lines of eleven characters: four cards, it may be
        return rows, len(rows)
    end = _PLAIN_PLAY.match(rows).end()  # type: ignore[union-attr]  # always matches, if only ""
    return "".join(line[:11] + "\n" for line in rows[:end].splitlines()), end


def _plain_tricks(leader: Seat, rows: str, deal: Deal | None) -> tuple[CardRow, ...] | None:
    """The tricks of lines of four cards written like ``SA``, each line eleven characters and a line end; None when
    the lines are not that, or their cards not simply in their columns' seats (a card twice, or not dealt to its
    column's seat)."""
    try:
        data = rows.encode("ascii")
    except UnicodeEncodeError:
        return None
    lines = len(data) // 12
    if (
        data[2::3] != b"   \n" * lines
        or data[0::3].translate(None, b"CDHS")  # a suit that is none
        or data[1::3].translate(None, b"23456789TJQKA")  # a rank that is none
    ):
        return None
    codes = bytes.fromhex(data.translate(_CODES, b" \n").decode("ascii"))
    if leader:  # each trick's cards in seat order, North's first
        north, east, south, west = _COLUMNS[leader]
        by_seat = bytearray(len(codes))
        by_seat[0::4], by_seat[1::4], by_seat[2::4], by_seat[3::4] = (
            codes[north::4],
            codes[east::4],
            codes[south::4],
            codes[west::4],
        )
        codes = bytes(by_seat)
    card_of = itemgetter(*codes)
    if deal is not None:
        bits = card_of(_BIT_BY_CODE)
        n, e, s, w = sum(bits[0::4]), sum(bits[1::4]), sum(bits[2::4]), sum(bits[3::4])
        if (n | e | s | w).bit_count() != len(bits):  # a card twice
            return None
        hands = deal.hands
        if n & ~hands[0].mask or e & ~hands[1].mask or s & ~hands[2].mask or w & ~hands[3].mask:
            return None
    cards = iter(card_of(_CARD_BY_CODE))
    return tuple(zip(cards, cards, cards, cards, strict=True))  # four at a time: a trick


def _tricks(
    leader: Seat, lines: list[tuple[int, list[str]]], deal: Deal | None, place_of: Callable[[int], str]
) -> PlayRecord:
    """The tricks of any Play section: dashes, claims, notes, marks, cards in the order they fell."""
    holder = (lambda card: None) if deal is None else deal.holder
    order = leader.clockwise()
    rows: list[CardRow] = []
    leads: list[Seat | None] = []
    marked: dict[str, set[Card]] = {"R": set(), "L": set()}
    for line_number, words in lines:
        place = place_of(line_number)
        cells, marks, ended = _cells(words, place)
        if len(cells) > 4:
            raise PBNError(
                gettext("a line of the play has %(count)s cards; each line is one trick of four")
                % {"count": len(cells)},
                where=place,
            )
        if any(cell is not None for cell in cells):
            cells += [None] * (4 - len(cells))
            row: list[Card | None] = [None, None, None, None]
            for seat, cell in zip(order, cells, strict=True):
                row[seat] = cell
            present = [cell for cell in cells if cell is not None]
            seats = [holder(cell) for cell in present]
            lead = None
            if (
                None not in seats
                and len(set(seats)) == len(seats)
                and seats
                and seats != [seat for seat, cell in zip(order, cells, strict=True) if cell is not None]
            ):  # written in the order the cards fell
                row = [None, None, None, None]
                for cell, seat in zip(present, seats, strict=True):
                    row[seat] = cell
                if len(present) == 4 and cells[0] is not None:
                    lead = seats[0]
            out_of_turn = [cell for cell, mark in marks if mark == "L"]
            if len(out_of_turn) > 1:
                raise PBNError(
                    gettext("two cards of one trick are marked ^L (led out of turn); one card leads"), where=place
                )
            if out_of_turn:
                lead = Seat(row.index(out_of_turn[0]))
            for cell, mark in marks:
                marked[mark].add(cell)
            rows.append((row[0], row[1], row[2], row[3]))
            leads.append(lead)
        if ended:
            break
    return PlayRecord(
        leader=leader,
        tricks=tuple(rows),
        leads=tuple(leads) if any(lead is not None for lead in leads) else (),
        revokes=frozenset(marked["R"]),
        led_out_of_turn=frozenset(marked["L"]),
    )


def _cells(words: list[str], place: str) -> tuple[list[Card | None], list[tuple[Card, str]], bool]:
    """One line of a Play section: its cards (None for ``-``), the marks on them, and whether a ``*`` ends it."""
    cells: list[Card | None] = []
    marks: list[tuple[Card, str]] = []
    for word in words:
        if word == "*":
            return cells, marks, True
        if word.startswith(("$", "=")) or word in ("!", "?"):
            continue
        if word in ("-", "+"):
            cells.append(None)
            continue
        written, caret, mark = word.partition("^")
        if written:
            try:
                cells.append(Card.from_str(_CARD_MARKS.sub("", written)))
            except MiniBridgeError:
                raise PBNError(
                    gettext(
                        "'%(text)s' in the play is not a card; write cards like SA, HT or D7, '-' for one not played"
                    )
                    % {"text": word},
                    where=place,
                ) from None
        if caret:
            mark = mark.upper()
            if mark not in _MARKS:
                raise PBNError(
                    gettext("'%(text)s' in the play is not a mark I know: ^R marks a revoke, ^L a lead out of turn")
                    % {"text": word},
                    where=place,
                )
            if not cells or cells[-1] is None:
                raise PBNError(
                    gettext("the mark '^%(mark)s' must follow the card it marks, like H2 ^%(mark)s") % {"mark": mark},
                    where=place,
                )
            marks.append((cells[-1], mark))
    return cells, marks, False


MAX_PBN_BYTES = 16 * 1024 * 1024
"""The largest PBN file read (a club's year of results is some 2 MB)."""
MAX_TAG_VALUE = 4096
"""The longest tag value read (a deal is 67 characters)."""
_LONG_VALUE = re.compile('"[^"\\r\\n]{' + str(MAX_TAG_VALUE) + "}")


def loads(text: str, *, source: str = "<text>") -> list[Board]:
    """Every game of a PBN text, in file order."""
    text = text.lstrip("\ufeff")
    if len(text) > MAX_PBN_BYTES:
        raise PBNError(
            gettext("is larger than %(size)s MB: too large for a PBN file") % {"size": MAX_PBN_BYTES // (1024 * 1024)},
            where=source,
        )
    long = _LONG_VALUE.search(text)
    if long is not None:
        line = text.count("\n", 0, long.start()) + 1
        raise PBNError(
            gettext("a tag value is longer than %(most)s characters: this is not a PBN file") % {"most": MAX_TAG_VALUE},
            where=file_place(source, line=line),
        )
    games = _plain_games(text)
    if games is not None:
        try:
            deals: dict[str, Deal | None] = {}
            return [_board(game, source, deals) for game in (_resolve(games) if "#" in text else games)]
        except PBNError:
            pass  # the general reader says what is wrong, and where
    deals = {}
    return [_board(game, source, deals) for game in _resolve(_games(text, source))]


def load(path: str | Path) -> list[Board]:
    """Every game of a PBN file (UTF-8 or Latin-1), in file order; none for a file that holds only its ``% PBN``
    header."""
    path = Path(path)
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_PBN_BYTES + 1)
    except FileNotFoundError:
        raise PBNError(gettext("there is no such file; check the name and the folder"), where=str(path)) from None
    except IsADirectoryError:
        raise PBNError(gettext("this is a folder, not a PBN file"), where=str(path)) from None
    except OSError as err:
        raise PBNError(
            gettext("the file cannot be read (%(reason)s)") % {"reason": err.strerror}, where=str(path)
        ) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    if "\x00" in text:
        raise PBNError(gettext("this is not a PBN file (it is not text)"), where=str(path))
    boards = loads(text, source=str(path))
    if not boards and not _PBN_HEADER.match(text.lstrip("\ufeff")):
        raise PBNError(
            gettext('this is not a PBN file: it has no tags like [Board "1"] or [Deal "N:…"]'), where=str(path)
        )
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
        "Result": "" if board.result is None else "^" * board.result_by_agreement + str(board.result),
        "Play": "" if board.play is None else board.play.leader.letter,
    }
    for name, value in _FIELDS.items():
        if name in board.tags and name in board.read_as and value(board) == board.read_as[name]:
            values[name] = board.tags[name]
    return values


def _changed(board: Board, name: str) -> bool:
    """A field that is not as it was read (every field of a board not read from a file)."""
    value = _FIELDS.get(name)
    return value is None or name not in board.read_as or value(board) != board.read_as[name]


def _play_lines(play: PlayRecord) -> list[str]:
    """The Play section: a line a trick, in columns clockwise from the opening leader, marks after their cards."""
    order = play.leader.clockwise()
    marks = dict.fromkeys(play.revokes, " ^R") | dict.fromkeys(play.led_out_of_turn, " ^L")
    lines = [
        " ".join("-" if row[seat] is None else f"{row[seat]}{marks.get(row[seat], '')}" for seat in order)  # type: ignore[arg-type]
        for row in play.tricks
    ]
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
