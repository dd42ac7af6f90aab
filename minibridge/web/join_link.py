"""The address the class's tablets open, with the class code filled in, and what the teacher's room and the class
screen show of it (the address, the code, the QR code to scan).

>>> join_address("http://192.168.1.23:8000", "K7MPX")
'http://192.168.1.23:8000/?code=K7MPX'
>>> join_address("http://127.0.0.1:8000", None)
'http://127.0.0.1:8000/'
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup
from starlette.requests import Request

from minibridge.classroom.joining import qr_svg
from minibridge.web.requests import pupils_address
from minibridge.web.urls import url

__all__ = ["join_address", "join_view"]


def join_address(base: str, code: str | None) -> str:
    """The start page at ``base`` (``http://ADDRESS:PORT``) with the class ``code`` filled in (where one is set):
    opened or scanned, it keeps the code on the tablet for the day."""
    return base + url("start", code=code)


def join_view(request: Request) -> dict[str, Any]:
    """How the pupils join, for a page: ``address`` (the start page as the tablets reach it), ``code`` (the class
    code, or None), ``join`` (the address with the code filled in) and ``qr`` (its QR code as an inline SVG, drawn
    by the library with the address escaped; None when the server listens on this computer only: no tablet could
    open it)."""
    base = pupils_address(request)
    code: str | None = request.app.state.class_code
    join = join_address(base, code)
    return {
        "address": base + url("start"),
        "code": code,
        "join": join,
        "qr": None if request.app.state.loopback else Markup(qr_svg(join)),
    }
