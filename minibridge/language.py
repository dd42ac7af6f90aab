"""The language of a run: English (the source of every word), Dutch or Danish, and its words, numbers and dates.

One home for it. The command line chooses it once (``--lang``, or the locale), the classroom server for each
request (the pupil's choice, or the browser's Accept-Language); the templates and the library read it through
:func:`gettext` and its kin, which look the words up in the gettext catalogues
``templates/locale/{nl,da}/LC_MESSAGES/messages.po``. A catalogue is read as it is, through Babel, the first
time its language is used: English needs nothing read and imports nothing, so ``minibridge score 3NT 9``
answers at once. The words every error of a file is made of live here too: the place (file, line, board) and the
list of a file's problems, so that a teacher fixes a file in one pass.

>>> with speaking("nl"):
...     ngettext("%(count)s trick", "%(count)s tricks", 2) % {"count": 2}, rank("Q"), strain("NT")
('2 slagen', 'V', 'ZT')
>>> with speaking("da", english_honours=True):
...     ngettext("%(count)s trick", "%(count)s tricks", 1) % {"count": 1}, rank("Q"), number(1020)
('1 stik', 'Q', '1.020')
>>> language_of_locale({"LANG": "da_DK.UTF-8"}), language_of_locale({"LC_ALL": "C", "LANG": "nl_NL"})
('da', 'en')
>>> from_accept_language("fr-CH, fr;q=0.9, nl;q=0.8, da;q=0.7")
'nl'
"""

from __future__ import annotations

import contextlib
import datetime
import os
from collections.abc import Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from io import BytesIO
from typing import TYPE_CHECKING

from minibridge.errors import MiniBridgeError

if TYPE_CHECKING:
    from gettext import NullTranslations

__all__ = [
    "Spoken",
    "LANGUAGES",
    "ENGLISH",
    "Language",
    "LanguageError",
    "find_language",
    "current",
    "use",
    "speaking",
    "language_of_locale",
    "from_accept_language",
    "gettext",
    "ngettext",
    "pgettext",
    "npgettext",
    "N_",
    "rank",
    "strain",
    "strain_letters",
    "contract",
    "number",
    "percent",
    "date",
    "moment",
    "calendar_date",
    "catalogue_path",
    "at_line",
    "at_board",
    "file_place",
    "problems_message",
    "raise_problems",
]


@dataclass(frozen=True)
class Spoken:
    """A language minibridge speaks: its own name for itself, and the locale whose numbers and dates it writes."""

    name: str
    locale: str


LANGUAGES: dict[str, Spoken] = {
    "en": Spoken("English", "en_GB"),
    "nl": Spoken("Nederlands", "nl_NL"),
    "da": Spoken("Dansk", "da_DK"),
}
"""The languages everything printed and shown comes in, by code (English as the EBU writes it). A new language is
its line here and its catalogue (``templates/locale/CODE/LC_MESSAGES/messages.po``): nothing else names it."""
ENGLISH = "en"
"""The language of the source text, and of a run whose locale names no other language."""


class LanguageError(MiniBridgeError):
    """A language minibridge does not speak."""


@dataclass(frozen=True)
class Language:
    """A language chosen for a run: its code and whether cards keep the English honours (A K Q J)."""

    code: str = ENGLISH
    english_honours: bool = False


_ENGLISH_RUN = Language()
_language: ContextVar[Language] = ContextVar("minibridge_language", default=_ENGLISH_RUN)


def find_language(code: str) -> str:
    """The code of a language minibridge speaks (``nl``, ``NL``, ``nl_NL.UTF-8`` all give ``nl``)."""
    found = _code_of(code)
    if found is None:
        known = ", ".join(f"{key} ({spoken.name})" for key, spoken in LANGUAGES.items())
        raise LanguageError(f"there is no language '{code}'; choose one of {known}")
    return found


def current() -> Language:
    """The language in use here and now."""
    return _language.get()


def use(code: str, *, english_honours: bool = False) -> Language:
    """Speak ``code`` from now on, in this run (or this request of the classroom server)."""
    language = Language(find_language(code), english_honours)
    _language.set(language)
    return language


