"""The wording of everything printed: jinja2 templates in ``templates/`` (or a teacher's own folder).

Each template file holds macros, one per phrase; code asks for a phrase by file and name, so the words
can be changed (or translated) without touching the layout.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

import jinja2

from minibridge.cards import Seat
from minibridge.errors import MiniBridgeError

__all__ = ["Wording", "wording", "rank_text"]


class Wording:
    """The phrases of one folder of templates."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(folder)),
            autoescape=False,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=False,
        )

    def __call__(self, template: str, phrase: str, **context: Any) -> str:
        """The phrase ``phrase`` of ``template``.j2, filled in with ``context``, whitespace tidied."""
        try:
            module = self.env.get_template(f"{template}.j2").module
            macro = getattr(module, phrase)
        except jinja2.TemplateNotFound:
            raise MiniBridgeError(f"the template '{template}.j2' is missing from '{self.folder}'") from None
        except jinja2.TemplateSyntaxError as err:
            raise MiniBridgeError(f"{err.filename}, line {err.lineno}: {err.message}") from None
        except AttributeError:
            raise MiniBridgeError(f"the template '{template}.j2' in '{self.folder}' has no phrase '{phrase}'") from None
        try:
            text = str(macro(**context))
        except jinja2.UndefinedError as err:
            raise MiniBridgeError(f"the phrase '{phrase}' of '{template}.j2' uses {err.message}") from None
        return " ".join(text.split())

    def seat(self, seat: Seat) -> str:
        """The name of a seat in a sentence: ``North``."""
        return self("page", "seat", letter=seat.letter)

    def seat_letter(self, seat: Seat) -> str:
        """The letter of a seat on the compass of a hand record: ``N``."""
        return self("page", "seat_letter", letter=seat.letter)


@cache
def wording(folder: str | None = None) -> Wording:
    """The wording of a folder of templates (by default the templates that come with minibridge)."""
    path = Path(folder) if folder is not None else Path(str(files("minibridge.template_files")))
    if not path.is_dir():
        raise MiniBridgeError(f"'{path}' is not a folder of templates")
    return Wording(path)


def rank_text(rank: int, shared: bool, say: Callable[..., str]) -> str:
    """``2``, or ``2=`` (the ``shared`` phrase of ``say``) for a place shared with another pair."""
    return say("shared", rank=rank) if shared else str(rank)
