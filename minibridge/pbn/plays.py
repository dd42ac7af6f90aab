"""The Play section of a PBN game: each line a trick, its columns the seats clockwise from the opening leader.

Some programs write a trick in the order its cards fell; when the deal shows that each card of a line belongs to a
different seat, the cards go to the seats that hold them, and the first of them was led. A card may carry an
irregularity mark, ``^R`` (a revoke) or ``^L`` (led out of turn), after it or on it. A play cut short by a claim
ends with ``*``; ``-`` stands for a card not played; notes and NAGs are left aside.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from operator import itemgetter

from minibridge.board import CardRow, PlayRecord
from minibridge.cards import CARDS, Card, Seat
from minibridge.deal import Deal, deal_written_as
from minibridge.errors import MiniBridgeError, PBNError
from minibridge.language import gettext
from minibridge.pbn.general import Game, place_of
from minibridge.pbn.plain import section_lines

__all__ = ["play_record", "deal_and_play", "SEATS"]

SEATS: dict[str, Seat] = {text: seat for seat in Seat for text in (seat.letter, seat.letter.lower())}
"""The seats by their letter, in either case."""
_CARD_MARKS = re.compile(r"[!?]+$")
_MARKS = frozenset("RL")
"""The irregularity marks of the play (PBN 2.1 §3.9): ``^R`` a revoke, ``^L`` a lead out of turn."""
_PLAIN_LINES = re.compile(r"(?:[SHDC][2-9TJQKA] [SHDC][2-9TJQKA] [SHDC][2-9TJQKA] [SHDC][2-9TJQKA][ \t]*(?:\n|\Z))*")
"""The lines of four cards written like ``SA`` at the start of a Play section (spaces may end a line)."""
_CODES = bytes.maketrans(b"CDHS23456789TJQKA", b"0123" + b"0123456789abc")
"""A card written like ``SA`` as two hex digits, the code of :data:`_CARD_BY_CODE`: its suit (clubs 0 … spades 3)
and its rank (the two 0 … the ace c)."""
_CARD_BY_CODE: tuple[Card | None, ...] = tuple(
    CARDS[code // 16 * 13 + code % 16] if code < 64 and code % 16 < 13 else None for code in range(256)
)
_BIT_BY_CODE: tuple[int, ...] = tuple(1 << card.index if card is not None else 1 << 52 for card in _CARD_BY_CODE)
"""The bit of each card in a hand's mask, by its code (a bit no card has for a code that is no card's)."""
_COLUMNS = {leader: tuple((seat - leader) % 4 for seat in Seat) for leader in Seat}
"""By the opening leader, the column of the Play section of each seat, North's first."""


def play_record(leader_text: str, game: Game, deal: Deal | None, source: str, number: int | None) -> PlayRecord:
    """The recorded play of a game whose Play tag is ``leader_text``, in the file ``source`` (board ``number``)."""
    leader = SEATS.get(leader_text)

    def line_place(line: int) -> str:
        return place_of(game, source, "Play", number, line)

    if leader is None:
        raise PBNError(
            gettext('[Play "%(text)s"] should name the opening leader: N, E, S or W') % {"text": leader_text},
            where=place_of(game, source, "Play", number),
        )
    rows = game.play_rows
    if rows is None:
        return _tricks(leader, game.sections.get("Play", []), deal, line_place)
    if game.plain_play:
        tricks = _plain_tricks(leader, rows, deal)
        if tricks is not None:
            return PlayRecord.of_tricks(leader, tricks)
        return _tricks(leader, section_lines(rows), deal, line_place)
    # the lines of four plain cards at the start quickly, if they can be, the rest (a claim …) as any
    end = _PLAIN_LINES.match(rows).end()  # type: ignore[union-attr]  # always matches, if only ""
    plain = rows[:end]
    if plain and (len(plain) % 12 or plain[11::12] != "\n" * (end // 12)):  # spaces end some lines
        plain = "".join(line[:11] + "\n" for line in plain.splitlines())
    tricks = _plain_tricks(leader, plain, deal) if plain else ()
    if tricks is None:
        tricks, end = (), 0
    return _tricks(leader, section_lines(rows[end:]), deal, line_place, tricks)


def deal_and_play(leader_text: str, game: Game, deal_text: str) -> tuple[Deal, PlayRecord] | None:
    """The deal and the recorded play of a game whose Play section holds every card of its deal in lines of four
    (as the quick path of reading finds them), read at once: each seat holds its column's cards, when the deal is
    written as they make it (:func:`~minibridge.deal.deal_written_as`); None for any other game."""
    leader = SEATS.get(leader_text)
    if leader is None or not game.plain_play:
        return None
    cards = _cards(leader, game.play_rows)  # type: ignore[arg-type]  # a plain play has its rows
    deal = None if cards is None else deal_written_as(deal_text, *cards[0])
    if deal is None:
        return None
    return deal, PlayRecord.of_tricks(leader, cards[1])


def _plain_tricks(leader: Seat, rows: str, deal: Deal | None) -> tuple[CardRow, ...] | None:
    """The tricks of lines of four cards written like ``SA``, each line eleven characters and a line end (as the
    quick path of reading finds them); None when their cards are not simply in their columns' seats (a card twice,
    or not dealt to its column's seat)."""
    cards = _cards(leader, rows)
    if cards is None:
        return None
    (n, e, s, w), tricks = cards
    if deal is not None:
        hands = deal.hands
        if n & ~hands[0].mask or e & ~hands[1].mask or s & ~hands[2].mask or w & ~hands[3].mask:
            return None
    return tricks


def _cards(leader: Seat, rows: str) -> tuple[tuple[int, int, int, int], tuple[CardRow, ...]] | None:
    """The cards of lines of four written like ``SA``, each line eleven characters and a line end: each seat's
    column as a bit mask (by card index), North's first, and the tricks; None for a card twice."""
    codes = bytes.fromhex(rows.encode("ascii").translate(_CODES, b" \n").decode("ascii"))
    north, east, south, west = _COLUMNS[leader]
    of_codes = itemgetter(*codes)
    bits = of_codes(_BIT_BY_CODE)
    n, e, s, w = sum(bits[north::4]), sum(bits[east::4]), sum(bits[south::4]), sum(bits[west::4])
    if (n | e | s | w).bit_count() != len(bits):
        return None
    cards = of_codes(_CARD_BY_CODE)
    return (n, e, s, w), tuple(zip(cards[north::4], cards[east::4], cards[south::4], cards[west::4], strict=True))


def _tricks(
    leader: Seat,
    lines: list[tuple[int, list[str]]],
    deal: Deal | None,
    place_of_line: Callable[[int], str],
    first: tuple[CardRow, ...] = (),
) -> PlayRecord:
    """The tricks of any Play section: dashes, claims, notes, marks, cards in the order they fell; after ``first``,
    the tricks read already from its first lines."""
    holder = (lambda card: None) if deal is None else deal.holder
    order = leader.clockwise()
    rows: list[CardRow] = list(first)
    leads: list[Seat | None] = [None] * len(first)
    marked: dict[str, set[Card]] = {"R": set(), "L": set()}
    for line_number, words in lines:
        place = place_of_line(line_number)
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
