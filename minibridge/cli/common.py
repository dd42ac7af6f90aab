"""What the commands share: error reporting, JSON output, options, the rules in force and the progress bar.

Imported by every command, so it imports nothing heavy itself: a command that needs a lesson loads the
lessons when it reads one.
"""

from __future__ import annotations

import contextlib
import functools
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from minibridge import language
from minibridge.cards import Seat
from minibridge.errors import LessonError, MiniBridgeError, RuleError
from minibridge.language import gettext
from minibridge.reading import ReadingError, name, whole_number
from minibridge.rules import RULE_SETS, RuleSet, find_rules

if TYPE_CHECKING:
    from minibridge.lessons import Lesson

__all__ = [
    "reports_errors",
    "language_options",
    "error_line",
    "print_json",
    "seat_option_value",
    "rules_option",
    "slam_option",
    "json_option",
    "lessons_folder_option",
    "lesson_options",
    "lesson_from",
    "rules_in_force",
    "quiet_option",
    "progress_bar",
    "WholeNumber",
    "Name",
]

F = TypeVar("F", bound=Callable[..., Any])


class WholeNumber(click.ParamType):
    """A whole number given on the command line, from ``least`` to ``most``, read as every number from outside is
    (:func:`minibridge.reading.whole_number`): ASCII digits only, so ``٧`` or ``²`` is refused (exit 2)."""

    name = "integer"

    def __init__(self, least: int = 0, most: int = 10**9) -> None:
        self.least = least
        self.most = most

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        """The number, or a usage error that names the argument and the range."""
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        try:
            return whole_number(value, least=self.least, most=self.most, what=str(value))
        except ReadingError:
            self.fail(
                gettext("'%(text)s' is not a whole number from %(low)s to %(high)s")
                % {"text": str(value)[:20], "low": self.least, "high": self.most},
                param,
                ctx,
            )


class Name(click.ParamType):
    """A name given on the command line (a pupil's, a school's, a club's), read as every name from outside is
    (:func:`minibridge.reading.name`): spaces tidied, at most ``most`` letters, and no hidden or broken character
    (exit 2)."""

    name = "text"

    def __init__(self, most: int, *, empty: bool = False) -> None:
        self.most = most
        self.empty = empty

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        """The tidy name, or a usage error that says what is wrong with it."""
        what = param.opts[0] if param is not None and param.opts else self.name
        try:
            return name(value, most=self.most, what=what, empty=self.empty)
        except ReadingError as error:
            self.fail(str(error), param, ctx)


