"""The words ``minibridge play`` shows: a deal as it starts, the contract, the cards as they fall, the end of a
deal, the totals and who won; cards with suit symbols, red where the terminal shows colour.

Everything here only tells what the table (:mod:`minibridge.table`) already decided.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from minibridge.cards import Card, Seat, Side
from minibridge.classroom import PUPIL
from minibridge.cli.terminal import card_text, hand_text, pad, player_name, variant_name, width
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.language import gettext, ngettext, strain_letters
from minibridge.review import CardReview
from minibridge.table import Game, Table
from minibridge.table.story import seat_names, three_handed_story

__all__ = [
    "letters",
    "who",
    "deal_start",
    "contract_story",
    "goal_line",
    "trick_line",
    "tricks_taken",
    "end_of_deal",
    "costly_card_lines",
    "review_lines",
]


def letters(contract: Contract) -> str:
    """A contract as the pupil types it in the language in use: ``4H``, Dutch ``5R``, Danish ``3UT``."""
    return f"{contract.level}{strain_letters(contract.strain.letter)}"


def who(seat: Seat, table: Table, person: str | None) -> str:
    """``North (dummy)``, ``North``; in three-handed play the pupil's seat says ``(you)``."""
    game = table.game
    if seat is game.dummy:
        return gettext("%(seat)s (dummy)") % {"seat": seat.in_words}
    if game.three is not None and person is not None and seat is table.hand(person):
        return gettext("%(seat)s (you)") % {"seat": seat.in_words}
    return seat.in_words


# --- the start of a deal ------------------------------------------------------------------------------------------


def deal_start(game: Game, names: Sequence[str]) -> list[str]:
    """A deal as it starts for the pupil at South: who deals, the pupil's hand, the announcement and what it
    decides (a redeal, the declaring side; with three players, where they sit and who plays which hand)."""
    if game.three is not None:
        return _three_handed_start(game, names)
    lines = [
        gettext("Deal %(number)s, dealer %(seat)s.") % {"number": game.board.number, "seat": game.dealer.in_words},
        gettext("Your hand (South): %(hand)s") % {"hand": hand_text(game.deal[PUPIL])},
    ]
    announced = game.announcement
    if announced is None:
        return lines
    said = ", ".join(f"{seat.in_words} {announced.hcp[seat]}" for seat in announced.order)
    lines.append(gettext("Points announced: %(points)s.") % {"points": said})
    side = announced.declaring_side
    if game.stage == "redeal" or side is None:
        return [*lines, gettext("Each side holds 20 points: the same dealer deals again.")]
    values = {
        "side": side.in_words,
        "ours": announced.side_hcp(side),
        "others": side.other.in_words,
        "theirs": announced.side_hcp(side.other),
    }
    return [*lines, gettext("%(side)s hold %(ours)s points, %(others)s %(theirs)s: %(side)s declare.") % values]


def _three_handed_start(game: Game, names: Sequence[str]) -> list[str]:
    """Where the three players sit, the pupil's hand, the announcement and what the variant makes of it."""
    three = game.three
    assert three is not None
    named = seat_names(game.dealer, names)
    others = "".join(
        gettext(", %(player)s sits %(seat)s") % {"player": player_name(named[seat]), "seat": seat.in_words}
        for seat in (three.dealer.lho, three.dealer.rho)
        if seat is not PUPIL
    )
    values = {
        "number": game.board.number,
        "variant": variant_name(three.variant),
        "player": player_name(named[three.dealer]),
        "seat": three.dealer.in_words,
        "others": others,
        "dummy": three.dummy_hand.in_words,
    }
    if three.dealer is PUPIL:
        text = gettext(
            "Deal %(number)s, three-handed (%(variant)s): you deal from %(seat)s%(others)s; the dummy hand is dealt "
            "at %(dummy)s, opposite the dealer."
        )
    else:
        text = gettext(
            "Deal %(number)s, three-handed (%(variant)s): %(player)s deals from %(seat)s%(others)s; the dummy hand "
            "is dealt at %(dummy)s, opposite the dealer."
        )
    dealt = game.board.deal
    assert dealt is not None
    hand = gettext("Your hand (South): %(hand)s") % {"hand": hand_text(dealt[PUPIL])}
    return [text % values, hand, *three_handed_story(three, you=PUPIL)]


