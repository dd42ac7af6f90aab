"""``minibridge replay``: the recorded play of every game in a PBN file, replayed."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from minibridge.cards import Seat, Side, Strain
from minibridge.cli.common import json_option, lesson_options, print_json, reports_errors, rules_in_force
from minibridge.errors import MiniBridgeError
from minibridge.rules import RuleSet

if TYPE_CHECKING:
    from minibridge.contract import Contract

_CONTRACT_STRAIN = re.compile(r"^\s*[1-7]?\s*(NT|N|S|H|D|C)\s*(X{0,2})\s*$", re.IGNORECASE)


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--board", "board_number", type=int, help="Only the games of this board number.")
@click.option("--tricks", "show_tricks", is_flag=True, help="Show every trick: the cards, who led and who won.")
@lesson_options
@json_option
@reports_errors
def replay(
    file: Path,
    board_number: int | None,
    show_tricks: bool,
    lesson_ref: str | None,
    lessons_folder: Path | None,
    as_json: bool,
) -> None:
    """Replay the recorded play of every game in a PBN file: tricks won, irregularities, agreement with Result.

    \b
    Examples:
        minibridge replay results.pbn
        minibridge replay results.pbn --board 3 --tricks
        minibridge replay class.pbn --lesson 3 --json
    """
    from minibridge.pbn import load

    rules, lesson = rules_in_force(None, False, lesson_ref, lessons_folder)
    reports = []
    skipped = []
    for index, board in enumerate(load(file)):
        if board_number is not None and board.number != board_number:
            continue
        if board.deal is None or board.play is None:
            continue
        place = f"{file}, board {board.number if board.number is not None else '?'} (game {index}, line {board.line})"
        try:
            report = _replay_game(index, board, rules, lesson is not None)
        except MiniBridgeError as err:
            raise err.at(place) from None
        if report is None:
            reason = (
                f"its contract '{board.contract}' is not one I can read"
                if board.contract
                else "it has no contract (for a game of MiniLesson One or Two, add --lesson 1)"
            )
            skipped.append(f"{place}: has a play but {reason}: not replayed")
        else:
            reports.append(report)
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


def _replay_game(index: int, board: Any, rules: RuleSet, by_lesson: bool) -> dict[str, Any] | None:
    """One game replayed (under a lesson's rules when one is given); None when its contract cannot be read."""
    from minibridge.announce import announce_under
    from minibridge.play import replay as replay_record
    from minibridge.rules import check_contract, check_deal, trumps_held
    from minibridge.scoring import score

    deal = board.deal
    contract = None
    if by_lesson:
        check_deal(rules, deal)
    if by_lesson and not rules.has_contract:
        strain, declarer = None, None
    else:
        strain = _strain_of(board.contract)
        if strain is None:
            return None
        declarer = board.declarer if board.declarer is not None else board.play.leader.rho
        contract = _minibridge_contract(board.contract)
        if by_lesson:
            if contract is None:
                raise MiniBridgeError(f"'{board.contract}' is not a MiniBridge contract (1NT, 4S, 5C …)")
            dealer = board.dealer if board.dealer is not None else Seat.dealer_of_board(board.number or 1)
            announced = announce_under(rules, deal, dealer)
            if declarer not in announced.may_declare:
                raise MiniBridgeError(f"the announcement makes {announced.declarer} declarer, not {declarer}")
            held = trumps_held(deal, declarer, contract.strain)
            check_contract(contract, rules, points=deal.side_hcp(declarer.side), trumps_held=held)
    done = replay_record(
        deal,
        board.play.tricks,
        trumps=strain.trumps if strain is not None else None,
        declarer=declarer,
        leader=board.play.leader,
    )
    agrees = None
    claimed = None
    tricks = done.declarer_tricks
    if board.result is not None and declarer is not None:
        if done.complete:
            agrees = board.result == done.declarer_tricks
        else:
            rest = deal.cards_per_hand - done.tricks_played
            claimed = board.result - done.declarer_tricks
            agrees = 0 <= claimed <= rest
            tricks = board.result
    side = declarer.side if declarer is not None else Side.NORTH_SOUTH
    scored = None
    if contract is not None and declarer is not None and (done.complete or agrees) and rules.has_contract:
        try:
            points = deal.side_hcp(declarer.side)
            result = score(contract, tricks, rules if by_lesson else rules.with_slam(), points=points)
            scored = {"declarers": result.declarers_score, "defenders": result.defenders_score}
        except MiniBridgeError:
            scored = None
    return {
        "index": index,
        "board": board.number,
        "declarer": declarer.letter if declarer is not None else None,
        "contract": board.contract,
        "declarer_tricks": done.declarer_tricks if declarer is not None else None,
        "tricks_played": done.tricks_played,
        "result": board.result,
        "agrees": agrees,
        "irregularities": [i.as_json() for i in done.irregularities],
        "complete": done.complete,
        "claimed": claimed,
        "side_tricks": {str(side): done.declarer_tricks, str(side.other): done.defender_tricks},
        "score": scored,
        "tricks": [
            {"leader": t.leader.letter, "cards": [str(c) for _, c in t.in_order()], "winner": t.winner.letter}
            for t in done.tricks
        ],
    }


def _minibridge_contract(text: str | None) -> Contract | None:
    """The MiniBridge contract of a PBN contract (doubles ignored), or None if it is not one (2S, 4NT …)."""
    from minibridge.contract import Contract

    match = _CONTRACT_STRAIN.match(text or "")
    level = re.match(r"\s*([1-7])", text or "")
    if not match or not level:
        return None
    try:
        return Contract(int(level.group(1)), Strain.from_str(match.group(1)))
    except MiniBridgeError:
        return None


def _strain_of(contract: str | None) -> Strain | None:
    """The strain of a PBN contract (``4SX``, ``3NT``, ``H``); None for a pass or nothing."""
    match = _CONTRACT_STRAIN.match(contract or "")
    return Strain.from_str(match.group(1)) if match else None


def _describe_replay(report: dict[str, Any], show_tricks: bool) -> str:
    """A game's replay in words: tricks, agreement with the file's result, score and irregularities."""
    board = report["board"] if report["board"] is not None else "?"
    head = f"Board {board} (game {report['index']})"
    if report["declarer"] is None:
        sides = report["side_tricks"]
        lines = [f"{head}: North–South took {sides['NS']} tricks, East–West {sides['EW']}."]
    else:
        head += f": {report['contract']} by {Seat.from_str(report['declarer']).title}"
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
        scored = report["score"]
        if scored is not None:
            verdict += f"; score: declaring side {scored['declarers']}, defenders {scored['defenders']}"
        lines = [f"{head}: {tricks}{tail}; {verdict}."]
    if show_tricks:
        for number, trick in enumerate(report["tricks"], start=1):
            cards = " ".join(trick["cards"])
            leader, winner = (Seat.from_str(trick[key]).title for key in ("leader", "winner"))
            lines.append(f"  trick {number:>2}: {leader} leads {cards}; {winner} wins")
    lines.extend(f"  irregularity: {i['description']}" for i in report["irregularities"])
    return "\n".join(lines)
