"""A pupil's game against the computer: the start page, the table, the pupil's taps, and the same game on the JSON
API. Pages and API are built from the one VIEW the library gives (:func:`minibridge.classroom.pupil_view`), so a
page can hold no card the pupil may not see, and the two cannot drift.

A tap answers at once with the table as it stands after the pupil's decision. While the next decision is the
computer's, the table asks for it by itself (a post to ``/games/{id}/step``, which takes ONE decision), so the
computer's cards arrive one at a time. Once a deal is over, ``/games/{id}?trick=N`` shows trick N again. A refused
tap answers with the table and the reason in words (409 or 422), and changes nothing.

The JSON API: ``POST /api/games`` (a game's setup, read by :func:`minibridge.web.setups.setup_from`: ``lesson``,
``rules``, ``slam``, ``deals``, ``target``, ``seed``, ``auto_single``, ``three_handed``, ``practice``: ``"declarer"``
or ``"defender"``, ``robots``: ``"beginner"``, ``"club"`` or ``"expert"``, by default as the lesson says;
``count_points``, ``hints``, ``undo``, ``claims``: true or false, each true unless the teacher turned it off) → 201 and
the VIEW; ``GET /api/games/{id}`` → the VIEW; ``POST /api/games/{id}/actions``
(``{"points": 12}`` while the pupil counts their points, ``{"card": "SA"}``, ``{"contract": "4S"}``,
``{"declarer": "N"}``, ``{"next": true}``, ``{"again": true}``, ``{"undo": true}``, ``{"claim": true}``, once the
deal is over ``{"try_again": 5}``: back to before the pupil's card 5 of the deal, from 0) → the VIEW
after the pupil's decision and the computer's up to the next one; ``{"hint": true}`` → ``{"card", "reason"}``, nothing
played; 409 at the wrong moment, 422 for a value the rules refuse.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from minibridge.cards import Card, Seat
from minibridge.classroom import PupilGame, pupil_view
from minibridge.classroom.setup import choices_allowed
from minibridge.classroom.term_report import deal_played
from minibridge.contract import Contract
from minibridge.errors import MiniBridgeError
from minibridge.language import gettext
from minibridge.lessons import find_lesson, lesson_numbers
from minibridge.reading import digits
from minibridge.web.ahead import prepared, think_ahead
from minibridge.web.auth import Who, class_code_ok, keep_class_code, route, tablet_pupil, typed_code_ok
from minibridge.web.event_service import open_events
from minibridge.web.names import may_use_name
from minibridge.web.pages import START_CHOICES, free_rules, render_page, render_start, render_table
from minibridge.web.requests import ApiError, json_body, sentence, whole_number
from minibridge.web.setups import setup_from
from minibridge.web.store import Store
from minibridge.web.urls import url
from minibridge.web.views import replay_view

__all__ = ["routes"]

_ACTIONS = ("declarer", "contract", "card", "next", "again", "undo", "claim", "points", "hint", "try_again")
_ACTION_FORMS = (
    '{"card": "SA"}, {"contract": "4S"}, {"declarer": "N"}, {"points": 12}, {"next": true}, {"again": true}, '
    '{"hint": true}, {"undo": true}, {"claim": true} or {"try_again": 5}'
)
_OVER = ("deal_over", "game_over")
"""The phases of a deal that is over."""
_SWITCHES = ("next", "again", "undo", "claim", "hint")
"""The actions sent as ``true``."""


async def start_page(request: Request) -> Response:
    """Choose a lesson or free play. Opened from the class's QR code (``?code=``), a right class code is kept on the
    tablet for the day and the page comes back without it; a wrong one is said, and the code asked."""
    if "code" not in request.query_params:
        return HTMLResponse(render_start(_start_options(request)))
    code = request.query_params["code"]
    if not typed_code_ok(request, code):
        message = gettext("That class code is not right. Ask your teacher.")
        return HTMLResponse(render_start(_start_options(request, message=message)), status_code=403)
    response = RedirectResponse(url("start"), status_code=303)
    keep_class_code(response, request, code)
    return response


async def start_game(request: Request) -> Response:
    """Start the game chosen on the start page, then show its table."""
    form = await request.form()
    code = str(form.get("class_code", ""))
    if not class_code_ok(request) and not typed_code_ok(request, code):
        message = gettext("That is not the class code: ask your teacher for it.")
        return HTMLResponse(render_start(_start_options(request, message=message, form=form)), status_code=403)
    store: Store = request.app.state.store

    def start() -> str:
        data = PupilGame.start(setup, advance=False).to_data()
        return think_ahead(request, store.create_game(data), data)

    refusal = None
    try:
        fields = _setup_fields(form)
        refusal = _start_refusal(fields)
        if refusal is not None:
            raise ApiError(422, refusal)
        setup = prepared(request, setup_from(fields, request.app.state.samples, store.switches()), fields)
        game_id = await run_in_threadpool(start)
    except (ApiError, MiniBridgeError) as error:
        # Every choice the page offers is checked above in a child's words; what the library still refuses (a
        # page sent by hand) is said in a short sentence too.
        status = error.status if isinstance(error, ApiError) else 422
        said = sentence(error.message if isinstance(error, ApiError) else str(error))
        if refusal is None and len(said.split()) > 16:
            said = gettext("These choices do not go together. Change one and try again.")
        message = refusal or said
        page = render_start(_start_options(request, message=message, form=form))
        return HTMLResponse(page, status_code=status)
    address = url("game", game_id=game_id)
    response: Response = (
        Response(status_code=204, headers={"HX-Redirect": address})
        if request.headers.get("hx-request")
        else RedirectResponse(address, status_code=303)
    )
    keep_class_code(response, request, code)
    return response


async def table_page(request: Request) -> Response:
    """The table of a game, as the pupil sees it (the whole page, or the table alone to htmx); once the deal is
    over, ``?trick=N`` shows trick N with the hands as they stood before it."""
    game_id = request.path_params["game_id"]
    game = await run_in_threadpool(load_game, request.app.state.store, game_id)
    view = pupil_view(game_id, game)
    trick = request.query_params.get("trick", "")
    if digits(trick) is not None:
        view["replay"] = replay_view(view, digits(trick))
    if request.headers.get("hx-request"):
        return HTMLResponse(render_table(view))
    return HTMLResponse(render_page(view))


async def step(request: Request) -> Response:
    """One decision the pupil does not take (the computer's, or the pupil's only card played for them), then
    the table, which asks for the next step while the next decision is not the pupil's."""
    game_id = request.path_params["game_id"]
    state = request.app.state

    def take() -> str:
        with state.locks.lock(game_id):
            game = load_game(state.store, game_id)
            before = game.phase
            if game.step():
                save_game(request, game_id, game)
                _note_deal(request, game_id, game, before)
            return render_table(pupil_view(game_id, game))

    return HTMLResponse(await run_in_threadpool(take))


