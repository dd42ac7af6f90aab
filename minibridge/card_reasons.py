"""Why a card: a hint for the player to play, and why a computer player played its card, in a child's words.

A hint (:func:`hint`) is the card the computer would play in that player's place, thinking only from what that
player sees (their hand, dummy once it is down, the cards played so far: never the hidden hands), with one short
reason. The reason comes from what kind of card it is in the position (:func:`classify`): second hand low, third
hand high, partner is winning, a trump to win the trick, the top of a sequence led, a defender's signal of
MiniLesson Six … The same classification says why a computer player played a card (:func:`why_played`), and
why every card of a deal was played (:func:`reasons_of_cards`). Every sentence is short, for pupils of seven to
eleven, and goes through :func:`minibridge.language.gettext`.

>>> from minibridge.deal import Deal
>>> play = Play(Deal.from_pbn("N:.A72.. .KQ4.. .J93.. .T65.."), leader=Seat.WEST)
>>> play.play("H5") is None
True
>>> why_played(play, Seat.NORTH, Card.from_str("H2"))
'Second hand plays low.'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from minibridge import language
from minibridge.cards import CARDS, Card, Seat, Suit
from minibridge.errors import RuleError
from minibridge.knowledge import Knowledge
from minibridge.language import gettext
from minibridge.play import Play
from minibridge.robot import Robot, card_beats, cheapest_of_top, robot_for, winning_seat
from minibridge.rules import find_rules
from minibridge.signals import likes_suit, signal_in_trick

__all__ = [
    "HINT_LEVEL",
    "HINT_SAMPLES",
    "SHOWN_RUN",
    "SMALL_RANK",
    "TELLS_UNSEEN",
    "CardAdvice",
    "Kind",
    "Reason",
    "classify",
    "hint",
    "hint_words",
    "reasons_of_cards",
    "why_card",
    "why_played",
    "why_words",
]

HINT_LEVEL = "expert"
"""The level of the computer that chooses a hint's card."""

HINT_SAMPLES = 4
"""The layouts of the unseen cards the hint's computer thinks about: few, so that a hint comes at once."""

SMALL_RANK = 9
"""The highest rank a pupil calls a small card: two to nine."""

SHOWN_RUN = 3
"""The most touching cards a hint names when it says to lead the top of them."""

Kind = Literal[
    "partner winning",
    "partner winning, discard",
    "wins the trick",
    "smallest winner",
    "sure trick",
    "top card left",
    "third hand high",
    "beats the cards so far",
    "cover",
    "second hand low",
    "cannot win",
    "play low",
    "trump",
    "keep trumps",
    "discard smallest",
    "discard small",
    "discard",
    "encourage",
    "discourage",
    "draw trumps",
    "top of sequence",
    "partner's suit",
    "longest suit",
    "best chance",
]
"""Every kind of card the classification knows, ``best chance`` the one left when no other fits."""


@dataclass(frozen=True, kw_only=True)
class Reason:
    """What kind of card a card is in its position, with what its sentence names."""

    kind: Kind
    card: Card
    suit: Suit | None = None
    """The suit the sentence names: the suit led (following, or showing out), the card's suit (a signal)."""
    run: tuple[Card, ...] = ()
    """The touching cards a sequence is led from, highest first (``top of sequence``)."""
    pushed_out: Card | None = None
    """The opponents' card a lead from a sequence makes them play, when the player knows it is theirs."""


@dataclass(frozen=True, kw_only=True)
class CardAdvice:
    """A card suggested to a player, with its reason in a child's words."""

    card: Card
    reason: str

    def as_data(self) -> dict[str, str]:
        """The advice as plain data: ``card`` (like ``HA``) and ``reason``."""
        return {"card": str(self.card), "reason": self.reason}


# --- what the player sees ---------------------------------------------------------------------------------


