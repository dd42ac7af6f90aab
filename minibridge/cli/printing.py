"""What the printing commands share: paper, templates and output files."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from minibridge.files import already_exists

if TYPE_CHECKING:
    from minibridge.render.text import Wording

__all__ = ["OUTPUT", "paper_option", "templates_option", "force_option", "words_from", "refuse_existing"]

OUTPUT = Path("output")
"""Where generated files go unless told otherwise."""

paper_option = click.option(
    "--paper",
    type=click.Choice(["a4", "letter"], case_sensitive=False),
    default="a4",
    show_default=True,
    help="Paper size.",
)
templates_option = click.option(
    "--templates",
    "templates_folder",
    type=click.Path(file_okay=False, path_type=Path),
    help="A folder of wording templates (*.j2) to use instead of the ones that come with minibridge.",
)
force_option = click.option("--force", is_flag=True, help="Replace the output file if it exists.")


def words_from(folder: Path | None) -> Wording:
    """The wording of ``--templates`` (or the templates that come with minibridge), checked before any work."""
    from minibridge.render.text import wording

    words = wording(str(folder) if folder is not None else None)
    words("page", "footer", title="", page=1)
    return words


def refuse_existing(path: Path, force: bool) -> None:
    """Stop before any work when the output file exists and ``--force`` was not given."""
    if path.exists() and not force:
        raise already_exists(path)
