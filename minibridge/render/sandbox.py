"""The one jinja2 environment for templates from anyone: the sandbox, bounded output, one-line errors.

A folder of templates may come from a colleague or the internet. Templates render in jinja2's immutable
sandbox (no reaching Python's internals), values are escaped (HTML for the web pages, reportlab's paragraph
markup for print: the same ``&``, ``<``, ``>``), loops and repeated text are bounded, a template file is read
only when it is UTF-8 text of sensible size, and every mistake becomes one :class:`TemplateError` line naming
the template file and its line.

The words are translated through jinja2's i18n extension (``{% trans %}``, ``_()``), from the catalogues of
:mod:`minibridge.language` in the language in use when a phrase is rendered; numbers, percentages and dates
go through its filters ``number`` and ``percent`` and its function ``calendar_date``.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import jinja2
from jinja2.loaders import split_template_path
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError
from markupsafe import Markup

from minibridge import language
from minibridge.errors import TemplateError
from minibridge.language import at_line, gettext

__all__ = [
    "MAX_TEMPLATE_BYTES",
    "MAX_RANGE",
    "MAX_OUTPUT",
    "template_environment",
    "rendering",
    "template_place",
    "template_error",
]

MAX_TEMPLATE_BYTES = 256 * 1024
"""The largest template file read."""
MAX_RANGE = 10_000
"""The most numbers one ``range`` gives, and the most all the ranges of one rendering give together × 10."""
MAX_OUTPUT = 200_000
"""The most characters of text one rendering (one phrase, one page) may make."""

_budget: ContextVar[list[int] | None] = ContextVar("template_budget", default=None)


class _Loader(jinja2.BaseLoader):
    """Templates from one folder, read only when they are UTF-8 text no larger than :data:`MAX_TEMPLATE_BYTES`."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        path = self.folder.joinpath(*split_template_path(template))
        if not path.is_file():
            raise jinja2.TemplateNotFound(template)
        try:
            with path.open("rb") as stream:
                data = stream.read(MAX_TEMPLATE_BYTES + 1)
        except OSError as err:
            raise TemplateError(
                gettext("cannot be read (%(reason)s)") % {"reason": err.strerror}, where=template_place(path)
            ) from None
        if len(data) > MAX_TEMPLATE_BYTES:
            raise TemplateError(
                gettext("is larger than %(size)s KB; it is not a template") % {"size": MAX_TEMPLATE_BYTES // 1024},
                where=template_place(path),
            )
        try:
            source = data.decode("utf-8")
        except UnicodeDecodeError as err:
            raise TemplateError(
                gettext("is not UTF-8 text (byte %(byte)s); save it as UTF-8") % {"byte": err.start + 1},
                where=template_place(path),
            ) from None
        mtime = path.stat().st_mtime
        return source, str(path), lambda: path.is_file() and path.stat().st_mtime == mtime


def _spend(amount: int) -> None:
    """Count ``amount`` against the rendering's budget; refuse when it is spent."""
    budget = _budget.get()
    if budget is None:
        return
    budget[0] -= amount
    if budget[0] < 0:
        raise SecurityError(
            gettext("the template makes more than %(most)s characters or loops too long") % {"most": MAX_OUTPUT}
        )


def _range(*args: int) -> range:
    """``range`` of at most :data:`MAX_RANGE` numbers."""
    numbers = range(*args)
    if len(numbers) > MAX_RANGE:
        raise SecurityError(gettext("range gives more than %(most)s numbers") % {"most": MAX_RANGE})
    _spend(len(numbers) * 20)
    return numbers


def _finalize(value: Any) -> Any:
    """Every value printed counts against the rendering's budget."""
    _spend(len(str(value)) if isinstance(value, (str, Markup)) else 8)
    return value


class _Environment(ImmutableSandboxedEnvironment):
    """The sandbox, with repetition (``"x" * n``) and powers bounded."""

    intercepted_binops = frozenset({"*", "**"})

    def call_binop(self, context: jinja2.runtime.Context, operator: str, left: Any, right: Any) -> Any:
        if operator == "**":
            if isinstance(right, (int, float)) and abs(right) > 100:
                raise SecurityError(gettext("a power greater than 100"))
            return left**right
        for text, times in ((left, right), (right, left)):
            if isinstance(text, (str, list, tuple)) and isinstance(times, int) and len(text) * times > MAX_OUTPUT:
                raise SecurityError(gettext("text repeated to more than %(most)s characters") % {"most": MAX_OUTPUT})
        return left * right


def template_environment(folder: str | Path) -> ImmutableSandboxedEnvironment:
    """The sandboxed environment of a folder of templates, values escaped: as HTML for the web pages, as
    reportlab's paragraph markup for print (the same characters: ``&``, ``<``, ``>``, quotes); its words in
    the language in use (:mod:`minibridge.language`)."""
    env = _Environment(
        loader=_Loader(folder),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        finalize=_finalize,
        extensions=["jinja2.ext.i18n"],
    )
    env.policies["ext.i18n.trimmed"] = True
    env.install_gettext_callables(  # type: ignore[attr-defined]
        language.gettext,
        language.ngettext,
        newstyle=True,
        pgettext=language.pgettext,
        npgettext=language.npgettext,
    )
    env.globals["range"] = _range
    env.globals.pop("lipsum", None)
    env.filters["number"] = _number
    env.filters["percent"] = language.percent
    env.globals["calendar_date"] = language.calendar_date
    return env


def _number(value: float, decimals: int | None = None) -> str:
    """A number as the language in use writes it (``1,020``; ``1.020``)."""
    return language.number(value, decimals=decimals)


class rendering:
    """A context in which one rendering spends a fresh budget of output and loops."""

    def __enter__(self) -> None:
        self._token = _budget.set([MAX_OUTPUT])

    def __exit__(self, *exc: object) -> None:
        _budget.reset(self._token)


def _frames(err: BaseException) -> Iterator[tuple[str, int]]:
    for frame in traceback.extract_tb(err.__traceback__):
        if frame.lineno is not None:
            yield frame.filename, frame.lineno


def template_place(name: object, line: int | None = None) -> str:
    """``template FILE, line N``: where in a template a mistake is, in the language in use."""
    place = gettext("template %(file)s") % {"file": name}
    return f"{place}, {at_line(line)}" if line else place


def template_error(env: jinja2.Environment, err: BaseException, folder: str | Path, fallback: str) -> TemplateError:
    """One line for a mistake of a template: ``template FILE, line N: what is wrong``."""
    if isinstance(err, TemplateError):
        return err
    if isinstance(err, jinja2.TemplateSyntaxError):
        return TemplateError(_one_line(err.message), where=template_place(err.filename or fallback, err.lineno))
    try:
        env.handle_exception()  # the traceback with template files and their lines
    except BaseException as rewritten:  # the very error, its frames rewritten
        err = rewritten
    folder = str(folder)
    places = [(name, line) for name, line in _frames(err) if name.startswith(folder) or name.endswith(".j2")]
    name, line = places[-1] if places else (fallback, None)
    return TemplateError(_what(err), where=template_place(name, line))


def _what(err: BaseException) -> str:
    """What is wrong, in the language in use (jinja2's own words, in English, where they are all there is)."""
    if isinstance(err, jinja2.TemplateNotFound):
        return gettext("includes '%(name)s', which is not in the folder of templates") % {"name": err.name}
    if isinstance(err, RecursionError):
        return gettext("a macro calls itself without end")
    if isinstance(err, MemoryError):
        return gettext("needs more memory than a page of text can")
    if isinstance(err, SecurityError):
        return gettext("not allowed: %(what)s") % {"what": _one_line(str(err))}
    if isinstance(err, jinja2.UndefinedError):
        return gettext("uses %(what)s") % {"what": _one_line(err.message or str(err))}
    if isinstance(err, ZeroDivisionError):
        return gettext("divides by zero")
    if isinstance(err, TypeError):
        return gettext("mixes things that do not go together (%(what)s): text and numbers, for example") % {
            "what": _one_line(str(err))
        }
    return _one_line(f"{err.__class__.__name__}: {err}")


def _one_line(text: str | None) -> str:
    text = " ".join(str(text or "").split())
    return text if len(text) <= 200 else text[:199] + "…"
