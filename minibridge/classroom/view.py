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

import dataclasses
from collections.abc import Sequence
from typing import Any

from minibridge.card_reasons import reasons_of_cards
from minibridge.cards import Seat, Side
from minibridge.classroom.game import PLAYER_NAMES, PupilGame
from minibridge.classroom.setup import GameSetup
from minibridge.contract import Contract
from minibridge.deal import Hand
from minibridge.errors import MiniBridgeError
from minibridge.scoring import goal
from minibridge.signals import denied_by_lead, signal_in_trick
from minibridge.table import YOU, Game, Session, Table, seating
from minibridge.table.counting import COUNT_SHOWN_AFTER, card_by_card, count_help, counted_right

__all__ = ["pupil_view", "table_view"]


def pupil_view(game_id: str, game: PupilGame) -> dict[str, Any]:
    """The VIEW of the classroom's JSON API: everything the pupil may see of the game now, as plain data; once a
    deal is over, ``try_again_from``: the places in the deal's play (from 0, as in ``review``) of the pupil's cards
    the pupil may go back to and play on from."""
    view = table_view(game.table, game.setup, YOU, names=PLAYER_NAMES)
    return {
        "id": game_id,
        **view,
        "can_undo": game.setup.undo and game.can_undo,
        "try_again_from": game.try_again_places(),
    }


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
    counting = phase == "count"
    counted = table.counted_at(person) if person is not None else None
    if every_hand or over:
        seen = list(Seat)
    elif counting:  # before the announcement: each player's own hand, nothing announced yet
        seen = [counted] if counted is not None else []
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
    if counting and not every_hand and counted is not None:  # where the pupil was dealt: nobody has moved yet
        you = counted
    return {
        "deal": table.deal_number,
        "board": game.board.number,
        "dealer": game.dealer.letter,
        "phase": phase,
        "count": _count(table, counted, every_hand=every_hand),
        "hcp": {} if counting and not every_hand else {seat.letter: n for seat, n in (game.hcp or {}).items()},
        "declarer": None if counting and not every_hand else _letter(game.declarer),
        "dummy": None if counting and not every_hand else _letter(game.dummy),
        "contract": str(game.contract) if game.contract is not None else None,
        "goal": None if counting and not every_hand else game.goal,
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
        "pupil_seats": [you.letter]
        if counting and you is not None
        else [seat.letter for seat in Seat if person is not None and table.plays(person, seat)],
        "legal": [str(card) for card in table.legal_cards(person)] if person is not None else [],
        "result": _result(game) if over else None,
        "best": table.records[-1].best if over else None,
        "review": _reviewed_cards(table) if over else None,
        "why": _why_computer(table) if phase == "play" else [],
        "contracts_dd": _review(table, "contracts") if over else None,
        "signals": _partner_signals(game, you) if over and you is not None else [],
        "again": table.records[-1].again,
        "auto_single": setup.auto_single,
        "can_hint": setup.hints and bool(table.legal_cards(person)) if person is not None else False,
        "can_claim": setup.claims and phase == "play" and to_act,
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
        "three_handed": _three_handed(table, names, hidden=counting and not every_hand),
        "message": None,
    }


def _review(table: Table, part: str) -> list[dict[str, Any]] | None:
    """Once the deal is over, from its review double dummy: every card played with what it cost its side
    (``cards``), or what each contract would have scored (``contracts``); None when the table did not review it."""
    review = table.records[-1].review
    return review[part] if review is not None else None


def _reviewed_cards(table: Table) -> list[dict[str, Any]] | None:
    """Every card of a deal that is over with what it cost its side (:func:`_review`) and ``why`` its player played
    it, in words."""
    cards = _review(table, "cards")
    play = table.game.play
    if cards is None or play is None:
        return cards
    reasons = reasons_of_cards(play, table.game.knowledge)
    return [{**card, "why": reasons[i] if i < len(reasons) else None} for i, card in enumerate(cards)]


def _why_computer(table: Table) -> list[dict[str, Any]]:
    """While the deal is played: why the computer played each of its cards in the trick under way (in the last trick
    before a new one is led), in words that tell nothing of the cards not yet seen."""
    game, play = table.game, table.game.play
    if play is None:
        return []
    current = play.current_trick
    shown = [(s, current[s]) for s in play.leader.clockwise() if s in current]
    if not shown and play.tricks:
        shown = play.tricks[-1].in_order()
    reasons = reasons_of_cards(play, game.knowledge, openly=True)[-len(shown) :] if shown else []
    return [
        {"seat": seat.letter, "card": str(card), "why": why}
        for (seat, card), why in zip(shown, reasons, strict=False)
        if table.seating.player_of(game, seat) is None
    ]


def _held(game: Game, seat: Seat) -> int:
    """How many cards ``seat`` holds now (public: every card played is on the table)."""
    if game.play is None:
        return len(game.deal[seat])
    return len(game.play.hand(seat))


def _count(table: Table, seat: Seat | None, *, every_hand: bool) -> dict[str, Any] | None:
    """Where the players count their own points before the announcement: the ``seat`` counted, the counts
    ``tried`` so far, whether the last is ``right``, the ``help`` a wrong count brings, the counting shown ``by_card``
    after two wrong counts, and the seats ``waiting`` (still counting); None where nobody counts, or for a viewer
    who counts nothing and is not the teacher."""
    if not table.counting or (seat is None and not every_hand):
        return None
    counts = table.records[-1].counts
    waiting = [s.letter for s in table.seats_counting()]
    if seat is None:
        return {"seat": None, "tried": [], "right": None, "help": None, "by_card": [], "waiting": waiting}
    hand = table.game.deal[seat]
    tried = counts.get(seat, [])
    right = counted_right(tried, hand.hcp) if tried else None
    shown = bool(tried) and not right and len(tried) >= COUNT_SHOWN_AFTER
    return {
        "seat": seat.letter,
        "tried": list(tried),
        "right": right,
        "help": count_help(tried, hand.hcp),
        "by_card": [{"card": str(card), "points": points} for card, points in card_by_card(hand)] if shown else [],
        "waiting": waiting,
    }


def _three_handed(at: Table, names: Sequence[str], *, hidden: bool = False) -> dict[str, Any] | None:
    """With three players: the ``variant``; how the deal was dealt (``dealer``, the ``dummy_hand``'s seat, the
    points ``announced`` from each seat and the dummy hand's); who ``moved`` (seat dealt at to seat played) and
    whether dealer ``exchanged`` hands with the dummy hand; the ``players``, each with their ``name``, the seat
    they were ``dealt_at``, the ``seat`` they play, their ``score`` for this deal once it is over and their
    ``total``; and the ``winner``'s name at the end.
    None with four players."""
    three = at.game.three
    if three is None:
        return None
    if hidden:  # the players are counting their points: nothing is announced yet
        three = dataclasses.replace(three, hcp={}, players={}, exchanged=False)
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
                "seat": (dealt if hidden else table.players[dealt]).letter,
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