class _Sight:
    """A position as the player deciding for ``seat`` sees it: their hands, and the cards played."""

    def __init__(self, play: Play, seat: Seat, knowledge: Knowledge) -> None:
        self.play = play
        self.seat = seat
        self.knowledge = knowledge
        self.viewer = knowledge.player_for(seat)
        self.visible = set(knowledge.seen_by(self.viewer)) | {seat}
        self.trumps = play.trumps
        self.current = play.current_trick
        self.leader = play.leader
        self.hand = play.hand(seat)
        self.gone = 0
        for trick in play.tricks:
            for card in trick.cards:
                self.gone |= 1 << card.index
        for card in self.current.values():
            self.gone |= 1 << card.index
        self.seen = self.gone
        for other in self.visible:
            for card in play.hand(other):
                self.seen |= 1 << card.index

    def mask(self, cards: Iterable[Card]) -> int:
        """The cards as a card mask."""
        bits = 0
        for card in cards:
            bits |= 1 << card.index
        return bits

    def higher_unseen(self, card: Card) -> list[Card]:
        """The cards of ``card``'s suit above it that the player cannot see: they may be in a hidden hand."""
        return [CARDS[i] for i in range(card.index + 1, card.suit * 13 + 13) if not self.seen >> i & 1]

    def top_left(self, card: Card) -> bool:
        """Nobody else can hold a higher card of its suit: each is played or in this hand."""
        own = self.mask(self.hand)
        return all((self.gone | own) >> i & 1 for i in range(card.index + 1, card.suit * 13 + 13))

    def shown_out(self, seat: Seat, suit: Suit) -> bool:
        """``seat`` has shown it holds no ``suit``: it played another suit when that suit was led."""
        tricks = [(t.leader, dict(zip(Seat, t.cards, strict=True))) for t in self.play.tricks]
        if self.current:
            tricks.append((self.leader, self.current))
        for leader, cards in tricks:
            if leader in cards and cards[leader].suit is suit and seat in cards and cards[seat].suit is not suit:
                return True
        return False

    def may_beat(self, seat: Seat, top: Card) -> bool:
        """Whether ``seat``, still to play to the trick, may beat ``top``, as far as the player can tell."""
        led = self.current[self.leader].suit
        trumps = self.trumps
        if seat in self.visible:
            cards = self.play.hand(seat)
            following = [c for c in cards if c.suit is led]
            return any(card_beats(c, top, trumps) for c in (following or cards))
        if self.higher_unseen(top) and not self.shown_out(seat, top.suit):
            return True  # a higher card of the top card's suit may be there
        if trumps is None or top.suit is trumps or not self.shown_out(seat, led):
            return False
        return not self.shown_out(seat, trumps) and any(
            not self.seen >> (trumps * 13 + i) & 1 for i in range(13)
        )  # out of the suit led, it may trump

    def trumps_out(self) -> bool:
        """Some trumps may be in hands the player cannot see."""
        trumps = self.trumps
        return trumps is not None and any(not self.seen >> (trumps * 13 + i) & 1 for i in range(13))

    def can_be_trumped(self, card: Card) -> bool:
        """A player the viewer cannot see may trump ``card`` (or over-trump it) one day."""
        trumps = self.trumps
        if trumps is None:
            return False
        if card.suit is trumps:
            return bool(self.higher_unseen(card))
        return self.trumps_out()


# --- the classification -----------------------------------------------------------------------------------


def classify(play: Play, seat: Seat, card: Card, knowledge: Knowledge | None = None) -> Reason:
    """What kind of card ``card`` is, played from ``seat`` now (``play`` is the position before it), seen by the
    player deciding for that seat: only their hands and the cards played count, never the hidden hands.

    Without ``knowledge`` the table knows the play's declarer and the EBU's rules (no signals)."""
    knowledge = knowledge or _knowledge_of(play)
    sight = _Sight(play, seat, knowledge)
    if not sight.current:
        return _lead(sight, card)
    leader = sight.leader
    led = sight.current[leader].suit
    legal = [c for c in sight.hand if c.suit is led] or sight.hand
    if card.suit is led:
        return _follow(sight, card, [c for c in legal if c.suit is led])
    return _show_out(sight, card, led, legal)


def _knowledge_of(play: Play) -> Knowledge:
    return Knowledge.of(find_rules("ebu"), declarer=play.declarer, hcp=None)


def _partner_safe(sight: _Sight) -> bool:
    """Partner's card wins the trick so far, and no player still to play may beat it."""
    current, leader = sight.current, sight.leader
    winner = winning_seat(current, leader, sight.trumps)
    if winner is not sight.seat.partner:
        return False
    later = [s for s in leader.clockwise() if s not in current and s is not sight.seat]
    return not any(sight.may_beat(s, current[winner]) for s in later)


