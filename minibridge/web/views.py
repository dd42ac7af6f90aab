"""What a pupil may see of a game: the one function every page, fragment and JSON answer is built from.

The server alone holds the deal. A pupil sees South's hand; North's once North–South are known to declare (the
pupil plays it); dummy's from the moment declarer is known (MiniBridge lays dummy down before the contract is
chosen); the cards played; the points every player announced; and once the deal is over, all four hands as
played. During the play a hand shows the cards still held. Nothing else of the deal is ever in a view. With
three players the pupil sees the hand they play (their own, or the dummy hand they took over) and dummy's.

>>> from minibridge.classroom import GameSetup, PupilGame
>>> view = pupil_view("x", PupilGame.start(GameSetup(lesson=1, deals=1, seed=3, samples=2)))
>>> view["phase"], sorted(view["hands"]), view["contract"]
('play', ['S'], None)
"""

from __future__ import annotations

from typing import Any

from minibridge.board import Board
from minibridge.cards import Seat, Side
from minibridge.classroom import PLAYER_NAMES, PupilGame
from minibridge.contract import Contract
from minibridge.deal import Hand
from minibridge.errors import MiniBridgeError
from minibridge.lessons import find_kind
from minibridge.lessons.exercises import answer_form
from minibridge.lessons.lesson import Exercise, Lesson
from minibridge.scoring import goal
from minibridge.signals import denied_by_lead, signal_in_trick
from minibridge.table import Game, Session, seating

__all__ = ["visible_seats", "pupil_view", "replay_view", "exercise_view"]

_KINDS = ("part-score", "game", "slam", "grand slam")


def visible_seats(game: PupilGame) -> list[Seat]:
    """The seats whose cards the pupil may see now, in seat order."""
    table = game.game
    if game.phase in ("deal_over", "game_over"):
        return list(Seat)
    seen = {game.pupil_seat}
    if table.three is not None:
        if table.dummy is not None:
            seen.add(table.dummy)
    elif table.declarer is not None:
        if table.declarer.side is Side.NORTH_SOUTH:
            seen.add(Seat.NORTH)
        if table.dummy is not None:
            seen.add(table.dummy)
    return sorted(seen)


def pupil_view(game_id: str, game: PupilGame) -> dict[str, Any]:
    """The VIEW of the classroom's JSON API: everything the pupil may see of the game now, as plain data."""
    table = game.game
    phase = game.phase
    over = phase in ("deal_over", "game_over")
    play = table.play
    hands: dict[str, list[str]] = {}
    for seat in visible_seats(game):
        held = table.deal[seat] if over or play is None else play.hand(seat)
        hands[seat.letter] = [str(card) for card in held]
    trick = []
    if play is not None:
        current = play.current_trick
        trick = [{"seat": s.letter, "card": str(current[s])} for s in play.leader.clockwise() if s in current]
    choosing = phase == "contract" and game.pupil_to_act
    to_play = game.seat_to_play
    setup = game.setup
    return {
        "id": game_id,
        "deal": game.deal_number,
        "board": table.board.number,
        "dealer": table.dealer.letter,
        "phase": phase,
        "hcp": {seat.letter: points for seat, points in (table.hcp or {}).items()},
        "declarer": _letter(table.declarer),
        "dummy": _letter(table.dummy),
        "contract": str(table.contract) if table.contract is not None else None,
        "goal": table.goal,
        "contracts": [str(c) for c in table.allowed_contracts] if choosing else [],
        "contract_choices": _contract_choices(table) if choosing else [],
        "declarers": _declarers(game),
        "hands": hands,
        "trick": trick,
        "tricks": [
            {
                "leader": t.leader.letter,
                "cards": {seat.letter: str(t.cards[seat]) for seat in t.leader.clockwise()},
                "winner": t.winner.letter,
            }
            for t in (play.tricks if play is not None else [])
        ],
        "tricks_won": {str(side): table.tricks(side) for side in Side},
        "to_play": _letter(to_play),
        "pupil_to_act": game.pupil_to_act,
        "computer_next": game.computer_to_act(),
        "pupil_seats": [seat.letter for seat in Seat if game.pupil_plays(seat)],
        "legal": [str(card) for card in game.legal_cards()],
        "result": _result(table) if over else None,
        "best": game.records[-1].best if over else None,
        "signals": _partner_signals(table, game.pupil_seat) if over else [],
        "again": game.records[-1].again,
        "auto_single": setup.auto_single,
        "totals": {str(side): game.session.totals[side] for side in Side},
        "lesson": setup.lesson,
        "teachers_boards": bool(setup.boards),
        "rules": game.rules.name,
        "rules_title": game.rules.title_in_words,
        "deals": game.session.deals,
        "target": game.session.target,
        "winner": str(game.session.winner) if game.session.winner is not None else None,
        "you": game.pupil_seat.letter,
        "three_handed": _three_handed(game),
        "message": None,
    }


