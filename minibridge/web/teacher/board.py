"""A board on the class screen: where it comes from, the position after the cards played so far, and what the
screen shows of it.

The whole state of the screen is in its address (:class:`Screen`): the board (a lesson's deal, a deal dealt from
a seed, or a deal pasted), declarer and the contract when they are chosen, the cards played so far and whether
the double-dummy tricks are shown. Going back, on, or to any trick is a link to another address, so the screen
survives a reload and a restart, and a position can be bookmarked.

The position is the board played out under the rules in force up to the address's cards
(:func:`minibridge.replay.position`): a lesson's recorded play is followed card by card as long as the cards
played are the record's; the next card is then the record's, and once the record is left or over, the card a
player who sees all four hands plays. The teacher sees every hand, so nothing is hidden.

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

from minibridge.board import Board
from minibridge.cards import Card, Seat
from minibridge.deal import Deal
from minibridge.errors import MiniBridgeError
from minibridge.language import N_, gettext
from minibridge.lessons import find_lesson, lesson_numbers, no_lesson_at
from minibridge.practice import practice_deals
from minibridge.reading import digits, shown
from minibridge.replay import Position, position
from minibridge.rules import RuleSet, find_rules, free_play_rules
from minibridge.web.urls import path

__all__ = ["FREE_RULES", "MOST_BOARDS", "Screen", "screen_board", "screen_view"]

FREE_RULES = free_play_rules()[0].name
"""The rules of a board that is not a lesson's, unless the address names others: the first offered for free play."""
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
    rules: str = FREE_RULES
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
        if lesson is not None and lesson not in lesson_numbers():
            raise MiniBridgeError(no_lesson_at(lesson))
        board = _whole(query, "board")
        board = 1 if board is None else board
        if not 1 <= board <= MOST_BOARDS:
            raise MiniBridgeError(
                gettext("give a board number from 1 to %(most)s, not %(board)s") % {"most": MOST_BOARDS, "board": board}
            )
        seed = _whole(query, "seed")
        rules = (query.get("rules") or FREE_RULES).strip().lower()
        free = [rules.name for rules in free_play_rules()]
        if rules not in free:
            raise MiniBridgeError(
                gettext("there are no rules called '%(name)s'; choose one of %(names)s")
                % {"name": rules, "names": ", ".join(free)}
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
            "rules": screen.rules if screen.lesson is None and screen.rules != FREE_RULES else None,
            "declarer": screen.declarer,
            "contract": screen.contract,
            "cards": ",".join(screen.cards) or None,
            "dd": 1 if screen.dd else None,
        }
        query = urlencode({key: value for key, value in fields.items() if value is not None}, safe=":,")
        return f"{path('teacher_screen')}?{query}"

    def position(self, board: Board, rules: RuleSet) -> Position:
        """The board played under ``rules`` up to the screen's cards, with the screen's declarer and contract
        (else the board's own)."""
        cards = [Card.from_str(code) for code in self.cards]
        return position(board, rules, declarer=self.declarer, contract=self.contract, cards=cards)


def _whole(query: Mapping[str, str], name: str) -> int | None:
    text = (query.get(name) or "").strip()
    if not text:
        return None
    if digits(text) is None or len(text) > 9:
        raise MiniBridgeError(
            gettext("the %(field)s should be a whole number, like 3, not '%(text)s'")
            % {"field": gettext(_NUMBER_FIELDS[name]), "text": shown(text)}
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
        "trick": _trick(at),
        "tricks": len(play.tricks) if play is not None else 0,
        "total_tricks": board.deal.cards_per_hand,
        "tricks_won": {str(side): won for side, won in at.tricks_won.items()},
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


def _trick(at: Position) -> dict[str, Any] | None:
    """The trick in the middle: the one in progress (with a lead out of turn waiting, that card), or once a
    trick is complete, that trick and who won it."""
    play = at.play
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
