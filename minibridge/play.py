"""Trick play by the Laws: leads, following suit, trick winners, claims and irregularities.

``Play`` is the one trick engine: a deal played card by card (``play``, ``undo``). A recorded play is replayed by
:func:`minibridge.recorded.replay_record`, which reads the record and drives a ``Play`` through its public state
door (:attr:`Play.state`, :meth:`Play.put_state`, :meth:`Play.end_record`); this module never imports it.

>>> deal = Deal.from_pbn("N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876")
>>> play = Play(deal, trumps=None, declarer=Seat.SOUTH)
>>> play.to_play, [str(c) for c in play.legal_cards()][:3]
(<Seat.WEST: 3>, ['S9', 'S8', 'S7'])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field

from minibridge.board import PlayRecord
from minibridge.cards import CARDS, Card, Seat, Side, Suit
from minibridge.deal import SUIT_MASKS, Deal
from minibridge.errors import IllegalPlayError
from minibridge.language import gettext, ngettext
from minibridge.trick import SEATS, Irregularity, IrregularityKind, Settlement, Trick, trick_winner

__all__ = ["Play", "PlayState", "Action", "Reading", "Ambiguity"]

Action = tuple[str, Seat | None, Card | None]
"""A step of the play as taken: ``("play", seat, card)``, ``("accept", seat, None)``, ``("put back", …)``,
``("state", None, None)`` (a state put in place) …"""


@dataclass(frozen=True, kw_only=True)
class _Revoke:
    trick: int
    seat: Seat
    card: Card
    established: bool = False


@dataclass(kw_only=True)
class PlayState:
    """Everything that changes as the play goes on; a copy of it is the snapshot that ``undo`` restores.

    Read one with :attr:`Play.state`, and put one in place with :meth:`Play.put_state` (a replay builds the tricks
    of a record this way, faster than card by card).
    """

    hands: list[int]
    """What each seat still holds, by seat: a bit for each card (bit ``card.index``)."""
    leader: Seat
    """Who leads (or led) the trick in progress."""
    current: dict[Seat, Card] = field(default_factory=dict)
    tricks: list[Trick] = field(default_factory=list)
    won: list[int] = field(default_factory=lambda: [0, 0])
    """The tricks won as played, by :class:`Side`: before any revoke's transfer or claim."""
    pending_lead: tuple[Seat, Card] | None = None
    revokes: list[_Revoke] = field(default_factory=list)
    irregularities: list[Irregularity] = field(default_factory=list)
    claimed: tuple[Side, int] | None = None
    record_ends: bool = False
    """A replayed record stops here (a claim not written out): the hand is over as far as it goes."""

    def copy(self) -> PlayState:
        """A copy to change without changing this one (made field by field: a play copies its state at every
        step, so this is kept quick)."""
        copied = object.__new__(PlayState)
        copied.__dict__.update(self.__dict__)
        copied.hands = self.hands[:]
        copied.current = dict(self.current)
        copied.tricks = self.tricks[:]
        copied.won = self.won[:]
        copied.revokes = self.revokes[:]
        copied.irregularities = self.irregularities[:]
        return copied


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
        """A record of tricks that fits other readings as well: those, and why this one
        (:func:`minibridge.recorded.replay_record`)."""
        self._state = PlayState(hands=[hand.mask for hand in deal.hands], leader=leader)
        self._history: list[tuple[Action, PlayState]] = []

    def __repr__(self) -> str:
        return f"<Play {self.deal.to_pbn()} trumps={self.trumps} declarer={self.declarer} tricks={len(self.tricks)}>"

    # --- records -------------------------------------------------------------------------------------------------

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

    # --- the state -----------------------------------------------------------------------------------------------

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

    # --- the state door: a replay builds the state of a record and puts it in place ------------------------------

    @property
    def state(self) -> PlayState:
        """A copy of the play's state now, to read or to build on (changing it changes nothing here)."""
        return self._state.copy()

    def put_state(self, state: PlayState) -> None:
        """Put ``state`` in place, as one step that :meth:`undo` takes back; the play owns it from now on."""
        self._step(("state", None, None))
        self._state = state

    def end_record(self) -> None:
        """Mark that a replayed record stops here (a claim not written out): the hand is over as far as it goes,
        and :meth:`tricks_won` counts the established revokes' tricks transferred. A claim clears the mark."""
        self._state.record_ends = True

    # --- playing -------------------------------------------------------------------------------------------------

    def _step(self, action: Action) -> PlayState:
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
            self._settle_lead(Settlement.ACCEPTED_BY_NEXT_PLAYER)
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
            self._note("card out of rotation", seat, card, Settlement.STANDS)
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
        settled: Settlement,
        *,
        trick: int = 0,
        transferred: int = 0,
        accepted_by: Seat | None = None,
    ) -> None:
        """Record an irregularity and how it was settled (in the trick in progress unless ``trick`` is given)."""
        number = trick or len(self._state.tricks) + 1
        irregularity = Irregularity(
            kind=kind,
            trick=number,
            seat=seat,
            card=card,
            settled=settled,
            transferred=transferred,
            accepted_by=accepted_by,
        )
        self._state.irregularities.append(irregularity)

    def _establish_revokes(self, seat: Seat) -> None:
        state = self._state
        number = len(state.tricks) + 1
        for place, revoke in enumerate(state.revokes):
            if not revoke.established and revoke.trick < number and revoke.seat.side is seat.side:
                state.revokes[place] = dataclasses.replace(revoke, established=True)
                established = Settlement.ESTABLISHED
                self._note("revoke", revoke.seat, revoke.card, established, trick=revoke.trick, transferred=1)

    def _close_revokes(self) -> None:
        state = self._state
        for revoke in state.revokes:
            if not revoke.established:
                self._note("revoke", revoke.seat, revoke.card, Settlement.NOT_CORRECTED, trick=revoke.trick)
        state.revokes = [r for r in state.revokes if r.established]

    # --- the Laws ------------------------------------------------------------------------------------------------

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
        self._settle_lead(Settlement.ACCEPTED_BY, accepted_by=by)

    def put_back_lead(self) -> None:
        """The lead out of turn is not accepted: the card goes back and the right player leads (Law 19)."""
        offender = self._need_pending()
        state = self._step(("put back", offender, None))
        assert state.pending_lead is not None
        card = state.pending_lead[1]
        state.hands[offender] |= 1 << card.index
        state.pending_lead = None
        self._note("lead out of turn", offender, card, Settlement.PUT_BACK)

    def _need_pending(self) -> Seat:
        if self._state.pending_lead is None:
            raise IllegalPlayError(gettext("nobody has led out of turn"))
        return self._state.pending_lead[0]

    def _settle_lead(self, how: Settlement, *, accepted_by: Seat | None = None) -> None:
        state = self._state
        assert state.pending_lead is not None
        offender, card = state.pending_lead
        state.pending_lead = None
        self._note("lead out of turn", offender, card, how, accepted_by=accepted_by)
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
        self._note("revoke", open_revoke.seat, open_revoke.card, Settlement.CORRECTED, trick=open_revoke.trick)

    def undo(self) -> None:
        """Take back the last step: a card, a decision on a lead out of turn, a correction, a claim, a state put in
        place."""
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
