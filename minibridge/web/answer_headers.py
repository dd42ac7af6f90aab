"""ASGI middleware that adds headers to every HTTP answer (pages, parts of pages, JSON, files and streams)."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["Headers", "AnswerHeaders"]

Headers = list[tuple[bytes, bytes]]
"""An answer's headers as ASGI gives them: lower-case names and values, in bytes."""


class AnswerHeaders:
    """Add to each answer the headers :meth:`extra` gives for its request."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_more(message: Message) -> None:
            if message["type"] == "http.response.start":
                given: Headers = list(message.get("headers", []))
                message = {**message, "headers": [*given, *self.extra(scope, given)]}
            await send(message)

        await self.app(scope, receive, send_more)

    def extra(self, scope: Scope, given: Headers) -> Headers:
        """The headers to add to the answer to the request of ``scope``, which has the headers ``given``."""
        raise NotImplementedError
