"""``minibridge announce``: points, declaring side, declarer and dummy of a deal."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from minibridge.cards import Seat
from minibridge.cli.common import (
    json_option,
    language_options,
    lesson_options,
    print_json,
    reports_errors,
    rules_in_force,
    seat_option_value,
)
from minibridge.language import gettext

if TYPE_CHECKING:
    from minibridge.announce import Announcement, ThreeHanded


@click.command()
@click.argument("deal")
@click.option(
    "--dealer",
    type=click.Choice([seat.letter for seat in Seat], case_sensitive=False),
    help="Dealer (default: the deal's first seat).",
)
@click.option(
    "--three-handed",
    type=click.Choice(["simple", "normal"]),
    help="Three players: the hand opposite dealer is the dummy hand (the default of a lesson that plays three-handed).",
)
@lesson_options
@json_option
@language_options
@reports_errors
def announce(
    deal: str,
    dealer: str | None,
    three_handed: str | None,
    lesson_ref: str | None,
    lessons_folder: Path | None,
    as_json: bool,
) -> None:
    """Announce the points of a deal: who declares, who is dummy, or a redeal.

    DEAL is a PBN deal string: a seat, a colon and four hands clockwise, spades first in each.

    \b
    Example:
        minibridge announce "N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76" --dealer E
        minibridge announce "N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76" --lesson 5
    """
    from minibridge.announce import announce_three_handed, announce_under
    from minibridge.deal import Deal
    from minibridge.rules import check_deal

    hands = Deal.from_pbn(deal)
    chosen = seat_option_value(dealer)
    first = chosen if chosen is not None else Seat.from_str(deal.strip()[:1])
    rules, _ = rules_in_force(None, False, lesson_ref, lessons_folder)
    three_handed = three_handed or rules.three_handed  # a lesson file may switch three-handed play on
    if three_handed:
        check_deal(rules, hands)
        three = announce_three_handed(hands, first, variant=three_handed)  # type: ignore[arg-type]
        if as_json:
            print_json(three_handed_json(three))
        else:
            click.echo(_describe_three_handed(three))
        return
    result = announce_under(rules, hands, first)
    if as_json:
        print_json(announcement_json(result))
        return
    click.echo(_describe(result))


def _describe(result: Announcement) -> str:
    """The announcement in words: the points, then who declares and who leads, or a redeal."""
    points = ", ".join(f"{seat.in_words} {result.hcp[seat]}" for seat in result.order)
    lines = [
        gettext("Dealer %(dealer)s. Points announced: %(points)s.")
        % {"dealer": result.dealer.in_words, "points": points}
    ]
    values = {"ns": result.side_hcp(Seat.NORTH.side), "ew": result.side_hcp(Seat.EAST.side)}
    if result.redeal:
        lines.append(
            gettext("North–South hold %(ns)s, East–West %(ew)s: redeal (the same dealer deals again).") % values
        )
        return "\n".join(lines)
    assert result.declarer is not None and result.dummy is not None and result.declaring_side is not None
    values["side"] = result.declaring_side.in_words
    lines.append(gettext("North–South hold %(ns)s, East–West %(ew)s: %(side)s declare.") % values)
    if len(result.may_declare) > 1:
        first, second = (seat.in_words for seat in result.may_declare)
        lines.append(
            gettext("%(first)s and %(second)s hold the same points: in this lesson they choose who declares.")
            % {"first": first, "second": second}
        )
        return "\n".join(lines)
    seats = {
        "declarer": result.declarer.in_words,
        "dummy": result.dummy.in_words,
        "leader": result.declarer.lho.in_words,
    }
    declares = (
        gettext(
            "Declarer %(declarer)s (equal points: the first to announce declares), dummy %(dummy)s; %(leader)s leads."
        )
        if result.tie
        else gettext("Declarer %(declarer)s, dummy %(dummy)s; %(leader)s leads.")
    )
    lines.append(declares % seats)
    return "\n".join(lines)


def _describe_three_handed(three: ThreeHanded) -> str:
    """The three-handed announcement in words: the dummy hand, the points, who moves where, who declares."""
    hcp = ", ".join(f"{s.in_words} {three.hcp[s]}" for s in three.dealer.clockwise() if s is not three.dealer.partner)
    dummy = three.dummy_hand
    lines = [
        gettext("Dealer %(dealer)s, dummy hand at %(dummy)s (%(points)s points). Announced: %(announced)s.")
        % {"dealer": three.dealer.in_words, "dummy": dummy.in_words, "points": three.hcp[dummy], "announced": hcp}
    ]
    if three.redeal:
        lines.append(gettext("Redeal (the same dealer deals again)."))
        return "\n".join(lines)
    assert three.declarer is not None and three.dummy is not None
    if three.exchanged:
        lines.append(
            gettext("%(dealer)s takes the dummy hand, which holds more points.") % {"dealer": three.dealer.in_words}
        )
    for player, hand in three.players.items():
        if player is not hand:
            lines.append(
                gettext("%(player)s moves to play the hand at %(hand)s.")
                % {"player": player.in_words, "hand": hand.in_words}
            )
    seats = {"declarer": three.declarer.in_words, "dummy": three.dummy.in_words, "leader": three.declarer.lho.in_words}
    lines.append(gettext("Declarer %(declarer)s, dummy %(dummy)s; %(leader)s leads.") % seats)
    return "\n".join(lines)


def announcement_json(result: Announcement) -> dict[str, Any]:
    """The ``--json`` object of ``minibridge announce``."""

    def letter(seat: Seat | None) -> str | None:
        return seat.letter if seat is not None else None

    return {
        "dealer": result.dealer.letter,
        "hcp": {s.letter: result.hcp[s] for s in Seat},
        "redeal": result.redeal,
        "declaring_side": str(result.declaring_side) if result.declaring_side is not None else None,
        "declarer": letter(result.declarer),
        "dummy": letter(result.dummy),
        "tie": result.tie,
        "may_declare": [s.letter for s in result.may_declare],
    }


def three_handed_json(three: ThreeHanded) -> dict[str, Any]:
    """The ``--json`` object of ``minibridge announce --three-handed``."""
    return {
        "variant": three.variant,
        "dealer": three.dealer.letter,
        "hcp": {s.letter: three.hcp[s] for s in Seat},
        "redeal": three.redeal,
        "declarer": three.declarer.letter if three.declarer is not None else None,
        "dummy": three.dummy.letter if three.dummy is not None else None,
        "players": {p.letter: h.letter for p, h in three.players.items()},
        "exchanged": three.exchanged,
        "deal": three.deal.to_pbn(three.dealer),
    }