@contextlib.contextmanager
def speaking(code: str, *, english_honours: bool = False) -> Iterator[Language]:
    """Speak ``code`` inside the ``with`` block, and the language before it afterwards."""
    token = _language.set(Language(find_language(code), english_honours))
    try:
        yield _language.get()
    finally:
        _language.reset(token)


def language_of_locale(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale names (``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``), English otherwise."""
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "").strip()
        if value:
            return _code_of(value) or ENGLISH
    return ENGLISH


def from_accept_language(header: str | None) -> str | None:
    """The language a browser's ``Accept-Language`` header prefers among ours, or None."""
    choices = []
    for position, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        code = _code_of(tag.strip().replace("-", "_"))
        if code is not None and weight > 0:
            choices.append((-weight, position, code))
    return min(choices)[2] if choices else None


def _code_of(text: str) -> str | None:
    """``nl`` from ``nl``, ``NL``, ``nl_BE``, ``nl_NL.UTF-8@euro``; None for a language we do not speak."""
    code = text.strip().split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
    return code if code in LANGUAGES else None


def catalogue_path(code: str) -> Traversable:
    """Where the catalogue of a language lies among the templates (a ``Traversable``)."""
    return files("minibridge.template_files").joinpath("locale", code, "LC_MESSAGES", "messages.po")


@cache
def _translations(code: str) -> NullTranslations:
    """The catalogue of a language, read from its ``.po`` file through Babel; fuzzy entries are left out."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    with catalogue_path(code).open("rb") as stream:
        catalog = read_po(stream, locale=code)
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled)


def gettext(message: str) -> str:
    """``message`` in the language in use."""
    code = _language.get().code
    return message if code == ENGLISH else _translations(code).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or the plural of a message as the language in use counts ``n`` (``1 stik``, ``2 stik``)."""
    code = _language.get().code
    if code == ENGLISH:
        return singular if n == 1 else plural
    return _translations(code).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, where ``context`` tells two uses of the same English apart."""
    code = _language.get().code
    return message if code == ENGLISH else _translations(code).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context."""
    code = _language.get().code
    if code == ENGLISH:
        return singular if n == 1 else plural
    return _translations(code).npgettext(context, singular, plural, n)


def N_(message: str) -> str:  # the usual name of the mark
    """Mark ``message`` for the catalogues where it is written; it is translated where it is used."""
    return message


def rank(letter: str) -> str:
    """A card's rank as this language's bridge books print it: Dutch A H V B, Danish E K D B for A K Q J
    (unless the English honours were asked for); a ten is ``10``."""
    if letter == "T":
        return "10"
    if letter not in "AKQJ" or _language.get().english_honours:
        return letter
    # TRANSLATORS: the ace, king, queen and jack as the language's bridge books print them, in this order.
    honours = pgettext("honours", "A K Q J").split()
    return honours["AKQJ".index(letter)] if len(honours) == 4 else letter


def strain(letter: str) -> str:
    """The short name of a strain in a printed contract: a suit's symbol, or no-trumps' letters (``NT``, Dutch
    ``ZT``, Danish ``UT``)."""
    return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}.get(letter) or strain_letters(letter)


def strain_letters(letter: str) -> str:
    """The letters of a strain in a contract typed or printed without symbols: ``S H D C NT``, Dutch and Danish
    ``S H R K`` with ``ZT`` or ``UT``."""
    # TRANSLATORS: a strain in a contract written short in letters, like 4S 4H 5D 5C 3NT.
    letters = {
        "S": pgettext("contract", "S"),
        "H": pgettext("contract", "H"),
        "D": pgettext("contract", "D"),
        "C": pgettext("contract", "C"),
        "NT": pgettext("contract", "NT"),
    }
    return letters.get(letter, letter)


def contract(level: int, strain_letter: str) -> str:
    """A contract as printed in the language: ``3NT``, ``3ZT``, ``3UT``; ``4♥`` in every language."""
    return f"{level}{strain(strain_letter)}"


