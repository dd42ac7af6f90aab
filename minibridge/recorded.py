"""Replaying a recorded play: a record of the order the cards fell played card by card, and a record of tricks by
seat (a PBN file) read in every way it fits, the reading that agrees with the result replayed.

The other half of :mod:`minibridge.play`: :func:`replay_record` is the one way to replay a record. It builds the
tricks of a record of tricks by seat on a :class:`~minibridge.play.PlayState`, faster than card by card, and puts
the state in place through the play's public state door.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from minibridge.board import Board, CardRow, PlayRecord
from minibridge.cards import Card, Seat, Side, Suit
from minibridge.contract import pbn_strain
from minibridge.deal import SUIT_MASKS, Deal
from minibridge.errors import IllegalPlayError
from minibridge.language import gettext, ngettext
from minibridge.pbn.auction import contract_written
from minibridge.play import Ambiguity, Play, PlayState, Reading
from minibridge.trick import SEATS, Irregularity, Settlement, Trick, trick_strength, winner_index

__all__ = ["replay_record"]

_Option = tuple[int, list[Irregularity]]
"""One reading of a trick: the seat that led it (0–3), and the irregularities that makes."""


def replay_record(board: Board) -> Play:
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
    fewest irregularities, else the one where the proper leader led; :attr:`Play.ambiguity` tells the others.
    A record that stops short stops the play there; a claim it holds ends it.
    """
    record = board.play
    if board.deal is None or record is None:
        raise IllegalPlayError(gettext("a replay needs the deal and its recorded play"))
    strain = board.strain
    if strain is None and board.contract is None:  # a contract the auction gives (PBN 2.1), with no Contract tag
        strain = pbn_strain(contract_written(board)[0])
    declarer = board.declarer
    if declarer is None and strain is not None:
        declarer = record.leader.rho
    if declarer is not None:
        proper = declarer.lho
        if record.leader is not proper and board.deal.cards_per_hand < 13:
            proper = record.leader  # in an end position (fewer than 13 cards each) who is on lead is part of it
    else:
        proper = board.dealer.lho if board.dealer is not None else record.leader
    play = Play(board.deal, trumps=None if strain is None else strain.trumps, declarer=declarer, leader=proper)
    if record.order is not None:
        _replay_order(play, record.order)
    else:
        guide = None if board.result_by_agreement else board.result
        _replay_tricks(play, record, guide)
    if record.claim is not None and declarer is not None:
        play.claim(declarer, record.claim)
    elif not play.finished:
        play.end_record()
    return play


def _replay_order(play: Play, cards: Iterable[Card]) -> None:
    """Play cards in the order they fell, each by whoever was dealt it (the Laws apply)."""
    play.strict = False
    holders = play.deal.holders()
    for number, card in enumerate(cards, start=1):
        seat = holders.get(card)
        if seat is None:
            raise IllegalPlayError(
                gettext("card %(number)s of the play, %(card)s, is not in this deal") % {"number": number, "card": card}
            )
        pending = play.pending_lead
        if pending is not None and seat is not pending[0].lho:
            if seat is not play.to_play:
                assert play.to_play is not None
                problem = gettext(
                    "after %(offender)s's lead out of turn the next card comes from %(next)s (accepting it) or "
                    "%(leader)s (leading instead)"
                ) % {
                    "offender": pending[0].in_words,
                    "next": pending[0].lho.in_words,
                    "leader": play.to_play.in_words,
                }
                raise IllegalPlayError(_of_the_play(number, card, problem))
            play.put_back_lead()
        try:
            play.play(card, seat)
        except IllegalPlayError as err:
            raise IllegalPlayError(_of_the_play(number, card, err.message)) from None


def _replay_tricks(play: Play, record: PlayRecord, result: int | None) -> None:
    """Replay whole tricks by seat, stopping at the first trick not complete (a claim), in the reading that
    fits best (``result``, declarer's side's tricks or North–South's, guides the choice)."""
    leads: list[Seat | None] = []
    told: set[int] = set()
    marks = record.revokes | record.led_out_of_turn
    if record.leads or marks or record.leader is not play.opening_leader:  # the record tells more than its tricks
        leads = list(record.leads)
        if record.leader is not play.opening_leader and not (leads and leads[0] is not None):
            leads[:1] = [record.leader]  # the record names another opening leader than the proper one
        told = {number for number, lead in enumerate(leads, start=1) if lead is not None}
        told |= {number for number, row in enumerate(record.tricks, start=1) if marks.intersection(row)}
    reader = _Reader(play, record, leads, told)
    readings = reader.read(play.state, 1, int(play.opening_leader))
    if not readings:
        raise IllegalPlayError(reader.dead_ends[0])
    play.put_state(_choose(play, readings, result) if len(readings) > 1 else readings[0])  # undo: back to the start


def _choose(play: Play, readings: list[PlayState], result: int | None) -> PlayState:
    """The reading to replay (see :func:`replay_record`); the others that fit as well go to :attr:`Play.ambiguity`.

    A copy of each reading is put in place in turn to be counted, and taken back."""
    side = play.declarer.side if play.declarer is not None else Side.NORTH_SOUTH
    found: dict[tuple[tuple[Irregularity, ...], int], tuple[tuple[bool, int, int], PlayState, Reading]] = {}
    for state in readings:
        play.put_state(state.copy())  # the reading itself stays as read: the record's end is marked at the end
        if not play.finished:
            play.end_record()
        agrees = result is not None and play.agrees_with(result)
        irregularities = tuple(state.irregularities)
        key = (not agrees, len(irregularities), sum(i.kind == "lead out of turn" for i in irregularities))
        reading = Reading(
            irregularities=irregularities,
            won=(play.tricks_won(Side.NORTH_SOUTH), play.tricks_won(Side.EAST_WEST)),
            agrees=agrees if result is not None else None,
        )
        play.undo()
        found.setdefault((irregularities, reading.won[side]), (key, state, reading))
    ranked = sorted(found.values(), key=lambda entry: entry[0])
    fewest = ranked[0][0][1]
    fitting = [entry for entry in ranked if not entry[0][0] or entry[0][1] == fewest]
    (key, state, _), others = fitting[0], fitting[1:]
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
        play.ambiguity = Ambiguity(others=tuple(entry[2] for entry in others), reason=reason)
    return state


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

    def read(self, state: PlayState, first: int, at: int, forced: _Option | None = None) -> list[PlayState]:
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
            notes.append(
                Irregularity(
                    kind="lead out of turn",
                    trick=number,
                    seat=leader,
                    card=row[leader],
                    settled=Settlement.ACCEPTED_IN_RECORD_ONE_OF if len(led_by) > 1 else Settlement.ACCEPTED_IN_RECORD,
                    proper_leader=proper,
                    may_have_led=tuple(led_by) if len(led_by) > 1 else (),
                )
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
            how = Settlement.ESTABLISHED if established else Settlement.NOT_ESTABLISHED
            notes.append(
                Irregularity(
                    kind="revoke", trick=number, seat=seat, card=row[seat], settled=how, transferred=int(established)
                )
            )
        return int(leader), notes
