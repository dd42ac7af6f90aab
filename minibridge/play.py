"""Trick play by the Laws: leads, following suit, trick winners, claims and irregularities, and recorded plays.

``Play`` is the one trick engine: a deal played card by card (``play``, ``undo``), or a recorded play
replayed by ``Play.from_record(board)``.

>>> deal = Deal.from_pbn("N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876")
>>> play = Play(deal, trumps=None, declarer=Seat.SOUTH)
>>> play.to_play, [str(c) for c in play.legal_cards()][:3]
(<Seat.WEST: 3>, ['S9', 'S8', 'S7'])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from minibridge.board import Board, CardRow, PlayRecord
from minibridge.cards import CARDS, Card, Seat, Side, Suit
from minibridge.deal import SUIT_MASKS, Deal
from minibridge.errors import IllegalPlayError
from minibridge.language import gettext, ngettext
from minibridge.trick import SEATS, Irregularity, IrregularityKind, Trick, trick_strength, trick_winner, winner_index

__all__ = ["Play", "Action", "Reading", "Ambiguity"]

Action = tuple[str, Seat | None, Card | None]
"""A step of the play as taken: ``("play", seat, card)``, ``("accept", seat, None)``, ``("put back", …)`` …"""


@dataclass(frozen=True, kw_only=True)
class _Revoke:
    trick: int
    seat: Seat
    card: Card
    established: bool = False


@dataclass(kw_only=True)
class _State:
    """Everything that changes as the play goes on; a copy of it is the snapshot that ``undo`` restores."""

    hands: list[int]
    leader: Seat
    current: dict[Seat, Card] = field(default_factory=dict)
    tricks: list[Trick] = field(default_factory=list)
    won: list[int] = field(default_factory=lambda: [0, 0])
    pending_lead: tuple[Seat, Card] | None = None
    revokes: list[_Revoke] = field(default_factory=list)
    irregularities: list[Irregularity] = field(default_factory=list)
    claimed: tuple[Side, int] | None = None
    record_ends: bool = False
    """A replayed record stops here (a claim not written out): the hand is over as far as it goes."""

    def copy(self) -> _State:
        return dataclasses.replace(
            self,
            hands=self.hands[:],
            current=dict(self.current),
            tricks=self.tricks[:],
            won=self.won[:],
            revokes=self.revokes[:],
            irregularities=self.irregularities[:],
        )


@dataclass(frozen=True, kw_only=True)
class Reading:
    """One way to read a record of tricks by seat: the irregularities it finds and the tricks each side takes."""

    irregularities: tuple[Irregularity, ...]
    won: tuple[int, int]
    """The tricks of North–South and of East–West, after any revoke's transfer (index by :class:`Side`)."""
    agrees: bool | None
    """It agrees with the board's result (None without a result to guide the reading)."""


@dataclass(frozen=True, kw_only=True)
class Ambiguity:
    """A record of tricks by seat that fits more than one reading: the others, and why the one replayed."""

    others: tuple[Reading, ...]
    reason: str
    """Why the reading replayed was taken, in words: ``it agrees with the file's result, 13`` …"""


_Option = tuple[int, list[Irregularity]]
"""One reading of a trick: the seat that led it (0–3), and the irregularities that makes."""


