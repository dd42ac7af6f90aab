"""What a pupil may see of a game, as plain data: the VIEW that every page, fragment and JSON answer of the
classroom is built from.

The server alone holds the deal. A pupil sees the hands the table lets them see (:meth:`PupilGame.visible_seats`:
South's hand; North's once North–South are known to declare, since the pupil plays it; dummy's from the moment
declarer is known, as MiniBridge lays dummy down before the contract is chosen; every hand once the deal is over),
the cards played and the points every player announced. During the play a hand shows the cards still held.
Nothing else of the deal is ever in a view.

>>> from minibridge.classroom.setup import GameSetup
>>> view = pupil_view("x", PupilGame.start(GameSetup(lesson=1, deals=1, seed=3, samples=2)))
>>> view["phase"], sorted(view["hands"]), view["contract"]
('play', ['S'], None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from minibridge.cards import Seat, Side
from minibridge.classroom.game import PLAYER_NAMES, PupilGame
from minibridge.classroom.setup import GameSetup
from minibridge.contract import Contract
from minibridge.deal import Hand
from minibridge.errors import MiniBridgeError
from minibridge.scoring import goal
from minibridge.signals import denied_by_lead, signal_in_trick
from minibridge.table import YOU, Game, Session, Table, seating

__all__ = ["pupil_view", "table_view"]


def pupil_view(game_id: str, game: PupilGame) -> dict[str, Any]:
    """The VIEW of the classroom's JSON API: everything the pupil may see of the game now, as plain data."""
    return {"id": game_id, **table_view(game.table, game.setup, YOU, names=PLAYER_NAMES), "can_undo": game.can_undo}


def table_view(
    table: Table, setup: GameSetup, person: str | None, *, names: Sequence[str], every_hand: bool = False
) -> dict[str, Any]:
    """Everything ``person`` may see of the deal at ``table`` now, as plain data: the hands they see, the cards
    played, the points announced, the contract, the result and the totals. Without a person, what everyone at
    the table may see (dummy once it is down), or with ``every_hand`` all four hands as they stand (the
    teacher's). ``names`` are the three players' names in three-handed play."""
    game = table.game
    phase = table.phase
    over = phase in ("deal_over", "game_over")
    play = game.play
    if every_hand or over:
        seen = list(Seat)
    elif person is not None:
        seen = table.sees(person)
    else:
        seen = [game.dummy] if game.dummy is not None and game.declarer is not None else []
    hands: dict[str, list[str]] = {}
    for seat in seen:
        held = game.deal[seat] if over or play is None else play.hand(seat)
        hands[seat.letter] = [str(card) for card in held]
    trick = []
    if play is not None:
        current = play.current_trick
        trick = [{"seat": s.letter, "card": str(current[s])} for s in play.leader.clockwise() if s in current]
    to_act = person is not None and table.decider == person
    choosing = phase == "contract" and to_act
    session = table.session
    you = table.hand(person) if person is not None else None
    return {
        "deal": table.deal_number,
        "board": game.board.number,
        "dealer": game.dealer.letter,
        "phase": phase,
        "hcp": {seat.letter: points for seat, points in (game.hcp or {}).items()},
        "declarer": _letter(game.declarer),
        "dummy": _letter(game.dummy),
        "contract": str(game.contract) if game.contract is not None else None,
        "goal": game.goal,
        "contracts": [str(c) for c in game.allowed_contracts] if choosing else [],
        "contract_choices": _contract_choices(game) if choosing else [],
        "declarers": _declarers(table, person),
        "hands": hands,
        "held": {seat.letter: _held(game, seat) for seat in Seat},
        "trick": trick,
        "tricks": [
            {
                "leader": t.leader.letter,
                "cards": {seat.letter: str(t.cards[seat]) for seat in t.leader.clockwise()},
                "winner": t.winner.letter,
            }
            for t in (play.tricks if play is not None else [])
        ],
        "tricks_won": {str(side): game.tricks(side) for side in Side},
        "to_play": _letter(table.seat_to_play),
        "pupil_to_act": to_act,
        "computer_next": table.computer_to_act(),
        "pupil_seats": [seat.letter for seat in Seat if person is not None and table.plays(person, seat)],
        "legal": [str(card) for card in table.legal_cards(person)] if person is not None else [],
        "result": _result(game) if over else None,
        "best": table.records[-1].best if over else None,
        "review": _review(table, "cards") if over else None,
        "contracts_dd": _review(table, "contracts") if over else None,
        "signals": _partner_signals(game, you) if over and you is not None else [],
        "again": table.records[-1].again,
        "auto_single": setup.auto_single,
        "totals": {str(side): session.totals[side] for side in Side},
        "lesson": setup.lesson,
        "teachers_boards": bool(setup.boards),
        "practice": setup.practice,
        "rules": table.rules.name,
        "rules_title": table.rules.title_in_words,
        "deals": session.deals,
        "target": session.target,
        "winner": str(session.winner) if session.winner is not None else None,
        "you": _letter(you),
        "three_handed": _three_handed(table, names),
        "message": None,
    }


def _review(table: Table, part: str) -> list[dict[str, Any]] | None:
    """Once the deal is over, from its review double dummy: every card played with what it cost its side
    (``cards``), or what each contract would have scored (``contracts``); None when the table did not review it."""
    review = table.records[-1].review
    return review[part] if review is not None else None


def _held(game: Game, seat: Seat) -> int:
    """How many cards ``seat`` holds now (public: every card played is on the table)."""
    if game.play is None:
        return len(game.deal[seat])
    return len(game.play.hand(seat))


def _three_handed(at: Table, names: Sequence[str]) -> dict[str, Any] | None:
    """With three players: the ``variant``; how the deal was dealt (``dealer``, the ``dummy_hand``'s seat, the
    points ``announced`` from each seat and the dummy hand's); who ``moved`` (seat dealt at to seat played) and
    whether dealer ``exchanged`` hands with the dummy hand; the ``players``, each with their ``name``, the seat
    they were ``dealt_at``, the ``seat`` they play, their ``score`` for this deal once it is over and their
    ``total``; and the ``winner``'s name at the end.
    None with four players."""
    three = at.game.three
    if three is None:
        return None
    session, table = at.session, at.game
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
                names, seating(table.dealer), Session.player_scores(table), session.player_totals, strict=True
            )
        ],
        "winner": names[winner] if winner is not None else None,
    }


def _letter(seat: Seat | None) -> str | None:
    return seat.letter if seat is not None else None


def _declarers(table: Table, person: str | None) -> list[str]:
    """The seats ``person`` may choose as declarer (phase ``declarer``, their side to choose)."""
    announcement = table.game.announcement
    if table.phase != "declarer" or person is None or table.decider != person or announcement is None:
        return []
    return [seat.letter for seat in announcement.may_declare]


def _contract_choices(table: Game) -> list[dict[str, Any]]:
    """Every contract of the kinds the rules play, in words and notation, with its goal; one the rules refuse
    (Dutch restrictions) says why."""
    rules = table.rules
    choices = []
    for strain in sorted(rules.strains, reverse=True):
        for kind in rules.contract_kinds:
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


def _result(table: Game) -> dict[str, Any]:
    """The deal's result: declarer's tricks and the score (without a contract, the tricks each side took)."""
    score = table.result
    play = table.play
    return {
        "declarer_tricks": play.declarer_tricks if play is not None and table.declarer is not None else None,
        "score": score.as_data() if score is not None else None,
        "tricks": {str(side): table.tricks(side) for side in Side},
    }
