"""The wording of everything printed: jinja2 templates in ``templates/`` (or a teacher's own folder).

Each template file holds macros, one per phrase; code asks for a phrase by file and name, so the words
can be changed (or translated) without touching the layout.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import jinja2
from markupsafe import Markup

from minibridge import language
from minibridge.cards import Seat
from minibridge.errors import MiniBridgeError, TemplateError
from minibridge.language import gettext
from minibridge.render.sandbox import MAX_OUTPUT, rendering, template_environment, template_error, template_place

__all__ = ["Wording", "wording", "markup", "rank_text"]

_PLAIN = (str, int, float, Enum, type(None))
"""The values a phrase made with is kept for: they cannot change after it is made (``bool`` is an ``int``; their
type is part of the key, so markup and text spelled the same are told apart)."""
_MOST_KEPT = 20_000
"""The most phrases kept at once (a few MB); all are let go when there are more."""


class Wording:
    """The phrases of one folder of templates, rendered in the sandbox (:mod:`minibridge.render.sandbox`).

    A phrase is reportlab paragraph markup: the values put in it are escaped, so "Tom & <Jerry>" prints as
    written; :meth:`plain` gives the text itself, for places that draw text rather than markup.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.env = template_environment(folder)
        self._said: dict[tuple[object, ...], str] = {}

    def __call__(self, template: str, phrase: str, **context: Any) -> str:
        """The phrase ``phrase`` of ``template``.j2, filled in with ``context``, whitespace tidied.

        A phrase filled in with plain values (text, numbers, seats …) is made once for each language and kept:
        a hand record asks for the same seat letter hundreds of times."""
        if not all(isinstance(value, _PLAIN) for value in context.values()):
            return self._make(template, phrase, context)
        key = (template, phrase, language.current(), *((k, type(v), v) for k, v in sorted(context.items())))
        said = self._said.get(key)
        if said is None:
            if len(self._said) >= _MOST_KEPT:
                self._said.clear()
            said = self._said[key] = self._make(template, phrase, context)
        return said

    def _make(self, template: str, phrase: str, context: dict[str, Any]) -> str:
        """The phrase ``phrase`` of ``template``.j2 made anew."""
        name = f"{template}.j2"
        fallback = str(self.folder / name)
        with rendering():
            try:
                module = self.env.get_template(name).module
            except jinja2.TemplateNotFound as err:
                if err.name != name:
                    raise template_error(self.env, err, self.folder, fallback) from None
                raise TemplateError(
                    gettext("the template '%(name)s' is missing from '%(folder)s'")
                    % {"name": name, "folder": self.folder}
                ) from None
            except Exception as err:  # every mistake of a template becomes one line
                raise template_error(self.env, err, self.folder, fallback) from None
            macro = getattr(module, phrase, None)
            if not isinstance(macro, jinja2.runtime.Macro):
                raise TemplateError(
                    gettext("the template '%(name)s' in '%(folder)s' has no phrase '%(phrase)s'")
                    % {"name": name, "folder": self.folder, "phrase": phrase}
                )
            try:
                text = str(macro(**context))
            except Exception as err:  # every mistake of a template becomes one line
                raise template_error(self.env, err, self.folder, fallback) from None
        if len(text) > MAX_OUTPUT:
            raise TemplateError(
                gettext("the phrase '%(phrase)s' makes more than %(most)s characters")
                % {"phrase": phrase, "most": MAX_OUTPUT},
                where=template_place(fallback),
            )
        text = " ".join(text.split())
        if ("<" in text or "&" in text) and not _is_markup(text):
            raise TemplateError(
                gettext("the phrase '%(phrase)s' is not paragraph markup: %(text)s")
                % {"phrase": phrase, "text": repr(text[:60])},
                where=template_place(fallback),
            )
        return Markup(text)

    def plain(self, template: str, phrase: str, **context: Any) -> str:
        """The phrase as text, not markup (``&`` rather than ``&amp;``)."""
        return str(Markup(self(template, phrase, **context)).unescape())

    def seat(self, seat: Seat) -> str:
        """The name of a seat in a sentence: ``North``."""
        return self("page", "seat", letter=seat.letter)

    def seat_letter(self, seat: Seat) -> str:
        """The letter of a seat on the compass of a hand record: ``N``."""
        return self("page", "seat_letter", letter=seat.letter)


def _is_markup(text: str) -> bool:
    """Reportlab can lay the text out as a paragraph (its tags close, its ``&`` are entities)."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus.paraparser import ParaParser

    try:
        return ParaParser().parse(text, ParagraphStyle("check"))[0] is not None
    except (ValueError, TypeError, KeyError):
        return False


@cache
def wording(folder: str | None = None) -> Wording:
    """The wording of a folder of templates (by default the templates that come with minibridge)."""
    path = Path(folder) if folder is not None else Path(str(files("minibridge.template_files")))
    if not path.is_dir():
        raise MiniBridgeError(gettext("'%(folder)s' is not a folder of templates") % {"folder": path})
    return Wording(path)


def markup(text: str) -> Markup:
    """Words the library writes (an exercise's answer, the blanks of the pupils' sheet) as paragraph markup for a
    phrase to lay out: ``&``, ``<`` and ``>`` escaped, quotes kept as the templates' own words keep them."""
    return Markup(escape(text))


def rank_text(rank: int, shared: bool, say: Callable[..., str]) -> str:
    """``2``, or ``2=`` (the ``shared`` phrase of ``say``) for a place shared with another pair."""
    return say("shared", rank=rank) if shared else str(rank)
