"""A PBN game's tags made into a :class:`~minibridge.board.Board`: inheritance resolved, then the board's number,
dealer, deal, declarer, contract, result and recorded play read from their tags, every other tag kept as written."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache

from minibridge.board import Board
from minibridge.cards import Seat, Side
from minibridge.contract import pbn_contract, pbn_strain
from minibridge.deal import UNKNOWN_HANDS, Deal, Hand, known_hands, plain_deal
from minibridge.errors import MiniBridgeError, PBNError
from minibridge.language import gettext
from minibridge.pbn.auction import contract_of_auction
from minibridge.pbn.general import Game, place_of, short
from minibridge.pbn.plays import SEATS, deal_and_play, play_record
from minibridge.reading import digits

__all__ = ["resolve", "board_of"]

_RESULT = re.compile(r"\s*(\^)?\s*(?:(\d{1,2})|(NS|EW)\s+(\d{1,2})(?:\s+(NS|EW)\s+(\d{1,2}))?)\s*", re.IGNORECASE)
_read_contract = lru_cache(maxsize=256)(pbn_contract)


def resolve(games: Iterable[Game]) -> Iterator[Game]:
    """Games with inherited tag values filled in: ``#`` copies the previous game's value once, ``##value`` (or
    ``##`` alone, the previous value) goes on into the following games until the tag is given again."""
    previous: dict[str, str] = {}
    lasting: dict[str, str] = {}
    for game in games:
        if not lasting and "\n#" not in "\n" + "\n".join(game.tags.values()):  # no value starts with '#'
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


def board_of(game: Game, source: str, deals: dict[str, Deal | None]) -> Board:
    """The board of one game, its tags resolved; ``deals`` keeps the deals read so far (a club's file gives each
    deal once a table)."""
    tags = game.tags
    get = tags.get
    board_text = get("Board", "").strip()
    number = digits(board_text)
    dealer = SEATS.get(get("Dealer", "").strip())
    declarer_text = get("Declarer", "").lstrip("^").strip()
    declarer = SEATS.get(declarer_text)
    if declarer is None and declarer_text not in ("", "?"):
        raise PBNError(
            gettext("the declarer '%(text)s' is not a seat; write N, E, S or W") % {"text": short(declarer_text)},
            where=place_of(game, source, "Declarer", number),
        )
    deal = play = None
    partial: dict[Seat, Hand] = {}
    deal_text = get("Deal", "").strip()
    if "-" in deal_text:
        deal_text = _voids_as_empty(deal_text)
    leader_text = get("Play", "").strip()
    if deal_text:
        deal = deals.get(deal_text)
        if deal is None and game.plain_play:  # a complete play, it may be, that shows the deal
            read = deal_and_play(leader_text, game, deal_text)
            if read is not None:
                deal, play = read
                deals[deal_text] = deal
        if deal is None:
            try:
                deal = deals[deal_text] = _deal(deal_text)
                if deal is None:
                    partial = known_hands(deal_text)
            except MiniBridgeError as err:
                raise PBNError(
                    gettext("the deal cannot be: %(problem)s") % {"problem": err.message},
                    where=place_of(game, source, "Deal", number),
                ) from None
    contract_text = get("Contract", "").strip()
    if (not contract_text or declarer is None) and "Auction" in tags:  # PBN 2.1: the auction gives them
        taken = contract_of_auction(
            get("Auction", ""), (" ".join(words) for _, words in game.sections.get("Auction", []))
        )
        if taken is not None and taken.contract is not None:
            if not contract_text:
                contract_text = taken.contract
                declarer = declarer or taken.declarer
            elif declarer is None and pbn_strain(contract_text) is pbn_strain(taken.contract):
                declarer = taken.declarer
    contract = _read_contract(contract_text or None)
    result = None
    by_agreement = False
    result_text = get("Result", "").strip()
    if result_text and result_text != "?":
        most = deal.hands[0].mask.bit_count() if deal is not None else 13  # the tricks there are
        if len(result_text) <= 2 and digits(result_text) is not None and int(result_text) <= most:  # the usual form
            result = int(result_text)
        else:
            try:
                result, by_agreement = _result(
                    result_text, declarer.side if declarer is not None else Side.NORTH_SOUTH, most
                )
            except PBNError as err:
                raise err.at(place_of(game, source, "Result", number)) from None
    if play is None and leader_text and leader_text not in ("?", "-"):
        play = play_record(leader_text, game, deal, source, number)
    sections = (
        {
            name: [" ".join(words) for _, words in lines]
            for name, lines in game.sections.items()
            if lines and name != "Play"
        }
        if game.sections
        else {}
    )
    read_as: dict[str, object] = {
        "Board": number,
        "Deal": deal,
        "Declarer": declarer,
        "Contract": contract,
        "Result": (result, by_agreement),
        "Play": play,
    }
    board = Board.read(
        {
            "number": number,
            "dealer": dealer,
            "deal": deal,
            "declarer": declarer,
            "contract": contract,
            "play": play,
            "result": result,
            "result_by_agreement": by_agreement,
            "partial_deal": partial,
            "tags": tags,
            "sections": sections,
            "line": game.line,
            "source": source,
            "read_as": read_as,
        }
    )
    read_as["Dealer"] = board.dealer  # the dealer of its number, if no other
    return board


def _voids_as_empty(text: str) -> str:
    """A deal with each void written ``-`` inside a hand (``-.A83.AQJ642.K542``, as some programs write it) written
    empty, as PBN does (``.A83.AQJ642.K542``); a hand written ``-`` alone stays unknown.

    >>> _voids_as_empty("N:-.A83.AQJ642.K542 - KQ.-.K.A -")
    'N:.A83.AQJ642.K542 - KQ..K.A -'
    """
    first, colon, hands = text.rpartition(":")
    return (
        first
        + colon
        + " ".join(
            ".".join("" if suit == "-" else suit for suit in hand.split(".")) if "." in hand else hand
            for hand in hands.split()
        )
    )


def _deal(text: str) -> Deal | None:
    """``Deal.from_pbn(text)``; None for a deal with a hand written as unknown (``-`` or ``...``)."""
    deal = plain_deal(text)
    if deal is not None:
        return deal
    hands = text.partition(":")[2].split()
    return None if any(hand in UNKNOWN_HANDS for hand in hands) else Deal.from_pbn(text)


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
