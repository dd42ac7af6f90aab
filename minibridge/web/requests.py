"""What every route reads from a request and how it refuses one: the refusal with its status (:class:`ApiError`),
the JSON body, where a post came from, this server's address for the class's tablets, and refusals in words."""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request

from minibridge.language import N_, gettext
from minibridge.web.server import is_loopback, local_address

__all__ = [
    "ApiError",
    "KIND_WORDS",
    "same_origin",
    "json_body",
    "pupils_address",
    "should_be",
    "sentence",
    "whole_number",
]

KIND_WORDS = {int: N_("a whole number"), str: N_("text"), bool: N_("true or false")}
"""The kinds of value a field may take, in words (marked for translation: ``gettext`` them)."""


class ApiError(Exception):
    """A request refused: its HTTP status and the reason in plain words."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def should_be(name: str, form: str) -> str:
    """That a field of a request has a value of the wrong kind: ``'deals' should be a whole number``."""
    return gettext("'%(name)s' should be %(form)s") % {"name": name, "form": form}


def whole_number(value: Any, name: str, low: int, high: int) -> int:
    """A whole number sent as JSON or typed in a form (ASCII digits only, at most six), from ``low`` to ``high``;
    refused (422) in words otherwise.

    >>> whole_number("12", "points", 0, 37), whole_number(7, "points", 0, 37)
    (12, 7)
    """
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() and len(value.strip()) <= 6:
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ApiError(
            422,
            gettext("'%(name)s' should be a whole number from %(low)s to %(high)s")
            % {"name": name, "low": low, "high": high},
        )
    return value


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


def sentence(text: str) -> str:
    """A message as a sentence for a page: a capital first, a full stop last.

    >>> sentence("there is no such game: start a new one")
    'There is no such game: start a new one.'
    """
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