# --- the contract ---------------------------------------------------------------------------------------------


def contract_story(table: Table, person: str, *, before: bool) -> list[str]:
    """Declarer and dummy and the contract: ``before`` the pupil chooses it (when the pupil's side declares), or
    once the computer has chosen it."""
    game = table.game
    declarer = game.declarer
    assert declarer is not None
    dummy, own = declarer.partner, table.hand(person)
    values = {"declarer": declarer.in_words, "dummy": dummy.in_words, "own": own.in_words}
    dummy_hand = gettext("Dummy (%(dummy)s): %(hand)s") % (values | {"hand": hand_text(game.deal[dummy])})
    if before and game.three is not None:
        said = gettext("You are declarer at %(declarer)s and %(dummy)s is dummy: you play both hands.") % values
        return [said, dummy_hand]
    if before and declarer is PUPIL:
        return [gettext("%(declarer)s is declarer and %(dummy)s is dummy: you play both hands.") % values, dummy_hand]
    if before:
        said = gettext(
            "%(declarer)s is declarer and %(dummy)s is dummy: you play both hands, North's cards and your own."
        )
        hand = gettext("%(declarer)s (declarer): %(hand)s") % (values | {"hand": hand_text(game.deal[declarer])})
        return [said % values, hand]
    contract = game.contract
    assert contract is not None
    chosen = {"contract": letters(contract), "words": contract.in_words}
    lines = [
        gettext("%(declarer)s is declarer and %(dummy)s is dummy.") % values,
        gettext("%(declarer)s chooses %(contract)s (%(words)s).") % (values | chosen),
        dummy_hand,
    ]
    if own is not PUPIL and own is not dummy:
        lines.append(gettext("Your hand now (%(own)s): %(hand)s") % (values | {"hand": hand_text(game.deal[own])}))
    return lines


def goal_line(game: Game) -> str:
    """``North needs 9 tricks; East leads.``"""
    declarer = game.declarer
    assert declarer is not None
    values = {"declarer": declarer.in_words, "goal": game.goal, "leader": declarer.lho.in_words}
    return gettext("%(declarer)s needs %(goal)s tricks; %(leader)s leads.") % values


# --- the cards ------------------------------------------------------------------------------------------------


def trick_line(game: Game) -> str:
    """The last trick as it fell, who won it, and the tricks so far."""
    assert game.play is not None
    trick = game.play.tricks[-1]
    values = {
        "number": len(game.play.tricks),
        "cards": ", ".join(f"{seat.in_words} {card_text(card)}" for seat, card in trick.in_order()),
        "winner": trick.winner.in_words,
        "ns": game.tricks(Side.NORTH_SOUTH),
        "ew": game.tricks(Side.EAST_WEST),
    }
    return gettext("Trick %(number)s: %(cards)s: %(winner)s wins. North–South %(ns)s, East–West %(ew)s.") % values


def tricks_taken(game: Game) -> str:
    """Each side's tricks."""
    ns, ew = game.tricks(Side.NORTH_SOUTH), game.tricks(Side.EAST_WEST)
    return ngettext(
        "North–South took %(ns)s trick, East–West %(ew)s.", "North–South took %(ns)s tricks, East–West %(ew)s.", ns
    ) % {"ns": ns, "ew": ew}


# --- the end of a deal -------------------------------------------------------------------------------------------


def end_of_deal(game: Game, *, you: Seat | None = None) -> str:
    """All four hands as they were played and every trick: what the pupil sees once a deal is over."""
    notes: dict[Seat, list[str]] = {seat: [] for seat in Seat}
    if game.declarer is not None and game.dummy is not None:
        notes[game.declarer].append(gettext("declarer"))
        notes[game.dummy].append(gettext("dummy"))
    if you is not None and you is not game.dummy:
        notes[you].append(gettext("you"))
    labels = {seat: seat.in_words + (f" ({', '.join(notes[seat])})" if notes[seat] else "") for seat in Seat}
    lines = ["", gettext("The four hands:"), *_four_hands(game.deal, labels)]
    if game.play is not None and game.play.tricks:
        lines += ["", gettext("The tricks:"), *_tricks_table(game)]
    return "\n".join(lines)


