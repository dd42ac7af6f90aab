"""Trick play by the Laws: leads, following suit, trick winners, claims and irregularities; replay of a record.

>>> deal = Deal.from_pbn("N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876")
>>> play = Play(deal, trumps=None, declarer=Seat.SOUTH)
>>> play.to_play, [str(c) for c in play.legal_cards()][:3]
(<Seat.WEST: 3>, ['S9', 'S8', 'S7'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from minibridge.cards import CARDS, Card, Seat, Side, Suit
from minibridge.deal import SUIT_MASKS, Deal
from minibridge.errors import IllegalPlayError

__all__ = ["Trick", "Irregularity", "Play", "Replay", "replay", "trick_winner"]

SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_STRENGTH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(40 + c % 13 if c // 13 == trumps else 20 + c % 13 if c // 13 == led else 0 for c in range(52))
        for led in range(4)
    )
    for trumps in range(5)
)
"""How strong each card is in a trick, by trump suit (4: no-trumps) and suit led: the strongest wins."""

IrregularityKind = Literal["lead out of turn", "revoke", "card out of rotation"]


class Trick(NamedTuple):
    """A completed trick: who led, each seat's card, and who won it."""

    leader: Seat
    cards: tuple[Card, Card, Card, Card]
    """Indexed by seat: ``cards[Seat.NORTH]`` is North's card."""
    winner: Seat

    @property
    def led(self) -> Card:
        """The card led."""
        return self.cards[self.leader]

    def in_order(self) -> list[tuple[Seat, Card]]:
        """The cards in the order they were played, from the leader clockwise."""
        return [(seat, self.cards[seat]) for seat in self.leader.clockwise()]


@dataclass(frozen=True)
class Irregularity:
    """An irregularity of Laws 19–23 and how it was settled."""

    kind: IrregularityKind
    trick: int
    """The trick it happened in, from 1."""
    seat: Seat
    card: Card | None
    settled: str
    """How it was settled, in words: ``accepted``, ``card put back``, ``corrected``, ``established`` …"""
    transferred: int = 0
    """Tricks transferred to the opponents at the end of the hand (an established revoke: one)."""

    def describe(self) -> str:
        """One line in a teacher's words."""
        card = f" ({self.card})" if self.card is not None else ""
        return f"trick {self.trick}: {self.kind} by {self.seat.title}{card}, {self.settled}"

    def as_json(self) -> dict[str, Any]:
        """A plain-data form for ``--json``."""
        return {
            "kind": self.kind,
            "trick": self.trick,
            "seat": self.seat.letter,
            "card": str(self.card) if self.card is not None else None,
            "settled": self.settled,
            "tricks_transferred": self.transferred,
            "description": self.describe(),
        }


def trick_winner(cards: Sequence[Card], leader: Seat, trumps: Suit | None) -> Seat:
    """The seat that wins a trick of four cards (indexed by seat) led by ``leader``."""
    led = cards[leader].suit

    def strength(seat: Seat) -> int:
        card = cards[seat]
        return 200 + card.rank if card.suit is trumps else 100 + card.rank if card.suit is led else 0

    return max(leader.clockwise(), key=strength)


@dataclass
class _Revoke:
    trick: int
    seat: Seat
    card: Card
    established: bool = False