class Play:
    """A deal being played, one card at a time, with the Laws' irregularities.

    With ``strict`` (the default) a card against the rules is refused with the reason. Without it the
    Laws apply: a lead out of turn waits to be accepted or put back (:meth:`accept_lead`, :meth:`put_back_lead`,
    or the next opponent plays a card), a revoke stands until corrected (:meth:`correct_revoke`) or becomes
    established when the offender or partner plays to the next trick, and then costs one trick at the end.
    Declarer plays dummy's cards: pass ``seat`` as dummy's seat, or leave it out to play for whoever is next.
    Every step can be taken back (:meth:`undo`); a refused step changes nothing.
    """

    def __init__(
        self,
        deal: Deal,
        *,
        trumps: Suit | None = None,
        declarer: Seat | None = None,
        leader: Seat | None = None,
        strict: bool = True,
    ) -> None:
        if leader is None:
            if declarer is None:
                raise IllegalPlayError(gettext("without a declarer, say who leads to the first trick"))
            leader = declarer.lho
        self.deal = deal
        self.trumps = trumps
        self.declarer = declarer
        self.strict = strict
        self.opening_leader = leader
        """Who ought to lead to the first trick."""
        self.ambiguity: Ambiguity | None = None
        """A record of tricks that fits other readings as well: those, and why this one (:meth:`from_record`)."""
        self._state = _State(hands=[hand.mask for hand in deal.hands], leader=leader)
        self._history: list[tuple[Action, _State]] = []

    def __repr__(self) -> str:
        return f"<Play {self.deal.to_pbn()} trumps={self.trumps} declarer={self.declarer} tricks={len(self.tricks)}>"

    # --- recorded plays ----------------------------------------------------------------------------------------

    @classmethod
    def from_record(cls, board: Board) -> Play:
        """Replay a board's recorded play under its contract (every card by whoever was dealt it, the Laws applied).

        Declarer is the board's, or for a PBN contract without one the player on the opening leader's right;
        the proper opening leader is declarer's left-hand opponent (in an end position, of fewer than 13 cards a
        hand, the record's opening leader), or without a declarer dealer's. A record
        that knows the order the cards fell (a lesson's play) is replayed card by card: a revoke stands and
        is established by the next trick; a lead out of turn is accepted when the next opponent plays to it
        and put back when the right player leads instead. A record of tricks by seat (a PBN file) is read trick
        by trick, from who ought to lead each: where the record tells who led (a mark, a trick written in the
        order its cards fell, an opening leader other than the proper one) another leader is a lead out of turn
        that was accepted; where a trick does not follow suit from its proper leader, the cards that did not
        follow are revokes, or another leader that makes every card follow led out of turn. A record that fits
        more than one reading is replayed in the one that agrees with the board's result, else the one with the
        fewest irregularities, else the one where the proper leader led; :attr:`ambiguity` tells the others.
        A record that stops short stops the play there; a claim it holds ends it.
        """
        record = board.play
        if board.deal is None or record is None:
            raise IllegalPlayError(gettext("a replay needs the deal and its recorded play"))
        strain = board.strain
        declarer = board.declarer
        if declarer is None and strain is not None:
            declarer = record.leader.rho
        if declarer is not None:
            proper = declarer.lho
            if record.leader is not proper and board.deal.cards_per_hand < 13:
                proper = record.leader  # in an end position (fewer than 13 cards each) who is on lead is part of it
        else:
            proper = board.dealer.lho if board.dealer is not None else record.leader
        play = cls(board.deal, trumps=None if strain is None else strain.trumps, declarer=declarer, leader=proper)
        if record.order is not None:
            play._replay_order(record.order)
        else:
            guide = None if board.result_by_agreement else board.result
            play._replay_tricks(record, guide)
        if record.claim is not None and declarer is not None:
            play.claim(declarer, record.claim)
        elif not play.finished:
            play._state.record_ends = True
        return play

    def _replay_order(self, cards: Iterable[Card]) -> None:
        """Play cards in the order they fell, each by whoever was dealt it (the Laws apply)."""
        self.strict = False
        holders = self.deal.holders()
        for number, card in enumerate(cards, start=1):
            seat = holders.get(card)
            if seat is None:
                raise IllegalPlayError(
                    gettext("card %(number)s of the play, %(card)s, is not in this deal")
                    % {"number": number, "card": card}
                )
            pending = self.pending_lead
            if pending is not None and seat is not pending[0].lho:
                if seat is not self.to_play:
                    assert self.to_play is not None
                    problem = gettext(
                        "after %(offender)s's lead out of turn the next card comes from %(next)s (accepting it) or "
                        "%(leader)s (leading instead)"
                    ) % {
                        "offender": pending[0].in_words,
                        "next": pending[0].lho.in_words,
                        "leader": self.to_play.in_words,
                    }
                    raise IllegalPlayError(_of_the_play(number, card, problem))
                self.put_back_lead()
            try:
                self.play(card, seat)
            except IllegalPlayError as err:
                raise IllegalPlayError(_of_the_play(number, card, err.message)) from None

    def _replay_tricks(self, record: PlayRecord, result: int | None) -> None:
        """Replay whole tricks by seat, stopping at the first trick not complete (a claim), in the reading that
        fits best (``result``, declarer's side's tricks or North–South's, guides the choice)."""
        fresh = _State(hands=[hand.mask for hand in self.deal.hands], leader=self.opening_leader)
        self._history.append((("record", record.leader, None), fresh))  # undo goes back to the start of the record
        leads: list[Seat | None] = []
        told: set[int] = set()
        marks = record.revokes | record.led_out_of_turn
        if record.leads or marks or record.leader is not self.opening_leader:  # the record tells more than its tricks
            leads = list(record.leads)
            if record.leader is not self.opening_leader and not (leads and leads[0]):
                leads[:1] = [record.leader]  # the record names another opening leader than the proper one
            told = {number for number, lead in enumerate(leads, start=1) if lead is not None}
            told |= {number for number, row in enumerate(record.tricks, start=1) if marks.intersection(row)}
        reader = _Reader(self, record, leads, told)
        readings = reader.read(self._state, 1, int(self.opening_leader))
        if not readings:
            raise IllegalPlayError(reader.dead_ends[0])
        self._state = self._choose(readings, result) if len(readings) > 1 else readings[0]

    def _choose(self, readings: list[_State], result: int | None) -> _State:
        """The reading to replay (see :meth:`from_record`); the others that fit as well go to :attr:`ambiguity`."""
        side = self.declarer.side if self.declarer is not None else Side.NORTH_SOUTH
        found: dict[tuple[tuple[Irregularity, ...], int], tuple[tuple[bool, int, int], _State, Reading]] = {}
        for state in readings:
            self._state = state
            state.record_ends = not self.finished
            agrees = result is not None and self.agrees_with(result)
            irregularities = tuple(state.irregularities)
            key = (not agrees, len(irregularities), sum(i.kind == "lead out of turn" for i in irregularities))
            reading = Reading(
                irregularities=irregularities,
                won=(self.tricks_won(Side.NORTH_SOUTH), self.tricks_won(Side.EAST_WEST)),
                agrees=agrees if result is not None else None,
            )
            found.setdefault((irregularities, reading.won[side]), (key, state, reading))
        ranked = sorted(found.values(), key=lambda entry: entry[0])
        fewest = ranked[0][0][1]
        fitting = [entry for entry in ranked if not entry[0][0] or entry[0][1] == fewest]
        (key, state, _), others = fitting[0], fitting[1:]
        state.record_ends = False
        if others:
            other = others[0][0]
            unsettled = (
                gettext("the file's result, %(result)s, fits neither reading") % {"result": result}
                if result is not None
                # TRANSLATORS: Result is the name of a PBN tag: keep it.
                else gettext("nothing in the file tells the readings apart (a Result tag would)")
            )
            if key[0] < other[0]:
                reason = gettext("it agrees with the file's result, %(result)s") % {"result": result}
            elif key[1] < other[1]:
                reason = gettext("it finds fewer irregularities")
            elif key[2] < other[2]:
                reason = gettext(
                    "%(unsettled)s, so the player whose turn it was is taken to have led and a card that did not "
                    "follow suit to be a revoke; the card marked ^R or ^L settles it"
                ) % {"unsettled": unsettled}
            else:
                reason = gettext("%(unsettled)s; the card led marked ^L settles it") % {"unsettled": unsettled}
            self.ambiguity = Ambiguity(others=tuple(entry[2] for entry in others), reason=reason)
        return state

    def record(self) -> PlayRecord:
        """The play as a record: each trick by seat, the cards in the order they fell, and the revokes that stood
        and the leads out of turn that were accepted marked."""
        state = self._state
        order = [card for trick in state.tricks for _, card in trick.in_order()]
        order += [state.current[seat] for seat in state.leader.clockwise() if seat in state.current]
        record = PlayRecord.from_order(order, self.deal, claim=state.claimed[1] if state.claimed else None)
        played = {card: number for number, trick in enumerate(state.tricks, start=1) for card in trick.cards}
        played |= dict.fromkeys(state.current.values(), len(state.tricks) + 1)
        stood = [i for i in state.irregularities if i.card is not None and played.get(i.card) == i.trick]
        return record.marked(
            revokes=[i.card for i in stood if i.kind == "revoke"],  # type: ignore[misc]
            led_out_of_turn=[
                i.card  # type: ignore[misc]
                for i in stood
                if i.kind == "lead out of turn" and record.leads[i.trick - 1] is i.seat
            ],
        )

    def agrees_with(self, result: int) -> bool:
        """A result (tricks of declarer's side, of North–South without a declarer) fits the play: it is the tricks
        taken, or for a play that stops short, those taken plus some of the tricks left."""
        side = self.declarer.side if self.declarer is not None else Side.NORTH_SOUTH
        taken = self.tricks_won(side)
        if self.finished:
            return result == taken
        return 0 <= result - taken <= self.total_tricks - len(self._state.tricks)

    # --- the state -------------------------------------------------------------------------------------------

    @property
    def total_tricks(self) -> int:
        """How many tricks the deal has: 13, or fewer in a short deal."""
        return self.deal.cards_per_hand

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks."""
        return list(self._state.tricks)

    @property
    def irregularities(self) -> list[Irregularity]:
        """Every irregularity so far and how it was settled."""
        return list(self._state.irregularities)

    @property
    def claimed(self) -> tuple[Side, int] | None:
        """The side that claimed and how many of the remaining tricks it took, when a claim ended the play."""
        return self._state.claimed

    @property
    def leader(self) -> Seat:
        """Who leads (or led) the trick in progress."""
        return self._state.leader

    @property
    def finished(self) -> bool:
        """True when every trick is played or a claim was accepted."""
        return self._state.claimed is not None or len(self._state.tricks) == self.total_tricks

    @property
    def current_trick(self) -> dict[Seat, Card]:
        """The cards played so far to the trick in progress."""
        return dict(self._state.current)

    @property
    def to_play(self) -> Seat | None:
        """Whose turn it is (declarer plays for dummy); None when the play is over."""
        if self.finished:
            return None
        current = self._state.current
        return next(seat for seat in self._state.leader.clockwise() if seat not in current)

    def hand(self, seat: Seat) -> list[Card]:
        """The cards a seat still holds, spades first."""
        mask = self._state.hands[seat]
        return [CARDS[i] for i in range(51, -1, -1) if mask >> i & 1]

    def legal_cards(self, seat: Seat | None = None) -> list[Card]:
        """The cards ``seat`` (by default the one to play) may play now: a card of the suit led if it has one."""
        seat = self.to_play if seat is None else seat
        if seat is None:
            return []
        state = self._state
        mask = state.hands[seat]
        if state.leader in state.current:
            led = SUIT_MASKS[state.current[state.leader].suit]
            if mask & led:
                mask &= led
        return [CARDS[i] for i in range(51, -1, -1) if mask >> i & 1]

    def tricks_won(self, side: Side) -> int:
        """Tricks won by a side; once play is over, after the established revokes' transfers, all at once: a side
        gives up one trick a revoke to the other, as far as it has tricks (Law 21)."""
        state = self._state
        won = {Side.NORTH_SOUTH: state.won[0], Side.EAST_WEST: state.won[1]}
        if state.claimed is not None:
            claimer, taken = state.claimed
            rest = self.total_tricks - len(state.tricks)
            won[claimer] += taken
            won[claimer.other] += rest - taken
        if self.finished or state.record_ends:  # each side gives up a trick a revoke, as far as it has tricks
            owed = dict.fromkeys(Side, 0)
            for irregularity in state.irregularities:
                owed[irregularity.seat.side] += irregularity.transferred
            given = {offenders: min(owed[offenders], won[offenders]) for offenders in Side}
            return won[side] - given[side] + given[side.other]
        return won[side]

    @property
    def declarer_tricks(self) -> int:
        """Tricks won by declarer's side."""
        if self.declarer is None:
            raise IllegalPlayError(gettext("there is no declarer in this deal: ask for the tricks of a side"))
        return self.tricks_won(self.declarer.side)

    # --- playing ---------------------------------------------------------------------------------------------

    def _step(self, action: Action) -> _State:
        """Begin a step: remember the state before it, for ``undo`` and for a step that is refused."""
        self._history.append((action, self._state.copy()))
        return self._state

    def _refused(self) -> None:
        """Put back the state from before a step that was refused."""
        _, self._state = self._history.pop()

    def play(self, card: Card | str, seat: Seat | None = None) -> Trick | None:
        """Play a card (for ``seat``, by default whoever is next); the trick when this card completes one."""
        if isinstance(card, str):
            card = Card.from_str(card)
        if self.finished:
            raise IllegalPlayError(gettext("the play is over: every trick has been played"))
        seat = self.to_play if seat is None else seat
        assert seat is not None
        self._step(("play", seat, card))
        try:
            return self._play(card, seat)
        except IllegalPlayError:
            self._refused()
            raise

    def _play(self, card: Card, seat: Seat) -> Trick | None:
        state = self._state
        if not state.hands[seat] >> card.index & 1:
            raise IllegalPlayError(
                gettext("%(seat)s does not hold %(card)s: %(seat)s holds %(cards)s")
                % {"seat": seat.in_words, "card": card, "cards": _listing(self.hand(seat))}
            )
        turn = self.to_play
        assert turn is not None
        if state.pending_lead is not None:
            offender, _ = state.pending_lead
            if seat is not offender.lho:
                raise IllegalPlayError(
                    gettext(
                        "%(offender)s has led out of turn: the lead must be accepted or put back before %(seat)s plays"
                    )
                    % {"offender": offender.in_words, "seat": seat.in_words}
                )
            self._settle_lead("accepted: the next player played to it")
            turn = seat
        if not state.current and seat is not state.leader:
            if self.strict:
                raise IllegalPlayError(
                    gettext("it is %(leader)s's lead, not %(seat)s's")
                    % {"leader": state.leader.in_words, "seat": seat.in_words}
                )
            state.pending_lead = (seat, card)
            state.hands[seat] &= ~(1 << card.index)
            return None
        if seat in state.current:
            raise IllegalPlayError(gettext("%(seat)s has already played to this trick") % {"seat": seat.in_words})
        if seat is not turn:
            if self.strict:
                raise IllegalPlayError(
                    gettext("it is %(turn)s's turn to play, not %(seat)s's")
                    % {"turn": turn.in_words, "seat": seat.in_words}
                )
            self._note("card out of rotation", seat, card, "the card stands (Law 23)")
        if state.current:
            led = state.current[state.leader].suit
            if card.suit is not led and state.hands[seat] & SUIT_MASKS[led]:
                if self.strict:
                    raise IllegalPlayError(
                        gettext("%(seat)s must follow suit: %(suit)s were led and %(seat)s holds %(cards)s")
                        % {
                            "seat": seat.in_words,
                            "suit": led.in_words,
                            "cards": _listing(c for c in self.hand(seat) if c.suit is led),
                        }
                    )
                state.revokes.append(_Revoke(trick=len(state.tricks) + 1, seat=seat, card=card))
        self._establish_revokes(seat)
        return self._place(seat, card)

    def _place(self, seat: Seat, card: Card) -> Trick | None:
        state = self._state
        state.hands[seat] &= ~(1 << card.index)
        state.current[seat] = card
        if len(state.current) < 4:
            return None
        cards = tuple(state.current[s] for s in SEATS)
        winner = trick_winner(cards, state.leader, self.trumps)
        trick = Trick(state.leader, cards, winner)  # type: ignore[arg-type]
        state.tricks.append(trick)
        state.won[winner.side] += 1
        state.current = {}
        state.leader = winner
        if self.finished:
            self._close_revokes()
        return trick

    def _note(
        self,
        kind: IrregularityKind,
        seat: Seat,
        card: Card | None,
        settled: str,
        *,
        trick: int = 0,
        transferred: int = 0,
    ) -> None:
        """Record an irregularity and how it was settled (in the trick in progress unless ``trick`` is given)."""
        number = trick or len(self._state.tricks) + 1
        irregularity = Irregularity(
            kind=kind, trick=number, seat=seat, card=card, settled=settled, transferred=transferred
        )
        self._state.irregularities.append(irregularity)

    def _establish_revokes(self, seat: Seat) -> None:
        state = self._state
        number = len(state.tricks) + 1
        for place, revoke in enumerate(state.revokes):
            if not revoke.established and revoke.trick < number and revoke.seat.side is seat.side:
                state.revokes[place] = dataclasses.replace(revoke, established=True)
                settled = f"established: one trick goes to {revoke.seat.side.other.title} at the end (Law 21)"
                self._note("revoke", revoke.seat, revoke.card, settled, trick=revoke.trick, transferred=1)

    def _close_revokes(self) -> None:
        state = self._state
        for revoke in state.revokes:
            if not revoke.established:
                self._note("revoke", revoke.seat, revoke.card, "not corrected before the end", trick=revoke.trick)
        state.revokes = [r for r in state.revokes if r.established]

    # --- the Laws --------------------------------------------------------------------------------------------

    @property
    def pending_lead(self) -> tuple[Seat, Card] | None:
        """A lead out of turn waiting to be accepted or put back."""
        return self._state.pending_lead

    def accept_lead(self, by: Seat) -> None:
        """An opponent of the player who led out of turn (not dummy) accepts the lead (Law 19)."""
        offender = self._need_pending()
        if by.side is offender.side:
            raise IllegalPlayError(
                gettext("only an opponent of %(offender)s may accept the lead, not %(seat)s")
                % {"offender": offender.in_words, "seat": by.in_words}
            )
        if self.declarer is not None and by is self.declarer.partner:
            raise IllegalPlayError(
                gettext("%(seat)s is dummy and may not accept the lead; declarer decides") % {"seat": by.in_words}
            )
        self._step(("accept", by, None))
        self._settle_lead(f"accepted by {by.title}")

    def put_back_lead(self) -> None:
        """The lead out of turn is not accepted: the card goes back and the right player leads (Law 19)."""
        offender = self._need_pending()
        state = self._step(("put back", offender, None))
        assert state.pending_lead is not None
        card = state.pending_lead[1]
        state.hands[offender] |= 1 << card.index
        state.pending_lead = None
        self._note("lead out of turn", offender, card, "card put back (Law 19)")

    def _need_pending(self) -> Seat:
        if self._state.pending_lead is None:
            raise IllegalPlayError(gettext("nobody has led out of turn"))
        return self._state.pending_lead[0]

    def _settle_lead(self, how: str) -> None:
        state = self._state
        assert state.pending_lead is not None
        offender, card = state.pending_lead
        state.pending_lead = None
        self._note("lead out of turn", offender, card, how + " (Law 19)")
        state.leader = offender
        state.hands[offender] |= 1 << card.index
        self._establish_revokes(offender)
        self._place(offender, card)

    @property
    def open_revoke(self) -> tuple[Seat, Card] | None:
        """The latest revoke that can still be corrected (Law 20): the offender and the card."""
        for revoke in reversed(self._state.revokes):
            if not revoke.established:
                return revoke.seat, revoke.card
        return None

    def correct_revoke(self) -> None:
        """Correct the latest revoke not yet established: the card and any played after it go back (Law 20)."""
        open_revoke = next((r for r in reversed(self._state.revokes) if not r.established), None)
        if open_revoke is None:
            raise IllegalPlayError(gettext("there is no revoke to correct (an established revoke stands: Law 21)"))
        before = next(
            state for action, state in reversed(self._history) if action == ("play", open_revoke.seat, open_revoke.card)
        )
        self._step(("correct", open_revoke.seat, open_revoke.card))
        irregularities = self._state.irregularities
        self._state = before.copy()
        self._state.irregularities = irregularities
        self._note("revoke", open_revoke.seat, open_revoke.card, "corrected (Law 20)", trick=open_revoke.trick)

    def undo(self) -> None:
        """Take back the last step: a card, a decision on a lead out of turn, a correction, a claim."""
        if not self._history:
            raise IllegalPlayError(gettext("nothing has been played yet"))
        _, self._state = self._history.pop()

    def claim(self, seat: Seat, tricks: int, *, agreed: bool = True) -> None:
        """``seat`` claims ``tricks`` of the remaining tricks for their side (Law 14).

        Agreed, the play ends and the other side takes the rest; disputed, play simply goes on. Dummy may not
        claim: dummy takes no part in the play (Law 8), and declarer claims for the side.
        """
        if self.declarer is not None and seat is self.declarer.partner:
            raise IllegalPlayError(
                gettext(
                    "%(seat)s is dummy and may not claim (Laws 8 and 14): declarer %(declarer)s or a defender claims"
                )
                % {"seat": seat.in_words, "declarer": self.declarer.in_words}
            )
        state = self._state
        if state.current or state.pending_lead is not None:
            raise IllegalPlayError(gettext("finish the trick in progress before claiming"))
        if self.finished:
            raise IllegalPlayError(gettext("the play is over: there is nothing left to claim"))
        rest = self.total_tricks - len(state.tricks)
        if not 0 <= tricks <= rest:
            raise IllegalPlayError(
                ngettext(
                    "%(rest)s trick remains: a claim is for 0 or 1 of it, not %(tricks)s",
                    "%(rest)s tricks remain: a claim is for 0 to %(rest)s of them, not %(tricks)s",
                    rest,
                )
                % {"rest": rest, "tricks": tricks}
            )
        if agreed:
            self._step(("claim", seat, None))
            state = self._state
            state.claimed = (seat.side, tricks)
            state.record_ends = False
            self._close_revokes()