def _three_handed(game: PupilGame) -> dict[str, Any] | None:
    """With three players: the ``variant``; how the deal was dealt (``dealer``, the ``dummy_hand``'s seat, the
    points ``announced`` from each seat and the dummy hand's); who ``moved`` (seat dealt at to seat played) and
    whether dealer ``exchanged`` hands with the dummy hand; the ``players``, each with their ``name``, the seat
    they were ``dealt_at``, the ``seat`` they play, their ``score`` for this deal once it is over and their
    ``total``; and the ``winner``'s name at the end.
    None with four players."""
    three = game.game.three
    if three is None:
        return None
    session, table = game.session, game.game
    winner = session.winning_player
    return {
        "variant": three.variant,
        "dealer": three.dealer.letter,
        "dummy_hand": three.dealer.partner.letter,
        "announced": {seat.letter: points for seat, points in three.hcp.items()},
        "moved": {dealt.letter: played.letter for dealt, played in three.players.items() if dealt is not played},
        "exchanged": three.exchanged,
        "players": [
            {
                "name": name,
                "dealt_at": dealt.letter,
                "seat": table.players[dealt].letter,
                "score": score,
                "total": total,
            }
            for name, dealt, score, total in zip(
                PLAYER_NAMES, seating(table.dealer), Session.player_scores(table), session.player_totals, strict=True
            )
        ],
        "winner": PLAYER_NAMES[winner] if winner is not None else None,
    }


def _letter(seat: Seat | None) -> str | None:
    return seat.letter if seat is not None else None


def _declarers(game: PupilGame) -> list[str]:
    """The seats the pupil may choose as declarer (phase ``declarer``, the pupil's side to choose)."""
    announcement = game.game.announcement
    if game.phase != "declarer" or not game.pupil_to_act or announcement is None:
        return []
    return [seat.letter for seat in announcement.may_declare]


def _contract_choices(table: Game) -> list[dict[str, Any]]:
    """Every contract of the kinds the rules play, in words and notation, with its goal; one the rules refuse
    (Dutch restrictions) says why."""
    rules = table.rules
    kinds = {"part-score": rules.part_score, "game": rules.game, "slam": rules.slam, "grand slam": rules.slam}
    choices = []
    for strain in sorted(rules.strains, reverse=True):
        for kind in _KINDS:
            if not kinds[kind]:
                continue
            contract = Contract.of(kind, strain)
            try:
                table.check_contract(contract)
                reason = None
            except MiniBridgeError as refusal:
                reason = str(refusal)
            choices.append(
                {
                    "contract": str(contract),
                    "symbol": contract.symbol,
                    "words": contract.words,
                    "goal": goal(contract, rules, points=table.declaring_points),
                    "allowed": reason is None,
                    "reason": reason,
                }
            )
    return choices


