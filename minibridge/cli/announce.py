"""``minibridge announce``: points, declaring side, declarer and dummy of a deal."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from minibridge.cards import Seat
from minibridge.cli.common import (
    json_option,
    lesson_options,
    print_json,
    reports_errors,
    rules_in_force,
    seat_option_value,
)

if TYPE_CHECKING:
    from minibridge.announce import Announcement, ThreeHanded


@click.command()
@click.argument("deal")
@click.option(
    "--dealer", type=click.Choice(list("NESW"), case_sensitive=False), help="Dealer (default: the deal's first seat)."
)
@click.option(
    "--three-handed",
    type=click.Choice(["simple", "normal"]),
    help="Three players: the hand opposite dealer is the dummy hand (the default of a lesson that plays three-handed).",
)
@lesson_options
@json_option
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
    click.echo(
        f"Dealer {first.title}. Points announced: "
        + ", ".join(f"{s.title} {result.hcp[s]}" for s in result.order)
        + "."
    )
    ns, ew = (result.side_hcp(side) for side in (Seat.NORTH.side, Seat.EAST.side))
    if result.redeal:
        click.echo(f"North–South hold {ns}, East–West {ew}: redeal (the same dealer deals again).")
        return
    assert result.declarer is not None and result.dummy is not None and result.declaring_side is not None
    side = "North–South" if result.declaring_side == Seat.NORTH.side else "East–West"
    click.echo(f"North–South hold {ns}, East–West {ew}: {side} declare.")
    if len(result.may_declare) > 1:
        first_seat, second_seat = (s.title for s in result.may_declare)
        click.echo(f"{first_seat} and {second_seat} hold the same points: in this lesson they choose who declares.")
        return
    tie = " (equal points: the first to announce declares)" if result.tie else ""
    click.echo(f"Declarer {result.declarer.title}{tie}, dummy {result.dummy.title}; {result.declarer.lho.title} leads.")


def _describe_three_handed(three: Any) -> str:
    hcp = ", ".join(f"{s.title} {three.hcp[s]}" for s in three.dealer.clockwise() if s is not three.dealer.partner)
    dummy = three.dealer.partner
    lines = [f"Dealer {three.dealer.title}, dummy hand at {dummy.title} ({three.hcp[dummy]} points). Announced: {hcp}."]
    if three.redeal:
        lines.append("Redeal (the same dealer deals again).")
        return "\n".join(lines)
    if three.exchanged:
        lines.append(f"{three.dealer.title} takes the dummy hand, which holds more points.")
    for player, hand in three.players.items():
        if player is not hand:
            lines.append(f"{player.title} moves to play the hand at {hand.title}.")
    lines.append(f"Declarer {three.declarer.title}, dummy {three.dummy.title}; {three.declarer.lho.title} leads.")
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
