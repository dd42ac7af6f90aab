"""The language of each page: the one chosen on the page's language switch (kept in a cookie), else the one the
browser prefers (``Accept-Language``), else English. The pages' words come from the catalogues the printed
material uses (:mod:`minibridge.language`).

The switch is a link to the same page with ``?lang=nl``: the answer sets the cookie, so every later page (and
every htmx fragment) speaks that language.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any
from urllib.parse import urlencode

from starlette.datastructures import MutableHeaders
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from minibridge import language

__all__ = ["COOKIE", "LanguageChoice", "language_of", "language_links"]

COOKIE = "minibridge_lang"
"""The cookie that keeps the language chosen on the switch."""
_YEAR = 365 * 24 * 3600

_page: ContextVar[tuple[str, list[tuple[str, str]]]] = ContextVar("minibridge_page", default=("/", []))
"""The path and query (without ``lang``) of the page being answered, for the switch's links."""


def _known(code: str | None) -> str | None:
    """``code`` when minibridge speaks that language."""
    try:
        return language.find_language(code) if code else None
    except language.LanguageError:
        return None


class LanguageChoice:
    """ASGI middleware: answer each request in its language, and keep a language chosen with ``?lang=``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        connection = HTTPConnection(scope)
        asked = _known(connection.query_params.get("lang"))
        code = language_of(connection)

        async def answer(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["Content-Language"] = code
                headers.add_vary_header("Accept-Language")
                headers.add_vary_header("Cookie")
                if asked:
                    headers.append("Set-Cookie", f"{COOKIE}={asked}; Path=/; Max-Age={_YEAR}; SameSite=Lax")
            await send(message)

        query = [(key, value) for key, value in connection.query_params.multi_items() if key != "lang"]
        token = _page.set((connection.url.path, query))
        try:
            with language.speaking(code):
                await self.app(scope, receive, answer)
        finally:
            _page.reset(token)


def language_of(connection: HTTPConnection) -> str:
    """The language a request is answered in: the one asked for with ``?lang=``, else the cookie's, else the
    browser's, else English."""
    return (
        _known(connection.query_params.get("lang"))
        or _known(connection.cookies.get(COOKIE))
        or language.from_accept_language(connection.headers.get("accept-language"))
        or language.ENGLISH
    )


def language_links() -> list[dict[str, Any]]:
    """The language switch of the page being answered: each language's own name, the address of this page in
    it, and whether it is the language in use."""
    path, query = _page.get()
    now = language.current().code
    return [
        {
            "code": code,
            "name": spoken.name,
            "href": f"{path}?{urlencode([*query, ('lang', code)])}",
            "current": code == now,
        }
        for code, spoken in language.LANGUAGES.items()
    ]
