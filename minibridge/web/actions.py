"""What the classroom's requests share: the refusal with its status, a request's JSON body, a game loaded from the
store, a game's setup and a pupil's action read from a request's fields, one lock per game."""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Callable
from typing import Any

from starlette.requests import Request

from minibridge.cards import Card, Seat
from minibridge.classroom import GameSetup, PupilGame
from minibridge.contract import Contract
from minibridge.errors import MiniBridgeError
from minibridge.language import N_, gettext
from minibridge.web.server import is_loopback, local_address
from minibridge.web.store import Store

__all__ = [
    "ApiError",
    "GameLocks",
    "load_game",
    "setup_from",
    "action_from",
    "same_origin",
    "json_body",
    "pupils_address",
    "no_lesson",
    "should_be",
]

_ACTIONS = ("declarer", "contract", "card", "next", "again")
_ACTION_FORMS = '{"card": "SA"}, {"contract": "4S"}, {"declarer": "N"}, {"next": true} or {"again": true}'
_SETUP_FIELDS: dict[str, type] = {
    "lesson": int,
    "rules": str,
    "slam": bool,
    "deals": int,
    "target": int,
    "seed": int,
    "auto_single": bool,
    "three_handed": str,
}
_KIND_WORDS = {int: N_("a whole number"), str: N_("text"), bool: N_("true or false")}


class ApiError(Exception):
    """A request refused: its HTTP status and the reason in plain words."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class GameLocks:
    """One lock per game id, so that two requests for one game never interleave."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[str, threading.Lock] = {}

    def lock(self, game_id: str) -> threading.Lock:
        """The lock of a game."""
        with self._guard:
            return self._locks.setdefault(game_id, threading.Lock())


def load_game(store: Store, game_id: str) -> PupilGame:
    data = store.game(game_id)
    if data is None:
        raise ApiError(404, gettext("there is no such game: start a new one"))
    return PupilGame.from_data(data)


def setup_from(body: dict[str, Any], samples: int) -> GameSetup:
    """A game's setup from the fields given; a seed is drawn at random when none is given."""
    fields: dict[str, Any] = {}
    for name, value in body.items():
        kind = _SETUP_FIELDS.get(name)
        if kind is None:
            raise ApiError(
                422,
                gettext("'%(name)s' is not a setting of a game; the settings are %(names)s")
                % {"name": name, "names": ", ".join(_SETUP_FIELDS)},
            )
        if value is None:
            continue
        if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
            raise ApiError(422, should_be(name, gettext(_KIND_WORDS[kind])))
        fields[name] = value
    fields.setdefault("seed", secrets.randbelow(2**31))
    try:
        return GameSetup(**fields, samples=samples)
    except MiniBridgeError as error:
        raise ApiError(422, str(error)) from None


def action_from(body: dict[str, Any]) -> Callable[[PupilGame], None]:
    """The pupil's action, checked when applied to the game: 409 at the wrong moment, 422 for a bad value."""
    named = [key for key in _ACTIONS if key in body]
    if len(named) != 1 or len(body) != 1:
        raise ApiError(422, gettext("send one action: %(forms)s") % {"forms": _ACTION_FORMS})
    kind, value = named[0], body[named[0]]
    if kind in ("next", "again"):
        if value is not True:
            if kind == "next":
                raise ApiError(422, gettext('to go on to the next deal, send {"next": true}'))
            raise ApiError(422, gettext('to play the same deal again, send {"again": true}'))
    elif not isinstance(value, str):
        raise ApiError(
            422, gettext("write the %(kind)s as text, like %(forms)s") % {"kind": kind, "forms": _ACTION_FORMS}
        )

    def apply(game: PupilGame) -> None:
        try:
            if kind in ("next", "again"):
                _at_moment(game, "deal_over", gettext("the deal is not over yet"))
                game.next_deal(again=kind == "again")
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

    return apply


def _at_moment(game: PupilGame, phase: str, message: str) -> None:
    """Refuse (409) an action at the wrong moment, saying why (at the end of the game, that it is over)."""
    if game.phase == "game_over":
        raise ApiError(409, gettext("the game is over: start a new one"))
    if game.phase != phase or (phase != "deal_over" and not game.pupil_to_act):
        raise ApiError(409, message)


def should_be(name: str, form: str) -> str:
    """That a field of a request has a value of the wrong kind: ``'deals' should be a whole number``."""
    return gettext("'%(name)s' should be %(form)s") % {"name": name, "form": form}


def no_lesson(number: int) -> str:
    """That an address names a lesson there is not."""
    return gettext("there are six MiniLessons, 1 to 6: there is no lesson %(number)s") % {"number": number}


def same_origin(request: Any) -> None:
    """Refuse a post from another site's page (a cross-site request): its Origin, when sent, names this server."""
    origin = request.headers.get("origin")
    if origin is not None and origin.split("://", 1)[-1] != request.headers.get("host"):
        raise ApiError(403, gettext("this request did not come from the classroom's own pages"))


async def json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object ({} for an empty body)."""
    body = await request.body()
    if not body.strip():
        return {}
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise ApiError(415, gettext("send the request as JSON, with the header Content-Type: application/json"))
    try:
        value = json.loads(body)
    except ValueError:
        raise ApiError(400, gettext("the request is not valid JSON")) from None
    if not isinstance(value, dict):
        raise ApiError(422, gettext("send a JSON object: its fields between { and }"))
    return value


def pupils_address(request: Request) -> str:
    """This server's address as the class's tablets reach it: the teacher's own, unless the teacher opened
    the page on this computer (``127.0.0.1``) while the server listens on the school's network."""
    host = request.url.hostname or "127.0.0.1"
    if not request.app.state.loopback and is_loopback(host):
        host = local_address("0.0.0.0")
    shown = f"[{host}]" if ":" in host else host
    return f"{request.url.scheme}://{shown}" + (f":{request.url.port}" if request.url.port else "")
