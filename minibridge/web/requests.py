"""What every route reads from a request and how it refuses one: the refusal with its status (:class:`ApiError`),
the JSON body, where a post came from, this server's address for the class's tablets, and refusals in words."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote

from starlette.requests import Request

from minibridge import reading
from minibridge.language import N_, gettext
from minibridge.reading import ReadingError
from minibridge.web.server import is_loopback, local_address

__all__ = [
    "ApiError",
    "attachment",
    "KIND_WORDS",
    "same_origin",
    "json_body",
    "given_name",
    "query_number",
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
    """A whole number sent as JSON or typed in a form, read by :func:`minibridge.reading.whole_number`, from
    ``low`` to ``high``; refused (422) in words otherwise.

    >>> whole_number("12", "points", 0, 37), whole_number(7, "points", 0, 37)
    (12, 7)
    """
    try:
        return reading.whole_number(value, least=low, most=high, what=name)
    except ReadingError as error:
        raise ApiError(422, error.message) from None


def given_name(value: Any, name: str, most: int, *, empty: bool = False) -> str:
    """A name sent as JSON or typed in a form, read by :func:`minibridge.reading.name`; refused (422) in words
    when it holds a character no name may hold, is too long, or is empty (unless ``empty``)."""
    try:
        return reading.name(value, most=most, what=name, empty=empty)
    except ReadingError as error:
        raise ApiError(422, error.message) from None


def query_number(request: Request, key: str, low: int, high: int) -> int | None:
    """The whole number in the query string's ``key``, None when it is not given or empty; refused (422) in
    words when it is not a whole number from ``low`` to ``high``."""
    text = request.query_params.get(key, "")
    return whole_number(text, key, low, high) if text.strip() else None


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
    try:
        reading.refuse_bad_text(value)
    except ReadingError as error:
        raise ApiError(422, error.message) from None
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


def attachment(name: str) -> str:
    """The ``Content-Disposition`` of a file to download under ``name``, whatever its letters: an ASCII name for
    old browsers, and the real one in UTF-8 (RFC 6266's ``filename*``) when it is not plain ASCII.

    >>> print(attachment("Пётр-results.txt"))
    attachment; filename="results.txt"; filename*=UTF-8''%D0%9F%D1%91%D1%82%D1%80-results.txt
    """
    plain = re.sub(r"[^A-Za-z0-9 ._()-]", "", name).strip(" .-") or "download"
    if plain == name:
        return f'attachment; filename="{name}"'
    if "." in name and "." not in plain.lstrip("."):
        plain = "download" + name[name.rindex(".") :]
    plain = re.sub(r"^[^A-Za-z0-9]+", "", plain) or "download"
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(name, safe='')}"


def sentence(text: str) -> str:
    """A message as a sentence for a page: a capital first, a full stop last.

    >>> sentence("there is no such game: start a new one")
    'There is no such game: start a new one.'
    """
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