async def tap(request: Request) -> Response:
    """The pupil's tap (a card, a contract, a declarer, the next deal, the same deal again); the new table at
    once (the computer's decisions follow step by step), or the same table with the reason a tap is refused."""
    game_id = request.path_params["game_id"]
    form = await request.form()
    body: dict[str, Any] = {
        key: str(value) for key, value in form.items() if key in ("card", "contract", "declarer", "points", "try_again")
    }
    for key in _SWITCHES:
        if key in form:
            body[key] = True
    state = request.app.state

    def take() -> tuple[str, int]:
        with state.locks.lock(game_id):
            game = load_game(state.store, game_id)
            before = game.phase
            try:
                hint = action_from(body)(game)
            except ApiError as error:
                view = pupil_view(game_id, load_game(state.store, game_id))
                view["message"] = sentence(error.message)
                return render_table(view), error.status
            save_game(request, game_id, game)
            _note_help(request, game, body)
            _note_deal(request, game_id, game, before)
            view = pupil_view(game_id, game)
            if hint is None:
                return render_table(view), 200
            view["hint"] = hint
            return render_table(view, selected=hint["card"]), 200

    html, status = await run_in_threadpool(take)
    return HTMLResponse(html, status_code=status)


def _start_options(request: Request, *, message: str | None = None, form: Any = None) -> dict[str, Any]:
    """What the start page offers; with the ``form`` sent, the choices made in it, kept beside the ``message``."""
    lessons = [
        {"number": n, "title": find_lesson(n).in_language().title, "allows": choices_allowed(n)}
        for n in lesson_numbers()
    ]
    return {
        "lessons": lessons,
        "class_code": not class_code_ok(request),
        "message": message,
        "events": open_events(request),
        "chosen": {name: str(form.get(name, "")) for name in START_CHOICES} if form is not None else {},
        "no_slams": [item["name"] for item in free_rules() if not choices_allowed(None, item["name"])["slam"]],
        "target_most": TARGET_MOST,
    }


TARGET_MOST = 9999
"""The highest score a pupil may play to from the start page."""


