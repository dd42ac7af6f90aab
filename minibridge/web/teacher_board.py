"""A board on the class screen: where it comes from, the position after the cards played so far, and what the
screen shows of it.

The whole state of the screen is in its address (:class:`Screen`): the board (a lesson's deal, a deal dealt from
a seed, or a deal pasted), declarer and the contract when they are chosen, the cards played so far and whether
the double-dummy tricks are shown. Going back, on, or to any trick is a link to another address, so the screen
survives a reload and a restart, and a position can be bookmarked.

The position is played out under the rules in force by :class:`minibridge.table.Game`. A lesson's recorded play
is followed card by card as long as the cards played are the record's (its irregularities settled as the Laws
say, by :meth:`minibridge.play.Play.from_record`); the next card is then the record's, and once the record is
left or over, the card a player who sees all four hands plays. The teacher sees every hand, so nothing is hidden.

>>> screen = Screen.from_query({"lesson": "5", "board": "1", "cards": "SA,S2"})
>>> screen.cards, screen.address(cards=())
(('SA', 'S2'), '/teacher/screen?lesson=5&board=1')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from minibridge.board import Board, PlayRecord
from minibridge.cards import Card, Seat, Side
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.errors import MiniBridgeError
from minibridge.language import N_, gettext
from minibridge.lessons import find_lesson
from minibridge.lessons.practice import practice_deals
from minibridge.play import Play
from minibridge.rules import RuleSet, find_rules
from minibridge.table import Game, why_not
from minibridge.web.actions import no_lesson

__all__ = ["SCREEN", "FREE_RULES", "MOST_BOARDS", "Screen", "Position", "screen_board", "position", "screen_view"]

SCREEN = "/teacher/screen"
"""The class screen's address."""
FREE_RULES = ("ebu", "nbb", "targets")
"""The rule sets a board that is not a lesson's may be played under."""
MOST_BOARDS = 64
"""The highest board number dealt from a seed, as ``minibridge deal`` deals at most."""
_MOST_CARDS = 52
_NUMBER_FIELDS = {"lesson": N_("lesson"), "board": N_("board"), "seed": N_("seed")}
"""The screen's settings that take a whole number, in words (``gettext`` them)."""


@dataclass(frozen=True, kw_only=True)
class Screen:
    """The class screen's state, as its address holds it."""

    lesson: int | None = None
    """The lesson whose rules apply (and whose deal is shown, unless ``seed`` or ``deal`` is given)."""
    board: int = 1
    seed: int | None = None
    """Deal the board from this seed (the lesson's constraints, as ``minibridge deal --seed``)."""
    deal: str | None = None
    """A deal pasted, in PBN notation (``N:AKQ2.… … … …``)."""
    rules: str = "ebu"
    """The rules of a board that is not a lesson's."""
    declarer: str | None = None
    contract: str | None = None
    cards: tuple[str, ...] = ()
    dd: bool = False
    """Show the double-dummy tricks."""

    @classmethod
    def from_query(cls, query: Mapping[str, str]) -> Screen:
        """The screen an address asks for; a value that cannot be read is refused in plain words."""
        lesson = _whole(query, "lesson")
        if lesson is not None and not 1 <= lesson <= 6:
            raise MiniBridgeError(no_lesson(lesson))
        board = _whole(query, "board")
        board = 1 if board is None else board
        if not 1 <= board <= MOST_BOARDS:
            raise MiniBridgeError(
                gettext("give a board number from 1 to %(most)s, not %(board)s") % {"most": MOST_BOARDS, "board": board}
            )
        seed = _whole(query, "seed")
        rules = (query.get("rules") or "ebu").strip().lower()
        if rules not in FREE_RULES:
            raise MiniBridgeError(
                gettext("there are no rules called '%(name)s'; choose one of %(names)s")
                % {"name": rules, "names": ", ".join(FREE_RULES)}
            )
        cards = tuple(code.strip().upper() for code in (query.get("cards") or "").split(",") if code.strip())
        if len(cards) > _MOST_CARDS:
            raise MiniBridgeError(gettext("a deal has at most %(most)s cards to play") % {"most": _MOST_CARDS})
        for code in cards:
            Card.from_str(code)
        return cls(
            lesson=lesson,
            board=board,
            seed=seed,
            deal=" ".join((query.get("deal") or "").split()) or None,
            rules=rules,
            declarer=(query.get("declarer") or "").strip().upper() or None,
            contract=(query.get("contract") or "").strip().upper() or None,
            cards=cards,
            dd=query.get("dd") == "1",
        )

    def address(self, **changes: Any) -> str:
        """The address of this screen with ``changes`` (the fields of :class:`Screen`)."""
        screen = dataclasses.replace(self, **changes)
        fields: dict[str, Any] = {
            "lesson": screen.lesson,
            "board": screen.board,
            "seed": screen.seed,
            "deal": screen.deal,
            "rules": screen.rules if screen.lesson is None and screen.rules != "ebu" else None,
            "declarer": screen.declarer,
            "contract": screen.contract,
            "cards": ",".join(screen.cards) or None,
            "dd": 1 if screen.dd else None,
        }
        query = urlencode({key: value for key, value in fields.items() if value is not None}, safe=":,")
        return f"{SCREEN}?{query}"