def reports_errors(command: F) -> F:
    """Turn the library's errors into a one-line message and exit status 1."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except MiniBridgeError as err:
            raise click.ClickException(str(err)) from None

    return wrapper  # type: ignore[return-value]


def language_options(command: F) -> F:
    """``--lang en|nl|da`` and ``--english-honours``: the language of everything the command prints or writes
    (by default the one given to the command's group, ``minibridge lessons --lang nl show 3``, else the locale's,
    English when the locale names none of them), for the whole command, its errors included."""

    @functools.wraps(command)
    def wrapper(*args: Any, lang: str | None, english_honours: bool, **kwargs: Any) -> Any:
        outer = _outer_language()
        code = lang or (outer.code if outer is not None else language.language_of_locale())
        honours = english_honours or (outer is not None and outer.english_honours)
        with language.speaking(code, english_honours=honours):
            try:
                return command(*args, **kwargs)
            except click.ClickException as err:
                raise _in_language(err) from None

    wrapper = click.option(
        "--english-honours",
        is_flag=True,
        help="Print the honours A K Q J even in Dutch (A H V B) or Danish (E K D B).",
    )(wrapper)
    wrapper = click.option(
        "--lang",
        type=click.Choice(list(language.LANGUAGES), case_sensitive=False),
        help="The language of the words: en (English), nl (Dutch), da (Danish). Default: the locale's (LANG).",
    )(wrapper)
    return wrapper  # type: ignore[return-value]


def _outer_language() -> language.Language | None:
    """The language given to the group a command runs in (``--lang`` before the command's name), if any."""
    context = click.get_current_context(silent=True)
    outer = context.parent if context is not None else None
    while outer is not None:
        if outer.params.get("lang"):
            return language.Language(outer.params["lang"], bool(outer.params.get("english_honours")))
        outer = outer.parent
    return None


class _Refusal(click.ClickException):
    """A command's error told in the language of the run: ``Fout: …``, ``Fejl: …`` (click writes ``Error:``)."""

    def __init__(self, message: str, line: str) -> None:
        super().__init__(message)
        self.line = line

    def show(self, file: Any = None) -> None:
        click.echo(self.line, file=file, err=file is None, color=self.show_color)


class _Misuse(click.UsageError):
    """Bad usage told in the language of the run; the usage line and the hint to ``--help`` stay as click
    writes them, in English like the help itself."""

    def __init__(self, message: str, line: str, ctx: click.Context | None) -> None:
        super().__init__(message, ctx)
        self.line = line

    def show(self, file: Any = None) -> None:
        ctx, color = self.ctx, None
        if ctx is not None:
            color = ctx.color
            names = ctx.command.get_help_option_names(ctx)
            hint = f"Try '{ctx.command_path} {max(names, key=len)}' for help.\n" if names else ""
            click.echo(f"{ctx.get_usage()}\n{hint}", file=file, err=file is None, color=color)
        click.echo(self.line, file=file, err=file is None, color=color)


def _in_language(err: click.ClickException) -> click.ClickException:
    """The same error, with its heading (``Error:``) in the language in use."""
    line = error_line(err.format_message())
    if isinstance(err, click.UsageError):
        return _Misuse(err.message, line, err.ctx or click.get_current_context(silent=True))
    return _Refusal(err.message, line)


def error_line(message: str) -> str:
    """``Error: …`` in the language in use, as a command's errors are written."""
    return gettext("Error: %(message)s") % {"message": message}


def print_json(data: Any) -> None:
    """Print data as indented JSON."""
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def seat_option_value(value: str | None) -> Seat | None:
    """The seat of an option value, or None."""
    if value is None:
        return None
    try:
        return Seat.from_str(value)
    except MiniBridgeError as err:
        raise click.BadParameter(err.message) from None


rules_option = click.option(
    "--rules",
    "rules_name",
    type=click.Choice(sorted(RULE_SETS), case_sensitive=False),
    help=(
        "Rule set: ebu (EBU MiniBridge, the default), lesson (MiniLessons Three and Four), nbb (Dutch), targets "
        "(by combined points). nbb and targets are the variants Lessons Five and Six name: give --rules in place "
        "of --lesson to play them."
    ),
)
slam_option = click.option(
    "--slam",
    is_flag=True,
    help=(
        "Allow slams (6 and 7 level, bonus 800): the slam variant Lessons Five and Six name; works with --lesson; "
        "not with the Dutch rules, which have none."
    ),
)
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of words.")
lessons_folder_option = click.option(
    "--lessons",
    "lessons_folder",
    type=click.Path(file_okay=False, path_type=Path),
    help="A folder of lesson files to use instead of the lessons that come with minibridge.",
)


def lesson_options(command: F) -> F:
    """``--lesson N|FILE`` and ``--lessons DIR``: play by a lesson's rules."""
    command = click.option(
        "--lesson",
        "lesson_ref",
        metavar="N|FILE",
        help="Apply the rules of MiniLesson N (1 to 6), or of a lesson file.",
    )(command)
    return lessons_folder_option(command)  # type: ignore[no-any-return]


def lesson_from(ref: str, folder: Path | None) -> Lesson:
    """The lesson named by ``--lesson``: a number from 1 to 6 or a lesson file."""
    from minibridge.lessons import find_lesson, load_lesson, not_a_lesson

    if ref.strip().isdigit():
        return find_lesson(int(ref), folder)
    if not Path(ref).exists():
        raise LessonError(not_a_lesson(ref, directory=folder))
    return load_lesson(Path(ref))


def rules_in_force(
    rules_name: str | None, slam: bool, lesson_ref: str | None = None, folder: Path | None = None
) -> tuple[RuleSet, Lesson | None]:
    """The rules chosen with ``--rules``, ``--lesson`` and ``--slam``, and the lesson if one was named."""
    if lesson_ref is not None and rules_name is not None:
        raise click.UsageError(gettext("give either --rules or --lesson: a lesson brings its own rules"))
    lesson = lesson_from(lesson_ref, folder) if lesson_ref is not None else None
    rules = lesson.rules if lesson is not None else find_rules(rules_name or "ebu")
    if slam:
        try:
            rules = rules.with_slam()
        except RuleError as err:
            raise click.UsageError(f"--slam: {err.message}") from None
    return rules, lesson


quiet_option = click.option("--quiet", "-q", is_flag=True, help="No progress bar.")


@contextlib.contextmanager
def progress_bar(length: int, label: str, *, quiet: bool) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on stderr, moved on by calling what it yields with the steps done.

    It yields None, and shows nothing, under ``--quiet``, when there is nothing to do, or when stderr is not
    a terminal (a pipe, a file, a test, CI): so the library can tell that nobody is watching.
    """
    if quiet or length == 0 or not sys.stderr.isatty():
        yield None
        return
    with click.progressbar(length=length, label=label, file=sys.stderr) as bar:
        yield bar.update