def number(value: float, *, decimals: int | None = None) -> str:
    """A number as the language writes it (``1,020`` / ``1.020``; ``52.3`` / ``52,3``), through Babel.

    A whole number in English needs no Babel: Python writes it the same way.
    """
    code = _language.get().code
    if code == ENGLISH and decimals is None and isinstance(value, int):
        return f"{value:,}"
    from babel import Locale
    from babel.numbers import format_decimal, parse_pattern

    if decimals is None:
        return format_decimal(value, locale=LANGUAGES[code].locale)
    locale = Locale.parse(LANGUAGES[code].locale)
    pattern = parse_pattern(locale.decimal_formats[None].pattern)
    pattern.frac_prec = (decimals, decimals)
    return pattern.apply(value, locale)


def percent(value: float, *, decimals: int = 1) -> str:
    """A percentage (``value`` out of 100) as the language writes it: ``52.3%``, ``52,3%``, ``52,3 %``."""
    from babel import Locale
    from babel.numbers import parse_pattern

    locale = Locale.parse(LANGUAGES[_language.get().code].locale)
    pattern = parse_pattern(locale.percent_formats[None].pattern)
    pattern.frac_prec = (decimals, decimals)
    return pattern.apply(value / 100, locale)


def date(value: datetime.date) -> str:
    """A date as the language writes it in full: ``15 March 2024``, ``15 maart 2024``, ``15. marts 2024``."""
    from babel.dates import format_date

    return format_date(value, format="long", locale=LANGUAGES[_language.get().code].locale)


def moment(value: datetime.datetime) -> str:
    """A day and a time of day as the language writes them short: ``5 Mar 2024, 14:05``, ``5 mrt 2024, 14:05``."""
    if _language.get().code == ENGLISH:
        return f"{value.day} {value:%b %Y, %H:%M}"
    from babel.dates import format_datetime

    return format_datetime(value, "d MMM y, HH:mm", locale=LANGUAGES[_language.get().code].locale)


def calendar_date(year: int, month: int = 0, day: int = 0) -> str:
    """A date known in part as the language writes it: ``15 March 2024``, ``March 2024`` (no day), ``2024`` (no
    month); a month or day of 0 is not known."""
    if not month:
        return str(year)
    if day:
        return date(datetime.date(year, month, day))
    from babel.dates import format_skeleton

    return format_skeleton("yMMMM", datetime.date(year, month, 1), locale=LANGUAGES[_language.get().code].locale)


def at_line(line: int) -> str:
    """``line 12``: a line of a file, in the language in use (Dutch ``regel 12``, Danish ``linje 12``)."""
    return gettext("line %(line)s") % {"line": line}


def at_board(board: object) -> str:
    """``board 3``: a board of a file, in the language in use (Dutch ``spel 3``, Danish ``spil 3``)."""
    return gettext("board %(board)s") % {"board": board}


def file_place(source: object, *, line: int | None = None, board: object = None) -> str:
    """A place in a file in the language in use: the file, then its line and board when they are known.

    >>> file_place("club.pbn", line=12, board=3)
    'club.pbn, line 12, board 3'
    """
    parts = [str(source)]
    parts += [at_line(line)] if line else []
    parts += [at_board(board)] if board is not None else []
    return ", ".join(parts)


def problems_message(problems: Sequence[str], *, most: int | None = None) -> str:
    """Every problem in one message: the problem itself when there is one, else "N problems to fix:" and a list
    (in the language in use), cut short after ``most`` saying how many more there are.

    >>> print(problems_message(["line 2: no board", "line 5: no contract"]))
    2 problems to fix:
      line 2: no board
      line 5: no contract
    """
    if len(problems) == 1:
        return problems[0]
    shown = list(problems)
    if most is not None and len(shown) > most:
        more = len(problems) - most
        shown = [*shown[:most], ngettext("… and %(count)s more", "… and %(count)s more", more) % {"count": more}]
    count = len(problems)
    heading = ngettext("%(count)s problem to fix:", "%(count)s problems to fix:", count) % {"count": count}
    return heading + "\n" + "\n".join(f"  {p}" for p in shown)


def raise_problems(error: type[MiniBridgeError], problems: Sequence[str], *, most: int | None = None) -> None:
    """Raise ``error`` with every problem (see :func:`problems_message`); nothing when there are none."""
    if problems:
        raise error(problems_message(problems, most=most))