def _signal(sight: _Sight, card: Card, led: Suit) -> Reason | None:
    """A defender's signal of MiniLesson Six that agrees with its hand: a high small card for a suit it likes,
    the lowest for one it does not."""
    knowledge = sight.knowledge
    if not knowledge.rules.signals or sight.seat not in knowledge.defenders:
        return None
    held = sight.mask(sight.hand)
    partner_led = sight.leader is sight.seat.partner
    meaning = signal_in_trick(held, card, led=led, partner_led=partner_led)
    likes = likes_suit(held, card.suit)
    if meaning == "encourage" and likes:
        return Reason(kind="encourage", card=card, suit=card.suit)
    if meaning == "discourage" and not likes:
        return Reason(kind="discourage", card=card, suit=card.suit)
    return None


def _follow(sight: _Sight, card: Card, following: list[Card]) -> Reason:
    current, leader, trumps = sight.current, sight.leader, sight.trumps
    led = current[leader].suit
    top = current[winning_seat(current, leader, trumps)]
    winners = [c for c in following if card_beats(c, top, trumps)]
    lowest = min(following, key=lambda c: c.rank)
    order = len(current) + 1  # second, third or fourth hand
    if card in winners:
        if order == 4:
            cheapest = min(winners, key=lambda c: c.rank)
            kind: Kind = "smallest winner" if card == cheapest and len(winners) > 1 else "wins the trick"
            return Reason(kind=kind, card=card, suit=led)
        if order == 3 and card in (cheapest_of_top(following, sight.play), max(following, key=lambda c: c.rank)):
            return Reason(kind="third hand high", card=card, suit=led)
        if order == 2 and current[leader].rank >= 11:
            return Reason(kind="cover", card=card, suit=led)
        if sight.top_left(card) and not sight.can_be_trumped(card):
            return Reason(kind="sure trick", card=card, suit=led)
        return Reason(kind="beats the cards so far", card=card, suit=led)
    signal = _signal(sight, card, led)
    if signal is not None:
        return signal
    if card == lowest and _partner_safe(sight):
        return Reason(kind="partner winning", card=card, suit=led)
    if card == lowest and not winners:
        return Reason(kind="cannot win", card=card, suit=led)
    if order == 2:
        return Reason(kind="second hand low", card=card, suit=led)
    if winners:
        return Reason(kind="play low", card=card, suit=led)
    return Reason(kind="best chance", card=card)


def _show_out(sight: _Sight, card: Card, led: Suit, legal: list[Card]) -> Reason:
    current, leader, trumps = sight.current, sight.leader, sight.trumps
    top = current[winning_seat(current, leader, trumps)]
    ruffs = [c for c in legal if trumps is not None and c.suit is trumps and card_beats(c, top, trumps)]
    if card in ruffs:
        return Reason(kind="trump", card=card, suit=led)
    signal = _signal(sight, card, led)
    if signal is not None:
        return signal
    small = card.rank <= SMALL_RANK
    if small and _partner_safe(sight):
        return Reason(kind="partner winning, discard", card=card, suit=led)
    if ruffs and card.suit is not trumps:
        return Reason(kind="keep trumps", card=card, suit=led)
    if ruffs:
        return Reason(kind="best chance", card=card)
    if card.rank == min(c.rank for c in legal):
        return Reason(kind="discard smallest", card=card, suit=led)
    if small:
        return Reason(kind="discard small", card=card, suit=led)
    return Reason(kind="discard", card=card, suit=led)


def _lead(sight: _Sight, card: Card) -> Reason:
    knowledge, trumps = sight.knowledge, sight.trumps
    declarer = knowledge.declarer
    declaring = declarer is not None and sight.seat.side is declarer.side
    if declaring and card.suit is trumps and sight.trumps_out():
        return Reason(kind="draw trumps", card=card, suit=card.suit)
    if sight.top_left(card):
        kind: Kind = "top card left" if sight.can_be_trumped(card) else "sure trick"
        return Reason(kind=kind, card=card, suit=card.suit)
    run = _run(sight, card)
    if len(run) >= 2 and card.rank >= 10:
        higher = sight.higher_unseen(card)
        theirs = declaring and knowledge.dummy is not None  # declarer sees both hands of the side
        pushed_out = min(higher, key=lambda c: c.rank) if higher and theirs else None
        return Reason(kind="top of sequence", card=card, suit=card.suit, run=run, pushed_out=pushed_out)
    if not declaring and _partner_led(sight, card.suit):
        return Reason(kind="partner's suit", card=card, suit=card.suit)
    lengths = {s: sum(1 for c in sight.hand if c.suit is s) for s in Suit}
    if lengths[card.suit] >= 4 and lengths[card.suit] == max(lengths.values()):
        return Reason(kind="longest suit", card=card, suit=card.suit)
    return Reason(kind="best chance", card=card)