def _listing(cards: Iterable[Card]) -> str:
    """Cards as the record writes them (``SA H2``), or that there are none."""
    names = [str(c) for c in cards]
    return " ".join(names) if names else gettext("nothing")


def _of_the_play(number: int, card: Card, problem: str) -> str:
    """A problem with a card of a play recorded card by card, saying which card."""
    return gettext("card %(number)s of the play, %(card)s: %(problem)s") % {
        "number": number,
        "card": card,
        "problem": problem,
    }


def _revokers(index: Sequence[int], hands: list[int], leader: Seat) -> list[Seat]:
    """The seats whose card does not follow the suit ``leader`` led although they held it."""
    led = index[leader] // 13
    mask = SUIT_MASKS[led]
    return [SEATS[s] for s in range(4) if index[s] // 13 != led and hands[s] & mask]


def _check_held(row: CardRow, hands: list[int], number: int, deal: Deal) -> None:
    """Refuse a recorded card that its player does not hold."""
    for seat in SEATS:
        card = row[seat]
        if card is not None and not hands[seat] >> card.index & 1:
            raise IllegalPlayError(
                gettext("trick %(trick)s: %(seat)s plays %(card)s but %(where)s")
                % {"trick": number, "seat": seat.in_words, "card": card, "where": _where_is(card, deal, seat)}
            )


def _where_is(card: Card, deal: Deal, seat: Seat) -> str:
    holder = deal.holder(card)
    if holder is seat:
        return gettext("%(seat)s has already played it") % {"seat": seat.in_words}
    if holder is None:
        return gettext("it is not in this deal")
    return gettext("it was dealt to %(seat)s") % {"seat": holder.in_words}


class _Reader:
    """The readings of a record of tricks by seat: the tricks replayed from who ought to lead each, and where a trick
    fits more than one reading (a revoke, a lead out of turn), each reading followed on in a copy of the state."""

    __slots__ = ("play", "rows", "revokes", "led_out_of_turn", "leads", "told", "strength", "room", "dead_ends")

    MAX_READINGS = 64
    """Past this many readings of one record, a trick is read in its first reading only."""

    def __init__(self, play: Play, record: PlayRecord, leads: list[Seat | None], told: set[int]) -> None:
        self.play = play
        self.rows = record.tricks
        self.revokes = record.revokes
        self.led_out_of_turn = record.led_out_of_turn
        self.leads = leads
        """Who led each trick, where the record tells."""
        self.told = told
        """The tricks whose leader or irregularities the record tells (a mark, a lead)."""
        self.strength = trick_strength(play.trumps)
        self.room = self.MAX_READINGS - 1
        self.dead_ends: list[str] = []
        """Why readings were given up: a mark that the reading contradicts."""

    def read(self, state: _State, first: int, at: int, forced: _Option | None = None) -> list[_State]:
        """The complete readings of the tricks from trick ``first`` on (``at``, 0–3, ought to lead it) played on
        ``state``; ``forced`` is the reading of trick ``first`` when it is already chosen."""
        rows, deal, strength, told = self.rows, self.play.deal, self.strength, self.told
        hands, won, tricks = state.hands, state.won, state.tricks
        new_trick = tuple.__new__  # a Trick made without the checks of its constructor, for speed
        total = self.play.total_tricks
        for number, row in enumerate(rows if first == 1 else rows[first - 1 :], start=first):  # every replay's loop
            if number > total:
                raise IllegalPlayError(
                    ngettext(
                        "the record has more than %(count)s trick", "the record has more than %(count)s tricks", total
                    )
                    % {"count": total}
                )
            c0, c1, c2, c3 = row
            if c0 is None or c1 is None or c2 is None or c3 is None:
                _check_held(row, hands, number, deal)
                break
            index = (c0.index, c1.index, c2.index, c3.index)
            b0, b1, b2, b3 = 1 << index[0], 1 << index[1], 1 << index[2], 1 << index[3]
            h0, h1, h2, h3 = hands
            if not (h0 & b0 and h1 & b1 and h2 & b2 and h3 & b3):
                _check_held(row, hands, number, deal)
            mask = SUIT_MASKS[index[at] // 13]
            if (
                number in told
                or (h0 & mask and not b0 & mask)
                or (h1 & mask and not b1 & mask)
                or (h2 & mask and not b2 & mask)
                or (h3 & mask and not b3 & mask)
            ):  # a trick the record tells more of, or that does not follow suit from who ought to lead it
                if forced is None:
                    options = self.options(number, row, index, at, hands)
                    if len(options) > 1 and self.room > 0:
                        options = options[: self.room + 1]
                        self.room -= len(options) - 1
                        return [found for option in options for found in self.read(state.copy(), number, at, option)]
                    if not options:
                        return []
                    forced = options[0]
                at, notes = forced
                state.irregularities.extend(notes)
                forced = None
            best = winner_index(index, at, strength)
            hands[0], hands[1], hands[2], hands[3] = h0 ^ b0, h1 ^ b1, h2 ^ b2, h3 ^ b3
            won[best & 1] += 1
            tricks.append(new_trick(Trick, (SEATS[at], row, SEATS[best])))
            at = best
        state.leader = SEATS[at]
        return [state]

    def options(self, number: int, row: CardRow, index: Sequence[int], at: int, hands: list[int]) -> list[_Option]:
        """The readings of trick ``number``, whose proper leader is ``at``: led by whoever the record says, else by
        the proper leader (the cards that do not follow are revokes) or, where no card is marked as a revoke, by
        another player whose lead every card follows (a lead out of turn, accepted), one reading a suit led."""
        proper = SEATS[at]
        lead = self.leads[number - 1] if number <= len(self.leads) else None
        if lead is not None and lead is not proper:
            options = [self._reading(number, row, index, hands, lead, proper)]
        elif lead is not None and row[lead] in self.led_out_of_turn:
            self.dead_ends.append(
                gettext(
                    "trick %(trick)s: %(seat)s's %(card)s is marked ^L (led out of turn), but it was %(seat)s's lead"
                )
                % {"trick": number, "seat": lead.in_words, "card": row[lead]}
            )
            return []
        else:
            options = [self._reading(number, row, index, hands, proper, proper)]
            if lead is None and not self.revokes.intersection(row):
                by_suit: dict[int, list[Seat]] = {}
                for seat in proper.clockwise()[1:]:
                    if not _revokers(index, hands, seat):
                        by_suit.setdefault(index[seat] // 13, []).append(seat)
                options += [self._reading(number, row, index, hands, *seats, proper) for seats in by_suit.values()]
        return [option for option in options if option is not None]

    def _reading(
        self, number: int, row: CardRow, index: Sequence[int], hands: list[int], *leaders: Seat
    ) -> _Option | None:
        """Trick ``number`` led by ``leaders[0]`` (the others but the last led the same suit: the record cannot tell
        them apart; the last is the proper leader): the irregularities; None when a mark contradicts it."""
        *led_by, proper = leaders
        leader = led_by[0]
        notes = []
        if leader is not proper:
            how = f"accepted: it was {proper.title}'s lead (Law 19)"
            if len(led_by) > 1:
                names = ", ".join(seat.title for seat in led_by[:-1]) + f" or {led_by[-1].title}"
                how += f"; led by {names}: the record does not show which"
            notes.append(
                Irregularity(kind="lead out of turn", trick=number, seat=leader, card=row[leader], settled=how)
            )
        revokers = _revokers(index, hands, leader)
        for seat in SEATS:
            card = row[seat]
            if card in self.revokes and seat not in revokers:
                led = Suit(index[leader] // 13)
                why = (
                    gettext("it follows suit")
                    if card.suit is led  # type: ignore[union-attr]
                    else gettext("%(seat)s had no %(suit)s left") % {"seat": seat.in_words, "suit": led.in_words}
                )
                self.dead_ends.append(
                    gettext("trick %(trick)s: %(seat)s's %(card)s is marked ^R (a revoke), but %(why)s")
                    % {"trick": number, "seat": seat.in_words, "card": card, "why": why}
                )
                return None
        following = self.rows[number] if number < len(self.rows) else None
        for seat in revokers:
            established = following is not None and (following[seat] is not None or following[seat.partner] is not None)
            how = (
                f"established: one trick goes to {seat.side.other.title} at the end (Law 21)"
                if established
                else "not established (it could still be corrected)"
            )
            notes.append(
                Irregularity(
                    kind="revoke", trick=number, seat=seat, card=row[seat], settled=how, transferred=int(established)
                )
            )
        return int(leader), notes