@dataclass
class Play:
    """A deal being played, one card at a time, with the Laws' irregularities.

    With ``strict`` (the default) a card against the rules is refused with the reason. Without it the
    Laws apply: a lead out of turn waits to be accepted or put back (:meth:`accept_lead`, :meth:`put_back_lead`,
    or the next opponent plays a card), a revoke stands until corrected (:meth:`correct_revoke`) or becomes
    established when the offender or partner plays to the next trick, and then costs one trick at the end.
    Declarer plays dummy's cards: pass ``seat`` as dummy's seat, or leave it out to play for whoever is next.
    """

    deal: Deal
    trumps: Suit | None = None
    declarer: Seat | None = None
    leader: Seat | None = None
    strict: bool = True
    tricks: list[Trick] = field(default_factory=list)
    irregularities: list[Irregularity] = field(default_factory=list)
    claimed: tuple[Side, int] | None = None
    """The side that claimed and how many of the remaining tricks it took, when a claim ended the play."""
    _hands: list[int] = field(default_factory=list, repr=False)
    _current: dict[Seat, Card] = field(default_factory=dict, repr=False)
    _pending_lead: tuple[Seat, Card] | None = field(default=None, repr=False)
    _revokes: list[_Revoke] = field(default_factory=list, repr=False)
    _won: list[int] = field(default_factory=lambda: [0, 0], repr=False)
    _events: list[tuple[str, Seat | None, Card | None]] = field(default_factory=list, repr=False)
    _opening_leader: Seat = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.leader is None:
            if self.declarer is None:
                raise IllegalPlayError("without a declarer, say who leads to the first trick")
            self.leader = self.declarer.lho
        self._opening_leader = self.leader
        self._hands = [hand.mask for hand in self.deal.hands]

    @classmethod
    def from_cards(
        cls,
        deal: Deal,
        cards: Iterable[Card],
        *,
        trumps: Suit | None = None,
        declarer: Seat | None = None,
        leader: Seat | None = None,
    ) -> Play:
        """Replay cards in the order they fell; each card is played by whoever was dealt it.

        The Laws apply: a revoke stands (and is established by the next trick); a lead out of turn is
        accepted when the next opponent plays to it, and put back when the right player leads instead.
        """
        play = cls(deal, trumps=trumps, declarer=declarer, leader=leader, strict=False)
        holders = deal.holders()
        for number, card in enumerate(cards, start=1):
            seat = holders.get(card)
            if seat is None:
                raise IllegalPlayError(f"card {number} of the play, {card}, is not in this deal")
            pending = play.pending_lead
            if pending is not None and seat is not pending[0].lho:
                if seat is not play.to_play:
                    raise IllegalPlayError(
                        f"card {number} of the play, {card}: after {pending[0].title}'s lead out of turn the next "
                        f"card comes from {pending[0].lho.title} (accepting it) or {play.to_play} (leading instead)"
                    )
                play.put_back_lead()
            try:
                play.play(card, seat)
            except IllegalPlayError as err:
                raise IllegalPlayError(f"card {number} of the play, {card}: {err.message}") from None
        return play

    # --- the state -------------------------------------------------------------------------------------------

    @property
    def total_tricks(self) -> int:
        """How many tricks the deal has: 13, or fewer in a short deal."""
        return self.deal.cards_per_hand

    @property
    def finished(self) -> bool:
        """True when every trick is played or a claim was accepted."""
        return self.claimed is not None or len(self.tricks) == self.total_tricks

    @property
    def current_trick(self) -> dict[Seat, Card]:
        """The cards played so far to the trick in progress."""
        return dict(self._current)

    @property
    def to_play(self) -> Seat | None:
        """Whose turn it is (declarer plays for dummy); None when the play is over."""
        if self.finished:
            return None
        assert self.leader is not None
        for seat in self.leader.clockwise():
            if seat not in self._current:
                return seat
        return None  # pragma: no cover - a full trick is completed at once

    def hand(self, seat: Seat) -> list[Card]:
        """The cards a seat still holds, spades first."""
        mask = self._hands[seat]
        return [CARDS[i] for i in range(51, -1, -1) if mask >> i & 1]

    def legal_cards(self, seat: Seat | None = None) -> list[Card]:
        """The cards ``seat`` (by default the one to play) may play now: a card of the suit led if it has one."""
        seat = self.to_play if seat is None else seat
        if seat is None:
            return []
        mask = self._hands[seat]
        if self._current and self.leader in self._current:
            led = self._current[self.leader].suit
            if mask & SUIT_MASKS[led]:
                mask &= SUIT_MASKS[led]
        return [CARDS[i] for i in range(51, -1, -1) if mask >> i & 1]

    def tricks_won(self, side: Side) -> int:
        """Tricks won by a side, after any established revoke's transfer once play is over."""
        return self._totals()[side]

    @property
    def declarer_tricks(self) -> int:
        """Tricks won by declarer's side."""
        if self.declarer is None:
            raise IllegalPlayError("there is no declarer in this deal: ask for the tricks of a side")
        return self.tricks_won(self.declarer.side)

    def _totals(self) -> dict[Side, int]:
        won = {Side.NORTH_SOUTH: self._won[0], Side.EAST_WEST: self._won[1]}
        if self.claimed is not None:
            side, taken = self.claimed
            rest = self.total_tricks - len(self.tricks)
            won[side] += taken
            won[side.other] += rest - taken
        if self.finished:
            for irregularity in self.irregularities:
                if irregularity.transferred:
                    offenders = irregularity.seat.side
                    moved = min(irregularity.transferred, won[offenders])
                    won[offenders] -= moved
                    won[offenders.other] += moved
        return won

    # --- playing ---------------------------------------------------------------------------------------------

    def play(self, card: Card | str, seat: Seat | None = None) -> Trick | None:
        """Play a card (for ``seat``, by default whoever is next); the trick when this card completes one."""
        if isinstance(card, str):
            card = Card.from_str(card)
        if self.finished:
            raise IllegalPlayError("the play is over: every trick has been played")
        assert self.leader is not None
        turn = self.to_play
        assert turn is not None
        seat = turn if seat is None else seat
        if not self._hands[seat] >> card.index & 1:
            raise IllegalPlayError(f"{seat.title} does not hold {card}: {seat.title} holds {_listing(self.hand(seat))}")
        if self._pending_lead is not None:
            offender, _ = self._pending_lead
            if seat is not offender.lho:
                raise IllegalPlayError(
                    f"{offender.title} has led out of turn: the lead must be accepted or put back before "
                    f"{seat.title} plays"
                )
            self._settle_lead("accepted: the next player played to it")
            turn = seat
        if not self._current and seat is not self.leader:
            if self.strict:
                raise IllegalPlayError(f"it is {self.leader.title}'s lead, not {seat.title}'s")
            self._pending_lead = (seat, card)
            self._hands[seat] &= ~(1 << card.index)
            self._events.append(("lead", seat, card))
            return None
        if seat in self._current:
            raise IllegalPlayError(f"{seat.title} has already played to this trick")
        if seat is not turn:
            if self.strict:
                raise IllegalPlayError(f"it is {turn.title}'s turn to play, not {seat.title}'s")
            self.irregularities.append(
                Irregularity("card out of rotation", len(self.tricks) + 1, seat, card, "the card stands (Law 23)")
            )
        if self._current:
            led = self._current[self.leader].suit
            if card.suit is not led and self._hands[seat] & SUIT_MASKS[led]:
                if self.strict:
                    raise IllegalPlayError(
                        f"{seat.title} must follow suit: {led.plural} were led and {seat.title} holds "
                        f"{_listing(c for c in self.hand(seat) if c.suit is led)}"
                    )
                self._revokes.append(_Revoke(len(self.tricks) + 1, seat, card))
        self._establish_revokes(seat)
        self._events.append(("play", seat, card))
        return self._place(seat, card)

    def _place(self, seat: Seat, card: Card) -> Trick | None:
        assert self.leader is not None
        self._hands[seat] &= ~(1 << card.index)
        self._current[seat] = card
        if len(self._current) < 4:
            return None
        cards = tuple(self._current[s] for s in Seat)
        winner = trick_winner(cards, self.leader, self.trumps)
        trick = Trick(self.leader, cards, winner)  # type: ignore[arg-type]
        self.tricks.append(trick)
        self._won[winner.side] += 1
        self._current = {}
        self.leader = winner
        if self.finished:
            self._close_revokes()
        return trick

    def _establish_revokes(self, seat: Seat) -> None:
        number = len(self.tricks) + 1
        for revoke in self._revokes:
            if not revoke.established and revoke.trick < number and revoke.seat.side is seat.side:
                revoke.established = True
                self.irregularities.append(
                    Irregularity(
                        "revoke",
                        revoke.trick,
                        revoke.seat,
                        revoke.card,
                        f"established: one trick goes to {revoke.seat.side.other.title} at the end (Law 21)",
                        1,
                    )
                )

    def _close_revokes(self) -> None:
        for revoke in self._revokes:
            if not revoke.established:
                self.irregularities.append(
                    Irregularity("revoke", revoke.trick, revoke.seat, revoke.card, "not corrected before the end")
                )
        self._revokes = [r for r in self._revokes if r.established]

    # --- the Laws --------------------------------------------------------------------------------------------

    @property
    def pending_lead(self) -> tuple[Seat, Card] | None:
        """A lead out of turn waiting to be accepted or put back."""
        return self._pending_lead

    def accept_lead(self, by: Seat) -> None:
        """An opponent of the player who led out of turn (not dummy) accepts the lead (Law 19)."""
        offender = self._need_pending()
        if by.side is offender.side:
            raise IllegalPlayError(f"only an opponent of {offender.title} may accept the lead, not {by.title}")
        if self.declarer is not None and by is self.declarer.partner:
            raise IllegalPlayError(f"{by.title} is dummy and may not accept the lead; declarer decides")
        self._events.append(("accept", by, None))
        self._settle_lead(f"accepted by {by.title}")

    def put_back_lead(self) -> None:
        """The lead out of turn is not accepted: the card goes back and the right player leads (Law 19)."""
        offender = self._need_pending()
        assert self._pending_lead is not None
        card = self._pending_lead[1]
        self._hands[offender] |= 1 << card.index
        self._pending_lead = None
        self._events.append(("put back", offender, None))
        self.irregularities.append(
            Irregularity("lead out of turn", len(self.tricks) + 1, offender, card, "card put back (Law 19)")
        )

    def _need_pending(self) -> Seat:
        if self._pending_lead is None:
            raise IllegalPlayError("nobody has led out of turn")
        return self._pending_lead[0]

    def _settle_lead(self, how: str) -> None:
        assert self._pending_lead is not None
        offender, card = self._pending_lead
        self._pending_lead = None
        self.irregularities.append(
            Irregularity("lead out of turn", len(self.tricks) + 1, offender, card, how + " (Law 19)")
        )
        self.leader = offender
        self._hands[offender] |= 1 << card.index
        self._establish_revokes(offender)
        self._place(offender, card)

    @property
    def open_revoke(self) -> tuple[Seat, Card] | None:
        """The latest revoke that can still be corrected (Law 20): the offender and the card."""
        for revoke in reversed(self._revokes):
            if not revoke.established:
                return revoke.seat, revoke.card
        return None

    def correct_revoke(self) -> None:
        """Correct the latest revoke not yet established: the card and any played after it go back (Law 20)."""
        open_revoke = next((r for r in reversed(self._revokes) if not r.established), None)
        if open_revoke is None:
            raise IllegalPlayError("there is no revoke to correct (an established revoke stands: Law 21)")
        keep = next(
            i
            for i, (kind, seat, card) in enumerate(self._events)
            if kind == "play" and seat is open_revoke.seat and card is open_revoke.card
        )
        irregularities = [
            *self.irregularities,
            Irregularity("revoke", open_revoke.trick, open_revoke.seat, open_revoke.card, "corrected (Law 20)"),
        ]
        self._rebuild(self._events[:keep])
        self.irregularities = irregularities

    def undo(self) -> None:
        """Take back the last card or decision."""
        if not self._events:
            raise IllegalPlayError("nothing has been played yet")
        self._rebuild(self._events[:-1])

    def _rebuild(self, events: list[tuple[str, Seat | None, Card | None]]) -> None:
        fresh = Play(
            self.deal, trumps=self.trumps, declarer=self.declarer, leader=self._opening_leader, strict=self.strict
        )
        for kind, seat, card in events:
            if kind in ("play", "lead"):
                assert card is not None
                fresh.play(card, seat)
            elif kind == "accept":
                assert seat is not None
                fresh.accept_lead(seat)
            elif kind == "put back":
                fresh.put_back_lead()
        for name in (
            "tricks",
            "irregularities",
            "claimed",
            "leader",
            "_hands",
            "_current",
            "_pending_lead",
            "_revokes",
            "_won",
            "_events",
        ):
            setattr(self, name, getattr(fresh, name))

    def claim(self, seat: Seat, tricks: int, *, agreed: bool = True) -> None:
        """``seat`` claims ``tricks`` of the remaining tricks for their side (Law 14).

        Agreed, the play ends and the other side takes the rest; disputed, play simply goes on.
        """
        if self._current or self._pending_lead is not None:
            raise IllegalPlayError("finish the trick in progress before claiming")
        if self.finished:
            raise IllegalPlayError("the play is over: there is nothing left to claim")
        rest = self.total_tricks - len(self.tricks)
        if not 0 <= tricks <= rest:
            raise IllegalPlayError(f"{rest} tricks remain: a claim is for 0 to {rest} of them, not {tricks}")
        if agreed:
            self.claimed = (seat.side, tricks)
            self._close_revokes()