def _partner_signals(table: Game, you: Seat) -> list[dict[str, Any]]:
    """Under the signals of MiniLesson Six, once a deal the pupil defended is over: each card of the pupil's
    partner (North with four players) that said something, with what it said (``encourage``, ``discourage``,
    ``top of sequence``) and, for the top of a sequence, the card it denies."""
    play, declarer = table.play, table.declarer
    if not table.rules.signals or play is None or declarer is None or declarer.side is you.side:
        return []
    partner = you.partner
    held = list(table.deal[partner])
    said = []
    for number, trick in enumerate(play.tricks, start=1):
        card = trick.cards[partner]
        led = None if trick.leader is partner else trick.led.suit
        meaning = signal_in_trick(Hand(held), card, led=led, partner_led=trick.leader is you)
        held.remove(card)
        if meaning == "no signal":
            continue
        denied = denied_by_lead(card) if meaning == "top of sequence" else None
        said.append(
            {
                "trick": number,
                "seat": partner.letter,
                "card": str(card),
                "meaning": meaning,
                "denied": str(denied) if denied is not None else None,
            }
        )
    return said


def replay_view(view: dict[str, Any], number: int) -> dict[str, Any] | None:
    """Trick ``number`` of a deal that is over, worked out from its view alone: the hands as they stood before
    it (``hands``), the trick (``trick``: ``leader``, ``cards``, ``winner``), ``number`` (kept within the
    tricks) and ``count``; None before the deal is over or when no trick was played."""
    tricks = view["tricks"]
    if view["phase"] not in ("deal_over", "game_over") or not tricks:
        return None
    number = min(max(number, 1), len(tricks))
    gone = {card for trick in tricks[: number - 1] for card in trick["cards"].values()}
    return {
        "number": number,
        "count": len(tricks),
        "hands": {seat: [card for card in cards if card not in gone] for seat, cards in view["hands"].items()},
        "trick": tricks[number - 1],
    }


def _result(table: Game) -> dict[str, Any]:
    """The deal's result: declarer's tricks and the score (without a contract, the tricks each side took)."""
    score = table.result
    play = table.play
    return {
        "declarer_tricks": play.declarer_tricks if play is not None and table.declarer is not None else None,
        "score": score.as_data() if score is not None else None,
        "tricks": {str(side): table.tricks(side) for side in Side},
    }


# --- a lesson's exercises --------------------------------------------------------------------------------------

_DEAL_ONLY = ("hcp", "declarer")
"""Kinds whose answer the board's declarer, contract or play would give away: the pupil sees the hands only."""


def exercise_view(lesson: Lesson, exercise: Exercise) -> dict[str, Any]:
    """An exercise as a pupil sees it before answering: the question, the form of the answer and what the
    question needs (the deal, the recorded play, the contract and tricks given), never the answer."""
    kind = find_kind(exercise.kind)
    view: dict[str, Any] = {
        "id": exercise.id,
        "kind": exercise.kind,
        "board": exercise.board,
        "question": exercise.question,
        "form": answer_form(exercise),
        "asks": sorted(exercise.answer) if isinstance(exercise.answer, dict) else None,
        "contract": str(exercise.contract) if exercise.contract is not None else None,
        "tricks": exercise.tricks,
        "trick": exercise.trick,
        "seat": _letter(exercise.seat),
        "deal": None,
    }
    if exercise.board is not None:
        view["deal"] = _board_view(
            lesson.board(exercise.board), full=exercise.kind not in _DEAL_ONLY, play=kind.needs_play
        )
    return view


def _board_view(board: Board, *, full: bool, play: bool) -> dict[str, Any]:
    """A lesson's board: the dealer and the hands; with ``full`` declarer and the contract, with ``play`` the
    recorded play (the cards in the order they fell when known, and the tricks by seat)."""
    assert board.deal is not None
    shown: dict[str, Any] = {
        "dealer": _letter(board.dealer),
        "hands": {seat.letter: [str(card) for card in board.deal[seat]] for seat in Seat},
    }
    if full:
        shown["declarer"] = _letter(board.declarer)
        shown["contract"] = str(board.contract) if board.contract is not None else None
    if play and board.play is not None:
        record = board.play
        shown["play"] = {
            "leader": record.leader.letter,
            "order": [str(card) for card in record.order] if record.order is not None else None,
            "tricks": [
                {seat.letter: str(row[seat]) for seat in Seat if row[seat] is not None} for row in record.tricks
            ],
        }
    return shown