def _run(sight: _Sight, card: Card) -> tuple[Card, ...]:
    """The touching cards of ``card``'s hand from it down (cards played between count as touching), when
    ``card`` is their top: the hand holds the next higher card neither."""
    held = sight.mask(sight.hand)
    if card.index % 13 < 12 and held >> (card.index + 1) & 1:
        return ()
    run = [card]
    index = card.index - 1
    while index >= card.suit * 13 and (held | sight.gone) >> index & 1:
        if held >> index & 1:
            run.append(CARDS[index])
        index -= 1
    return tuple(run)


def _partner_led(sight: _Sight, suit: Suit) -> bool:
    """The seat's partner led ``suit`` to an earlier trick."""
    partner = sight.seat.partner
    return any(t.leader is partner and t.led.suit is suit for t in sight.play.tricks)


# --- the words ---------------------------------------------------------------------------------------------


def _values(reason: Reason) -> dict[str, str]:
    values = {"card": reason.card.shown}
    if reason.suit is not None:
        values["suit"] = reason.suit.in_words
    if reason.run:
        top = reason.run[0]
        values["cards"] = top.suit.symbol + " ".join(language.rank(c.rank.letter) for c in reason.run[:SHOWN_RUN])
    if reason.pushed_out is not None:
        values["high"] = reason.pushed_out.shown
    return values


def hint_words(reason: Reason) -> str:
    """The reason, said to the player about to play the card ("you"), in the language in use."""
    values = _values(reason)
    match reason.kind:
        case "partner winning":
            # TRANSLATORS: a hint for a child; %(suit)s is a suit in words, like "hearts".
            return gettext("Partner is winning this trick: play your lowest card in %(suit)s.") % values
        case "partner winning, discard":
            return gettext("Partner is winning this trick: throw away a small card.")
        case "wins the trick":
            # TRANSLATORS: a hint for a child; %(card)s is a card with its suit symbol, like ♥A.
            return gettext("Your %(card)s wins this trick.") % values
        case "smallest winner":
            # TRANSLATORS: a hint for a child; %(card)s is a card with its suit symbol, like ♥K.
            return gettext("Play your %(card)s: it is the smallest card that wins this trick.") % values
        case "sure trick":
            # TRANSLATORS: a hint for a child; %(card)s is a card with its suit symbol, like ♠A.
            return gettext("Your %(card)s is a sure trick: take it now.") % values
        case "top card left":
            # TRANSLATORS: a hint for a child; %(card)s is a card with its suit symbol, %(suit)s its suit in words.
            return gettext("Your %(card)s is the highest card left in %(suit)s: play it now.") % values
        case "third hand high":
            return gettext("Third hand plays high: try to win the trick for your side.")
        case "beats the cards so far":
            # TRANSLATORS: a hint for a child; %(card)s is a card with its suit symbol, like ♥Q.
            return gettext("Play your %(card)s: it beats the cards played so far.") % values
        case "cover":
            # TRANSLATORS: a hint for a child; %(card)s is a card with its suit symbol, like ♥K.
            return gettext("They led a high card: cover it with your %(card)s.") % values
        case "second hand low":
            return gettext("Second hand plays low: keep your high cards for later.")
        case "cannot win":
            # TRANSLATORS: a hint for a child; %(suit)s is a suit in words, like "hearts".
            return gettext("You can't win this trick: play your lowest card in %(suit)s.") % values
        case "play low":
            return gettext("Play low this time: keep your high cards for later.")
        case "trump":
            # TRANSLATORS: a hint for a child; %(suit)s is the suit led in words, %(card)s a trump like ♠2.
            return gettext("You have no %(suit)s left: trump with the %(card)s to win the trick.") % values
        case "keep trumps":
            # TRANSLATORS: a hint for a child; %(suit)s is the suit led in words, like "hearts".
            return gettext("You have no %(suit)s left: keep your trumps for later.") % values
        case "discard smallest":
            # TRANSLATORS: a hint for a child; %(suit)s is the suit led in words, like "hearts".
            return gettext("You have no %(suit)s left and you can't win: throw away your smallest card.") % values
        case "discard small":
            # TRANSLATORS: a hint for a child; %(suit)s is the suit led in words, like "hearts".
            return gettext("You have no %(suit)s left and can't win: throw away a small card.") % values
        case "discard":
            return gettext("You can't win this trick: throw away a card you don't need.")
        case "encourage":
            # TRANSLATORS: a hint for a child; %(card)s is a card with its suit symbol, %(suit)s its suit in words.
            return gettext("Play your %(card)s: a high card tells partner 'I like %(suit)s'.") % values
        case "discourage":
            # TRANSLATORS: a hint for a child; %(card)s is a card with its suit symbol, %(suit)s its suit in words.
            return gettext("Play your %(card)s: a low card tells partner 'I don't like %(suit)s'.") % values
        case "draw trumps":
            return gettext("Take out their trumps first.")
        case "top of sequence" if reason.pushed_out is not None:
            # TRANSLATORS: a hint for a child; %(cards)s are touching cards like ♠K Q J, %(high)s a card like ♠A.
            return gettext("Lead the top card of %(cards)s: it makes their %(high)s go.") % values
        case "top of sequence":
            # TRANSLATORS: a hint for a child; %(cards)s are touching cards of one suit, like ♠K Q J.
            return gettext("Lead the top card of %(cards)s: it is a safe lead.") % values
        case "partner's suit":
            return gettext("Lead back partner's suit: partner led it for a reason.")
        case "longest suit":
            return gettext("Lead your longest suit: its small cards can win later.")
    return gettext("This card gives your side the best chance of the most tricks.")