def _start_refusal(fields: dict[str, Any]) -> str | None:
    """Why the start page's choices (as :func:`_setup_fields` reads them) cannot start a game, in one short
    sentence a child reads; None when they can. The start page offers only choices that go together (see
    :func:`minibridge.classroom.setup.choices_allowed`), so these are said when a page is out of date or its script
    did not run."""
    target = fields.get("target")
    if target is not None and (not isinstance(target, int) or not 1 <= target <= TARGET_MOST):
        return gettext("Write a score from 1 to %(most)s, like 500.") % {"most": TARGET_MOST}
    rules = str(fields.get("rules", "ebu"))
    lesson = fields.get("lesson")
    if lesson is not None and (not isinstance(lesson, int) or lesson not in lesson_numbers()):
        return gettext("Choose one of the lessons on this page.")
    if lesson is None and rules not in {item["name"] for item in free_rules()}:
        return gettext("Choose one of the rules on this page.")
    allowed = choices_allowed(lesson, rules)
    if lesson is None and fields.get("slam") and not allowed["slam"]:
        return gettext("These rules have no slams. Take off Slams, or choose other rules.")
    if fields.get("three_handed") and fields.get("practice"):
        return gettext("Declare or defend is for four players.")
    if "deals" not in fields and not allowed["target"] and target is not None:
        return gettext("Lessons One and Two are played with a number of deals, not to a score.")
    if fields.get("three_handed") and not allowed["three_handed"]:
        return gettext("Three players can play from Lesson Three on.")
    if fields.get("practice") and not allowed["practice"]:
        return gettext("You can declare or defend from Lesson Three on.")
    return None


def _setup_fields(form: Any) -> dict[str, Any]:
    """The start form as the fields of a game's setup (``seed``, a hidden field, deals chosen cards; the players:
    four, or three by the simple or the normal variant; every hand, or the pupil declaring or defending each; how
    strong the computer plays, or empty as the lesson says). The score to play to counts only when "Play to a
    score" is chosen (``deals`` empty): a number typed in its box and left there is no second choice."""
    fields: dict[str, Any] = {"auto_single": bool(form.get("auto_single"))}
    for name in ("lesson", "deals", "target", "seed"):
        text = str(form.get(name, "")).strip()
        if name == "target" and "deals" in fields:
            continue
        if text:
            fields[name] = text if digits(text) is None else digits(text)
    for name in ("three_handed", "practice", "robots"):
        text = str(form.get(name, "")).strip()
        if text:
            fields[name] = text
    if "lesson" not in fields:
        fields["rules"] = str(form.get("rules", "ebu"))
        fields["slam"] = bool(form.get("slam"))
    return fields


# --- the JSON API ------------------------------------------------------------------------------------------------


async def create_game(request: Request) -> Response:
    """Start a game for a pupil: the computer plays up to the pupil's first decision."""
    body = await json_body(request)
    store: Store = request.app.state.store
    setup = prepared(request, setup_from(body, request.app.state.samples, store.switches()), body)

    def start() -> dict[str, Any]:
        try:
            game = PupilGame.start(setup)
        except MiniBridgeError as error:  # a setup that cannot be played is refused in words, never a 500
            raise ApiError(422, str(error)) from None
        data = game.to_data()
        return pupil_view(think_ahead(request, store.create_game(data), data), game)

    return JSONResponse(await run_in_threadpool(start), status_code=201)


async def show_game(request: Request) -> Response:
    """A game as the pupil sees it."""
    game_id = request.path_params["game_id"]
    game = await run_in_threadpool(load_game, request.app.state.store, game_id)
    return JSONResponse(pupil_view(game_id, game))


async def act(request: Request) -> Response:
    """The pupil's decision, then the computer's up to the pupil's next decision or the end of the deal."""
    game_id = request.path_params["game_id"]
    body = await json_body(request)
    action = action_from(body)
    state = request.app.state

    def take() -> dict[str, Any]:
        with state.locks.lock(game_id):
            game = load_game(state.store, game_id)
            before = game.phase
            hint = action(game)
            game.advance()
            save_game(request, game_id, game)
            _note_help(request, game, body)
            _note_deal(request, game_id, game, before)
            return hint if hint is not None else pupil_view(game_id, game)

    return JSONResponse(await run_in_threadpool(take))


# --- reading a request ------------------------------------------------------------------------------------------


def save_game(request: Request, game_id: str, game: PupilGame) -> None:
    """Keep the game as it now stands, and think ahead from there."""
    data = game.to_data()
    request.app.state.store.save_game(game_id, data)
    think_ahead(request, game_id, data)


def load_game(store: Store, game_id: str) -> PupilGame:
    """The game of that id, rebuilt from the store (404 when there is none)."""
    data = store.game(game_id)
    if data is None:
        raise ApiError(404, gettext("there is no such game: start a new one"))
    return PupilGame.from_data(data)