def _whole(query: Mapping[str, str], name: str) -> int | None:
    text = (query.get(name) or "").strip()
    if not text:
        return None
    if not text.isdigit() or len(text) > 9:
        raise MiniBridgeError(
            gettext("the %(field)s should be a whole number, like 3, not '%(text)s'")
            % {"field": gettext(_NUMBER_FIELDS[name]), "text": text}
        )
    return int(text)


def screen_board(screen: Screen) -> tuple[Board, RuleSet]:
    """The board a screen shows and the rules it is played under."""
    lesson = find_lesson(screen.lesson) if screen.lesson is not None else None
    rules = lesson.rules if lesson is not None else find_rules(screen.rules)
    if screen.deal is not None:
        text = screen.deal if ":" in screen.deal else f"N:{screen.deal}"
        return Board(number=screen.board, deal=Deal.from_pbn(text)), rules
    if screen.seed is not None:
        if lesson is None:
            raise MiniBridgeError(gettext("to deal from a seed, choose the lesson whose deals it should suit"))
        return practice_deals(lesson, screen.board, seed=screen.seed)[-1], rules
    if lesson is None:
        raise MiniBridgeError(gettext("choose a lesson's deal, deal one from a seed, or paste one"))
    return lesson.board(screen.board), rules


@dataclass(frozen=True, kw_only=True)
class Position:
    """A board played up to some card: the game, and the recorded play when the cards so far follow it."""

    game: Game
    record: tuple[Card, ...]
    """The recorded play, card by card, while the cards played follow it (else empty)."""
    played: int
    """How many cards have been played."""

    @property
    def play(self) -> Play | None:
        return self.game.play

    def next_recorded(self) -> Card | None:
        """The recorded play's next card, when the cards so far follow the record and it goes on."""
        return self.record[self.played] if self.played < len(self.record) else None


def position(screen: Screen, board: Board, rules: RuleSet) -> Position:
    """The board played under ``rules`` up to the screen's cards, with its declarer and contract (the screen's,
    else the board's own); a card, declarer or contract the rules refuse is refused, saying why."""
    game = Game(rules, board)
    if game.stage == "declarer":
        seat = screen.declarer or (board.declarer.letter if board.declarer is not None else None)
        if seat is not None:
            game.choose_declarer(Seat.from_str(seat))
    own = board.contract is not None and board.declarer == game.declarer
    if game.stage == "contract":
        chosen = Contract.from_str(screen.contract) if screen.contract else board.contract if own else None
        if chosen is not None:
            game.choose_contract(chosen)
    if game.play is None:
        if screen.cards:
            raise MiniBridgeError(gettext("choose declarer and the contract before playing a card"))
        return Position(game=game, record=(), played=0)
    cards = [Card.from_str(code) for code in screen.cards]
    record = _record(board, game, own)
    followed = 0
    while followed < min(len(cards), len(record)) and cards[followed] == record[followed]:
        followed += 1
    if followed:
        game.play = _replayed(board, game, record, followed)
    for number, card in enumerate(cards[followed:], start=followed + 1):
        where = gettext("card %(number)s, %(card)s") % {"number": number, "card": card.shown}
        play = game.play
        assert play is not None
        seat = play.to_play
        if seat is not None and card not in play.legal_cards(seat):  # said as the pupils' pages say it
            raise MiniBridgeError(why_not(play, seat, card), where=where)
        try:
            game.play_card(card)
        except MiniBridgeError as error:
            raise error.at(where) from None
    return Position(game=game, record=record if followed == len(cards) else (), played=len(cards))