def why_words(reason: Reason) -> str:
    """The reason, said about the player who played the card ("it"), in the language in use."""
    values = _values(reason)
    match reason.kind:
        case "partner winning":
            return gettext("Partner was winning, so it played low.")
        case "partner winning, discard":
            return gettext("Partner was winning, so it threw away a small card.")
        case "wins the trick":
            return gettext("It wins the trick.")
        case "smallest winner":
            return gettext("It wins the trick with the smallest card it could.")
        case "sure trick":
            return gettext("It took a sure trick.")
        case "top card left":
            return gettext("It played the highest card left in the suit.")
        case "third hand high":
            return gettext("Third hand plays high.")
        case "beats the cards so far":
            return gettext("It beat the cards played so far.")
        case "cover":
            return gettext("It covered their high card with a higher one.")
        case "second hand low":
            return gettext("Second hand plays low.")
        case "cannot win":
            return gettext("It could not win, so it played its lowest card.")
        case "play low":
            return gettext("It played low to keep its high cards for later.")
        case "trump":
            # TRANSLATORS: why the computer played a card; %(suit)s is the suit led in words, like "hearts".
            return gettext("It had no %(suit)s left, so it trumped.") % values
        case "keep trumps":
            # TRANSLATORS: why the computer played a card; %(suit)s is the suit led in words, like "hearts".
            return gettext("It had no %(suit)s left but kept its trumps for later.") % values
        case "discard smallest" | "discard small":
            # TRANSLATORS: why the computer played a card; %(suit)s is the suit led in words, like "hearts".
            return gettext("It had no %(suit)s and could not win: it threw away a small card.") % values
        case "discard":
            # TRANSLATORS: why the computer played a card; %(suit)s is the suit led in words, like "hearts".
            return gettext("It had no %(suit)s and could not win, so it threw a card away.") % values
        case "encourage":
            # TRANSLATORS: why the computer played a card; %(suit)s is a suit in words, like "hearts".
            return gettext("A high card tells partner: I like %(suit)s.") % values
        case "discourage":
            # TRANSLATORS: why the computer played a card; %(suit)s is a suit in words, like "hearts".
            return gettext("A low card tells partner: I don't like %(suit)s.") % values
        case "draw trumps":
            return gettext("It led trumps to take out their trumps.")
        case "top of sequence":
            return gettext("It led the top of a sequence.")
        case "partner's suit":
            return gettext("It led back partner's suit.")
        case "longest suit":
            return gettext("It led its longest suit.")
    return gettext("It keeps the most tricks for its side.")


