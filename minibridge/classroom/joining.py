"""How the class joins the teacher's classroom server: the class code of the day, the teacher's link kept from one
start to the next, and the QR code pupils scan (drawn here, with no network).

The class code is short and easy for a child to type: five capital letters and digits, none that looks like another
(no 0 and O, no 1, I and L). It is kept in the data folder for the day, so the server started again the same day
keeps it (and the tablets that keep it in a cookie stay in); a new day brings a new code. The teacher's token is kept
there too, so the teacher's bookmark still works after a restart, until the teacher asks for a new one. Both files are
the user's alone (mode 0600).

>>> len(new_class_code()), set(new_class_code()) <= set(CODE_LETTERS)
(5, True)
>>> "O" in CODE_LETTERS or "0" in CODE_LETTERS or "I" in CODE_LETTERS or "1" in CODE_LETTERS or "L" in CODE_LETTERS
False
"""

from __future__ import annotations

import html
import io
import json
import secrets
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from minibridge.files import write_atomic

if TYPE_CHECKING:
    import segno

__all__ = [
    "CODE_LETTERS",
    "CODE_FILE",
    "TOKEN_FILE",
    "new_class_code",
    "class_code_of_the_day",
    "teacher_token_kept",
    "session_secret_kept",
    "qr_code",
    "qr_svg",
    "qr_text",
]

CODE_LETTERS = "ACDEFHJKMNPRTWXY34679"
"""Letters and digits a child cannot mistake for one another."""
CODE_LENGTH = 5
"""How many letters and digits a class code has."""
CODE_FILE = "class-code.json"
"""The file in the data folder that keeps the class code of the day: ``{"day": "2026-11-27", "code": "K7MPX"}``."""
TOKEN_FILE = "teacher-token.txt"
"""The file in the data folder that keeps the secret of the teacher's link."""
SESSION_FILE = "session-secret.txt"
"""The file in the data folder that keeps the secret the server signs the teacher's session with."""
_PRIVATE = 0o600


def new_class_code() -> str:
    """A random class code of five letters and digits that cannot be mistaken for one another."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def class_code_of_the_day(folder: Path, today: date | None = None) -> str:
    """The class code kept in ``folder`` for ``today`` (by default the computer's date), or a new one, then kept.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> first = class_code_of_the_day(folder, date(2026, 11, 27))
    >>> class_code_of_the_day(folder, date(2026, 11, 27)) == first
    True
    """
    day = (today or date.today()).isoformat()
    kept = _read(folder / CODE_FILE)
    try:
        found = json.loads(kept) if kept else {}
    except ValueError:
        found = {}
    code = found.get("code") if isinstance(found, dict) and found.get("day") == day else None
    if isinstance(code, str) and len(code) == CODE_LENGTH and set(code) <= set(CODE_LETTERS):
        return code
    code = new_class_code()
    write_atomic(folder / CODE_FILE, json.dumps({"day": day, "code": code}) + "\n", overwrite=True, mode=_PRIVATE)
    return code


def teacher_token_kept(folder: Path, *, new: bool = False) -> str:
    """The secret of the teacher's link kept in ``folder``; a new one, then kept, when there is none yet or ``new``
    asks for it (the old link stops working)."""
    token = "" if new else _read(folder / TOKEN_FILE).strip()
    if len(token) >= 16 and token.replace("-", "").replace("_", "").isalnum():
        return token
    token = secrets.token_urlsafe(16)
    write_atomic(folder / TOKEN_FILE, token + "\n", overwrite=True, mode=_PRIVATE)
    return token


def session_secret_kept(folder: Path) -> bytes:
    """The secret this server signs the teacher's session with, kept in ``folder`` (a new one, then kept, when there
    is none yet), so the teacher's session outlives a restart of the server."""
    secret = _read(folder / SESSION_FILE).strip()
    if len(secret) < 32 or not secret.replace("-", "").replace("_", "").isalnum():
        secret = secrets.token_urlsafe(32)
        write_atomic(folder / SESSION_FILE, secret + "\n", overwrite=True, mode=_PRIVATE)
    return secret.encode()


def qr_code(address: str) -> segno.QRCode:
    """The QR code of ``address`` (always a full QR code, never a micro one, which phones do not read)."""
    import segno  # only the classroom server draws QR codes: the other commands do not load it

    return segno.make_qr(address, error="m")


def qr_svg(address: str) -> str:
    """The QR code of ``address`` as an inline SVG that fills the box the page gives it, named by the address for
    those who do not see it (``role="img"``, ``aria-label``)."""
    svg = qr_code(address).svg_inline(scale=1, border=2, dark="#000", light="#fff", omitsize=True, svgclass="qr")
    label = html.escape(address, quote=True)
    return svg.replace("<svg ", f'<svg role="img" aria-label="{label}" ', 1)


def qr_text(address: str) -> str:
    """The QR code of ``address`` drawn with block characters for a terminal, two rows of modules a line."""
    out = io.StringIO()
    qr_code(address).terminal(out=out, compact=True, border=2)
    return out.getvalue().rstrip("\n")


def _read(path: Path) -> str:
    """The text of ``path``, or "" when it cannot be read (none yet, or damaged: a new one is made)."""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""