def _suit_lines(deal: Deal, seat: Seat) -> list[str]:
    """A hand as four lines, spades first."""
    return hand_text(deal[seat]).split("  ")


def _four_hands(deal: Deal, labels: dict[Seat, str]) -> list[str]:
    """The four hands as a diagram: North at the top, West and East side by side, South at the bottom."""
    west = [labels[Seat.WEST], *_suit_lines(deal, Seat.WEST)]
    east = [labels[Seat.EAST], *_suit_lines(deal, Seat.EAST)]
    column = max(width(line) for line in west) + 4
    indent = " " * max(4, column // 2)
    lines = [indent + line for line in [labels[Seat.NORTH], *_suit_lines(deal, Seat.NORTH)]]
    lines += [pad(w, column) + e for w, e in zip(west, east, strict=True)]
    lines += [indent + line for line in [labels[Seat.SOUTH], *_suit_lines(deal, Seat.SOUTH)]]
    return [line.rstrip() for line in lines]


def _tricks_table(game: Game) -> list[str]:
    """Every trick in a row: who led, each seat's card, who won."""
    assert game.play is not None
    seats = list(Seat)
    head = [gettext("Trick"), gettext("Led by"), *(seat.in_words for seat in seats), gettext("Won by")]
    rows = [
        [str(number), trick.leader.in_words, *(card_text(trick.cards[seat]) for seat in seats), trick.winner.in_words]
        for number, trick in enumerate(game.play.tricks, start=1)
    ]
    widths = [max(width(row[i]) for row in [head, *rows]) + 2 for i in range(len(head))]
    return ["".join(pad(cell, w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in [head, *rows]]


# --- the review after a deal ---------------------------------------------------------------------------------


def costly_card_lines(review: Sequence[CardReview], board: object) -> list[str]:
    """One line for each card of a review that cost its side a trick or more, double dummy, in the words of
    ``minibridge replay --review`` and of the review after each deal of ``minibridge play``: ``board 1: trick 3,
    West played ♥K: cost 1 trick; ♥2 kept 9``."""
    lines = []
    for card in review:
        if not card.cost:
            continue
        # TRANSLATORS: a card that cost tricks, double dummy: the board's number, the trick's number, the seat that
        # played it, the card, how many tricks it cost, the cards that would have cost nothing, and the tricks
        # those cards keep for the side.
        cost = ngettext(
            "board %(board)s: trick %(trick)s, %(seat)s played %(card)s: cost %(count)s trick; %(better)s kept "
            "%(kept)s",
            "board %(board)s: trick %(trick)s, %(seat)s played %(card)s: cost %(count)s tricks; %(better)s kept "
            "%(kept)s",
            card.cost,
        )
        values = {
            "board": board,
            "trick": card.trick,
            "seat": card.seat.in_words,
            "card": card.card.shown,
            "count": card.cost,
            "better": " ".join(better.shown for better in card.better),
            "kept": card.tricks_before,
        }
        lines.append(cost % values)
    return lines


def _reviewed(data: dict[str, Any]) -> CardReview:
    """One card of a table's review (:func:`minibridge.table.review_of`) as the review module gives it."""
    return CardReview(
        trick=data["trick"],
        seat=Seat.from_str(data["seat"]),
        card=Card.from_str(data["card"]),
        cost=data["cost"],
        better=tuple(Card.from_str(card) for card in data["better"]),
        tricks_before=data["tricks_before"],
    )


def review_lines(game: Game, review: dict[str, Any] | None) -> list[str]:
    """The review after a deal at the terminal (the table's :func:`minibridge.table.review_of`): the cards that
    cost a trick, one line each, or a line saying that none did; nothing when the table has no review."""
    if review is None:
        return []
    costly = costly_card_lines([_reviewed(card) for card in review["cards"]], game.board.number)
    if not costly:
        return ["", gettext("No card cost a trick: well played!")]
    return ["", gettext("Cards that cost a trick:"), *("  " + line for line in costly)]
