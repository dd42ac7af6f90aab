"""What happens at the table, told in words in the language in use: the one teller of each story that more than one
front end tells (the terminal's game and the ``announce`` command).

The three-handed announcement (RULES §7) is told from its reasons, which travel with it as data
(:class:`~minibridge.announce.ThreeHanded`): nothing is worked out again here.

>>> from minibridge.announce import announce_three_handed
>>> from minibridge.deal import Deal
>>> deal = Deal.from_pbn("N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76")
>>> for line in three_handed_story(announce_three_handed(deal, Seat.SOUTH, variant="normal"), you=Seat.SOUTH):
...     print(line)
Points announced: South 9, West 0, East 12; the dummy hand (North) holds 19, forty less the rest.
South and the dummy hand hold 28 points, West and East 12: South declares.
The dummy hand holds more points than South's: you take it, and the hand South was dealt becomes dummy.
"""

from __future__ import annotations

from collections.abc import Sequence

from minibridge.announce import ThreeHanded
from minibridge.cards import Seat
from minibridge.language import gettext
from minibridge.table.session import seating

__all__ = ["three_handed_story", "seat_names"]


def seat_names(dealer: Seat, names: Sequence[str]) -> dict[Seat, str]:
    """The name of the player at each seat of a three-handed deal dealt by ``dealer``: ``names`` are the three
    players in the order of ``THREE_SEATS``."""
    return {seat: name for name, seat in zip(names, seating(dealer), strict=True)}


def three_handed_story(three: ThreeHanded, *, you: Seat | None = None) -> list[str]:
    """What the three-handed announcement decides, in words (RULES §7): the points announced, then who declares,
    who moves and who plays which hand, or the redeal. The player at ``you`` is spoken to as "you"."""
    hcp, dealer, dummy_hand = three.hcp, three.dealer, three.dummy_hand
    values: dict[str, object] = {
        "points": ", ".join(f"{seat.in_words} {hcp[seat]}" for seat in three.announcers),
        "dummy": dummy_hand.in_words,
        "dummy_points": hcp[dummy_hand],
        "dealer": dealer.in_words,
        "lho": dealer.lho.in_words,
        "rho": dealer.rho.in_words,
    }
    lines = [
        gettext("Points announced: %(points)s; the dummy hand (%(dummy)s) holds %(dummy_points)s, forty less the rest.")
        % values
    ]
    if three.variant == "simple":
        return lines + _simple(three, values, you)
    return lines + _normal(three, values, you)


def _simple(three: ThreeHanded, values: dict[str, object], you: Seat | None) -> list[str]:
    """The simple variant: the strongest player declares with the dummy hand opposite, or the deal is dealt again."""
    assert three.strongest is not None
    values |= {
        "top": three.strongest.in_words,
        "tie": gettext(" (first of the equals to announce)") if three.equals else "",
        "together": three.side_points,
    }
    if three.redeal:
        said = gettext(
            "%(top)s holds the most points%(tie)s, but with the dummy hand only %(together)s, fewer than 21: "
            "the same dealer deals again."
        )
        return [said % values]
    lines = [gettext("%(top)s holds the most points%(tie)s and declares, %(together)s with the dummy hand.") % values]
    for player, seat in three.players.items():
        if player is seat:
            continue
        moved = values | {"at": player.in_words, "player": player.in_words, "seat": seat.in_words}
        if player is you:
            text = gettext(
                "The dummy hand is laid opposite %(top)s, at %(at)s; you take your cards to %(seat)s and defend."
            )
        else:
            text = gettext(
                "The dummy hand is laid opposite %(top)s, at %(at)s; %(player)s takes their cards to %(seat)s and "
                "defends."
            )
        lines.append(text % moved)
    return lines


def _normal(three: ThreeHanded, values: dict[str, object], you: Seat | None) -> list[str]:
    """The normal variant: dealer and the dummy hand against the other two."""
    dealer = three.dealer
    values |= {"ours": three.side_points, "theirs": 40 - three.side_points}
    if three.redeal:
        said = gettext(
            "%(dealer)s and the dummy hand hold 20 points, and so do the other two: the same dealer deals again."
        )
        return [said % values]
    assert three.declarer is not None
    if three.declarer is dealer:
        lines = [
            gettext(
                "%(dealer)s and the dummy hand hold %(ours)s points, %(lho)s and %(rho)s %(theirs)s: "
                "%(dealer)s declares."
            )
            % values
        ]
        if three.exchanged and dealer is you:
            text = gettext(
                "The dummy hand holds more points than %(dealer)s's: you take it, and the hand %(dealer)s was "
                "dealt becomes dummy."
            )
            lines.append(text % values)
        elif three.exchanged:
            text = gettext(
                "The dummy hand holds more points than %(dealer)s's: %(dealer)s takes it, and the hand %(dealer)s "
                "was dealt becomes dummy."
            )
            lines.append(text % values)
        return lines
    partner = three.declarer.partner
    values |= {
        "declarer": three.declarer.in_words,
        "partner": partner.in_words,
        "tie": gettext(" (equal: the first to announce)") if three.equals else "",
    }
    lines = [
        gettext(
            "%(lho)s and %(rho)s hold %(theirs)s points, %(dealer)s and the dummy hand %(ours)s: %(declarer)s holds "
            "more%(tie)s and declares."
        )
        % values
    ]
    if partner is you:
        text = gettext(
            "Your hand (South) is laid down as dummy, and you take over the dummy hand at %(dummy)s, defending with "
            "%(dealer)s."
        )
    else:
        text = gettext(
            "%(partner)s's hand is laid down as dummy, and %(partner)s takes over the dummy hand at %(dummy)s, "
            "defending with %(dealer)s."
        )
    lines.append(text % values)
    return lines
