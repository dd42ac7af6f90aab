"""The ``minibridge`` command line: a thin shell over the library that turns its errors into plain messages."""

from __future__ import annotations

import functools
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from minibridge import __version__
from minibridge.cards import Seat, Strain
from minibridge.errors import MiniBridgeError
from minibridge.rules import RULE_SETS, RuleSet, find_rules

__all__ = ["main"]

F = TypeVar("F", bound=Callable[..., Any])


def _reports_errors(command: F) -> F:
    """Turn the library's errors into a one-line message and exit status 1."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except MiniBridgeError as err:
            raise click.ClickException(str(err)) from None

    return wrapper  # type: ignore[return-value]


def _print_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def _seat(value: str | None) -> Seat | None:
    if value is None:
        return None
    try:
        return Seat.from_str(value)
    except MiniBridgeError as err:
        raise click.BadParameter(err.message) from None


_rules_option = click.option(
    "--rules",
    "rules_name",
    type=click.Choice(sorted(RULE_SETS), case_sensitive=False),
    default="ebu",
    show_default=True,
    help="Rule set: ebu (EBU MiniBridge), lesson (MiniLessons Three and Four), nbb (Dutch), targets.",
)
_slam_option = click.option("--slam", is_flag=True, help="Allow slams (6 and 7 level, bonus 800).")
_json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of words.")


def _rules(rules_name: str, slam: bool) -> RuleSet:
    rules = find_rules(rules_name)
    return rules.with_slam() if slam else rules


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="minibridge")
def main() -> None:
    """MiniBridge for the classroom: score, announce and replay deals by the rule books.

    \b
    Example:
        minibridge score 4S 10
    """


# --- score ---------------------------------------------------------------------------------------------------


@main.command()
@click.argument("contract", required=False)
@click.argument("tricks", required=False, type=int)
@click.option("--table", is_flag=True, help="Print the score table of every contract for 0 to 13 tricks.")
@_rules_option
@_slam_option
@click.option("--hcp", type=int, help="The declaring side's combined points (targets; Dutch game rule).")
@_json_option
@_reports_errors
def score(
    contract: str | None, tricks: int | None, table: bool, rules_name: str, slam: bool, hcp: int | None, as_json: bool
) -> None:
    """Score a contract: CONTRACT is 1NT, 4S, 5C … or words ('game in hearts'); TRICKS is declarer's tricks.

    \b
    Examples:
        minibridge score 3NT 9
        minibridge score "game in hearts" 8 --json
        minibridge score 1S 8 --rules nbb
        minibridge score 4H 9 --rules targets --hcp 27
        minibridge score --table --rules ebu --slam
    """
    from minibridge.contract import Contract
    from minibridge.scoring import score as score_deal
    from minibridge.scoring import score_table

    rules = _rules(rules_name, slam)
    if table:
        if contract is not None:
            raise click.UsageError("give either --table or a CONTRACT and TRICKS, not both")
        rows = score_table(rules)
        if as_json:
            _print_json({"rules": rules.name, "rows": [row.as_json() for row in rows]})
        else:
            click.echo(_format_table(rules, rows))
        return
    if contract is None or tricks is None:
        raise click.UsageError("give a CONTRACT and the TRICKS declarer took, e.g. 'minibridge score 4S 10'")
    if rules.scoring == "targets" and hcp is None:
        raise click.UsageError("with --rules targets give the declaring side's points, e.g. --hcp 27")
    result = score_deal(Contract.from_str(contract), tricks, rules, points=hcp)
    if as_json:
        _print_json(result.as_json())
    else:
        click.echo(result.describe())


def _format_table(rules: RuleSet, rows: list[Any]) -> str:
    """A score table as text: a row per number of tricks, a column per contract."""
    if rules.scoring == "targets":
        bands = sorted({row.points for row in rows})
        head = "tricks " + "".join(f"{f'{b}+ pts':>9}" for b in bands)
        lines = [f"{rules.title}: W = declaring side wins the deal, L = defenders win", head]
        for tricks in range(14):
            cells = ["W" if row.made else "L" for row in rows if row.tricks == tricks]
            lines.append(f"{tricks:>6} " + "".join(f"{c:>9}" for c in cells))
        return "\n".join(lines)
    contracts = list(dict.fromkeys(str(row.contract) for row in rows))
    legend = (
        "declaring side's score (signed; the defenders score the opposite)"
        if rules.scoring == "nbb"
        else "declaring side's score; (n) = the defenders score n"
    )
    lines = [f"{rules.title}: {legend}", "tricks " + "".join(f"{c:>8}" for c in contracts)]
    for tricks in range(14):
        cells = []
        for row in rows:
            if row.tricks != tricks:
                continue
            if rules.scoring == "nbb" or row.made:
                cells.append(str(row.declarers_score))
            else:
                cells.append(f"({row.defenders_score})")
        lines.append(f"{tricks:>6} " + "".join(f"{c:>8}" for c in cells))
    return "\n".join(lines)


# --- announce ------------------------------------------------------------------------------------------------


@main.command()
@click.argument("deal")
@click.option(
    "--dealer", type=click.Choice(list("NESW"), case_sensitive=False), help="Dealer (default: the deal's first seat)."
)
@click.option(
    "--three-handed",
    type=click.Choice(["simple", "normal"]),
    help="Three players: the hand opposite dealer is the dummy hand.",
)
@_json_option
@_reports_errors
def announce(deal: str, dealer: str | None, three_handed: str | None, as_json: bool) -> None:
    """Announce the points of a deal: who declares, who is dummy, or a redeal.

    DEAL is a PBN deal string: a seat, a colon and four hands clockwise, spades first in each.

    \b
    Example:
        minibridge announce "N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76" --dealer E
    """
    from minibridge.announce import announce as announce_deal
    from minibridge.announce import announce_three_handed
    from minibridge.deal import Deal

    hands = Deal.from_pbn(deal)
    first = _seat(dealer) or Seat.from_str(deal.strip()[:1])
    if three_handed:
        three = announce_three_handed(hands, first, variant=three_handed)  # type: ignore[arg-type]
        if as_json:
            _print_json(three.as_json())
        else:
            click.echo(_describe_three_handed(three))
        return
    result = announce_deal(hands, first)
    if as_json:
        _print_json(result.as_json())
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


# --- replay --------------------------------------------------------------------------------------------------

_CONTRACT_STRAIN = re.compile(r"^\s*[1-7]?\s*(NT|N|S|H|D|C)\s*(X{0,2})\s*$", re.IGNORECASE)


@main.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--board", "board_number", type=int, help="Only the games of this board number.")
@click.option("--tricks", "show_tricks", is_flag=True, help="Show every trick: the cards, who led and who won.")
@_json_option
@_reports_errors
def replay(file: Path, board_number: int | None, show_tricks: bool, as_json: bool) -> None:
    """Replay the recorded play of every game in a PBN file: tricks won, irregularities, agreement with Result.

    \b
    Examples:
        minibridge replay results.pbn
        minibridge replay results.pbn --board 3 --tricks
        minibridge replay results.pbn --json
    """
    from minibridge.pbn import load
    from minibridge.play import replay as replay_record

    reports = []
    skipped = []
    for index, board in enumerate(load(file)):
        if board_number is not None and board.number != board_number:
            continue
        if board.deal is None or board.play is None:
            continue
        place = f"{file}, board {board.number if board.number is not None else '?'} (game {index}, line {board.line})"
        strain = _strain_of(board.contract)
        if strain is None:
            skipped.append(f"{place}: has a play but no contract I can read ('{board.contract or ''}'): not replayed")
            continue
        declarer = board.declarer or board.play.leader.rho
        try:
            done = replay_record(
                board.deal, board.play.tricks, trumps=strain.trumps, declarer=declarer, leader=board.play.leader
            )
        except MiniBridgeError as err:
            raise err.at(place) from None
        agrees = None
        claimed = None
        if board.result is not None:
            if done.complete:
                agrees = board.result == done.declarer_tricks
            else:
                rest = board.deal.cards_per_hand - done.tricks_played
                claimed = board.result - done.declarer_tricks
                agrees = 0 <= claimed <= rest
        reports.append(
            {
                "index": index,
                "board": board.number,
                "declarer": declarer.letter,
                "contract": board.contract,
                "declarer_tricks": done.declarer_tricks,
                "tricks_played": done.tricks_played,
                "result": board.result,
                "agrees": agrees,
                "irregularities": [i.as_json() for i in done.irregularities],
                "complete": done.complete,
                "claimed": claimed,
                "tricks": [
                    {"leader": t.leader.letter, "cards": [str(c) for _, c in t.in_order()], "winner": t.winner.letter}
                    for t in done.tricks
                ],
            }
        )
    for line in skipped:
        click.echo(line, err=True)
    if as_json:
        _print_json(reports)
        return
    if not reports:
        click.echo(
            f"{file}: no game with a deal, a contract and a recorded play"
            + (f" on board {board_number}" if board_number is not None else "")
            + "."
        )
        return
    for report in reports:
        click.echo(_describe_replay(report, show_tricks))


def _strain_of(contract: str | None) -> Strain | None:
    """The strain of a PBN contract (``4SX``, ``3NT``, ``H``); None for a pass or nothing."""
    match = _CONTRACT_STRAIN.match(contract or "")
    return Strain.from_str(match.group(1)) if match else None


def _describe_replay(report: dict[str, Any], show_tricks: bool) -> str:
    board = report["board"] if report["board"] is not None else "?"
    head = f"Board {board} (game {report['index']}): {report['contract']} by {Seat.from_str(report['declarer']).title}"
    tricks = f"declarer's side took {report['declarer_tricks']} of the {report['tricks_played']} tricks played"
    if report["complete"]:
        tail = ""
    elif report["claimed"] is not None:
        tail = f", then claimed {report['claimed']} more" if report["agrees"] else ", then a claim"
    else:
        tail = ", then the record stops"
    if report["result"] is None:
        verdict = "the file gives no result"
    elif report["agrees"]:
        verdict = f"the file's result {report['result']} agrees"
    else:
        verdict = f"the file's result {report['result']} does NOT agree"
    lines = [f"{head}: {tricks}{tail}; {verdict}."]
    if show_tricks:
        for number, trick in enumerate(report["tricks"], start=1):
            cards = " ".join(trick["cards"])
            leader, winner = (Seat.from_str(trick[key]).title for key in ("leader", "winner"))
            lines.append(f"  trick {number:>2}: {leader} leads {cards}; {winner} wins")
    lines.extend(f"  irregularity: {i['description']}" for i in report["irregularities"])
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
