"""A scored duplicate competition in USEBIO, the EBU's results format for clubs' scoring programs.

The structure follows USEBIO version 1.2 (the EBU's "Universal Scoring Exchange for Bridge Information Objects",
DTD ``usebio_v1_2.dtd``), as real USEBIO 1.2 files and the programs that write and read them use it::

    USEBIO Version="1.2"
      CLUB            CLUB_NAME
      EVENT EVENT_TYPE="PAIRS"
        PROGRAM_NAME, PROGRAM_VERSION, EVENT_DESCRIPTION, DATE (dd/mm/yyyy), WINNER_TYPE,
        BOARD_SCORING_METHOD (MATCH_POINTS), BOARDS_PLAYED
        PARTICIPANTS
          PAIR        PAIR_NUMBER, DIRECTION (NS or EW), BOARDS_PLAYED, PLACE, TOTAL_SCORE, PERCENTAGE
        BOARD         BOARD_NUMBER
          TRAVELLER_LINE
                      NS_PAIR_NUMBER, EW_PAIR_NUMBER, CONTRACT, PLAYED_BY, TRICKS, SCORE,
                      NS_MATCH_POINTS, EW_MATCH_POINTS

The N–S and E–W pairs are ranked apart (two winners: ``WINNER_TYPE`` 2), so a pair is its number and its
direction, as in a Mitchell movement. ``SCORE`` is the table's score from N–S's side (what N–S scored less what
E–W scored); ``TOTAL_SCORE`` a pair's match-points; ``PLACE`` its rank in its direction, ``2=`` when shared, as
USEBIO files write a shared place. A MiniBridge results file does not record the opening lead: ``LEAD``, an
optional element of a traveller line, is left out. Nor does it name the players: a pair has no ``PLAYER``.
``PERCENTAGE`` is left out for a pair that met no other pair on any board (no percentage to give).

>>> from minibridge.duplicate import parse_results, score_results
>>> competition = score_results(parse_results("1 1 1 3NT S 9\\n1 2 2 3NT S 10\\n"))
>>> text = usebio_xml(competition, event="Class 5", date=datetime.date(2026, 3, 12)).decode()
>>> "<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>" in text, "<DATE>12/03/2026</DATE>" in text
(True, True)
"""

from __future__ import annotations

import datetime
from xml.etree import ElementTree

from minibridge import __version__
from minibridge.duplicate.matchpoints import Competition, PairTotal, TableResult, Traveller

__all__ = ["USEBIO_VERSION", "usebio_xml"]

USEBIO_VERSION = "1.2"
"""The version of USEBIO written."""
_DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.usebio.org/files/usebio_v1_2.dtd">'
"""The declaration real USEBIO 1.2 files open with: the format's DTD, where it is published."""
_NO_CLUB = "MiniBridge"
"""The club's name when none is given."""


def usebio_xml(competition: Competition, *, event: str, club: str = "", date: datetime.date | None = None) -> bytes:
    """The competition as a USEBIO 1.2 file (UTF-8): the club, the event named ``event`` played on ``date``
    (today when not given), each pair's number, direction, boards, place, match-points and percentage, and each
    board's traveller."""
    root = ElementTree.Element("USEBIO", Version=USEBIO_VERSION)
    _text(ElementTree.SubElement(root, "CLUB"), "CLUB_NAME", club.strip() or _NO_CLUB)
    root.append(_event(competition, event=event, date=date or datetime.date.today()))
    ElementTree.indent(root)
    body = ElementTree.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{_DOCTYPE}\n{body}\n'.encode()


def _event(competition: Competition, *, event: str, date: datetime.date) -> ElementTree.Element:
    """The ``EVENT``: what it is, then its pairs, then its boards."""
    element = ElementTree.Element("EVENT", EVENT_TYPE="PAIRS")
    _text(element, "PROGRAM_NAME", "MiniBridge")
    _text(element, "PROGRAM_VERSION", __version__)
    _text(element, "EVENT_DESCRIPTION", event)
    _text(element, "DATE", date.strftime("%d/%m/%Y"))
    _text(element, "WINNER_TYPE", "2")
    _text(element, "BOARD_SCORING_METHOD", "MATCH_POINTS")
    _text(element, "BOARDS_PLAYED", str(len(competition.travellers)))
    participants = ElementTree.SubElement(element, "PARTICIPANTS")
    for direction, ranking in (("NS", competition.ns_ranking), ("EW", competition.ew_ranking)):
        for total in ranking:
            participants.append(_pair(total, direction, ranking))
    for traveller in competition.travellers:
        element.append(_board(traveller))
    return element


def _pair(total: PairTotal, direction: str, ranking: tuple[PairTotal, ...]) -> ElementTree.Element:
    """A ``PAIR`` of the ``PARTICIPANTS``: its number, direction, boards played, place, match-points, percentage."""
    element = ElementTree.Element("PAIR")
    _text(element, "PAIR_NUMBER", total.pair)
    _text(element, "DIRECTION", direction)
    _text(element, "BOARDS_PLAYED", str(total.boards))
    shared = sum(other.rank == total.rank for other in ranking) > 1
    _text(element, "PLACE", f"{total.rank}=" if shared else str(total.rank))
    _text(element, "TOTAL_SCORE", str(total.matchpoints))
    if total.percentage is not None:
        _text(element, "PERCENTAGE", f"{total.percentage:.1f}")
    return element


def _board(traveller: Traveller) -> ElementTree.Element:
    """A ``BOARD``: its number and a ``TRAVELLER_LINE`` for each table."""
    element = ElementTree.Element("BOARD")
    _text(element, "BOARD_NUMBER", str(traveller.board))
    for result in traveller.results:
        element.append(_line(result))
    return element


def _line(result: TableResult) -> ElementTree.Element:
    """A ``TRAVELLER_LINE``: the pairs, the contract, who played it, the tricks, N–S's score, the match-points
    (no ``LEAD``: results files do not record it)."""
    element = ElementTree.Element("TRAVELLER_LINE")
    _text(element, "NS_PAIR_NUMBER", result.ns)
    _text(element, "EW_PAIR_NUMBER", result.ew)
    _text(element, "CONTRACT", str(result.contract))
    _text(element, "PLAYED_BY", result.declarer.letter)
    _text(element, "TRICKS", str(result.tricks))
    _text(element, "SCORE", str(result.net))
    _text(element, "NS_MATCH_POINTS", str(result.ns_matchpoints))
    _text(element, "EW_MATCH_POINTS", str(result.ew_matchpoints))
    return element


def _text(parent: ElementTree.Element, tag: str, text: str) -> None:
    """A child element holding ``text``."""
    ElementTree.SubElement(parent, tag).text = text