# --- the hint and the computer's reasons ------------------------------------------------------------------


def hint(play: Play, knowledge: Knowledge, seat: Seat, *, robot: Robot | None = None) -> CardAdvice:
    """A card for ``seat`` to play now (its own or, for declarer, dummy's), with one short reason: the card the
    computer (``robot``, by default a quick :data:`HINT_LEVEL` one) chooses from what that player sees, and why.
    Refused in words when it is not ``seat``'s turn to play."""
    turn = play.to_play
    if turn is None:
        raise RuleError(gettext("the play is over: there is no card to choose"))
    if turn is not seat:
        raise RuleError(
            # TRANSLATORS: %(turn)s and %(seat)s are seats in words, like "North".
            gettext("it is %(turn)s's turn to play, not %(seat)s's") % {"turn": turn.in_words, "seat": seat.in_words}
        )
    robot = robot or robot_for(HINT_LEVEL, knowledge.rules, samples=HINT_SAMPLES)
    card = robot.choose_card(play, knowledge)
    return CardAdvice(card=card, reason=hint_words(classify(play, seat, card, knowledge)))


def why_played(play: Play, seat: Seat, card: Card, knowledge: Knowledge | None = None) -> str:
    """Why the player at ``seat`` (declarer for dummy) played ``card``: ``play`` is the position before the card.
    One short sentence, as that player saw the position."""
    return why_words(classify(play, seat, card, knowledge))


def _replayed(play: Play) -> tuple[Play, list[tuple[Seat, Card]]]:
    """A fresh play of ``play``'s deal at its first card, and the cards played in ``play`` since, in order."""
    leader = play.tricks[0].leader if play.tricks else play.leader
    cards = [pair for trick in play.tricks for pair in trick.in_order()]
    cards += [(seat, play.current_trick[seat]) for seat in play.leader.clockwise() if seat in play.current_trick]
    return Play(play.deal, trumps=play.trumps, declarer=play.declarer, leader=leader), cards


TELLS_UNSEEN: frozenset[str] = frozenset(
    {
        "smallest winner",
        "sure trick",
        "cannot win",
        "play low",
        "keep trumps",
        "discard smallest",
        "discard small",
        "discard",
        "longest suit",
    }
)
"""The kinds of card whose reason tells something of the player's cards nobody else has seen yet (that it held no
higher card, or trumps, or a long suit): said while the deal is played, they would give away hidden cards."""


def reasons_of_cards(play: Play, knowledge: Knowledge | None = None, *, openly: bool = False) -> list[str]:
    """Why each card of ``play`` so far was played, in the order played (:func:`why_played`), each seen from the
    position before it. A card that breaks the rules of play (a record's irregularity) ends the list. ``openly``:
    while the deal is played, where everyone may read the reasons, a reason that would tell of cards not yet seen
    (:data:`TELLS_UNSEEN`) is given as the reason that holds for any card."""
    fresh, cards = _replayed(play)
    reasons = []
    for seat, card in cards:
        if fresh.to_play is not seat or card not in fresh.legal_cards(seat):
            break
        reason = classify(fresh, seat, card, knowledge)
        if openly and reason.kind in TELLS_UNSEEN:
            reason = Reason(kind="best chance", card=card)
        reasons.append(why_words(reason))
        fresh.play(card, seat)
    return reasons


def why_card(play: Play, index: int, knowledge: Knowledge | None = None) -> str:
    """Why the card at ``index`` (from 0, in the order played) of ``play`` was played (:func:`why_played`), from
    the position just before it. Refused in words for an index with no card."""
    fresh, cards = _replayed(play)
    if not 0 <= index < len(cards):
        # TRANSLATORS: %(number)s counts the cards played, from 1.
        raise RuleError(gettext("there is no card number %(number)s in this play") % {"number": index + 1})
    for seat, card in cards[:index]:
        fresh.play(card, seat)
    seat, card = cards[index]
    return why_played(fresh, seat, card, knowledge)
