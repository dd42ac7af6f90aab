"""The class screen: a full-screen page for the projector that shows a board and plays it card by card.

``/teacher/screen`` without a board lets the teacher choose one: a lesson's deal, a deal dealt from a seed, or a
deal pasted; while it waits it shows how the pupils join, and ``/teacher/screen?join=1`` shows only that, as large
as the projector allows (the QR code to scan, the address and the class code). With a board
(:class:`~minibridge.web.teacher.board.Screen` holds the whole state in the address) it shows all four hands, the
points, declarer, dummy, the contract and goal, the trick in the middle and the tricks won; going back, on or to any
trick is a link. The next card the address does not know yet (the recorded play's,
or the card a player who sees all four hands plays) is worked out at ``/teacher/screen/next`` in a worker thread,
then the screen moves there. The double-dummy tricks are worked out on request.

"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from minibridge.errors import MiniBridgeError
from minibridge.lessons import find_lesson, lesson_numbers
from minibridge.reading import digits
from minibridge.replay import double_dummy_view
from minibridge.web.auth import Who, route
from minibridge.web.join_link import join_view
from minibridge.web.pages import free_rules, render_teacher
from minibridge.web.table_service import tables_seated
from minibridge.web.teacher.board import (
    MOST_BOARDS,
    Screen,
    screen_board,
    screen_view,
)
from minibridge.web.urls import path

__all__ = ["routes", "trick_links"]


def trick_links(screen: Screen, view: dict[str, Any], record: tuple[str, ...]) -> list[dict[str, Any]]:
    """A link to each trick of the deal (0: before the opening lead): straight to the position when its cards are
    known (played already, or in the recorded play being followed), else to the next-card route that plays on."""
    known = record if view["following"] else screen.cards
    links = []
    for number in range(view["total_tricks"] + 1):
        known_here = 4 * number <= len(known)
        address = screen.address(cards=tuple(known[: 4 * number])) if known_here else _playing_on(screen, to=number)
        links.append({"number": number, "address": address})
    return links


def _playing_on(screen: Screen, *, to: int | None = None) -> str:
    """The address that works out the next card (or, with ``to``, the cards up to the end of that trick)."""
    query = screen.address().split("?", 1)[1]
    return f"{path('teacher_screen_next')}?{query}" + (f"&to={to}" if to is not None else "")


def _screen_page(request: Request, screen: Screen) -> str:
    """The class screen at ``screen`` (the board, its position, the links), rendered; raises the refusal of a
    board, card, declarer or contract the rules do not allow."""
    board, rules = screen_board(screen)
    at = screen.position(board, rules)
    view = screen_view(screen, board, rules, at)
    record = tuple(str(card) for card in at.record)
    nxt = at.next_recorded()
    links = {
        "back": screen.address(cards=screen.cards[:-1]) if screen.cards else None,
        "next": None,
        "dd": screen.address(dd=not screen.dd),
        "restart": screen.address(cards=(), declarer=None, contract=None),
        "cards": {code: screen.address(cards=(*screen.cards, code)) for code in view["legal"]},
        "declarers": {seat: screen.address(declarer=seat) for seat in view["declarers"]},
        "contracts": {text: screen.address(contract=text) for text in view["contracts"]},
        "tricks": trick_links(screen, view, record) if at.play is not None else [],
    }
    if view["to_play"] is not None:
        known = screen.address(cards=(*screen.cards, str(nxt))) if nxt is not None else None
        links["next"] = known or _playing_on(screen)
    analysis = double_dummy_view(board, rules) if screen.dd else None
    return render_teacher(request, "teacher/screen.j2", view=view, links=links, dd=analysis, asked_dd=screen.dd)


def _chooser(request: Request, *, problem: str | None = None) -> str:
    """The page to choose a board: a lesson's deal, a deal from a seed, a deal pasted, or a table of pupils to
    follow."""
    lessons = [{"number": n, "boards": [d.number for d in find_lesson(n).deals]} for n in lesson_numbers()]
    values = dict(request.query_params)
    return render_teacher(
        request,
        "teacher/screen_choose.j2",
        lessons=lessons,
        free_rules=free_rules(),
        most_boards=MOST_BOARDS,
        problem=problem,
        values=values,
        tables=tables_seated(request.app.state.store),
        join=join_view(request),
    )


async def _refused(request: Request, error: MiniBridgeError) -> Response:
    """The page to choose a board again, saying why the board, card, declarer or contract asked for is refused."""
    html = await run_in_threadpool(functools.partial(_chooser, request, problem=str(error)))
    return HTMLResponse(html, status_code=422)


async def class_screen(request: Request) -> Response:
    """The class screen: the board the address names, at the position it names; how the pupils join (``join=1``);
    or the page to choose a board."""
    query = request.query_params
    if query.get("join"):
        return HTMLResponse(render_teacher(request, "teacher/screen_join.j2", join=join_view(request)))
    if not any(query.get(key) for key in ("lesson", "deal", "seed")):
        return HTMLResponse(await run_in_threadpool(_chooser, request))
    try:
        screen = Screen.from_query(query)
        html = await run_in_threadpool(_screen_page, request, screen)
    except MiniBridgeError as error:
        return await _refused(request, error)
    return HTMLResponse(html)


async def next_card(request: Request) -> Response:
    """Play on: the next card (or, with ``to=N``, up to the end of trick N), the recorded play's while it is
    followed, else the card a player who sees all four hands plays; then the screen there."""
    try:
        screen = Screen.from_query(request.query_params)
        to = request.query_params.get("to", "")
        trick = digits(to) if len(to) < 3 else None
        target = 4 * trick if trick is not None else len(screen.cards) + 1
    except MiniBridgeError as error:
        return await _refused(request, error)

    def play_on() -> Screen:
        board, rules = screen_board(screen)
        moved = screen
        at = moved.position(board, rules)
        while len(moved.cards) < target and at.play is not None and not at.play.finished:
            card = at.next_card()
            moved = dataclasses.replace(moved, cards=(*moved.cards, str(card)))
            at = moved.position(board, rules)
        return moved

    try:
        moved = await run_in_threadpool(play_on)
    except MiniBridgeError as error:
        return await _refused(request, error)
    address = moved.address()
    if not request.headers.get("hx-request"):
        return RedirectResponse(address, status_code=303)
    html = await run_in_threadpool(_screen_page, request, moved)
    return HTMLResponse(html, headers={"HX-Push-Url": address})


routes = [
    route("teacher_screen", class_screen, who=Who.TEACHER),
    route("teacher_screen_next", next_card, who=Who.TEACHER),
]
