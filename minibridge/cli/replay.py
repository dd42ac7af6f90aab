"""``minibridge replay``: the recorded play of every game in a PBN file, replayed."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import click

from minibridge.cards import Seat, Strain
from minibridge.cli import main
from minibridge.cli.common import json_option, print_json, reports_errors
from minibridge.errors import MiniBridgeError

_CONTRACT_STRAIN = re.compile(r"^\s*[1-7]?\s*(NT|N|S|H|D|C)\s*(X{0,2})\s*$", re.IGNORECASE)


@main.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--board", "board_number", type=int, help="Only the games of this board number.")
@click.option("--tricks", "show_tricks", is_flag=True, help="Show every trick: the cards, who led and who won.")
@json_option
@reports_errors
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
        print_json(reports)
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
