"""What the printing commands share: paper, templates, output files, and the progress of double-dummy solving."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from minibridge.errors import AlreadyExistsError

if TYPE_CHECKING:
    from minibridge.render.text import Wording

__all__ = ["OUTPUT", "paper_option", "templates_option", "force_option", "quiet_option", "words_from",
           "refuse_existing", "solving_progress"]  # fmt: skip

F = TypeVar("F", bound=Callable[..., Any])

OUTPUT = Path("output")
"""Where generated files go unless told otherwise."""

paper_option = click.option(
    "--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4", show_default=True,
    help="Paper size.",
)  # fmt: skip
templates_option = click.option(
    "--templates", "templates_folder", type=click.Path(file_okay=False, path_type=Path),
    help="A folder of wording templates (*.j2) to use instead of the ones that come with minibridge.",
)  # fmt: skip
force_option = click.option("--force", is_flag=True, help="Replace the output file if it exists.")
quiet_option = click.option("--quiet", "-q", is_flag=True, help="No progress bar.")


def words_from(folder: Path | None) -> Wording:
    """The wording of ``--templates`` (or the templates that come with minibridge), checked before any work."""
    from minibridge.render.text import wording

    words = wording(str(folder) if folder is not None else None)
    words("page", "footer", title="", page=1)
    return words


def refuse_existing(path: Path, force: bool) -> None:
    """Stop before any work when the output file exists and ``--force`` was not given."""
    if path.exists() and not force:
        raise AlreadyExistsError(path)


@contextlib.contextmanager
def solving_progress(count: int, *, quiet: bool) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on the terminal (stderr) while deals are solved; nothing when quiet or not on a terminal."""
    if quiet or count == 0 or not sys.stderr.isatty():
        yield None
        return
    with click.progressbar(length=count, label="Solving deals double dummy", file=sys.stderr) as bar:
        yield bar.update