def _listing(cards: Iterable[Card]) -> str:
    names = [str(c) for c in cards]
    return " ".join(names) if names else "nothing"


@dataclass(frozen=True)
class Replay:
    """What a replayed record shows: the tricks, who won them, and every irregularity found."""

    tricks: list[Trick]
    declarer_tricks: int
    """Tricks won in play by declarer's side (or North–South without a declarer), after revoke transfers."""
    defender_tricks: int
    irregularities: list[Irregularity]
    complete: bool
    """All tricks were played out (no claim)."""

    @property
    def tricks_played(self) -> int:
        """How many complete tricks the record holds."""
        return len(self.tricks)


def replay(
    deal: Deal,
    tricks: Sequence[Sequence[Card | None]],
    *,
    trumps: Suit | None,
    declarer: Seat | None = None,
    leader: Seat | None = None,
) -> Replay:
    """Replay a recorded play: each trick's four cards indexed by seat, ``None`` for a card not recorded.

    The record stops at the first trick not complete (a claim). A card that its player does not hold is an
    error (:class:`IllegalPlayError`); a revoke or a lead out of turn is reported as an irregularity: a lead out
    of turn is recognised when another leader would make every card follow suit, and it stood (it was accepted).
    """
    proper = declarer.lho if declarer is not None else leader
    if proper is None:
        raise IllegalPlayError("without a declarer, say who leads to the first trick")
    leader = proper if leader is None else leader
    irregularities: list[Irregularity] = []
    if leader is not proper:
        irregularities.append(
            Irregularity("lead out of turn", 1, leader, None, f"accepted: it was {proper.title}'s lead (Law 19)")
        )
    strength = _STRENGTH[4 if trumps is None else int(trumps)]
    h0, h1, h2, h3 = (hand.mask for hand in deal.hands)
    won = [0, 0]
    played: list[Trick] = []
    total = deal.cards_per_hand
    at = int(leader)
    for number, row in enumerate(tricks, start=1):
        if number > total:
            raise IllegalPlayError(f"the record has more than {total} tricks")
        c0, c1, c2, c3 = row
        if c0 is None or c1 is None or c2 is None or c3 is None:
            _check_held(row, [h0, h1, h2, h3], number, deal)
            break
        i0, i1, i2, i3 = c0.index, c1.index, c2.index, c3.index
        b0, b1, b2, b3 = 1 << i0, 1 << i1, 1 << i2, 1 << i3
        if not (h0 & b0 and h1 & b1 and h2 & b2 and h3 & b3):
            _check_held(row, [h0, h1, h2, h3], number, deal)
        index = (i0, i1, i2, i3)
        led = index[at] // 13
        mask = SUIT_MASKS[led]
        if (
            (h0 & mask and i0 // 13 != led)
            or (h1 & mask and i1 // 13 != led)
            or (h2 & mask and i2 // 13 != led)
            or (h3 & mask and i3 // 13 != led)
        ):
            at = _irregular_trick(number, row, index, [h0, h1, h2, h3], SEATS[at], tricks, irregularities)
            led = index[at] // 13
        key = strength[led]
        best, top = 0, key[i0]
        if key[i1] > top:
            best, top = 1, key[i1]
        if key[i2] > top:
            best, top = 2, key[i2]
        if key[i3] > top:
            best = 3
        h0 ^= b0
        h1 ^= b1
        h2 ^= b2
        h3 ^= b3
        won[best & 1] += 1
        played.append(Trick(SEATS[at], (c0, c1, c2, c3), SEATS[best]))
        at = best
    for irregularity in irregularities:
        if irregularity.transferred:
            offenders = irregularity.seat & 1
            if won[offenders]:
                won[offenders] -= 1
                won[1 - offenders] += 1
    side = declarer.side if declarer is not None else Side.NORTH_SOUTH
    return Replay(played, won[side], won[1 - side], irregularities, len(played) == total)


def _revokers(index: Sequence[int], hands: list[int], leader: Seat) -> list[Seat]:
    led = index[leader] // 13
    mask = SUIT_MASKS[led]
    return [SEATS[s] for s in range(4) if index[s] // 13 != led and hands[s] & mask]


def _irregular_trick(
    number: int,
    row: Sequence[Card | None],
    index: Sequence[int],
    hands: list[int],
    leader: Seat,
    tricks: Sequence[Sequence[Card | None]],
    irregularities: list[Irregularity],
) -> Seat:
    """Report a trick in which a card does not follow suit: a lead out of turn, or revokes; the actual leader."""
    revokers = _revokers(index, hands, leader)
    others = [s for s in leader.clockwise()[1:] if not _revokers(index, hands, s)]
    if others:
        how = f"accepted: it was {leader.title}'s lead (Law 19)"
        if len(others) > 1:
            names = ", ".join(s.title for s in others[:-1]) + f" or {others[-1].title}"
            how += f"; led by {names}: the record does not show which"
        irregularities.append(Irregularity("lead out of turn", number, others[0], row[others[0]], how))
        return others[0]
    following = tricks[number] if number < len(tricks) else None
    for seat in revokers:
        established = following is not None and (following[seat] is not None or following[seat.partner] is not None)
        how = (
            f"established: one trick goes to {seat.side.other.title} at the end (Law 21)"
            if established
            else "not established (it could still be corrected)"
        )
        irregularities.append(Irregularity("revoke", number, seat, row[seat], how, 1 if established else 0))
    return leader


def _check_held(row: Sequence[Card | None], hands: list[int], number: int, deal: Deal) -> None:
    """Refuse a recorded card that its player does not hold."""
    for seat in SEATS:
        card = row[seat]
        if card is not None and not hands[seat] >> card.index & 1:
            raise IllegalPlayError(f"trick {number}: {seat.title} plays {card} but {_where_is(card, deal, seat)}")


def _where_is(card: Card, deal: Deal, seat: Seat) -> str:
    holder = next((s for s in Seat if card in deal[s]), None)
    if holder is seat:
        return f"{seat.title} has already played it"
    return f"it was dealt to {holder.title}" if holder is not None else "it is not in this deal"