def _record(board: Board, game: Game, own: bool) -> tuple[Card, ...]:
    """The board's recorded play card by card, when the game is played as recorded (the same declarer and
    contract, or no contract at all)."""
    if board.play is None or board.play.order is None:
        return ()
    if game.contract is not None and not (own and game.contract == board.contract):
        return ()
    return board.play.order


def _replayed(board: Board, game: Game, record: tuple[Card, ...], count: int) -> Play:
    """The recorded play up to its card ``count``, the Laws applied to its irregularities; then strict again."""
    assert board.deal is not None and board.play is not None
    claim = board.play.claim if count == len(record) else None
    part = PlayRecord.from_order(record[:count], board.deal, claim=claim)
    play = Play.from_record(dataclasses.replace(board, declarer=game.declarer, contract=game.contract, play=part))
    play.strict = True
    return play


# --- what the screen shows -----------------------------------------------------------------------------------


def screen_view(screen: Screen, board: Board, rules: RuleSet, at: Position) -> dict[str, Any]:
    """What the class screen shows of a position, as plain data: every hand (the cards still held; once the play
    is over, the cards as dealt, to talk the deal over), the points,
    declarer, dummy, the contract and goal, the trick in the middle, the tricks won, the result at the end."""
    game, play = at.game, at.play
    assert board.deal is not None
    finished = play is not None and play.finished
    held = {seat: (play.hand(seat) if play is not None and not finished else list(board.deal[seat])) for seat in Seat}
    view: dict[str, Any] = {
        "board": board.number,
        "dealer": game.dealer.letter,
        "lesson": screen.lesson,
        "seed": screen.seed,
        "pasted": screen.deal is not None,
        "rules": rules.name,
        "rules_title": rules.title_in_words,
        "stage": game.stage,
        "hcp": {seat.letter: points for seat, points in (game.hcp or {}).items()},
        "declarer": _letter(game.declarer),
        "dummy": _letter(game.dummy),
        "contract": str(game.contract) if game.contract is not None else None,
        "goal": game.goal,
        "declarers": [s.letter for s in game.announcement.may_declare] if game.stage == "declarer" else [],
        "contracts": [str(c) for c in game.allowed_contracts] if game.stage == "contract" else [],
        "hands": {seat.letter: [str(card) for card in cards] for seat, cards in held.items()},
        "played": at.played,
        "recorded": bool(board.play is not None and board.play.order),
        "following": bool(at.record),
        "to_play": _letter(play.to_play) if play is not None and not finished else None,
        "legal": [str(card) for card in play.legal_cards()] if play is not None and not finished else [],
        "trick": _trick(play),
        "tricks": len(play.tricks) if play is not None else 0,
        "total_tricks": board.deal.cards_per_hand,
        "tricks_won": _tricks_won(play),
        "finished": finished,
        "irregularities": [
            {"trick": i.trick, "text": i.describe()} for i in (play.irregularities if play is not None else [])
        ],
        "result": None,
    }
    if finished:
        score = game.result
        view["result"] = {
            "score": score.as_data() if score is not None else None,
            "declarer_tricks": play.declarer_tricks if play is not None and game.declarer is not None else None,
        }
    return view


def _letter(seat: Seat | None) -> str | None:
    return seat.letter if seat is not None else None


def _trick(play: Play | None) -> dict[str, Any] | None:
    """The trick in the middle: the one in progress (with a lead out of turn waiting, that card), or once a
    trick is complete, that trick and who won it."""
    if play is None:
        return None
    current = play.current_trick
    pending = play.pending_lead
    if current or pending is not None:
        cards = [{"seat": s.letter, "card": str(current[s])} for s in play.leader.clockwise() if s in current]
        if pending is not None:
            cards.append({"seat": pending[0].letter, "card": str(pending[1])})
        return {"cards": cards, "winner": None, "out_of_turn": _letter(pending[0]) if pending else None}
    if not play.tricks:
        return None
    last = play.tricks[-1]
    cards = [{"seat": s.letter, "card": str(last.cards[s])} for s in last.leader.clockwise()]
    return {"cards": cards, "winner": last.winner.letter, "out_of_turn": None}


def _tricks_won(play: Play | None) -> dict[str, int]:
    """Tricks each side has won: as the tricks fell during the play; at the end, after any established revoke's
    trick has moved (Law 21)."""
    if play is None:
        return {str(side): 0 for side in Side}
    if play.finished:
        return {str(side): play.tricks_won(side) for side in Side}
    return {str(side): sum(1 for trick in play.tricks if trick.winner.side is side) for side in Side}