def action_from(body: dict[str, Any]) -> Callable[[PupilGame], dict[str, Any] | None]:
    """The pupil's action, checked when applied to the game: 409 at the wrong moment, 422 for a bad value. Applied,
    it gives the hint asked for (``{"card", "reason"}``), else None."""
    named = [key for key in _ACTIONS if key in body]
    if len(named) != 1 or len(body) != 1:
        raise ApiError(422, gettext("send one action: %(forms)s") % {"forms": _ACTION_FORMS})
    kind, value = named[0], body[named[0]]
    if kind in _SWITCHES:
        if value is not True:
            raise ApiError(422, _switch_form(kind))
    elif kind == "points":
        value = whole_number(value, "points", 0, 37)
    elif kind == "try_again":
        value = whole_number(value, "try_again", 0, 51)
    elif not isinstance(value, str):
        raise ApiError(
            422, gettext("write the %(kind)s as text, like %(forms)s") % {"kind": kind, "forms": _ACTION_FORMS}
        )

    def apply(game: PupilGame) -> dict[str, Any] | None:
        try:
            if kind in ("undo", "claim", "hint"):
                return _asked(game, kind)
            if kind == "try_again":
                _try_again(game, value)
            elif kind in ("next", "again"):
                _at_moment(game, "deal_over", gettext("the deal is not over yet"))
                game.next_deal(again=kind == "again")
            elif kind == "points":
                _at_moment(game, "count", gettext("there are no points to count now"))
                game.count_points(value)
            elif kind == "declarer":
                _at_moment(game, "declarer", gettext("there is no declarer for you to choose now"))
                game.choose_declarer(Seat.from_str(value))
            elif kind == "contract":
                _at_moment(game, "contract", gettext("it is not the moment for you to choose a contract"))
                game.choose_contract(Contract.from_str(value))
            else:
                _at_moment(game, "play", gettext("there is no card for you to play now"))
                game.play_card(Card.from_str(value))
        except MiniBridgeError as error:
            raise ApiError(422, str(error)) from None
        return None

    return apply


def _switch_form(kind: str) -> str:
    """How to send an action that is ``true``, in words."""
    if kind == "next":
        return gettext('to go on to the next deal, send {"next": true}')
    if kind == "undo":
        return gettext('to take back your last card, send {"undo": true}')
    if kind == "claim":
        return gettext('to claim the rest of the tricks, send {"claim": true}')
    if kind == "hint":
        return gettext('to ask for a hint, send {"hint": true}')
    return gettext('to play the same deal again, send {"again": true}')


def _asked(game: PupilGame, kind: str) -> dict[str, Any] | None:
    """A hint, taking back the pupil's last card, or claiming the rest of the tricks (409, saying why, when it
    cannot be); the hint given."""
    try:
        if kind == "hint":
            return game.hint().as_data()
        game.undo() if kind == "undo" else game.claim()
    except MiniBridgeError as refusal:
        raise ApiError(409, str(refusal)) from None
    return None


def _try_again(game: PupilGame, index: int) -> None:
    """Back to the position before the pupil's card ``index`` of the deal that is over (409, saying why, when it
    cannot be)."""
    try:
        game.try_again_from(index)
    except MiniBridgeError as refusal:
        raise ApiError(409, str(refusal)) from None


def _note_help(request: Request, game: PupilGame, body: dict[str, Any]) -> None:
    """Keep, for the teacher, a hint given or a card taken back, by the tablet's pupil (by nobody's name when
    another tablet holds that name)."""
    pupil = tablet_pupil(request)
    for kind in ("hint", "undo"):
        if kind in body:
            name = pupil if pupil and may_use_name(request, pupil) else ""
            request.app.state.store.record_help(name, game.setup.lesson, kind)


def _note_deal(request: Request, game_id: str, game: PupilGame, before: str) -> None:
    """Keep, for the teacher's reports and certificates, the deal a named pupil has just finished (the phase was
    ``before`` the action); nothing for a tablet without a name, or one whose name another tablet holds."""
    if before in _OVER or game.phase not in _OVER:
        return
    pupil = tablet_pupil(request)
    if not pupil or not may_use_name(request, pupil):
        return
    store: Store = request.app.state.store
    played = deal_played(game, pupil, store.clock().isoformat(timespec="seconds"))
    if played is not None:
        store.record_deal(game_id, game.deal_number, played)


def _at_moment(game: PupilGame, phase: str, message: str) -> None:
    """Refuse (409) an action at the wrong moment, saying why (at the end of the game, that it is over)."""
    if game.phase == "game_over":
        raise ApiError(409, gettext("the game is over: start a new one"))
    if game.phase != phase or (phase not in ("deal_over", "count") and not game.pupil_to_act):
        raise ApiError(409, message)


routes = [
    route("start", start_page, who=Who.ANYONE),
    route("games", start_game, who=Who.ANYONE, methods=["POST"], starts_game=True),
    route("game", table_page, who=Who.ANYONE),
    route("game_actions", tap, who=Who.ANYONE, methods=["POST"]),
    route("game_step", step, who=Who.ANYONE, methods=["POST"]),
    route("api_games", create_game, who=Who.CLASS, methods=["POST"], starts_game=True),
    route("api_game", show_game, who=Who.ANYONE),
    route("api_game_actions", act, who=Who.ANYONE, methods=["POST"]),
]
